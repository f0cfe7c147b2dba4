/* bench-fishbowl.c: GSK's backends against plain cairo
 *
 * N 64×64 icons move and rotate over a 1024×768 surface, half of them
 * at opacity 0.7 (the scene is in bench-fishbowl-scene.h, shared with
 * the Clutter and GTK 4 peers). Each frame moves every icon, sets each
 * layer's position and rotation, then GSK renders the frame into a
 * 1024×768 image surface (with its damage tracking; the GL backend
 * renders on an EGL surfaceless context and reads the frame back into
 * the image), and plain cairo draws the same frame from scratch.
 * Prints the median frame time of each and their ratio, for
 * N = 100, 1000, 10000.
 *
 * Usage: bench-fishbowl [--backend=software,cairo,gl] [--counts=100,1000,10000]
 *                       [--scene=fishbowl|cards|tiny] [--raw] [FRAMES]
 *
 * The default is --backend=software,cairo. --raw prints one line
 * "SCENE IMPL N MS" per measurement, for bench/run-peers.sh.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include <gsklayer.h>

#include "bench-fishbowl-scene.h"

#define W FISHBOWL_WIDTH
#define H FISHBOWL_HEIGHT
#define ICON_W fishbowl_scene.width
#define ICON_H fishbowl_scene.height

/* Median frame time in ms, or a negative number if the renderer could
 * not be made (no GL) */
static double
run_gsk (const char      *backend,
         int              n,
         int              frames,
         cairo_surface_t *icon)
{
  GskLayerRenderer *renderer;
  GskLayerContent *content;
  cairo_surface_t *target;
  GskLayer *root;
  GskLayer **layers;
  Fish *fish;
  double *times;
  GdkRGBA white = { 1, 1, 1, 1 };
  GError *error = NULL;
  gint64 start = 0;
  double result;
  int i, frame;

  renderer = gsk_layer_renderer_new_for_backend (backend, &error);
  if (renderer == NULL)
    {
      fprintf (stderr, "bench-fishbowl: no %s renderer: %s\n", backend, error->message);
      g_error_free (error);
      return -1;
    }

  content = gsk_layer_image_content_new (icon);
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  root = g_object_ref_sink (gsk_layer_new ());
  layers = g_new (GskLayer *, n);
  fish = fishbowl_new (n);
  times = g_new (double, frames);

  gsk_layer_renderer_set_clear_color (renderer, &white);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (W, H));
  for (i = 0; i < n; i++)
    {
      layers[i] = gsk_layer_new ();
      gsk_layer_set_size (layers[i], &GRAPHENE_SIZE_INIT (ICON_W, ICON_H));
      gsk_layer_set_content (layers[i], content);
      if (fishbowl_opacity (i) < 1.f)
        gsk_layer_set_opacity (layers[i], fishbowl_opacity (i));
      gsk_layer_add_child (root, layers[i]);
    }

  for (frame = -BENCH_WARMUP; bench_more_frames (frame, frames, start); frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      cairo_region_t *damage;

      if (frame == 0)
        start = t0;
      fishbowl_step (fish, n);
      /* Position and the rotate property: what the peers set (Clutter's
       * rotation-angle-z) */
      for (i = 0; i < n; i++)
        {
          gsk_layer_set_position (layers[i], &GRAPHENE_POINT_INIT (fish[i].x, fish[i].y));
          gsk_layer_set_rotate (layers[i], fish[i].angle);
        }
      damage = gsk_layer_renderer_render (renderer, root, target);
      cairo_region_destroy (damage);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  if (g_getenv ("BENCH_FISHBOWL_PNG"))
    cairo_surface_write_to_png (target, g_getenv ("BENCH_FISHBOWL_PNG"));

  result = bench_median (times, frame);

  g_object_unref (root);
  g_object_unref (content);
  g_object_unref (renderer);
  cairo_surface_destroy (target);
  g_free (layers);
  g_free (fish);
  g_free (times);

  return result;
}

static double
run_cairo (int              n,
           int              frames,
           cairo_surface_t *icon)
{
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  Fish *fish = fishbowl_new (n);
  double *times = g_new (double, frames);
  gint64 start = 0;
  double result;
  int i, frame;

  for (frame = -BENCH_WARMUP; bench_more_frames (frame, frames, start); frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      cairo_t *cr = cairo_create (target);

      if (frame == 0)
        start = t0;
      fishbowl_step (fish, n);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      for (i = 0; i < n; i++)
        {
          cairo_save (cr);
          cairo_translate (cr, fish[i].x + ICON_W / 2.0, fish[i].y + ICON_H / 2.0);
          cairo_rotate (cr, fish[i].angle * G_PI / 180);
          cairo_translate (cr, -ICON_W / 2.0, -ICON_H / 2.0);
          cairo_set_source_surface (cr, icon, 0, 0);
          cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
          if (fishbowl_opacity (i) < 1.f)
            cairo_paint_with_alpha (cr, fishbowl_opacity (i));
          else
            cairo_paint (cr);
          cairo_restore (cr);
        }
      cairo_destroy (cr);
      cairo_surface_flush (target);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  result = bench_median (times, frame);
  cairo_surface_destroy (target);
  g_free (fish);
  g_free (times);

  return result;
}

static double
run_one (const char      *impl,
         int              n,
         int              frames,
         cairo_surface_t *icon)
{
  if (g_str_equal (impl, "cairo"))
    return run_cairo (n, frames, icon);
  else
    return run_gsk (impl, n, frames, icon);
}

int
main (int    argc,
      char **argv)
{
  BenchOptions options;
  cairo_surface_t *icon;
  char **impls;
  guint i, j;

  bench_parse_options (&options, argc, argv, 30);
  icon = fishbowl_make_icon ();
  impls = g_strsplit (options.backend ? options.backend : "software,cairo", ",", -1);

  if (!options.raw)
    {
      if (fishbowl_scene.opacity < 1.f)
        printf ("%s: N %dx%d images moving and rotating over %dx%d, half at opacity %.2g\n",
                fishbowl_scene.name, ICON_W, ICON_H, W, H, fishbowl_scene.opacity);
      else
        printf ("%s: N opaque %dx%d images moving and rotating over %dx%d\n",
                fishbowl_scene.name, ICON_W, ICON_H, W, H);
      printf ("median of up to %d frames (at most ~%d s each); ms per frame, us per layer\n\n",
              options.frames, (int) (BENCH_BUDGET_US / G_USEC_PER_SEC));
      printf ("%8s", "N");
      for (j = 0; impls[j]; j++)
        printf (" %12s ms %8s", impls[j], "us/layer");
      if (g_strv_contains ((const char * const *) impls, "software") &&
          g_strv_contains ((const char * const *) impls, "cairo"))
        printf (" %16s", "cairo / software");
      printf ("\n");
    }

  for (i = 0; i < options.counts->len; i++)
    {
      int n = g_array_index (options.counts, int, i);
      double software = -1, cairo = -1;

      if (!options.raw)
        printf ("%8d", n);
      for (j = 0; impls[j]; j++)
        {
          double ms = run_one (impls[j], n, options.frames, icon);

          if (g_str_equal (impls[j], "software"))
            software = ms;
          else if (g_str_equal (impls[j], "cairo"))
            cairo = ms;

          if (options.raw)
            {
              if (ms > 0)
                printf ("%s %s%s %d %.4f\n", fishbowl_scene.name,
                        g_str_equal (impls[j], "cairo") ? "" : "gsk-", impls[j], n, ms);
            }
          else if (ms > 0)
            printf (" %15.2f %8.3f", ms, ms * 1000.0 / n);
          else
            printf (" %15s %8s", "-", "-");
          fflush (stdout);
        }
      if (!options.raw && software > 0 && cairo > 0)
        printf (" %16.2f", cairo / software);
      if (!options.raw)
        printf ("\n");
    }

  g_strfreev (impls);
  g_array_unref (options.counts);
  cairo_surface_destroy (icon);

  return 0;
}
