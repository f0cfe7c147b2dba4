/* bench-animation.c: the cost of ticking many animations
 *
 * 10,000 layers of 8×6 with a background color, each with a running
 * transform (rotate to 360°) and opacity (to 0.5) transition (implicit
 * animations, 10 s long so none ends), on a manual clock. Prints the
 * median cost of one clock tick (gsk_layer_manual_clock_advance () by
 * 16.667 ms: every transition computes its value and sets it, which
 * queues the layers' redraws), of a whole frame (the tick, then a render
 * of the 1024×768 target: compile, damage, composite), and the memory
 * per running transition.
 *
 * bench-animation-clutter measures the same on Clutter 1.26.
 *
 * Usage: bench-animation [--backend=software,gl] [--raw]
 *
 * --backend lists the renderers of the frame (default: software); with
 * several, each renders ROUNDS frames in turn. --raw prints
 * "animation WHAT VALUE" lines for bench/run-peers.sh.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsklayer.h>

#include "bench-fishbowl-scene.h"

#define N_LAYERS 10000
#define ROUNDS 41

int
main (int    argc,
      char **argv)
{
  BenchOptions options;
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1024, 768);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer **layers = g_new (GskLayer *, N_LAYERS);
  GArray *tick_ms = g_array_new (FALSE, FALSE, sizeof (double));
  double frame_ms[ROUNDS];
  struct mallinfo2 before, after;
  cairo_region_t *damage;
  char **backends;
  double bytes;
  int i, r, b;

  bench_parse_options (&options, argc, argv, ROUNDS);
  backends = g_strsplit (options.backend ? options.backend : "software", ",", -1);

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (1024, 768));
  gsk_layer_set_frame_clock (root, clock);
  for (i = 0; i < N_LAYERS; i++)
    {
      layers[i] = gsk_layer_new ();
      gsk_layer_set_position (layers[i], &GRAPHENE_POINT_INIT ((i % 100) * 10.f, (i / 100) * 7.f));
      gsk_layer_set_size (layers[i], &GRAPHENE_SIZE_INIT (8, 6));
      gsk_layer_set_background_color (layers[i], &(GdkRGBA) { 0.2f, 0.4f, 0.8f, 1 });
      gsk_layer_add_child (root, layers[i]);
    }

  /* The layers' easing states and side structs exist before we count,
   * so that the figure is the transitions' own */
  for (i = 0; i < N_LAYERS; i++)
    {
      gsk_layer_save_easing_state (layers[i]);
      gsk_layer_set_easing_duration (layers[i], 10000);
    }

  malloc_trim (0);
  before = mallinfo2 ();
  for (i = 0; i < N_LAYERS; i++)
    {
      GskLayerTransform *t = gsk_layer_transform_rotate (NULL, 360);

      gsk_layer_set_transform (layers[i], t);
      gsk_layer_transform_unref (t);
      gsk_layer_set_opacity (layers[i], 0.5f);
    }
  /* One frame, so that what transitions allocate when they first run
   * (prepared endpoints) is counted too */
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 16667);
  after = mallinfo2 ();
  bytes = (double) (after.uordblks - before.uordblks) / (2.0 * N_LAYERS);

  if (!options.raw)
    printf ("GSK, 10,000 layers x (transform + opacity) implicit animations\n");

  for (b = 0; backends[b]; b++)
    {
      GError *error = NULL;
      GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend (backends[b], &error);

      if (renderer == NULL)
        {
          fprintf (stderr, "bench-animation: no %s renderer: %s\n", backends[b], error->message);
          g_clear_error (&error);
          continue;
        }

      /* A first frame in full, as a new renderer draws it */
      damage = gsk_layer_renderer_render (renderer, root, target);
      cairo_region_destroy (damage);

      for (r = 0; r < ROUNDS; r++)
        {
          gint64 t0, t1, t2;
          double tick;

          t0 = g_get_monotonic_time ();
          gsk_layer_manual_clock_advance (manual, 16667);
          t1 = g_get_monotonic_time ();
          /* What the tick changed, made into damage and a render list */
          damage = gsk_layer_renderer_render (renderer, root, target);
          t2 = g_get_monotonic_time ();
          cairo_region_destroy (damage);

          tick = (t1 - t0) / 1000.0;
          g_array_append_val (tick_ms, tick);
          frame_ms[r] = (t2 - t0) / 1000.0;
        }

      if (options.raw)
        printf ("animation gsk-frame-%s %.4f\n", backends[b], bench_median (frame_ms, ROUNDS));
      else
        printf ("%-60s %8.3f ms\n",
                g_str_equal (backends[b], "gl") ? "tick + render (compile, damage, GL composite, read back)"
                                                : "tick + render (compile, damage, software composite)",
                bench_median (frame_ms, ROUNDS));
      g_object_unref (renderer);
    }

  if (tick_ms->len > 0)
    {
      double tick = bench_median ((double *) (void *) tick_ms->data, tick_ms->len);

      if (options.raw)
        printf ("animation gsk-tick %.4f\n", tick);
      else
        printf ("%-60s %8.3f ms  (target <= 1 ms)\n",
                "clock tick, 10,000 layers x (transform + opacity)", tick);
    }
  if (options.raw)
    printf ("animation gsk-bytes %.1f\n", bytes);
  else
    printf ("%-60s %8.0f bytes (target < 256)\n", "memory per running transition", bytes);

  g_object_unref (root);
  g_object_unref (clock);
  cairo_surface_destroy (target);
  g_array_unref (tick_ms);
  g_array_unref (options.counts);
  g_strfreev (backends);
  g_free (layers);

  return 0;
}
