/* gsk-layer-scene-values.c: property values in scene files, read and
 * written: numbers, points, colors, transforms, enums and content
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "gsk-layer-scene-private.h"
#include "gsk-layer-box-layout.h"
#include "gsk-layer-bin-layout.h"
#include "gsk-layer-flow-layout.h"
#include "gsk-layer-fixed-layout.h"
#include "gsk-layer-grid-layout.h"
#include "gsk-layer-private.h"
#include "gsk-layer-style-private.h"
#include "gsk-layer-transform-private.h"
#include "gsk-layer-json-scanner-private.h"

#define PNG_DATA_URI GSK_LAYER_PNG_DATA_URI

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
#define describe_node gsk_layer_scene_describe_node
#define rgba_is_valid gsk_layer_scene_rgba_is_valid
#define parse_color gsk_layer_scene_parse_color
#define type_is_supported gsk_layer_scene_type_is_supported
#define color_to_string gsk_layer_color_to_string

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

const char *
gsk_layer_scene_describe_node (JsonNode *node)
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
      if (!(fabs (v) <= GSK_LAYER_MAX_COORDINATE))
        return value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE,
                            "%g is out of range for “%s” (at most %.0f)", v, name,
                            GSK_LAYER_MAX_COORDINATE);
      /* A layer's "size" takes -1 on an axis: its natural size there */
      if (non_negative && v < 0 && !(v == -1 && g_str_equal (name, "size")))
        return value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE,
                            g_str_equal (name, "size") ? "“%s” cannot be negative: %g (-1 leaves an axis natural)"
                                                       : "“%s” cannot be negative: %g", name, v);
      out[i] = v;
    }

  return TRUE;
}

gboolean
gsk_layer_scene_rgba_is_valid (const GdkRGBA *color)
{
  return color->red >= 0.f && color->red <= 1.f &&
         color->green >= 0.f && color->green <= 1.f &&
         color->blue >= 0.f && color->blue <= 1.f &&
         color->alpha >= 0.f && color->alpha <= 1.f;
}

gboolean
gsk_layer_scene_parse_color (Loader          *l,
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

/* Takes @error, about the character @start of the string value at @pos,
 * and says where that is in the file */
static gboolean
string_value_error (Loader          *l,
                    GskLayerJsonPos *pos,
                    const char      *name,
                    glong            start,
                    GskLayerError    code,
                    GError          *error)
{
  guint line, column;

  gsk_layer_json_string_position (l->text, l->length, pos, start, &line, &column);
  loader_error (l, line, column, code, "invalid “%s”: %s", name, error->message);
  g_error_free (error);

  return FALSE;
}

static gboolean
parse_transform (Loader             *l,
                 JsonNode           *node,
                 GskLayerJsonPos    *pos,
                 const char         *name,
                 GskLayerTransform **transform)
{
  GError *local_error = NULL;
  glong start = 0;

  *transform = NULL;
  if (JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!node_holds (node, G_TYPE_STRING))
    return wrong_kind (l, pos, name, "a CSS transform", node);
  if (gsk_layer_transform_parse_with_range (json_node_get_string (node), transform,
                                            &start, NULL, &local_error))
    return TRUE;

  return string_value_error (l, pos, name, start, GSK_LAYER_ERROR_INVALID_VALUE, local_error);
}

static gboolean
parse_path (Loader           *l,
            JsonNode         *node,
            GskLayerJsonPos  *pos,
            const char       *name,
            GskLayerPath    **path)
{
  GError *local_error = NULL;
  glong start = 0;

  *path = NULL;
  if (JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!node_holds (node, G_TYPE_STRING))
    return wrong_kind (l, pos, name, "SVG path data", node);
  *path = gsk_layer_path_parse_with_range (json_node_get_string (node), &start, NULL, &local_error);
  if (*path != NULL)
    return TRUE;

  return string_value_error (l, pos, name, start, local_error->code, local_error);
}

static gboolean
parse_style (Loader           *l,
             JsonNode         *node,
             GskLayerJsonPos  *pos,
             const char       *name,
             GskLayerStyle   **style)
{
  GError *local_error = NULL;
  glong start = 0;

  *style = NULL;
  if (JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!node_holds (node, G_TYPE_STRING))
    return wrong_kind (l, pos, name, "CSS declarations", node);
  *style = gsk_layer_style_parse_with_base (json_node_get_string (node), l->base_dir, &start, &local_error);
  if (*style != NULL)
    return TRUE;

  return string_value_error (l, pos, name, start, local_error->code, local_error);
}

gboolean
gsk_layer_scene_parse_css_value (Loader          *l,
                                 const char      *property,
                                 JsonNode        *node,
                                 GskLayerJsonPos *pos,
                                 GValue          *value)
{
  g_autoptr (GskLayerStyle) style = NULL;
  g_autofree char *declaration = NULL;
  GError *local_error = NULL;
  const char *text;
  glong start = 0;

  if (!node_holds (node, G_TYPE_STRING))
    return wrong_kind (l, pos, property, "a CSS value", node);
  text = json_node_get_string (node);
  /* One value: a second declaration would hide in it */
  if (strchr (text, ';'))
    {
      guint line, column;

      gsk_layer_json_string_position (l->text, l->length, pos, g_utf8_pointer_to_offset (text, strchr (text, ';')),
                                      &line, &column);
      return loader_error (l, line, column, GSK_LAYER_ERROR_SYNTAX, "invalid “%s”: expected one value, not “;”",
                           property);
    }

  declaration = g_strdup_printf ("%s: %s", property, text);
  style = gsk_layer_style_parse_with_base (declaration, l->base_dir, &start, &local_error);
  if (style == NULL)
    return string_value_error (l, pos, property, MAX (start - (glong) strlen (property) - 2, 0),
                               local_error->code, local_error);

  g_value_init (value, G_TYPE_STRING);
  g_value_set_string (value, text);
  return TRUE;
}

/* }}} */
/* {{{ Loading */

static GskLayerContent *
load_image_data (Loader          *l,
                 JsonNode        *node,
                 GskLayerJsonPos *pos)
{
  GskLayerContent *content;
  cairo_surface_t *surface;
  GError *local_error = NULL;

  if (!node_holds (node, G_TYPE_STRING) || !g_str_has_prefix (json_node_get_string (node), PNG_DATA_URI))
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                   "“data” must be a data: URI of a PNG image (%s…)", PNG_DATA_URI);
      return NULL;
    }

  surface = gsk_layer_png_data_uri_decode (json_node_get_string (node), &local_error);
  if (surface == NULL)
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“data”%s %s",
                   g_str_has_prefix (local_error->message, "not a PNG") ? " is" : ":", local_error->message);
      g_error_free (local_error);
      return NULL;
    }
  content = gsk_layer_image_content_new (surface);
  cairo_surface_destroy (surface);

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
gboolean
gsk_layer_scene_type_is_supported (GType type)
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
             type == GDK_TYPE_RGBA || type == GSK_TYPE_LAYER_STYLE || type == GSK_TYPE_LAYER_PATH;
    case G_TYPE_OBJECT:
    case G_TYPE_INTERFACE:
      return g_type_is_a (type, GSK_TYPE_LAYER_CONTENT) || g_type_is_a (type, GSK_TYPE_LAYER_LAYOUT_MANAGER);
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

GObject *
gsk_layer_scene_load_object (Loader             *l,
                             JsonNode           *node,
                             GskLayerJsonPos    *pos,
                             GType               base,
                             const char         *what,
                             const char * const *skip)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GArray) values = g_array_new (FALSE, TRUE, sizeof (GValue));
  GObjectClass *klass;
  GObject *object = NULL;
  GType type;
  guint i;

  type = gsk_layer_scene_load_type (l, node, pos, base, what);
  if (type == G_TYPE_INVALID)
    return NULL;

  g_array_set_clear_func (values, (GDestroyNotify) g_value_unset);
  klass = g_type_class_ref (type);
  for (i = 0; i < pos->items->len; i++)
    {
      GskLayerJsonPos *item = g_ptr_array_index (pos->items, i);
      JsonNode *member = gsk_layer_scene_child_node (l, node, pos, i);
      GValue v = G_VALUE_INIT;
      GParamSpec *pspec;

      if (member == NULL)
        goto out;
      if (g_str_equal (item->key, "type") || (skip && g_strv_contains (skip, item->key)))
        continue;
      pspec = g_object_class_find_property (klass, item->key);
      if (pspec == NULL || !g_str_equal (pspec->name, item->key) || !(pspec->flags & G_PARAM_WRITABLE) ||
          G_TYPE_IS_OBJECT (pspec->value_type))
        {
          gsk_layer_scene_key_error (l, item, GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "%s has no property “%s”",
                                     g_type_name (type), item->key);
          goto out;
        }
      if (!gsk_layer_scene_parse_value (l, pspec, member, item, &v))
        {
          if (G_IS_VALUE (&v))
            g_value_unset (&v);
          goto out;
        }
      g_ptr_array_add (names, (gpointer) pspec->name);
      g_array_append_val (values, v);
    }
  object = g_object_new_with_properties (type, names->len, (const char **) names->pdata,
                                         (const GValue *) values->data);

out:
  g_type_class_unref (klass);
  return object;
}

/* A layout manager: {"type": "GskLayerBoxLayout", "spacing": 8, …} */
static GskLayerLayoutManager *
load_layout_manager (Loader          *l,
                     JsonNode        *node,
                     GskLayerJsonPos *pos)
{
  GObject *manager;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      wrong_kind (l, pos, "layout-manager", "a layout manager", node);
      return NULL;
    }

  /* GSK's own, known by name without their get_type() called first */
  g_type_ensure (GSK_TYPE_LAYER_BOX_LAYOUT);
  g_type_ensure (GSK_TYPE_LAYER_BIN_LAYOUT);
  g_type_ensure (GSK_TYPE_LAYER_FLOW_LAYOUT);
  g_type_ensure (GSK_TYPE_LAYER_FIXED_LAYOUT);
  g_type_ensure (GSK_TYPE_LAYER_GRID_LAYOUT);
  manager = gsk_layer_scene_load_object (l, node, pos, GSK_TYPE_LAYER_LAYOUT_MANAGER, "layout manager", NULL);

  return manager ? GSK_LAYER_LAYOUT_MANAGER (manager) : NULL;
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
      if (g_type_is_a (type, GSK_TYPE_LAYER_LAYOUT_MANAGER))
        {
          GskLayerLayoutManager *manager = load_layout_manager (l, node, pos);

          if (manager == NULL)
            return FALSE;
          g_value_take_object (value, manager);
          break;
        }
      if ((content = load_content (l, node, pos)) == NULL)
        return FALSE;
      if (!g_type_is_a (G_OBJECT_TYPE (content), type))
        {
          value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“%s” cannot be a %s",
                       name, G_OBJECT_TYPE_NAME (content));
          g_object_unref (content);
          return FALSE;
        }
      g_value_take_object (value, content);
      break;

    case G_TYPE_BOXED:
      if (type == GSK_TYPE_LAYER_TRANSFORM)
        {
          GskLayerTransform *transform;

          if (!parse_transform (l, node, pos, name, &transform))
            return FALSE;
          g_value_take_boxed (value, transform);
        }
      else if (type == GSK_TYPE_LAYER_STYLE)
        {
          GskLayerStyle *style;

          if (!parse_style (l, node, pos, name, &style))
            return FALSE;
          g_value_take_boxed (value, style);
        }
      else if (type == GSK_TYPE_LAYER_PATH)
        {
          GskLayerPath *path;

          if (!parse_path (l, node, pos, name, &path))
            return FALSE;
          g_value_take_boxed (value, path);
        }
      else if (type == GDK_TYPE_RGBA)
        {
          GdkRGBA color;

          if (!parse_color (l, node, pos, name, &color))
            return FALSE;
          g_value_set_boxed (value, &color);
        }
      else if (!parse_floats (l, node, pos, name, type == GRAPHENE_TYPE_POINT3D ? 3 : 2,
                              /* A preferred size of -1 on an axis sets none there */
                              type == GRAPHENE_TYPE_SIZE && !g_str_equal (name, "preferred-size"), v))
        return FALSE;
      else if (type == GRAPHENE_TYPE_POINT)
        g_value_set_boxed (value, &GRAPHENE_POINT_INIT (v[0], v[1]));
      else if (type == GRAPHENE_TYPE_SIZE)
        g_value_set_boxed (value, &GRAPHENE_SIZE_INIT (v[0], v[1]));
      else if (g_str_equal (name, "rotate-axis") && v[0] == 0.f && v[1] == 0.f && v[2] == 0.f)
        return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“rotate-axis” cannot be [0, 0, 0]: it has no direction");
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

static cairo_status_t
png_write (void                *closure,
           const unsigned char *data,
           unsigned int         length)
{
  g_byte_array_append (closure, data, length);

  return CAIRO_STATUS_SUCCESS;
}


void
gsk_layer_scene_add_object_properties (Saver       *s,
                                       JsonBuilder *builder,
                                       GObject     *object)
{
  GObject *fresh = g_object_new (G_OBJECT_TYPE (object), NULL);
  GParamSpec **pspecs;
  guint n, i;

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (object), &n);
  for (i = 0; i < n; i++)
    {
      GValue value = G_VALUE_INIT, initial = G_VALUE_INIT;

      if ((pspecs[i]->flags & G_PARAM_READWRITE) != G_PARAM_READWRITE ||
          !gsk_layer_scene_type_is_supported (pspecs[i]->value_type) ||
          G_TYPE_IS_OBJECT (pspecs[i]->value_type))
        continue;
      g_value_init (&value, pspecs[i]->value_type);
      g_value_init (&initial, pspecs[i]->value_type);
      g_object_get_property (object, pspecs[i]->name, &value);
      g_object_get_property (fresh, pspecs[i]->name, &initial);
      if (g_param_values_cmp (pspecs[i], &value, &initial) != 0)
        {
          json_builder_set_member_name (builder, pspecs[i]->name);
          gsk_layer_scene_add_value (s, builder, &value);
        }
      g_value_unset (&value);
      g_value_unset (&initial);
    }
  g_free (pspecs);
  g_object_unref (fresh);
}

/* A layout manager as load_layout_manager() reads it */
static void
add_layout_manager (Saver                 *s,
                    JsonBuilder           *builder,
                    GskLayerLayoutManager *manager)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, G_OBJECT_TYPE_NAME (manager));
  gsk_layer_scene_add_object_properties (s, builder, G_OBJECT (manager));
  json_builder_end_object (builder);
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
      if (GSK_IS_LAYER_LAYOUT_MANAGER (g_value_get_object (value)))
        add_layout_manager (s, builder, g_value_get_object (value));
      else
        add_content (s, builder, g_value_get_object (value));
      break;
    case G_TYPE_BOXED:
      if (type == GSK_TYPE_LAYER_PATH)
        {
          if (g_value_get_boxed (value) == NULL)
            {
              json_builder_add_null_value (builder);
              break;
            }
          text = gsk_layer_path_to_string (g_value_get_boxed (value));
          json_builder_add_string_value (builder, text);
          g_free (text);
          break;
        }
      if (type == GSK_TYPE_LAYER_TRANSFORM || type == GDK_TYPE_RGBA || type == GSK_TYPE_LAYER_STYLE)
        {
          if (type == GSK_TYPE_LAYER_TRANSFORM)
            text = gsk_layer_transform_to_string (g_value_get_boxed (value));
          else if (type == GSK_TYPE_LAYER_STYLE)
            text = gsk_layer_style_to_string (g_value_get_boxed (value));
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

/* }}} */
