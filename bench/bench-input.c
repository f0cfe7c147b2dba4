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

static guint handled;

static gboolean
on_event (GskLayerEventController *controller,
          GskLayerEvent           *event,
          gpointer                 data)
{
  handled++;
  return FALSE;
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
  return 0;
}
