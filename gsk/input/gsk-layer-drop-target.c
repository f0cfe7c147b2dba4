/* gsk-layer-drop-target.c: where dragged layers can be dropped
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-drop-target-private.h"
#include "gsk-layer-event-controller-private.h"
#include "gsk-layer-event.h"
#include "gsk-layer-private.h"
#include "gsk-layer.h"

/**
 * GskLayerDropTarget:
 *
 * Makes its layer a place where layers dragged by a
 * [class@LayerDragGesture] can be dropped, as Clutter's
 * `ClutterDropAction` and GTK's `GtkDropTarget` do for actors and
 * widgets.
 *
 * While a drag is under way, the layer under the point (the dragged
 * layer and its subtree left out) and its ancestors are looked at, from
 * the deepest up: the first with a drop target whose
 * [signal@LayerDropTarget::accept] says yes (the default) takes the
 * drag. It gets [signal@LayerDropTarget::enter], then
 * [signal@LayerDropTarget::motion] as the point moves, and
 * [signal@LayerDropTarget::leave] when the point goes elsewhere or the
 * drag is cancelled; let go over it,
 * [signal@LayerDropTarget::drop], then ::leave. Points are in the drop
 * target's layer's own space, through any transform.
 *
 * It takes data dragged from other applications and widgets too (text,
 * files), through a [class@LayerView] and GTK's drag and drop, once
 * told which kinds ([method@LayerDropTarget.set_gtypes], as
 * `gtk_drop_target_set_gtypes ()`): over it, ::enter, ::motion and
 * ::leave come with no layer, and let go,
 * [signal@LayerDropTarget::drop-value] gives the data, read as the
 * first of those types that the drag offers.
 *
 * It needs no events of its own: it is in no propagation phase
 * (%GSK_LAYER_PHASE_NONE) unless given one, when it emits
 * [signal@LayerEventController::event] as a plain controller does.
 *
 * Since: 0.1
 */
struct _GskLayerDropTarget
{
  GskLayerEventController parent_instance;

  GskLayer *dragged;            /* the drag over it, owned */
  gboolean data_over;           /* data dragged from elsewhere is over it */
  GType *gtypes;
  gsize n_gtypes;
};

enum {
  ACCEPT,
  ENTER,
  MOTION,
  LEAVE,
  DROP,
  DROP_VALUE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (GskLayerDropTarget, gsk_layer_drop_target, GSK_TYPE_LAYER_EVENT_CONTROLLER)

static gboolean
gsk_layer_drop_target_real_accept (GskLayerDropTarget *self,
                                   GskLayer           *layer)
{
  return TRUE;
}

static void
gsk_layer_drop_target_dispose (GObject *object)
{
  GskLayerDropTarget *self = GSK_LAYER_DROP_TARGET (object);

  g_clear_object (&self->dragged);
  g_clear_pointer (&self->gtypes, g_free);
  self->n_gtypes = 0;

  G_OBJECT_CLASS (gsk_layer_drop_target_parent_class)->dispose (object);
}

static void
gsk_layer_drop_target_class_init (GskLayerDropTargetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gsk_layer_drop_target_dispose;

  /**
   * GskLayerDropTarget::accept:
   * @self: the drop target
   * @layer: the layer dragged over it
   *
   * Asked when a drag comes over the target's layer (or a descendant
   * with no drop target of its own that accepts it).
   *
   * Returns: %TRUE to take the drag here, %FALSE to let an ancestor's
   *   drop target take it
   *
   * Since: 0.1
   */
  signals[ACCEPT] =
    g_signal_new_class_handler ("accept", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                G_CALLBACK (gsk_layer_drop_target_real_accept),
                                g_signal_accumulator_first_wins, NULL, NULL,
                                G_TYPE_BOOLEAN, 1, GSK_TYPE_LAYER);

  /**
   * GskLayerDropTarget::enter:
   * @self: the drop target
   * @layer: (nullable): the layer dragged over it, or %NULL for data
   *   dragged from elsewhere
   * @x: where the point is, in the target's layer's space
   * @y: y
   *
   * A drag came over the target (a place to highlight).
   *
   * Since: 0.1
   */
  signals[ENTER] =
    g_signal_new ("enter", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, GSK_TYPE_LAYER, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerDropTarget::motion:
   * @self: the drop target
   * @layer: (nullable): the layer dragged over it, or %NULL for data
   *   dragged from elsewhere
   * @x: where the point is, in the target's layer's space
   * @y: y
   *
   * The drag moved over the target; also right after ::enter.
   *
   * Since: 0.1
   */
  signals[MOTION] =
    g_signal_new ("motion", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, GSK_TYPE_LAYER, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerDropTarget::leave:
   * @self: the drop target
   *
   * The drag went elsewhere, was cancelled or was dropped: undo what
   * ::enter did.
   *
   * Since: 0.1
   */
  signals[LEAVE] =
    g_signal_new ("leave", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * GskLayerDropTarget::drop:
   * @self: the drop target
   * @layer: the layer dropped
   * @x: where it was let go, in the target's layer's space
   * @y: y
   *
   * The drag was let go over the target. ::leave follows.
   *
   * Returns: %TRUE if the target took the layer
   *
   * Since: 0.1
   */
  signals[DROP] =
    g_signal_new ("drop", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 3, GSK_TYPE_LAYER, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerDropTarget::drop-value:
   * @self: the drop target
   * @value: the data, of one of [method@LayerDropTarget.set_gtypes]'s
   *   types
   * @x: where it was let go, in the target's layer's space
   * @y: y
   *
   * Data dragged from another application or widget was let go over the
   * target, as `GtkDropTarget::drop`. ::leave follows.
   *
   * Returns: %TRUE if the target took the data
   *
   * Since: 0.1
   */
  signals[DROP_VALUE] =
    g_signal_new ("drop-value", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 3, G_TYPE_VALUE, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}

static void
gsk_layer_drop_target_init (GskLayerDropTarget *self)
{
  gsk_layer_event_controller_set_propagation_phase (GSK_LAYER_EVENT_CONTROLLER (self), GSK_LAYER_PHASE_NONE);
}

/**
 * gsk_layer_drop_target_new:
 *
 * Creates a drop target, for [method@Layer.add_controller].
 *
 * Returns: (transfer full): a new drop target
 *
 * Since: 0.1
 */
GskLayerEventController *
gsk_layer_drop_target_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_DROP_TARGET, NULL);
}

/**
 * gsk_layer_drop_target_get_current_drag:
 * @self: a drop target
 *
 * Gives the layer being dragged over @self, between
 * [signal@LayerDropTarget::enter] and [signal@LayerDropTarget::leave].
 *
 * Returns: (transfer none) (nullable): the dragged layer, or %NULL
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_drop_target_get_current_drag (GskLayerDropTarget *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_DROP_TARGET (self), NULL);

  return self->dragged;
}

GskLayerDropTarget *
gsk_layer_drop_target_find (GskLayer      *dragged,
                            GskLayerEvent *event)
{
  GskLayer *root = gsk_layer_get_root (dragged);
  double x, y;
  GskLayer *layer;

  gsk_layer_event_get_position (event, &x, &y);
  layer = gsk_layer_pick_excluding (root, x, y, dragged);

  for (; layer != NULL; layer = gsk_layer_get_parent (layer))
    {
      GPtrArray *controllers = gsk_layer_peek_controllers (layer);

      for (guint i = 0; controllers != NULL && i < controllers->len; i++)
        {
          GskLayerDropTarget *target = controllers->pdata[i];
          gboolean accepted = FALSE;

          if (!GSK_IS_LAYER_DROP_TARGET (target))
            continue;
          g_signal_emit (target, signals[ACCEPT], 0, dragged, &accepted);
          /* A handler may have taken it off, or changed the tree */
          if (accepted && gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (target)) == layer)
            return target;
          controllers = gsk_layer_peek_controllers (layer);
        }
    }

  return NULL;
}

/* Where @event is in the target's layer's space, as dispatch maps it */
static void
to_layer (GskLayerDropTarget *self,
          GskLayerEvent      *event,
          graphene_point_t   *out)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));

  if (layer == NULL || !gsk_layer_event_get_position_in (event, layer, out))
    *out = GRAPHENE_POINT_INIT (0, 0);
}

void
gsk_layer_drop_target_over (GskLayerDropTarget *self,
                            GskLayer           *dragged,
                            GskLayerEvent      *event)
{
  graphene_point_t p;

  to_layer (self, event, &p);
  g_object_ref (self);
  if (self->dragged == NULL)
    {
      self->dragged = g_object_ref (dragged);
      g_signal_emit (self, signals[ENTER], 0, dragged, (double) p.x, (double) p.y);
    }
  if (self->dragged != NULL)
    g_signal_emit (self, signals[MOTION], 0, dragged, (double) p.x, (double) p.y);
  g_object_unref (self);
}

void
gsk_layer_drop_target_leave (GskLayerDropTarget *self)
{
  if (self->dragged == NULL)
    return;

  g_object_ref (self);
  g_clear_object (&self->dragged);
  g_signal_emit (self, signals[LEAVE], 0);
  g_object_unref (self);
}

gboolean
gsk_layer_drop_target_drop (GskLayerDropTarget *self,
                            GskLayerEvent      *event)
{
  graphene_point_t p;
  GskLayer *dragged = self->dragged;
  gboolean taken = FALSE;

  if (dragged == NULL)
    return FALSE;

  to_layer (self, event, &p);
  g_object_ref (self);
  g_object_ref (dragged);
  g_signal_emit (self, signals[DROP], 0, dragged, (double) p.x, (double) p.y, &taken);
  gsk_layer_drop_target_leave (self);
  g_object_unref (dragged);
  g_object_unref (self);
  return taken;
}

/**
 * gsk_layer_drop_target_set_gtypes:
 * @self: a drop target
 * @types: (nullable) (array length=n_types): the types of data it takes,
 *   the preferred first
 * @n_types: how many
 *
 * Sets the kinds of data, dragged from other applications or widgets
 * onto a [class@LayerView], that @self takes, as
 * `gtk_drop_target_set_gtypes ()`: %G_TYPE_STRING for text,
 * `GDK_TYPE_FILE_LIST` for files, any type GTK's drag and drop can
 * read. None by default: only layers dragged in the tree.
 *
 * Since: 0.1
 */
void
gsk_layer_drop_target_set_gtypes (GskLayerDropTarget *self,
                                  const GType        *types,
                                  gsize               n_types)
{
  g_return_if_fail (GSK_IS_LAYER_DROP_TARGET (self));
  g_return_if_fail (types != NULL || n_types == 0);

  g_free (self->gtypes);
  self->gtypes = n_types ? g_memdup2 (types, n_types * sizeof (GType)) : NULL;
  self->n_gtypes = n_types;
}

/**
 * gsk_layer_drop_target_get_gtypes:
 * @self: a drop target
 * @n_types: (out) (optional): return location for how many
 *
 * Gives the kinds of data @self takes: see
 * [method@LayerDropTarget.set_gtypes].
 *
 * Returns: (nullable) (transfer none) (array length=n_types): the types
 *
 * Since: 0.1
 */
const GType *
gsk_layer_drop_target_get_gtypes (GskLayerDropTarget *self,
                                  gsize              *n_types)
{
  g_return_val_if_fail (GSK_IS_LAYER_DROP_TARGET (self), NULL);

  if (n_types)
    *n_types = self->n_gtypes;
  return self->gtypes;
}

/* {{{ Data dragged from elsewhere, for the view */

GskLayerDropTarget *
gsk_layer_drop_target_find_for_data (GskLayer                 *root,
                                     double                    x,
                                     double                    y,
                                     GskLayerDropOffersFunc    offers,
                                     gpointer                  data,
                                     GType                    *chosen)
{
  GskLayer *layer = gsk_layer_pick (root, x, y);

  for (; layer != NULL; layer = gsk_layer_get_parent (layer))
    {
      GPtrArray *controllers = gsk_layer_peek_controllers (layer);

      for (guint i = 0; controllers != NULL && i < controllers->len; i++)
        {
          GskLayerDropTarget *target = controllers->pdata[i];

          if (!GSK_IS_LAYER_DROP_TARGET (target))
            continue;
          for (gsize j = 0; j < target->n_gtypes; j++)
            if (offers (target->gtypes[j], data))
              {
                *chosen = target->gtypes[j];
                return target;
              }
        }
    }

  return NULL;
}

static void
data_point (GskLayerDropTarget *self,
            GskLayer           *root,
            double              x,
            double              y,
            graphene_point_t   *out)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));

  if (layer == NULL || !gsk_layer_map_point (root, layer, &GRAPHENE_POINT_INIT (x, y), out))
    *out = GRAPHENE_POINT_INIT (0, 0);
}

void
gsk_layer_drop_target_data_over (GskLayerDropTarget *self,
                                 GskLayer           *root,
                                 double              x,
                                 double              y)
{
  graphene_point_t p;

  data_point (self, root, x, y, &p);
  g_object_ref (self);
  if (!self->data_over)
    {
      self->data_over = TRUE;
      g_signal_emit (self, signals[ENTER], 0, NULL, (double) p.x, (double) p.y);
    }
  if (self->data_over)
    g_signal_emit (self, signals[MOTION], 0, NULL, (double) p.x, (double) p.y);
  g_object_unref (self);
}

void
gsk_layer_drop_target_data_leave (GskLayerDropTarget *self)
{
  if (!self->data_over)
    return;

  g_object_ref (self);
  self->data_over = FALSE;
  g_signal_emit (self, signals[LEAVE], 0);
  g_object_unref (self);
}

gboolean
gsk_layer_drop_target_drop_value (GskLayerDropTarget *self,
                                  GskLayer           *root,
                                  double              x,
                                  double              y,
                                  const GValue       *value)
{
  graphene_point_t p;
  gboolean taken = FALSE;

  data_point (self, root, x, y, &p);
  g_object_ref (self);
  g_signal_emit (self, signals[DROP_VALUE], 0, value, (double) p.x, (double) p.y, &taken);
  gsk_layer_drop_target_data_leave (self);
  g_object_unref (self);
  return taken;
}

/* }}} */
