/* bench-gl.c: the GL backend against the software one, side by side
 *
 * The fishbowl of bench-fishbowl.c (N 64×64 icons moving and rotating
 * over 1024×768, half at opacity 0.7), rendered frame after frame with
 * damage tracking by both renderers from the same tree. Prints the
 * median frame time of each (wall clock, and CPU time of all the
 * process's threads, which says more when the cores are shared), their
 * ratios, the damaged pixels per frame
 * and what the GL backend's stats say of its last frame, for N = 100,
 * 1000 and 10000 (or the counts given).
 *
 * Usage: bench-gl [FRAMES [N...]]
 *
 * BENCH_GL_PNG=prefix writes the last frame of each run as
 * prefix-{gl,software}-N.png; BENCH_GL_ONLY=1 skips the software runs
 * (to profile GL alone).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <gsklayer.h>

#include "gsk-layer-gl-renderer-private.h"
#include "bench-fishbowl-scene.h"

#define W FISHBOWL_WIDTH
#define H FISHBOWL_HEIGHT
#define ICON FISHBOWL_ICON

typedef struct {
  double median_ms;
  double cpu_ms;             /* median CPU time of the process, all threads */
  double damage_px;          /* median damaged pixels per frame */
  GskLayerGLStats stats;     /* of the last frame, GL only */
} Result;


/* Both cores are shared here: CPU time, which counts llvmpipe's and
 * the software backend's threads too, says more than wall time when
 * something else runs */
static double
cpu_now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static double
region_area (const cairo_region_t *region)
{
  double area = 0;
  int i;

  for (i = 0; i < cairo_region_num_rectangles (region); i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (region, i, &r);
      area += (double) r.width * r.height;
    }

  return area;
}

static void
run (GskLayerRenderer *renderer,
     const char       *name,
     int               n,
     int               frames,
     cairo_surface_t  *icon,
     Result           *result)
{
  GskLayerContent *content = gsk_layer_image_content_new (icon);
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer **layers = g_new (GskLayer *, n);
  Fish *fish = fishbowl_new (n);
  double *times = g_new (double, frames);
  double *areas = g_new (double, frames);
  double *cpu = g_new (double, frames);
  GdkRGBA white = { 1, 1, 1, 1 };
  const char *png = g_getenv ("BENCH_GL_PNG");
  int i, frame;

  gsk_layer_renderer_set_clear_color (renderer, &white);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (W, H));
  for (i = 0; i < n; i++)
    {
      layers[i] = gsk_layer_new ();
      gsk_layer_set_size (layers[i], &GRAPHENE_SIZE_INIT (ICON, ICON));
      gsk_layer_set_content (layers[i], content);
      if (i % 2)
        gsk_layer_set_opacity (layers[i], 0.7f);
      gsk_layer_add_child (root, layers[i]);
    }

  for (frame = -2; frame < frames; frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double c0 = cpu_now_ms ();
      cairo_region_t *damage;

      fishbowl_step (fish, n);
      for (i = 0; i < n; i++)
        {
          GskLayerTransform *t = gsk_layer_transform_rotate (NULL, fish[i].angle);

          gsk_layer_set_position (layers[i], &GRAPHENE_POINT_INIT (fish[i].x, fish[i].y));
          gsk_layer_set_transform (layers[i], t);
          gsk_layer_transform_unref (t);
        }
      damage = gsk_layer_renderer_render (renderer, root, target);
      if (frame >= 0)
        {
          times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
          cpu[frame] = cpu_now_ms () - c0;
          areas[frame] = region_area (damage);
        }
      cairo_region_destroy (damage);
    }

  if (png)
    {
      g_autofree char *path = g_strdup_printf ("%s-%s-%d.png", png, name, n);

      cairo_surface_write_to_png (target, path);
    }

  result->median_ms = bench_median (times, frames);
  result->cpu_ms = bench_median (cpu, frames);
  result->damage_px = bench_median (areas, frames);
  if (GSK_IS_LAYER_GL_RENDERER (renderer))
    result->stats = *gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (renderer));

  g_object_unref (root);
  g_object_unref (content);
  cairo_surface_destroy (target);
  g_free (layers);
  g_free (fish);
  g_free (times);
  g_free (areas);
  g_free (cpu);
}

int
main (int    argc,
      char **argv)
{
  static const int default_counts[] = { 100, 1000, 10000 };
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *gl, *software;
  int frames = argc > 1 ? atoi (argv[1]) : 30;
  cairo_surface_t *icon;
  gboolean gl_only = g_getenv ("BENCH_GL_ONLY") != NULL;
  int n_counts, i;

  if (frames < 1)
    frames = 30;

  gl = gsk_layer_gl_renderer_new (&error);
  if (gl == NULL)
    {
      fprintf (stderr, "No GL renderer: %s\n", error->message);
      return 77;
    }
  software = gsk_layer_software_renderer_new ();
  icon = fishbowl_make_icon ();
  n_counts = argc > 2 ? argc - 2 : (int) G_N_ELEMENTS (default_counts);

  printf ("fishbowl: N 64x64 icons moving and rotating over %dx%d, half at opacity 0.7\n", W, H);
  printf ("GL: %s\n", gsk_layer_gl_renderer_get_description (GSK_LAYER_GL_RENDERER (gl)));
  printf ("median of %d frames; ratio > 1 means GL is faster\n\n", frames);
  printf ("%6s %9s %9s %6s %8s %8s %9s %9s %6s %10s %6s %7s %8s %5s\n",
          "N", "gl ms", "sw ms", "ratio", "gl fps", "sw fps",
          "gl cpu", "sw cpu", "ratio", "damage px", "draws", "uploads", "quads", "offs");

  for (i = 0; i < n_counts; i++)
    {
      int n = argc > 2 ? atoi (argv[i + 2]) : default_counts[i];
      Result g = { 0, }, s = { 0, };

      if (n < 1)
        continue;

      run (gl, "gl", n, frames, icon, &g);
      if (!gl_only)
        run (software, "software", n, frames, icon, &s);
      else
        s = g;

      printf ("%6d %9.2f %9.2f %6.2f %8.1f %8.1f %9.2f %9.2f %6.2f %10.0f %6u %7u %8u %5u%s\n",
              n, g.median_ms, s.median_ms, s.median_ms / g.median_ms,
              1000.0 / g.median_ms, 1000.0 / s.median_ms,
              g.cpu_ms, s.cpu_ms, s.cpu_ms / g.cpu_ms, g.damage_px,
              g.stats.draw_calls, g.stats.texture_uploads, g.stats.quads,
              g.stats.offscreens, g.stats.software ? " (GL fell back to software)" : "");
      fflush (stdout);
    }

  g_object_unref (gl);
  g_object_unref (software);
  cairo_surface_destroy (icon);

  return 0;
}
