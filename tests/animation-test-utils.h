/* animation-test-utils.h: what the animation tests (test-animation.c,
 * test-animation-implicit.c) share: a timeline's signals counted, a root
 * on a clock, presentation values, a frame drawn, and a parent whose
 * redraw requests run application code
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gsklayer.h>

#define MS 1000

typedef struct {
  guint started;
  guint completed;
  guint stopped;
  gboolean last_finished;
  guint frames;
} Counts;

static inline void
on_started (GskLayerTimeline *t,
            Counts           *c)
{
  c->started++;
}

static inline void
on_completed (GskLayerTimeline *t,
              Counts           *c)
{
  c->completed++;
}

static inline void
on_stopped (GskLayerTimeline *t,
            gboolean          finished,
            Counts           *c)
{
  c->stopped++;
  c->last_finished = finished;
}

static inline void
on_new_frame (GskLayerTimeline *t,
              double            progress,
              Counts           *c)
{
  c->frames++;
}

static inline void
count_signals (GskLayerTimeline *t,
               Counts           *c)
{
  g_signal_connect (t, "started", G_CALLBACK (on_started), c);
  g_signal_connect (t, "completed", G_CALLBACK (on_completed), c);
  g_signal_connect (t, "stopped", G_CALLBACK (on_stopped), c);
  g_signal_connect (t, "new-frame", G_CALLBACK (on_new_frame), c);
}

static inline GskLayer *
root_with_clock (GskLayerFrameClock *clock)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_set_frame_clock (root, clock);

  return root;
}

static inline float
presentation_opacity (GskLayer *layer)
{
  GValue v = G_VALUE_INIT;
  float f;

  g_assert_true (gsk_layer_get_presentation_value (layer, "opacity", &v));
  f = g_value_get_float (&v);
  g_value_unset (&v);

  return f;
}

static inline float
presentation_float (GskLayer   *layer,
                    const char *name)
{
  GValue v = G_VALUE_INIT;
  float f;

  g_assert_true (gsk_layer_get_presentation_value (layer, name, &v));
  f = g_value_get_float (&v);
  g_value_unset (&v);
  return f;
}

static inline void
render_frame (GskLayer *root)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 32, 32);

  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  cairo_surface_destroy (target);
  g_object_unref (renderer);
}

/* A parent whose redraw request (application code) removes a child, or
 * whose child's opacity animation starts the next one when it ends */
#define TEST_TYPE_HOST (test_host_get_type ())
G_DECLARE_FINAL_TYPE (TestHost, test_host, TEST, HOST, GskLayer)

struct _TestHost
{
  GskLayer parent_instance;
  gboolean remove_origin;   /* remove the child whose request comes up */
  gboolean ping_pong;       /* fade back in when its own opacity hits 0 */
  gboolean leave;           /* leave its parent at its own next request */
  GskLayerManualClock *advance;  /* moves this clock at its own next request */
};

G_DEFINE_FINAL_TYPE (TestHost, test_host, GSK_TYPE_LAYER)

static inline gboolean
test_host_queue_redraw (GskLayer                    *layer,
                        GskLayer                    *origin,
                        const cairo_rectangle_int_t *area)
{
  TestHost *self = TEST_HOST (layer);

  if (self->remove_origin && origin != layer && gsk_layer_get_parent (origin) == layer)
    {
      self->remove_origin = FALSE;
      /* Drops the last reference of the layer being set */
      gsk_layer_remove_child (layer, origin);
    }
  if (self->advance && origin == layer)
    gsk_layer_manual_clock_advance (g_steal_pointer (&self->advance), 30 * MS);
  if (self->leave && origin == layer && gsk_layer_get_parent (layer) != NULL)
    {
      self->leave = FALSE;
      /* Drops the last reference: chain up with one of our own */
      g_object_ref (layer);
      gsk_layer_remove_child (gsk_layer_get_parent (layer), layer);
      GSK_LAYER_CLASS (test_host_parent_class)->queue_redraw (layer, origin, area);
      g_object_unref (layer);
      return FALSE;
    }
  if (self->ping_pong && origin == layer && presentation_float (layer, "opacity") == 0.f)
    {
      self->ping_pong = FALSE;
      gsk_layer_save_easing_state (layer);
      gsk_layer_set_easing_duration (layer, 100);
      gsk_layer_set_opacity (layer, 1.f);
      gsk_layer_restore_easing_state (layer);
    }

  return GSK_LAYER_CLASS (test_host_parent_class)->queue_redraw (layer, origin, area);
}

static inline void
test_host_class_init (TestHostClass *klass)
{
  GSK_LAYER_CLASS (klass)->queue_redraw = test_host_queue_redraw;
}

static inline void
test_host_init (TestHost *self)
{
}
