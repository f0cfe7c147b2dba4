/* bench-text.c: a screen of text scrolled by a pixel per frame, GSK's GL
 * backend against GTK 4's GL renderer drawing the same labels as text
 * nodes (issue 13)
 *
 * 200 labels of 20 to 40 characters ("Sans 11", two columns, 24 units
 * apart) in an 800×600 frame, the column moved up one unit per frame.
 * Each frame is timed from the move to pixels in memory:
 *
 * - gsk: a GskLayerText per label under one layer that moves; GSK's GL
 *   renderer (headless EGL) draws the frame and reads it back. Printed
 *   with it: the glyph images drawn in the first frame and after it
 *   (none after: each glyph is drawn once per font and scale, and
 *   moving labels only moves their quads), labels drawn whole (none:
 *   text goes through the glyph cache), GL texture uploads after the
 *   first frame (glyphs coming into view), draw calls per frame, and
 *   one frame after one label's text changed: its damage, the glyph
 *   images drawn (only glyphs no label showed before) and uploads.
 * - gtk: what a widget's snapshot gives, built each frame (a translate
 *   and gtk_snapshot_append_layout() per label, Pango layouts made
 *   once), rendered by GTK's GL renderer with
 *   gsk_renderer_render_texture() and downloaded.
 *
 * GTK's renderer needs a display and GSK's headless EGL context cannot be
 * made inside a GTK X11 process, so each runs in a process of its own:
 * the bench runs itself with --run=gsk and --run=gtk and prints the
 * medians side by side and their ratio (with ! where GSK is slower).
 * Run it under xvfb-run with GDK_BACKEND=x11.
 *
 * Usage: bench-text [FRAMES]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
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
#include "gsk-layer-glyph-cache-private.h"

#define WIDTH 800
#define HEIGHT 600
#define N_LABELS 200
#define ROW 24
#define FONT "Sans 11"
#define WARMUP 3

static const char *words[] = {
  "layer", "scene", "graph", "text", "glyph", "atlas", "frame", "clock",
  "crisp", "scale", "pango", "cairo", "quad", "pixel", "render", "node",
};

/* A label of 20 to 40 characters, the same every run */
static char *
label_text (int i)
{
  GString *s = g_string_new (NULL);
  guint32 r = 2654435761u * (i + 1);
  int len = 20 + (int) (r % 21);

  g_string_append_printf (s, "%03d ", i);
  while ((int) s->len < len)
    {
      r = r * 1103515245u + 12345u;
      g_string_append_printf (s, "%s ", words[(r >> 16) % G_N_ELEMENTS (words)]);
    }
  g_string_truncate (s, len);
  return g_string_free (s, FALSE);
}

static void
label_position (int    i,
                float *x,
                float *y)
{
  *x = 10 + (i % 2) * (WIDTH / 2);
  *y = 10 + (i / 2) * ROW;
}

static double
median (double *v,
        int     n)
{
  int i, j;

  for (i = 1; i < n; i++)
    for (j = i; j > 0 && v[j - 1] > v[j]; j--)
      {
        double t = v[j];

        v[j] = v[j - 1];
        v[j - 1] = t;
      }
  return v[n / 2];
}

/* {{{ GSK */

static int
run_gsk (int frames)
{
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_gl_renderer_new (&error);
  GskLayer *root, *column;
  GskLayer *labels[N_LABELS];
  cairo_surface_t *target;
  double *times = g_new (double, frames);
  guint draw_calls = 0, uploads = 0, uploads_after = 0, passes, rasterized_after = 0;
  guint glyphs_first = 0, glyphs_after = 0;
  double change_ms;
  int i, frame;

  if (renderer == NULL)
    {
      g_printerr ("bench-text: no GL renderer: %s\n", error->message);
      return 1;
    }

  root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (WIDTH, HEIGHT));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  column = gsk_layer_new ();
  gsk_layer_set_size (column, &GRAPHENE_SIZE_INIT (WIDTH, N_LABELS / 2 * ROW + 20));
  gsk_layer_add_child (root, column);
  for (i = 0; i < N_LABELS; i++)
    {
      g_autofree char *text = label_text (i);
      float x, y;

      labels[i] = gsk_layer_text_new (text);
      gsk_layer_text_set_font (GSK_LAYER_TEXT (labels[i]), FONT);
      label_position (i, &x, &y);
      gsk_layer_set_position (labels[i], &GRAPHENE_POINT_INIT (x, y));
      gsk_layer_add_child (column, labels[i]);
    }

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  for (frame = -WARMUP; frame < frames; frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      cairo_region_t *damage;

      gsk_layer_set_position (column, &GRAPHENE_POINT_INIT (0, -(frame + WARMUP)));
      damage = gsk_layer_renderer_render (renderer, root, target);
      cairo_region_destroy (damage);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
      gsk_layer_gl_renderer_get_frame_stats (GSK_LAYER_GL_RENDERER (renderer), &draw_calls, &uploads, &passes);
      if (frame > -WARMUP)
        uploads_after += uploads;
      if (frame == -WARMUP)
        {
          rasterized_after = gsk_layer_compile_get_n_rasterized ();
          glyphs_first = glyphs_after = gsk_layer_glyph_cache_get_n_rasterized ();
        }
    }
  rasterized_after = gsk_layer_compile_get_n_rasterized () - rasterized_after;
  glyphs_after = gsk_layer_glyph_cache_get_n_rasterized () - glyphs_after;

  if (g_getenv ("BENCH_TEXT_PNG"))
    cairo_surface_write_to_png (target, g_getenv ("BENCH_TEXT_PNG"));

  printf ("gsk %.3f %u %u %u %u %u\n", median (times, frames), uploads_after, draw_calls, rasterized_after,
          glyphs_first, glyphs_after);

  /* One label changes */
  {
    guint before = gsk_layer_compile_get_n_rasterized ();
    guint glyphs_before = gsk_layer_glyph_cache_get_n_rasterized ();
    gint64 t0 = g_get_monotonic_time ();
    cairo_region_t *damage;
    cairo_rectangle_int_t extents;

    /* A label on screen: the column moved up by WARMUP + frames */
    gsk_layer_text_set_text (GSK_LAYER_TEXT (labels[40]), "040 changed: a new text here");
    damage = gsk_layer_renderer_render (renderer, root, target);
    change_ms = (g_get_monotonic_time () - t0) / 1000.0;
    cairo_region_get_extents (damage, &extents);
    gsk_layer_gl_renderer_get_frame_stats (GSK_LAYER_GL_RENDERER (renderer), &draw_calls, &uploads, &passes);
    printf ("gsk-change %.3f %d %d %u %u %u\n", change_ms, extents.width, extents.height, uploads,
            gsk_layer_compile_get_n_rasterized () - before,
            gsk_layer_glyph_cache_get_n_rasterized () - glyphs_before);
    cairo_region_destroy (damage);
  }

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
  g_free (times);
  return 0;
}

/* }}} */
/* {{{ GTK */

static int
run_gtk (int frames)
{
  const graphene_rect_t viewport = GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT);
  g_autoptr (GError) error = NULL;
  GskRenderer *renderer;
  PangoContext *context;
  PangoFontDescription *font;
  PangoLayout *layouts[N_LABELS];
  double *times = g_new (double, frames);
  gsize stride = WIDTH * 4;
  guchar *pixels = g_malloc (stride * HEIGHT);
  int i, frame;

  if (!gtk_init_check ())
    {
      g_printerr ("bench-text: no display for GTK\n");
      return 1;
    }
  renderer = gsk_gl_renderer_new ();
  if (!gsk_renderer_realize (renderer, NULL, &error))
    {
      g_printerr ("bench-text: GTK's GL renderer: %s\n", error->message);
      return 1;
    }

  /* As a label widget has it: the display's font map and options */
  context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  font = pango_font_description_from_string (FONT);
  for (i = 0; i < N_LABELS; i++)
    {
      g_autofree char *text = label_text (i);

      layouts[i] = pango_layout_new (context);
      pango_layout_set_font_description (layouts[i], font);
      pango_layout_set_text (layouts[i], text, -1);
    }

  for (frame = -WARMUP; frame < frames; frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;
      GdkTexture *texture;

      gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 1, 1, 1, 1 }, &viewport);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (0, -(frame + WARMUP)));
      for (i = 0; i < N_LABELS; i++)
        {
          float x, y;

          label_position (i, &x, &y);
          /* Only what can be seen, as GTK's widgets would be */
          if (y - (frame + WARMUP) > HEIGHT || y - (frame + WARMUP) + ROW < 0)
            continue;
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
          gtk_snapshot_append_layout (snapshot, layouts[i], &(GdkRGBA) { 0, 0, 0, 1 });
          gtk_snapshot_restore (snapshot);
        }
      node = gtk_snapshot_free_to_node (snapshot);
      texture = gsk_renderer_render_texture (renderer, node, &viewport);
      gdk_texture_download (texture, pixels, stride);
      g_object_unref (texture);
      gsk_render_node_unref (node);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  if (g_getenv ("BENCH_TEXT_GTK_PNG"))
    {
      cairo_surface_t *s = cairo_image_surface_create_for_data (pixels, CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT, stride);

      cairo_surface_write_to_png (s, g_getenv ("BENCH_TEXT_GTK_PNG"));
      cairo_surface_destroy (s);
    }

  printf ("gtk %.3f\n", median (times, frames));

  for (i = 0; i < N_LABELS; i++)
    g_object_unref (layouts[i]);
  pango_font_description_free (font);
  g_object_unref (context);
  gsk_renderer_unrealize (renderer);
  g_object_unref (renderer);
  g_free (pixels);
  g_free (times);
  return 0;
}

/* }}} */

static char *
run_child (const char *self,
           const char *which,
           int         frames)
{
  g_autofree char *run = g_strdup_printf ("--run=%s", which);
  g_autofree char *n = g_strdup_printf ("%d", frames);
  const char *argv[] = { self, run, n, NULL };
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("bench-text: the %s run failed: %s\n", which, error->message);
      g_free (out);
      return NULL;
    }
  return out;
}

int
main (int    argc,
      char **argv)
{
  int frames = 60, i;
  const char *run = NULL;
  g_autofree char *gsk = NULL, *gtk = NULL;
  double gsk_ms, gtk_ms, change_ms;
  guint uploads_after, draw_calls, change_uploads, rasterized_after, change_rasterized;
  guint glyphs_first, glyphs_after, change_glyphs;
  int change_w, change_h;
  char *line;

  for (i = 1; i < argc; i++)
    {
      if (g_str_has_prefix (argv[i], "--run="))
        run = argv[i] + strlen ("--run=");
      else if (atoi (argv[i]) > 0)
        frames = atoi (argv[i]);
    }

  if (g_strcmp0 (run, "gsk") == 0)
    return run_gsk (frames);
  if (g_strcmp0 (run, "gtk") == 0)
    return run_gtk (frames);

  gsk = run_child (argv[0], "gsk", frames);
  gtk = run_child (argv[0], "gtk", frames);
  if (gsk == NULL || gtk == NULL)
    return 1;

  line = strstr (gsk, "gsk-change ");
  if (line == NULL || sscanf (line, "gsk-change %lf %d %d %u %u %u", &change_ms, &change_w, &change_h, &change_uploads,
                              &change_rasterized, &change_glyphs) != 6)
    return 1;
  if (sscanf (gsk, "gsk %lf %u %u %u %u %u", &gsk_ms, &uploads_after, &draw_calls, &rasterized_after,
              &glyphs_first, &glyphs_after) != 6)
    return 1;
  if (sscanf (gtk, "gtk %lf", &gtk_ms) != 1)
    return 1;

  printf ("%d labels of 20-40 characters (%s), %d×%d, scrolled 1 unit per frame; medians of %d frames\n",
          N_LABELS, FONT, WIDTH, HEIGHT, frames);
  printf ("  GSK GL:        %7.2f ms  (%u draw calls a frame; %u glyph images drawn in the first frame; after it, "
          "%u glyph images and %u whole labels drawn, %u textures uploaded)\n",
          gsk_ms, draw_calls, glyphs_first, glyphs_after, rasterized_after, uploads_after);
  printf ("  GTK 4 GL:      %7.2f ms  (text nodes)\n", gtk_ms);
  printf ("  GTK / GSK:     %7.2f%s  (target: at least 1, GSK's frame no slower)\n",
          gtk_ms / gsk_ms, gtk_ms / gsk_ms < 1 ? " !" : "");
  printf ("  one label changed: %.2f ms, damage %d×%d, %u glyph images drawn (new glyphs), %u whole labels drawn, "
          "%u textures uploaded\n", change_ms, change_w, change_h, change_glyphs, change_rasterized, change_uploads);

  return 0;
}
