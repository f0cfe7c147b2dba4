/* gsk-layer-scene.c: layer trees in JSON files
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>
#ifdef G_OS_UNIX
#include <dlfcn.h>
#endif
#include <json-glib/json-glib.h>

#include "gsk-layer-scene-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-transform-private.h"
#include "gsk-layer-json-scanner-private.h"
#include "gsk-layer-enum-types.h"

/**
 * GskLayerScene:
 *
 * A layer tree together with the size of the surface it is drawn on and
 * a background color: what a scene file holds.
 *
 * ```c
 * g_autoptr (GError) error = NULL;
 * g_autoptr (GskLayerScene) scene = NULL;
 *
 * scene = gsk_layer_scene_new_from_file ("scene.json", &error);
 * if (scene == NULL)
 *   g_printerr ("%s\n", error->message); // scene.json:14:9: unknown blend mode …
 * else
 *   gsk_layer_set_opacity (gsk_layer_scene_get_layer_by_id (scene, "card"), 0.5f);
 * ```
 *
 * A scene file is a JSON object with the members `size` (`[width,
 * height]`, positive integers), `background` (a color, optional) and
 * `root`, the top layer:
 *
 * ```json
 * {
 *   "size": [640, 480],
 *   "background": "#241f31",
 *   "root": {
 *     "type": "GskLayer",
 *     "id": "stage",
 *     "size": [640, 480],
 *     "children": [
 *       { "type": "GskLayer", "id": "card", "position": [100, 80],
 *         "size": [200, 120], "transform": "perspective(400px) rotateY(30deg)",
 *         "blend-mode": "multiply",
 *         "content": { "type": "image", "file": "icon.png" } }
 *     ]
 *   }
 * }
 * ```
 *
 * Each layer names its `type`: [class@Layer] or a subclass. A type that
 * is not registered yet is found, as by GtkBuilder, through its
 * `…_get_type()` function in the program (`MyCardLayer` →
 * `my_card_layer_get_type()`), if the program exports its symbols. A
 * layer may have an `id`, unique in the file, for
 * [method@LayerScene.get_layer_by_id], and `children`, an array of
 * layers. Every other member sets the property of that (canonical)
 * name: points, sizes and pivot points are arrays of numbers, colors
 * are CSS colors or `transparent`, transforms are CSS transform text,
 * enumerations are given by nick, booleans, numbers and strings are
 * JSON values. Content is `{"type": "image", "file": "icon.png"}`, with
 * the path relative to the scene file, `{"type": "image", "data":
 * "data:image/png;base64,…"}`, or `{"type": "color", "color": "red"}`.
 *
 * A scene may also have `animations`, transitions of the layers' properties
 * by layer id, which start when the scene gets a frame clock: see
 * [method@LayerScene.set_frame_clock].
 *
 * The text must be strict JSON (RFC 8259) in UTF-8: no comments, no
 * duplicate member names, integers that fit 64 bits. A bad file yields
 * a %GSK_LAYER_ERROR whose message begins with `NAME:LINE:COLUMN: `,
 * both counted from 1, columns in characters. Nothing of a bad file is
 * kept. Layers may nest 1000 deep.
 */

/* A layer adds two JSON levels (itself and its "children" array) */
#define MAX_LAYER_DEPTH 1000
#define MAX_JSON_DEPTH (2 * MAX_LAYER_DEPTH + 8)

#define PNG_DATA_URI "data:image/png;base64,"

G_DEFINE_FINAL_TYPE (GskLayerScene, gsk_layer_scene, G_TYPE_OBJECT)

/* The id of a loaded layer lives on the layer, so that it survives
 * changes to the tree and is written back when saving */
static GQuark
layer_id_quark (void)
{
  static GQuark quark;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("gsk-layer-scene-id");

  return quark;
}

/* {{{ Errors */

/* Short names for what gsk-layer-scene-private.h shares */
typedef GskLayerSceneLoader Loader;
typedef GskLayerSceneSaver Saver;
#define loader_error gsk_layer_scene_loader_error
#define value_error gsk_layer_scene_value_error
#define key_error gsk_layer_scene_key_error
#define node_holds gsk_layer_scene_node_holds
#define node_get_number gsk_layer_scene_node_get_number
#define child_node gsk_layer_scene_child_node
#define wrong_kind gsk_layer_scene_wrong_kind
#define parse_value gsk_layer_scene_parse_value
#define add_value gsk_layer_scene_add_value

gboolean
gsk_layer_scene_loader_error (GskLayerSceneLoader *l,
                              guint                line,
                              guint                column,
                              GskLayerError        code,
                              const char          *format,
                              ...)
{
  va_list args;
  char *message;

  if (l->error == NULL || *l->error != NULL)
    return FALSE;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (l->error, GSK_LAYER_ERROR, code, "%s:%u:%u: %s", l->name, line, column, message);
  g_free (message);

  return FALSE;
}

/* }}} */
/* {{{ JSON values */

/* The JsonNode of the value the scanner saw as @pos's @i'th item; both
 * read the same text, so this fails only if they disagree about it */
JsonNode *
gsk_layer_scene_child_node (GskLayerSceneLoader *l,
                            JsonNode            *node,
                            GskLayerJsonPos     *pos,
                            guint                i)
{
  GskLayerJsonPos *item = g_ptr_array_index (pos->items, i);
  JsonNode *child = NULL;

  if (JSON_NODE_HOLDS_OBJECT (node))
    child = json_object_get_member (json_node_get_object (node), item->key);
  else if (JSON_NODE_HOLDS_ARRAY (node) && i < json_array_get_length (json_node_get_array (node)))
    child = json_array_get_element (json_node_get_array (node), i);

  if (child == NULL)
    value_error (l, item, GSK_LAYER_ERROR_FAILED, "json-glib read this value differently");

  return child;
}

static const char *
describe_node (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    return "an object";
  if (JSON_NODE_HOLDS_ARRAY (node))
    return "an array";
  if (JSON_NODE_HOLDS_NULL (node))
    return "null";
  if (node_holds (node, G_TYPE_STRING))
    return "a string";
  if (node_holds (node, G_TYPE_BOOLEAN))
    return json_node_get_boolean (node) ? "true" : "false";
  return "a number";
}

gboolean
gsk_layer_scene_wrong_kind (GskLayerSceneLoader *l,
                            GskLayerJsonPos     *pos,
                            const char          *name,
                            const char          *expected,
                            JsonNode            *node)
{
  return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                      "“%s” must be %s, not %s", name, expected, describe_node (node));
}

/* Reads an array of 2 to @max_len numbers that fit a float */
static gboolean
parse_floats (Loader          *l,
              JsonNode        *node,
              GskLayerJsonPos *pos,
              const char      *name,
              guint            max_len,
              gboolean         non_negative,
              float           *out)
{
  const char *count = max_len == 2 ? "2" : "2 or 3";
  guint len;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“%s” must be an array of %s numbers, not %s",
                        name, count, describe_node (node));

  len = pos->items->len;
  if (len < 2 || len > max_len)
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“%s” must have %s numbers, not %u",
                        name, count, len);

  for (guint i = 0; i < len; i++)
    {
      JsonNode *element = child_node (l, node, pos, i);
      GskLayerJsonPos *item = g_ptr_array_index (pos->items, i);
      double v;

      if (element == NULL)
        return FALSE;
      if (!node_get_number (element, &v))
        return wrong_kind (l, item, name, "an array of numbers", element);
      if (!(fabs (v) <= G_MAXFLOAT))
        return value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE,
                            "%g is out of range for “%s”", v, name);
      if (non_negative && v < 0)
        return value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE,
                            "“%s” cannot be negative: %g", name, v);
      out[i] = v;
    }

  return TRUE;
}

static gboolean
rgba_is_valid (const GdkRGBA *color)
{
  return color->red >= 0.f && color->red <= 1.f &&
         color->green >= 0.f && color->green <= 1.f &&
         color->blue >= 0.f && color->blue <= 1.f &&
         color->alpha >= 0.f && color->alpha <= 1.f;
}

static gboolean
parse_color (Loader          *l,
             JsonNode        *node,
             GskLayerJsonPos *pos,
             const char      *name,
             GdkRGBA         *color)
{
  const char *text;

  if (!node_holds (node, G_TYPE_STRING))
    return wrong_kind (l, pos, name, "a color", node);

  text = json_node_get_string (node);
  if (g_ascii_strcasecmp (text, "transparent") == 0)
    *color = (GdkRGBA) { 0, 0, 0, 0 };
  /* The setters refuse what gdk_rgba_parse() may let through */
  else if (!gdk_rgba_parse (color, text) || !rgba_is_valid (color))
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                        "invalid color “%s” for “%s”", text, name);

  return TRUE;
}

static gboolean
parse_transform (Loader             *l,
                 JsonNode           *node,
                 GskLayerJsonPos    *pos,
                 const char         *name,
                 GskLayerTransform **transform)
{
  GError *local_error = NULL;
  guint line, column;
  glong start = 0;

  *transform = NULL;
  if (JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!node_holds (node, G_TYPE_STRING))
    return wrong_kind (l, pos, name, "a CSS transform", node);
  if (gsk_layer_transform_parse_with_range (json_node_get_string (node), transform,
                                            &start, NULL, &local_error))
    return TRUE;

  gsk_layer_json_string_position (l->text, l->length, pos, start, &line, &column);
  loader_error (l, line, column, GSK_LAYER_ERROR_INVALID_VALUE,
                "invalid “%s”: %s", name, local_error->message);
  g_error_free (local_error);

  return FALSE;
}

/* }}} */
/* {{{ Loading */

typedef struct
{
  const guchar *data;
  gsize length;
} PngReader;

static cairo_status_t
png_read (void          *closure,
          unsigned char *data,
          unsigned int   length)
{
  PngReader *reader = closure;

  if (length > reader->length)
    return CAIRO_STATUS_READ_ERROR;

  memcpy (data, reader->data, length);
  reader->data += length;
  reader->length -= length;

  return CAIRO_STATUS_SUCCESS;
}

static GskLayerContent *
load_image_data (Loader          *l,
                 JsonNode        *node,
                 GskLayerJsonPos *pos)
{
  GskLayerContent *content = NULL;
  cairo_surface_t *surface;
  PngReader reader;
  guchar *data;

  if (!node_holds (node, G_TYPE_STRING) || !g_str_has_prefix (json_node_get_string (node), PNG_DATA_URI))
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                   "“data” must be a data: URI of a PNG image (%s…)", PNG_DATA_URI);
      return NULL;
    }

  data = g_base64_decode (json_node_get_string (node) + strlen (PNG_DATA_URI), &reader.length);
  reader.data = data;
  surface = cairo_image_surface_create_from_png_stream (png_read, &reader);
  if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
    content = gsk_layer_image_content_new (surface);
  else
    value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“data” is not a PNG image: %s",
                 cairo_status_to_string (cairo_surface_status (surface)));
  cairo_surface_destroy (surface);
  g_free (data);

  return content;
}

static GskLayerContent *
load_image_file (Loader          *l,
                 JsonNode        *node,
                 GskLayerJsonPos *pos)
{
  GskLayerContent *content;
  GError *local_error = NULL;
  char *path;

  if (!node_holds (node, G_TYPE_STRING))
    {
      wrong_kind (l, pos, "file", "a file name", node);
      return NULL;
    }

  /* Layers showing the same file share one content, as it is meant to */
  path = g_canonicalize_filename (json_node_get_string (node), l->base_dir);
  content = g_hash_table_lookup (l->images, path);
  if (content)
    {
      g_free (path);
      return g_object_ref (content);
    }

  content = gsk_layer_image_content_new_from_file (path, &local_error);
  if (content == NULL)
    {
      value_error (l, pos, GSK_LAYER_ERROR_FAILED, "%s", local_error->message);
      g_error_free (local_error);
      g_free (path);
      return NULL;
    }
  g_hash_table_insert (l->images, path, g_object_ref (content));

  return content;
}

static GskLayerContent *
load_content (Loader          *l,
              JsonNode        *node,
              GskLayerJsonPos *pos)
{
  enum { TYPE, FILE_, DATA, COLOR, N_KEYS };
  static const char * const keys[N_KEYS] = { "type", "file", "data", "color" };
  JsonNode *members[N_KEYS] = { NULL, };
  GskLayerJsonPos *items[N_KEYS] = { NULL, };
  gboolean color;
  const char *kind;
  GdkRGBA rgba;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      wrong_kind (l, pos, "content", "an object", node);
      return NULL;
    }

  for (guint i = 0; i < pos->items->len; i++)
    {
      GskLayerJsonPos *item = g_ptr_array_index (pos->items, i);
      guint k = 0;

      while (k < N_KEYS && !g_str_equal (item->key, keys[k]))
        k++;
      if (k == N_KEYS)
        {
          key_error (l, item, GSK_LAYER_ERROR_UNKNOWN_PROPERTY,
                     "unknown content member “%s” (expected type, file, data or color)", item->key);
          return NULL;
        }
      items[k] = item;
      if ((members[k] = child_node (l, node, pos, i)) == NULL)
        return NULL;
    }

  if (members[TYPE] == NULL)
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "content has no “type”");
      return NULL;
    }
  kind = node_holds (members[TYPE], G_TYPE_STRING) ? json_node_get_string (members[TYPE]) : "";
  color = g_str_equal (kind, "color");
  if (!color && !g_str_equal (kind, "image"))
    {
      if (*kind)
        value_error (l, items[TYPE], GSK_LAYER_ERROR_UNKNOWN_TYPE,
                     "unknown content type “%s” (expected image or color)", kind);
      else
        wrong_kind (l, items[TYPE], "type", "image or color", members[TYPE]);
      return NULL;
    }

  for (guint k = FILE_; k < N_KEYS; k++)
    if (items[k] && (k == COLOR) != color)
      {
        key_error (l, items[k], GSK_LAYER_ERROR_UNKNOWN_PROPERTY,
                   "%s content has no “%s”", kind, keys[k]);
        return NULL;
      }

  if (color)
    {
      if (members[COLOR] == NULL)
        value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "color content needs a “color”");
      else if (parse_color (l, members[COLOR], items[COLOR], "color", &rgba))
        return gsk_layer_color_content_new (&rgba);
      return NULL;
    }

  if (members[FILE_] && members[DATA] == NULL)
    return load_image_file (l, members[FILE_], items[FILE_]);
  if (members[DATA] && members[FILE_] == NULL)
    return load_image_data (l, members[DATA], items[DATA]);

  value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "image content needs either “file” or “data”");
  return NULL;
}

/* Whether scene files can express values of @type */
static gboolean
type_is_supported (GType type)
{
  switch (G_TYPE_FUNDAMENTAL (type))
    {
    case G_TYPE_BOOLEAN:
    case G_TYPE_CHAR:
    case G_TYPE_UCHAR:
    case G_TYPE_INT:
    case G_TYPE_UINT:
    case G_TYPE_LONG:
    case G_TYPE_ULONG:
    case G_TYPE_INT64:
    case G_TYPE_UINT64:
    case G_TYPE_FLOAT:
    case G_TYPE_DOUBLE:
    case G_TYPE_STRING:
    case G_TYPE_ENUM:
      return TRUE;
    case G_TYPE_BOXED:
      return type == GRAPHENE_TYPE_POINT || type == GRAPHENE_TYPE_SIZE ||
             type == GRAPHENE_TYPE_POINT3D || type == GSK_TYPE_LAYER_TRANSFORM ||
             type == GDK_TYPE_RGBA;
    case G_TYPE_OBJECT:
    case G_TYPE_INTERFACE:
      return g_type_is_a (type, GSK_TYPE_LAYER_CONTENT);
    default:
      return FALSE;
    }
}

static gboolean
parse_enum (Loader          *l,
            GParamSpec      *pspec,
            JsonNode        *node,
            GskLayerJsonPos *pos,
            GValue          *value)
{
  GEnumClass *enum_class = g_type_class_ref (G_VALUE_TYPE (value));
  GEnumValue *enum_value = NULL;

  if (node_holds (node, G_TYPE_STRING))
    enum_value = g_enum_get_value_by_nick (enum_class, json_node_get_string (node));

  if (enum_value)
    g_value_set_enum (value, enum_value->value);
  else
    {
      GString *nicks = g_string_new (NULL);
      char *what = g_strdelimit (g_strdup (pspec->name), "-_", ' ');

      for (guint i = 0; i < enum_class->n_values; i++)
        g_string_append_printf (nicks, "%s%s", i ? ", " : "", enum_class->values[i].value_nick);

      if (node_holds (node, G_TYPE_STRING))
        value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "unknown %s “%s” (expected one of %s)",
                     what, json_node_get_string (node), nicks->str);
      else
        value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“%s” must be one of %s, not %s",
                     pspec->name, nicks->str, describe_node (node));
      g_string_free (nicks, TRUE);
      g_free (what);
    }
  g_type_class_unref (enum_class);

  return enum_value != NULL;
}

static gboolean
parse_integer (Loader          *l,
               GParamSpec      *pspec,
               JsonNode        *node,
               GskLayerJsonPos *pos,
               GValue          *value)
{
  /* JSON integers stop at G_MAXINT64, and so do unsigned ones here */
  static const struct { GType type; gint64 min, max; } limits[] = {
    { G_TYPE_CHAR, G_MININT8, G_MAXINT8 },
    { G_TYPE_UCHAR, 0, G_MAXUINT8 },
    { G_TYPE_INT, G_MININT, G_MAXINT },
    { G_TYPE_UINT, 0, G_MAXUINT },
    { G_TYPE_LONG, G_MINLONG, G_MAXLONG },
    { G_TYPE_ULONG, 0, sizeof (gulong) < sizeof (gint64) ? G_MAXULONG : G_MAXINT64 },
    { G_TYPE_INT64, G_MININT64, G_MAXINT64 },
    { G_TYPE_UINT64, 0, G_MAXINT64 },
  };
  GType fundamental = G_TYPE_FUNDAMENTAL (G_VALUE_TYPE (value));
  GValue v64 = G_VALUE_INIT;
  gboolean fits;
  gint64 v = 0;
  guint i = 0;
  double d;

  /* 1e3 and 2.0 are whole numbers too */
  if (!node_get_number (node, &d) || d != floor (d))
    return wrong_kind (l, pos, pspec->name, "a whole number", node);

  while (limits[i].type != fundamental)
    i++;
  fits = TRUE;
  if (node_holds (node, G_TYPE_INT64))
    v = json_node_get_int (node);
  else if ((fits = fabs (d) < 0x1p63))
    v = (gint64) d;
  if (!fits || v < limits[i].min || v > limits[i].max)
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                        "%g is out of range for “%s”", d, pspec->name);

  g_value_init (&v64, G_TYPE_INT64);
  g_value_set_int64 (&v64, v);
  g_value_transform (&v64, value);
  g_value_unset (&v64);

  return TRUE;
}

/* The range of a numeric property, for messages, or NULL */
static char *
describe_range (GParamSpec *pspec)
{
  if (g_param_spec_get_redirect_target (pspec))
    pspec = g_param_spec_get_redirect_target (pspec);

  if (G_IS_PARAM_SPEC_FLOAT (pspec))
    return g_strdup_printf ("%g and %g", G_PARAM_SPEC_FLOAT (pspec)->minimum,
                            G_PARAM_SPEC_FLOAT (pspec)->maximum);
  if (G_IS_PARAM_SPEC_DOUBLE (pspec))
    return g_strdup_printf ("%g and %g", G_PARAM_SPEC_DOUBLE (pspec)->minimum,
                            G_PARAM_SPEC_DOUBLE (pspec)->maximum);
  if (G_IS_PARAM_SPEC_INT (pspec))
    return g_strdup_printf ("%d and %d", G_PARAM_SPEC_INT (pspec)->minimum,
                            G_PARAM_SPEC_INT (pspec)->maximum);
  if (G_IS_PARAM_SPEC_UINT (pspec))
    return g_strdup_printf ("%u and %u", G_PARAM_SPEC_UINT (pspec)->minimum,
                            G_PARAM_SPEC_UINT (pspec)->maximum);

  return NULL;
}

/* Reads @node into @value, initialized here, checked for all that the
 * property's setter or GObject would refuse */
gboolean
gsk_layer_scene_parse_value (GskLayerSceneLoader *l,
                             GParamSpec          *pspec,
                             JsonNode            *node,
                             GskLayerJsonPos     *pos,
                             GValue              *value)
{
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);
  const char *name = pspec->name;
  GValue check = G_VALUE_INIT;
  GskLayerContent *content;
  gboolean valid;
  float v[3] = { 0, 0, 0 };
  double d = 0;

  if (!type_is_supported (type))
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                        "“%s” holds a %s, which scene files cannot express", name, g_type_name (type));

  g_value_init (value, type);
  switch (G_TYPE_FUNDAMENTAL (type))
    {
    case G_TYPE_BOOLEAN:
      if (!node_holds (node, G_TYPE_BOOLEAN))
        return wrong_kind (l, pos, name, "true or false", node);
      g_value_set_boolean (value, json_node_get_boolean (node));
      break;

    case G_TYPE_FLOAT:
    case G_TYPE_DOUBLE:
      if (!node_get_number (node, &d))
        return wrong_kind (l, pos, name, "a number", node);
      if (!isfinite (d) || (type == G_TYPE_FLOAT && fabs (d) > G_MAXFLOAT))
        return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "%g is out of range for “%s”", d, name);
      if (type == G_TYPE_FLOAT)
        g_value_set_float (value, d);
      else
        g_value_set_double (value, d);
      break;

    case G_TYPE_STRING:
      if (!JSON_NODE_HOLDS_NULL (node) && !node_holds (node, G_TYPE_STRING))
        return wrong_kind (l, pos, name, "a string or null", node);
      g_value_set_string (value, json_node_get_string (node));
      break;

    case G_TYPE_ENUM:
      if (!parse_enum (l, pspec, node, pos, value))
        return FALSE;
      break;

    case G_TYPE_OBJECT:
    case G_TYPE_INTERFACE:
      if (JSON_NODE_HOLDS_NULL (node))
        break;
      if ((content = load_content (l, node, pos)) == NULL)
        return FALSE;
      g_value_take_object (value, content);
      if (!g_type_is_a (G_OBJECT_TYPE (content), type))
        return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“%s” cannot be a %s",
                            name, G_OBJECT_TYPE_NAME (content));
      break;

    case G_TYPE_BOXED:
      if (type == GSK_TYPE_LAYER_TRANSFORM)
        {
          GskLayerTransform *transform;

          if (!parse_transform (l, node, pos, name, &transform))
            return FALSE;
          g_value_take_boxed (value, transform);
        }
      else if (type == GDK_TYPE_RGBA)
        {
          GdkRGBA color;

          if (!parse_color (l, node, pos, name, &color))
            return FALSE;
          g_value_set_boxed (value, &color);
        }
      else if (!parse_floats (l, node, pos, name, type == GRAPHENE_TYPE_POINT3D ? 3 : 2,
                              type == GRAPHENE_TYPE_SIZE, v))
        return FALSE;
      else if (type == GRAPHENE_TYPE_POINT)
        g_value_set_boxed (value, &GRAPHENE_POINT_INIT (v[0], v[1]));
      else if (type == GRAPHENE_TYPE_SIZE)
        g_value_set_boxed (value, &GRAPHENE_SIZE_INIT (v[0], v[1]));
      else
        g_value_set_boxed (value, &GRAPHENE_POINT3D_INIT (v[0], v[1], v[2]));
      break;

    default: /* the integers */
      if (!parse_integer (l, pspec, node, pos, value))
        return FALSE;
      node_get_number (node, &d);
      break;
    }

  /* GObject warns about values that the pspec refuses */
  g_value_init (&check, type);
  g_value_copy (value, &check);
  valid = !g_param_value_validate (pspec, &check);
  g_value_unset (&check);
  if (!valid)
    {
      char *range = describe_range (pspec);

      if (range)
        value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“%s” must be between %s, not %g",
                     name, range, d);
      else
        value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "invalid value for “%s”", name);
      g_free (range);
    }

  return valid;
}

/* Finds a type that is not registered yet by calling its get_type()
 * function, as GtkBuilder does: GskFooBar → gsk_foo_bar_get_type() */
static GType
type_from_symbol (const char *name)
{
  GType type = G_TYPE_INVALID;
#ifdef G_OS_UNIX
  GType (* get_type) (void);
  GString *symbol;
  gsize len = strlen (name);

  if (len == 0 || !g_ascii_isalpha (name[0]))
    return G_TYPE_INVALID;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isalnum (name[i]) && name[i] != '_')
      return G_TYPE_INVALID;

  symbol = g_string_new (NULL);
  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && g_ascii_isupper (name[i]) && name[i - 1] != '_' &&
          (!g_ascii_isupper (name[i - 1]) || (i + 1 < len && g_ascii_islower (name[i + 1]))))
        g_string_append_c (symbol, '_');
      g_string_append_c (symbol, g_ascii_tolower (name[i]));
    }
  g_string_append (symbol, "_get_type");

  get_type = (GType (*) (void)) dlsym (RTLD_DEFAULT, symbol->str);
  if (get_type)
    type = get_type ();
  g_string_free (symbol, TRUE);
#endif

  return type;
}

static GType
load_layer_type (Loader          *l,
                 JsonNode        *node,
                 GskLayerJsonPos *pos)
{
  guint index_ = gsk_layer_json_pos_find_member (pos, "type");
  JsonNode *member;
  const char *name;
  GskLayerJsonPos *item;
  GType type;

  if (index_ == G_MAXUINT)
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "layer has no “type”");

  item = g_ptr_array_index (pos->items, index_);
  if ((member = child_node (l, node, pos, index_)) == NULL)
    return G_TYPE_INVALID;
  if (!node_holds (member, G_TYPE_STRING))
    return wrong_kind (l, item, "type", "a type name", member);

  name = json_node_get_string (member);
  type = g_type_from_name (name);
  if (type == G_TYPE_INVALID)
    type = type_from_symbol (name);

  if (type == G_TYPE_INVALID)
    return value_error (l, item, GSK_LAYER_ERROR_UNKNOWN_TYPE, "unknown type “%s”", name);
  if (!g_type_is_a (type, GSK_TYPE_LAYER))
    return value_error (l, item, GSK_LAYER_ERROR_UNKNOWN_TYPE, "“%s” is not a GskLayer type", name);
  if (G_TYPE_IS_ABSTRACT (type))
    return value_error (l, item, GSK_LAYER_ERROR_UNKNOWN_TYPE, "“%s” is an abstract type", name);

  return type;
}

static GParamSpec *
find_property (Loader          *l,
               GObjectClass    *klass,
               GskLayerJsonPos *item)
{
  GParamSpec *pspec = g_object_class_find_property (klass, item->key);

  /* Only canonical names, so that no property is set twice */
  if (pspec && !g_str_equal (pspec->name, item->key))
    key_error (l, item, GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "%s has no property “%s” (did you mean “%s”?)",
               G_OBJECT_CLASS_NAME (klass), item->key, pspec->name);
  else if (pspec == NULL)
    key_error (l, item, GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "%s has no property “%s”",
               G_OBJECT_CLASS_NAME (klass), item->key);
  else if (!(pspec->flags & G_PARAM_WRITABLE))
    key_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE, "property “%s” of %s is read-only",
               item->key, G_OBJECT_CLASS_NAME (klass));
  else
    return pspec;

  return NULL;
}

/* Reads the members of a layer other than its children into @names and
 * @values, and checks them all */
static gboolean
load_layer_members (Loader          *l,
                    GObjectClass    *klass,
                    JsonNode        *node,
                    GskLayerJsonPos *pos,
                    GPtrArray       *names,
                    GArray          *values,
                    const char     **id,
                    guint           *children)
{
  for (guint i = 0; i < pos->items->len; i++)
    {
      GskLayerJsonPos *item = g_ptr_array_index (pos->items, i);
      JsonNode *member = child_node (l, node, pos, i);
      GValue value = G_VALUE_INIT;
      GParamSpec *pspec;

      if (member == NULL)
        return FALSE;

      if (g_str_equal (item->key, "type"))
        continue;

      if (g_str_equal (item->key, "id"))
        {
          if (!node_holds (member, G_TYPE_STRING))
            return wrong_kind (l, item, "id", "a string", member);
          *id = json_node_get_string (member);
          if (**id == '\0')
            return value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE, "“id” cannot be empty");
          if (g_hash_table_contains (l->ids, *id))
            return value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE, "duplicate id “%s”", *id);
          continue;
        }

      if (g_str_equal (item->key, "children"))
        {
          if (!JSON_NODE_HOLDS_ARRAY (member))
            return wrong_kind (l, item, "children", "an array of layers", member);
          *children = i;
          continue;
        }

      if ((pspec = find_property (l, klass, item)) == NULL)
        return FALSE;
      if (!parse_value (l, pspec, member, item, &value))
        {
          if (G_IS_VALUE (&value))
            g_value_unset (&value);
          return FALSE;
        }
      g_ptr_array_add (names, (gpointer) pspec->name);
      g_array_append_val (values, value);
    }

  return TRUE;
}

static GskLayer *
load_layer (Loader          *l,
            JsonNode        *node,
            GskLayerJsonPos *pos,
            guint            depth)
{
  GskLayer *layer = NULL;
  GObjectClass *klass;
  GPtrArray *names;
  GArray *values;
  const char *id = NULL;
  guint children = G_MAXUINT;
  GType type;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                   "a layer must be an object, not %s", describe_node (node));
      return NULL;
    }
  if (depth > MAX_LAYER_DEPTH)
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                   "layers are nested more than %d deep", MAX_LAYER_DEPTH);
      return NULL;
    }
  if ((type = load_layer_type (l, node, pos)) == G_TYPE_INVALID)
    return NULL;

  klass = g_type_class_ref (type);
  names = g_ptr_array_new ();
  values = g_array_new (FALSE, TRUE, sizeof (GValue));
  g_array_set_clear_func (values, (GDestroyNotify) g_value_unset);

  /* Everything is read and checked before the layer exists, so that
   * construct-only properties work and no setter sees a bad value */
  if (load_layer_members (l, klass, node, pos, names, values, &id, &children))
    {
      layer = GSK_LAYER (g_object_new_with_properties (type, names->len,
                                                       (const char **) names->pdata,
                                                       (const GValue *) values->data));
      g_object_ref_sink (layer);
      if (id)
        {
          g_object_set_qdata_full (G_OBJECT (layer), layer_id_quark (), g_strdup (id), g_free);
          g_hash_table_add (l->ids, (gpointer) id);
        }
    }

  if (layer && children != G_MAXUINT)
    {
      GskLayerJsonPos *children_pos = g_ptr_array_index (pos->items, children);
      JsonNode *array = child_node (l, node, pos, children);

      for (guint i = 0; i < children_pos->items->len; i++)
        {
          JsonNode *element = child_node (l, array, children_pos, i);
          GskLayer *child;

          child = element ? load_layer (l, element, g_ptr_array_index (children_pos->items, i), depth + 1) : NULL;
          if (child == NULL)
            {
              g_clear_object (&layer);
              break;
            }
          gsk_layer_add_child (layer, child);
          g_object_unref (child);
        }
    }

  g_array_unref (values);
  g_ptr_array_unref (names);
  g_type_class_unref (klass);

  return layer;
}

static gboolean
load_scene_size (Loader          *l,
                 JsonNode        *node,
                 GskLayerJsonPos *pos,
                 int              size[2])
{
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return wrong_kind (l, pos, "size", "an array of 2 whole numbers", node);
  if (pos->items->len != 2)
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                        "“size” must have 2 numbers, not %u", pos->items->len);

  for (guint i = 0; i < 2; i++)
    {
      JsonNode *element = child_node (l, node, pos, i);
      GskLayerJsonPos *item = g_ptr_array_index (pos->items, i);
      gint64 v;

      if (element == NULL)
        return FALSE;
      if (!node_holds (element, G_TYPE_INT64))
        return wrong_kind (l, item, "size", "an array of 2 whole numbers", element);
      v = json_node_get_int (element);
      if (v <= 0 || v > G_MAXINT)
        return value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE,
                            "the scene size must be positive, not %" G_GINT64_FORMAT, v);
      size[i] = v;
    }

  return TRUE;
}

static GskLayerScene *
load_scene (Loader          *l,
            JsonNode        *document,
            GskLayerJsonPos *pos)
{
  GskLayerScene *self;
  GdkRGBA background = { 0, 0, 0, 0 };
  GskLayerJsonPos *root_pos = NULL, *size_pos = NULL, *animations_pos = NULL;
  JsonNode *root_node = NULL, *animations_node = NULL;
  int size[2];
  GskLayer *root;

  if (!JSON_NODE_HOLDS_OBJECT (document))
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                   "a scene must be an object, not %s", describe_node (document));
      return NULL;
    }

  for (guint i = 0; i < pos->items->len; i++)
    {
      GskLayerJsonPos *item = g_ptr_array_index (pos->items, i);
      JsonNode *member = child_node (l, document, pos, i);
      gboolean ok;

      if (member == NULL)
        return NULL;
      if (g_str_equal (item->key, "size"))
        {
          size_pos = item;
          ok = load_scene_size (l, member, item, size);
        }
      else if (g_str_equal (item->key, "background"))
        ok = parse_color (l, member, item, "background", &background);
      else if (g_str_equal (item->key, "root"))
        {
          root_node = member;
          root_pos = item;
          ok = TRUE;
        }
      else if (g_str_equal (item->key, "animations"))
        {
          /* Read once the layers they target are */
          animations_node = member;
          animations_pos = item;
          ok = TRUE;
        }
      else
        ok = key_error (l, item, GSK_LAYER_ERROR_UNKNOWN_PROPERTY,
                        "unknown scene member “%s” (expected size, background, root or animations)",
                        item->key);
      if (!ok)
        return NULL;
    }

  if (size_pos == NULL || root_pos == NULL)
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "the scene has no “%s”",
                   size_pos == NULL ? "size" : "root");
      return NULL;
    }

  if ((root = load_layer (l, root_node, root_pos, 1)) == NULL)
    return NULL;

  self = g_object_new (GSK_TYPE_LAYER_SCENE, NULL);
  self->root = root;
  self->width = size[0];
  self->height = size[1];
  self->background = background;
  self->base_dir = g_strdup (l->base_dir);

  if (animations_node)
    {
      self->animations = gsk_layer_scene_load_animations (l, self, animations_node, animations_pos);
      if (self->animations == NULL)
        g_clear_object (&self);
    }

  return self;
}

static GskLayerScene *
load (const char  *text,
      gsize        length,
      const char  *name,
      const char  *base_dir,
      GError     **error)
{
  Loader l = { name, text, length, base_dir, NULL, NULL, error };
  GskLayerScene *self = NULL;
  GError *local_error = NULL;
  JsonParser *parser;
  GskLayerJsonPos *pos;
  guint line, column;

  pos = gsk_layer_json_scan (text, length, MAX_JSON_DEPTH, &line, &column, &local_error);
  if (pos == NULL)
    {
      loader_error (&l, line, column, local_error->code, "%s", local_error->message);
      g_error_free (local_error);
      return NULL;
    }

  /* A program may load a scene before it made any layer */
  g_type_ensure (GSK_TYPE_LAYER);

  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, text, length, &local_error))
    {
      /* The scanner accepts less than json-glib; keep json-glib's words */
      loader_error (&l, 1, 1, GSK_LAYER_ERROR_SYNTAX, "%s", local_error->message);
      g_error_free (local_error);
    }
  else
    {
      l.ids = g_hash_table_new (g_str_hash, g_str_equal);
      l.images = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      self = load_scene (&l, json_parser_get_root (parser), pos);
      g_hash_table_unref (l.ids);
      g_hash_table_unref (l.images);
    }

  g_object_unref (parser);
  gsk_layer_json_pos_free (pos);

  return self;
}

/* }}} */
/* {{{ Saving */

/* The part of @path below @dir, or NULL; both are canonical */
static const char *
path_below (const char *path,
            const char *dir)
{
  gsize n = strlen (dir);

  if (n > 0 && dir[n - 1] == G_DIR_SEPARATOR)
    n--;
  if (strncmp (path, dir, n) == 0 && path[n] == G_DIR_SEPARATOR && path[n + 1] != '\0')
    return path + n + 1;

  return NULL;
}

static gboolean
values_equal (GParamSpec   *pspec,
              const GValue *a,
              const GValue *b)
{
  GType type = G_VALUE_TYPE (a);
  const float *fa, *fb;

  if (type == G_TYPE_FLOAT)
    return g_value_get_float (a) == g_value_get_float (b);
  if (type == G_TYPE_DOUBLE)
    return g_value_get_double (a) == g_value_get_double (b);
  if (G_TYPE_FUNDAMENTAL (type) != G_TYPE_BOXED)
    return g_param_values_cmp (pspec, a, b) == 0;

  fa = g_value_get_boxed (a);
  fb = g_value_get_boxed (b);
  if (type == GSK_TYPE_LAYER_TRANSFORM)
    return gsk_layer_transform_equal ((GskLayerTransform *) fa, (GskLayerTransform *) fb);
  if (fa == NULL || fb == NULL)
    return fa == fb;

  /* Points, sizes and colors are floats; compare them exactly, unlike
   * graphene's _equal(), or a tiny offset would not be saved */
  for (guint i = 0; i < (type == GDK_TYPE_RGBA ? 4 : type == GRAPHENE_TYPE_POINT3D ? 3 : 2); i++)
    if (fa[i] != fb[i])
      return FALSE;

  return TRUE;
}

static void
add_number (JsonBuilder *builder,
            double       d,
            gboolean     single)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE], format[8];

  if (d == trunc (d) && fabs (d) < 0x1p53)
    {
      json_builder_add_int_value (builder, (gint64) d);
      return;
    }

  /* For a float, the shortest decimal that reads back as it: json-glib
   * writes 17 digits, but at least they are the nearest ones */
  for (int digits = 6; single && digits <= 9; digits++)
    {
      double shorter;

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      shorter = g_ascii_strtod (g_ascii_formatd (buf, sizeof buf, format, d), NULL);
      if ((float) shorter == (float) d && fabs (shorter) <= G_MAXFLOAT)
        {
          d = shorter;
          break;
        }
    }

  json_builder_add_double_value (builder, d);
}

/* The fewest digits of @c × @scale that gdk_rgba_parse() reads back as @c */
static void
format_channel (char   *buf,
                float   c,
                double  scale)
{
  static const char * const formats[] = { "%.6g", "%.9g", "%.17g" };

  /* c × scale is exact in a double, so 17 digits always do */
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, formats[i], c * scale);
      if ((float) (g_ascii_strtod (buf, NULL) / scale) == c)
        break;
    }
}

/* Like gdk_rgba_to_string(), which rounds to 8 bits and 6 digits, but
 * lossless */
static char *
color_to_string (const GdkRGBA *color)
{
  char c[4][G_ASCII_DTOSTR_BUF_SIZE];

  format_channel (c[0], color->red, 255.);
  format_channel (c[1], color->green, 255.);
  format_channel (c[2], color->blue, 255.);
  if (color->alpha == 1.f)
    return g_strdup_printf ("rgb(%s,%s,%s)", c[0], c[1], c[2]);

  format_channel (c[3], color->alpha, 1.);
  return g_strdup_printf ("rgba(%s,%s,%s,%s)", c[0], c[1], c[2], c[3]);
}

static cairo_status_t
png_write (void                *closure,
           const unsigned char *data,
           unsigned int         length)
{
  g_byte_array_append (closure, data, length);

  return CAIRO_STATUS_SUCCESS;
}

static void
add_content (Saver           *s,
             JsonBuilder     *builder,
             GskLayerContent *content)
{
  const char *path = NULL;
  char *text;

  if (content == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  if (GSK_IS_LAYER_COLOR_CONTENT (content))
    {
      GdkRGBA color;

      gsk_layer_color_content_get_color (GSK_LAYER_COLOR_CONTENT (content), &color);
      json_builder_add_string_value (builder, "color");
      json_builder_set_member_name (builder, "color");
      text = color_to_string (&color);
    }
  else if ((path = gsk_layer_image_content_get_path (GSK_LAYER_IMAGE_CONTENT (content))))
    {
      char *absolute = g_canonicalize_filename (path, NULL);
      const char *relative = path_below (absolute, s->base_dir);

      json_builder_add_string_value (builder, "image");
      json_builder_set_member_name (builder, "file");
      text = g_strdup (relative ? relative : absolute);
      g_free (absolute);
    }
  else
    {
      /* Not from a file: embed it */
      GByteArray *png = g_byte_array_new ();
      char *base64;

      cairo_surface_write_to_png_stream (gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (content)),
                                         png_write, png);
      base64 = g_base64_encode (png->data, png->len);
      json_builder_add_string_value (builder, "image");
      json_builder_set_member_name (builder, "data");
      text = g_strconcat (PNG_DATA_URI, base64, NULL);
      g_free (base64);
      g_byte_array_unref (png);
    }
  json_builder_add_string_value (builder, text);
  json_builder_end_object (builder);
  g_free (text);
}

void
gsk_layer_scene_add_value (GskLayerSceneSaver *s,
                           JsonBuilder        *builder,
                           const GValue       *value)
{
  GType type = G_VALUE_TYPE (value);
  GValue v64 = G_VALUE_INIT;
  const float *v;
  char *text;

  switch (G_TYPE_FUNDAMENTAL (type))
    {
    case G_TYPE_BOOLEAN:
      json_builder_add_boolean_value (builder, g_value_get_boolean (value));
      break;
    case G_TYPE_FLOAT:
      add_number (builder, g_value_get_float (value), TRUE);
      break;
    case G_TYPE_DOUBLE:
      add_number (builder, g_value_get_double (value), FALSE);
      break;
    case G_TYPE_STRING:
      if (g_value_get_string (value))
        json_builder_add_string_value (builder, g_value_get_string (value));
      else
        json_builder_add_null_value (builder);
      break;
    case G_TYPE_ENUM:
      {
        GEnumClass *enum_class = g_type_class_ref (type);
        GEnumValue *enum_value = g_enum_get_value (enum_class, g_value_get_enum (value));

        json_builder_add_string_value (builder, enum_value ? enum_value->value_nick : "");
        g_type_class_unref (enum_class);
      }
      break;
    case G_TYPE_OBJECT:
    case G_TYPE_INTERFACE:
      add_content (s, builder, g_value_get_object (value));
      break;
    case G_TYPE_BOXED:
      if (type == GSK_TYPE_LAYER_TRANSFORM || type == GDK_TYPE_RGBA)
        {
          if (type == GSK_TYPE_LAYER_TRANSFORM)
            text = gsk_layer_transform_to_string (g_value_get_boxed (value));
          else
            text = color_to_string (g_value_get_boxed (value));
          json_builder_add_string_value (builder, text);
          g_free (text);
          break;
        }
      v = g_value_get_boxed (value);
      json_builder_begin_array (builder);
      for (guint i = 0; i < (type == GRAPHENE_TYPE_POINT3D ? 3 : 2); i++)
        add_number (builder, v[i], TRUE);
      json_builder_end_array (builder);
      break;
    default: /* the integers */
      g_value_init (&v64, G_TYPE_INT64);
      g_value_transform (value, &v64);
      json_builder_add_int_value (builder, g_value_get_int64 (&v64));
      break;
    }
}

/* Whether @pspec is written: not reserved names, nor types or content
 * that the format cannot express */
static gboolean
pspec_is_saved (GParamSpec   *pspec,
                const GValue *value)
{
  GObject *object;

  if (g_str_equal (pspec->name, "type") || g_str_equal (pspec->name, "id") ||
      g_str_equal (pspec->name, "children"))
    return FALSE;

  object = G_VALUE_HOLDS_OBJECT (value) ? g_value_get_object (value) : NULL;
  return object == NULL || GSK_IS_LAYER_COLOR_CONTENT (object) || GSK_IS_LAYER_IMAGE_CONTENT (object);
}

static void
save_layer (Saver       *s,
            JsonBuilder *builder,
            GskLayer    *layer)
{
  GType type = G_OBJECT_TYPE (layer);
  GParamSpec **pspecs;
  GObject *prototype;
  const char *id;
  guint n_pspecs;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, g_type_name (type));

  /* A tree built by hand may hold the same id twice; keep the first */
  id = g_object_get_qdata (G_OBJECT (layer), layer_id_quark ());
  if (id && !g_hash_table_contains (s->ids, id))
    {
      g_hash_table_add (s->ids, (gpointer) id);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, id);
    }

  /* The defaults are those of a new layer of the class, which is what
   * loading starts from, even where init() differs from the pspecs */
  prototype = g_hash_table_lookup (s->prototypes, GSIZE_TO_POINTER (type));
  if (prototype == NULL)
    {
      prototype = g_object_ref_sink (g_object_new (type, NULL));
      g_hash_table_insert (s->prototypes, GSIZE_TO_POINTER (type), prototype);
    }

  /* Ancestors' properties first, each class's in the order it installed
   * them: the output is stable */
  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (layer), &n_pspecs);
  for (guint i = 0; i < n_pspecs; i++)
    {
      GValue value = G_VALUE_INIT, default_value = G_VALUE_INIT;

      if ((pspecs[i]->flags & G_PARAM_READWRITE) != G_PARAM_READWRITE ||
          !type_is_supported (pspecs[i]->value_type))
        continue;

      g_value_init (&value, pspecs[i]->value_type);
      g_value_init (&default_value, pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (layer), pspecs[i]->name, &value);
      g_object_get_property (prototype, pspecs[i]->name, &default_value);
      if (pspec_is_saved (pspecs[i], &value) && !values_equal (pspecs[i], &value, &default_value))
        {
          json_builder_set_member_name (builder, pspecs[i]->name);
          add_value (s, builder, &value);
        }
      g_value_unset (&value);
      g_value_unset (&default_value);
    }
  g_free (pspecs);

  if (gsk_layer_get_first_child (layer))
    {
      json_builder_set_member_name (builder, "children");
      json_builder_begin_array (builder);
      for (GskLayer *child = gsk_layer_get_first_child (layer);
           child != NULL;
           child = gsk_layer_get_next_sibling (child))
        save_layer (s, builder, child);
      json_builder_end_array (builder);
    }

  json_builder_end_object (builder);
}

/* json-glib 1.6 writes doubles with "%.17g" and appends ".0" if there
 * is no '.', even after an exponent: "1e-08.0", which is not JSON.
 * Outside strings, an 'e' followed by digits is such an exponent. */
static gsize
fix_exponents (char *text)
{
  gboolean in_string = FALSE;
  char *w = text;

  for (const char *r = text; *r; )
    {
      if (in_string && *r == '\\')
        *w++ = *r++;
      else if (*r == '"')
        in_string = !in_string;
      else if (!in_string && *r == 'e')
        {
          const char *digits = r + 1 + (r[1] == '-' || r[1] == '+');
          const char *end = digits;

          while (g_ascii_isdigit (*end))
            end++;
          if (end > digits && end[0] == '.' && end[1] == '0')
            {
              memmove (w, r, end - r);
              w += end - r;
              r = end + 2;
              continue;
            }
        }
      *w++ = *r++;
    }
  *w = '\0';

  return w - text;
}

/* json-glib prints doubles with 17 digits: 0.35 comes out as
 * 0.34999999999999998. Rewrite each number outside strings with the
 * fewest digits that read back as the same double. */
static char *
tidy_numbers (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));
  gboolean in_string = FALSE;
  const char *r = text;

  while (*r)
    {
      if (in_string)
        {
          if (*r == '\\' && r[1])
            g_string_append_c (out, *r++);
          else if (*r == '"')
            in_string = FALSE;
          g_string_append_c (out, *r++);
        }
      else if (*r == '"')
        {
          in_string = TRUE;
          g_string_append_c (out, *r++);
        }
      else if (*r == '-' || g_ascii_isdigit (*r))
        {
          char *end;
          double value = g_ascii_strtod (r, &end);
          static const char * const formats[] = {
            "%.1g", "%.2g", "%.3g", "%.4g", "%.5g", "%.6g", "%.7g", "%.8g", "%.9g",
            "%.10g", "%.11g", "%.12g", "%.13g", "%.14g", "%.15g", "%.16g", "%.17g",
          };
          char buf[G_ASCII_DTOSTR_BUF_SIZE];
          guint i;

          /* Whole numbers stay integers, which the loader relies on */
          if (value == floor (value) && fabs (value) < 1e15)
            g_ascii_formatd (buf, sizeof buf, "%.0f", value);
          else
            for (i = 0; i < G_N_ELEMENTS (formats); i++)
              {
                g_ascii_formatd (buf, sizeof buf, formats[i], value);
                if (g_ascii_strtod (buf, NULL) == value)
                  break;
              }
          g_string_append (out, buf);
          r = end;
        }
      else
        g_string_append_c (out, *r++);
    }

  return g_string_free (out, FALSE);
}

static char *
save (GskLayerScene *self,
      const char    *base_dir,
      gsize         *length)
{
  JsonBuilder *builder = json_builder_new ();
  JsonGenerator *generator;
  JsonNode *document;
  char *text, *tidy;
  Saver s;
  gsize len;

  s.prototypes = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  s.ids = g_hash_table_new (g_str_hash, g_str_equal);
  s.base_dir = base_dir ? g_strdup (base_dir) : g_get_current_dir ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "size");
  json_builder_begin_array (builder);
  json_builder_add_int_value (builder, self->width);
  json_builder_add_int_value (builder, self->height);
  json_builder_end_array (builder);
  if (!gdk_rgba_equal (&self->background, &(GdkRGBA) { 0, 0, 0, 0 }))
    {
      json_builder_set_member_name (builder, "background");
      text = color_to_string (&self->background);
      json_builder_add_string_value (builder, text);
      g_free (text);
    }
  json_builder_set_member_name (builder, "root");
  save_layer (&s, builder, self->root);
  gsk_layer_scene_save_animations (&s, self, builder);
  json_builder_end_object (builder);

  document = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_root (generator, document);
  text = json_generator_to_data (generator, NULL);
  fix_exponents (text);
  tidy = tidy_numbers (text);
  g_free (text);
  text = tidy;
  len = strlen (text);

  /* A text file ends with a newline */
  text = g_realloc (text, len + 2);
  text[len++] = '\n';
  text[len] = '\0';
  if (length)
    *length = len;

  json_node_unref (document);
  g_object_unref (generator);
  g_object_unref (builder);
  g_free (s.base_dir);
  g_hash_table_unref (s.ids);
  g_hash_table_unref (s.prototypes);

  return text;
}

/* }}} */
/* {{{ GObject */

static void
gsk_layer_scene_finalize (GObject *object)
{
  GskLayerScene *self = GSK_LAYER_SCENE (object);

  g_clear_object (&self->root);
  g_free (self->base_dir);
  g_clear_pointer (&self->animations, g_ptr_array_unref);

  G_OBJECT_CLASS (gsk_layer_scene_parent_class)->finalize (object);
}

static void
gsk_layer_scene_class_init (GskLayerSceneClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gsk_layer_scene_finalize;
}

static void
gsk_layer_scene_init (GskLayerScene *self)
{
}

/* }}} */
/* {{{ Public API */

/**
 * gsk_layer_scene_new:
 * @root: the top layer of a tree; it must have no parent
 * @width: the width of the surface the scene is drawn on, positive
 * @height: the height, positive
 *
 * Wraps a layer tree built in code as a scene, to save it or to pass it
 * where a scene is expected. The background is transparent. The scene
 * takes a reference on @root, sinking a floating one.
 *
 * Returns: (transfer full): the new scene
 *
 * Since: 0.1
 */
GskLayerScene *
gsk_layer_scene_new (GskLayer *root,
                     int       width,
                     int       height)
{
  GskLayerScene *self;

  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);
  g_return_val_if_fail (gsk_layer_get_parent (root) == NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);

  self = g_object_new (GSK_TYPE_LAYER_SCENE, NULL);
  self->root = g_object_ref_sink (root);
  self->width = width;
  self->height = height;

  return self;
}

/**
 * gsk_layer_scene_new_from_data:
 * @data: the text of a scene file, in UTF-8
 * @length: the length of @data in bytes, or -1 if it ends with a NUL
 * @name: (nullable): what to call @data in error messages; `<data>`
 *   if %NULL
 * @error: return location for an error
 *
 * Reads a scene from text; see [class@LayerScene] for the format.
 * Relative image paths are taken relative to the current directory.
 *
 * On failure nothing is kept, and @error, in the %GSK_LAYER_ERROR
 * domain, has a message that starts with `NAME:LINE:COLUMN: `.
 *
 * Returns: (transfer full) (nullable): the scene, or %NULL on error
 *
 * Since: 0.1
 */
GskLayerScene *
gsk_layer_scene_new_from_data (const char  *data,
                               gssize       length,
                               const char  *name,
                               GError     **error)
{
  GskLayerScene *self;
  char *cwd;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (data);

  cwd = g_get_current_dir ();
  self = load (data ? data : "", length, name ? name : "<data>", cwd, error);
  g_free (cwd);

  return self;
}

/**
 * gsk_layer_scene_new_from_file:
 * @path: the path of a scene file
 * @error: return location for an error
 *
 * Reads a scene file; see [class@LayerScene] for the format. Relative
 * image paths are taken relative to the directory of @path.
 *
 * On failure nothing is kept, and @error is in the %GSK_LAYER_ERROR
 * domain: %GSK_LAYER_ERROR_FAILED if the file cannot be read, else an
 * error whose message starts with `PATH:LINE:COLUMN: `.
 *
 * Returns: (transfer full) (nullable): the scene, or %NULL on error
 *
 * Since: 0.1
 */
GskLayerScene *
gsk_layer_scene_new_from_file (const char  *path,
                               GError     **error)
{
  GskLayerScene *self;
  GError *local_error = NULL;
  char *text, *absolute, *dir;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_get_contents (path, &text, &length, &local_error))
    {
      g_set_error_literal (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED, local_error->message);
      g_error_free (local_error);
      return NULL;
    }

  absolute = g_canonicalize_filename (path, NULL);
  dir = g_path_get_dirname (absolute);
  self = load (text, length, path, dir, error);
  g_free (dir);
  g_free (absolute);
  g_free (text);

  return self;
}

/**
 * gsk_layer_scene_to_data:
 * @self: a scene
 * @length: (out) (optional): return location for the length in bytes
 *
 * Writes @self as a scene file, pretty-printed, that loads back into an
 * identical tree.
 *
 * Only properties that differ from those of a new layer of the same
 * class are written, subclasses' own included; properties whose type
 * the format cannot express, and content of classes other than
 * [class@LayerImageContent] and [class@LayerColorContent], are left
 * out. Ids that layers were loaded with are kept. Image files are
 * given relative to the directory the scene was loaded from (or the
 * current one) when they lie below it; images not loaded from a file
 * are embedded as `data:` URIs of PNG images.
 *
 * Returns: (transfer full): the text, in UTF-8, ending with a newline
 *
 * Since: 0.1
 */
char *
gsk_layer_scene_to_data (GskLayerScene *self,
                         gsize         *length)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCENE (self), NULL);

  return save (self, self->base_dir, length);
}

/**
 * gsk_layer_scene_save:
 * @self: a scene
 * @path: the file to write
 * @error: return location for an error
 *
 * Writes @self to @path as [method@LayerScene.to_data] does, with
 * image paths relative to the directory of @path where possible.
 *
 * Returns: whether the file was written; if not, @error is a
 *   %GSK_LAYER_ERROR_FAILED
 *
 * Since: 0.1
 */
gboolean
gsk_layer_scene_save (GskLayerScene  *self,
                      const char     *path,
                      GError        **error)
{
  GError *local_error = NULL;
  char *text, *absolute, *dir;
  gboolean saved;
  gsize length;

  g_return_val_if_fail (GSK_IS_LAYER_SCENE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  absolute = g_canonicalize_filename (path, NULL);
  dir = g_path_get_dirname (absolute);
  text = save (self, dir, &length);

  saved = g_file_set_contents (path, text, length, &local_error);
  if (!saved)
    {
      g_set_error_literal (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED, local_error->message);
      g_error_free (local_error);
    }

  g_free (text);
  g_free (dir);
  g_free (absolute);

  return saved;
}

/**
 * gsk_layer_scene_get_root:
 * @self: a scene
 *
 * Returns: (transfer none): the top layer of @self
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_scene_get_root (GskLayerScene *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCENE (self), NULL);

  return self->root;
}

/**
 * gsk_layer_scene_get_size:
 * @self: a scene
 * @width: (out) (optional): return location for the width
 * @height: (out) (optional): return location for the height
 *
 * Gets the size of the surface @self is meant to be drawn on.
 *
 * Since: 0.1
 */
void
gsk_layer_scene_get_size (GskLayerScene *self,
                          int           *width,
                          int           *height)
{
  g_return_if_fail (GSK_IS_LAYER_SCENE (self));

  if (width)
    *width = self->width;
  if (height)
    *height = self->height;
}

/**
 * gsk_layer_scene_set_background:
 * @self: a scene
 * @color: (nullable): the color the surface is cleared to, or %NULL
 *   for transparent
 *
 * Sets the color drawn below the whole tree.
 *
 * Since: 0.1
 */
void
gsk_layer_scene_set_background (GskLayerScene *self,
                                const GdkRGBA *color)
{
  static const GdkRGBA transparent = { 0, 0, 0, 0 };

  g_return_if_fail (GSK_IS_LAYER_SCENE (self));
  g_return_if_fail (color == NULL || rgba_is_valid (color));

  self->background = color ? *color : transparent;
}

/**
 * gsk_layer_scene_get_background:
 * @self: a scene
 * @color: (out caller-allocates): return location for the color
 *
 * Gets the background color of @self, transparent unless set.
 *
 * Since: 0.1
 */
void
gsk_layer_scene_get_background (GskLayerScene *self,
                                GdkRGBA       *color)
{
  g_return_if_fail (GSK_IS_LAYER_SCENE (self));
  g_return_if_fail (color != NULL);

  *color = self->background;
}

/**
 * gsk_layer_scene_get_layer_by_id:
 * @self: a scene
 * @id: an id given in the scene file
 *
 * Finds the layer of the tree that was loaded with @id, wherever it is
 * now in the tree of @self. Layers added in code have no id.
 *
 * Returns: (transfer none) (nullable): the layer, or %NULL if no layer
 *   in the tree has that id
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_scene_get_layer_by_id (GskLayerScene *self,
                                 const char    *id)
{
  GskLayer *layer;

  g_return_val_if_fail (GSK_IS_LAYER_SCENE (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  /* Pre-order without recursion or allocation; the tree may have
   * changed since loading, so no table of ids could be trusted */
  layer = self->root;
  while (layer != NULL)
    {
      GskLayer *next;

      if (g_strcmp0 (g_object_get_qdata (G_OBJECT (layer), layer_id_quark ()), id) == 0)
        return layer;

      next = gsk_layer_get_first_child (layer);
      while (next == NULL && layer != self->root)
        {
          next = gsk_layer_get_next_sibling (layer);
          if (next == NULL)
            layer = gsk_layer_get_parent (layer);
        }
      layer = next;
    }

  return NULL;
}

/* }}} */
