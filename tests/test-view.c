/* test-view.c: GskLayerView, a layer tree in a GTK window on a real X
 * server (run under xvfb-run by tests/meson.build, once with
 * GSK_RENDERER=gl (ngl from GTK 4.14), once with GSK_RENDERER=cairo, and
 * with vulkan where GTK has it and a Vulkan driver is installed)
 *
 * - pixels: what GTK's own renderer draws of the view equals GSK's
 *   headless rendering of the same tree (GL under GTK's GL renderer,
 *   software under its cairo renderer);
 * - frames: an implicit animation advances with the widget's frame
 *   clock, and once it ends no tick runs and no frame is rendered;
 * - input, with a real pointer and keyboard moved by xdotool: hover
 *   enter and leave, a click, a drag, the cursor, Tab through the
 *   focusable layers and out of the view;
 * - lifetimes: a view destroyed while animating.
 *
 * Hosted widgets are in test-view-widget.c, run the same ways at scale 1.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <glib/gstdio.h>

#include "view-test-utils.h"

/* {{{ Helpers */

static gboolean
flag_is_set (gconstpointer flag)
{
  return *(const gboolean *) flag;
}

/* Runs the main loop until *@flag is set or @ms pass; returns *@flag */
static gboolean
wait_for (const gboolean *flag,
          guint           ms)
{
  return wait_until (flag_is_set, flag, ms);
}

/* }}} */
/* {{{ Pixels */

/* A card under perspective(400px) rotateY(40deg), rounded and half
 * transparent over a stripe, a filtered layer and a label: antialiased
 * slanted edges, perspective, blending, colour filters and glyphs, all of which a texture copy would
 * keep and a resampled or approximated drawing would not */
static void
build_card_scene (GskLayer *root)
{
  GskLayerTransform *t = NULL;
  GskLayer *card, *stripe, *label;

  stripe = colored (0, 120, WIDTH, 40, &(GdkRGBA) { 0.9f, 0.8f, 0.1f, 1 });
  gsk_layer_add_child (root, stripe);
  g_assert_true (gsk_layer_transform_parse ("perspective(400px)", &t, NULL));
  gsk_layer_set_child_transform (root, t);
  gsk_layer_transform_unref (t);

  card = colored (80, 60, 240, 180, &(GdkRGBA) { 0.2f, 0.5f, 0.9f, 0.75f });
  gsk_layer_set_corner_radius (card, 24);
  g_assert_true (gsk_layer_transform_parse ("rotateY(40deg)", &t, NULL));
  gsk_layer_set_transform (card, t);
  gsk_layer_transform_unref (t);
  gsk_layer_add_child (root, card);

  /* Filters: on the render-node path, GTK's colour matrix, shadow and
   * blur nodes */
  {
    GskLayer *filtered = colored (20, 200, 60, 40, &(GdkRGBA) { 0.9f, 0.1f, 0.1f, 1 });

    g_assert_true (gsk_layer_set_style_from_string (filtered, "filter: hue-rotate(100deg) saturate(2) invert(0.2) "
                                                    "drop-shadow(3px 4px 2px rgba(0, 0, 0, 0.6)) blur(1px)",
                                                    NULL));
    gsk_layer_add_child (filtered, colored (10, 10, 30, 20, &(GdkRGBA) { 0.1f, 0.3f, 0.9f, 0.7f }));
    gsk_layer_add_child (root, filtered);
  }

  label = gsk_layer_text_new ("Text on the view");
  gsk_layer_text_set_font (GSK_LAYER_TEXT (label), "Sans 14");
  gsk_layer_text_set_color (GSK_LAYER_TEXT (label), &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (12, 8));
  gsk_layer_add_child (root, label);
}

/* A 3D rendering context (issue 29): a preserve-3d container holding two
 * planes that cross, each cut where the other crosses it (clips along
 * the cuts, on the node path GTK's transformed clips), and an opaque
 * cube of six faces drawn by depth */
static void
build_3d_scene (GskLayer *root)
{
  static const char * const faces[6] = {
    "translateZ(40px)", "rotateY(180deg) translateZ(40px)", "rotateY(90deg) translateZ(40px)",
    "rotateY(-90deg) translateZ(40px)", "rotateX(90deg) translateZ(40px)", "rotateX(-90deg) translateZ(40px)",
  };
  GskLayerTransform *t = NULL;
  GskLayer *pair, *cube, *layer;
  int i;

  pair = colored (40, 60, 140, 140, &(GdkRGBA) { 0, 0, 0, 0 });
  g_assert_true (gsk_layer_transform_parse ("perspective(500px) rotateX(-15deg)", &t, NULL));
  gsk_layer_set_transform (pair, t);
  gsk_layer_transform_unref (t);
  gsk_layer_set_transform_style (pair, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  gsk_layer_add_child (root, pair);
  for (i = 0; i < 2; i++)
    {
      layer = colored (0, 0, 140, 140, i ? &(GdkRGBA) { 0.9f, 0.1f, 0.1f, 1 } : &(GdkRGBA) { 0.2f, 0.5f, 0.9f, 1 });
      g_assert_true (gsk_layer_transform_parse (i ? "rotateY(-40deg)" : "rotateY(40deg)", &t, NULL));
      gsk_layer_set_transform (layer, t);
      gsk_layer_transform_unref (t);
      gsk_layer_add_child (pair, layer);
    }

  cube = colored (250, 100, 80, 80, &(GdkRGBA) { 0, 0, 0, 0 });
  g_assert_true (gsk_layer_transform_parse ("perspective(400px) rotateX(-25deg) rotateY(35deg)", &t, NULL));
  gsk_layer_set_transform (cube, t);
  gsk_layer_transform_unref (t);
  gsk_layer_set_transform_style (cube, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  gsk_layer_add_child (root, cube);
  for (i = 0; i < 6; i++)
    {
      layer = colored (0, 0, 80, 80, &(GdkRGBA) { (i % 3) / 2.f, (i / 2) / 2.f, 0.5f + i / 12.f, 1 });
      g_assert_true (gsk_layer_transform_parse (faces[i], &t, NULL));
      gsk_layer_set_transform (layer, t);
      gsk_layer_transform_unref (t);
      gsk_layer_add_child (cube, layer);
    }
}

/* @layer transformed by the CSS transform @text */
static GskLayer *
transformed (GskLayer   *layer,
             const char *text)
{
  GskLayerTransform *t = NULL;

  g_assert_true (gsk_layer_transform_parse (text, &t, NULL));
  gsk_layer_set_transform (layer, t);
  gsk_layer_transform_unref (t);
  return layer;
}

/* A layer of @color at (@x, @y), @w × @h, with the style @css and,
 * unless NULL, the transform @transform */
static GskLayer *
styled (float          x,
        float          y,
        float          w,
        float          h,
        const GdkRGBA *color,
        const char    *css,
        const char    *transform)
{
  GskLayer *layer = colored (x, y, w, h, color);

  g_assert_true (gsk_layer_set_style_from_string (layer, css, NULL));
  return transform != NULL ? transformed (layer, transform) : layer;
}

/* Clip paths (issue 32): a rotated polygon and a path with a hole over
 * a child; a circle, a rounded clip. On GTK's node path a path clip is
 * the only thing drawn through cairo into a texture (GTK 4.8 has no
 * node that clips to a path). */
static void
build_clip_path_scene (GskLayer *root)
{
  GskLayer *ring;

  gsk_layer_add_child (root, styled (30, 30, 140, 140, &(GdkRGBA) { 0.9f, 0.6f, 0.1f, 1 },
                                     "clip-path: polygon(50% 0, 61% 35%, 98% 35%, 68% 57%, "
                                     "79% 91%, 50% 70%, 21% 91%, 32% 57%, 2% 35%, 39% 35%)", "rotate(12deg)"));
  ring = styled (200, 40, 160, 120, &(GdkRGBA) { 0.2f, 0.4f, 0.8f, 1 },
                 "clip-path: path(evenodd, 'M 80 0 A 80 60 0 1 1 80 120 A 80 60 0 1 1 80 0 Z "
                 "M 80 30 A 40 30 0 1 0 80 90 A 40 30 0 1 0 80 30 Z')", NULL);
  gsk_layer_add_child (ring, colored (60, 20, 100, 40, &(GdkRGBA) { 0.1f, 0.7f, 0.3f, 1 }));
  gsk_layer_add_child (root, ring);
  gsk_layer_add_child (root, styled (380, 60, 80, 80, &(GdkRGBA) { 0.8f, 0.1f, 0.3f, 1 },
                                     "clip-path: circle(35px)", NULL));
}

/* Masks (issue 32): a style's gradient mask on a rotated card, a layer
 * masked by a round layer with a child. On GTK's node path (4.8 has no
 * mask node) cairo draws what a mask shows into a texture. */
static void
build_mask_scene (GskLayer *root)
{
  GskLayer *photo = colored (220, 40, 160, 120, &(GdkRGBA) { 0.2f, 0.4f, 0.8f, 1 });
  GskLayer *lens = styled (20, 10, 100, 100, &(GdkRGBA) { 0, 0, 0, 1 }, "border-radius: 50%", NULL);

  gsk_layer_add_child (root, styled (30, 30, 140, 140, &(GdkRGBA) { 0.9f, 0.6f, 0.1f, 1 },
                                     "mask-image: radial-gradient(black 30%, transparent 70%), "
                                     "linear-gradient(transparent, black)", "rotate(12deg)"));
  gsk_layer_add_child (photo, colored (60, 20, 100, 40, &(GdkRGBA) { 0.1f, 0.7f, 0.3f, 1 }));
  gsk_layer_add_child (lens, colored (100, 80, 40, 30, &(GdkRGBA) { 0, 0, 0, 0.5f }));
  gsk_layer_set_mask (photo, lens);
  gsk_layer_add_child (root, photo);
}

/* A clone (issue 32): the photo of the mask scene again, smaller, and
 * its reflection fading out */
static void
build_clone_scene (GskLayer *root)
{
  GskLayer *photo, *thumb, *reflection;

  build_mask_scene (root);
  photo = gsk_layer_get_last_child (root);
  thumb = gsk_layer_clone_new (photo);
  gsk_layer_set_position (thumb, &GRAPHENE_POINT_INIT (40, 200));
  gsk_layer_set_size (thumb, &GRAPHENE_SIZE_INIT (80, 60));
  gsk_layer_add_child (root, thumb);
  reflection = gsk_layer_clone_new (photo);
  gsk_layer_set_position (reflection, &GRAPHENE_POINT_INIT (220, 170));
  gsk_layer_set_size (reflection, &GRAPHENE_SIZE_INIT (160, 120));
  transformed (reflection, "scale(1, -1)");
  g_assert_true (gsk_layer_set_style_from_string (reflection, "mask-image: linear-gradient(transparent 50%, black)", NULL));
  gsk_layer_add_child (root, reflection);
}

/* A page turning (issue 32), with a back of its own colour, in
 * perspective, beside a rotated one. GTK's nodes cannot draw a mesh:
 * on the node path the software backend draws it into a texture. */
static GskLayer *
page_turn (float          x,
           float          y,
           float          w,
           float          h,
           const GdkRGBA *color,
           double         period)
{
  GskLayer *page = gsk_layer_page_turn_new ();

  gsk_layer_set_position (page, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (page, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_set_background_color (page, color);
  gsk_layer_page_turn_set_period (GSK_LAYER_PAGE_TURN (page), period);
  return page;
}

static void
build_page_turn_scene (GskLayer *root)
{
  GskLayer *page = transformed (page_turn (30, 30, 200, 150, &(GdkRGBA) { 0.2f, 0.4f, 0.8f, 1 }, 0.45),
                                "perspective(600px)");
  GskLayer *other = transformed (page_turn (280, 60, 160, 120, &(GdkRGBA) { 0.1f, 0.7f, 0.3f, 1 }, 0.3),
                                 "rotate(-8deg)");

  gsk_layer_add_child (page, colored (20, 20, 100, 40, &(GdkRGBA) { 0.9f, 0.6f, 0.1f, 1 }));
  gsk_layer_page_turn_set_angle (GSK_LAYER_PAGE_TURN (page), 20);
  gsk_layer_deform_set_back_color (GSK_LAYER_DEFORM (page), &(GdkRGBA) { 0.8f, 0.8f, 0.8f, 1 });
  gsk_layer_add_child (root, page);
  gsk_layer_add_child (other, colored (10, 70, 140, 30, &(GdkRGBA) { 0.8f, 0.1f, 0.3f, 1 }));
  gsk_layer_page_turn_set_radius (GSK_LAYER_PAGE_TURN (other), 16);
  gsk_layer_add_child (root, other);
}

/* The part of @s at (@x, @y), @w × @h, as an image of its own */
static cairo_surface_t *
crop (cairo_surface_t *s,
      int              x,
      int              y,
      int              w,
      int              h)
{
  cairo_surface_t *part = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  int row;

  /* Pixels, whatever device scale @s has */
  cairo_surface_flush (s);
  for (row = 0; row < h; row++)
    memcpy (cairo_image_surface_get_data (part) + row * cairo_image_surface_get_stride (part),
            cairo_image_surface_get_data (s) + (y + row) * cairo_image_surface_get_stride (s) + x * 4, w * 4);
  cairo_surface_mark_dirty (part);

  return part;
}

static void
test_pixels (Fixture       *f,
             gconstpointer  data)
{
  const char *gtk_renderer = g_getenv ("GSK_RENDERER");
  GskLayerRenderer *headless = gsk_layer_software_renderer_new ();
  cairo_surface_t *shown, *expected;
  guint frames;
  double scale;
  int n, pw, ph;

  if (data != NULL)
    ((void (*) (GskLayer *)) data) (f->root);
  else
    build_card_scene (f->root);
  frames = gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (f->view));
  g_assert_true (frames_rendered_at_least (GSK_LAYER_VIEW (f->view), frames + 1));
  if (g_strcmp0 (g_getenv ("GSK_LAYER_VIEW_PATH"), "nodes") == 0)
    g_assert_cmpint (gsk_layer_view_get_render_path (GSK_LAYER_VIEW (f->view)), ==, GSK_LAYER_VIEW_RENDER_NODES);
  else
    g_assert_cmpint (gsk_layer_view_get_render_path (GSK_LAYER_VIEW (f->view)), ==,
                     g_strcmp0 (gtk_renderer, "gl") == 0 || g_strcmp0 (gtk_renderer, "ngl") == 0
                     ? GSK_LAYER_VIEW_RENDER_GL_TEXTURE
                     : GSK_LAYER_VIEW_RENDER_MEMORY_TEXTURE);

  /* GTK's renderer draws the view; GSK's software backend, headless,
   * draws the tree (the GL path's backend differs from it within the
   * reftests' tolerance, which is what is asked here) */
  scale = window_scale (f->view);
  pw = device_pixels (WIDTH, scale);
  ph = device_pixels (HEIGHT, scale);
  shown = draw_with_gtk (f);
  gsk_layer_renderer_set_scale (headless, scale);
  expected = gsk_layer_renderer_render_to_surface (headless, f->root, WIDTH, HEIGHT);
  g_test_message ("window scale %g", scale);

  /* At a scale factor, the view's texture has the window's pixels: not
   * a 1× image that GTK stretches */
  if (gsk_layer_view_get_render_path (GSK_LAYER_VIEW (f->view)) != GSK_LAYER_VIEW_RENDER_NODES)
    {
      GskRenderNode *node = gsk_layer_view_peek_node (GSK_LAYER_VIEW (f->view));
      GdkTexture *texture;

      if (gsk_render_node_get_node_type (node) == GSK_TRANSFORM_NODE)
        node = gsk_transform_node_get_child (node);
      g_assert_cmpint (gsk_render_node_get_node_type (node), ==, GSK_TEXTURE_NODE);
      texture = gsk_texture_node_get_texture (node);
      g_assert_cmpint (gdk_texture_get_width (texture), ==, pw);
      g_assert_cmpint (gdk_texture_get_height (texture), ==, ph);
    }
  if (g_getenv ("TEST_VIEW_SAVE"))
    {
      const char *path = g_getenv ("GSK_LAYER_VIEW_PATH") ? g_getenv ("GSK_LAYER_VIEW_PATH") : "";
      g_autofree char *a = g_strdup_printf ("test-view-%s%s-shown.png", gtk_renderer, path);
      g_autofree char *b = g_strdup_printf ("test-view-%s%s-expected.png", gtk_renderer, path);

      cairo_surface_write_to_png (shown, a);
      cairo_surface_write_to_png (expected, b);
    }
  /* The reftests' tolerance: 6 levels, more only along edges (at most
   * 1.5% of the pixels, and never 96 levels) */
  n = compare (shown, expected, 6);
  g_assert_cmpint (n, <=, pw * ph * 15 / 1000);
  /* (The planes of a 3D context: GTK's GL renderer does not antialias
   * the edges of transformed nodes, as Chromium does not, where GSK's
   * backends do; where two cube faces share an edge, a pixel is one
   * face's on the node path and both faces' and the background's here:
   * 10 pixels differ by up to 174 on GTK 4.8) */
  if (data != NULL)
    g_assert_cmpint (compare (shown, expected, 128), <=, 24 * ceil (scale));
  else
    g_assert_cmpint (compare (shown, expected, 95), ==, 0);

  /* The filtered layer, its drop shadow and blur, alone: the tolerance
   * of the whole view would hide a shadow a few pixels off */
  if (data == NULL)
  {
    int x = device_pixels (10, scale), y = device_pixels (190, scale);
    int w = device_pixels (90, scale), h = device_pixels (65, scale);
    cairo_surface_t *a = crop (shown, x, y, w, h);
    cairo_surface_t *b = crop (expected, x, y, w, h);

    n = compare (a, b, 6);
    g_assert_cmpint (n, <=, w * h * 3 / 100);
    cairo_surface_destroy (a);
    cairo_surface_destroy (b);
  }

  cairo_surface_destroy (shown);
  cairo_surface_destroy (expected);
  g_object_unref (headless);
}

/* What the compositor shows (issue 34): the screen, grabbed by the
 * command in TEST_VIEW_GRAB (given the path of a PNG to write), with the
 * window full-screen; the view's part of it against the tree drawn
 * headless at the window's scale. At a fractional scale (1.5 on Wayland
 * with wp_fractional_scale_v1, GTK 4.12 and later), a view that drew at
 * the whole scale factor above it would be resampled: text and edges
 * soft, hundreds of pixels off */
static void
test_screen (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("test-view-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "screen.png", NULL);
  g_autofree char *command = NULL;
  GskLayerRenderer *headless = gsk_layer_software_renderer_new ();
  cairo_surface_t *screen, *shown, *expected, *image;
  GError *error = NULL;
  int status, w, h, pw, ph, n;
  guint frames;
  double scale;
  cairo_t *cr;

  build_card_scene (f->root);
  frames = gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (f->view));
  gtk_window_fullscreen (GTK_WINDOW (f->window));
  /* Full-screen at the view's new size, then presented */
  spin (500);
  g_assert_true (frames_rendered_at_least (GSK_LAYER_VIEW (f->view), frames + 1));
  spin (300);

  scale = window_scale (f->view);
  w = gtk_widget_get_width (f->view);
  h = gtk_widget_get_height (f->view);
  /* Whole pixels only: at 1.5, a view 853 wide ends mid-pixel */
  pw = (int) floor (w * scale + 1e-6);
  ph = (int) floor (h * scale + 1e-6);
  g_test_message ("window scale %g, view %d×%d, %d×%d whole pixels", scale, w, h, pw, ph);

  command = g_strdup_printf ("%s %s", g_getenv ("TEST_VIEW_GRAB"), path);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  /* The screen as ARGB32 (a grab has no alpha), the view at its top left */
  screen = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (screen), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (screen), >=, pw);
  g_assert_cmpint (cairo_image_surface_get_height (screen), >=, ph);
  shown = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cr = cairo_create (shown);
  cairo_set_source_surface (cr, screen, 0, 0);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (cr);
  cairo_destroy (cr);

  gsk_layer_renderer_set_scale (headless, scale);
  image = gsk_layer_renderer_render_to_surface (headless, f->root, w, h);
  expected = crop (image, 0, 0, pw, ph);
  cairo_surface_destroy (image);
  if (g_getenv ("TEST_VIEW_SAVE"))
    {
      cairo_surface_write_to_png (shown, "test-view-screen-shown.png");
      cairo_surface_write_to_png (expected, "test-view-screen-expected.png");
    }

  /* test_pixels ()'s tolerance, and no pixel off by more than 48: at
   * 1.5 on GTK 4.18, a view drawn at 2 and resampled was off by up to
   * 78 (2,940 pixels by more than 6), drawn at 1.5 by up to 33 (991) */
  n = compare (shown, expected, 6);
  g_assert_cmpint (n, <=, pw * ph * 15 / 1000);
  g_assert_cmpint (compare (shown, expected, 48), ==, 0);

  cairo_surface_destroy (screen);
  cairo_surface_destroy (shown);
  cairo_surface_destroy (expected);
  g_object_unref (headless);
  g_unlink (path);
  g_rmdir (dir);
}

/* }}} */
/* {{{ Frames */

static void
on_completed (GskLayer *layer,
              gpointer  data)
{
  *(gboolean *) data = TRUE;
}

/* A view that grows keeps drawing: on the GL path, a buffer of the old
 * size is dropped while the view draws, which left no GL context
 * current (a critical and a blank frame; found on Wayland, where going
 * full-screen resizes the view, issue 34) */
static void
test_resize (Fixture       *f,
             gconstpointer  data)
{
  GskLayerView *view = GSK_LAYER_VIEW (f->view);
  GskLayer *box = colored (10, 10, 50, 50, &(GdkRGBA) { 1, 0, 0, 1 });
  GskRenderNode *node;
  double scale = window_scale (f->view);
  guint frames;
  int i;

  gsk_layer_add_child (f->root, box);
  /* A few frames: a buffer GTK shows and one it has let go */
  for (i = 0; i < 3; i++)
    {
      frames = gsk_layer_view_get_frames_rendered (view);
      gsk_layer_set_position (box, &GRAPHENE_POINT_INIT (10 + 20 * i, 10));
      g_assert_true (frames_rendered_at_least (view, frames + 1));
      spin (50);
    }

  frames = gsk_layer_view_get_frames_rendered (view);
  gtk_widget_set_size_request (f->view, WIDTH + 60, HEIGHT + 40);
  g_assert_true (frames_rendered_at_least (view, frames + 1));
  spin (100);
  g_assert_cmpint (gtk_widget_get_width (f->view), ==, WIDTH + 60);

  node = gsk_layer_view_peek_node (view);
  g_assert_nonnull (node);
  if (gsk_render_node_get_node_type (node) == GSK_TRANSFORM_NODE)
    node = gsk_transform_node_get_child (node);
  if (gsk_render_node_get_node_type (node) == GSK_TEXTURE_NODE)
    {
      GdkTexture *texture = gsk_texture_node_get_texture (node);

      g_assert_cmpint (gdk_texture_get_width (texture), ==, device_pixels (WIDTH + 60, scale));
      g_assert_cmpint (gdk_texture_get_height (texture), ==, device_pixels (HEIGHT + 40, scale));
    }
}

static void
test_frames (Fixture       *f,
             gconstpointer  data)
{
  GskLayerView *view = GSK_LAYER_VIEW (f->view);
  GskLayer *box = colored (10, 10, 50, 50, &(GdkRGBA) { 1, 0, 0, 1 });
  gboolean done = FALSE;
  guint ticks, frames;
  graphene_point_t p;
  GValue value = G_VALUE_INIT;

  gsk_layer_add_child (f->root, box);
  spin (300);
  /* Still: nothing ticks, nothing is rendered */
  g_assert_false (gsk_layer_view_is_ticking (view));
  ticks = gsk_layer_view_get_n_ticks (view);
  frames = gsk_layer_view_get_frames_rendered (view);
  spin (500);
  g_assert_cmpuint (gsk_layer_view_get_n_ticks (view), ==, ticks);
  g_assert_cmpuint (gsk_layer_view_get_frames_rendered (view), ==, frames);

  g_signal_connect (box, "transitions-completed", G_CALLBACK (on_completed), &done);
  gsk_layer_save_easing_state (box);
  gsk_layer_set_easing_duration (box, 400);
  gsk_layer_set_position (box, &GRAPHENE_POINT_INIT (300, 200));
  gsk_layer_restore_easing_state (box);

  /* Mid-way, the layer is between its ends on screen */
  spin (200);
  g_assert_true (gsk_layer_get_presentation_value (box, "position", &value));
  p = *(graphene_point_t *) g_value_get_boxed (&value);
  g_value_unset (&value);
  g_test_message ("after 200 ms: %g,%g", p.x, p.y);
  g_assert_cmpfloat (p.x, >, 10);
  g_assert_cmpfloat (p.x, <, 300);

  g_assert_true (wait_for (&done, 5000));
  g_assert_cmpuint (gsk_layer_view_get_n_ticks (view), >, ticks + 3);
  g_assert_cmpuint (gsk_layer_view_get_frames_rendered (view), >, frames + 3);

  /* Ended: one more frame to show the end, then nothing */
  spin (100);
  g_assert_false (gsk_layer_view_is_ticking (view));
  ticks = gsk_layer_view_get_n_ticks (view);
  frames = gsk_layer_view_get_frames_rendered (view);
  spin (500);
  g_assert_cmpuint (gsk_layer_view_get_n_ticks (view), ==, ticks);
  g_assert_cmpuint (gsk_layer_view_get_frames_rendered (view), ==, frames);

  /* GTK drawing the view again for its own reasons gets the same node,
   * and nothing is rendered */
  {
    GskRenderNode *node = gsk_layer_view_peek_node (view);

    gtk_widget_queue_draw (f->view);
    spin (100);
    g_assert_true (gsk_layer_view_peek_node (view) == node);
    g_assert_cmpuint (gsk_layer_view_get_frames_rendered (view), ==, frames);
  }

  /* A small change redraws a small area: on the texture paths, the
   * layer's old and new place (of GL's buffers, those of the frames the
   * buffer missed), far from the 400×300 of the view; on the node path,
   * one new node */
  gsk_layer_set_position (box, &GRAPHENE_POINT_INIT (310, 210));
  g_assert_true (frames_rendered_at_least (view, frames + 1));
  g_test_message ("a 50×50 layer moved by 10 px: %" G_GINT64_FORMAT " drawn", gsk_layer_view_get_last_drawn (view));
  if (gsk_layer_view_get_render_path (view) == GSK_LAYER_VIEW_RENDER_NODES)
    g_assert_cmpint (gsk_layer_view_get_last_drawn (view), ==, 1);
  else
    {
      g_assert_cmpint (gsk_layer_view_get_last_drawn (view), >, 0);
      g_assert_cmpint (gsk_layer_view_get_last_drawn (view), <=, 4 * 62 * 62);
    }
}

static void
test_destroy_while_animating (Fixture       *f,
                              gconstpointer  data)
{
  GskLayer *box = colored (10, 10, 50, 50, &(GdkRGBA) { 1, 0, 0, 1 });
  graphene_point_t p;

  gsk_layer_add_child (f->root, box);
  gsk_layer_save_easing_state (box);
  gsk_layer_set_easing_duration (box, 2000);
  gsk_layer_set_position (box, &GRAPHENE_POINT_INIT (300, 200));
  gsk_layer_restore_easing_state (box);
  spin (100);
  g_assert_true (gsk_layer_view_is_ticking (GSK_LAYER_VIEW (f->view)));

  close_window (f);
  /* The tree lives on without the view's clock */
  g_assert_null (gsk_layer_get_frame_clock (f->root));
  gsk_layer_get_position (box, &p);
  g_assert_cmpfloat (p.x, ==, 300);
}

/* }}} */
/* {{{ Input */

static void
test_hover_and_cursor (Fixture       *f,
                       gconstpointer  data)
{
  Log log = { g_string_new (NULL), FALSE };
  GskLayer *a = logged ("a", 20, 20, &log);
  GskLayer *b = logged ("b", 200, 20, &log);
  GdkCursor *cursor;

  gsk_layer_set_cursor (b, "pointer");
  gsk_layer_add_child (f->root, a);
  gsk_layer_add_child (f->root, b);
  spin (100);

  move_pointer (f, 50, 50);
  g_assert_true (wait_for_log (&log, "enter a"));
  cursor = gtk_widget_get_cursor (f->view);
  g_assert_true (cursor == NULL || gdk_cursor_get_name (cursor) == NULL);

  move_pointer (f, 250, 50);
  g_assert_true (wait_for_log (&log, "leave a, enter b"));
  cursor = gtk_widget_get_cursor (f->view);
  g_assert_nonnull (cursor);
  g_assert_cmpstr (gdk_cursor_get_name (cursor), ==, "pointer");

  /* Off the view, onto the button below it: b is left */
  move_pointer (f, 250, HEIGHT + 10);
  g_assert_true (wait_for_log (&log, "leave b"));

  close_window (f);
  g_string_free (log.log, TRUE);
}

static void
on_clicked (GskLayerClickGesture *gesture,
            int                   n_press,
            double                x,
            double                y,
            graphene_point_t     *where)
{
  where->x = x;
  where->y = y;
}

static void
on_drag_end (GskLayerDragGesture *gesture,
             double               dx,
             double               dy,
             graphene_point_t    *offset)
{
  offset->x = dx;
  offset->y = dy;
}

static gboolean
drag_ended (gconstpointer data)
{
  return ((const graphene_point_t *) data)->y != 0;
}

static void
test_click_and_drag (Fixture       *f,
                     gconstpointer  data)
{
  GskLayer *target = colored (100, 50, 200, 150, &(GdkRGBA) { 0.8f, 0.3f, 0.3f, 1 });
  GskLayerEventController *click = gsk_layer_click_gesture_new ();
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  graphene_point_t where = { -1, -1 }, offset = { 0, 0 };
  GskLayerTransform *t = NULL;

  /* Under a 2D rotation, the click comes in the layer's own coordinates */
  g_assert_true (gsk_layer_transform_parse ("rotate(90deg)", &t, NULL));
  gsk_layer_set_transform (target, t);
  gsk_layer_transform_unref (t);
  gsk_layer_add_child (f->root, target);
  g_signal_connect (click, "clicked", G_CALLBACK (on_clicked), &where);
  gsk_layer_add_controller (target, click);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), &offset);
  /* Offsets in the layer's own space: the mapping through its turn */
  g_object_set (drag, "coordinates", GSK_LAYER_DRAG_COORDINATES_LAYER, NULL);
  gsk_layer_add_controller (target, drag);
  spin (100);

  /* The layer turns about its centre (200, 125): the view's (200, 100)
   * is 25 px above the centre, which is the layer's own (75, 75) */
  move_pointer (f, 200, 100);
  xdotool (f, "click", "1", NULL);
  while (where.x < 0)
    if (!g_main_context_iteration (NULL, TRUE))
      break;
  g_assert_cmpfloat_with_epsilon (where.x, 75, 0.5);
  g_assert_cmpfloat_with_epsilon (where.y, 75, 0.5);

  /* A drag of 40 px right on screen is 40 px up in the turned layer */
  xdotool (f, "mousedown", "1", NULL);
  move_pointer (f, 220, 100);
  move_pointer (f, 240, 100);
  xdotool (f, "mouseup", "1", NULL);
  wait_until (drag_ended, &offset, 5000);
  g_assert_cmpfloat_with_epsilon (offset.x, 0, 0.5);
  g_assert_cmpfloat_with_epsilon (offset.y, -40, 0.5);
}

static gboolean
on_scroll (GskLayerEventController *controller,
           GskLayerEvent           *event,
           double                  *down)
{
  double dx, dy;

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_SCROLL)
    return FALSE;

  gsk_layer_event_get_scroll_deltas (event, &dx, &dy);
  if (gsk_layer_event_get_scroll_direction (event) == GSK_LAYER_SCROLL_DOWN)
    *down += 1;
  else if (gsk_layer_event_get_scroll_direction (event) == GSK_LAYER_SCROLL_SMOOTH)
    *down += dy;
  return TRUE;
}

static gboolean
scrolled_down (gconstpointer data)
{
  return *(const double *) data > 0;
}

/* The wheel: X's button 5 reaches the layer under the pointer as a
 * scroll down (discrete, or smooth with a positive y delta) */
static void
test_scroll (Fixture       *f,
             gconstpointer  data)
{
  GskLayer *target = colored (100, 50, 200, 150, &(GdkRGBA) { 0.3f, 0.3f, 0.8f, 1 });
  GskLayerEventController *controller = gsk_layer_event_controller_new ();
  double down = 0;

  g_signal_connect (controller, "event", G_CALLBACK (on_scroll), &down);
  gsk_layer_add_controller (target, controller);
  gsk_layer_add_child (f->root, target);
  spin (100);

  move_pointer (f, 20, 20);
  xdotool (f, "click", "5", NULL);
  spin (200);
  g_assert_cmpfloat (down, ==, 0);
  move_pointer (f, 200, 120);
  xdotool (f, "click", "5", NULL);
  g_assert_true (wait_until (scrolled_down, &down, 5000));
  close_window (f);
}

static void
test_tab_order (Fixture       *f,
                gconstpointer  data)
{
  Log log = { g_string_new (NULL), FALSE };
  GskLayer *a = logged ("a", 20, 20, &log);
  GskLayer *b = logged ("b", 200, 20, &log);
  GskLayer *plain = logged ("plain", 20, 150, &log);

  gsk_layer_set_focusable (a, TRUE);
  gsk_layer_set_focusable (b, TRUE);
  gsk_layer_add_child (f->root, a);
  gsk_layer_add_child (f->root, plain);
  gsk_layer_add_child (f->root, b);
  spin (100);

  /* Focus starts in the view, on no layer */
  gtk_widget_grab_focus (f->view);
  spin (100);
  g_assert_true (gtk_widget_has_focus (f->view));

  move_pointer (f, 5, 5);
  press_key_for (f, "Tab", &log, "focus-in a");
  press_key_for (f, "Tab", &log, "focus-out a, focus-in b");
  g_assert_true (gsk_layer_has_focus (b));

  /* Past the last layer, out of the view to the button */
  press_key_for (f, "Tab", &log, "focus-out b");
  spin (100);
  g_assert_true (gtk_widget_has_focus (f->button));

  /* And back in from the end: the last focusable layer */
  press_key_for (f, "shift+Tab", &log, "focus-in b");
  g_assert_true (gtk_widget_has_focus (f->view));

  close_window (f);
  g_string_free (log.log, TRUE);
}

/* }}} */
/* {{{ Windows */

/* On GTK's GL renderer the view's texture is sampled nearest where its
 * texels are the window's pixels, and linearly where they are not (a
 * parent placed it between pixels): the pixels are the same either way
 * where nearest is used, and llvmpipe draws them sooner */
static void
test_texture_filter (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GtkWidget *window = gtk_window_new ();
  GtkWidget *fixed = gtk_fixed_new ();
  GtkWidget *view;
  guint frames;

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.2f, 0.4f, 0.6f, 1 });
  view = gsk_layer_view_new (root);
  gtk_widget_set_size_request (view, 120, 80);
  gtk_fixed_put (GTK_FIXED (fixed), view, 10, 4);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 200, 120);
  gtk_window_set_child (GTK_WINDOW (window), fixed);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (frames_rendered_at_least (GSK_LAYER_VIEW (view), 1));
  if (gsk_layer_view_get_render_path (GSK_LAYER_VIEW (view)) != GSK_LAYER_VIEW_RENDER_GL_TEXTURE)
    {
      gtk_window_destroy (GTK_WINDOW (window));
      g_object_unref (root);
      g_test_skip ("not the GL texture path");
      return;
    }
  g_assert_true (gsk_layer_view_samples_nearest (GSK_LAYER_VIEW (view)));

  frames = gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (view));
  gtk_fixed_move (GTK_FIXED (fixed), view, 10.5, 4);
  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.6f, 0.4f, 0.2f, 1 });
  g_assert_true (frames_rendered_at_least (GSK_LAYER_VIEW (view), frames + 1));
  g_assert_false (gsk_layer_view_samples_nearest (GSK_LAYER_VIEW (view)));

  frames = gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (view));
  gtk_fixed_move (GTK_FIXED (fixed), view, 30, 8);
  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.2f, 0.6f, 0.4f, 1 });
  g_assert_true (frames_rendered_at_least (GSK_LAYER_VIEW (view), frames + 1));
  g_assert_true (gsk_layer_view_samples_nearest (GSK_LAYER_VIEW (view)));

  /* Moved with nothing new to draw: the last frame is shown again, and
   * sampled as its new place wants */
  frames = gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (view));
  gtk_fixed_move (GTK_FIXED (fixed), view, 30.5, 8);
  gtk_widget_queue_draw (view);
  spin (200);
  g_assert_cmpuint (gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (view)), ==, frames);
  g_assert_false (gsk_layer_view_samples_nearest (GSK_LAYER_VIEW (view)));
  gtk_fixed_move (GTK_FIXED (fixed), view, 31, 8);
  gtk_widget_queue_draw (view);
  spin (200);
  g_assert_true (gsk_layer_view_samples_nearest (GSK_LAYER_VIEW (view)));

  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);
  g_object_unref (root);
}

/* A window that is a layer tree, in one call: Clutter's stage */
static void
test_layer_window (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GtkWidget *window;
  GskLayerView *view;
  graphene_size_t size;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (320, 200));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 0, 0.5f, 0, 1 });
  window = gsk_layer_window_new (root);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  view = gsk_layer_window_get_view (GSK_LAYER_WINDOW (window));
  g_assert_true (gsk_layer_window_get_root (GSK_LAYER_WINDOW (window)) == root);
  g_assert_true (gsk_layer_view_get_root (view) == root);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (frames_rendered_at_least (view, 1));

  /* It opened at the root's size, and the root follows the window */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), ==, 320);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), ==, 200);
  gtk_window_set_default_size (GTK_WINDOW (window), 500, 300);
  spin (300);
  gsk_layer_get_size (root, &size);
  g_assert_cmpfloat (size.width, ==, gtk_widget_get_width (GTK_WIDGET (view)));
  g_assert_cmpfloat (size.height, ==, gtk_widget_get_height (GTK_WIDGET (view)));
  g_assert_cmpfloat (size.width, ==, 500);

  gtk_window_destroy (GTK_WINDOW (window));
  spin (50);
  g_assert_null (gsk_layer_get_frame_clock (root));
  g_object_unref (root);
}

/* }}} */

/* An icon of GTK's icon theme as layer content: drawn, sized, and a
 * name the theme lacks refused */
static void
test_icon_content (void)
{
  g_autoptr (GError) error = NULL;
  GskLayerContent *content = gsk_layer_paintable_content_new_for_icon_name ("edit-copy-symbolic", 32, &error);
  GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend ("software", NULL);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  cairo_surface_t *shown;
  const guint32 *data;
  float w = 0, h = 0;
  int i, inked = 0;

  g_assert_no_error (error);
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 32);
  g_assert_cmpfloat (h, ==, 32);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (64, 64));
  gsk_layer_set_content (root, content);
  shown = gsk_layer_renderer_render_to_surface (renderer, root, 64, 64);
  data = (const guint32 *) cairo_image_surface_get_data (shown);
  for (i = 0; i < 64 * 64; i++)
    inked += (data[i] >> 24) > 128;
  g_test_message ("the icon inks %d of 4096 pixels", inked);
  g_assert_cmpint (inked, >, 200);
  cairo_surface_destroy (shown);

  /* An icon layer nobody sizes takes the icon's 32×32 (issue 31) */
  {
    GskLayer *icon = gsk_layer_new ();
    graphene_size_t size;

    gsk_layer_set_content (icon, content);
    gsk_layer_add_child (root, icon);
    shown = gsk_layer_renderer_render_to_surface (renderer, root, 64, 64);
    cairo_surface_destroy (shown);
    gsk_layer_get_size (icon, &size);
    g_assert_cmpfloat (size.width, ==, 32);
    g_assert_cmpfloat (size.height, ==, 32);
  }

  g_object_unref (root);
  g_object_unref (renderer);
  g_object_unref (content);

  g_assert_null (gsk_layer_paintable_content_new_for_icon_name ("gsk-no-such-icon", 32, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_assert_cmpstr (error->message, ==, "the icon theme has no icon “gsk-no-such-icon”");
}

int
main (int    argc,
      char **argv)
{
  /* No session bus here for the accessibility bridge to talk to: it
   * would warn, and warnings fail tests */
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_test_init (&argc, &argv, NULL);
  gtk_init ();

  g_test_add ("/view/pixels", Fixture, NULL, fixture_set_up, test_pixels, fixture_tear_down);
  g_test_add ("/view/pixels-3d", Fixture, build_3d_scene, fixture_set_up, test_pixels, fixture_tear_down);
  g_test_add ("/view/pixels-clip-path", Fixture, build_clip_path_scene, fixture_set_up, test_pixels, fixture_tear_down);
  g_test_add ("/view/pixels-mask", Fixture, build_mask_scene, fixture_set_up, test_pixels, fixture_tear_down);
  g_test_add ("/view/pixels-clone", Fixture, build_clone_scene, fixture_set_up, test_pixels, fixture_tear_down);
  g_test_add ("/view/pixels-page-turn", Fixture, build_page_turn_scene, fixture_set_up, test_pixels, fixture_tear_down);
  /* Only where a command can grab the screen: test-view-wayland.sh */
  if (g_getenv ("TEST_VIEW_GRAB"))
    g_test_add ("/view/pixels/screen", Fixture, NULL, fixture_set_up, test_screen, fixture_tear_down);
  g_test_add_func ("/view/icon-content", test_icon_content);
  g_test_add ("/view/frames", Fixture, NULL, fixture_set_up, test_frames, fixture_tear_down);
  g_test_add ("/view/resize", Fixture, NULL, fixture_set_up, test_resize, fixture_tear_down);
  g_test_add ("/view/destroy-while-animating", Fixture, NULL, fixture_set_up,
              test_destroy_while_animating, fixture_tear_down);
  g_test_add ("/view/hover-and-cursor", Fixture, NULL, fixture_set_up, test_hover_and_cursor, fixture_tear_down);
  g_test_add ("/view/click-and-drag", Fixture, NULL, fixture_set_up, test_click_and_drag, fixture_tear_down);
  g_test_add ("/view/tab-order", Fixture, NULL, fixture_set_up, test_tab_order, fixture_tear_down);
  g_test_add ("/view/scroll", Fixture, NULL, fixture_set_up, test_scroll, fixture_tear_down);
  g_test_add_func ("/view/layer-window", test_layer_window);
  g_test_add_func ("/view/texture-filter", test_texture_filter);

  return g_test_run ();
}
