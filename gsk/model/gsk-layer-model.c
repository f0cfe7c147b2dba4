/* gsk-layer-model.c: children that follow a list model
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-model.h"
#include "gsk-layer-private.h"

typedef struct
{
  GskLayer *layer;              /* unowned: the binding is the layer's */
  GListModel *model;
  GskLayerCreateChildFunc create_child_func;
  gpointer user_data;
  GDestroyNotify notify;
  gulong items_changed_id;
  /* The layers made for the items, in the model's order (owned): the
   * application may add other children, which stay where they are */
  GPtrArray *children;
  gboolean changing;
  gboolean changed_again;
  /* Held while it calls out: a handler may end the binding */
  guint ref_count;
  gboolean ended;
} Binding;

static GQuark binding_quark;

static Binding *
binding_ref (Binding *binding)
{
  binding->ref_count++;
  return binding;
}

static void
binding_unref (Binding *binding)
{
  if (--binding->ref_count > 0)
    return;
  g_ptr_array_unref (binding->children);
  g_free (binding);
}

/* The layer lets it go (a new binding, or the layer finalized) */
static void
binding_end (gpointer data)
{
  Binding *binding = data;

  binding->ended = TRUE;
  g_clear_signal_handler (&binding->items_changed_id, binding->model);
  g_clear_object (&binding->model);
  if (binding->notify)
    binding->notify (binding->user_data);
  binding->notify = NULL;
  binding_unref (binding);
}

/* The layer for @item, or an empty one where the function gave none a
 * layer can show: the children stay one per item */
static GskLayer *
create_child (Binding  *binding,
              gpointer  item,
              guint     position)
{
  GskLayer *child = item != NULL ? binding->create_child_func (item, binding->user_data) : NULL;

  if (item == NULL)
    g_critical ("gsk_layer_bind_model: the model has no item at %u", position);
  else if (child != NULL && !GSK_IS_LAYER (child))
    {
      g_critical ("gsk_layer_bind_model: the function made no layer for item %u", position);
      child = NULL;
    }
  else if (child == NULL)
    g_critical ("gsk_layer_bind_model: the function made no layer for item %u", position);
  else if (child != NULL && gsk_layer_get_parent (child) != NULL)
    {
      g_critical ("gsk_layer_bind_model: the layer made for item %u already has a parent", position);
      g_object_unref (child);
      child = NULL;
    }

  if (child == NULL)
    child = gsk_layer_new ();
  if (g_object_is_floating (child))
    g_object_ref_sink (child);
  return child;
}

static void
remove_child (Binding  *binding,
              GskLayer *child)
{
  if (gsk_layer_get_parent (child) == binding->layer)
    gsk_layer_remove_child (binding->layer, child);
}

/* Every bound child made again: after a model changed from inside its
 * own notification */
static void
rebuild (Binding *binding)
{
  guint n = g_list_model_get_n_items (binding->model);

  while (binding->children->len > 0 && !binding->ended)
    {
      GskLayer *child = g_ptr_array_steal_index (binding->children, binding->children->len - 1);

      remove_child (binding, child);
      g_object_unref (child);
    }
  for (guint i = 0; i < n && !binding->ended; i++)
    {
      gpointer item = g_list_model_get_item (binding->model, i);
      GskLayer *child = create_child (binding, item, i);

      g_clear_object (&item);
      if (binding->ended)
        {
          g_object_unref (child);
          break;
        }
      gsk_layer_add_child (binding->layer, child);
      g_ptr_array_add (binding->children, child);
    }
}

/* Rebuilds, then again if the model changed meanwhile (once: a model
 * that changes at every look is left as it is then) */
static void
rebuild_settled (Binding *binding)
{
  binding->changing = TRUE;
  rebuild (binding);
  if (binding->changed_again && !binding->ended)
    {
      binding->changed_again = FALSE;
      rebuild (binding);
    }
  binding->changed_again = FALSE;
  binding->changing = FALSE;
}

static void
items_changed (GListModel *model,
               guint       position,
               guint       removed,
               guint       added,
               Binding    *binding)
{
  GskLayer *self = binding->layer;
  guint len = binding->children->len;

  if (gsk_layer_get_private (self)->in_dispose)
    return;
  /* A handler below changed the model again: taken from scratch once
   * this change is done */
  if (binding->changing)
    {
      binding->changed_again = TRUE;
      return;
    }

  if (position > len || removed > len - position)
    {
      g_critical ("gsk_layer_bind_model: the model says %u items changed at %u, but it had %u",
                  removed, position, len);
      position = MIN (position, len);
      removed = MIN (removed, len - position);
    }

  g_object_ref (self);
  binding_ref (binding);
  binding->changing = TRUE;
  for (guint i = 0; i < removed && !binding->ended && position < binding->children->len; i++)
    {
      GskLayer *child = g_ptr_array_steal_index (binding->children, position);

      remove_child (binding, child);
      g_object_unref (child);
    }
  for (guint i = 0; i < added && !binding->ended; i++)
    {
      gpointer item = g_list_model_get_item (model, position + i);
      GskLayer *child = create_child (binding, item, position + i);
      GskLayer *below;

      g_clear_object (&item);
      /* The function may have ended the binding or changed the model */
      if (binding->ended || binding->changed_again || position + i > binding->children->len)
        {
          g_object_unref (child);
          break;
        }
      below = position + i > 0 ? binding->children->pdata[position + i - 1] : NULL;
      /* After the item before it; the first goes below the others */
      if (below != NULL && gsk_layer_get_parent (below) == self)
        gsk_layer_insert_child_above (self, child, below);
      else if (position + i == 0 && binding->children->len > 0 &&
               gsk_layer_get_parent (binding->children->pdata[0]) == self)
        gsk_layer_insert_child_below (self, child, binding->children->pdata[0]);
      else
        gsk_layer_add_child (self, child);
      g_ptr_array_insert (binding->children, position + i, child);
    }
  binding->changing = FALSE;

  if (binding->changed_again && !binding->ended)
    rebuild_settled (binding);
  binding_unref (binding);
  g_object_unref (self);
}

/**
 * gsk_layer_bind_model:
 * @self: a layer
 * @model: (nullable): the items to show, or %NULL to unbind
 * @create_child_func: (scope notified) (closure user_data) (nullable):
 *   makes the layer of an item; required with a model
 * @user_data: data for @create_child_func
 * @notify: called on @user_data when the binding ends
 *
 * Makes the children of @self follow @model, as Clutter's
 * `clutter_actor_bind_model ()` and `gtk_flow_box_bind_model ()`: the
 * children of @self are removed, then one layer is made for each item,
 * in the model's order, and from then on
 * [signal@Gio.ListModel::items-changed] removes and makes layers where
 * the items changed. The layout manager of @self places them, if any.
 * A new binding ends the one before; %NULL as @model ends it and
 * leaves @self without children.
 *
 * Children added by other means stay where they are among the bound
 * ones, which keep the model's order. A model that reports changes
 * beyond its items, or a function that makes no layer or one that has
 * a parent, gets a critical warning: the binding goes on with an empty
 * layer where the item's would be, so that one child still stands for
 * each item.
 *
 * Since: 0.1
 */
void
gsk_layer_bind_model (GskLayer                *self,
                      GListModel              *model,
                      GskLayerCreateChildFunc  create_child_func,
                      gpointer                 user_data,
                      GDestroyNotify           notify)
{
  Binding *binding;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (model == NULL || G_IS_LIST_MODEL (model));
  g_return_if_fail (model == NULL || create_child_func != NULL);

  if (G_UNLIKELY (binding_quark == 0))
    binding_quark = g_quark_from_static_string ("gsk-layer-model-binding");

  g_object_ref (self);
  /* The old binding's notify runs now */
  g_object_set_qdata (G_OBJECT (self), binding_quark, NULL);
  gsk_layer_remove_all_children (self);

  if (model == NULL)
    {
      if (notify)
        notify (user_data);
      g_object_unref (self);
      return;
    }

  binding = g_new0 (Binding, 1);
  binding->layer = self;
  binding->model = g_object_ref (model);
  binding->create_child_func = create_child_func;
  binding->user_data = user_data;
  binding->notify = notify;
  binding->children = g_ptr_array_new_with_free_func (g_object_unref);
  binding->ref_count = 1;
  g_object_set_qdata_full (G_OBJECT (self), binding_quark, binding, binding_end);
  binding->items_changed_id = g_signal_connect (model, "items-changed", G_CALLBACK (items_changed), binding);

  binding_ref (binding);
  rebuild_settled (binding);
  binding_unref (binding);
  g_object_unref (self);
}

/**
 * gsk_layer_get_model:
 * @self: a layer
 *
 * Gives the model bound with [method@Layer.bind_model].
 *
 * Returns: (transfer none) (nullable): the model the children of @self
 *   follow, or %NULL
 *
 * Since: 0.1
 */
GListModel *
gsk_layer_get_model (GskLayer *self)
{
  Binding *binding;

  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  binding = binding_quark ? g_object_get_qdata (G_OBJECT (self), binding_quark) : NULL;
  return binding ? binding->model : NULL;
}
