/* test-scene.c: scene files
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gsklayer.h>

/* {{{ TestCustomLayer: an application's own layer class, found by name */

#define TEST_TYPE_CUSTOM_LAYER (test_custom_layer_get_type ())
G_DECLARE_FINAL_TYPE (TestCustomLayer, test_custom_layer, TEST, CUSTOM_LAYER, GskLayer)

struct _TestCustomLayer
{
  GskLayer parent_instance;

  float weight;
  int count;
  double ratio;
  char *label;
  GskLayerBlendMode mode;
  gboolean active;
};

enum {
  PROP_0,
  PROP_WEIGHT,
  PROP_AREA,
  PROP_COUNT,
  PROP_RATIO,
  PROP_LABEL,
  PROP_MODE,
  PROP_ACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TestCustomLayer, test_custom_layer, GSK_TYPE_LAYER)

static void
test_custom_layer_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  TestCustomLayer *self = TEST_CUSTOM_LAYER (object);
  graphene_size_t size;

  switch (prop_id)
    {
    case PROP_WEIGHT:
      g_value_set_float (value, self->weight);
      break;
    case PROP_AREA:
      gsk_layer_get_size (GSK_LAYER (self), &size);
      g_value_set_float (value, size.width * size.height);
      break;
    case PROP_COUNT:
      g_value_set_int (value, self->count);
      break;
    case PROP_RATIO:
      g_value_set_double (value, self->ratio);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
test_custom_layer_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  TestCustomLayer *self = TEST_CUSTOM_LAYER (object);

  switch (prop_id)
    {
    case PROP_WEIGHT:
      self->weight = g_value_get_float (value);
      break;
    case PROP_COUNT:
      self->count = g_value_get_int (value);
      break;
    case PROP_RATIO:
      self->ratio = g_value_get_double (value);
      break;
    case PROP_LABEL:
      g_free (self->label);
      self->label = g_value_dup_string (value);
      break;
    case PROP_MODE:
      self->mode = g_value_get_enum (value);
      break;
    case PROP_ACTIVE:
      self->active = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
test_custom_layer_finalize (GObject *object)
{
  g_free (TEST_CUSTOM_LAYER (object)->label);

  G_OBJECT_CLASS (test_custom_layer_parent_class)->finalize (object);
}

static void
test_custom_layer_class_init (TestCustomLayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = test_custom_layer_finalize;
  object_class->get_property = test_custom_layer_get_property;
  object_class->set_property = test_custom_layer_set_property;

  properties[PROP_WEIGHT] = g_param_spec_float ("weight", NULL, NULL, 0.f, 100.f, 1.f,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_AREA] = g_param_spec_float ("area", NULL, NULL, 0.f, G_MAXFLOAT, 0.f,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_COUNT] = g_param_spec_int ("count", NULL, NULL, -10, 10, 0,
                                             G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RATIO] = g_param_spec_double ("ratio", NULL, NULL, 0., 1e20, 0.,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] = g_param_spec_enum ("mode", NULL, NULL, GSK_TYPE_LAYER_BLEND_MODE,
                                             GSK_LAYER_BLEND_SCREEN,
                                             G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, TRUE,
                                                  G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
test_custom_layer_init (TestCustomLayer *self)
{
  /* Not the pspec's default: saving must compare with a new instance */
  self->weight = 2.f;
  self->mode = GSK_LAYER_BLEND_SCREEN;
  gsk_layer_set_opacity (GSK_LAYER (self), 0.5f);
}

/* }}} */
/* {{{ Helpers */

static char *
make_png_data_uri (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 3, 2);
  cairo_t *cr = cairo_create (surface);
  char *path = g_build_filename (g_get_tmp_dir (), "test-scene-uri.png", NULL);
  char *data, *base64, *uri;
  gsize len;

  cairo_set_source_rgb (cr, 0.2, 0.6, 1.0);
  cairo_paint (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_unlink (path);
  base64 = g_base64_encode ((guchar *) data, len);
  uri = g_strconcat ("data:image/png;base64,", base64, NULL);
  g_free (base64);
  g_free (data);
  g_free (path);

  return uri;
}

static void
write_png (const char *path,
           int         width,
           int         height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgba (cr, 1, 0.5, 0, 1);
  cairo_paint (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
}

static gboolean
contents_equal (GskLayerContent *a,
                GskLayerContent *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (G_OBJECT_TYPE (a) != G_OBJECT_TYPE (b))
    return FALSE;

  if (GSK_IS_LAYER_COLOR_CONTENT (a))
    {
      GdkRGBA ca, cb;

      gsk_layer_color_content_get_color (GSK_LAYER_COLOR_CONTENT (a), &ca);
      gsk_layer_color_content_get_color (GSK_LAYER_COLOR_CONTENT (b), &cb);
      return gdk_rgba_equal (&ca, &cb);
    }
  else
    {
      cairo_surface_t *sa = gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (a));
      cairo_surface_t *sb = gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (b));
      int height = cairo_image_surface_get_height (sa);
      int stride = cairo_image_surface_get_stride (sa);

      return g_strcmp0 (gsk_layer_image_content_get_path (GSK_LAYER_IMAGE_CONTENT (a)),
                        gsk_layer_image_content_get_path (GSK_LAYER_IMAGE_CONTENT (b))) == 0 &&
             cairo_image_surface_get_width (sa) == cairo_image_surface_get_width (sb) &&
             height == cairo_image_surface_get_height (sb) &&
             stride == cairo_image_surface_get_stride (sb) &&
             memcmp (cairo_image_surface_get_data (sa), cairo_image_surface_get_data (sb),
                     (gsize) stride * height) == 0;
    }
}

static gboolean
values_equal (GParamSpec   *pspec,
              const GValue *a,
              const GValue *b)
{
  GType type = pspec->value_type;
  const float *fa, *fb;
  guint n = 2;

  if (type == G_TYPE_FLOAT)
    return g_value_get_float (a) == g_value_get_float (b);
  if (type == G_TYPE_DOUBLE)
    return g_value_get_double (a) == g_value_get_double (b);
  if (g_type_is_a (type, GSK_TYPE_LAYER_CONTENT))
    return contents_equal (g_value_get_object (a), g_value_get_object (b));
  if (type == GSK_TYPE_LAYER_TRANSFORM)
    return gsk_layer_transform_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  if (type == GSK_TYPE_LAYER_STYLE)
    return gsk_layer_style_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  if (G_TYPE_FUNDAMENTAL (type) != G_TYPE_BOXED)
    return g_param_values_cmp (pspec, a, b) == 0;

  fa = g_value_get_boxed (a);
  fb = g_value_get_boxed (b);
  /* (child-transform-origin is NULL by default) */
  if (fa == NULL || fb == NULL)
    return fa == fb;
  if (type == GRAPHENE_TYPE_POINT3D)
    n = 3;
  else if (type == GDK_TYPE_RGBA)
    n = 4;
  else
    g_assert_true (type == GRAPHENE_TYPE_POINT || type == GRAPHENE_TYPE_SIZE);
  for (guint i = 0; i < n; i++)
    if (fa[i] != fb[i])
      return FALSE;

  return TRUE;
}

/* Every readable property of every layer, and the shape of the tree */
static void
assert_trees_equal (GskLayer *a,
                    GskLayer *b)
{
  GParamSpec **pspecs;
  guint n_pspecs;
  GskLayer *ca, *cb;

  g_assert_cmpstr (G_OBJECT_TYPE_NAME (a), ==, G_OBJECT_TYPE_NAME (b));

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (a), &n_pspecs);
  for (guint i = 0; i < n_pspecs; i++)
    {
      GValue va = G_VALUE_INIT, vb = G_VALUE_INIT;

      if (!(pspecs[i]->flags & G_PARAM_READABLE))
        continue;

      g_value_init (&va, pspecs[i]->value_type);
      g_value_init (&vb, pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (a), pspecs[i]->name, &va);
      g_object_get_property (G_OBJECT (b), pspecs[i]->name, &vb);
      if (!values_equal (pspecs[i], &va, &vb))
        {
          char *sa = g_strdup_value_contents (&va), *sb = g_strdup_value_contents (&vb);

          g_test_message ("property %s of %s differs: %s vs %s", pspecs[i]->name,
                          G_OBJECT_TYPE_NAME (a), sa, sb);
          g_free (sa);
          g_free (sb);
          g_assert_not_reached ();
        }
      g_value_unset (&va);
      g_value_unset (&vb);
    }
  g_free (pspecs);

  g_assert_cmpuint (gsk_layer_get_n_children (a), ==, gsk_layer_get_n_children (b));
  for (ca = gsk_layer_get_first_child (a), cb = gsk_layer_get_first_child (b);
       ca != NULL;
       ca = gsk_layer_get_next_sibling (ca), cb = gsk_layer_get_next_sibling (cb))
    assert_trees_equal (ca, cb);
}

static void
assert_scenes_equal (GskLayerScene *a,
                     GskLayerScene *b)
{
  int wa, ha, wb, hb;
  GdkRGBA ba, bb;

  gsk_layer_scene_get_size (a, &wa, &ha);
  gsk_layer_scene_get_size (b, &wb, &hb);
  g_assert_cmpint (wa, ==, wb);
  g_assert_cmpint (ha, ==, hb);
  gsk_layer_scene_get_background (a, &ba);
  gsk_layer_scene_get_background (b, &bb);
  g_assert_true (gdk_rgba_equal (&ba, &bb));
  assert_trees_equal (gsk_layer_scene_get_root (a), gsk_layer_scene_get_root (b));
}

static void
free_scene (GskLayerScene *scene)
{
  GskLayer *root = g_object_ref (gsk_layer_scene_get_root (scene));

  g_assert_finalize_object (scene);
  g_assert_finalize_object (root);
}

/* Saves @scene, loads it back and checks that the trees are equal and
 * that saving again gives the same text; returns the first text */
static char *
assert_round_trip (GskLayerScene *scene)
{
  GError *error = NULL;
  GskLayerScene *copy;
  char *text, *again;
  gsize length;

  text = gsk_layer_scene_to_data (scene, &length);
  g_assert_cmpuint (strlen (text), ==, length);
  copy = gsk_layer_scene_new_from_data (text, length, "<saved>", &error);
  if (copy == NULL)
    g_test_message ("%s\n%s", error->message, text);
  g_assert_no_error (error);
  assert_scenes_equal (scene, copy);

  again = gsk_layer_scene_to_data (copy, NULL);
  g_assert_cmpstr (text, ==, again);
  g_free (again);
  free_scene (copy);

  return text;
}

/* }}} */
/* {{{ Loading */

static char *
basic_scene_text (void)
{
  char *uri = make_png_data_uri ();
  char *text;

  text = g_strdup_printf (
    "{\n"
    "  \"size\": [640, 480],\n"
    "  \"background\": \"#241f31\",\n"
    "  \"root\": {\n"
    "    \"type\": \"GskLayer\",\n"
    "    \"id\": \"stage\",\n"
    "    \"name\": \"stage\",\n"
    "    \"size\": [640, 480],\n"
    "    \"child-transform\": \"perspective(800px)\",\n"
    "    \"children\": [\n"
    "      { \"type\": \"GskLayer\", \"id\": \"card\", \"position\": [100, 80.5], \"size\": [200, 120],\n"
    "        \"pivot-point\": [0.25, 0.75, 4], \"transform\": \"perspective(400px) rotateY(30deg)\",\n"
    "        \"background-color\": \"#e01b24\", \"opacity\": 0.8, \"blend-mode\": \"color-dodge\",\n"
    "        \"clip-to-bounds\": true, \"z-position\": -10, \"visible\": false, \"reactive\": false,\n"
    "        \"content\": { \"type\": \"color\", \"color\": \"rgba(0, 0, 255, 0.5)\" },\n"
    "        \"children\": [ { \"type\": \"GskLayer\", \"id\": \"inner\", \"pivot-point\": [0, 1],\n"
    "                        \"background-color\": \"transparent\", \"name\": null } ] },\n"
    "      { \"type\": \"GskLayer\", \"id\": \"image\", \"size\": [3, 2],\n"
    "        \"content\": { \"type\": \"image\", \"data\": \"%s\" } },\n"
    "      { \"type\": \"GskLayer\", \"name\": \"caf\\u00e9 \\ud83d\\ude00\" }\n"
    "    ]\n"
    "  }\n"
    "}\n", uri);
  g_free (uri);

  return text;
}

static void
test_load_basic (void)
{
  GError *error = NULL;
  GskLayerScene *scene;
  GskLayer *stage, *card, *inner, *image, *last;
  graphene_point3d_t pivot;
  graphene_point_t position;
  graphene_size_t size;
  GdkRGBA color, expected;
  GskLayerTransform *transform;
  GskLayerContent *content;
  char *text;
  int width, height;
  float w, h;

  text = basic_scene_text ();
  scene = gsk_layer_scene_new_from_data (text, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (GSK_IS_LAYER_SCENE (scene));
  g_free (text);

  gsk_layer_scene_get_size (scene, &width, &height);
  g_assert_cmpint (width, ==, 640);
  g_assert_cmpint (height, ==, 480);
  gsk_layer_scene_get_background (scene, &color);
  gdk_rgba_parse (&expected, "#241f31");
  g_assert_true (gdk_rgba_equal (&color, &expected));

  stage = gsk_layer_scene_get_root (scene);
  g_assert_true (gsk_layer_scene_get_layer_by_id (scene, "stage") == stage);
  g_assert_false (g_object_is_floating (stage));
  g_assert_cmpstr (gsk_layer_get_name (stage), ==, "stage");
  g_assert_cmpuint (gsk_layer_get_n_children (stage), ==, 3);
  g_assert_nonnull (gsk_layer_get_child_transform (stage));
  g_assert_null (gsk_layer_get_transform (stage));

  card = gsk_layer_scene_get_layer_by_id (scene, "card");
  g_assert_true (card == gsk_layer_get_first_child (stage));
  gsk_layer_get_position (card, &position);
  g_assert_cmpfloat (position.x, ==, 100.f);
  g_assert_cmpfloat (position.y, ==, 80.5f);
  gsk_layer_get_size (card, &size);
  g_assert_cmpfloat (size.width, ==, 200.f);
  g_assert_cmpfloat (size.height, ==, 120.f);
  gsk_layer_get_pivot_point (card, &pivot);
  g_assert_cmpfloat (pivot.x, ==, 0.25f);
  g_assert_cmpfloat (pivot.y, ==, 0.75f);
  g_assert_cmpfloat (pivot.z, ==, 4.f);
  g_assert_true (gsk_layer_transform_parse ("perspective(400px) rotateY(30deg)", &transform, NULL));
  g_assert_true (gsk_layer_transform_equal (gsk_layer_get_transform (card), transform));
  gsk_layer_transform_unref (transform);
  gsk_layer_get_background_color (card, &color);
  gdk_rgba_parse (&expected, "#e01b24");
  g_assert_true (gdk_rgba_equal (&color, &expected));
  g_assert_cmpfloat (gsk_layer_get_opacity (card), ==, 0.8f);
  g_assert_cmpint (gsk_layer_get_blend_mode (card), ==, GSK_LAYER_BLEND_COLOR_DODGE);
  g_assert_true (gsk_layer_get_clip_to_bounds (card));
  g_assert_cmpfloat (gsk_layer_get_z_position (card), ==, -10.f);
  g_assert_false (gsk_layer_get_visible (card));
  g_assert_false (gsk_layer_get_reactive (card));
  content = gsk_layer_get_content (card);
  g_assert_true (GSK_IS_LAYER_COLOR_CONTENT (content));
  gsk_layer_color_content_get_color (GSK_LAYER_COLOR_CONTENT (content), &color);
  g_assert_true (gdk_rgba_equal (&color, &(GdkRGBA) { 0, 0, 1, 0.5 }));

  inner = gsk_layer_scene_get_layer_by_id (scene, "inner");
  g_assert_true (gsk_layer_get_parent (inner) == card);
  gsk_layer_get_pivot_point (inner, &pivot);
  g_assert_true (graphene_point3d_equal (&pivot, &GRAPHENE_POINT3D_INIT (0, 1, 0)));
  g_assert_null (gsk_layer_get_name (inner));
  g_assert_true (gsk_layer_get_visible (inner));

  image = gsk_layer_scene_get_layer_by_id (scene, "image");
  content = gsk_layer_get_content (image);
  g_assert_true (GSK_IS_LAYER_IMAGE_CONTENT (content));
  g_assert_null (gsk_layer_image_content_get_path (GSK_LAYER_IMAGE_CONTENT (content)));
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 3.f);
  g_assert_cmpfloat (h, ==, 2.f);

  last = gsk_layer_get_last_child (stage);
  g_assert_cmpstr (gsk_layer_get_name (last), ==, "café 😀");

  g_assert_null (gsk_layer_scene_get_layer_by_id (scene, "nothing"));

  free_scene (scene);
}

static void
test_load_file (void)
{
  GError *error = NULL;
  GskLayerScene *scene, *copy;
  GskLayer *a, *b;
  GskLayerContent *content;
  char *dir, *subdir, *scene_path, *png_path, *out_path, *other_dir, *other_path, *text, *again;
  float w, h;

  dir = g_dir_make_tmp ("test-scene-XXXXXX", &error);
  g_assert_no_error (error);
  subdir = g_build_filename (dir, "img", NULL);
  g_assert_cmpint (g_mkdir (subdir, 0700), ==, 0);
  png_path = g_build_filename (subdir, "icon.png", NULL);
  write_png (png_path, 4, 3);
  scene_path = g_build_filename (dir, "scene.json", NULL);
  g_assert_true (g_file_set_contents (scene_path,
    "{ \"size\": [100, 50], \"root\": { \"type\": \"GskLayer\", \"children\": [\n"
    "  { \"type\": \"GskLayer\", \"id\": \"a\", \"content\": { \"type\": \"image\", \"file\": \"img/icon.png\" } },\n"
    "  { \"type\": \"GskLayer\", \"id\": \"b\", \"content\": { \"type\": \"image\", \"file\": \"./img/../img/icon.png\" } }\n"
    "] } }\n", -1, NULL));

  scene = gsk_layer_scene_new_from_file (scene_path, &error);
  g_assert_no_error (error);
  a = gsk_layer_scene_get_layer_by_id (scene, "a");
  b = gsk_layer_scene_get_layer_by_id (scene, "b");
  content = gsk_layer_get_content (a);
  g_assert_cmpstr (gsk_layer_image_content_get_path (GSK_LAYER_IMAGE_CONTENT (content)), ==, png_path);
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 4.f);
  g_assert_cmpfloat (h, ==, 3.f);
  /* One file, one content */
  g_assert_true (gsk_layer_get_content (b) == content);

  /* Paths stay relative to the scene's directory */
  text = gsk_layer_scene_to_data (scene, NULL);
  g_assert_nonnull (strstr (text, "\"img/icon.png\""));
  out_path = g_build_filename (dir, "saved.json", NULL);
  g_assert_true (gsk_layer_scene_save (scene, out_path, &error));
  g_assert_no_error (error);
  copy = gsk_layer_scene_new_from_file (out_path, &error);
  g_assert_no_error (error);
  assert_scenes_equal (scene, copy);
  again = gsk_layer_scene_to_data (copy, NULL);
  g_assert_cmpstr (text, ==, again);
  g_free (again);
  g_free (text);
  free_scene (copy);
  g_unlink (out_path);
  g_free (out_path);

  out_path = g_build_filename (subdir, "saved.json", NULL);
  g_assert_true (gsk_layer_scene_save (scene, out_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (out_path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"icon.png\""));
  g_free (text);
  copy = gsk_layer_scene_new_from_file (out_path, &error);
  g_assert_no_error (error);
  assert_scenes_equal (scene, copy);
  free_scene (copy);

  /* Elsewhere, the path is absolute */
  other_dir = g_dir_make_tmp ("test-scene-other-XXXXXX", &error);
  g_assert_no_error (error);
  other_path = g_build_filename (other_dir, "saved.json", NULL);
  g_assert_true (gsk_layer_scene_save (scene, other_path, &error));
  g_assert_true (g_file_get_contents (other_path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, png_path));
  g_free (text);
  copy = gsk_layer_scene_new_from_file (other_path, &error);
  g_assert_no_error (error);
  assert_scenes_equal (scene, copy);
  free_scene (copy);

  free_scene (scene);

  /* I/O errors */
  g_assert_null (gsk_layer_scene_new_from_file (subdir, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_clear_error (&error);
  g_unlink (png_path);
  g_assert_null (gsk_layer_scene_new_from_file (scene_path, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_assert_true (g_str_has_prefix (error->message, scene_path));
  g_assert_nonnull (strstr (error->message, ":2:74: "));
  g_clear_error (&error);
  scene = gsk_layer_scene_new (gsk_layer_new (), 1, 1);
  g_assert_false (gsk_layer_scene_save (scene, "/nonexistent/dir/x.json", &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_clear_error (&error);
  free_scene (scene);

  g_unlink (other_path);
  g_rmdir (other_dir);
  g_unlink (out_path);
  g_unlink (scene_path);
  g_rmdir (subdir);
  g_rmdir (dir);
  g_free (other_path);
  g_free (other_dir);
  g_free (out_path);
  g_free (scene_path);
  g_free (png_path);
  g_free (subdir);
  g_free (dir);
}

/* }}} */
/* {{{ Errors */

#define HEAD "{\"size\": [10, 10],\n\"root\": {\"type\": \"GskLayer\",\n  "
#define LAYER(members) HEAD members "}}"
#define CUSTOM(members) "{\"size\": [10, 10],\n\"root\": {\"type\": \"TestCustomLayer\",\n  " members "}}"
#define ANIM(members) "{\"size\": [10, 10],\n\"root\": {\"type\": \"GskLayer\", \"id\": \"a\"},\n\"animations\": [{" members "}]}"

typedef struct
{
  const char *name;
  const char *text;
  GskLayerError code;
  const char *prefix;
  const char *message;  /* a part of the message, or NULL */
} ErrorCase;

static const ErrorCase error_cases[] = {
  /* Syntax, found by our own scanner */
  { "syntax/unterminated", "{\"size\": [1, 2],", GSK_LAYER_ERROR_SYNTAX, "<data>:1:17: ", "end of the text" },
  { "syntax/trailing-comma", "{\"size\": [1, 2,]}", GSK_LAYER_ERROR_SYNTAX, "<data>:1:16: ", "“]”" },
  { "syntax/single-quotes", "{'size': 1}", GSK_LAYER_ERROR_SYNTAX, "<data>:1:2: ", NULL },
  { "syntax/comment", "// scene\n{}", GSK_LAYER_ERROR_SYNTAX, "<data>:1:1: ", NULL },
  { "syntax/empty", "", GSK_LAYER_ERROR_SYNTAX, "<data>:1:1: ", NULL },
  { "syntax/after-end", "{}\n\n  x", GSK_LAYER_ERROR_SYNTAX, "<data>:3:3: ", "“x”" },
  { "syntax/missing-colon", "{\"size\" [1, 1]}", GSK_LAYER_ERROR_SYNTAX, "<data>:1:9: ", NULL },
  { "syntax/bad-literal", "{\"size\": tru}", GSK_LAYER_ERROR_SYNTAX, "<data>:1:10: ", "“tru”" },
  { "syntax/bad-number", "{\"size\": [01, 1]}", GSK_LAYER_ERROR_SYNTAX, "<data>:1:11: ", NULL },
  { "syntax/bad-escape", "{\"a\\q\": 1}", GSK_LAYER_ERROR_SYNTAX, "<data>:1:4: ", NULL },
  { "syntax/lone-surrogate", "{\"a\": \"\\ud83d\"}", GSK_LAYER_ERROR_SYNTAX, "<data>:1:8: ", NULL },
  { "syntax/raw-newline", "{\"a\": \"x\ny\"}", GSK_LAYER_ERROR_SYNTAX, "<data>:1:7: ", NULL },
  { "syntax/invalid-utf8", "{\"é\": \"\xff\"}", GSK_LAYER_ERROR_SYNTAX, "<data>:1:8: ", NULL },
  { "syntax/duplicate-member", "{\"size\": [1, 1],\n \"size\": [2, 2]}", GSK_LAYER_ERROR_SYNTAX, "<data>:2:2: ", "duplicate" },
  { "syntax/big-integer", "{\"size\": [99999999999999999999, 1]}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:1:11: ", NULL },
  { "syntax/nul-escape", "{\"a\": \"\\u0000\"}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:1:8: ", NULL },

  /* The scene */
  { "scene/not-an-object", "\n  [1]", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:2:3: ", NULL },
  { "scene/missing-size", "{\"root\": {\"type\": \"GskLayer\"}}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:1:1: ", "“size”" },
  { "scene/missing-root", "{\"size\": [1, 1]}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:1:1: ", "“root”" },
  { "scene/unknown-member", "{\"size\": [1, 1],\n  \"sise\": 3}", GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "<data>:2:3: ", "“sise”" },
  { "scene/negative-size", "{\"size\": [10, -1], \"root\": {}}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:1:15: ", NULL },
  { "scene/fractional-size", "{\"size\": [1.5, 1], \"root\": {}}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:1:11: ", NULL },
  { "scene/size-not-array", "{\"size\": \"10x10\"}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:1:10: ", NULL },
  { "scene/bad-background", "{\"size\": [1, 1], \"background\": \"#12345z\"}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:1:32: ", "#12345z" },

  /* Types */
  { "unknown-type", "{\"size\": [10, 10],\n\"root\": {\"type\": \"GskNoSuchLayer\"}}", GSK_LAYER_ERROR_UNKNOWN_TYPE, "<data>:2:18: ", "GskNoSuchLayer" },
  { "type/not-a-layer", "{\"size\": [10, 10],\n\"root\": {\"type\": \"GObject\"}}", GSK_LAYER_ERROR_UNKNOWN_TYPE, "<data>:2:18: ", NULL },
  { "type/not-a-layer-by-symbol", "{\"size\": [10, 10],\n\"root\": {\"type\": \"GskLayerScene\"}}", GSK_LAYER_ERROR_UNKNOWN_TYPE, "<data>:2:18: ", NULL },
  { "type/missing", "{\"size\": [10, 10],\n\"root\": {\"name\": \"x\"}}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:2:9: ", "“type”" },
  { "type/not-a-string", "{\"size\": [10, 10],\n\"root\": {\"type\": 5}}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:2:18: ", NULL },
  { "type/not-an-object", "{\"size\": [10, 10],\n\"root\": \"GskLayer\"}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:2:9: ", NULL },

  /* Properties */
  { "unknown-property", LAYER ("\"opacityy\": 1"), GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "<data>:3:3: ", "“opacityy”" },
  { "property/not-canonical", LAYER ("\"clip_to_bounds\": true"), GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "<data>:3:3: ", "“clip-to-bounds”" },
  { "property/read-only", "{\"size\": [10, 10],\n\"root\": {\"type\": \"TestCustomLayer\",\n  \"area\": 4}}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:3: ", "read-only" },
  { "value/opacity-string", LAYER ("\"opacity\": \"high\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:14: ", NULL },
  { "value/visible-number", LAYER ("\"visible\": 1"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:14: ", NULL },
  { "value/name-number", LAYER ("\"name\": 5"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:11: ", NULL },
  { "value/opacity-range", LAYER ("\"opacity\": 2"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:14: ", "between 0 and 1" },
  { "value/opacity-negative", LAYER ("\"opacity\": -0.5"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:14: ", NULL },
  { "value/infinite-position", LAYER ("\"position\": [1e999, 0]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:16: ", NULL },
  { "value/infinite-z", LAYER ("\"z-position\": -1e999"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:17: ", NULL },
  { "value/huge-float", LAYER ("\"z-position\": 1e300"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:17: ", NULL },
  { "value/negative-size", LAYER ("\"size\": [10, -5]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:16: ", "negative" },
  { "value/size-too-short", LAYER ("\"size\": [10]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:11: ", NULL },
  { "value/size-of-strings", LAYER ("\"size\": [10, \"10\"]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:16: ", NULL },
  { "value/pivot-too-long", LAYER ("\"pivot-point\": [1, 2, 3, 4]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:18: ", NULL },
  { "value/bad-color", LAYER ("\"background-color\": \"#ff00zz\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:23: ", "#ff00zz" },
  { "value/color-not-string", LAYER ("\"background-color\": [1, 0, 0]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:23: ", NULL },
  { "value/bad-transform", LAYER ("\"transform\": \"translate(10px) rotat(5deg)\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:33: ", "rotat" },
  { "value/bad-transform-escaped", LAYER ("\"transform\": \"\\u0074ranslate(1px) rotat(5deg)\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:37: ", "rotat" },
  { "value/transform-not-string", LAYER ("\"child-transform\": 1"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:22: ", NULL },
  { "value/blend-mode", LAYER ("\"blend-mode\": \"mulitply\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:17: ",
    "unknown blend mode “mulitply” (expected one of normal, multiply, screen" },
  { "value/blend-mode-number", LAYER ("\"blend-mode\": 1"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:17: ", NULL },
  { "value/int-range", CUSTOM ("\"count\": 11"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:12: ", "between -10 and 10" },
  { "value/int-huge", CUSTOM ("\"count\": -1e300"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:12: ", NULL },
  { "value/int-fraction", CUSTOM ("\"count\": 1.5"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:12: ", "whole number" },
  { "value/double-infinite", CUSTOM ("\"ratio\": 1e999"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:12: ", NULL },
  { "value/double-range", CUSTOM ("\"ratio\": -1"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:12: ", NULL },
  { "value/enum-nick", CUSTOM ("\"mode\": \"HARD_LIGHT\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:11: ", "unknown mode" },
  { "value/string-array", CUSTOM ("\"label\": [\"a\"]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:12: ", NULL },
  { "value/custom-range", "{\"size\": [10, 10],\n\"root\": {\"type\": \"TestCustomLayer\",\n  \"weight\": 101}}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:13: ", "between 0 and 100" },

  /* Content */
  { "content/unknown-type", LAYER ("\"content\": {\"type\": \"video\"}"), GSK_LAYER_ERROR_UNKNOWN_TYPE, "<data>:3:23: ", "video" },
  { "content/not-an-object", LAYER ("\"content\": \"icon.png\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:14: ", NULL },
  { "content/missing-type", LAYER ("\"content\": {\"file\": \"icon.png\"}"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:14: ", NULL },
  { "content/missing-file", LAYER ("\"content\": {\"type\": \"image\", \"file\": \"does-not-exist.png\"}"), GSK_LAYER_ERROR_FAILED, "<data>:3:40: ", NULL },
  { "content/no-file", LAYER ("\"content\": {\"type\": \"image\"}"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:14: ", NULL },
  { "content/extra-member", LAYER ("\"content\": {\"type\": \"color\", \"color\": \"red\", \"file\": \"x\"}"), GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "<data>:3:48: ", NULL },
  { "content/unknown-member", LAYER ("\"content\": {\"type\": \"color\", \"colour\": \"red\"}"), GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "<data>:3:32: ", NULL },
  { "content/bad-color", LAYER ("\"content\": {\"type\": \"color\", \"color\": \"reddish\"}"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:41: ", NULL },
  { "content/bad-data", LAYER ("\"content\": {\"type\": \"image\", \"data\": \"data:image/png;base64,AAAA\"}"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:40: ", NULL },
  { "content/data-not-uri", LAYER ("\"content\": {\"type\": \"image\", \"data\": \"AAAA\"}"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:40: ", NULL },

  /* Ids and children */
  { "id/duplicate", LAYER ("\"id\": \"a\", \"children\": [{\"type\": \"GskLayer\", \"id\": \"a\"}]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:54: ", "“a”" },
  { "id/not-a-string", LAYER ("\"id\": 5"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:9: ", NULL },
  { "id/empty", LAYER ("\"id\": \"\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:9: ", NULL },
  { "children/not-an-array", LAYER ("\"children\": {}"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:15: ", NULL },
  { "children/not-an-object", LAYER ("\"children\": [{\"type\": \"GskLayer\"}, 5]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:38: ", NULL },
  { "children/bad-grandchild", LAYER ("\"children\": [{\"type\": \"GskLayer\", \"children\": [{\"type\": \"Nope\"}]}]"), GSK_LAYER_ERROR_UNKNOWN_TYPE, "<data>:3:59: ", NULL },

  /* Animations */
  { "animation/unknown-target", ANIM ("\"target\": \"b\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:27: ", "“b”" },
  { "animation/missing-target", ANIM ("\"property\": \"opacity\", \"to\": 1, \"duration\": 10"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:16: ", "“target”" },
  { "animation/unknown-property", ANIM ("\"target\": \"a\", \"property\": \"opacity2\", \"to\": 1, \"duration\": 10"), GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "<data>:3:44: ", "opacity2" },
  { "animation/not-animatable", ANIM ("\"target\": \"a\", \"property\": \"name\", \"to\": \"x\", \"duration\": 10"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:44: ", "cannot be animated" },
  { "animation/non-canonical", ANIM ("\"target\": \"a\", \"property\": \"background_color\", \"to\": \"red\", \"duration\": 10"), GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "<data>:3:44: ", "did you mean" },
  { "animation/bad-value", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 2, \"duration\": 10"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:61: ", "between" },
  { "animation/bad-from", ANIM ("\"target\": \"a\", \"property\": \"position\", \"from\": [1], \"to\": [0, 0], \"duration\": 10"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:64: ", NULL },
  { "animation/bad-transform", ANIM ("\"target\": \"a\", \"property\": \"transform\", \"to\": \"rotate(1deg) skewZ(2deg)\", \"duration\": 10"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:77: ", "skewZ" },
  { "animation/negative-duration", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": -5"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:76: ", "positive" },
  { "animation/zero-duration", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 0"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:76: ", "positive" },
  { "animation/infinite-duration", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 1e999"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:76: ", NULL },
  { "animation/fractional-duration", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 1.5"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:76: ", "whole number" },
  { "animation/duration-string", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": \"1s\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:76: ", "milliseconds" },
  { "animation/no-duration", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:16: ", "“duration”" },
  { "animation/negative-delay", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10, \"delay\": -1"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:89: ", NULL },
  { "animation/no-to", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"from\": 1, \"duration\": 10"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:16: ", "“to” or “keyframes”" },
  { "animation/bad-easing", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10, \"easing\": \"ease-in-out cubic-bezier(2, 0, 1, 1)\""), GSK_LAYER_ERROR_SYNTAX, "<data>:3:103: ", NULL },
  { "animation/bezier-range", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10, \"easing\": \"cubic-bezier(2, 0, 1, 1)\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:104: ", NULL },
  { "animation/spring-cannot-settle", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"easing\": \"spring(1, 100, 0, 0)\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:90: ", "never settles" },
  { "animation/easing-not-string", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10, \"easing\": 3"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:90: ", NULL },
  { "animation/unknown-member", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"durration\": 10"), GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "<data>:3:64: ", "durration" },
  { "animation/repeat-range", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10, \"repeat\": -2"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:90: ", "-1 (forever)" },
  { "animation/repeat-fraction", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10, \"repeat\": 0.5"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:90: ", NULL },
  { "animation/auto-reverse", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10, \"auto-reverse\": 1"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:96: ", NULL },
  { "animation/direction", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10, \"direction\": \"sideways\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:93: ", "forward or backward" },
  { "animation/empty-name", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10, \"name\": \"\""), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:88: ", NULL },
  { "animation/keyframes-order", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"duration\": 10, \"keyframes\": [{\"at\": 0.5, \"value\": 0}, {\"at\": 0.2, \"value\": 1}]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:117: ", "increasing order" },
  { "animation/keyframes-equal", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"duration\": 10, \"keyframes\": [{\"at\": 0.5, \"value\": 0}, {\"at\": 0.5, \"value\": 1}]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:117: ", "increasing order" },
  { "animation/keyframe-range", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"duration\": 10, \"keyframes\": [{\"at\": 1.5, \"value\": 0}]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:92: ", "between 0 and 1" },
  { "animation/keyframe-no-value", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"duration\": 10, \"keyframes\": [{\"at\": 1}]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:85: ", "“value”" },
  { "animation/keyframe-bad-value", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"duration\": 10, \"keyframes\": [{\"at\": 1, \"value\": \"x\"}]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:104: ", NULL },
  { "animation/keyframe-member", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"duration\": 10, \"keyframes\": [{\"at\": 1, \"value\": 1, \"ease\": \"linear\"}]"), GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "<data>:3:107: ", NULL },
  { "animation/keyframes-empty", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"duration\": 10, \"keyframes\": []"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:84: ", NULL },
  { "animation/keyframe-easing", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"duration\": 10, \"keyframes\": [{\"at\": 1, \"value\": 1, \"easing\": \"steps(0)\"}]"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:124: ", "at least 1 step" },
  { "animation/not-an-array", "{\"size\": [10, 10],\n\"root\": {\"type\": \"GskLayer\", \"id\": \"a\"},\n\"animations\": {}}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:15: ", NULL },
  { "animation/duplicate-name", ANIM ("\"target\": \"a\", \"property\": \"opacity\", \"to\": 1, \"duration\": 10}, {\"target\": \"a\", \"property\": \"opacity\", \"to\": 0, \"duration\": 10"), GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:81: ", "“opacity” on “a”" },
  { "animation/not-an-object", "{\"size\": [10, 10],\n\"root\": {\"type\": \"GskLayer\", \"id\": \"a\"},\n\"animations\": [5]}", GSK_LAYER_ERROR_INVALID_VALUE, "<data>:3:16: ", NULL },
};

static void
check_error (const char    *text,
             gssize         length,
             GskLayerError  code,
             const char    *prefix,
             const char    *message)
{
  GError *error = NULL;
  GskLayerScene *scene;

  scene = gsk_layer_scene_new_from_data (text, length, NULL, &error);
  g_assert_null (scene);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_error (error, GSK_LAYER_ERROR, (int) code);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("“%s” does not start with “%s”", error->message, prefix);
  if (message && strstr (error->message, message) == NULL)
    g_error ("“%s” does not contain “%s”", error->message, message);
  g_error_free (error);
}

static void
test_error_case (gconstpointer data)
{
  const ErrorCase *c = data;

  check_error (c->text, -1, c->code, c->prefix, c->message);
}

static void
test_error_name (void)
{
  GError *error = NULL;

  g_assert_null (gsk_layer_scene_new_from_data ("{\"size\": [1]}", -1, "scene.json", &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "scene.json:1:10: "));
  g_clear_error (&error);

  /* A length cuts the text; a NUL byte inside it is an error */
  g_assert_null (gsk_layer_scene_new_from_data ("{\"size\": [1, 1]} ", 7, NULL, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "<data>:1:8: "));
  g_clear_error (&error);
  check_error ("{}\0{}", 5, GSK_LAYER_ERROR_SYNTAX, "<data>:1:3: ", "NUL");
}

static void
test_error_deep_layers (void)
{
  GString *text = g_string_new ("{\"size\": [1, 1], \"root\":");
  GError *error = NULL;
  GskLayerScene *scene;
  GskLayer *layer;
  guint depth = 0;

  /* GSK_LAYER_MAX_DEPTH levels load */
  for (int i = 0; i < GSK_LAYER_MAX_DEPTH; i++)
    g_string_append (text, "\n{\"type\": \"GskLayer\", \"children\": [");
  for (int i = 0; i < GSK_LAYER_MAX_DEPTH; i++)
    g_string_append (text, "]}");
  g_string_append (text, "}");
  scene = gsk_layer_scene_new_from_data (text->str, text->len, NULL, &error);
  g_assert_no_error (error);
  for (layer = gsk_layer_scene_get_root (scene); layer; layer = gsk_layer_get_first_child (layer))
    depth++;
  g_assert_cmpuint (depth, ==, GSK_LAYER_MAX_DEPTH);
  free_scene (scene);

  /* One more does not, with GSK's error at the layer past the limit */
  g_string_assign (text, "{\"size\": [1, 1], \"root\":");
  for (int i = 0; i < GSK_LAYER_MAX_DEPTH + 1; i++)
    g_string_append (text, "\n{\"type\": \"GskLayer\", \"children\": [");
  for (int i = 0; i < GSK_LAYER_MAX_DEPTH + 1; i++)
    g_string_append (text, "]}");
  g_string_append (text, "}");
  {
    char *prefix = g_strdup_printf ("<data>:%d:1: ", GSK_LAYER_MAX_DEPTH + 2);
    char *limit = g_strdup_printf ("nested more than %d deep", GSK_LAYER_MAX_DEPTH);

    check_error (text->str, text->len, GSK_LAYER_ERROR_INVALID_VALUE, prefix, limit);
    g_free (prefix);
    g_free (limit);
  }

  /* Far more: the scanner's error, before json-glib, which would refuse
   * it with its own words past 1,024 levels (1.10) */
  g_string_assign (text, "{\"size\": [1, 1], \"root\":");
  for (int i = 0; i < 600; i++)
    g_string_append (text, "\n{\"type\": \"GskLayer\", \"children\": [");
  for (int i = 0; i < 600; i++)
    g_string_append (text, "]}");
  g_string_append (text, "}");
  check_error (text->str, text->len, GSK_LAYER_ERROR_INVALID_VALUE, "<data>:505:", "layers may nest 500 deep");

  g_string_free (text, TRUE);
}

static void
test_error_deep_json (void)
{
  GString *text = g_string_new ("{\"size\": [1, 1], \"root\": ");
  guint column;

  /* Far deeper than any stack would survive in a recursive parser */
  for (int i = 0; i < 1000000; i++)
    g_string_append_c (text, '[');
  column = strlen ("{\"size\": [1, 1], \"root\": ") + 1 + (2 * GSK_LAYER_MAX_DEPTH + 8) - 1;
  {
    char *prefix = g_strdup_printf ("<data>:1:%u: ", column);

    check_error (text->str, text->len, GSK_LAYER_ERROR_INVALID_VALUE, prefix, "nested");
    g_free (prefix);
  }

  g_string_free (text, TRUE);
}

/* }}} */
/* {{{ Saving */

static void
test_round_trip (void)
{
  GError *error = NULL;
  GskLayerScene *scene;
  char *text;

  text = basic_scene_text ();
  scene = gsk_layer_scene_new_from_data (text, -1, NULL, &error);
  g_assert_no_error (error);
  g_free (text);

  text = assert_round_trip (scene);
  /* Defaults are left out, ids kept */
  g_assert_null (strstr (text, "\"visible\" : true"));
  g_assert_nonnull (strstr (text, "\"visible\" : false"));
  g_assert_nonnull (strstr (text, "\"id\" : \"inner\""));
  g_assert_nonnull (strstr (text, "\"blend-mode\" : \"color-dodge\""));
  g_assert_nonnull (strstr (text, "data:image/png;base64,"));
  g_free (text);

  free_scene (scene);
}

static void
test_round_trip_built (void)
{
  GskLayer *root = gsk_layer_new ();
  GskLayer *child = gsk_layer_new ();
  GskLayer *other = gsk_layer_new ();
  cairo_surface_t *surface;
  GskLayerTransform *transform;
  GskLayerContent *content;
  GskLayerScene *scene;
  GdkRGBA color = { 0.3f, 0.1f, 0.123456789f, 0.501f };
  char *text;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (320, 200));
  gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (1e-8f, -3.25f));
  gsk_layer_set_size (child, &GRAPHENE_SIZE_INIT (0.1f, GSK_LAYER_MAX_COORDINATE));
  gsk_layer_set_pivot_point (child, &GRAPHENE_POINT3D_INIT (1.f / 3.f, -0.f, 123456.7f));
  gsk_layer_set_opacity (child, 0.123456789f);
  gsk_layer_set_z_position (child, -GSK_LAYER_MAX_COORDINATE);
  gsk_layer_set_background_color (child, &color);
  transform = gsk_layer_transform_rotate (gsk_layer_transform_translate (NULL, 0.1f, 2.f), 33.3f);
  gsk_layer_set_transform (child, transform);
  gsk_layer_transform_unref (transform);
  gsk_layer_set_name (child, "quote \" backslash \\ newline \n tab \t");
  gsk_layer_set_blend_mode (child, GSK_LAYER_BLEND_LUMINOSITY);
  gsk_layer_set_corner_radius (child, 12.345678f);
  gsk_layer_set_child_transform_origin (child, &GRAPHENE_POINT_INIT (0.25f, -1.5f));

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2, 2);
  content = gsk_layer_image_content_new (surface);
  cairo_surface_destroy (surface);
  gsk_layer_set_content (child, content);
  g_object_unref (content);

  content = gsk_layer_color_content_new (&color);
  gsk_layer_set_content (other, content);
  g_object_unref (content);

  gsk_layer_add_child (root, child);
  gsk_layer_add_child (root, other);
  scene = gsk_layer_scene_new (root, 320, 200);
  g_assert_true (gsk_layer_scene_get_root (scene) == root);
  g_assert_false (g_object_is_floating (root));
  gsk_layer_scene_set_background (scene, &color);

  text = assert_round_trip (scene);
  g_assert_null (strstr (text, "\"id\""));
  g_assert_nonnull (strstr (text, "\"corner-radius\""));
  g_assert_nonnull (strstr (text, "\"child-transform-origin\""));
  g_free (text);

  gsk_layer_scene_set_background (scene, NULL);
  gsk_layer_scene_get_background (scene, &color);
  g_assert_true (gdk_rgba_equal (&color, &(GdkRGBA) { 0, 0, 0, 0 }));
  g_free (assert_round_trip (scene));

  free_scene (scene);
}

static void
test_custom_type (void)
{
  GError *error = NULL;
  GskLayerScene *scene;
  GskLayer *root, *child;
  char *dir, *path, *text;

  /* Not registered yet: the loader finds test_custom_layer_get_type() */
  g_assert_true (g_type_from_name ("TestCustomLayer") == G_TYPE_INVALID);

  dir = g_dir_make_tmp ("test-scene-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "custom.json", NULL);
  g_assert_true (g_file_set_contents (path,
    "{ \"size\": [50, 50],\n"
    "  \"root\": { \"type\": \"TestCustomLayer\", \"id\": \"root\", \"weight\": 42.5, \"count\": -7,\n"
    "            \"ratio\": 1e-8, \"label\": \"hello\", \"mode\": \"hard-light\", \"active\": false,\n"
    "            \"children\": [ { \"type\": \"TestCustomLayer\", \"opacity\": 1, \"size\": [2, 3] },\n"
    "                          { \"type\": \"TestCustomLayer\", \"weight\": 1 } ] } }\n", -1, NULL));

  scene = gsk_layer_scene_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_type_from_name ("TestCustomLayer") == TEST_TYPE_CUSTOM_LAYER);

  root = gsk_layer_scene_get_root (scene);
  g_assert_true (TEST_IS_CUSTOM_LAYER (root));
  g_assert_cmpfloat (TEST_CUSTOM_LAYER (root)->weight, ==, 42.5f);
  g_assert_cmpfloat (gsk_layer_get_opacity (root), ==, 0.5f);
  g_assert_cmpint (TEST_CUSTOM_LAYER (root)->count, ==, -7);
  g_assert_cmpfloat (TEST_CUSTOM_LAYER (root)->ratio, ==, 1e-8);
  g_assert_cmpstr (TEST_CUSTOM_LAYER (root)->label, ==, "hello");
  g_assert_cmpint (TEST_CUSTOM_LAYER (root)->mode, ==, GSK_LAYER_BLEND_HARD_LIGHT);
  g_assert_false (TEST_CUSTOM_LAYER (root)->active);
  child = gsk_layer_get_first_child (root);
  g_assert_true (TEST_CUSTOM_LAYER (child)->active);
  g_assert_cmpint (TEST_CUSTOM_LAYER (child)->mode, ==, GSK_LAYER_BLEND_SCREEN);
  g_assert_cmpfloat (TEST_CUSTOM_LAYER (child)->weight, ==, 2.f);
  g_assert_cmpfloat (gsk_layer_get_opacity (child), ==, 1.f);
  g_assert_cmpfloat (TEST_CUSTOM_LAYER (gsk_layer_get_last_child (root))->weight, ==, 1.f);

  text = assert_round_trip (scene);
  /* Compared with a new TestCustomLayer, not with the pspecs */
  g_assert_nonnull (strstr (text, "\"weight\" : 1\n"));
  g_assert_nonnull (strstr (text, "\"opacity\" : 1\n"));
  g_assert_null (strstr (text, "\"area\""));
  g_free (text);

  free_scene (scene);
  g_unlink (path);
  g_rmdir (dir);
  g_free (path);
  g_free (dir);
}

static void
test_get_layer_by_id (void)
{
  GError *error = NULL;
  GskLayerScene *scene;
  GskLayer *a, *b, *c;

  scene = gsk_layer_scene_new_from_data (
    "{\"size\": [1, 1], \"root\": {\"type\": \"GskLayer\", \"id\": \"root\", \"children\": ["
    "{\"type\": \"GskLayer\", \"id\": \"a\", \"children\": [{\"type\": \"GskLayer\", \"id\": \"c\"}]},"
    "{\"type\": \"GskLayer\", \"id\": \"b\"}]}}", -1, NULL, &error);
  g_assert_no_error (error);

  a = gsk_layer_scene_get_layer_by_id (scene, "a");
  b = gsk_layer_scene_get_layer_by_id (scene, "b");
  c = gsk_layer_scene_get_layer_by_id (scene, "c");
  g_assert_true (gsk_layer_get_parent (c) == a);
  g_assert_true (gsk_layer_get_next_sibling (a) == b);

  /* The tree may change after loading */
  g_object_ref (c);
  gsk_layer_remove_child (a, c);
  g_assert_null (gsk_layer_scene_get_layer_by_id (scene, "c"));
  gsk_layer_add_child (b, c);
  g_object_unref (c);
  g_assert_true (gsk_layer_scene_get_layer_by_id (scene, "c") == c);
  g_assert_null (gsk_layer_scene_get_layer_by_id (scene, ""));

  free_scene (scene);
}

/* }}} */
/* {{{ Animations */

static const char animated_scene[] =
  "{\n"
  "  \"size\": [200, 100],\n"
  "  \"root\": {\n"
  "    \"type\": \"GskLayer\", \"id\": \"stage\", \"size\": [200, 100],\n"
  "    \"children\": [\n"
  "      { \"type\": \"GskLayer\", \"id\": \"box\", \"position\": [10, 20], \"size\": [40, 40],\n"
  "        \"opacity\": 0.5, \"background-color\": \"red\" }\n"
  "    ]\n"
  "  },\n"
  "  \"animations\": [\n"
  "    { \"target\": \"box\", \"property\": \"position\", \"from\": [0, 20], \"to\": [100, 20],\n"
  "      \"duration\": 1000, \"easing\": \"linear\" },\n"
  "    { \"target\": \"box\", \"property\": \"opacity\", \"to\": 1, \"duration\": 400,\n"
  "      \"delay\": 100, \"repeat\": 1, \"auto-reverse\": true },\n"
  "    { \"target\": \"box\", \"property\": \"transform\", \"name\": \"spin\", \"duration\": 1000,\n"
  "      \"from\": \"rotate(0deg)\", \"direction\": \"backward\",\n"
  "      \"keyframes\": [ { \"at\": 0.5, \"value\": \"rotate(90deg)\", \"easing\": \"ease-in\" },\n"
  "                     { \"at\": 1, \"value\": \"rotate(180deg)\" } ] },\n"
  "    { \"target\": \"stage\", \"property\": \"background-color\", \"to\": \"blue\",\n"
  "      \"easing\": \"spring(1, 100, 10, 0)\" }\n"
  "  ]\n"
  "}\n";

static void
assert_position_x (GskLayer *layer,
                   float     x)
{
  GValue value = G_VALUE_INIT;
  const graphene_point_t *p;

  g_assert_true (gsk_layer_get_presentation_value (layer, "position", &value));
  p = g_value_get_boxed (&value);
  g_assert_cmpfloat_with_epsilon (p->x, x, 1e-3);
  g_value_unset (&value);
}

static float
presentation_opacity (GskLayer *layer)
{
  GValue value = G_VALUE_INIT;
  float opacity;

  g_assert_true (gsk_layer_get_presentation_value (layer, "opacity", &value));
  opacity = g_value_get_float (&value);
  g_value_unset (&value);

  return opacity;
}

static void
test_animations_run (void)
{
  GError *error = NULL;
  GskLayerScene *scene;
  GskLayerFrameClock *clock;
  GskLayerManualClock *manual;
  GskLayerTransition *spin;
  GskLayer *box, *stage;
  GValue value = G_VALUE_INIT;
  char *text;

  scene = gsk_layer_scene_new_from_data (animated_scene, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gsk_layer_scene_get_n_animations (scene), ==, 4);
  box = gsk_layer_scene_get_layer_by_id (scene, "box");
  stage = gsk_layer_scene_get_layer_by_id (scene, "stage");

  /* Nothing runs before the scene has a clock */
  g_assert_null (gsk_layer_get_transition (box, "position"));
  assert_position_x (box, 10);

  clock = gsk_layer_manual_clock_new ();
  manual = GSK_LAYER_MANUAL_CLOCK (clock);
  gsk_layer_manual_clock_set_time (manual, 5 * G_USEC_PER_SEC);
  gsk_layer_scene_set_frame_clock (scene, clock);
  g_assert_true (gsk_layer_get_frame_clock (gsk_layer_scene_get_root (scene)) == clock);
  g_assert_nonnull (gsk_layer_get_transition (box, "position"));
  g_assert_nonnull (gsk_layer_get_transition (box, "opacity"));
  g_assert_nonnull (gsk_layer_get_transition (stage, "background-color"));
  spin = gsk_layer_get_transition (box, "spin");
  g_assert_true (GSK_IS_LAYER_KEYFRAME_TRANSITION (spin));
  g_assert_cmpuint (gsk_layer_keyframe_transition_get_n_keys (GSK_LAYER_KEYFRAME_TRANSITION (spin)), ==, 2);
  g_assert_cmpint (gsk_layer_timeline_get_direction (GSK_LAYER_TIMELINE (spin)), ==, GSK_LAYER_TIMELINE_BACKWARD);
  /* A spring without a duration lasts until it settles */
  g_assert_cmpuint (gsk_layer_timeline_get_duration (GSK_LAYER_TIMELINE (gsk_layer_get_transition (stage, "background-color"))),
                    ==, (guint) ceil (1000 * gsk_layer_easing_get_settle_time (gsk_layer_timeline_get_easing (
                      GSK_LAYER_TIMELINE (gsk_layer_get_transition (stage, "background-color"))))));

  /* Times count from the clock's time when the scene got it */
  gsk_layer_manual_clock_advance (manual, 0);
  assert_position_x (box, 0);
  g_assert_cmpfloat (presentation_opacity (box), ==, 0.5f);
  gsk_layer_manual_clock_advance (manual, 250 * 1000);
  assert_position_x (box, 25);
  /* 150 ms into 400, from the value the file set */
  g_assert_cmpfloat_with_epsilon (presentation_opacity (box), 0.5 + 0.5 * 150. / 400., 1e-6);
  gsk_layer_manual_clock_advance (manual, 400 * 1000);
  assert_position_x (box, 65);
  /* The second, reversed run: 150 ms of 400 back */
  g_assert_cmpfloat_with_epsilon (presentation_opacity (box), 1.0 - 0.5 * 150. / 400., 1e-6);
  g_assert_true (gsk_layer_get_presentation_value (box, "transform", &value));
  g_value_unset (&value);

  /* Again: everything restarts, opacity from the value the file set */
  gsk_layer_scene_set_frame_clock (scene, clock);
  gsk_layer_manual_clock_advance (manual, 250 * 1000);
  assert_position_x (box, 25);
  g_assert_cmpfloat_with_epsilon (presentation_opacity (box), 0.5 + 0.5 * 150. / 400., 1e-6);

  /* Saving writes the animations as they were loaded */
  text = assert_round_trip (scene);
  g_assert_nonnull (strstr (text, "\"animations\""));
  g_assert_nonnull (strstr (text, "\"name\" : \"spin\""));
  g_assert_nonnull (strstr (text, "\"easing\" : \"spring(1, 100, 10, 0)\""));
  g_free (text);

  /* Without a clock, they stop */
  gsk_layer_scene_set_frame_clock (scene, NULL);
  g_assert_null (gsk_layer_get_frame_clock (gsk_layer_scene_get_root (scene)));

  free_scene (scene);
  g_assert_finalize_object (clock);
}

/* Load, save, load: the same animations, and the same text again */
static void
test_animations_round_trip (void)
{
  GError *error = NULL;
  GskLayerScene *scene, *copy;
  GskLayer *box;
  char *text, *again;

  scene = gsk_layer_scene_new_from_data (animated_scene, -1, NULL, &error);
  g_assert_no_error (error);
  text = assert_round_trip (scene);
  /* Defaults are left out, the property name as the name too */
  g_assert_null (strstr (text, "\"name\" : \"opacity\""));
  g_assert_null (strstr (text, "\"direction\" : \"forward\""));
  g_assert_nonnull (strstr (text, "\"direction\" : \"backward\""));
  g_assert_nonnull (strstr (text, "\"auto-reverse\" : true"));
  g_assert_nonnull (strstr (text, "\"at\" : 0.5"));

  copy = gsk_layer_scene_new_from_data (text, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gsk_layer_scene_get_n_animations (copy), ==, 4);
  again = gsk_layer_scene_to_data (copy, NULL);
  g_assert_cmpstr (text, ==, again);
  g_free (again);
  free_scene (copy);
  g_free (text);

  /* An animation whose target left the tree is not written */
  box = gsk_layer_scene_get_layer_by_id (scene, "box");
  g_object_ref (box);
  gsk_layer_remove_child (gsk_layer_scene_get_root (scene), box);
  text = gsk_layer_scene_to_data (scene, NULL);
  g_assert_null (strstr (text, "\"target\" : \"box\""));
  g_assert_nonnull (strstr (text, "\"target\" : \"stage\""));
  copy = gsk_layer_scene_new_from_data (text, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gsk_layer_scene_get_n_animations (copy), ==, 1);
  free_scene (copy);
  g_free (text);
  g_assert_finalize_object (box);

  free_scene (scene);

  /* A scene built in code has none, and writes none */
  scene = gsk_layer_scene_new (gsk_layer_new (), 1, 1);
  g_assert_cmpuint (gsk_layer_scene_get_n_animations (scene), ==, 0);
  text = gsk_layer_scene_to_data (scene, NULL);
  g_assert_null (strstr (text, "animations"));
  g_free (text);
  free_scene (scene);
}

/* }}} */

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  /* First, so that nothing registers the type before */
  g_test_add_func ("/scene/custom-type", test_custom_type);
  g_test_add_func ("/scene/load/basic", test_load_basic);
  g_test_add_func ("/scene/load/file", test_load_file);
  g_test_add_func ("/scene/load/errors/name-and-length", test_error_name);
  g_test_add_func ("/scene/load/errors/deep-layers", test_error_deep_layers);
  g_test_add_func ("/scene/load/errors/deep-json", test_error_deep_json);
  for (guint i = 0; i < G_N_ELEMENTS (error_cases); i++)
    {
      char *path = g_strconcat ("/scene/load/errors/", error_cases[i].name, NULL);

      g_test_add_data_func (path, &error_cases[i], test_error_case);
      g_free (path);
    }
  g_test_add_func ("/scene/round-trip", test_round_trip);
  g_test_add_func ("/scene/round-trip/built", test_round_trip_built);
  g_test_add_func ("/scene/get-layer-by-id", test_get_layer_by_id);
  g_test_add_func ("/scene/animations/run", test_animations_run);
  g_test_add_func ("/scene/animations/round-trip", test_animations_round_trip);

  return g_test_run ();
}
