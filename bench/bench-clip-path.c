/* bench-clip-path.c: layers clipped by CSS clip-path, moving every frame,
 * against the same layers clipped by a rounded rectangle (issue 32)
 *
 * N layers of 40×40 px (a gradient background, a texture into which
 * border-radius draws its corners; or a colour, an op that rounds its
 * own; and a child over a corner) move every frame over a 1024×768
 * target, each clipped by one of:
 *
 *   rounded  border-radius: 20px with clip-to-bounds (the yardstick)
 *   circle   clip-path: circle(20px)
 *   polygon  clip-path: polygon(…) of eight vertices (an octagon)
 *
 * and the median frame time of each on the GL and software backends,
 * with the ratio to `rounded` of the same backend in the same run. Each
 * run is this program again, as a child, so that no backend's caches
 * carry over. The target: circle ≤ 1.5 × rounded.
 *
 * Usage: bench-clip-path [FRAMES [N]]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsklayer.h>

#include "bench-child.h"

#define W 1024
#define H 768

static const char * const kinds[] = { "rounded", "circle", "polygon" };

static double
run (GskLayerRenderer *renderer,
     const char       *kind,
     int               frames,
     int               n)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  GskLayer **layers = g_new (GskLayer *, n);
  double *times = g_new (double, frames), median;
  int i, f;

  const char *fill = g_getenv ("BENCH_CLIP_PATH_FILL");
  g_autofree char *css = NULL;

  /* The background: a gradient (a raster, into which border-radius
   * draws its corners) or a colour (an op that rounds its own corners) */
  fill = g_strcmp0 (fill, "color") == 0 ? "background-color: #3584e4" : "background-image: linear-gradient(#3584e4, #1a5fb4)";
  if (g_str_equal (kind, "rounded"))
    css = g_strdup_printf ("%s; border-radius: 20px", fill);
  else if (g_str_equal (kind, "circle"))
    css = g_strdup_printf ("%s; clip-path: circle(20px)", fill);
  else
    css = g_strdup_printf ("%s; clip-path: polygon(30%% 0, 70%% 0, 100%% 30%%, 100%% 70%%, 70%% 100%%, "
                           "30%% 100%%, 0 70%%, 0 30%%)", fill);

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (W, H));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  for (i = 0; i < n; i++)
    {
      GskLayer *layer = gsk_layer_new ();
      GskLayer *child = gsk_layer_new ();
      g_autoptr (GError) error = NULL;

      gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (40, 40));
      if (!gsk_layer_set_style_from_string (layer, css, &error))
        g_error ("%s", error->message);
      gsk_layer_set_clip_to_bounds (layer, g_str_equal (kind, "rounded"));
      gsk_layer_set_size (child, &GRAPHENE_SIZE_INIT (20, 20));
      gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (24, 24));
      gsk_layer_set_background_color (child, &(GdkRGBA) { 0.9f, 0.4f, 0.1f, 1 });
      gsk_layer_add_child (layer, child);
      gsk_layer_add_child (root, layer);
      layers[i] = layer;
    }

  for (f = -3; f < frames; f++)
    {
      gint64 start;

      for (i = 0; i < n; i++)
        {
          double a = i * 2.399 + f * 0.02;

          gsk_layer_set_position (layers[i], &GRAPHENE_POINT_INIT (492 + 460 * cos (a) * (i % 97) / 97.0,
                                                                   364 + 340 * sin (a) * (i % 89) / 89.0));
        }
      start = g_get_monotonic_time ();
      cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
      if (f >= 0)
        times[f] = (g_get_monotonic_time () - start) / 1000.0;
    }

  /* BENCH_CLIP_PATH_SAVE=DIR keeps the last frame of each run, to look at */
  if (g_getenv ("BENCH_CLIP_PATH_SAVE"))
    {
      g_autofree char *name = g_strdup_printf ("%s/bench-clip-path-%s-%s.png", g_getenv ("BENCH_CLIP_PATH_SAVE"),
                                               g_getenv ("BENCH_CLIP_PATH_CHILD"), kind);

      cairo_surface_write_to_png (target, name);
    }

  median = bench_median (times, frames);
  g_free (times);
  g_free (layers);
  cairo_surface_destroy (target);
  g_object_unref (root);
  return median;
}

static double
run_child (const char *self,
           const char *backend,
           const char *fill,
           const char *kind,
           int         frames,
           int         n)
{
  g_autofree char *frames_arg = g_strdup_printf ("%d", frames);
  g_autofree char *n_arg = g_strdup_printf ("%d", n);
  char *child_argv[] = { (char *) self, frames_arg, n_arg, (char *) kind, NULL };
  const char *env[] = { "BENCH_CLIP_PATH_CHILD", backend, "BENCH_CLIP_PATH_FILL", fill, NULL };

  return bench_run_child (child_argv, env);
}

int
main (int    argc,
      char **argv)
{
  static const char * const backends[] = { "gl", "software" };
  static const char * const fills[] = { "gradient", "color" };
  int frames = argc > 1 ? atoi (argv[1]) : 30;
  int n = argc > 2 ? atoi (argv[2]) : 1000;
  guint b, k, fi;

  if (g_getenv ("BENCH_CLIP_PATH_CHILD") != NULL)
    {
      g_autoptr (GError) error = NULL;
      GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend (g_getenv ("BENCH_CLIP_PATH_CHILD"), &error);

      if (renderer == NULL)
        g_error ("no renderer: %s", error->message);
      printf ("%g\n", run (renderer, argv[3], frames, n));
      g_object_unref (renderer);
      return 0;
    }

  printf ("# %d layers of 40x40 moving every frame over %dx%d, %d frames; median ms a frame\n"
          "# backend   fill      clip      ms       ratio to rounded\n", n, W, H, frames);
  for (b = 0; b < G_N_ELEMENTS (backends); b++)
    for (fi = 0; fi < G_N_ELEMENTS (fills); fi++)
      {
        double rounded = 0;

        for (k = 0; k < G_N_ELEMENTS (kinds); k++)
          {
            double ms = run_child (argv[0], backends[b], fills[fi], kinds[k], frames, n);

            if (k == 0)
              rounded = ms;
            printf ("  %-9s %-9s %-8s %8.2f  %6.2f\n", backends[b], fills[fi], kinds[k], ms, ms / rounded);
          }
      }

  return 0;
}
