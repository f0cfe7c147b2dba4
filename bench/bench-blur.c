/* bench-blur.c: blurs on the GL backend, at reduced resolution and at
 * full resolution, side by side; and on the software backend
 *
 * A 480×320 layer with a gradient and `filter: blur(σ)` moves a pixel
 * per frame over a 960×640 target. For each σ, the median frame time of
 * the GL renderer blurring it again every frame (GSK_LAYER_DEBUG=no-cache:
 * a half or a quarter of the resolution from σ = 4 or 16), of the same
 * with every blur at full resolution (no-cache,full-res-blur), and as
 * it is, drawing the moved layer from its blurred pixels of the frame
 * before; then the software backend blurring it every frame (no-cache)
 * and as it is, drawing it from its kept pixels. Each run is this
 * program again, as a child.
 *
 * Usage: bench-blur [FRAMES [SIGMA...]]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsklayer.h>

#include "gsk-layer-gl-renderer-private.h"

#define W 960
#define H 640

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The median frame time, in ms, of @frames frames blurring by @sigma */
static double
run (GskLayerRenderer *renderer,
     int               frames,
     double            sigma,
     guint            *reduced)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  g_autofree char *css = g_strdup_printf ("background-image: linear-gradient(45deg, #e01b24, #1c71d8); "
                                          "border-radius: 24px; filter: blur(%gpx)", sigma);
  double *times = g_new (double, frames), median;
  g_autoptr (GError) error = NULL;
  int i;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (W, H));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (480, 320));
  if (!gsk_layer_set_style_from_string (card, css, &error))
    g_error ("%s", error->message);
  gsk_layer_add_child (root, card);

  for (i = -3; i < frames; i++)
    {
      gint64 start;

      gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (160 + (i & 63), 160));
      start = g_get_monotonic_time ();
      cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
      if (i >= 0)
        times[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  *reduced = GSK_IS_LAYER_GL_RENDERER (renderer)
             ? gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (renderer))->reduced_blurs : 0;

  qsort (times, frames, sizeof (double), compare_doubles);
  median = times[frames / 2];
  g_free (times);
  cairo_surface_destroy (target);
  g_object_unref (root);

  return median;
}

/* The median frame time of this program run as a child on @backend with
 * GSK_LAYER_DEBUG=@debug, and the reduced blurs of its last frame */
static double
run_child (const char *self,
           const char *backend,
           int         frames,
           double      sigma,
           const char *debug,
           guint      *reduced)
{
  g_autofree char *frames_arg = g_strdup_printf ("%d", frames);
  g_autofree char *sigma_arg = g_strdup_printf ("%g", sigma);
  char *child_argv[] = { (char *) self, frames_arg, sigma_arg, NULL };
  char **envp = g_environ_setenv (g_get_environ (), "GSK_LAYER_DEBUG", debug, TRUE);
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  double ms = 0;

  envp = g_environ_setenv (envp, "BENCH_BLUR_CHILD", backend, TRUE);
  if (!g_spawn_sync (NULL, child_argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, NULL, &error))
    g_error ("%s", error->message);
  g_strfreev (envp);
  *reduced = 0;
  if (sscanf (out, "%lf %u", &ms, reduced) < 1)
    g_error ("bench-blur: the child said “%s”", out);
  return ms;
}

int
main (int    argc,
      char **argv)
{
  static const double default_sigmas[] = { 2, 6, 12, 24, 48 };
  int frames = argc > 1 ? atoi (argv[1]) : 30;
  int n = argc > 2 ? argc - 2 : (int) G_N_ELEMENTS (default_sigmas);
  int i;

  if (g_getenv ("BENCH_BLUR_CHILD") != NULL)
    {
      g_autoptr (GError) error = NULL;
      GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend (g_getenv ("BENCH_BLUR_CHILD"), &error);
      guint reduced = 0;
      double ms;

      if (renderer == NULL)
        g_error ("no renderer: %s", error->message);
      ms = run (renderer, frames, g_ascii_strtod (argv[2], NULL), &reduced);
      printf ("%g %u\n", ms, reduced);
      g_object_unref (renderer);
      return 0;
    }

  printf ("# %d frames of %dx%d, a 480x320 layer blurred and moving a pixel a frame; ms a frame\n"
          "#        GL                                                           software\n"
          "# sigma  reduced-ms  full-ms  full/reduced  reduced-blurs  kept-ms  reduced/kept"
          "  blurred-ms  kept-ms  blurred/kept\n", frames, W, H);
  for (i = 0; i < n; i++)
    {
      double sigma = argc > 2 ? g_ascii_strtod (argv[i + 2], NULL) : default_sigmas[i];
      guint reduced, unused;
      double ms = run_child (argv[0], "gl", frames, sigma, "no-cache", &reduced);
      double full = run_child (argv[0], "gl", frames, sigma, "no-cache,full-res-blur", &unused);
      double kept = run_child (argv[0], "gl", frames, sigma, "", &unused);
      double sw = run_child (argv[0], "software", frames, sigma, "no-cache", &unused);
      double sw_kept = run_child (argv[0], "software", frames, sigma, "", &unused);

      printf ("%7g  %10.2f  %7.2f  %12.2f%s  %13u  %7.2f  %12.2f  %10.2f  %7.2f  %12.2f\n", sigma, ms, full,
              full / ms, full / ms < 1 ? "!" : "", reduced, kept, ms / kept, sw, sw_kept, sw / sw_kept);
    }

  return 0;
}
