/* bench-fishbowl-gtk.c: the fishbowl on GTK 4's own GL renderer, a peer of GSK
 *
 * The scene of bench-fishbowl (bench-fishbowl-scene.h) as GTK 4 render
 * nodes: a white color node under the icons, and for each icon a
 * texture node (one shared GdkTexture) under a transform node
 * (translate to the icon, rotate about its centre); the odd ones
 * wrapped in an opacity node of 0.7, as a widget's snapshot gives.
 *
 * One frame, timed: move every icon (the same motion model as GSK's),
 * build the frame's node tree (what a widget's snapshot does), render
 * it with gsk_renderer_render_texture () on a GskGLRenderer realized
 * without a surface, and download the texture into memory, so the frame
 * has really been drawn (GSK's GL backend reads its frame back into an
 * image surface too).
 *
 * Needs a display for GDK: run it under xvfb-run with GDK_BACKEND=x11
 * (bench/run-peers.sh does).
 *
 * Usage: bench-fishbowl-gtk [--raw] [--counts=100,1000,10000] [--scene=NAME] [FRAMES]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>

#include <gtk/gtk.h>
#if !GTK_CHECK_VERSION (4, 14, 0)
#include <gsk/gl/gskglrenderer.h>
#endif

#include "bench-fishbowl-scene.h"
#include "bench-fishbowl-gtk-nodes.h"

static double
run_gtk (GskRenderer *renderer,
         GdkTexture  *icon,
         int          n,
         int          frames)
{
  const graphene_rect_t viewport = GRAPHENE_RECT_INIT (0, 0, FISHBOWL_WIDTH, FISHBOWL_HEIGHT);
  gsize stride = FISHBOWL_WIDTH * 4;
  guchar *pixels = g_malloc (stride * FISHBOWL_HEIGHT);
  Fish *fish = fishbowl_new (n);
  double *times = g_new (double, frames);
  gint64 start = 0;
  double result;
  int frame;

  for (frame = -BENCH_WARMUP; bench_more_frames (frame, frames, start); frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      GskRenderNode *root;
      GdkTexture *texture;

      if (frame == 0)
        start = t0;
      fishbowl_step (fish, n);
      root = fishbowl_build_nodes (fish, n, icon);
      texture = gsk_renderer_render_texture (renderer, root, &viewport);
      gdk_texture_download (texture, pixels, stride);
      g_object_unref (texture);
      gsk_render_node_unref (root);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  if (g_getenv ("BENCH_FISHBOWL_PNG"))
    {
      cairo_surface_t *s = cairo_image_surface_create_for_data (pixels, CAIRO_FORMAT_ARGB32,
                                                                FISHBOWL_WIDTH, FISHBOWL_HEIGHT,
                                                                stride);

      cairo_surface_write_to_png (s, g_getenv ("BENCH_FISHBOWL_PNG"));
      cairo_surface_destroy (s);
    }

  result = bench_median (times, frame);
  g_free (pixels);
  g_free (fish);
  g_free (times);

  return result;
}

int
main (int    argc,
      char **argv)
{
  BenchOptions options;
  cairo_surface_t *icon_surface;
  GdkTexture *icon;
  GskRenderer *renderer;
  GError *error = NULL;
  guint i;

  bench_parse_options (&options, argc, argv, 30);

  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-fishbowl-gtk: cannot open a display (run under xvfb-run)\n");
      return 1;
    }

  renderer = gsk_gl_renderer_new ();
  if (!gsk_renderer_realize (renderer, NULL, &error))
    {
      fprintf (stderr, "bench-fishbowl-gtk: cannot realize GTK's GL renderer: %s\n", error->message);
      return 1;
    }

  icon_surface = fishbowl_make_icon ();
  icon = fishbowl_icon_texture (icon_surface);

  if (!options.raw)
    {
      printf ("%s on GTK %d.%d.%d's %s: median of up to %d frames\n\n", fishbowl_scene.name,
              gtk_get_major_version (), gtk_get_minor_version (), gtk_get_micro_version (),
              G_OBJECT_TYPE_NAME (renderer), options.frames);
      printf ("%8s %12s %12s %14s\n", "N", "gtk ms", "gtk fps", "us per layer");
    }
  for (i = 0; i < options.counts->len; i++)
    {
      int n = g_array_index (options.counts, int, i);
      double ms = run_gtk (renderer, icon, n, options.frames);

      if (options.raw)
        printf ("%s gtk %d %.4f\n", fishbowl_scene.name, n, ms);
      else
        printf ("%8d %12.2f %12.1f %14.3f\n", n, ms, 1000.0 / ms, ms * 1000.0 / n);
      fflush (stdout);
    }

  gsk_renderer_unrealize (renderer);
  g_object_unref (renderer);
  g_object_unref (icon);
  cairo_surface_destroy (icon_surface);
  g_array_unref (options.counts);

  return 0;
}
