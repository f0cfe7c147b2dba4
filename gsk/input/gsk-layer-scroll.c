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
#include "gsk-layer-fixed-layout.h"
#include "gsk-layer-event-controller-private.h"
#include "gsk-layer-pinch-gesture.h"

/**
 * GskLayerScroll:
 *
 * A layer that shows part of its children and scrolls them along an
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
 * layout pass. Where they reach wider than the layer (zoomed in, say),
 * it scrolls across the axis as well
 * ([property@LayerScroll:cross-offset]). Once its zoom limits allow
 * ([method@LayerScroll.set_zoom_limits]), a pinch and Ctrl with the
 * wheel or the touchpad zoom about the fingers or the pointer
 * ([property@LayerScroll:zoom]). The offsets and the zoom move the
 * children through the layer's [property@Layer:child-transform] and
 * its origin, which the scroll layer owns.
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
  PROP_CROSS_OFFSET,
  PROP_SNAP,
  PROP_ZOOM,
  PROP_MIN_ZOOM,
  PROP_MAX_ZOOM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerScroll, gsk_layer_scroll, GSK_TYPE_LAYER)

/* A Ctrl+wheel step zooms by this much */
#define ZOOM_STEP 1.25

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

static double
viewport_across (GskLayerScroll *self)
{
  graphene_size_t size;

  gsk_layer_get_size (GSK_LAYER (self), &size);
  return is_horizontal (self) ? size.height : size.width;
}

/* The point of the layer's space that offsets along and across the
 * axis put at its origin */
static void
offsets_to_point (GskLayerScroll   *self,
                  double            along,
                  double            across,
                  graphene_point_t *point)
{
  *point = is_horizontal (self) ? GRAPHENE_POINT_INIT (along, across) : GRAPHENE_POINT_INIT (across, along);
}

/* The children scaled by the zoom and moved back by the offsets: at
 * once, or with the easing state in force */
static void
move_children (GskLayerScroll *self,
               gboolean        animated)
{
  GskLayer *layer = GSK_LAYER (self);
  GskLayerTransform *t;
  graphene_point_t p;

  /* Past the range for a moment (a rubber band pulled far) */
  offsets_to_point (self, self->offset, self->cross_offset, &p);
  t = gsk_layer_transform_translate (NULL, CLAMP (-p.x, -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE),
                                     CLAMP (-p.y, -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE));
  if (self->zoom != 1)
    t = gsk_layer_transform_scale (t, self->zoom, self->zoom);
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
set_offsets (GskLayerScroll *self,
             double          along,
             double          across,
             gboolean        animated)
{
  gboolean along_changed = self->offset != along, across_changed = self->cross_offset != across;

  self->offset = along;
  self->cross_offset = across;
  move_children (self, animated);
  if (self->cells != NULL)
    gsk_layer_scroll_cells_scrolled (self, animated);
  if (along_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCROLL_OFFSET]);
  if (across_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CROSS_OFFSET]);
}

/* Dragged, flicked, wheeled: the children follow at once */
static void
on_pan_value (GskLayerScroll *self)
{
  if (self->scrolling_to || self->pinching)
    return;
  set_offsets (self, gsk_layer_pan_gesture_get_value (self->pan), self->cross_offset, FALSE);
}

static void
on_cross_pan_value (GskLayerScroll *self)
{
  if (self->scrolling_to || self->pinching)
    return;
  set_offsets (self, self->offset, gsk_layer_pan_gesture_get_value (self->cross_pan), FALSE);
}

/* How far the children reach along the axis and across it, from the
 * layer's origin, unzoomed */
static void
content_extents (GskLayerScroll *self,
                 double         *along,
                 double         *across)
{
  *along = self->cells != NULL ? gsk_layer_scroll_cells_extent (self) : 0;
  *across = self->cells != NULL ? viewport_across (self) : 0;

  for (GskLayer *c = gsk_layer_get_first_child (GSK_LAYER (self)); c; c = gsk_layer_get_next_sibling (c))
    {
      graphene_point_t p;
      graphene_size_t s;

      if (!gsk_layer_get_visible (c))
        continue;
      gsk_layer_get_position (c, &p);
      gsk_layer_get_size (c, &s);
      *along = MAX (*along, is_horizontal (self) ? p.x + s.width : p.y + s.height);
      *across = MAX (*across, is_horizontal (self) ? p.y + s.height : p.x + s.width);
    }
}

static void
update_range (GskLayerScroll *self)
{
  double along, across;

  content_extents (self, &along, &across);
  /* Offsets a transform takes: within GSK_LAYER_MAX_COORDINATE */
  gsk_layer_pan_gesture_set_range (self->pan, 0,
                                   MIN (MAX (along * self->zoom - gsk_layer_scroll_viewport_length (self), 0),
                                        GSK_LAYER_MAX_COORDINATE));
  gsk_layer_pan_gesture_set_range (self->cross_pan, 0,
                                   MIN (MAX (across * self->zoom - viewport_across (self), 0),
                                        GSK_LAYER_MAX_COORDINATE));
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

/* Without a layout manager, it asks for the room its children take
 * where they are, as a fixed layout (and Clutter's scroll actor) does;
 * with a model bound, for a cell */
static void
gsk_layer_scroll_measure (GskLayer            *layer,
                          GskLayerOrientation  orientation,
                          float                for_size,
                          float               *minimum,
                          float               *natural)
{
  GskLayerScroll *self = GSK_LAYER_SCROLL (layer);

  if (self->cells != NULL)
    {
      gsk_layer_scroll_cells_measure (self, orientation, minimum, natural);
      return;
    }
  if (self->fixed == NULL)
    self->fixed = gsk_layer_fixed_layout_new ();
  GSK_LAYER_LAYOUT_MANAGER_GET_CLASS (self->fixed)->measure (self->fixed, layer, orientation, for_size,
                                                            minimum, natural);
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
      position = CLAMP ((is_horizontal (self) ? p.x : p.y) * self->zoom, 0, upper);
      if (fabs (position - end) < fabs (best - end))
        best = position;
      if (position > start + 0.5 && position < next)
        next = position;
      if (position < start - 0.5 && position > previous)
        previous = position;
    }

  if (step && fabs (best - start) < 0.5 && fabs (end - start) >= 0.5)
    best = end > start ? next : previous;

  if (self->snap == GSK_LAYER_SCROLL_SNAP_PROXIMITY &&
      fabs (best - end) > PROXIMITY * gsk_layer_scroll_viewport_length (self))
    return end;

  return best;
}

/* Scrolls to offsets along and across the axis (clamped to the
 * ranges), with the easing state in force; a motion under way stops */
static void
scroll_to (GskLayerScroll *self,
           double          along,
           double          across)
{
  /* Children placed since the last layout pass count already */
  if (!gsk_layer_pan_gesture_is_moving (self->pan) && !gsk_layer_pan_gesture_is_moving (self->cross_pan))
    update_range (self);
  self->scrolling_to = TRUE;
  gsk_layer_pan_gesture_set_value (self->pan, along);
  gsk_layer_pan_gesture_set_value (self->cross_pan, across);
  self->scrolling_to = FALSE;
  set_offsets (self, gsk_layer_pan_gesture_get_value (self->pan),
               gsk_layer_pan_gesture_get_value (self->cross_pan), TRUE);
}

/* {{{ Zoom */

static void
set_zoom_value (GskLayerScroll *self,
                double          zoom)
{
  if (self->zoom == zoom)
    return;
  self->zoom = zoom;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

/* The zoom at @zoom (within the limits), the point @focal of the
 * layer's space showing the same point of the children as before;
 * @animated: with the easing state in force */
static void
zoom_about (GskLayerScroll         *self,
            double                  zoom,
            const graphene_point_t *focal,
            gboolean                animated)
{
  graphene_point_t offsets, anchor;
  double along, across;

  zoom = CLAMP (zoom, self->min_zoom, self->max_zoom);
  offsets_to_point (self, self->offset, self->cross_offset, &offsets);
  anchor = GRAPHENE_POINT_INIT ((offsets.x + focal->x) / self->zoom, (offsets.y + focal->y) / self->zoom);
  set_zoom_value (self, zoom);
  along = is_horizontal (self) ? anchor.x * zoom - focal->x : anchor.y * zoom - focal->y;
  across = is_horizontal (self) ? anchor.y * zoom - focal->y : anchor.x * zoom - focal->x;
  if (animated)
    {
      scroll_to (self, along, across);
      return;
    }

  /* A pinch or the wheel: no rubber band, the pans go on from here */
  update_range (self);
  self->scrolling_to = TRUE;
  gsk_layer_pan_gesture_set_value (self->pan, along);
  gsk_layer_pan_gesture_set_value (self->cross_pan, across);
  gsk_layer_pan_gesture_rebase (self->pan);
  gsk_layer_pan_gesture_rebase (self->cross_pan);
  self->scrolling_to = FALSE;
  set_offsets (self, gsk_layer_pan_gesture_get_value (self->pan),
               gsk_layer_pan_gesture_get_value (self->cross_pan), FALSE);
}

/* The pinch's centre holds the point of the children it began on: a
 * pinch zooms about it and pans with it */
static void
on_pinch_begin (GskLayerScroll *self)
{
  graphene_point_t offsets;
  double x, y;

  self->pinching = TRUE;
  self->pinch_zoom = self->zoom;
  gsk_layer_pinch_gesture_get_center (self->pinch, &x, &y);
  offsets_to_point (self, self->offset, self->cross_offset, &offsets);
  self->pinch_anchor = GRAPHENE_POINT_INIT ((offsets.x + x) / self->zoom, (offsets.y + y) / self->zoom);
}

static void
on_pinch_update (GskLayerScroll *self)
{
  graphene_point_t center;
  double x, y;

  if (!self->pinching || self->max_zoom <= self->min_zoom)
    return;
  gsk_layer_pinch_gesture_get_center (self->pinch, &x, &y);
  center = GRAPHENE_POINT_INIT (x, y);
  set_zoom_value (self, CLAMP (self->pinch_zoom * gsk_layer_pinch_gesture_get_scale (self->pinch),
                               self->min_zoom, self->max_zoom));
  update_range (self);
  self->scrolling_to = TRUE;
  gsk_layer_pan_gesture_set_value (self->pan, is_horizontal (self) ? self->pinch_anchor.x * self->zoom - center.x
                                                                   : self->pinch_anchor.y * self->zoom - center.y);
  gsk_layer_pan_gesture_set_value (self->cross_pan, is_horizontal (self) ? self->pinch_anchor.y * self->zoom - center.y
                                                                         : self->pinch_anchor.x * self->zoom - center.x);
  self->scrolling_to = FALSE;
  set_offsets (self, gsk_layer_pan_gesture_get_value (self->pan),
               gsk_layer_pan_gesture_get_value (self->cross_pan), FALSE);
}

static void
on_pinch_end (GskLayerScroll *self)
{
  self->pinching = FALSE;
  /* The finger left down drags on from where the pinch left it */
  gsk_layer_pan_gesture_rebase (self->pan);
  gsk_layer_pan_gesture_rebase (self->cross_pan);
}

/* Ctrl and the wheel or the touchpad: zoom about the pointer */
static gboolean
on_zoom_wheel (GskLayerEventController *controller,
               GskLayerEvent           *event,
               GskLayerScroll          *self)
{
  graphene_point_t point;
  double dx, dy, factor;

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_SCROLL ||
      !(gsk_layer_event_get_modifiers (event) & GDK_CONTROL_MASK) ||
      self->max_zoom <= self->min_zoom ||
      !gsk_layer_event_get_position_in (event, GSK_LAYER (self), &point))
    return FALSE;

  switch (gsk_layer_event_get_scroll_direction (event))
    {
    case GSK_LAYER_SCROLL_UP:
      factor = ZOOM_STEP;
      break;
    case GSK_LAYER_SCROLL_DOWN:
      factor = 1 / ZOOM_STEP;
      break;
    case GSK_LAYER_SCROLL_SMOOTH:
      gsk_layer_event_get_scroll_deltas (event, &dx, &dy);
      factor = pow (ZOOM_STEP, -CLAMP (dy, -10, 10));
      break;
    default:
      return FALSE;
    }

  zoom_about (self, self->zoom * factor, &point, FALSE);
  return TRUE;
}

/* }}} */

static void
gsk_layer_scroll_constructed (GObject *object)
{
  GskLayerScroll *self = GSK_LAYER_SCROLL (object);
  GskLayerEventController *wheel;

  G_OBJECT_CLASS (gsk_layer_scroll_parent_class)->constructed (object);

  gsk_layer_set_clip_to_bounds (GSK_LAYER (self), TRUE);
  /* Zoomed about its origin, whatever its pivot point */
  gsk_layer_set_child_transform_origin (GSK_LAYER (self), &GRAPHENE_POINT_INIT (0, 0));

  /* Before the pans see it: Ctrl and the wheel zoom */
  wheel = gsk_layer_event_controller_new ();
  gsk_layer_event_controller_set_propagation_phase (wheel, GSK_LAYER_PHASE_CAPTURE);
  g_signal_connect_object (wheel, "event", G_CALLBACK (on_zoom_wheel), self, 0);
  gsk_layer_add_controller (GSK_LAYER (self), wheel);

  /* The pans along and across the axis and the pinch follow a touch
   * together: a claim by one leaves the others */
  self->pan = GSK_LAYER_PAN_GESTURE (gsk_layer_pan_gesture_new (is_horizontal (self) ? GSK_LAYER_DRAG_HORIZONTAL
                                                                                     : GSK_LAYER_DRAG_VERTICAL));
  g_signal_connect_object (self->pan, "notify::value", G_CALLBACK (on_pan_value), self, G_CONNECT_SWAPPED);
  gsk_layer_pan_gesture_set_snap_func (self->pan, snap_offset, self);
  gsk_layer_event_controller_set_claim_group (GSK_LAYER_EVENT_CONTROLLER (self->pan), self);
  gsk_layer_add_controller (GSK_LAYER (self), GSK_LAYER_EVENT_CONTROLLER (self->pan));

  self->cross_pan = GSK_LAYER_PAN_GESTURE (gsk_layer_pan_gesture_new (is_horizontal (self) ? GSK_LAYER_DRAG_VERTICAL
                                                                                           : GSK_LAYER_DRAG_HORIZONTAL));
  g_signal_connect_object (self->cross_pan, "notify::value", G_CALLBACK (on_cross_pan_value), self, G_CONNECT_SWAPPED);
  gsk_layer_pan_gesture_set_idle_when_fixed (self->cross_pan, TRUE);
  gsk_layer_event_controller_set_claim_group (GSK_LAYER_EVENT_CONTROLLER (self->cross_pan), self);
  gsk_layer_add_controller (GSK_LAYER (self), GSK_LAYER_EVENT_CONTROLLER (self->cross_pan));

  self->pinch = GSK_LAYER_PINCH_GESTURE (gsk_layer_pinch_gesture_new ());
  g_signal_connect_object (self->pinch, "pinch-begin", G_CALLBACK (on_pinch_begin), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->pinch, "pinch-update", G_CALLBACK (on_pinch_update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->pinch, "pinch-end", G_CALLBACK (on_pinch_end), self, G_CONNECT_SWAPPED);
  gsk_layer_event_controller_set_claim_group (GSK_LAYER_EVENT_CONTROLLER (self->pinch), self);
  gsk_layer_add_controller (GSK_LAYER (self), GSK_LAYER_EVENT_CONTROLLER (self->pinch));

  move_children (self, FALSE);
}

static void
gsk_layer_scroll_dispose (GObject *object)
{
  GskLayerScroll *self = GSK_LAYER_SCROLL (object);

  if (self->cells != NULL)
    gsk_layer_scroll_cells_free (g_steal_pointer (&self->cells));
  g_clear_object (&self->fixed);

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
    case PROP_CROSS_OFFSET:
      g_value_set_double (value, self->cross_offset);
      break;
    case PROP_SNAP:
      g_value_set_enum (value, self->snap);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_MIN_ZOOM:
      g_value_set_double (value, self->min_zoom);
      break;
    case PROP_MAX_ZOOM:
      g_value_set_double (value, self->max_zoom);
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
    case PROP_CROSS_OFFSET:
      gsk_layer_scroll_set_cross_offset (self, g_value_get_double (value));
      break;
    case PROP_SNAP:
      gsk_layer_scroll_set_snap (self, g_value_get_enum (value));
      break;
    case PROP_ZOOM:
      gsk_layer_scroll_set_zoom (self, g_value_get_double (value));
      break;
    case PROP_MIN_ZOOM:
      gsk_layer_scroll_set_zoom_limits (self, g_value_get_double (value), MAX (self->max_zoom, g_value_get_double (value)));
      break;
    case PROP_MAX_ZOOM:
      gsk_layer_scroll_set_zoom_limits (self, MIN (self->min_zoom, g_value_get_double (value)), g_value_get_double (value));
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
  layer_class->measure = gsk_layer_scroll_measure;

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

  /**
   * GskLayerScroll:cross-offset:
   *
   * How far the children are scrolled across the axis, in layout units:
   * where they reach wider than the layer, zoomed in, say (0 where they
   * fit: a list scrolls along its axis only). Setting it scrolls there,
   * with the easing state in force.
   *
   * Since: 0.1
   */
  properties[PROP_CROSS_OFFSET] =
    g_param_spec_double ("cross-offset", NULL, "How far the children are scrolled across the axis",
                         -1e9, 1e9, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerScroll:zoom:
   *
   * How much larger the children show than they are, about the layer's
   * origin: 1 by default, within [property@LayerScroll:min-zoom] and
   * [property@LayerScroll:max-zoom]. Offsets are in zoomed units. The
   * user zooms by pinching and with Ctrl and the wheel or the touchpad,
   * about the fingers or the pointer, once the limits allow it (as
   * Clutter's `ClutterZoomAction`); setting it zooms about the middle
   * of the layer, with the easing state in force.
   *
   * Since: 0.1
   */
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, "How much larger the children show than they are",
                         GSK_LAYER_SCROLL_MIN_ZOOM, GSK_LAYER_SCROLL_MAX_ZOOM, 1,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerScroll:min-zoom:
   *
   * The least [property@LayerScroll:zoom] the user and the application
   * may zoom to: 1 by default.
   *
   * Since: 0.1
   */
  properties[PROP_MIN_ZOOM] =
    g_param_spec_double ("min-zoom", NULL, "The least zoom",
                         GSK_LAYER_SCROLL_MIN_ZOOM, GSK_LAYER_SCROLL_MAX_ZOOM, 1,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerScroll:max-zoom:
   *
   * The most [property@LayerScroll:zoom] the user and the application
   * may zoom to: 1 by default, so that nothing zooms until it is raised.
   *
   * Since: 0.1
   */
  properties[PROP_MAX_ZOOM] =
    g_param_spec_double ("max-zoom", NULL, "The most zoom",
                         GSK_LAYER_SCROLL_MIN_ZOOM, GSK_LAYER_SCROLL_MAX_ZOOM, 1,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_scroll_init (GskLayerScroll *self)
{
  self->orientation = GSK_LAYER_ORIENTATION_VERTICAL;
  self->zoom = self->min_zoom = self->max_zoom = 1;
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

  scroll_to (self, offset, self->cross_offset);
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
 * @point: a point of the children's space (the layer's, unscrolled and
 *   unzoomed)
 *
 * Scrolls so that @point is at the layer's origin, as far as the
 * children reach along the axis and across it (as
 * `clutter_scroll_actor_scroll_to_point ()` and `CAScrollLayer`'s
 * `scrollToPoint:`), with the easing state in force. A point that is
 * not a number is refused with a critical warning.
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

  scroll_to (self, (is_horizontal (self) ? point->x : point->y) * self->zoom,
             (is_horizontal (self) ? point->y : point->x) * self->zoom);
}

/* The least scroll from @offset that shows @start to @end of the
 * children (zoomed) in @viewport; @start wins where it is too long */
static double
offset_showing (double offset,
                double start,
                double end,
                double viewport)
{
  if (start < offset || end - start > viewport)
    return start;
  if (end > offset + viewport)
    return end - viewport;
  return offset;
}

/**
 * gsk_layer_scroll_scroll_to_rect:
 * @self: a scroll layer
 * @rect: a rectangle of the children's space (the layer's, unscrolled
 *   and unzoomed)
 *
 * Scrolls as little as shows @rect whole, along the axis and across it:
 * to its start if it begins before the part shown, so that its end
 * shows if it ends after; not at all if it is shown already (as
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
  double along, across, z = self->zoom;

  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));
  g_return_if_fail (rect != NULL);
  g_return_if_fail (isfinite (rect->origin.x) && isfinite (rect->origin.y) &&
                    isfinite (rect->size.width) && isfinite (rect->size.height));

  graphene_rect_normalize_r (rect, &r);
  if (is_horizontal (self))
    {
      along = offset_showing (self->offset, r.origin.x * z, (r.origin.x + r.size.width) * z,
                              gsk_layer_scroll_viewport_length (self));
      across = offset_showing (self->cross_offset, r.origin.y * z, (r.origin.y + r.size.height) * z,
                               viewport_across (self));
    }
  else
    {
      along = offset_showing (self->offset, r.origin.y * z, (r.origin.y + r.size.height) * z,
                              gsk_layer_scroll_viewport_length (self));
      across = offset_showing (self->cross_offset, r.origin.x * z, (r.origin.x + r.size.width) * z,
                               viewport_across (self));
    }
  if (along == self->offset && across == self->cross_offset)
    return;

  scroll_to (self, along, across);
}

/**
 * gsk_layer_scroll_set_cross_offset:
 * @self: a scroll layer
 * @offset: how far to scroll across the axis, in layout units
 *
 * Scrolls across the axis to @offset, clamped to 0 and
 * [method@LayerScroll.get_max_cross_offset], with the easing state in
 * force. An offset that is not a number is refused with a critical
 * warning.
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_set_cross_offset (GskLayerScroll *self,
                                   double          offset)
{
  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));
  g_return_if_fail (isfinite (offset));

  scroll_to (self, self->offset, offset);
}

/**
 * gsk_layer_scroll_get_cross_offset:
 * @self: a scroll layer
 *
 * Gives [property@LayerScroll:cross-offset].
 *
 * Returns: the offset across the axis, in layout units
 *
 * Since: 0.1
 */
double
gsk_layer_scroll_get_cross_offset (GskLayerScroll *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), 0);

  return self->cross_offset;
}

/**
 * gsk_layer_scroll_get_max_cross_offset:
 * @self: a scroll layer
 *
 * Gives how far @self scrolls across its axis: the extent its visible
 * children reach across it, zoomed, less its own size, as of the last
 * layout pass; 0 when they fit.
 *
 * Returns: the largest offset across the axis, in layout units
 *
 * Since: 0.1
 */
double
gsk_layer_scroll_get_max_cross_offset (GskLayerScroll *self)
{
  double upper = 0;

  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), 0);

  gsk_layer_pan_gesture_get_range (self->cross_pan, NULL, &upper);
  return upper;
}

/**
 * gsk_layer_scroll_zoom_to:
 * @self: a scroll layer
 * @zoom: the zoom, clamped to the limits
 * @focal: (nullable): the point of the layer's space that keeps showing
 *   the same point of the children, or %NULL for the layer's middle
 *
 * Zooms to @zoom about @focal, scrolling as it does (within the range
 * at the new zoom), with the easing state in force, as a pinch or
 * Ctrl and the wheel do about the fingers or the pointer. A zoom or a
 * point that is not a number is refused with a critical warning.
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_zoom_to (GskLayerScroll         *self,
                          double                  zoom,
                          const graphene_point_t *focal)
{
  graphene_point_t middle;

  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));
  g_return_if_fail (isfinite (zoom));
  g_return_if_fail (focal == NULL || (isfinite (focal->x) && isfinite (focal->y)));

  if (focal == NULL)
    {
      graphene_size_t size;

      gsk_layer_get_size (GSK_LAYER (self), &size);
      middle = GRAPHENE_POINT_INIT (size.width / 2, size.height / 2);
      focal = &middle;
    }
  zoom_about (self, zoom, focal, TRUE);
}

/**
 * gsk_layer_scroll_set_zoom:
 * @self: a scroll layer
 * @zoom: the zoom, clamped to the limits
 *
 * Sets [property@LayerScroll:zoom], about the middle of the layer:
 * see [method@LayerScroll.zoom_to].
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_set_zoom (GskLayerScroll *self,
                           double          zoom)
{
  gsk_layer_scroll_zoom_to (self, zoom, NULL);
}

/**
 * gsk_layer_scroll_get_zoom:
 * @self: a scroll layer
 *
 * Gives [property@LayerScroll:zoom]: while a zoom animates, the zoom it
 * goes to.
 *
 * Returns: the zoom
 *
 * Since: 0.1
 */
double
gsk_layer_scroll_get_zoom (GskLayerScroll *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), 1);

  return self->zoom;
}

/**
 * gsk_layer_scroll_set_zoom_limits:
 * @self: a scroll layer
 * @min_zoom: the least zoom, from %GSK_LAYER_SCROLL_MIN_ZOOM
 * @max_zoom: the most zoom, at least @min_zoom, up to
 *   %GSK_LAYER_SCROLL_MAX_ZOOM
 *
 * Sets [property@LayerScroll:min-zoom] and
 * [property@LayerScroll:max-zoom]; a zoom outside them comes within
 * them, at once. Limits out of order, out of bounds or not numbers are
 * refused with a critical warning.
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_set_zoom_limits (GskLayerScroll *self,
                                  double          min_zoom,
                                  double          max_zoom)
{
  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));
  g_return_if_fail (min_zoom >= GSK_LAYER_SCROLL_MIN_ZOOM && max_zoom <= GSK_LAYER_SCROLL_MAX_ZOOM);
  g_return_if_fail (min_zoom <= max_zoom);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->min_zoom != min_zoom)
    {
      self->min_zoom = min_zoom;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MIN_ZOOM]);
    }
  if (self->max_zoom != max_zoom)
    {
      self->max_zoom = max_zoom;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_ZOOM]);
    }
  if (self->zoom < min_zoom || self->zoom > max_zoom)
    {
      graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);

      zoom_about (self, self->zoom, &origin, FALSE);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * gsk_layer_scroll_get_min_zoom:
 * @self: a scroll layer
 *
 * Gives [property@LayerScroll:min-zoom].
 *
 * Returns: the least zoom
 *
 * Since: 0.1
 */
double
gsk_layer_scroll_get_min_zoom (GskLayerScroll *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), 1);

  return self->min_zoom;
}

/**
 * gsk_layer_scroll_get_max_zoom:
 * @self: a scroll layer
 *
 * Gives [property@LayerScroll:max-zoom].
 *
 * Returns: the most zoom
 *
 * Since: 0.1
 */
double
gsk_layer_scroll_get_max_zoom (GskLayerScroll *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), 1);

  return self->max_zoom;
}

/**
 * gsk_layer_scroll_get_pinch_gesture:
 * @self: a scroll layer
 *
 * Gives the gesture that zooms @self when two fingers pinch, to switch
 * it off (%GSK_LAYER_PHASE_NONE) or listen to it.
 *
 * Returns: (transfer none): the pinch gesture of @self
 *
 * Since: 0.1
 */
GskLayerPinchGesture *
gsk_layer_scroll_get_pinch_gesture (GskLayerScroll *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), NULL);

  return self->pinch;
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
