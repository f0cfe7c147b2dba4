/* bench-style.c: styled layers moving, GSK against GTK 4 drawing the
 * same boxes as render nodes (issue 14)
 *
 * N boxes of 72×48 units (1000 by default) in a 1024×768 frame, each
 * with `border-radius: 10px; border: 2px solid; box-shadow: 0 4px 12px`
 * and a background colour, all moving every frame (the fishbowl's
 * motion, without rotation). Each frame is timed from the move to the
 * pixels in memory:
 *
 * - gsk-gl and gsk-software: the boxes as GskLayers with that style,
 *   drawn by GSK's GL renderer (headless EGL) or its software one. The
 *   style's raster (shadow, background, border) is drawn once per box;
 *   the bench counts rasterizations after the first frame, which should
 *   be none: a moving shadow blurs nothing again.
 * - gtk-gl and gtk-cairo: what a widget's snapshot gives for such a box
 *   (an outset shadow node, a rounded-clipped colour node, a border
 *   node under a translation), built every frame, rendered by GTK's GL
 *   renderer or its cairo renderer with gsk_renderer_render_texture ()
 *   and downloaded.
 *
 * With --animated, the boxes also change their style every frame: a
 * 3 px border whose colour changes and a linear gradient that turns
 * (`border-radius: 10px; border: 3px solid rgb(…);
 * background-image: linear-gradient(…deg, …)`, no shadow), and GSK's GL
 * renderer runs twice: rasterizing each box's style with cairo and
 * uploading it every frame (its default), and with
 * GSK_LAYER_DEBUG=vector-style, drawing borders and gradients in its
 * shaders. GTK's nodes are a
 * rounded-clipped linear gradient node and a border node.
 *
 * Each runs in a process of its own (GSK's headless EGL context cannot
 * be made in a GTK X11 process); run the bench under xvfb-run with
 * GDK_BACKEND=x11. Printed: medians in ms and the ratios the issue sets
 * (GSK GL at least 1.5× GTK GL's frame rate; GSK software at least GTK
 * cairo's), with ! where short.
 *
 * Usage: bench-style [--count=N] [--animated] [FRAMES]
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

#include "gsk-layer-private.h"
#include "gsk-layer-compile-private.h"

#define WIDTH 1024
#define HEIGHT 768
#define BOX_W 72
#define BOX_H 48
#define WARMUP 3

typedef struct {
  float x, y, dx, dy;
  GdkRGBA color;
} Box;

static Box *
boxes_new (int n)
{
  Box *boxes = g_new (Box, n);
  GRand *rand = g_rand_new_with_seed (42);
  int i;

  for (i = 0; i < n; i++)
    {
      boxes[i].x = g_rand_double_range (rand, 0, WIDTH - BOX_W);
      boxes[i].y = g_rand_double_range (rand, 0, HEIGHT - BOX_H);
      boxes[i].dx = g_rand_double_range (rand, -3, 3);
      boxes[i].dy = g_rand_double_range (rand, -3, 3);
      boxes[i].color = (GdkRGBA) { g_rand_double_range (rand, 0.5, 1), g_rand_double_range (rand, 0.5, 1),
                                   g_rand_double_range (rand, 0.5, 1), 1 };
    }
  g_rand_free (rand);
  return boxes;
}

static void
boxes_step (Box *boxes,
            int  n)
{
  int i;

  for (i = 0; i < n; i++)
    {
      Box *b = &boxes[i];

      b->x += b->dx;
      b->y += b->dy;
      if (b->x < 0 || b->x > WIDTH - BOX_W)
        b->dx = -b->dx;
      if (b->y < 0 || b->y > HEIGHT - BOX_H)
        b->dy = -b->dy;
    }
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

static const char style_text[] =
  "border-radius: 10px; border: 2px solid #241f31; box-shadow: 0 4px 12px rgba(0, 0, 0, 0.45)";

/* --animated: each box's style changes every frame */
static gboolean animated;

/* Box @i's border colour and gradient angle in @frame */
static void
animated_style (int       i,
                int       frame,
                GdkRGBA  *border,
                float    *angle)
{
  *border = (GdkRGBA) { (float) ((i * 7 + (frame + 1024) * 5) % 256) / 255.f, 0.3f, 0.6f, 1 };
  *angle = (float) ((i * 13 + (frame + 1024) * 7) % 360);
}

/* {{{ GSK */

static int
run_gsk (const char *backend,
         int         n,
         int         frames)
{
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend (backend, &error);
  GskLayer *root, **layers;
  Box *boxes = boxes_new (n);
  cairo_surface_t *target;
  double *times = g_new (double, frames);
  guint rasterized = 0;
  int i, frame;

  if (renderer == NULL)
    {
      g_printerr ("bench-style: no %s renderer: %s\n", backend, error->message);
      return 1;
    }

  root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (WIDTH, HEIGHT));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  layers = g_new (GskLayer *, n);
  for (i = 0; i < n; i++)
    {
      layers[i] = gsk_layer_new ();
      gsk_layer_set_size (layers[i], &GRAPHENE_SIZE_INIT (BOX_W, BOX_H));
      gsk_layer_set_background_color (layers[i], &boxes[i].color);
      if (!gsk_layer_set_style_from_string (layers[i], style_text, &error))
        g_error ("%s", error->message);
      gsk_layer_add_child (root, layers[i]);
    }

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  for (frame = -WARMUP; frame < frames; frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      cairo_region_t *damage;

      boxes_step (boxes, n);
      for (i = 0; i < n; i++)
        {
          gsk_layer_set_position (layers[i], &GRAPHENE_POINT_INIT (boxes[i].x, boxes[i].y));
          if (animated)
            {
              GdkRGBA border;
              float angle;
              g_autofree char *style = NULL;
              char color[64];

              animated_style (i, frame, &border, &angle);
              g_snprintf (color, sizeof color, "rgb(%d, %d, %d)", (int) (boxes[i].color.red * 255),
                          (int) (boxes[i].color.green * 255), (int) (boxes[i].color.blue * 255));
              style = g_strdup_printf ("border-radius: 10px; border: 3px solid rgb(%d, 77, 153); "
                                       "background-image: linear-gradient(%gdeg, %s, #ffffff)",
                                       (int) (border.red * 255 + 0.5f), angle, color);
              if (!gsk_layer_set_style_from_string (layers[i], style, &error))
                g_error ("%s", error->message);
            }
        }
      damage = gsk_layer_renderer_render (renderer, root, target);
      cairo_region_destroy (damage);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
      if (frame == -WARMUP)
        rasterized = gsk_layer_compile_get_n_rasterized ();
    }
  rasterized = gsk_layer_compile_get_n_rasterized () - rasterized;

  if (g_getenv ("BENCH_STYLE_PNG"))
    cairo_surface_write_to_png (target, g_getenv ("BENCH_STYLE_PNG"));

  if (GSK_IS_LAYER_GL_RENDERER (renderer))
    {
      guint draw_calls, uploads, passes;

      gsk_layer_gl_renderer_get_frame_stats (GSK_LAYER_GL_RENDERER (renderer), &draw_calls, &uploads, &passes);
      g_printerr ("bench-style: GL's last frame: %u draw calls, %u texture uploads, %u offscreen passes\n",
                  draw_calls, uploads, passes);
    }
  printf ("gsk-%s %.3f %u\n", backend, median (times, frames), rasterized);

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
  g_free (layers);
  g_free (boxes);
  g_free (times);
  return 0;
}

/* }}} */
/* {{{ GTK */

/* --animated: a rounded-clipped linear gradient (laid out as CSS lays
 * it out) and a border node */
static GskRenderNode *
animated_box_nodes (const Box *b,
                    int        i,
                    int        frame)
{
  GskRenderNode *nodes[2], *gradient, *container, *node;
  GskRoundedRect outline;
  GskTransform *t;
  GdkRGBA border;
  float angle, dx, dy, length;
  GskColorStop stops[2];

  animated_style (i, frame, &border, &angle);
  border.green = 77 / 255.f;
  border.blue = 153 / 255.f;
  dx = sinf (angle * G_PI / 180);
  dy = -cosf (angle * G_PI / 180);
  length = fabsf (BOX_W * dx) + fabsf (BOX_H * dy);
  stops[0] = (GskColorStop) { 0, b->color };
  stops[1] = (GskColorStop) { 1, { 1, 1, 1, 1 } };
  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, BOX_W, BOX_H), 10);
  gradient = gsk_linear_gradient_node_new (&outline.bounds,
                                           &GRAPHENE_POINT_INIT (BOX_W / 2.f - dx * length / 2, BOX_H / 2.f - dy * length / 2),
                                           &GRAPHENE_POINT_INIT (BOX_W / 2.f + dx * length / 2, BOX_H / 2.f + dy * length / 2),
                                           stops, 2);
  nodes[0] = gsk_rounded_clip_node_new (gradient, &outline);
  gsk_render_node_unref (gradient);
  nodes[1] = gsk_border_node_new (&outline, (float[4]) { 3, 3, 3, 3 },
                                  (GdkRGBA[4]) { border, border, border, border });
  container = gsk_container_node_new (nodes, 2);
  gsk_render_node_unref (nodes[0]);
  gsk_render_node_unref (nodes[1]);

  t = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (b->x, b->y));
  node = gsk_transform_node_new (container, t);
  gsk_transform_unref (t);
  gsk_render_node_unref (container);
  return node;
}

static GskRenderNode *
box_nodes (const Box *b)
{
  GskRenderNode *nodes[3], *container, *node;
  GskRoundedRect outline;
  GskTransform *t;
  const GdkRGBA border = { 0x24 / 255.f, 0x1f / 255.f, 0x31 / 255.f, 1 };

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, BOX_W, BOX_H), 10);
  nodes[0] = gsk_outset_shadow_node_new (&outline, &(GdkRGBA) { 0, 0, 0, 0.45f }, 0, 4, 0, 12);
  {
    GskRenderNode *color = gsk_color_node_new (&b->color, &outline.bounds);

    nodes[1] = gsk_rounded_clip_node_new (color, &outline);
    gsk_render_node_unref (color);
  }
  nodes[2] = gsk_border_node_new (&outline, (float[4]) { 2, 2, 2, 2 },
                                  (GdkRGBA[4]) { border, border, border, border });
  container = gsk_container_node_new (nodes, 3);
  for (int i = 0; i < 3; i++)
    gsk_render_node_unref (nodes[i]);

  t = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (b->x, b->y));
  node = gsk_transform_node_new (container, t);
  gsk_transform_unref (t);
  gsk_render_node_unref (container);
  return node;
}

static int
run_gtk (const char *backend,
         int         n,
         int         frames)
{
  const graphene_rect_t viewport = GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT);
  g_autoptr (GError) error = NULL;
  GskRenderer *renderer;
  Box *boxes = boxes_new (n);
  double *times = g_new (double, frames);
  gsize stride = WIDTH * 4;
  guchar *pixels = g_malloc (stride * HEIGHT);
  int i, frame;

  if (!gtk_init_check ())
    {
      g_printerr ("bench-style: no display for GTK\n");
      return 1;
    }
  renderer = g_str_equal (backend, "gl") ? gsk_gl_renderer_new () : gsk_cairo_renderer_new ();
  if (!gsk_renderer_realize (renderer, NULL, &error))
    {
      g_printerr ("bench-style: GTK's %s renderer: %s\n", backend, error->message);
      return 1;
    }

  for (frame = -WARMUP; frame < frames; frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      GskRenderNode **nodes = g_new (GskRenderNode *, n + 1);
      GskRenderNode *root;
      GdkTexture *texture;

      boxes_step (boxes, n);
      nodes[0] = gsk_color_node_new (&(GdkRGBA) { 1, 1, 1, 1 }, &viewport);
      for (i = 0; i < n; i++)
        nodes[i + 1] = animated ? animated_box_nodes (&boxes[i], i, frame) : box_nodes (&boxes[i]);
      root = gsk_container_node_new (nodes, n + 1);
      for (i = 0; i <= n; i++)
        gsk_render_node_unref (nodes[i]);
      g_free (nodes);

      texture = gsk_renderer_render_texture (renderer, root, &viewport);
      gdk_texture_download (texture, pixels, stride);
      g_object_unref (texture);
      gsk_render_node_unref (root);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  if (g_getenv ("BENCH_STYLE_GTK_PNG"))
    {
      cairo_surface_t *s = cairo_image_surface_create_for_data (pixels, CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT, stride);

      cairo_surface_write_to_png (s, g_getenv ("BENCH_STYLE_GTK_PNG"));
      cairo_surface_destroy (s);
    }

  printf ("gtk-%s %.3f\n", backend, median (times, frames));

  gsk_renderer_unrealize (renderer);
  g_object_unref (renderer);
  g_free (pixels);
  g_free (boxes);
  g_free (times);
  return 0;
}

/* }}} */

static double
run_child (const char *self,
           const char *which,
           int         n,
           int         frames,
           guint      *rasterized)
{
  g_autofree char *run = g_strdup_printf ("--run=%s", which);
  g_autofree char *count = g_strdup_printf ("--count=%d", n);
  g_autofree char *f = g_strdup_printf ("%d", frames);
  const char *argv[] = { self, run, count, f, animated ? "--animated" : NULL, NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  char name[32];
  double ms;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("bench-style: the %s run failed: %s\n", which, error->message);
      return NAN;
    }
  *rasterized = 0;
  if (sscanf (out, "%31s %lf %u", name, &ms, rasterized) < 2)
    return NAN;
  return ms;
}

int
main (int    argc,
      char **argv)
{
  int frames = 30, n = 1000, i;
  const char *run = NULL;
  double gsk_gl, gsk_sw, gtk_gl, gtk_cairo, gsk_gl_vector = NAN;
  guint raster_gl, raster_sw, raster_gl_vector = 0, unused;

  for (i = 1; i < argc; i++)
    {
      if (g_str_has_prefix (argv[i], "--run="))
        run = argv[i] + strlen ("--run=");
      else if (g_str_equal (argv[i], "--animated"))
        animated = TRUE;
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

  gsk_gl = run_child (argv[0], "gsk-gl", n, frames, &raster_gl);
  if (animated)
    {
      g_setenv ("GSK_LAYER_DEBUG", "vector-style", TRUE);
      gsk_gl_vector = run_child (argv[0], "gsk-gl", n, frames, &raster_gl_vector);
      g_unsetenv ("GSK_LAYER_DEBUG");
    }
  gsk_sw = run_child (argv[0], "gsk-software", n, frames, &raster_sw);
  gtk_gl = run_child (argv[0], "gtk-gl", n, frames, &unused);
  gtk_cairo = run_child (argv[0], "gtk-cairo", n, frames, &unused);

  if (animated)
    printf ("%d moving boxes, their border colour and gradient angle changing every frame, %d×%d; medians of %d frames\n",
            n, WIDTH, HEIGHT, frames);
  else
    printf ("%d moving boxes (%s), %d×%d; medians of %d frames\n", n, style_text, WIDTH, HEIGHT, frames);
  printf ("  GSK GL:        %8.2f ms  (%u rasterizations after the first frame)\n", gsk_gl, raster_gl);
  if (animated)
    printf ("  GSK GL, vector-style: %8.2f ms  (%u rasterizations; shaders / raster frame rate %.2f)\n",
            gsk_gl_vector, raster_gl_vector, gsk_gl / gsk_gl_vector);
  printf ("  GTK 4 GL:      %8.2f ms\n", gtk_gl);
  printf ("  GSK software:  %8.2f ms  (%u rasterizations after the first frame)\n", gsk_sw, raster_sw);
  printf ("  GTK 4 cairo:   %8.2f ms\n", gtk_cairo);
  printf ("  GSK GL / GTK GL frame rate:          %5.2f%s  (target: at least 1.5)\n",
          gtk_gl / gsk_gl, gtk_gl / gsk_gl < 1.5 ? " !" : "");
  printf ("  GSK software / GTK cairo frame rate: %5.2f%s  (target: at least 1)\n",
          gtk_cairo / gsk_sw, gtk_cairo / gsk_sw < 1 ? " !" : "");

  return 0;
}
