/* bench-input.c: dispatching a motion event in a tree of 10,000 layers
 *
 * 10,000 layers of 8×6 in a grid over 1024×768 (the scene of
 * bench-animation), each reactive with two event controllers, capture
 * and bubble (as Clutter's ::captured-event and ::event), whose handlers
 * let the event go on, drawn once (picking then uses the frame's
 * bounds, as it does in an application). Each dispatch of a motion event to the root
 * picks the layer under the pointer, sends the leave and enter events
 * of the crossing (the pointer moves to another layer each time), and
 * carries the event through the capture, target and bubble phases.
 *
 * Prints the median time per dispatch over 31 batches of 200 events
 * (one batch is timed as a whole: a dispatch takes about a microsecond).
 *
 * Then a kinetic pan of a list of 10,000 rows of 100×30: a
 * GskLayerPanGesture on the root moves the list layer by its value
 * (notify::value sets the list's position). A touch flick at 3,000 units
 * a second starts the kinetic motion; the median of 41 ticks of a manual
 * frame clock, 16.7 ms apart, is the cost of one frame's motion: the
 * pan's step and the list's move (not the drawing).
 * bench-input-clutter does the same on Clutter 1.26; bench/run-peers.sh
 * prints both.
 *
 * Usage: bench-input [--raw]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsklayer.h>

#define N_LAYERS 10000
#define BATCHES 31
#define PER_BATCH 200
#define TICKS 41

static guint handled;

static gboolean
on_event (GskLayerEventController *controller,
          GskLayerEvent           *event,
          gpointer                 data)
{
  handled++;
  return FALSE;
}

static void
move_list (GObject    *pan,
           GParamSpec *pspec,
           GskLayer   *list)
{
  gsk_layer_set_position (list, &GRAPHENE_POINT_INIT (0, -gsk_layer_pan_gesture_get_value (GSK_LAYER_PAN_GESTURE (pan))));
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

int
main (int    argc,
      char **argv)
{
  gboolean raw = argc > 1 && strcmp (argv[1], "--raw") == 0;
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  double us[BATCHES];
  guint k = 0;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (1024, 768));
  for (int i = 0; i < N_LAYERS; i++)
    {
      GskLayer *layer = gsk_layer_new ();
      GskLayerEventController *controller = gsk_layer_event_controller_new ();
      GskLayerEventController *capture = gsk_layer_event_controller_new ();

      gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT ((i % 100) * 10.f, (i / 100) * 7.f));
      gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (8, 6));
      g_signal_connect (controller, "event", G_CALLBACK (on_event), NULL);
      gsk_layer_add_controller (layer, controller);
      gsk_layer_event_controller_set_propagation_phase (capture, GSK_LAYER_PHASE_CAPTURE);
      g_signal_connect (capture, "event", G_CALLBACK (on_event), NULL);
      gsk_layer_add_controller (layer, capture);
      gsk_layer_add_child (root, layer);
    }

  /* As in an application, the tree was drawn before the pointer moves:
   * picking uses the bounds the frame computed */
  {
    GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();

    cairo_surface_destroy (gsk_layer_renderer_render_to_surface (renderer, root, 1024, 768));
    g_object_unref (renderer);
  }

  for (int b = -1; b < BATCHES; b++)
    {
      gint64 start = g_get_monotonic_time ();

      for (int i = 0; i < PER_BATCH; i++, k++)
        {
          /* Over a layer each time, a different one */
          GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_MOTION, k,
                                                      (k * 37) % 100 * 10 + 4.5,
                                                      (k * 23) % 100 * 7 + 3.5);

          gsk_layer_dispatch_event (root, event);
          gsk_layer_event_unref (event);
        }
      /* The first batch warms up */
      if (b >= 0)
        us[b] = (g_get_monotonic_time () - start) / (double) PER_BATCH;
    }

  qsort (us, BATCHES, sizeof (double), compare_doubles);
  if (raw)
    printf ("input gsk-motion-us %.3f\n", us[BATCHES / 2]);
  else
    printf ("bench-input: one motion event in %d layers (pick, crossing, capture and bubble): "
            "median %.2f us (%u handler calls)\n", N_LAYERS, us[BATCHES / 2], handled);

  g_object_unref (root);

  /* The kinetic pan */
  {
    GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
    GskLayerEventController *pan = gsk_layer_pan_gesture_new (GSK_LAYER_DRAG_VERTICAL);
    GskLayer *list = gsk_layer_new ();
    double tick_us[TICKS], start_value;

    root = g_object_ref_sink (gsk_layer_new ());
    gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (1024, 768));
    gsk_layer_set_size (list, &GRAPHENE_SIZE_INIT (100, N_LAYERS * 30.f));
    for (int i = 0; i < N_LAYERS; i++)
      {
        GskLayer *row = gsk_layer_new ();

        gsk_layer_set_position (row, &GRAPHENE_POINT_INIT (0, i * 30.f));
        gsk_layer_set_size (row, &GRAPHENE_SIZE_INIT (100, 28));
        gsk_layer_add_child (list, row);
      }
    gsk_layer_add_child (root, list);
    gsk_layer_set_frame_clock (root, clock);
    gsk_layer_pan_gesture_set_range (GSK_LAYER_PAN_GESTURE (pan), 0, N_LAYERS * 30.0 - 768);
    g_signal_connect (pan, "notify::value", G_CALLBACK (move_list), list);
    gsk_layer_add_controller (root, pan);

    /* A flick upwards: 30 units every 10 ms */
    for (int i = 0; i < 8; i++)
      {
        GskLayerEvent *event = gsk_layer_event_new (i == 0 ? GSK_LAYER_EVENT_TOUCH_BEGIN :
                                                    i == 7 ? GSK_LAYER_EVENT_TOUCH_END : GSK_LAYER_EVENT_TOUCH_UPDATE,
                                                    10 * i, 500, 700 - 30 * i);

        gsk_layer_event_set_sequence (event, 1);
        gsk_layer_dispatch_event (root, event);
        gsk_layer_event_unref (event);
      }
    start_value = gsk_layer_pan_gesture_get_value (GSK_LAYER_PAN_GESTURE (pan));

    for (int t = 0; t < TICKS; t++)
      {
        gint64 start = g_get_monotonic_time ();

        gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 16667);
        tick_us[t] = g_get_monotonic_time () - start;
      }
    if (!gsk_layer_pan_gesture_is_moving (GSK_LAYER_PAN_GESTURE (pan)) ||
        gsk_layer_pan_gesture_get_value (GSK_LAYER_PAN_GESTURE (pan)) <= start_value)
      {
        fprintf (stderr, "bench-input: the pan did not move\n");
        return 1;
      }

    qsort (tick_us, TICKS, sizeof (double), compare_doubles);
    if (raw)
      printf ("input gsk-pan-tick-ms %.4f\n", tick_us[TICKS / 2] / 1000);
    else
      printf ("bench-input: one tick of a kinetic pan over %d rows: median %.4f ms (moved %.0f units in %d ticks)\n",
              N_LAYERS, tick_us[TICKS / 2] / 1000,
              gsk_layer_pan_gesture_get_value (GSK_LAYER_PAN_GESTURE (pan)) - start_value, TICKS);

    g_object_unref (root);
    g_object_unref (clock);
  }

  return 0;
}
