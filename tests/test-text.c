/* test-text.c: GskLayerText, text laid out by Pango (issue 13, first part)
 *
 * Layout against Pango itself: the preferred size is the logical extents
 * of a layout this test makes on its own, wrapping and ellipsizing at a
 * width, markup and its errors, relayout on change, empty and huge text;
 * drawing against the same text drawn by Pango with cairo directly, on
 * both backends (colour, alignment, justification, wrapping by words and
 * characters, ellipsizing, markup, line spacing), crispness under
 * scale(4) and at device scales 2 and 1.25; scene files with a text layer, and their round trip.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>
#include <gsklayer.h>

#include "font-caches.h"
#include "gsk-layer-private.h"
#include "gsk-layer-compile-private.h"
#include "gsk-layer-glyph-cache-private.h"

/* The options GskLayerText documents: unhinted metrics, 96 dpi */
static PangoLayout *
reference_layout (const char *text,
                  const char *font)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_t *options = cairo_font_options_create ();
  PangoFontDescription *desc = pango_font_description_from_string (font);
  PangoLayout *layout;

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options (context, options);
  pango_cairo_context_set_resolution (context, 96);
  pango_context_set_round_glyph_positions (context, FALSE);
  layout = pango_layout_new (context);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_font_description (layout, desc);

  pango_font_description_free (desc);
  cairo_font_options_destroy (options);
  g_object_unref (context);
  return layout;
}

static void
assert_size (GskLayer *layer,
             float     width,
             float     height)
{
  graphene_size_t size;

  gsk_layer_get_size (layer, &size);
  g_assert_cmpfloat_with_epsilon (size.width, width, 0.01);
  g_assert_cmpfloat_with_epsilon (size.height, height, 0.01);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              int        *n)
{
  (*n)++;
}

static void
test_defaults_and_notify (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_text_new (NULL));
  GskLayerText *text = GSK_LAYER_TEXT (layer);
  GdkRGBA color;
  int n = 0;

  g_assert_cmpstr (gsk_layer_text_get_text (text), ==, "");
  g_assert_cmpstr (gsk_layer_text_get_font (text), ==, "Sans 12");
  gsk_layer_text_get_color (text, &color);
  g_assert_true (gdk_rgba_equal (&color, &(GdkRGBA) { 0, 0, 0, 1 }));
  g_assert_cmpint (gsk_layer_text_get_alignment (text), ==, GSK_LAYER_TEXT_ALIGN_LEFT);
  g_assert_cmpint (gsk_layer_text_get_wrap (text), ==, GSK_LAYER_TEXT_WRAP_NONE);
  g_assert_cmpint (gsk_layer_text_get_ellipsize (text), ==, PANGO_ELLIPSIZE_NONE);
  g_assert_cmpfloat (gsk_layer_text_get_line_spacing (text), ==, 0);
  g_assert_null (gsk_layer_text_get_attributes (text));
  /* Empty text: a zero-size layer */
  assert_size (layer, 0, 0);

  g_signal_connect (layer, "notify::text", G_CALLBACK (count_notify), &n);
  gsk_layer_text_set_text (text, "Hello");
  gsk_layer_text_set_text (text, "Hello");
  g_assert_cmpint (n, ==, 1);
  gsk_layer_text_set_text (text, NULL);
  g_assert_cmpstr (gsk_layer_text_get_text (text), ==, "");
  g_assert_cmpint (n, ==, 2);

  g_object_set (layer, "font", "Serif Bold 20", "alignment", GSK_LAYER_TEXT_ALIGN_CENTER,
                "wrap", GSK_LAYER_TEXT_WRAP_WORD_CHAR, "ellipsize", PANGO_ELLIPSIZE_MIDDLE,
                "line-spacing", 1.5f, NULL);
  g_assert_cmpstr (gsk_layer_text_get_font (text), ==, "Serif Bold 20");
  g_assert_cmpint (gsk_layer_text_get_alignment (text), ==, GSK_LAYER_TEXT_ALIGN_CENTER);
  g_assert_cmpint (gsk_layer_text_get_wrap (text), ==, GSK_LAYER_TEXT_WRAP_WORD_CHAR);
  g_assert_cmpint (gsk_layer_text_get_ellipsize (text), ==, PANGO_ELLIPSIZE_MIDDLE);
  g_assert_cmpfloat (gsk_layer_text_get_line_spacing (text), ==, 1.5f);

  g_object_unref (layer);
}

/* The preferred size is Pango's logical extents, and the layer's size
 * follows it until the application sets one */
static void
test_preferred_size (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_text_new ("Scene graphs"));
  PangoLayout *reference = reference_layout ("Scene graphs", "Sans 12");
  PangoRectangle logical;
  graphene_size_t size;

  pango_layout_get_extents (reference, NULL, &logical);
  gsk_layer_text_get_preferred_size (GSK_LAYER_TEXT (layer), &size);
  g_assert_cmpfloat_with_epsilon (size.width, logical.width / (float) PANGO_SCALE, 0.001);
  g_assert_cmpfloat_with_epsilon (size.height, logical.height / (float) PANGO_SCALE, 0.001);
  g_assert_cmpfloat (size.width, >, 50);
  assert_size (layer, size.width, size.height);

  /* A bigger font, a longer text: the size follows */
  gsk_layer_text_set_font (GSK_LAYER_TEXT (layer), "Sans 24");
  gsk_layer_text_set_text (GSK_LAYER_TEXT (layer), "Scene graphs for GTK");
  g_object_unref (reference);
  reference = reference_layout ("Scene graphs for GTK", "Sans 24");
  pango_layout_get_extents (reference, NULL, &logical);
  assert_size (layer, logical.width / (float) PANGO_SCALE, logical.height / (float) PANGO_SCALE);

  /* Set by the application, the size stays */
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (50, 40));
  gsk_layer_text_set_text (GSK_LAYER_TEXT (layer), "Another text");
  assert_size (layer, 50, 40);

  g_object_unref (reference);
  g_object_unref (layer);

  /* Also when its notification is held back while the text changes,
   * as a scene file sets properties (size, then wrap): before, the text
   * took the size back */
  layer = g_object_ref_sink (gsk_layer_text_new ("A long line laid out in a set width"));
  g_object_freeze_notify (G_OBJECT (layer));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (150, 80));
  gsk_layer_text_set_wrap (GSK_LAYER_TEXT (layer), GSK_LAYER_TEXT_WRAP_WORD);
  g_object_thaw_notify (G_OBJECT (layer));
  assert_size (layer, 150, 80);
  gsk_layer_text_set_text (GSK_LAYER_TEXT (layer), "Another text, just as long as the first one was");
  assert_size (layer, 150, 80);
  g_assert_cmpint (pango_layout_get_line_count (gsk_layer_text_get_layout (GSK_LAYER_TEXT (layer))), >, 1);
  g_object_unref (layer);
}

static void
test_wrap_and_ellipsize (void)
{
  const char *words = "The quick brown fox jumps over the lazy dog, twice over";
  GskLayer *layer = g_object_ref_sink (gsk_layer_text_new (words));
  GskLayerText *text = GSK_LAYER_TEXT (layer);
  PangoLayout *reference = reference_layout (words, "Sans 12");
  PangoRectangle logical, one_line;
  graphene_size_t size;
  int lines;

  pango_layout_get_extents (reference, NULL, &one_line);
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (120, 200));

  /* Unwrapped: one line, wider than the layer */
  g_assert_cmpint (pango_layout_get_line_count (gsk_layer_text_get_layout (text)), ==, 1);

  /* Wrapped at 120: as many lines as Pango makes of it at that width */
  gsk_layer_text_set_wrap (text, GSK_LAYER_TEXT_WRAP_WORD);
  pango_layout_set_width (reference, 120 * PANGO_SCALE);
  pango_layout_set_wrap (reference, PANGO_WRAP_WORD);
  lines = pango_layout_get_line_count (reference);
  g_assert_cmpint (lines, >, 2);
  g_assert_cmpint (pango_layout_get_line_count (gsk_layer_text_get_layout (text)), ==, lines);
  pango_layout_get_extents (reference, NULL, &logical);
  gsk_layer_text_get_preferred_size (text, &size);
  g_assert_cmpfloat_with_epsilon (size.height, logical.height / (float) PANGO_SCALE, 0.001);
  g_assert_cmpfloat_with_epsilon (size.width, one_line.width / (float) PANGO_SCALE, 0.001);

  /* A new width: laid out again */
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (240, 200));
  g_assert_cmpint (pango_layout_get_line_count (gsk_layer_text_get_layout (text)), <, lines);

  /* Ellipsized, unwrapped: one line that fits */
  gsk_layer_text_set_wrap (text, GSK_LAYER_TEXT_WRAP_NONE);
  gsk_layer_text_set_ellipsize (text, PANGO_ELLIPSIZE_END);
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (100, 30));
  g_assert_cmpint (pango_layout_get_line_count (gsk_layer_text_get_layout (text)), ==, 1);
  g_assert_true (pango_layout_is_ellipsized (gsk_layer_text_get_layout (text)));
  pango_layout_get_extents (gsk_layer_text_get_layout (text), NULL, &logical);
  g_assert_cmpint (logical.width, <=, 100 * PANGO_SCALE);

  g_object_unref (reference);
  g_object_unref (layer);
}

static void
test_markup (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_text_new ("plain"));
  GskLayerText *text = GSK_LAYER_TEXT (layer);
  g_autoptr (GError) error = NULL;
  graphene_size_t plain, bold;

  gsk_layer_text_get_preferred_size (text, &plain);
  g_assert_true (gsk_layer_text_set_markup (text, "<b>plain</b>", &error));
  g_assert_no_error (error);
  g_assert_true (gsk_layer_text_get_use_markup (text));
  g_assert_cmpstr (gsk_layer_text_get_text (text), ==, "<b>plain</b>");
  /* Laid out as markup: "plain" in bold, wider than regular */
  g_assert_cmpstr (pango_layout_get_text (gsk_layer_text_get_layout (text)), ==, "plain");
  gsk_layer_text_get_preferred_size (text, &bold);
  g_assert_cmpfloat (bold.width, >, plain.width);

  /* Bad markup: an error with the position, and nothing changed */
  g_assert_false (gsk_layer_text_set_markup (text, "good <i>bad</b>", &error));
  g_assert_true (error->domain == G_MARKUP_ERROR);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "line 1 char 23"));
  g_assert_cmpstr (gsk_layer_text_get_text (text), ==, "<b>plain</b>");

  /* Through the property, bad markup shows as it is written */
  gsk_layer_text_set_text (text, "<i>open");
  g_assert_cmpstr (pango_layout_get_text (gsk_layer_text_get_layout (text)), ==, "<i>open");

  g_object_unref (layer);
}

static void
test_huge_and_bad (void)
{
  GString *big = g_string_sized_new (1 << 20);
  GskLayer *layer;
  graphene_size_t size;

  /* 1 MB of text in one line */
  while (big->len < (1 << 20))
    g_string_append (big, "abcdefghijklmnopqrstuvwxyz0123456789 ");
  layer = g_object_ref_sink (gsk_layer_text_new (big->str));
  gsk_layer_get_size (layer, &size);
  g_assert_true (isfinite (size.width) && size.width > 0 && size.width <= 1e6f);
  /* Many paragraphs: Pango lays them out in time that grows faster
   * than their number (20 s for 13,000 lines of 80 here), so 1,600 */
  g_string_truncate (big, 0);
  while (big->len < (1 << 17))
    g_string_append (big, "abcdefghijklmnopqrstuvwxyz0123456789 abcdefghijklmnopqrstuvwxyz0123456789 abcdef\n");
  gsk_layer_text_set_text (GSK_LAYER_TEXT (layer), big->str);
  gsk_layer_get_size (layer, &size);
  g_assert_true (isfinite (size.height) && size.height > 1000 && size.height <= 1e6f);
  g_string_free (big, TRUE);

  /* Programming errors change nothing */
  if (g_test_undefined ())
    {
      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*g_utf8_validate*");
      gsk_layer_text_set_text (GSK_LAYER_TEXT (layer), "bad \xff utf-8");
      g_test_assert_expected_messages ();
      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*factor*");
      gsk_layer_text_set_line_spacing (GSK_LAYER_TEXT (layer), NAN);
      g_test_assert_expected_messages ();
      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*color*");
      gsk_layer_text_set_color (GSK_LAYER_TEXT (layer), &(GdkRGBA) { 2, 0, 0, 1 });
      g_test_assert_expected_messages ();
      g_assert_cmpfloat (gsk_layer_text_get_line_spacing (GSK_LAYER_TEXT (layer)), ==, 0);
    }

  /* An unknown family falls back to fontconfig's choice */
  gsk_layer_text_set_text (GSK_LAYER_TEXT (layer), "fallback");
  gsk_layer_text_set_font (GSK_LAYER_TEXT (layer), "No Such Family 14");
  gsk_layer_get_size (layer, &size);
  g_assert_cmpfloat (size.width, >, 20);

  g_object_unref (layer);
}

/* {{{ Drawing */

static int
count_differing (cairo_surface_t *a,
                 cairo_surface_t *b,
                 int              max_diff)
{
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a);
  int x, y, c, n = 0;

  for (y = 0; y < cairo_image_surface_get_height (a); y++)
    for (x = 0; x < cairo_image_surface_get_width (a); x++)
      {
        int m = 0;

        for (c = 0; c < 4; c++)
          m = MAX (m, ABS (da[y * stride + x * 4 + c] - db[y * stride + x * 4 + c]));
        n += m > max_diff;
      }
  return n;
}

/* A text layer at (@x, @y) on white, drawn by @renderer, against the
 * same text drawn by Pango with cairo directly; the number of pixels
 * apart by more than 6 */
static int
check_drawing_at (GskLayerRenderer *renderer,
                  const char       *name,
                  double            x,
                  double            y)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *label = gsk_layer_text_new ("Crisp text, GSK");
  PangoLayout *reference = reference_layout ("Crisp text, GSK", "Sans Bold 16");
  cairo_surface_t *shown, *expected;
  cairo_t *cr;
  int n, ink;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (240, 60));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_text_set_font (GSK_LAYER_TEXT (label), "Sans Bold 16");
  gsk_layer_text_set_color (GSK_LAYER_TEXT (label), &(GdkRGBA) { 0.1f, 0.2f, 0.6f, 1 });
  gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_add_child (root, label);
  shown = gsk_layer_renderer_render_to_surface (renderer, root, 240, 60);

  expected = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 240, 60);
  cr = cairo_create (expected);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.1, 0.2, 0.6);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, reference);
  cairo_destroy (cr);

  if (g_getenv ("TEST_TEXT_SAVE"))
    {
      g_autofree char *a = g_strdup_printf ("test-text-%s.png", name);

      cairo_surface_write_to_png (shown, a);
      cairo_surface_write_to_png (expected, "test-text-expected.png");
    }

  /* Ink there is, and where Pango puts it: the same pixels but for
   * rounding (the GL backend samples the cached raster) */
  {
    cairo_surface_t *nothing = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 240, 60);

    ink = count_differing (expected, nothing, 0);
    cairo_surface_destroy (nothing);
  }
  n = count_differing (shown, expected, 6);
  g_test_message ("%s: %d of 14,400 pixels differ by more than 6", name, n);
  g_assert_cmpint (ink, >, 1000);
  g_assert_cmpint (n, <=, 14400 / 200);

  cairo_surface_destroy (shown);
  cairo_surface_destroy (expected);
  g_object_unref (reference);
  g_object_unref (root);

  return n;
}

static void
check_drawing (GskLayerRenderer *renderer,
               const char       *name)
{
  check_drawing_at (renderer, name, 20, 10);
}


typedef void (* Check) (GskLayerRenderer *renderer,
                        const char       *name);

/* Runs @check with the backend named by @data: "software", or "gl"
 * where a GL context can be made (skipped with the reason elsewhere) */
static void
run_on_backend (gconstpointer data,
                Check         check)
{
  const char *backend = data;
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend (backend, &error);

  if (renderer == NULL)
    {
      g_autofree char *why = g_strdup_printf ("no %s renderer here: %s", backend, error->message);

      g_test_skip (why);
      return;
    }

  check (renderer, backend);
  g_object_unref (renderer);
}

static void
test_draw (gconstpointer data)
{
  run_on_backend (data, check_drawing);
}

/* {{{ Layouts drawn, against Pango with cairo */

typedef struct {
  const char *name;
  const char *text;
  gboolean markup;
  GskLayerTextAlignment alignment;
  GskLayerTextWrap wrap;
  PangoEllipsizeMode ellipsize;
  float line_spacing;
  float width;                  /* of the layer */
  GdkRGBA color;
} LayoutCase;

static const LayoutCase layout_cases[] = {
  { "center", "Centred in the layer\nand a second line", FALSE, GSK_LAYER_TEXT_ALIGN_CENTER,
    GSK_LAYER_TEXT_WRAP_NONE, PANGO_ELLIPSIZE_NONE, 0, 260, { 0.75f, 0.11f, 0.16f, 1 } },
  { "right", "Right, unwrapped\nshort", FALSE, GSK_LAYER_TEXT_ALIGN_RIGHT,
    GSK_LAYER_TEXT_WRAP_NONE, PANGO_ELLIPSIZE_NONE, 0, 260, { 0.1f, 0.37f, 0.71f, 1 } },
  { "justify", "The quick brown fox jumps over the lazy dog, and over it again and again", FALSE,
    GSK_LAYER_TEXT_ALIGN_JUSTIFY, GSK_LAYER_TEXT_WRAP_WORD, PANGO_ELLIPSIZE_NONE, 0, 180, { 0, 0, 0, 1 } },
  { "wrap-char", "Characterwrappedwithoutanyspaces at all", FALSE, GSK_LAYER_TEXT_ALIGN_LEFT,
    GSK_LAYER_TEXT_WRAP_CHAR, PANGO_ELLIPSIZE_NONE, 0, 120, { 0.15f, 0.64f, 0.41f, 1 } },
  { "wrap-center", "Wrapped at words and centred, line by line", FALSE, GSK_LAYER_TEXT_ALIGN_CENTER,
    GSK_LAYER_TEXT_WRAP_WORD, PANGO_ELLIPSIZE_NONE, 0, 150, { 0.38f, 0.21f, 0.51f, 1 } },
  { "ellipsize-end", "Ellipsized at the end of a long line", FALSE, GSK_LAYER_TEXT_ALIGN_LEFT,
    GSK_LAYER_TEXT_WRAP_NONE, PANGO_ELLIPSIZE_END, 0, 140, { 0, 0, 0, 1 } },
  { "ellipsize-middle", "Ellipsized in the middle of a long line", FALSE, GSK_LAYER_TEXT_ALIGN_LEFT,
    GSK_LAYER_TEXT_WRAP_NONE, PANGO_ELLIPSIZE_MIDDLE, 0, 140, { 0, 0, 0, 1 } },
  { "markup", "<span foreground='#c01c28'>red</span>, <i>italic</i> and <b>bold</b>", TRUE,
    GSK_LAYER_TEXT_ALIGN_LEFT, GSK_LAYER_TEXT_WRAP_NONE, PANGO_ELLIPSIZE_NONE, 0, 260, { 0, 0, 0, 1 } },
  { "line-spacing", "Lines set one and a half apart, wrapped at words", FALSE, GSK_LAYER_TEXT_ALIGN_LEFT,
    GSK_LAYER_TEXT_WRAP_WORD, PANGO_ELLIPSIZE_NONE, 1.5f, 150, { 0, 0, 0, 1 } },
  /* Underlines, strikethroughs and backgrounds: rectangles in the run */
  { "decorations", "<u>under</u>, <s>struck</s>, <span background='#f6d32d' alpha='50%'>marked</span> "
    "<span underline='double' underline_color='#1c71d8'>twice</span>", TRUE,
    GSK_LAYER_TEXT_ALIGN_LEFT, GSK_LAYER_TEXT_WRAP_WORD, PANGO_ELLIPSIZE_NONE, 0, 260, { 0.2f, 0.2f, 0.2f, 1 } },
  /* Drawn by pango-cairo: runs cannot show error underlines */
  { "error-underline", "A <span underline='error'>speling</span> mistake", TRUE,
    GSK_LAYER_TEXT_ALIGN_LEFT, GSK_LAYER_TEXT_WRAP_NONE, PANGO_ELLIPSIZE_NONE, 0, 260, { 0, 0, 0, 1 } },
};

/* The reference: Pango's own layout of the case, drawn with cairo at
 * (10, 10) on white; lines aligned in the layer's width as CSS's
 * text-align does */
static cairo_surface_t *
draw_layout_reference (const LayoutCase *lc)
{
  PangoLayout *layout = reference_layout ("", "Sans 13");
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 280, 120);
  cairo_t *cr = cairo_create (surface);
  PangoRectangle logical;
  double x = 10;

  if (lc->markup)
    pango_layout_set_markup (layout, lc->text, -1);
  else
    pango_layout_set_text (layout, lc->text, -1);
  pango_layout_set_alignment (layout, lc->alignment == GSK_LAYER_TEXT_ALIGN_CENTER ? PANGO_ALIGN_CENTER :
                                      lc->alignment == GSK_LAYER_TEXT_ALIGN_RIGHT ? PANGO_ALIGN_RIGHT :
                                      PANGO_ALIGN_LEFT);
  pango_layout_set_justify (layout, lc->alignment == GSK_LAYER_TEXT_ALIGN_JUSTIFY);
  if (lc->wrap != GSK_LAYER_TEXT_WRAP_NONE || lc->ellipsize != PANGO_ELLIPSIZE_NONE)
    {
      pango_layout_set_width (layout, lc->width * PANGO_SCALE);
      pango_layout_set_wrap (layout, lc->wrap == GSK_LAYER_TEXT_WRAP_CHAR ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD);
    }
  pango_layout_set_ellipsize (layout, lc->ellipsize);
  if (lc->line_spacing > 0)
    pango_layout_set_line_spacing (layout, lc->line_spacing);

  /* Unwrapped, the lines are aligned among themselves; the block then
   * goes where the alignment puts it in the layer */
  pango_layout_get_extents (layout, NULL, &logical);
  if (lc->wrap == GSK_LAYER_TEXT_WRAP_NONE && lc->ellipsize == PANGO_ELLIPSIZE_NONE)
    {
      double w = (double) logical.width / PANGO_SCALE;

      if (lc->alignment == GSK_LAYER_TEXT_ALIGN_CENTER)
        x += (lc->width - w) / 2;
      else if (lc->alignment == GSK_LAYER_TEXT_ALIGN_RIGHT)
        x += lc->width - w;
    }

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  gdk_cairo_set_source_rgba (cr, &lc->color);
  cairo_move_to (cr, x, 10);
  pango_cairo_show_layout (cr, layout);
  cairo_destroy (cr);
  g_object_unref (layout);

  return surface;
}

static void
check_layouts (GskLayerRenderer *renderer,
               const char       *name)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (layout_cases); i++)
    {
      const LayoutCase *lc = &layout_cases[i];
      GskLayer *root = g_object_ref_sink (gsk_layer_new ());
      GskLayer *label = gsk_layer_text_new (NULL);
      GskLayerText *text = GSK_LAYER_TEXT (label);
      cairo_surface_t *shown, *expected;
      graphene_size_t size;
      int n;

      gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (280, 120));
      gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
      gsk_layer_text_set_font (text, "Sans 13");
      gsk_layer_text_set_color (text, &lc->color);
      gsk_layer_text_set_alignment (text, lc->alignment);
      gsk_layer_text_set_wrap (text, lc->wrap);
      gsk_layer_text_set_ellipsize (text, lc->ellipsize);
      gsk_layer_text_set_line_spacing (text, lc->line_spacing);
      if (lc->markup)
        {
          g_autoptr (GError) error = NULL;

          g_assert_true (gsk_layer_text_set_markup (text, lc->text, &error));
        }
      else
        gsk_layer_text_set_text (text, lc->text);
      gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (10, 10));
      gsk_layer_set_size (label, &GRAPHENE_SIZE_INIT (lc->width, 110));
      gsk_layer_add_child (root, label);

      shown = gsk_layer_renderer_render_to_surface (renderer, root, 280, 120);
      expected = draw_layout_reference (lc);
      if (g_getenv ("TEST_TEXT_SAVE"))
        {
          g_autofree char *a = g_strdup_printf ("test-text-%s-%s.png", lc->name, name);
          g_autofree char *b = g_strdup_printf ("test-text-%s-expected.png", lc->name);

          cairo_surface_write_to_png (shown, a);
          cairo_surface_write_to_png (expected, b);
        }
      n = count_differing (shown, expected, 6);
      gsk_layer_get_size (label, &size);
      g_test_message ("%s, %s: %d of 33,600 pixels differ by more than 6", name, lc->name, n);
      g_assert_cmpint (n, <=, 33600 / 200);

      cairo_surface_destroy (shown);
      cairo_surface_destroy (expected);
      g_object_unref (root);
    }
}

static void
test_layouts (gconstpointer data)
{
  run_on_backend (data, check_layouts);
}

/* }}} */

/* Moved by a fraction of a pixel, a label is drawn where Pango draws it
 * there: its glyphs at the phase cairo gives them (quarter pixels with
 * cairo 1.18, the nearest pixel with 1.16), not the first layout's
 * pixels resampled */
static void
test_draw_fraction_of_pixel (gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend (data, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < 8; i++)
    {
      char name[32];
      double x = 20 + i * 0.25, y = 10 + (i % 4) * 0.25 + (i > 4 ? 0.1 : 0);

      g_snprintf (name, sizeof name, "%s-%g-%g", (const char *) data, x, y);
      check_drawing_at (renderer, name, x, y);
    }
  g_object_unref (renderer);
}

/* {{{ The glyph cache */

/* Labels share their glyphs' images: each glyph of a font is drawn once
 * per scale (and per quarter-pixel phase, where cairo positions glyphs
 * at quarter pixels), whatever label shows it, and no label is drawn
 * whole */
static void
test_glyphs_shared (void)
{
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend ("software", &error);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  /* A size no other test uses: the cache outlives a test */
  GskLayer *a = gsk_layer_text_new ("glyph cache");
  GskLayer *b = gsk_layer_text_new ("glyph cache");
  guint glyphs, whole;
  cairo_surface_t *shown;

  g_assert_no_error (error);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (300, 120));
  gsk_layer_text_set_font (GSK_LAYER_TEXT (a), "Sans 17");
  gsk_layer_text_set_font (GSK_LAYER_TEXT (b), "Sans 17");
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (0, 40));

  glyphs = gsk_layer_glyph_cache_get_n_rasterized ();
  whole = gsk_layer_compile_get_n_rasterized ();
  gsk_layer_add_child (root, a);
  shown = gsk_layer_renderer_render_to_surface (renderer, root, 300, 120);
  cairo_surface_destroy (shown);
  /* g, l, y, p, h, c, a, e: the space has no ink; where glyphs have
   * phases, the second c and h may fall on other ones */
  if (gsk_layer_glyph_cache_get_phases () == 1)
    g_assert_cmpuint (gsk_layer_glyph_cache_get_n_rasterized () - glyphs, ==, 8);
  else
    {
      g_assert_cmpuint (gsk_layer_glyph_cache_get_n_rasterized () - glyphs, >=, 8);
      g_assert_cmpuint (gsk_layer_glyph_cache_get_n_rasterized () - glyphs, <=, 10);
    }

  /* Another label of the same glyphs, whole pixels away, draws none */
  glyphs = gsk_layer_glyph_cache_get_n_rasterized ();
  gsk_layer_add_child (root, b);
  shown = gsk_layer_renderer_render_to_surface (renderer, root, 300, 120);
  cairo_surface_destroy (shown);
  g_assert_cmpuint (gsk_layer_glyph_cache_get_n_rasterized () - glyphs, ==, 0);

  /* A changed label draws its new glyph only */
  glyphs = gsk_layer_glyph_cache_get_n_rasterized ();
  gsk_layer_text_set_text (GSK_LAYER_TEXT (a), "glyph caches");
  shown = gsk_layer_renderer_render_to_surface (renderer, root, 300, 120);
  cairo_surface_destroy (shown);
  g_assert_cmpuint (gsk_layer_glyph_cache_get_n_rasterized () - glyphs, ==, 1);

  /* Another scale on screen is another image of each glyph */
  glyphs = gsk_layer_glyph_cache_get_n_rasterized ();
  {
    GskLayerTransform *scale = gsk_layer_transform_scale (NULL, 2, 2);

    gsk_layer_set_transform (a, scale);
    gsk_layer_transform_unref (scale);
  }
  shown = gsk_layer_renderer_render_to_surface (renderer, root, 300, 120);
  cairo_surface_destroy (shown);
  if (gsk_layer_glyph_cache_get_phases () == 1)
    g_assert_cmpuint (gsk_layer_glyph_cache_get_n_rasterized () - glyphs, ==, 9);
  else
    g_assert_cmpuint (gsk_layer_glyph_cache_get_n_rasterized () - glyphs, <=, 11);

  g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - whole, ==, 0);

  g_object_unref (root);
  g_object_unref (renderer);
}

/* A screen of labels is a few draw calls on GL: the glyphs of every
 * label are quads on shared atlas pages; a changed label uploads only
 * its new glyph */
static void
test_glyphs_gl_batched (void)
{
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_gl_renderer_new (&error);
  GskLayer *root, *labels[60];
  cairo_surface_t *target;
  cairo_region_t *damage;
  guint draw_calls, uploads, passes, glyphs;
  int i;

  if (renderer == NULL)
    {
      g_test_skip (error->message);
      return;
    }

  root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (600, 400));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  for (i = 0; i < 60; i++)
    {
      g_autofree char *text = g_strdup_printf ("Label %02d of a screen of text", i);

      labels[i] = gsk_layer_text_new (text);
      gsk_layer_text_set_font (GSK_LAYER_TEXT (labels[i]), "Sans 10");
      gsk_layer_set_position (labels[i], &GRAPHENE_POINT_INIT (10 + (i % 3) * 200, 10 + (i / 3) * 19));
      gsk_layer_add_child (root, labels[i]);
    }

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 400);
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);
  gsk_layer_gl_renderer_get_frame_stats (GSK_LAYER_GL_RENDERER (renderer), &draw_calls, &uploads, &passes);
  g_test_message ("60 labels: %u draw calls, %u uploads", draw_calls, uploads);
  g_assert_cmpuint (draw_calls, <=, 3);

  /* "Label 07" becomes "Label 07!": one new glyph, one upload */
  glyphs = gsk_layer_glyph_cache_get_n_rasterized ();
  gsk_layer_text_set_text (GSK_LAYER_TEXT (labels[7]), "Label 07 of a screen of text!");
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);
  gsk_layer_gl_renderer_get_frame_stats (GSK_LAYER_GL_RENDERER (renderer), &draw_calls, &uploads, &passes);
  g_test_message ("one label changed: %u draw calls, %u uploads", draw_calls, uploads);
  g_assert_cmpuint (gsk_layer_glyph_cache_get_n_rasterized () - glyphs, ==, 1);
  g_assert_cmpuint (uploads, ==, 1);

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
}

/* What a run cannot show (an error underline) is drawn whole, by
 * pango-cairo, as before */
static void
test_glyphs_fallback (void)
{
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend ("software", &error);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *label = gsk_layer_text_new (NULL);
  cairo_surface_t *shown;
  guint whole;

  g_assert_no_error (error);
  g_assert_true (gsk_layer_text_set_markup (GSK_LAYER_TEXT (label), "<span underline='error'>speling</span>", &error));
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 40));
  gsk_layer_add_child (root, label);

  whole = gsk_layer_compile_get_n_rasterized ();
  shown = gsk_layer_renderer_render_to_surface (renderer, root, 200, 40);
  cairo_surface_destroy (shown);
  g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - whole, ==, 1);

  /* Plain again: glyphs */
  gsk_layer_text_set_text (GSK_LAYER_TEXT (label), "spelling");
  shown = gsk_layer_renderer_render_to_surface (renderer, root, 200, 40);
  cairo_surface_destroy (shown);
  g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - whole, ==, 1);

  g_object_unref (root);
  g_object_unref (renderer);
}

/* {{{ text-shadow */

/* A true Gaussian of @sigma pixels over the A8 @mask, both ways, in
 * doubles: the reference for GSK's three box blurs */
static void
gaussian_blur (cairo_surface_t *mask,
               double           sigma)
{
  int w = cairo_image_surface_get_width (mask), h = cairo_image_surface_get_height (mask);
  int stride = cairo_image_surface_get_stride (mask);
  guint8 *data = cairo_image_surface_get_data (mask);
  int r = (int) ceil (3 * sigma), x, y, k, pass;
  double *kernel = g_new (double, 2 * r + 1), *line = g_new (double, MAX (w, h)), sum = 0;

  for (k = -r; k <= r; k++)
    sum += kernel[k + r] = exp (-(double) k * k / (2 * sigma * sigma));
  for (k = 0; k <= 2 * r; k++)
    kernel[k] /= sum;

  cairo_surface_flush (mask);
  for (pass = 0; pass < 2; pass++)
    {
      int n = pass == 0 ? w : h, lines = pass == 0 ? h : w;

      for (y = 0; y < lines; y++)
        {
          for (x = 0; x < n; x++)
            {
              double v = 0;

              for (k = -r; k <= r; k++)
                if (x + k >= 0 && x + k < n)
                  v += kernel[k + r] * (pass == 0 ? data[y * stride + x + k] : data[(x + k) * stride + y]);
              line[x] = v;
            }
          for (x = 0; x < n; x++)
            *(pass == 0 ? &data[y * stride + x] : &data[x * stride + y]) = (guint8) CLAMP (floor (line[x] + 0.5), 0, 255);
        }
    }
  cairo_surface_mark_dirty (mask);
  g_free (kernel);
  g_free (line);
}

/* Two text shadows, a sharp one in the text's colour (none given) over a
 * blurred one, on
 * both backends, against Pango's layout drawn with cairo and blurred by
 * a true Gaussian of half the blur radius, as CSS says */
static void
check_text_shadow (GskLayerRenderer *renderer,
                   const char       *name)
{
  g_autoptr (GError) error = NULL;
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *label = gsk_layer_text_new ("Shadowed text");
  PangoLayout *layout = reference_layout ("Shadowed text", "Sans Bold 20");
  const GdkRGBA color = { 0.1f, 0.2f, 0.6f, 1 };
  const struct { double dx, dy, blur; GdkRGBA color; } shadows[] = {
    /* last first: the first is on top */
    { 3, 4, 6, { 0, 0, 0, 0.6f } },
    { -2, -1, 0, { 0.1f, 0.2f, 0.6f, 1 } },
  };
  cairo_surface_t *shown, *expected;
  cairo_t *cr;
  int n, ink;
  guint i;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (320, 90));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_text_set_font (GSK_LAYER_TEXT (label), "Sans Bold 20");
  gsk_layer_text_set_color (GSK_LAYER_TEXT (label), &color);
  g_assert_true (gsk_layer_set_style_from_string (label, "text-shadow: -2px -1px, "
                                                         "3px 4px 6px rgba(0, 0, 0, 0.6)", &error));
  g_assert_no_error (error);
  gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (20, 20));
  gsk_layer_add_child (root, label);
  shown = gsk_layer_renderer_render_to_surface (renderer, root, 320, 90);

  expected = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 90);
  cr = cairo_create (expected);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  for (i = 0; i < G_N_ELEMENTS (shadows); i++)
    {
      cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, 320, 90);
      cairo_t *mcr = cairo_create (mask);

      cairo_move_to (mcr, 20 + shadows[i].dx, 20 + shadows[i].dy);
      pango_cairo_show_layout (mcr, layout);
      cairo_destroy (mcr);
      if (shadows[i].blur > 0)
        gaussian_blur (mask, shadows[i].blur / 2);
      gdk_cairo_set_source_rgba (cr, &shadows[i].color);
      cairo_mask_surface (cr, mask, 0, 0);
      cairo_surface_destroy (mask);
    }
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_move_to (cr, 20, 20);
  pango_cairo_show_layout (cr, layout);
  cairo_destroy (cr);

  if (g_getenv ("TEST_TEXT_SAVE"))
    {
      g_autofree char *a = g_strdup_printf ("test-text-shadow-%s.png", name);

      cairo_surface_write_to_png (shown, a);
      cairo_surface_write_to_png (expected, "test-text-shadow-expected.png");
    }

  {
    cairo_surface_t *white = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 90);

    cr = cairo_create (white);
    cairo_set_source_rgb (cr, 1, 1, 1);
    cairo_paint (cr);
    cairo_destroy (cr);
    ink = count_differing (expected, white, 0);
    cairo_surface_destroy (white);
  }
  n = count_differing (shown, expected, 6);
  g_test_message ("%s: %d of 28,800 pixels differ by more than 6 (%d inked)", name, n, ink);
  g_assert_cmpint (ink, >, 4000);
  g_assert_cmpint (n, <=, 28800 / 200);

  /* A changed shadow damages where the old and the new one reach (the
   * tests run with GSK_LAYER_DEBUG=check-damage, which compares the
   * frame with a full redraw) */
  {
    cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 90);
    cairo_region_t *damage;
    cairo_rectangle_int_t extents;

    cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
    g_assert_true (gsk_layer_set_style_from_string (label, "text-shadow: 12px 9px 4px red", &error));
    damage = gsk_layer_renderer_render (renderer, root, target);
    cairo_region_get_extents (damage, &extents);
    g_test_message ("%s: the shadow moved, damage %d,%d %d×%d", name, extents.x, extents.y, extents.width, extents.height);
    /* From the old shadow's top-left (dx -2 and a blur reaching left)
     * to the new one's bottom-right, past the label's own bounds */
    g_assert_cmpint (extents.x, <, 20 - 2);
    g_assert_cmpint (extents.x + extents.width, >, 20 + 12 + 150);
    cairo_region_destroy (damage);
    cairo_surface_destroy (target);
  }

  cairo_surface_destroy (shown);
  cairo_surface_destroy (expected);
  g_object_unref (layout);
  g_object_unref (root);
}

static void
test_text_shadow (gconstpointer data)
{
  run_on_backend (data, check_text_shadow);
}

/* }}} */

/* The share of inked pixels that are only partly inked: glyph edges.
 * A raster stretched 4× has edges four pixels wide, a crisp one about
 * one; so the share tells a blurry text from a crisp one */
static double
partial_share (cairo_surface_t *s)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  int x, y, inked = 0, partial = 0;

  cairo_surface_flush (s);
  for (y = 0; y < cairo_image_surface_get_height (s); y++)
    for (x = 0; x < cairo_image_surface_get_width (s); x++)
      {
        /* On white, the green channel falls with ink (the text is black) */
        int g = data[y * stride + x * 4 + 1];

        if (g < 240)
          {
            inked++;
            partial += g > 15;
          }
      }

  return inked ? (double) partial / inked : 1;
}

static cairo_surface_t *
render_label (GskLayerRenderer *renderer,
              const char       *font,
              const char       *transform)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *label = gsk_layer_text_new ("Crisp Ag");
  cairo_surface_t *surface;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (320, 100));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_text_set_font (GSK_LAYER_TEXT (label), font);
  gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (10, 10));
  gsk_layer_set_pivot_point (label, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  if (transform)
    {
      GskLayerTransform *t = NULL;

      g_assert_true (gsk_layer_transform_parse (transform, &t, NULL));
      gsk_layer_set_transform (label, t);
      gsk_layer_transform_unref (t);
    }
  gsk_layer_add_child (root, label);
  surface = gsk_layer_renderer_render_to_surface (renderer, root, 320, 100);
  g_object_unref (root);
  return surface;
}

/* Text under scale(4) is the same text at 4 times the size, not a 1×
 * raster stretched; measured, both backends */
static void
check_crisp (GskLayerRenderer *renderer,
             const char       *name)
{
  cairo_surface_t *scaled = render_label (renderer, "Sans 12", "scale(4)");
  cairo_surface_t *big = render_label (renderer, "Sans 48", NULL);
  cairo_surface_t *small = render_label (renderer, "Sans 12", NULL);
  cairo_surface_t *stretched = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 100);
  cairo_t *cr = cairo_create (stretched);
  double crisp, reference, blurry;
  int n;

  /* What a 1× raster stretched 4× looks like: the small text's pixels,
   * scaled about the label's corner with bilinear filtering */
  cairo_translate (cr, 10, 10);
  cairo_scale (cr, 4, 4);
  cairo_translate (cr, -10, -10);
  cairo_set_source_surface (cr, small, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
  cairo_paint (cr);
  cairo_destroy (cr);

  if (g_getenv ("TEST_TEXT_SAVE"))
    {
      g_autofree char *a = g_strdup_printf ("test-text-scaled-%s.png", name);
      g_autofree char *b = g_strdup_printf ("test-text-big-%s.png", name);

      cairo_surface_write_to_png (scaled, a);
      cairo_surface_write_to_png (big, b);
      cairo_surface_write_to_png (stretched, "test-text-stretched.png");
    }

  crisp = partial_share (scaled);
  reference = partial_share (big);
  blurry = partial_share (stretched);
  n = count_differing (scaled, big, 24);
  g_test_message ("%s: partly inked share %.3f under scale(4), %.3f at 48, %.3f stretched; "
                  "%d of 32,000 pixels differ from the 48 by more than 24", name, crisp, reference, blurry, n);
  g_assert_cmpfloat (crisp, <=, reference * 1.25);
  g_assert_cmpfloat (crisp, <, blurry * 0.75);
  g_assert_cmpint (n, <=, 32000 / 100);

  cairo_surface_destroy (scaled);
  cairo_surface_destroy (big);
  cairo_surface_destroy (small);
  cairo_surface_destroy (stretched);
}

/* A label drawn at 1×, then scaled up by 4 in the same tree: its raster
 * is made again at the new scale, not stretched */
static void
test_crisp_after_change (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *label = gsk_layer_text_new ("Crisp Ag");
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 100);
  cairo_surface_t *big = render_label (renderer, "Sans 48", NULL);
  GskLayerTransform *t = NULL;
  cairo_region_t *drawn;
  double crisp;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (320, 100));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (10, 10));
  gsk_layer_set_pivot_point (label, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  gsk_layer_add_child (root, label);
  drawn = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (drawn);

  g_assert_true (gsk_layer_transform_parse ("scale(4)", &t, NULL));
  gsk_layer_set_transform (label, t);
  gsk_layer_transform_unref (t);
  drawn = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (drawn);

  crisp = partial_share (target);
  g_test_message ("partly inked share %.3f after scaling up, %.3f at 48", crisp, partial_share (big));
  g_assert_cmpfloat (crisp, <=, partial_share (big) * 1.25);
  g_assert_cmpint (count_differing (target, big, 24), <=, 32000 / 100);

  cairo_surface_destroy (target);
  cairo_surface_destroy (big);
  g_object_unref (root);
  g_object_unref (renderer);
}

static void
test_crisp (gconstpointer data)
{
  run_on_backend (data, check_crisp);
}

/* "Crisp Ag" at (@position, @position) in @font on white, in an image of @width ×
 * @height layout units drawn at device scale @scale */
static cairo_surface_t *
render_label_at_scale (GskLayerRenderer *renderer,
                       const char       *font,
                       double            position,
                       int               width,
                       int               height,
                       double            scale)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *label = gsk_layer_text_new ("Crisp Ag");
  cairo_surface_t *surface;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (width, height));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_text_set_font (GSK_LAYER_TEXT (label), font);
  gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (position, position));
  gsk_layer_add_child (root, label);
  gsk_layer_renderer_set_scale (renderer, scale);
  surface = gsk_layer_renderer_render_to_surface (renderer, root, width, height);
  gsk_layer_renderer_set_scale (renderer, 1);
  g_object_unref (root);
  return surface;
}

/* At device scale 2 and 1.25, "Sans 12" is the same text as "Sans 24"
 * and "Sans 15" drawn at 1×, not a 1× raster stretched; measured, as
 * check_crisp(). At (8, 8), which both scales map to whole pixels: a
 * label half a pixel off would be partly inked all over at any scale. */
static void
check_crisp_device_scale (GskLayerRenderer *renderer,
                          const char       *name)
{
  static const double scales[] = { 2, 1.25 };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      double s = scales[i];
      g_autofree char *big_font = g_strdup_printf ("Sans %g", 12 * s);
      cairo_surface_t *scaled = render_label_at_scale (renderer, "Sans 12", 8, 160, 48, s);
      cairo_surface_t *big = render_label_at_scale (renderer, big_font, 8 * s, 160 * s, 48 * s, 1);
      cairo_surface_t *small = render_label_at_scale (renderer, "Sans 12", 8, 160, 48, 1);
      int w = cairo_image_surface_get_width (big), h = cairo_image_surface_get_height (big);
      cairo_surface_t *stretched = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      cairo_t *cr = cairo_create (stretched);
      double crisp, reference, blurry;
      int n, n_blurry;

      g_assert_cmpint (cairo_image_surface_get_width (scaled), ==, w);
      g_assert_cmpint (cairo_image_surface_get_height (scaled), ==, h);

      /* What a 1× image shown at the scale looks like */
      cairo_scale (cr, s, s);
      cairo_set_source_surface (cr, small, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
      cairo_paint (cr);
      cairo_destroy (cr);

      crisp = partial_share (scaled);
      reference = partial_share (big);
      blurry = partial_share (stretched);
      n = count_differing (scaled, big, 24);
      n_blurry = count_differing (stretched, big, 24);
      g_test_message ("%s at scale %g: partly inked share %.3f, %.3f for %s at 1×, %.3f stretched; "
                      "%d of %d pixels differ from %s by more than 24, %d of the stretched",
                      name, s, crisp, reference, big_font, blurry, n, w * h, big_font, n_blurry);
      g_assert_cmpfloat (crisp, <=, reference * 1.1);
      g_assert_cmpint (n, <=, w * h / 200);
      g_assert_cmpfloat (crisp, <, blurry * 0.75);
      g_assert_cmpint (n_blurry, >=, 10 * MAX (n, 1));

      cairo_surface_destroy (scaled);
      cairo_surface_destroy (big);
      cairo_surface_destroy (small);
      cairo_surface_destroy (stretched);
    }
}

static void
test_crisp_device_scale (gconstpointer data)
{
  run_on_backend (data, check_crisp_device_scale);
}

/* }}} */

static void
test_scene_round_trip (void)
{
  const char *json =
    "{ \"size\": [200, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [200, 100], \"children\": ["
    "  { \"type\": \"GskLayerText\", \"id\": \"label\", \"text\": \"Hello <b>scene</b>\","
    "    \"use-markup\": true, \"font\": \"Sans 14\", \"color\": \"#1c71d8\","
    "    \"alignment\": \"center\", \"wrap\": \"word\" } ] } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "text.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autofree char *data = NULL;
  GskLayer *label;
  GdkRGBA color;

  g_assert_no_error (error);
  label = gsk_layer_scene_get_layer_by_id (scene, "label");
  g_assert_true (GSK_IS_LAYER_TEXT (label));
  g_assert_cmpstr (gsk_layer_text_get_text (GSK_LAYER_TEXT (label)), ==, "Hello <b>scene</b>");
  g_assert_true (gsk_layer_text_get_use_markup (GSK_LAYER_TEXT (label)));
  g_assert_cmpstr (gsk_layer_text_get_font (GSK_LAYER_TEXT (label)), ==, "Sans 14");
  g_assert_cmpint (gsk_layer_text_get_alignment (GSK_LAYER_TEXT (label)), ==, GSK_LAYER_TEXT_ALIGN_CENTER);
  gsk_layer_text_get_color (GSK_LAYER_TEXT (label), &color);
  g_assert_cmpfloat_with_epsilon (color.blue, 0xd8 / 255.f, 0.001);

  data = gsk_layer_scene_to_data (scene, NULL);
  g_test_message ("%s", data);
  again = gsk_layer_scene_new_from_data (data, -1, "saved.json", &error);
  g_assert_no_error (error);
  label = gsk_layer_scene_get_layer_by_id (again, "label");
  g_assert_true (GSK_IS_LAYER_TEXT (label));
  g_assert_cmpstr (gsk_layer_text_get_text (GSK_LAYER_TEXT (label)), ==, "Hello <b>scene</b>");
  g_assert_cmpint (gsk_layer_text_get_wrap (GSK_LAYER_TEXT (label)), ==, GSK_LAYER_TEXT_WRAP_WORD);
  g_assert_cmpstr (gsk_layer_text_get_font (GSK_LAYER_TEXT (label)), ==, "Sans 14");
}

/* Markup that does not parse fails the load, at the text's place; the
 * same text without use-markup is plain text */
static void
test_scene_bad_markup (void)
{
  const char *json =
    "{ \"size\": [200, 100], \"root\": { \"type\": \"GskLayer\", \"children\": [\n"
    "  { \"type\": \"GskLayerText\", \"use-markup\": true,\n"
    "    \"text\": \"good <i>bad</b>\" } ] } }";
  const char *plain =
    "{ \"size\": [200, 100], \"root\": { \"type\": \"GskLayerText\", \"text\": \"good <i>bad</b>\" } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "bad.json", &error);

  g_assert_null (scene);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "bad.json:3:13: invalid markup in “text”"));
  g_assert_nonnull (strstr (error->message, "was closed"));
  g_clear_error (&error);

  scene = gsk_layer_scene_new_from_data (plain, -1, "plain.json", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (gsk_layer_text_get_text (GSK_LAYER_TEXT (gsk_layer_scene_get_root (scene))), ==,
                   "good <i>bad</b>");
}

/* While the size animates, the text asks for the text's size and the
 * style's edges, not for the difference between the size set and the
 * size on screen (issue 35, 3: it answered a negative height) */
static void
test_preferred_size_while_animating (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *layer = g_object_ref_sink (gsk_layer_text_new ("Scene graphs"));
  graphene_size_t before, during;

  gsk_layer_set_frame_clock (layer, clock);
  for (guint styled = 0; styled < 2; styled++)
    {
      if (styled)
        g_assert_true (gsk_layer_set_style_from_string (layer, "padding: 6px 10px; border: 2px solid black", NULL));
      gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (300, 200));
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 2000 * 1000);
      gsk_layer_text_get_preferred_size (GSK_LAYER_TEXT (layer), &before);

      gsk_layer_save_easing_state (layer);
      gsk_layer_set_easing_duration (layer, 1000);
      gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_LINEAR);
      gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (20, 10));
      gsk_layer_restore_easing_state (layer);
      for (guint step = 0; step < 4; step++)
        {
          gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 300 * 1000);
          gsk_layer_text_get_preferred_size (GSK_LAYER_TEXT (layer), &during);
          g_test_message ("styled %u, step %u: prefers %gx%g, before %gx%g",
                          styled, step, during.width, during.height, before.width, before.height);
          g_assert_cmpfloat_with_epsilon (during.width, before.width, 1e-3);
          g_assert_cmpfloat_with_epsilon (during.height, before.height, 1e-3);
        }
    }
  g_assert_cmpfloat (before.width, >, 50 + 24);

  g_object_unref (layer);
  g_object_unref (clock);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/text/defaults-and-notify", test_defaults_and_notify);
  g_test_add_func ("/text/preferred-size", test_preferred_size);
  g_test_add_func ("/text/preferred-size/while-animating", test_preferred_size_while_animating);
  g_test_add_data_func ("/text/draw/fraction-of-pixel/software", "software", test_draw_fraction_of_pixel);
  g_test_add_data_func ("/text/draw/fraction-of-pixel/gl", "gl", test_draw_fraction_of_pixel);
  g_test_add_func ("/text/wrap-and-ellipsize", test_wrap_and_ellipsize);
  g_test_add_func ("/text/markup", test_markup);
  g_test_add_func ("/text/huge-and-bad", test_huge_and_bad);
  g_test_add_data_func ("/text/draw/software", "software", test_draw);
  g_test_add_data_func ("/text/draw/gl", "gl", test_draw);
  g_test_add_data_func ("/text/crisp/software", "software", test_crisp);
  g_test_add_data_func ("/text/crisp/gl", "gl", test_crisp);
  g_test_add_func ("/text/crisp/after-change", test_crisp_after_change);
  g_test_add_data_func ("/text/layouts/software", "software", test_layouts);
  g_test_add_data_func ("/text/layouts/gl", "gl", test_layouts);
  g_test_add_data_func ("/text/crisp/device-scale/software", "software", test_crisp_device_scale);
  g_test_add_data_func ("/text/crisp/device-scale/gl", "gl", test_crisp_device_scale);
  g_test_add_data_func ("/text/shadow/software", "software", test_text_shadow);
  g_test_add_data_func ("/text/shadow/gl", "gl", test_text_shadow);
  g_test_add_func ("/text/glyphs/shared", test_glyphs_shared);
  g_test_add_func ("/text/glyphs/gl-batched", test_glyphs_gl_batched);
  g_test_add_func ("/text/glyphs/fallback", test_glyphs_fallback);
  g_test_add_func ("/text/scene-round-trip", test_scene_round_trip);
  g_test_add_func ("/text/scene-bad-markup", test_scene_bad_markup);

  status = g_test_run ();

  free_font_caches ();

  return status;
}
