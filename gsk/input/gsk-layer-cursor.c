/* gsk-layer-cursor.c: the cursor a layer shows under the pointer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-input.h"
#include "gsk-layer-input-private.h"
#include "gsk-layer.h"

static GQuark cursor_quark;

/**
 * gsk_layer_set_cursor:
 * @self: a layer
 * @name: (nullable): a cursor name as `gdk_cursor_new_from_name()` takes
 *   it (CSS cursor names: "pointer", "text", "grab", …), or %NULL for
 *   the cursor of the layer below
 *
 * Sets the cursor the host shows while the pointer is over @self, unless
 * a hovered descendant sets its own: see
 * [method@Layer.get_pointer_cursor].
 *
 * Since: 0.1
 */
void
gsk_layer_set_cursor (GskLayer   *self,
                      const char *name)
{
  g_return_if_fail (GSK_IS_LAYER (self));

  if (G_UNLIKELY (cursor_quark == 0))
    cursor_quark = g_quark_from_static_string ("gsk-layer-cursor");

  g_object_set_qdata_full (G_OBJECT (self), cursor_quark, g_strdup (name), g_free);
}

/**
 * gsk_layer_get_cursor:
 * @self: a layer
 *
 * Gives the cursor name set with [method@Layer.set_cursor]. The cursor
 * to show under the pointer is [method@Layer.get_pointer_cursor]'s.
 *
 * Returns: (transfer none) (nullable): the cursor name set on @self, or
 *   %NULL if none is
 *
 * Since: 0.1
 */
const char *
gsk_layer_get_cursor (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return cursor_quark ? g_object_get_qdata (G_OBJECT (self), cursor_quark) : NULL;
}

/**
 * gsk_layer_get_pointer_cursor:
 * @root: a top level
 *
 * Gives the cursor to show: that of the deepest hovered layer that sets
 * one (under a grab, of the grabbing layer or its ancestors), as of the
 * last event or [method@Layer.update_hover]. A host calls it after
 * dispatching pointer events, and sets the cursor when it changed.
 *
 * Returns: (nullable): a cursor name, or %NULL for the default cursor
 *
 * Since: 0.1
 */
const char *
gsk_layer_get_pointer_cursor (GskLayer *root)
{
  GskLayerInputState *state;

  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);

  state = gsk_layer_input_peek_state (root);
  if (state == NULL)
    return NULL;

  for (guint i = state->hovered->len; i-- > 0; )
    {
      const char *name = gsk_layer_get_cursor (state->hovered->pdata[i]);

      if (name)
        return name;
    }

  return NULL;
}
