/* bench-page-turn.c: pages turning every frame, against the same pages
 * flat (issue 32)
 *
 * N pages of 200×150 (a gradient, three children, one round) in a grid
 * over a 1024×768 target, each a GskLayerPageTurn of 32×32 tiles (the
 * default, as ClutterDeformEffect's) whose period changes every frame,
 * or the same pages flat, moving by a pixel every frame instead (the
 * yardstick: what drawing them costs without a mesh). Prints the median
 * frame time of each on the GL and software backends, and the ratio to
 * flat of the same backend in the same run. Each run is this program
 * again, as a child, so that no backend's caches carry over.
 *
 * Usage: bench-page-turn [FRAMES [N]]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include <gsklayer.h>

#include "bench-child.h"

#define W 1024
#define H 768

static const char * const kinds[] = { "flat", "turning" };

static GskLayer *
page_new (int i)
{
  GskLayer *page = gsk_layer_page_turn_new ();
  g_autofree char *css = g_strdup_printf ("background-image: linear-gradient(135deg, hsl(%d, 60%%, 60%%), "
                                          "hsl(%d, 60%%, 35%%))", i * 37 % 360, (i * 37 + 60) % 360);
  int c;

  gsk_layer_set_size (page, &GRAPHENE_SIZE_INIT (200, 150));
  gsk_layer_set_style_from_string (page, css, NULL);
  gsk_layer_page_turn_set_angle (GSK_LAYER_PAGE_TURN (page), 25);
  gsk_layer_page_turn_set_radius (GSK_LAYER_PAGE_TURN (page), 16);
  for (c = 0; c < 3; c++)
    {
      GskLayer *child = gsk_layer_new ();

      gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (16 + c * 60, 40 + c * 20));
      gsk_layer_set_size (child, &GRAPHENE_SIZE_INIT (48, 48));
      gsk_layer_set_background_color (child, &(GdkRGBA) { 1, 1, 1, 0.8f });
      gsk_layer_set_corner_radius (child, c == 1 ? 24 : 4);
      gsk_layer_add_child (page, child);
    }
  return page;
}

static double
run (GskLayerRenderer *renderer,
     const char       *kind,
     int               frames,
     int               n)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  GskLayer **pages = g_new (GskLayer *, n);
  double *times = g_new (double, frames), median;
  gboolean turning = g_str_equal (kind, "turning");
  int i, f;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (W, H));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  for (i = 0; i < n; i++)
    {
      pages[i] = page_new (i);
      gsk_layer_set_position (pages[i], &GRAPHENE_POINT_INIT (12 + (i % 4) * 252, 12 + (i / 4 % 4) * 188));
      gsk_layer_add_child (root, pages[i]);
    }

  for (f = -3; f < frames; f++)
    {
      gint64 start;

      for (i = 0; i < n; i++)
        {
          if (turning)
            gsk_layer_page_turn_set_period (GSK_LAYER_PAGE_TURN (pages[i]), 0.1 + 0.5 * ((f + i * 7) % 40) / 40.0);
          else
            gsk_layer_set_position (pages[i], &GRAPHENE_POINT_INIT (12 + (i % 4) * 252 + (f & 1),
                                                                    12 + (i / 4 % 4) * 188));
        }
      start = g_get_monotonic_time ();
      cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
      if (f >= 0)
        times[f] = (g_get_monotonic_time () - start) / 1000.0;
    }

  /* BENCH_PAGE_TURN_SAVE=DIR keeps the last frame of each run, to look at */
  if (g_getenv ("BENCH_PAGE_TURN_SAVE"))
    {
      g_autofree char *name = g_strdup_printf ("%s/bench-page-turn-%s-%s.png", g_getenv ("BENCH_PAGE_TURN_SAVE"),
                                               g_getenv ("BENCH_PAGE_TURN_CHILD"), kind);

      cairo_surface_write_to_png (target, name);
    }

  median = bench_median (times, frames);
  g_free (times);
  g_free (pages);
  cairo_surface_destroy (target);
  g_object_unref (root);
  return median;
}

static double
run_child (const char *self,
           const char *backend,
           const char *kind,
           int         frames,
           int         n)
{
  g_autofree char *frames_arg = g_strdup_printf ("%d", frames);
  g_autofree char *n_arg = g_strdup_printf ("%d", n);
  char *child_argv[] = { (char *) self, frames_arg, n_arg, (char *) kind, NULL };
  const char *env[] = { "BENCH_PAGE_TURN_CHILD", backend, NULL };

  return bench_run_child (child_argv, env);
}

int
main (int    argc,
      char **argv)
{
  static const char * const backends[] = { "gl", "software" };
  int frames = argc > 1 ? atoi (argv[1]) : 30;
  int n = argc > 2 ? atoi (argv[2]) : 16;
  guint b, k;

  if (g_getenv ("BENCH_PAGE_TURN_CHILD") != NULL)
    {
      g_autoptr (GError) error = NULL;
      GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend (g_getenv ("BENCH_PAGE_TURN_CHILD"), &error);

      if (renderer == NULL)
        g_error ("no renderer: %s", error->message);
      printf ("%g\n", run (renderer, argv[3], frames, n));
      g_object_unref (renderer);
      return 0;
    }

  printf ("# %d pages of 200x150 (32x32 tiles) over %dx%d, %d frames; median ms a frame\n"
          "# backend   pages     ms       ratio to flat\n", n, W, H, frames);
  for (b = 0; b < G_N_ELEMENTS (backends); b++)
    {
      double flat = 0;

      for (k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          double ms = run_child (argv[0], backends[b], kinds[k], frames, n);

          if (k == 0)
            flat = ms;
          printf ("  %-9s %-8s %8.2f  %6.2f\n", backends[b], kinds[k], ms, ms / flat);
        }
    }

  return 0;
}
