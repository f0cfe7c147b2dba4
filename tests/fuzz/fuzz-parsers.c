/* fuzz-parsers.c: the transform, easing, colour and style parsers
 *
 * The first byte of the input chooses the parser, the rest is the text.
 * Whatever parses must print back (to_string) as text that parses to an
 * equal value and prints the same, and the value must be usable: a
 * transform whose operations are finite has a finite matrix of the
 * category it claims; an easing is finite from progress 0 to 1. Colours
 * are read as scene files read them (the “background-color” of a layer,
 * and colour content), and must survive a save and a reload exactly.
 * Styles print back as transforms do, their errors say where, and a
 * layer takes and draws what parses. A first byte 'p' takes SVG path
 * data, which prints back, and clips a layer.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fuzz-common.h"

#define FUZZ_MAX_INPUT 4096

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_setup ();
  return 0;
}

G_GNUC_NORETURN static void
fail (const char *text,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static void
fail (const char *text,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  fprintf (stderr, "fuzz-parsers: ");
  vfprintf (stderr, format, args);
  fprintf (stderr, "\n--- input: “%s”\n", text);
  va_end (args);
  abort ();
}

/* {{{ Transforms */

static void
check_transform_usable (const char        *text,
                        GskLayerTransform *t)
{
  graphene_matrix_t m;
  float values[16], mv[16];
  guint n = gsk_layer_transform_get_n_ops (t);
  GskLayerTransformCategory category = gsk_layer_transform_get_category (t);

  for (guint i = 0; i < n; i++)
    {
      guint n_values = 16;

      memset (values, 0, sizeof values);
      gsk_layer_transform_get_op (t, i, values);
      for (guint j = 0; j < n_values; j++)
        if (!isfinite (values[j]))
          fail (text, "operation %u of an accepted transform has a non-finite value", i);
    }

  gsk_layer_transform_to_matrix (t, &m);
  graphene_matrix_to_float (&m, mv);
  for (int j = 0; j < 16; j++)
    if (!isfinite (mv[j]))
      fail (text, "an accepted transform of finite operations has a non-finite matrix "
            "(element %d is %g; category %d)", j, mv[j], category);

  if (category <= GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE && !graphene_matrix_is_2d (&m))
    fail (text, "the transform says it is 2D (category %d) but its matrix is not", category);
  if (category <= GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE &&
      (mv[0] != 1.f || mv[1] != 0.f || mv[4] != 0.f || mv[5] != 1.f))
    fail (text, "the transform says it is a translation (category %d) but its matrix is not", category);

}

static void
fuzz_transform (const char *text)
{
  GskLayerTransform *t = NULL, *t2 = NULL;
  GError *error = NULL;
  char *s, *s2;

  if (!gsk_layer_transform_parse (text, &t, &error))
    {
      g_assert (error != NULL && error->message[0] != '\0');
      g_error_free (error);
      return;
    }

  check_transform_usable (text, t);

  s = gsk_layer_transform_to_string (t);
  if (!gsk_layer_transform_parse (s, &t2, &error))
    fail (text, "to_string gave “%s”, which does not parse: %s", s, error->message);
  if (!gsk_layer_transform_equal (t, t2))
    fail (text, "to_string gave “%s”, which parses to a different transform", s);
  s2 = gsk_layer_transform_to_string (t2);
  if (!g_str_equal (s, s2))
    fail (text, "to_string gave “%s”, which prints back as “%s”", s, s2);

  g_free (s);
  g_free (s2);
  g_clear_pointer (&t, gsk_layer_transform_unref);
  g_clear_pointer (&t2, gsk_layer_transform_unref);
}

/* }}} */
/* {{{ Easings */

static void
check_easing_usable (const char     *text,
                     GskLayerEasing *e)
{
  static const double points[] = { 0, 1e-9, 1e-3, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999, 1 - 1e-9, 1 };

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      double v = gsk_layer_easing_evaluate (e, points[i]);

      if (!isfinite (v))
        fail (text, "an accepted easing evaluates to %g at %g", v, points[i]);
    }

  if (gsk_layer_easing_get_mode (e) == GSK_LAYER_EASING_SPRING)
    {
      double settle = gsk_layer_easing_get_settle_time (e);

      if (!isfinite (settle) || settle < 0)
        fail (text, "an accepted spring settles after %g", settle);
    }
}

static void
fuzz_easing (const char *text)
{
  GskLayerEasing *e = NULL, *e2 = NULL;
  GError *error = NULL;
  char *s, *s2;

  if (!gsk_layer_easing_parse (text, &e, &error))
    {
      g_assert (error != NULL && error->message[0] != '\0');
      g_error_free (error);
      return;
    }

  check_easing_usable (text, e);

  s = gsk_layer_easing_to_string (e);
  if (!gsk_layer_easing_parse (s, &e2, &error))
    fail (text, "to_string gave “%s”, which does not parse: %s", s, error->message);
  if (!gsk_layer_easing_equal (e, e2))
    fail (text, "to_string gave “%s”, which parses to a different easing", s);
  s2 = gsk_layer_easing_to_string (e2);
  if (!g_str_equal (s, s2))
    fail (text, "to_string gave “%s”, which prints back as “%s”", s, s2);

  g_free (s);
  g_free (s2);
  gsk_layer_easing_unref (e);
  gsk_layer_easing_unref (e2);
}

/* }}} */
/* {{{ Colours */

/* @text as a JSON string literal */
static void
append_json_string (GString    *out,
                    const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      guchar c = *p;

      if (c == '"' || c == '\\')
        g_string_append_printf (out, "\\%c", c);
      else if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, c);
    }
  g_string_append_c (out, '"');
}

static gboolean
rgba_same (const GdkRGBA *a,
           const GdkRGBA *b)
{
  return a->red == b->red && a->green == b->green && a->blue == b->blue && a->alpha == b->alpha;
}

static void
get_colors (GskLayerScene *scene,
            GdkRGBA        colors[2])
{
  GskLayer *root = gsk_layer_scene_get_root (scene);
  GskLayerContent *content = gsk_layer_get_content (root);

  gsk_layer_get_background_color (root, &colors[0]);
  g_assert (GSK_IS_LAYER_COLOR_CONTENT (content));
  gsk_layer_color_content_get_color (GSK_LAYER_COLOR_CONTENT (content), &colors[1]);
}

static void
fuzz_color (const char *text)
{
  GString *json = g_string_new ("{\"size\": [1, 1], \"root\": {\"type\": \"GskLayer\", \"background-color\": ");
  GskLayerScene *scene, *reloaded;
  GError *error = NULL;
  GdkRGBA parsed, colors[2], colors_again[2];
  gboolean gdk_ok;
  char *saved, *saved_again;
  gsize len, len_again;

  append_json_string (json, text);
  g_string_append (json, ", \"content\": {\"type\": \"color\", \"color\": ");
  append_json_string (json, text);
  g_string_append (json, "}}}");

  scene = gsk_layer_scene_new_from_data (json->str, json->len, "color.json", &error);
  /* Scene files also know “transparent”, which GDK does not */
  if (g_ascii_strcasecmp (text, "transparent") == 0)
    {
      parsed = (GdkRGBA) { 0, 0, 0, 0 };
      gdk_ok = TRUE;
    }
  else
    gdk_ok = gdk_rgba_parse (&parsed, text);
  if (scene == NULL)
    {
      g_error_free (error);
      g_string_free (json, TRUE);
      return;
    }

  /* What loads is what GDK reads */
  get_colors (scene, colors);
  if (!gdk_ok)
    fail (text, "the scene loader accepts a colour that gdk_rgba_parse() refuses");
  if (!rgba_same (&colors[0], &parsed) || !rgba_same (&colors[1], &parsed))
    fail (text, "the scene loader reads a colour unlike gdk_rgba_parse()");

  saved = gsk_layer_scene_to_data (scene, &len);
  reloaded = gsk_layer_scene_new_from_data (saved, len, "saved.json", &error);
  if (reloaded == NULL)
    fail (text, "the saved scene does not load: %s\n--- saved:\n%s", error->message, saved);
  get_colors (reloaded, colors_again);
  if (!rgba_same (&colors[0], &colors_again[0]) || !rgba_same (&colors[1], &colors_again[1]))
    fail (text, "a colour changed when saved and reloaded: %.9g %.9g %.9g %.9g → %.9g %.9g %.9g %.9g\n"
          "--- saved:\n%s", colors[0].red, colors[0].green, colors[0].blue, colors[0].alpha,
          colors_again[0].red, colors_again[0].green, colors_again[0].blue, colors_again[0].alpha, saved);
  saved_again = gsk_layer_scene_to_data (reloaded, &len_again);
  if (len != len_again || memcmp (saved, saved_again, len) != 0)
    fail (text, "the colour saves differently once reloaded:\n%s\n---\n%s", saved, saved_again);

  g_free (saved);
  g_free (saved_again);
  g_object_unref (reloaded);
  g_object_unref (scene);
  g_string_free (json, TRUE);
}

/* }}} */
/* {{{ Styles */

/* What parses prints back as declarations that parse to an equal style
 * and print the same; a layer takes it, and draws it */
static void
fuzz_style (const char *text)
{
  GskLayerStyle *style, *again;
  GError *error = NULL;
  char *printed, *printed_again;
  GskLayer *root, *layer;
  GskLayerRenderer *renderer;
  cairo_surface_t *image;

  style = gsk_layer_style_new_from_string (text, &error);
  if (style == NULL)
    {
      if (error == NULL || error->domain != GSK_LAYER_ERROR)
        fail (text, "a refused style has no GSK_LAYER_ERROR");
      if (!g_ascii_isdigit (error->message[0]) || strchr (error->message, ':') == NULL)
        fail (text, "a style error does not start with its line and column: %s", error->message);
      g_error_free (error);
      return;
    }

  printed = gsk_layer_style_to_string (style);
  again = gsk_layer_style_new_from_string (printed, &error);
  if (again == NULL)
    fail (text, "the printed style does not parse: %s\n--- printed: %s", error->message, printed);
  if (!gsk_layer_style_equal (style, again))
    fail (text, "the printed style parses to another style\n--- printed: %s", printed);
  printed_again = gsk_layer_style_to_string (again);
  if (!g_str_equal (printed, printed_again))
    fail (text, "the style prints differently once reparsed: %s / %s", printed, printed_again);

  /* Animated between it and nothing, past either end as an easing that
   * overshoots takes it: a style on screen that prints and parses back */
  {
    GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
    GskLayer *animated = g_object_ref_sink (gsk_layer_new ());
    GskLayerTransition *transition = GSK_LAYER_TRANSITION (gsk_layer_property_transition_new ("style", NULL));
    GskLayerEasing *easing = NULL;
    GValue v = G_VALUE_INIT;

    if (!gsk_layer_easing_parse ("cubic-bezier(0.3, -1.5, 0.7, 2.5)", &easing, NULL))
      fail (text, "the overshooting easing does not parse");
    g_value_init (&v, GSK_TYPE_LAYER_STYLE);
    g_value_set_boxed (&v, style);
    gsk_layer_property_transition_set_from_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &v);
    g_value_set_boxed (&v, NULL);
    gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &v);
    g_value_unset (&v);
    gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (transition), 100);
    gsk_layer_timeline_set_easing (GSK_LAYER_TIMELINE (transition), easing);
    gsk_layer_set_frame_clock (animated, clock);
    gsk_layer_add_transition (animated, "style", transition);
    gsk_layer_timeline_start (GSK_LAYER_TIMELINE (transition));
    for (int step = 0; step < 4; step++)
      {
        GskLayerStyle *parsed;
        char *between_text;

        gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 20 * 1000);
        if (!gsk_layer_get_presentation_value (animated, "style", &v))
          continue;
        if (g_value_get_boxed (&v) != NULL)
          {
            between_text = gsk_layer_style_to_string (g_value_get_boxed (&v));
            parsed = gsk_layer_style_new_from_string (between_text, &error);
            if (parsed == NULL)
              fail (text, "a style between does not parse back: %s\n--- printed: %s", error->message, between_text);
            gsk_layer_style_unref (parsed);
            g_free (between_text);
          }
        g_value_unset (&v);
      }
    gsk_layer_set_frame_clock (animated, NULL);
    g_object_unref (transition);
    gsk_layer_easing_unref (easing);
    g_object_unref (animated);
    g_object_unref (clock);
  }

  root = g_object_ref_sink (gsk_layer_new ());
  layer = gsk_layer_new ();
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (32, 32));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (30, 20));
  gsk_layer_set_clip_to_bounds (layer, TRUE);
  gsk_layer_add_child (layer, gsk_layer_new ());
  gsk_layer_add_child (root, layer);
  gsk_layer_set_style (layer, style);
  renderer = gsk_layer_software_renderer_new ();
  image = gsk_layer_renderer_render_to_surface (renderer, root, 32, 32);
  cairo_surface_destroy (image);
  gsk_layer_pick (root, 1, 1);
  g_object_unref (renderer);
  g_object_unref (root);

  g_free (printed);
  g_free (printed_again);
  gsk_layer_style_unref (again);
  gsk_layer_style_unref (style);
}

/* }}} */
/* {{{ Paths */

/* SVG path data: what parses prints back as data that parses to an equal
 * path, has finite bounds, interpolates with itself to itself, and
 * clips a layer (as clip-path's path()) that draws and is picked */
static void
fuzz_path (const char *text)
{
  GError *error = NULL;
  GskLayerPath *path = gsk_layer_path_parse (text, &error), *again, *mid;
  graphene_rect_t bounds;
  graphene_point_t centre;
  char *printed, *css;
  GskLayer *root, *layer;
  GskLayerRenderer *renderer;
  cairo_surface_t *image;

  if (path == NULL)
    {
      if (!g_str_has_prefix (error->message, "characters "))
        fail (text, "a path's error does not say where: %s", error->message);
      g_error_free (error);
      return;
    }

  printed = gsk_layer_path_to_string (path);
  again = gsk_layer_path_parse (printed, &error);
  if (again == NULL)
    fail (text, "a path does not parse back: %s\n--- printed: %s", error->message, printed);
  if (!gsk_layer_path_equal (path, again))
    fail (text, "a path parses back as another\n--- printed: %s", printed);
  gsk_layer_path_get_bounds (path, &bounds);
  if (!isfinite (bounds.origin.x) || !isfinite (bounds.origin.y) ||
      !isfinite (bounds.size.width) || !isfinite (bounds.size.height))
    fail (text, "a path's bounds are not finite");
  mid = gsk_layer_path_interpolate (path, again, 0.5);
  if (mid == NULL || !gsk_layer_path_equal (mid, path))
    fail (text, "a path between itself and itself is another");
  graphene_rect_get_center (&bounds, &centre);
  gsk_layer_path_contains_point (path, &centre, GSK_LAYER_PATH_FILL_RULE_EVENODD);

  root = g_object_ref_sink (gsk_layer_new ());
  layer = gsk_layer_new ();
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (32, 32));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (30, 20));
  gsk_layer_set_background_color (layer, &(GdkRGBA) { 1, 0, 0, 1 });
  gsk_layer_add_child (layer, gsk_layer_new ());
  gsk_layer_add_child (root, layer);
  css = g_strdup_printf ("clip-path: path(evenodd, \"%s\")", printed);
  if (!gsk_layer_set_style_from_string (layer, css, &error))
    fail (text, "a path printed does not clip a layer: %s", error->message);
  renderer = gsk_layer_software_renderer_new ();
  image = gsk_layer_renderer_render_to_surface (renderer, root, 32, 32);
  cairo_surface_destroy (image);
  gsk_layer_pick (root, 5, 5);
  g_object_unref (renderer);
  g_object_unref (root);

  g_free (css);
  g_free (printed);
  gsk_layer_path_unref (mid);
  gsk_layer_path_unref (again);
  gsk_layer_path_unref (path);
}

/* }}} */

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  char *text;

  if (size < 1 || size > FUZZ_MAX_INPUT)
    return -1;

  text = g_strndup ((const char *) data + 1, size - 1);
  if (data[0] == 'p')
    fuzz_path (text);
  else switch (data[0] % 4)
    {
    case 0: fuzz_transform (text); break;
    case 1: fuzz_easing (text); break;
    case 2: fuzz_color (text); break;
    default: fuzz_style (text); break;
    }
  g_free (text);

  return 0;
}
