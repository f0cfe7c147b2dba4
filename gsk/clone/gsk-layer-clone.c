/* gsk-layer-clone.c: a layer that shows another layer's tree again
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-clone.h"
#include "gsk-layer-private.h"

/**
 * GskLayerClone:
 *
 * A layer that shows another layer, its source, with all its tree, as
 * it is now: the live copy of `ClutterClone`, for reflections,
 * thumbnails of windows, or a layer shown in two places.
 *
 * The source is drawn again where the clone is, with the clone's
 * transform, opacity, style and mask, scaled from the source's size to
 * the clone's (when both have one); the source's own position and
 * transform are left out. Nothing of the tree is copied: each frame
 * draws the source's layers again, so that a clone shows every change
 * and animation of its source as it happens. A hidden source is drawn
 * in its clones all the same.
 *
 * The clone's own background and children are drawn below and above
 * the copy. A clone is picked as one layer, not as its source's parts.
 *
 * A source cannot be an ancestor of its clone. Clones of clones are
 * drawn four deep at most.
 *
 * Since: 0.1
 */
struct _GskLayerClone
{
  GskLayer parent_instance;
};

enum {
  PROP_0,
  PROP_SOURCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerClone, gsk_layer_clone, GSK_TYPE_LAYER)

static void
gsk_layer_clone_dispose (GObject *object)
{
  gsk_layer_set_clone_source (GSK_LAYER (object), NULL);

  G_OBJECT_CLASS (gsk_layer_clone_parent_class)->dispose (object);
}

static void
gsk_layer_clone_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GskLayerClone *self = GSK_LAYER_CLONE (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      g_value_set_object (value, gsk_layer_clone_get_source (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_clone_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GskLayerClone *self = GSK_LAYER_CLONE (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      gsk_layer_clone_set_source (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_clone_class_init (GskLayerCloneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gsk_layer_clone_dispose;
  object_class->get_property = gsk_layer_clone_get_property;
  object_class->set_property = gsk_layer_clone_set_property;

  /**
   * GskLayerClone:source:
   *
   * The layer whose tree the clone shows.
   *
   * Since: 0.1
   */
  properties[PROP_SOURCE] =
    g_param_spec_object ("source", NULL, "The layer whose tree the clone shows",
                         GSK_TYPE_LAYER,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_clone_init (GskLayerClone *self)
{
}

/**
 * gsk_layer_clone_new:
 * @source: (nullable): the layer to show
 *
 * Creates a clone of @source.
 *
 * Returns: (transfer floating): the new clone
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_clone_new (GskLayer *source)
{
  g_return_val_if_fail (source == NULL || GSK_IS_LAYER (source), NULL);

  return g_object_new (GSK_TYPE_LAYER_CLONE, "source", source, NULL);
}

/**
 * gsk_layer_clone_set_source:
 * @self: a clone
 * @source: (nullable): the layer to show
 *
 * Sets the layer whose tree @self shows. @self holds a reference to it.
 * A layer that is @self or one of its ancestors is refused.
 *
 * Since: 0.1
 */
void
gsk_layer_clone_set_source (GskLayerClone *self,
                            GskLayer      *source)
{
  g_return_if_fail (GSK_IS_LAYER_CLONE (self));
  g_return_if_fail (source == NULL || GSK_IS_LAYER (source));

  if (source != NULL && gsk_layer_contains (source, GSK_LAYER (self)))
    {
      g_critical ("Cannot make %p (%s) the source of clone %p: it is the clone or one of its ancestors",
                  source, G_OBJECT_TYPE_NAME (source), self);
      return;
    }
  if (gsk_layer_get_private (GSK_LAYER (self))->clone_source == source)
    return;

  gsk_layer_set_clone_source (GSK_LAYER (self), source);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCE]);
}

/**
 * gsk_layer_clone_get_source:
 * @self: a clone
 *
 * Gets the layer @self shows.
 *
 * Returns: (transfer none) (nullable): the source of @self
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_clone_get_source (GskLayerClone *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_CLONE (self), NULL);

  return gsk_layer_get_private (GSK_LAYER (self))->clone_source;
}
