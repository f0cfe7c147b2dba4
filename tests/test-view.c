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
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <glib/gstdio.h>

#include <gsklayer.h>
#include <gdk/x11/gdkx.h>

#include "gsk-layer-view-private.h"

#define WIDTH 400
#define HEIGHT 300

#include "perspective-button-utils.h"
#include "main-loop-test-utils.h"

typedef struct {
  GtkWidget *window;
  GtkWidget *view;
  GtkWidget *button;            /* after the view in Tab order */
  GskLayer *root;
} Fixture;

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

typedef struct {
  GskLayerView *view;
  guint n;
} FrameCount;

static gboolean
frames_reached (gconstpointer data)
{
  const FrameCount *count = data;

  return gsk_layer_view_get_frames_rendered (count->view) >= count->n;
}

static gboolean
frames_rendered_at_least (GskLayerView *view,
                          guint         n)
{
  FrameCount count = { view, n };

  return wait_until (frames_reached, &count, 5000);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  f->root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_background_color (f->root, &(GdkRGBA) { 0.1f, 0.1f, 0.2f, 1 });
  f->view = gsk_layer_view_new (f->root);
  gtk_widget_set_size_request (f->view, WIDTH, HEIGHT);
  f->button = gtk_button_new_with_label ("After");
  gtk_box_append (GTK_BOX (box), f->view);
  gtk_box_append (GTK_BOX (box), f->button);

  f->window = gtk_window_new ();
  /* No title bar: the view is at the surface's top-left corner */
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_child (GTK_WINDOW (f->window), box);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (frames_rendered_at_least (GSK_LAYER_VIEW (f->view), 1));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->window)
    gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->root);
  spin (50);
}

/* Closes the window before the test's loggers go: closing sends the
 * layers their last leave and focus-out events */
static void
close_window (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = NULL;
  spin (50);
}

static void
xdotool (Fixture    *f,
         const char *first,
         ...)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (f->window));
  g_autofree char *xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  const char *arg;
  int status;
  va_list args;

  g_ptr_array_add (argv, g_strdup ("xdotool"));
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, g_str_equal (arg, "WINDOW") ? g_strdup (xid) : g_strdup (arg));
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH,
                               NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_ptr_array_unref (argv);
}

static void
move_pointer (Fixture *f,
              int      x,
              int      y)
{
  g_autofree char *sx = g_strdup_printf ("%d", x);
  g_autofree char *sy = g_strdup_printf ("%d", y);

  xdotool (f, "mousemove", "--window", "WINDOW", sx, sy, NULL);
}

/* }}} */
/* {{{ Pixels */

static GskLayer *
colored (float         x,
         float         y,
         float         w,
         float         h,
         const GdkRGBA *color)
{
  GskLayer *l = gsk_layer_new ();

  gsk_layer_set_position (l, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (l, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_set_background_color (l, color);
  return l;
}

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

static cairo_surface_t *
texture_to_surface (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);

  gdk_texture_download (texture, cairo_image_surface_get_data (surface),
                        cairo_image_surface_get_stride (surface));
  cairo_surface_mark_dirty (surface);
  return surface;
}

/* The window's device pixels per layout unit: fractional on GTK 4.12
 * and later where the compositor gives such a scale */
static double
window_scale (GtkWidget *widget)
{
#if GTK_CHECK_VERSION (4, 12, 0)
  double scale;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  scale = gdk_surface_get_scale (gtk_native_get_surface (gtk_widget_get_native (widget)));
  G_GNUC_END_IGNORE_DEPRECATIONS
  return scale;
#else
  return gtk_widget_get_scale_factor (widget);
#endif
}

static int
device_pixels (int    length,
               double scale)
{
  return (int) ceil (length * scale - 1e-6);
}

/* What GTK's renderer for the window draws of the view */
static cairo_surface_t *
draw_with_gtk (Fixture *f)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (f->view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (f->view));
  GskRenderNode *node;
  GdkTexture *texture;
  cairo_surface_t *surface;

  double scale = window_scale (f->view);

  /* At the window's scale, as GTK draws it on screen */
  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, WIDTH, HEIGHT);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, device_pixels (WIDTH, scale),
                                                              device_pixels (HEIGHT, scale)));
  surface = texture_to_surface (texture);

  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  return surface;
}

/* Compares channel by channel; returns the number of pixels that differ
 * by more than @max_diff and says where the worst one is */
static int
compare (cairo_surface_t *a,
         cairo_surface_t *b,
         int              max_diff)
{
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a);
  int x, y, c, n = 0, worst = 0, wx = 0, wy = 0;

  g_assert_cmpint (cairo_image_surface_get_width (a), ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (cairo_image_surface_get_height (a), ==, cairo_image_surface_get_height (b));
  for (y = 0; y < cairo_image_surface_get_height (a); y++)
    for (x = 0; x < cairo_image_surface_get_width (a); x++)
      {
        int m = 0;

        for (c = 0; c < 4; c++)
          m = MAX (m, ABS (da[y * stride + x * 4 + c] - db[y * stride + x * 4 + c]));
        if (m > max_diff)
          n++;
        if (m > worst)
          worst = m, wx = x, wy = y;
      }
  g_test_message ("%d pixels differ by more than %d; the most, %d, at %d,%d", n, max_diff, worst, wx, wy);
  return n;
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

/* A hosted widget's layer has the widget's natural size from creation,
 * before any view lays it out (issue 31); measured here on a second,
 * identical button */
static void
test_widget_natural_size (void)
{
  GtkWidget *reference = g_object_ref_sink (gtk_button_new_with_label ("Natural size"));
  GskLayer *layer = g_object_ref_sink (gsk_layer_widget_new (gtk_button_new_with_label ("Natural size")));
  graphene_size_t size;
  int w, h;

  gtk_widget_measure (reference, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
  gtk_widget_measure (reference, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
  gsk_layer_get_size (layer, &size);
  g_test_message ("button %dx%d, layer %gx%g", w, h, size.width, size.height);
  g_assert_cmpint (w, >, 0);
  g_assert_cmpfloat (size.width, ==, w);
  g_assert_cmpfloat (size.height, ==, h);

  /* Set by the application, it stays */
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (200, 80));
  gsk_layer_get_size (layer, &size);
  g_assert_cmpfloat (size.width, ==, 200);

  g_object_unref (layer);
  g_object_unref (reference);
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

typedef struct {
  GString *log;
  gboolean changed;
} Log;

static gboolean
log_event (GskLayerEventController *controller,
           GskLayerEvent           *event,
           Log                     *log)
{
  GskLayerEventType type = gsk_layer_event_get_event_type (event);
  const char *name = gsk_layer_get_name (gsk_layer_event_controller_get_layer (controller));
  const char *what;

  switch (type)
    {
    case GSK_LAYER_EVENT_ENTER: what = "enter"; break;
    case GSK_LAYER_EVENT_LEAVE: what = "leave"; break;
    case GSK_LAYER_EVENT_FOCUS_IN: what = "focus-in"; break;
    case GSK_LAYER_EVENT_FOCUS_OUT: what = "focus-out"; break;
    default: return FALSE;
    }
  g_string_append_printf (log->log, "%s%s %s", log->log->len ? ", " : "", what, name);
  log->changed = TRUE;
  return FALSE;
}

static GskLayer *
logged (const char *name,
        float       x,
        float       y,
        Log        *log)
{
  GskLayer *l = colored (x, y, 100, 80, &(GdkRGBA) { 0.3f, 0.7f, 0.3f, 1 });
  GskLayerEventController *controller = gsk_layer_event_controller_new ();

  gsk_layer_set_name (l, name);
  g_signal_connect (controller, "event", G_CALLBACK (log_event), log);
  gsk_layer_add_controller (l, controller);
  return l;
}

typedef struct {
  Log *log;
  const char *expected;
} LogWait;

static gboolean
log_ends_with (gconstpointer data)
{
  const LogWait *wait = data;

  return g_str_has_suffix (wait->log->log->str, wait->expected);
}

static gboolean
wait_for_log (Log        *log,
              const char *expected)
{
  LogWait wait = { log, expected };
  gboolean found = wait_until (log_ends_with, &wait, 5000);

  g_test_message ("log: %s", log->log->str);
  return found;
}

/* Presses @key for real and waits for the log to end with @expected */
static void
press_key_for (Fixture    *f,
               const char *key,
               Log        *log,
               const char *expected)
{
  xdotool (f, "key", key, NULL);
  g_assert_true (wait_for_log (log, expected));
}

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
/* {{{ Hosted widgets */

/* Clicks at (@x, @y) of the view (rounded to a pixel, where xdotool
 * puts the pointer) and says whether the button counted a click */
static gboolean
click_counts (Fixture *f,
              double   x,
              double   y,
              int     *n)
{
  int before = *n;

  move_pointer (f, (int) round (x), (int) round (y));
  spin (50);
  xdotool (f, "click", "1", NULL);
  spin (150);
  g_test_message ("click at %d,%d: %s", (int) round (x), (int) round (y), *n > before ? "clicked" : "not clicked");
  return *n > before;
}

static void
test_widget_perspective_click (Fixture       *f,
                               gconstpointer  data)
{
  GtkWidget *button = gtk_button_new_with_label ("Press me");
  GskLayer *host;
  int clicks = 0;
  double x, y, ex, ey;

  g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), &clicks);
  host = add_perspective_button (f->root, button);
  spin (200);
  g_assert_true (gtk_widget_get_parent (button) == f->view);

  /* The right edge, far and small: 3 px inside it counts, 3 px outside
   * does not */
  button_point_on_screen (BUTTON_W, BUTTON_H / 2.0, &ex, &ey);
  g_assert_true (click_counts (f, ex - 3, ey, &clicks));
  g_assert_false (click_counts (f, ex + 3, ey, &clicks));
  /* The left edge, near and large */
  button_point_on_screen (0, BUTTON_H / 2.0, &ex, &ey);
  g_assert_true (click_counts (f, ex + 3, ey, &clicks));
  g_assert_false (click_counts (f, ex - 3, ey, &clicks));
  /* The slanted top edge, near the far end: on screen it slopes, so a
   * point 3 px below it at that x counts and 3 px above does not */
  button_point_on_screen (BUTTON_W * 0.85, 0, &x, &y);
  g_assert_true (click_counts (f, x, y + 3, &clicks));
  g_assert_false (click_counts (f, x, y - 3, &clicks));
  /* The middle; hovered first: the button shows its hover state, which
   * is a new picture of it, so the view renders a frame */
  button_point_on_screen (BUTTON_W / 2.0, BUTTON_H / 2.0, &x, &y);
  move_pointer (f, 5, 5);
  spin (100);
  g_assert_false (gtk_widget_get_state_flags (button) & GTK_STATE_FLAG_PRELIGHT);
  {
    guint frames = gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (f->view));

    move_pointer (f, (int) round (x), (int) round (y));
    spin (100);
    move_pointer (f, (int) round (x) + 1, (int) round (y));
    spin (150);
    g_assert_true (gtk_widget_get_state_flags (button) & GTK_STATE_FLAG_PRELIGHT);
    g_assert_cmpuint (gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (f->view)), >, frames);
  }
  g_assert_true (click_counts (f, x, y, &clicks));
  g_assert_cmpint (clicks, ==, 4);

  /* A layer above the button covers it, for the pointer too */
  {
    GskLayer *cover = colored (0, 0, WIDTH / 2, HEIGHT, &(GdkRGBA) { 0.5f, 0.5f, 0.5f, 1 });

    gsk_layer_add_child (f->root, cover);
    spin (100);
    button_point_on_screen (BUTTON_W * 0.25, BUTTON_H / 2.0, &x, &y);
    g_assert_cmpfloat (x, <, WIDTH / 2);
    g_assert_false (click_counts (f, x, y, &clicks));
    button_point_on_screen (BUTTON_W * 0.75, BUTTON_H / 2.0, &x, &y);
    g_assert_true (click_counts (f, x, y, &clicks));
  }

  /* Removed from the tree, the widget leaves the view */
  g_object_ref (button);
  gsk_layer_remove_child (f->root, host);
  spin (100);
  g_assert_null (gtk_widget_get_parent (button));
  g_object_unref (button);
}

/* A cube of six buttons, 120 px a side, in one 3D rendering context
 * under perspective(400px), turned by rotateY(30deg): its front and left
 * faces face the viewer. Where a face's point is on screen is worked out
 * here from CSS's definitions, not GSK's matrices: each face is turned
 * from the front about the cube's centre and pushed out 60 px
 * ("rotateY(90deg) translateZ(60px)"), then the cube turns, then the
 * perspective divides by the depth about the view's centre. */
static const char * const cube_faces[] = {
  "translateZ(60px)", "rotateY(90deg) translateZ(60px)", "rotateY(180deg) translateZ(60px)",
  "rotateY(-90deg) translateZ(60px)", "rotateX(90deg) translateZ(60px)", "rotateX(-90deg) translateZ(60px)",
};
enum { FRONT, RIGHT, BACK, LEFT, TOP, BOTTOM };

static void
cube_point_on_screen (int     face,
                      double  cube_angle,
                      double  u,
                      double  v,
                      double *x,
                      double *y)
{
  /* The face's turn: about y for the four sides, about x for the top
   * (90°) and the bottom (-90°) */
  static const double turn_y[] = { 0, 90, 180, -90, 0, 0 }, turn_x[] = { 0, 0, 0, 0, 90, -90 };
  double px = u - 60, py = v - 60, pz = 60;
  double a = turn_y[face] * G_PI / 180, b = turn_x[face] * G_PI / 180, c = cube_angle * G_PI / 180;
  double qx, qy, qz, k;

  /* rotateX: y' = y cos - z sin, z' = y sin + z cos; rotateY: x' = x cos
   * + z sin, z' = -x sin + z cos */
  qy = py * cos (b) - pz * sin (b);
  qz = py * sin (b) + pz * cos (b);
  py = qy, pz = qz;
  qx = px * cos (a) + pz * sin (a);
  qz = -px * sin (a) + pz * cos (a);
  px = qx, pz = qz;
  qx = px * cos (c) + pz * sin (c);
  qz = -px * sin (c) + pz * cos (c);
  k = 400 / (400 - qz);
  *x = WIDTH / 2.0 + qx * k;
  *y = HEIGHT / 2.0 + py * k;
}

static void
set_cube_angle (GskLayer *cube,
                double    angle)
{
  g_autofree char *css = g_strdup_printf ("rotateY(%gdeg)", angle);
  GskLayerTransform *t = NULL;

  g_assert_true (gsk_layer_transform_parse (css, &t, NULL));
  gsk_layer_set_transform (cube, t);
  gsk_layer_transform_unref (t);
}

/* Real clicks reach the button in front at that pixel: the back face
 * comes after the front one in the tree, and the right one too, yet a
 * click where they lie behind the front face goes to the front face */
static void
test_widget_cube_click (Fixture       *f,
                        gconstpointer  data)
{
  GskLayer *cube = gsk_layer_new ();
  GskLayerTransform *t = NULL;
  int clicks[6] = { 0, };
  double x, y;
  int i;

  g_assert_true (gsk_layer_transform_parse ("perspective(400px)", &t, NULL));
  gsk_layer_set_child_transform (f->root, t);
  gsk_layer_transform_unref (t);
  gsk_layer_set_position (cube, &GRAPHENE_POINT_INIT ((WIDTH - 120) / 2, (HEIGHT - 120) / 2));
  gsk_layer_set_size (cube, &GRAPHENE_SIZE_INIT (120, 120));
  gsk_layer_set_transform_style (cube, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  for (i = 0; i < 6; i++)
    {
      GtkWidget *button = gtk_button_new_with_label (cube_faces[i]);
      GskLayer *host = gsk_layer_widget_new (button);

      g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), &clicks[i]);
      gsk_layer_set_size (host, &GRAPHENE_SIZE_INIT (120, 120));
      g_assert_true (gsk_layer_transform_parse (cube_faces[i], &t, NULL));
      gsk_layer_set_transform (host, t);
      gsk_layer_transform_unref (t);
      gsk_layer_add_child (cube, host);
    }
  set_cube_angle (cube, 30);
  gsk_layer_add_child (f->root, cube);
  spin (200);

  /* The two faces in front, each in its middle */
  cube_point_on_screen (FRONT, 30, 60, 60, &x, &y);
  g_assert_true (click_counts (f, x, y, &clicks[FRONT]));
  cube_point_on_screen (LEFT, 30, 60, 60, &x, &y);
  g_assert_true (click_counts (f, x, y, &clicks[LEFT]));

  /* The back face near its left edge, and the right face's middle, both
   * behind the front face (on screen between its edges, 172 and 287 px
   * at this height): the front face takes the click */
  cube_point_on_screen (BACK, 30, 10, 60, &x, &y);
  g_assert_cmpfloat (x, >, 180);
  g_assert_true (click_counts (f, x, y, &clicks[FRONT]));
  g_assert_cmpint (clicks[BACK], ==, 0);
  cube_point_on_screen (RIGHT, 30, 60, 60, &x, &y);
  g_assert_cmpfloat (x, <, 280);
  g_assert_true (click_counts (f, x, y, &clicks[FRONT]));
  g_assert_cmpint (clicks[RIGHT], ==, 0);

  /* Half a turn on, the back face is in front where the front one was */
  set_cube_angle (cube, 210);
  spin (200);
  cube_point_on_screen (BACK, 210, 60, 60, &x, &y);
  g_assert_true (click_counts (f, x, y, &clicks[BACK]));
  cube_point_on_screen (FRONT, 210, 10, 60, &x, &y);
  g_assert_true (click_counts (f, x, y, &clicks[BACK]));
  g_assert_cmpint (clicks[FRONT], ==, 3);
  g_assert_cmpint (clicks[LEFT], ==, 1);
  g_assert_cmpint (clicks[BACK], ==, 2);
  g_assert_cmpint (clicks[RIGHT] + clicks[TOP] + clicks[BOTTOM], ==, 0);
}

static void
test_widget_entry_typing (Fixture       *f,
                          gconstpointer  data)
{
  GtkWidget *entry = gtk_entry_new ();
  double x, y;

  add_perspective_button (f->root, entry);
  spin (200);

  button_point_on_screen (BUTTON_W * 0.8, BUTTON_H / 2.0, &x, &y);
  move_pointer (f, (int) round (x), (int) round (y));
  spin (50);
  xdotool (f, "click", "1", NULL);
  spin (150);
  g_assert_true (gtk_widget_has_focus (gtk_widget_get_first_child (entry)) || gtk_widget_is_focus (entry) ||
                 gtk_widget_get_focus_child (entry) != NULL);
  xdotool (f, "type", "--delay", "20", "hello", NULL);
  spin (200);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "hello");
}

/* A hosted widget looks as the same widget does in a window: the
 * reference is a second button in a window of its own, placed by GTK's
 * own layout (margins of 20), drawn by GTK's renderer */
static void
test_widget_pixels (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *reference = gtk_button_new_with_label ("Same button");
  GtkWidget *window = gtk_window_new ();
  GskLayer *host = gsk_layer_widget_new (gtk_button_new_with_label ("Same button"));
  GdkPaintable *paintable;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  GdkTexture *texture;
  cairo_surface_t *expected, *shown, *crop;
  cairo_t *cr;
  guint32 bg;
  int n;

  gtk_widget_set_size_request (reference, 160, 60);
  gtk_widget_set_halign (reference, GTK_ALIGN_START);
  gtk_widget_set_valign (reference, GTK_ALIGN_START);
  gtk_widget_set_margin_start (reference, 20);
  gtk_widget_set_margin_top (reference, 20);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 200, 100);
  gtk_window_set_child (GTK_WINDOW (window), reference);
  gtk_window_present (GTK_WINDOW (window));
  spin (300);

  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, 200, 100);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, 200, 100));
  expected = texture_to_surface (texture);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  gtk_window_destroy (GTK_WINDOW (window));

  /* The view: the window's background, the button's layer where GTK
   * put the reference */
  bg = *(guint32 *) (cairo_image_surface_get_data (expected) + 95 * cairo_image_surface_get_stride (expected) + 195 * 4);
  gsk_layer_set_background_color (f->root, &(GdkRGBA) { ((bg >> 16) & 0xff) / 255.f, ((bg >> 8) & 0xff) / 255.f,
                                                        (bg & 0xff) / 255.f, 1 });
  gsk_layer_set_position (host, &GRAPHENE_POINT_INIT (20, 20));
  gsk_layer_set_size (host, &GRAPHENE_SIZE_INIT (160, 60));
  gsk_layer_add_child (f->root, host);
  spin (300);
  shown = draw_with_gtk (f);
  crop = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);
  cr = cairo_create (crop);
  cairo_set_source_surface (cr, shown, 0, 0);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (cr);
  cairo_destroy (cr);
  if (g_getenv ("TEST_VIEW_SAVE"))
    {
      cairo_surface_write_to_png (crop, "test-view-widget-shown.png");
      cairo_surface_write_to_png (expected, "test-view-widget-expected.png");
    }

  /* Text may be antialiased a little differently (GTK's GL renderer has
   * its own glyph cache; the layer's content is drawn with cairo): 2%
   * of the pixels at most, where a widget off by a few pixels differs
   * along every edge and glyph */
  n = compare (crop, expected, 24);
  g_assert_cmpint (n, <=, 200 * 100 / 50);

  cairo_surface_destroy (crop);
  cairo_surface_destroy (shown);
  cairo_surface_destroy (expected);
}

/* The pointer pressed on a hosted button, its layer leaves the tree, the
 * pointer is let go: no click, no warning, the widget let go */
static void
test_widget_removed_during_grab (Fixture       *f,
                                 gconstpointer  data)
{
  GtkWidget *button = g_object_ref_sink (gtk_button_new_with_label ("Held"));
  GskLayer *host;
  int clicks = 0;
  double x, y;

  g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), &clicks);
  host = add_perspective_button (f->root, button);
  spin (200);
  button_point_on_screen (BUTTON_W / 2.0, BUTTON_H / 2.0, &x, &y);
  move_pointer (f, (int) round (x), (int) round (y));
  spin (100);
  xdotool (f, "mousedown", "1", NULL);
  spin (100);
  g_assert_true (gtk_widget_get_state_flags (button) & GTK_STATE_FLAG_ACTIVE);

  gsk_layer_remove_child (f->root, host);
  spin (100);
  g_assert_null (gtk_widget_get_parent (button));
  move_pointer (f, (int) round (x) + 20, (int) round (y));
  xdotool (f, "mouseup", "1", NULL);
  spin (100);
  g_assert_cmpint (clicks, ==, 0);
  g_object_unref (button);
}

/* Tab goes through layers and hosted widgets alike, in tree order */
static void
test_widget_tab_order (Fixture       *f,
                       gconstpointer  data)
{
  Log log = { g_string_new (NULL), FALSE };
  GskLayer *a = logged ("a", 20, 20, &log);
  GskLayer *b = logged ("b", 200, 20, &log);
  GtkWidget *hosted = gtk_button_new_with_label ("Hosted");
  GskLayer *host = gsk_layer_widget_new (hosted);

  gsk_layer_set_position (host, &GRAPHENE_POINT_INIT (20, 150));
  gsk_layer_set_focusable (a, TRUE);
  gsk_layer_set_focusable (b, TRUE);
  gsk_layer_add_child (f->root, a);
  gsk_layer_add_child (f->root, host);
  gsk_layer_add_child (f->root, b);
  spin (100);

  gtk_widget_grab_focus (f->view);
  spin (50);
  press_key_for (f, "Tab", &log, "focus-in a");
  press_key_for (f, "Tab", &log, "focus-out a");
  spin (50);
  g_assert_true (gtk_widget_has_focus (hosted));
  g_assert_null (gsk_layer_get_focus (f->root));
  press_key_for (f, "Tab", &log, "focus-in b");
  g_assert_false (gtk_widget_has_focus (hosted));
  press_key_for (f, "Tab", &log, "focus-out b");
  spin (50);
  g_assert_true (gtk_widget_has_focus (f->button));

  /* And back */
  press_key_for (f, "shift+Tab", &log, "focus-in b");
  press_key_for (f, "shift+Tab", &log, "focus-out b");
  spin (50);
  g_assert_true (gtk_widget_has_focus (hosted));

  close_window (f);
  g_string_free (log.log, TRUE);
}

static void
test_widget_size_and_lifetime (Fixture       *f,
                               gconstpointer  data)
{
  GtkWidget *button = gtk_button_new_with_label ("A label of some length");
  GskLayer *host = gsk_layer_widget_new (button);
  graphene_size_t size;
  int nat_w, nat_h;

  gsk_layer_add_child (f->root, host);
  spin (200);
  /* Its size is the widget's natural size */
  gtk_widget_measure (button, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat_w, NULL, NULL);
  gtk_widget_measure (button, GTK_ORIENTATION_VERTICAL, nat_w, NULL, &nat_h, NULL, NULL);
  gsk_layer_get_size (host, &size);
  g_assert_cmpfloat (size.width, ==, nat_w);
  g_assert_cmpfloat (size.height, ==, nat_h);
  /* And it is what it asks of a layout manager */
  {
    graphene_size_t natural;

    gsk_layer_get_preferred_size (host, NULL, &natural);
    g_assert_cmpfloat (natural.width, ==, nat_w);
    g_assert_cmpfloat (natural.height, ==, nat_h);
  }

  /* Focused and animating, then taken out of the tree and dropped */
  gtk_widget_grab_focus (button);
  spin (50);
  g_assert_true (gtk_widget_has_focus (button));
  gsk_layer_save_easing_state (host);
  gsk_layer_set_easing_duration (host, 1000);
  gsk_layer_set_opacity (host, 0.2f);
  gsk_layer_restore_easing_state (host);
  spin (100);
  g_object_ref (button);
  gsk_layer_remove_child (f->root, host);
  spin (100);
  g_assert_null (gtk_widget_get_parent (button));
  g_assert_false (gtk_widget_has_focus (button));
  g_object_unref (button);
  spin (100);
}

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
  /* Only where a command can grab the screen: test-view-wayland.sh */
  if (g_getenv ("TEST_VIEW_GRAB"))
    g_test_add ("/view/pixels/screen", Fixture, NULL, fixture_set_up, test_screen, fixture_tear_down);
  g_test_add_func ("/view/icon-content", test_icon_content);
  g_test_add_func ("/view/widget-natural-size", test_widget_natural_size);
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
  g_test_add ("/view/widget/perspective-click", Fixture, NULL, fixture_set_up,
              test_widget_perspective_click, fixture_tear_down);
  g_test_add ("/view/widget/cube-click", Fixture, NULL, fixture_set_up,
              test_widget_cube_click, fixture_tear_down);
  g_test_add ("/view/widget/entry-typing", Fixture, NULL, fixture_set_up,
              test_widget_entry_typing, fixture_tear_down);
  g_test_add ("/view/widget/pixels", Fixture, NULL, fixture_set_up,
              test_widget_pixels, fixture_tear_down);
  g_test_add ("/view/widget/removed-during-grab", Fixture, NULL, fixture_set_up,
              test_widget_removed_during_grab, fixture_tear_down);
  g_test_add ("/view/widget/tab-order", Fixture, NULL, fixture_set_up,
              test_widget_tab_order, fixture_tear_down);
  g_test_add ("/view/widget/size-and-lifetime", Fixture, NULL, fixture_set_up,
              test_widget_size_and_lifetime, fixture_tear_down);

  return g_test_run ();
}
