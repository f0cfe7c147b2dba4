/* bench-rings.c: progress rings drawing themselves on, GSK's shape
 * layers against GTK 4 drawing the same rings with cairo (issue 32)
 *
 * N rings (200 by default) of 64×64 units in a 1024×768 frame, each a
 * grey track and a blue arc with round caps whose end moves every frame
 * (each ring at its own phase). Each frame is timed from the change to
 * the pixels in memory:
 *
 * - gsk-gl and gsk-software: each ring two GskLayerShapes (the track
 *   drawn once, the arc's stroke-end set every frame, which draws that
 *   layer's content again), drawn by GSK's GL renderer (headless EGL)
 *   or its software one;
 * - gtk-gl and gtk-cairo: what a GtkDrawingArea gives GTK, a cairo node
 *   over the frame in which cairo draws every ring, built every frame
 *   and rendered by GTK's GL renderer or its cairo renderer with
 *   gsk_renderer_render_texture (), and downloaded.
 *
 * Each runs in a process of its own; run the bench under xvfb-run with
 * GDK_BACKEND=x11 (GTK's renderers need a display). Printed: medians
 * in ms, and GSK's frame rate over GTK's with the same kind of renderer
 * (the target: at least 1).
 *
 * Usage: bench-rings [--count=N] [FRAMES]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>
#if !GTK_CHECK_VERSION (4, 14, 0)
#include <gsk/gl/gskglrenderer.h>
#endif
#include <gsklayer.h>

#define WIDTH 1024
#define HEIGHT 768
#define SIZE 64
#define WARMUP 3

static const GdkRGBA track_color = { 0.87f, 0.87f, 0.85f, 1 };
static const GdkRGBA arc_color = { 0.21f, 0.52f, 0.89f, 1 };

/* Ring @i's place and where its arc ends in @frame */
static void
ring_place (int    i,
            float *x,
            float *y)
{
  /* 17 a row, 60 units apart (a ring is 60 across), 12 rows */
  *x = (i % 17) * 60;
  *y = (i / 17 % 12) * 64;
}

static float
ring_end (int i,
          int frame)
{
  return fmodf ((i * 37 + (frame + WARMUP) * 3) / 200.f, 1.f);
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *v,
        int     n)
{
  qsort (v, n, sizeof (double), compare_double);
  return v[n / 2];
}

static int
run_gsk (const char *backend,
         int         n,
         int         frames)
{
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend (backend, &error);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  GskLayerPath *ring = gsk_layer_path_parse ("M 32 6 A 26 26 0 1 1 31.99 6", NULL);
  GskLayerShape **arcs = g_new (GskLayerShape *, n);
  double *times = g_new (double, frames);
  int i, frame;

  if (renderer == NULL)
    {
      g_printerr ("bench-rings: no %s renderer: %s\n", backend, error->message);
      return 1;
    }
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (WIDTH, HEIGHT));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  for (i = 0; i < n; i++)
    {
      GskLayer *track = gsk_layer_shape_new (ring), *arc = gsk_layer_shape_new (ring);
      float x, y;

      ring_place (i, &x, &y);
      gsk_layer_set_position (track, &GRAPHENE_POINT_INIT (x, y));
      gsk_layer_set_position (arc, &GRAPHENE_POINT_INIT (x, y));
      gsk_layer_set_size (track, &GRAPHENE_SIZE_INIT (SIZE, SIZE));
      gsk_layer_set_size (arc, &GRAPHENE_SIZE_INIT (SIZE, SIZE));
      g_object_set (track, "fill-color", &(GdkRGBA) { 0, 0, 0, 0 }, "stroke-color", &track_color,
                    "stroke-width", 8.f, NULL);
      g_object_set (arc, "fill-color", &(GdkRGBA) { 0, 0, 0, 0 }, "stroke-color", &arc_color,
                    "stroke-width", 8.f, "line-cap", GSK_LAYER_LINE_CAP_ROUND, NULL);
      gsk_layer_add_child (root, track);
      gsk_layer_add_child (root, arc);
      arcs[i] = GSK_LAYER_SHAPE (arc);
    }

  for (frame = -WARMUP; frame < frames; frame++)
    {
      gint64 t0 = g_get_monotonic_time ();

      for (i = 0; i < n; i++)
        gsk_layer_shape_set_stroke_end (arcs[i], ring_end (i, frame));
      cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  if (g_getenv ("BENCH_RINGS_PNG"))
    {
      g_autofree char *name = g_strdup_printf ("%s-gsk-%s.png", g_getenv ("BENCH_RINGS_PNG"), backend);

      cairo_surface_write_to_png (target, name);
    }
  printf ("%.3f\n", median (times, frames));

  gsk_layer_path_unref (ring);
  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
  g_free (arcs);
  g_free (times);
  return 0;
}

/* A GtkDrawingArea's draw function: every ring, with cairo */
static void
draw_rings (cairo_t *cr,
            int      n,
            int      frame)
{
  int i;

  cairo_set_line_width (cr, 8);
  for (i = 0; i < n; i++)
    {
      float x, y, end = ring_end (i, frame);

      ring_place (i, &x, &y);
      cairo_new_path (cr);
      cairo_arc (cr, x + 32, y + 32, 26, 0, 2 * G_PI);
      gdk_cairo_set_source_rgba (cr, &track_color);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_stroke (cr);
      if (end > 0)
        {
          cairo_new_path (cr);
          cairo_arc (cr, x + 32, y + 32, 26, -G_PI / 2, -G_PI / 2 + 2 * G_PI * end);
          gdk_cairo_set_source_rgba (cr, &arc_color);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          cairo_stroke (cr);
        }
    }
}

static int
run_gtk (const char *backend,
         int         n,
         int         frames)
{
  const graphene_rect_t viewport = GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT);
  g_autoptr (GError) error = NULL;
  GskRenderer *renderer;
  double *times = g_new (double, frames);
  gsize stride = WIDTH * 4;
  guchar *pixels = g_malloc (stride * HEIGHT);
  int frame;

  if (!gtk_init_check ())
    {
      g_printerr ("bench-rings: no display for GTK\n");
      return 1;
    }
  renderer = g_str_equal (backend, "gl") ? gsk_gl_renderer_new () : gsk_cairo_renderer_new ();
  if (!gsk_renderer_realize (renderer, NULL, &error))
    {
      g_printerr ("bench-rings: GTK's %s renderer: %s\n", backend, error->message);
      return 1;
    }

  for (frame = -WARMUP; frame < frames; frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      GskRenderNode *nodes[2], *root;
      GdkTexture *texture;
      cairo_t *cr;

      nodes[0] = gsk_color_node_new (&(GdkRGBA) { 1, 1, 1, 1 }, &viewport);
      nodes[1] = gsk_cairo_node_new (&viewport);
      cr = gsk_cairo_node_get_draw_context (nodes[1]);
      draw_rings (cr, n, frame);
      cairo_destroy (cr);
      root = gsk_container_node_new (nodes, 2);
      gsk_render_node_unref (nodes[0]);
      gsk_render_node_unref (nodes[1]);

      texture = gsk_renderer_render_texture (renderer, root, &viewport);
      gdk_texture_download (texture, pixels, stride);
      g_object_unref (texture);
      gsk_render_node_unref (root);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  if (g_getenv ("BENCH_RINGS_PNG"))
    {
      g_autofree char *name = g_strdup_printf ("%s-gtk-%s.png", g_getenv ("BENCH_RINGS_PNG"), backend);
      cairo_surface_t *s = cairo_image_surface_create_for_data (pixels, CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT, stride);

      cairo_surface_write_to_png (s, name);
      cairo_surface_destroy (s);
    }
  printf ("%.3f\n", median (times, frames));

  gsk_renderer_unrealize (renderer);
  g_object_unref (renderer);
  g_free (pixels);
  g_free (times);
  return 0;
}

static double
run_child (const char *self,
           const char *run,
           int         n,
           int         frames)
{
  g_autofree char *run_arg = g_strdup_printf ("--run=%s", run);
  g_autofree char *count_arg = g_strdup_printf ("--count=%d", n);
  g_autofree char *frames_arg = g_strdup_printf ("%d", frames);
  char *argv[] = { (char *) self, run_arg, count_arg, frames_arg, NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  int status;

  if (!g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error))
    g_error ("%s", error->message);
  if (!g_spawn_check_wait_status (status, NULL))
    return NAN;
  return g_ascii_strtod (out, NULL);
}

int
main (int    argc,
      char **argv)
{
  int frames = 30, n = 200, i;
  const char *run = NULL;
  double gsk_gl, gsk_sw, gtk_gl, gtk_cairo;

  for (i = 1; i < argc; i++)
    {
      if (g_str_has_prefix (argv[i], "--run="))
        run = argv[i] + strlen ("--run=");
      else if (g_str_has_prefix (argv[i], "--count="))
        n = MAX (1, atoi (argv[i] + strlen ("--count=")));
      else if (atoi (argv[i]) > 0)
        frames = atoi (argv[i]);
    }

  if (g_strcmp0 (run, "gsk-gl") == 0)
    return run_gsk ("gl", n, frames);
  if (g_strcmp0 (run, "gsk-software") == 0)
    return run_gsk ("software", n, frames);
  if (g_strcmp0 (run, "gtk-gl") == 0)
    return run_gtk ("gl", n, frames);
  if (g_strcmp0 (run, "gtk-cairo") == 0)
    return run_gtk ("cairo", n, frames);

  gsk_gl = run_child (argv[0], "gsk-gl", n, frames);
  gsk_sw = run_child (argv[0], "gsk-software", n, frames);
  gtk_gl = run_child (argv[0], "gtk-gl", n, frames);
  gtk_cairo = run_child (argv[0], "gtk-cairo", n, frames);

  printf ("%d progress rings drawing on (stroke-end every frame), %dx%d; medians of %d frames\n",
          n, WIDTH, HEIGHT, frames);
  printf ("  GSK GL:        %8.2f ms\n", gsk_gl);
  printf ("  GTK 4 GL:      %8.2f ms\n", gtk_gl);
  printf ("  GSK software:  %8.2f ms\n", gsk_sw);
  printf ("  GTK 4 cairo:   %8.2f ms\n", gtk_cairo);
  printf ("  GSK GL / GTK GL frame rate:          %5.2f%s  (target: at least 1)\n",
          gtk_gl / gsk_gl, gtk_gl / gsk_gl < 1 ? " !" : "");
  printf ("  GSK software / GTK cairo frame rate: %5.2f%s  (target: at least 1)\n",
          gtk_cairo / gsk_sw, gtk_cairo / gsk_sw < 1 ? " !" : "");

  return 0;
}
