/* gsk-layer-scroll.c: a layer that scrolls its children
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-scroll-private.h"
#include "gsk-layer-pan-gesture-private.h"
#include "gsk-layer-enum-types.h"
#include "gsk-layer-event-controller.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-layout-manager.h"

/**
 * GskLayerScroll:
 *
 * A layer that shows part of its children and scrolls them along one
 * axis, as Clutter's `ClutterScrollActor` and Core Animation's
 * `CAScrollLayer`, with the input a scrolled view takes in GTK: drags
 * of the mouse, pen or finger (the content follows the point), the
 * touchpad's smooth scrolling and the wheel's steps, with kinetic
 * motion and a rubber band past either end that springs back (its
 * [class@LayerPanGesture], which [method@LayerScroll.get_pan_gesture]
 * gives, to tune or to switch off).
 *
 * It clips to its bounds. Its children are laid out as usual (by its
 * layout manager, or where they were put); the extent they reach along
 * the axis, less the layer's own size, is how far it scrolls
 * ([method@LayerScroll.get_max_offset]), brought up to date at each
 * layout pass. The offset moves the children through the layer's
 * [property@Layer:child-transform], which the scroll layer owns.
 * [method@LayerScroll.scroll_to_point] and
 * [method@LayerScroll.scroll_to_rect] animate with the layer's easing
 * state, as every other property does:
 *
 * ```c
 * gsk_layer_save_easing_state (scroll);
 * gsk_layer_set_easing_duration (scroll, 300);
 * gsk_layer_scroll_scroll_to_rect (GSK_LAYER_SCROLL (scroll), &row_bounds);
 * gsk_layer_restore_easing_state (scroll);
 * ```
 *
 * Since: 0.1
 */
/* Proximity snaps within this share of the layer's length */
#define PROXIMITY 0.3

enum {
  PROP_0,
  PROP_ORIENTATION,
  PROP_SCROLL_OFFSET,
  PROP_SNAP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerScroll, gsk_layer_scroll, GSK_TYPE_LAYER)

gboolean
gsk_layer_scroll_is_horizontal (GskLayerScroll *self)
{
  return self->orientation == GSK_LAYER_ORIENTATION_HORIZONTAL;
}

#define is_horizontal gsk_layer_scroll_is_horizontal

double
gsk_layer_scroll_viewport_length (GskLayerScroll *self)
{
  graphene_size_t size;

  gsk_layer_get_size (GSK_LAYER (self), &size);
  return is_horizontal (self) ? size.width : size.height;
}

/* The children moved back by @offset: at once, or with the easing
 * state in force */
static void
move_children (GskLayerScroll *self,
               double          offset,
               gboolean        animated)
{
  GskLayer *layer = GSK_LAYER (self);
  GskLayerTransform *t = gsk_layer_transform_translate (NULL, is_horizontal (self) ? -offset : 0,
                                                        is_horizontal (self) ? 0 : -offset);

  if (!animated)
    {
      gsk_layer_save_easing_state (layer);
      gsk_layer_set_easing_duration (layer, 0);
    }
  gsk_layer_set_child_transform (layer, t);
  if (!animated)
    gsk_layer_restore_easing_state (layer);
  gsk_layer_transform_unref (t);
}

static void
set_offset (GskLayerScroll *self,
            double          offset,
            gboolean        animated)
{
  gboolean changed = self->offset != offset;

  move_children (self, offset, animated);
  self->offset = offset;
  if (self->cells != NULL)
    gsk_layer_scroll_cells_scrolled (self, animated);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCROLL_OFFSET]);
}

/* Dragged, flicked, wheeled: the children follow at once */
static void
on_pan_value (GskLayerScroll *self)
{
  if (self->scrolling_to)
    return;
  set_offset (self, gsk_layer_pan_gesture_get_value (self->pan), FALSE);
}

/* How far the children reach along the axis, from the layer's origin */
static double
content_extent (GskLayerScroll *self)
{
  double extent = self->cells != NULL ? gsk_layer_scroll_cells_extent (self) : 0;

  for (GskLayer *c = gsk_layer_get_first_child (GSK_LAYER (self)); c; c = gsk_layer_get_next_sibling (c))
    {
      graphene_point_t p;
      graphene_size_t s;

      if (!gsk_layer_get_visible (c))
        continue;
      gsk_layer_get_position (c, &p);
      gsk_layer_get_size (c, &s);
      extent = MAX (extent, is_horizontal (self) ? p.x + s.width : p.y + s.height);
    }

  return extent;
}

static void
update_range (GskLayerScroll *self)
{
  double viewport = gsk_layer_scroll_viewport_length (self);

  /* A range the pan takes: within its ±1e9 */
  gsk_layer_pan_gesture_set_range (self->pan, 0, MIN (MAX (content_extent (self) - viewport, 0), 1e9));
}

/* The layout manager places the children in the room they ask for
 * along the axis (a column of twenty rows is twenty rows tall), at
 * least the layer's own, not squeezed into it; without one, they keep
 * their places and take their natural sizes as usual */
static void
gsk_layer_scroll_layout_children (GskLayer *layer)
{
  GskLayerScroll *self = GSK_LAYER_SCROLL (layer);
  GskLayerLayoutManager *manager = gsk_layer_get_layout_manager (layer);

  if (self->cells != NULL)
    {
      /* Children the application added keep their places */
      GSK_LAYER_CLASS (gsk_layer_scroll_parent_class)->layout_children (layer);
      gsk_layer_scroll_cells_layout (self);
    }
  else if (manager != NULL)
    {
      GskLayerLayoutManagerClass *klass = GSK_LAYER_LAYOUT_MANAGER_GET_CLASS (manager);
      graphene_size_t size;
      float minimum = 0, natural = 0;

      g_object_ref (manager);
      gsk_layer_get_size (layer, &size);
      if (is_horizontal (self))
        {
          klass->measure (manager, layer, GSK_LAYER_ORIENTATION_HORIZONTAL, size.height, &minimum, &natural);
          size.width = MAX (size.width, isfinite (natural) ? MIN (natural, 1e9f) : 0);
        }
      else
        {
          klass->measure (manager, layer, GSK_LAYER_ORIENTATION_VERTICAL, size.width, &minimum, &natural);
          size.height = MAX (size.height, isfinite (natural) ? MIN (natural, 1e9f) : 0);
        }
      klass->allocate (manager, layer, size.width, size.height);
      g_object_unref (manager);
    }
  else
    GSK_LAYER_CLASS (gsk_layer_scroll_parent_class)->layout_children (layer);

  update_range (self);
}

/* The snap position for a motion from @start that would rest at @end:
 * the children's starts and the ends of the range */
static double
snap_offset (double   start,
             double   end,
             gboolean step,
             gpointer data)
{
  GskLayerScroll *self = data;
  double upper = gsk_layer_scroll_get_max_offset (self), best = 0, next = upper, previous = 0;
  graphene_size_t size;

  if (self->snap == GSK_LAYER_SCROLL_SNAP_NONE)
    return end;

  /* The nearest to the end; and the nearest after and before the start,
   * for a wheel step that would come back where it began */
  best = fabs (upper - end) < fabs (end) ? upper : 0;
  next = upper;
  previous = 0;
  if (self->cells != NULL)
    {
      /* The starts of the lines of cells, most of which have none */
      double line_best, line_next, line_previous;

      gsk_layer_scroll_cells_snap (self, start, end, &line_best, &line_next, &line_previous);
      line_best = CLAMP (line_best, 0, upper);
      if (fabs (line_best - end) < fabs (best - end))
        best = line_best;
      if (line_next > start + 0.5 && line_next < next)
        next = line_next;
      if (line_previous < start - 0.5 && line_previous > previous)
        previous = line_previous;
    }
  for (GskLayer *c = gsk_layer_get_first_child (GSK_LAYER (self)); c; c = gsk_layer_get_next_sibling (c))
    {
      graphene_point_t p;
      double position;

      if (!gsk_layer_get_visible (c))
        continue;
      gsk_layer_get_position (c, &p);
      position = CLAMP (is_horizontal (self) ? p.x : p.y, 0, upper);
      if (fabs (position - end) < fabs (best - end))
        best = position;
      if (position > start + 0.5 && position < next)
        next = position;
      if (position < start - 0.5 && position > previous)
        previous = position;
    }

  if (step && fabs (best - start) < 0.5 && fabs (end - start) >= 0.5)
    best = end > start ? next : previous;

  gsk_layer_get_size (GSK_LAYER (self), &size);
  if (self->snap == GSK_LAYER_SCROLL_SNAP_PROXIMITY &&
      fabs (best - end) > PROXIMITY * (is_horizontal (self) ? size.width : size.height))
    return end;

  return best;
}

static void
gsk_layer_scroll_constructed (GObject *object)
{
  GskLayerScroll *self = GSK_LAYER_SCROLL (object);

  G_OBJECT_CLASS (gsk_layer_scroll_parent_class)->constructed (object);

  gsk_layer_set_clip_to_bounds (GSK_LAYER (self), TRUE);
  self->pan = GSK_LAYER_PAN_GESTURE (gsk_layer_pan_gesture_new (is_horizontal (self) ? GSK_LAYER_DRAG_HORIZONTAL
                                                                                     : GSK_LAYER_DRAG_VERTICAL));
  g_signal_connect_object (self->pan, "notify::value", G_CALLBACK (on_pan_value), self, G_CONNECT_SWAPPED);
  gsk_layer_pan_gesture_set_snap_func (self->pan, snap_offset, self);
  gsk_layer_add_controller (GSK_LAYER (self), GSK_LAYER_EVENT_CONTROLLER (self->pan));
  move_children (self, 0, FALSE);
}

static void
gsk_layer_scroll_dispose (GObject *object)
{
  GskLayerScroll *self = GSK_LAYER_SCROLL (object);

  if (self->cells != NULL)
    gsk_layer_scroll_cells_free (g_steal_pointer (&self->cells));

  G_OBJECT_CLASS (gsk_layer_scroll_parent_class)->dispose (object);
}

static void
gsk_layer_scroll_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GskLayerScroll *self = GSK_LAYER_SCROLL (object);

  switch (prop_id)
    {
    case PROP_ORIENTATION:
      g_value_set_enum (value, self->orientation);
      break;
    case PROP_SCROLL_OFFSET:
      g_value_set_double (value, self->offset);
      break;
    case PROP_SNAP:
      g_value_set_enum (value, self->snap);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_scroll_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GskLayerScroll *self = GSK_LAYER_SCROLL (object);

  switch (prop_id)
    {
    case PROP_ORIENTATION:
      self->orientation = g_value_get_enum (value);
      break;
    case PROP_SCROLL_OFFSET:
      gsk_layer_scroll_set_scroll_offset (self, g_value_get_double (value));
      break;
    case PROP_SNAP:
      gsk_layer_scroll_set_snap (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_scroll_class_init (GskLayerScrollClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerClass *layer_class = GSK_LAYER_CLASS (klass);

  object_class->constructed = gsk_layer_scroll_constructed;
  object_class->dispose = gsk_layer_scroll_dispose;
  object_class->get_property = gsk_layer_scroll_get_property;
  object_class->set_property = gsk_layer_scroll_set_property;
  layer_class->layout_children = gsk_layer_scroll_layout_children;

  /**
   * GskLayerScroll:orientation:
   *
   * The axis the children scroll along, set at construction.
   *
   * Since: 0.1
   */
  properties[PROP_ORIENTATION] =
    g_param_spec_enum ("orientation", NULL, "The axis the children scroll along",
                       GSK_TYPE_LAYER_ORIENTATION, GSK_LAYER_ORIENTATION_VERTICAL,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerScroll:scroll-offset:
   *
   * How far the children are scrolled, in layout units along the axis,
   * from 0 to [method@LayerScroll.get_max_offset] (past either end for
   * a moment, while the rubber band stretches). Setting it scrolls
   * there, with the easing state in force.
   *
   * Since: 0.1
   */
  properties[PROP_SCROLL_OFFSET] =
    g_param_spec_double ("scroll-offset", NULL, "How far the children are scrolled",
                         -1e9, 1e9, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerScroll:snap:
   *
   * Where the layer comes to rest after the user scrolled it: anywhere
   * (the default), or at a snap position (where a child starts), always
   * or when near one, as CSS's `scroll-snap-type`. A flick keeps its
   * deceleration, aimed at the snap position nearest where it would
   * have stopped; a wheel step goes on to the next one.
   *
   * Since: 0.1
   */
  properties[PROP_SNAP] =
    g_param_spec_enum ("snap", NULL, "Where the layer comes to rest after the user scrolled it",
                       GSK_TYPE_LAYER_SCROLL_SNAP, GSK_LAYER_SCROLL_SNAP_NONE,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_scroll_init (GskLayerScroll *self)
{
  self->orientation = GSK_LAYER_ORIENTATION_VERTICAL;
}

/**
 * gsk_layer_scroll_new:
 * @orientation: the axis its children scroll along
 *
 * Creates a layer that scrolls its children along @orientation.
 *
 * Returns: (transfer floating): a new scroll layer
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_scroll_new (GskLayerOrientation orientation)
{
  g_return_val_if_fail (orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ||
                        orientation == GSK_LAYER_ORIENTATION_VERTICAL, NULL);

  return g_object_new (GSK_TYPE_LAYER_SCROLL, "orientation", orientation, NULL);
}

/**
 * gsk_layer_scroll_get_orientation:
 * @self: a scroll layer
 *
 * Gives the axis the children of @self scroll along.
 *
 * Returns: the orientation
 *
 * Since: 0.1
 */
GskLayerOrientation
gsk_layer_scroll_get_orientation (GskLayerScroll *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), GSK_LAYER_ORIENTATION_VERTICAL);

  return self->orientation;
}

/**
 * gsk_layer_scroll_set_scroll_offset:
 * @self: a scroll layer
 * @offset: how far to scroll, in layout units along the axis
 *
 * Scrolls to @offset, clamped to 0 and [method@LayerScroll.get_max_offset]
 * (from where the children are now), with the easing state in force (at once
 * by default). A kinetic motion under way stops. An offset that is not
 * a number is refused with a critical warning.
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_set_scroll_offset (GskLayerScroll *self,
                                    double          offset)
{
  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));
  g_return_if_fail (isfinite (offset));

  /* Children placed since the last layout pass count already */
  if (gsk_layer_pan_gesture_is_moving (self->pan) == FALSE)
    update_range (self);
  self->scrolling_to = TRUE;
  gsk_layer_pan_gesture_set_value (self->pan, offset);
  self->scrolling_to = FALSE;
  set_offset (self, gsk_layer_pan_gesture_get_value (self->pan), TRUE);
}

/**
 * gsk_layer_scroll_get_scroll_offset:
 * @self: a scroll layer
 *
 * Gives how far the children of @self are scrolled: see
 * [property@LayerScroll:scroll-offset]. While a scroll animates, the
 * offset it goes to; the one on screen is in the presentation value of
 * [property@Layer:child-transform].
 *
 * Returns: the offset, in layout units along the axis
 *
 * Since: 0.1
 */
double
gsk_layer_scroll_get_scroll_offset (GskLayerScroll *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), 0);

  return self->offset;
}

/**
 * gsk_layer_scroll_get_max_offset:
 * @self: a scroll layer
 *
 * Gives how far @self scrolls: the extent its visible children reach
 * along the axis, less its own size, as of the last layout pass; 0 when
 * they fit.
 *
 * Returns: the largest offset, in layout units
 *
 * Since: 0.1
 */
double
gsk_layer_scroll_get_max_offset (GskLayerScroll *self)
{
  double upper = 0;

  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), 0);

  gsk_layer_pan_gesture_get_range (self->pan, NULL, &upper);
  return upper;
}

/**
 * gsk_layer_scroll_scroll_to_point:
 * @self: a scroll layer
 * @point: a point of the children's space (the layer's, unscrolled)
 *
 * Scrolls so that @point is at the layer's origin along the axis, as
 * far as the children reach (as `clutter_scroll_actor_scroll_to_point ()`
 * and `CAScrollLayer`'s `scrollToPoint:`), with the easing state in
 * force. A point that is not a number is refused with a critical
 * warning.
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_scroll_to_point (GskLayerScroll         *self,
                                  const graphene_point_t *point)
{
  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));
  g_return_if_fail (point != NULL);
  g_return_if_fail (isfinite (point->x) && isfinite (point->y));

  gsk_layer_scroll_set_scroll_offset (self, is_horizontal (self) ? point->x : point->y);
}

/**
 * gsk_layer_scroll_scroll_to_rect:
 * @self: a scroll layer
 * @rect: a rectangle of the children's space (the layer's, unscrolled)
 *
 * Scrolls as little as shows @rect whole along the axis: to its start
 * if it begins before the part shown, so that its end shows if it ends
 * after; not at all if it is shown already (as
 * `clutter_scroll_actor_scroll_to_rect ()` and `CAScrollLayer`'s
 * `scrollToRect:`). Where @rect is longer than the layer, its start
 * wins. With the easing state in force; a rectangle that is not a
 * number is refused with a critical warning.
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_scroll_to_rect (GskLayerScroll        *self,
                                 const graphene_rect_t *rect)
{
  graphene_rect_t r;
  graphene_size_t size;
  double start, end, viewport, offset;

  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));
  g_return_if_fail (rect != NULL);
  g_return_if_fail (isfinite (rect->origin.x) && isfinite (rect->origin.y) &&
                    isfinite (rect->size.width) && isfinite (rect->size.height));

  graphene_rect_normalize_r (rect, &r);
  gsk_layer_get_size (GSK_LAYER (self), &size);
  start = is_horizontal (self) ? r.origin.x : r.origin.y;
  end = start + (is_horizontal (self) ? r.size.width : r.size.height);
  viewport = is_horizontal (self) ? size.width : size.height;
  offset = self->offset;
  if (start < offset || end - start > viewport)
    offset = start;
  else if (end > offset + viewport)
    offset = end - viewport;
  else
    return;

  gsk_layer_scroll_set_scroll_offset (self, offset);
}

/**
 * gsk_layer_scroll_set_snap:
 * @self: a scroll layer
 * @snap: where it comes to rest after the user scrolled it
 *
 * Sets [property@LayerScroll:snap].
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_set_snap (GskLayerScroll     *self,
                           GskLayerScrollSnap  snap)
{
  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));
  g_return_if_fail (snap <= GSK_LAYER_SCROLL_SNAP_PROXIMITY);

  if (self->snap == snap)
    return;
  self->snap = snap;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SNAP]);
}

/**
 * gsk_layer_scroll_get_snap:
 * @self: a scroll layer
 *
 * Gives [property@LayerScroll:snap].
 *
 * Returns: where @self comes to rest after the user scrolled it
 *
 * Since: 0.1
 */
GskLayerScrollSnap
gsk_layer_scroll_get_snap (GskLayerScroll *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), GSK_LAYER_SCROLL_SNAP_NONE);

  return self->snap;
}

/**
 * gsk_layer_scroll_get_pan_gesture:
 * @self: a scroll layer
 *
 * Gives the gesture that scrolls @self by drags, touchpad and wheel,
 * to tune (its propagation phase) or to switch off
 * (%GSK_LAYER_PHASE_NONE).
 *
 * Returns: (transfer none): the pan gesture of @self
 *
 * Since: 0.1
 */
GskLayerPanGesture *
gsk_layer_scroll_get_pan_gesture (GskLayerScroll *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), NULL);

  return self->pan;
}
