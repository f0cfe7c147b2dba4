/* gsk-layer-scene-loader.c: reading a scene file into a layer tree,
 * layer types and properties checked before any layer exists
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include <glib.h>
#ifdef G_OS_UNIX
#include <dlfcn.h>
#include <link.h>
#endif
#include <json-glib/json-glib.h>

#include "gsk-layer-scene-private.h"
#include "gsk-layer-grid-layout.h"
#include "gsk-layer-private.h"
#include "gsk-layer-text.h"
#include "gsk-layer-clone.h"
#include "gsk-layer-page-turn.h"
#include "gsk-layer-shape.h"
#include "gsk-layer-style-private.h"
#include "gsk-layer-shape.h"
#include "gsk-layer-json-scanner-private.h"

/* A layer adds two JSON levels (itself and its "children" array) */
#define MAX_LAYER_DEPTH GSK_LAYER_MAX_DEPTH
#define MAX_JSON_DEPTH (2 * MAX_LAYER_DEPTH + 8)

/* Short names for what gsk-layer-scene-private.h shares */
typedef GskLayerSceneLoader Loader;
#define loader_error gsk_layer_scene_loader_error
#define value_error gsk_layer_scene_value_error
#define key_error gsk_layer_scene_key_error
#define node_holds gsk_layer_scene_node_holds
#define child_node gsk_layer_scene_child_node
#define wrong_kind gsk_layer_scene_wrong_kind
#define parse_value gsk_layer_scene_parse_value
#define describe_node gsk_layer_scene_describe_node
#define parse_color gsk_layer_scene_parse_color

/* {{{ Errors */

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
/* {{{ Loading */

#ifdef G_OS_UNIX
typedef struct
{
  gconstpointer address;
  gboolean found;
} FindAddress;

/* The first object dl_iterate_phdr() reports is the program itself */
static int
find_in_program (struct dl_phdr_info *info,
                 size_t               size,
                 gpointer             data)
{
  FindAddress *find = data;
  guintptr address = GPOINTER_TO_SIZE (find->address);

  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW(Phdr) *phdr = &info->dlpi_phdr[i];
      guintptr start = info->dlpi_addr + phdr->p_vaddr;

      if (phdr->p_type == PT_LOAD && (phdr->p_flags & PF_X) &&
          address >= start && address < start + phdr->p_memsz)
        find->found = TRUE;
    }

  return 1;
}
#endif

/* Finds a type that is not registered yet by calling its get_type()
 * function, as GtkBuilder does: GskFooBar → gsk_foo_bar_get_type().
 *
 * A scene file is untrusted input, so this calls nothing but what the
 * program itself exports (not its libraries: "CairoDevice" must not call
 * cairo_device_get_type (device)), for names shaped like GType names
 * (a capital, then letters and digits), and believes the answer only
 * if a type of exactly that name is registered then. */
static GType
type_from_symbol (const char *name)
{
  GType type = G_TYPE_INVALID;
#ifdef G_OS_UNIX
  GType (* get_type) (void);
  FindAddress find = { NULL, FALSE };
  GString *symbol;
  gsize len = strlen (name);

  if (len < 2 || len > 128 || !g_ascii_isupper (name[0]))
    return G_TYPE_INVALID;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isalnum (name[i]))
      return G_TYPE_INVALID;

  symbol = g_string_new (NULL);
  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && g_ascii_isupper (name[i]) &&
          (!g_ascii_isupper (name[i - 1]) || (i + 1 < len && g_ascii_islower (name[i + 1]))))
        g_string_append_c (symbol, '_');
      g_string_append_c (symbol, g_ascii_tolower (name[i]));
    }
  g_string_append (symbol, "_get_type");

  get_type = (GType (*) (void)) dlsym (RTLD_DEFAULT, symbol->str);
  g_string_free (symbol, TRUE);
  if (get_type == NULL)
    return G_TYPE_INVALID;

  find.address = (gconstpointer) get_type;
  dl_iterate_phdr (find_in_program, &find);
  if (!find.found)
    return G_TYPE_INVALID;

  type = get_type ();
  /* A function of that name that registers no such type returned
   * something else: not a type to use */
  if (type == G_TYPE_INVALID || g_type_from_name (name) != type)
    return G_TYPE_INVALID;
#endif

  return type;
}

/* The type @node's "type" names: one of @base's, not abstract; @what
 * names the object in errors ("layer", "layout manager") */
GType
gsk_layer_scene_load_type (Loader          *l,
                           JsonNode        *node,
                           GskLayerJsonPos *pos,
                           GType            base,
                           const char      *what)
{
  guint index_ = gsk_layer_json_pos_find_member (pos, "type");
  JsonNode *member;
  const char *name;
  GskLayerJsonPos *item;
  GType type;

  if (index_ == G_MAXUINT)
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "%s has no “type”", what);

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
  if (!g_type_is_a (type, base))
    return value_error (l, item, GSK_LAYER_ERROR_UNKNOWN_TYPE, "“%s” is not a %s type", name, g_type_name (base));
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

/* "grid-cell": [column, row, column-span, row-span], whole numbers,
 * spans 1 or more, as gsk_layer_grid_layout_attach() takes them */
static gboolean
load_grid_cell (Loader          *l,
                JsonNode        *node,
                GskLayerJsonPos *pos,
                int              cell[4])
{
  if (!JSON_NODE_HOLDS_ARRAY (node) || pos->items->len != 4)
    return wrong_kind (l, pos, "grid-cell", "[column, row, column-span, row-span]", node);
  for (guint i = 0; i < 4; i++)
    {
      JsonNode *element = child_node (l, node, pos, i);
      GskLayerJsonPos *item = g_ptr_array_index (pos->items, i);
      gint64 v;

      if (element == NULL)
        return FALSE;
      if (!node_holds (element, G_TYPE_INT64))
        return wrong_kind (l, item, "grid-cell", "whole numbers", element);
      v = json_node_get_int (element);
      if (v < (i < 2 ? 0 : 1) || v > 65535)
        return value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE,
                            "a grid %s must be between %d and 65535, not %" G_GINT64_FORMAT,
                            i < 2 ? "position" : "span", i < 2 ? 0 : 1, v);
      cell[i] = v;
    }
  if (cell[0] + cell[2] > 65536 || cell[1] + cell[3] > 65536)
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "the cell reaches past the 65536th line");
  return TRUE;
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
                    guint           *children,
                    guint           *mask,
                    guint           *source,
                    guint           *constraints,
                    int              grid_cell[4])
{
  GskLayerJsonPos *text_item = NULL;
  const char *text = NULL;
  gboolean use_markup = FALSE;

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

      if (g_str_equal (item->key, "grid-cell"))
        {
          if (!load_grid_cell (l, member, item, grid_cell))
            return FALSE;
          continue;
        }

      if (g_str_equal (item->key, "constraints"))
        {
          if (!JSON_NODE_HOLDS_ARRAY (member))
            return wrong_kind (l, item, "constraints", "an array of constraints", member);
          *constraints = i;
          continue;
        }

      if (g_str_equal (item->key, "children"))
        {
          if (!JSON_NODE_HOLDS_ARRAY (member))
            return wrong_kind (l, item, "children", "an array of layers", member);
          *children = i;
          continue;
        }

      if (g_str_equal (item->key, "source") && g_type_is_a (G_OBJECT_CLASS_TYPE (klass), GSK_TYPE_LAYER_CLONE))
        {
          if (!node_holds (member, G_TYPE_STRING))
            return wrong_kind (l, item, "source", "the id of a layer", member);
          *source = i;
          continue;
        }

      if (g_str_equal (item->key, "mask"))
        {
          if (!JSON_NODE_HOLDS_OBJECT (member))
            return wrong_kind (l, item, "mask", "a layer", member);
          *mask = i;
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
      /* Gradients are CSS, refused here with their place, not by the
       * setter with a critical */
      if (g_type_is_a (G_OBJECT_CLASS_TYPE (klass), GSK_TYPE_LAYER_SHAPE) && G_VALUE_HOLDS_STRING (&value) &&
          g_value_get_string (&value) != NULL &&
          (g_str_equal (pspec->name, "fill-gradient") || g_str_equal (pspec->name, "stroke-gradient")))
        {
          GskLayerGradient gradient;
          g_autoptr (GError) gradient_error = NULL;

          if (!gsk_layer_gradient_parse (g_value_get_string (&value), &gradient, &gradient_error))
            {
              g_value_unset (&value);
              return value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE, "invalid “%s”: %s", pspec->name,
                                  gradient_error->message);
            }
        }
      g_ptr_array_add (names, (gpointer) pspec->name);
      g_array_append_val (values, value);

      if (g_type_is_a (G_OBJECT_CLASS_TYPE (klass), GSK_TYPE_LAYER_TEXT))
        {
          if (g_str_equal (pspec->name, "text"))
            {
              text_item = item;
              text = g_value_get_string (&g_array_index (values, GValue, values->len - 1));
            }
          else if (g_str_equal (pspec->name, "use-markup"))
            use_markup = g_value_get_boolean (&g_array_index (values, GValue, values->len - 1));
        }
    }

  /* Markup that does not parse is the file's mistake, said where it is,
   * not text shown as written */
  if (use_markup && text != NULL)
    {
      g_autoptr (GError) markup_error = NULL;

      if (!pango_parse_markup (text, -1, 0, NULL, NULL, NULL, &markup_error))
        return value_error (l, text_item, GSK_LAYER_ERROR_INVALID_VALUE,
                            "invalid markup in “text”: %s", markup_error->message);
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
  guint children = G_MAXUINT, constraints = G_MAXUINT, mask = G_MAXUINT, source = G_MAXUINT;
  int grid_cell[4] = { -1, -1, -1, -1 };
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
  if ((type = gsk_layer_scene_load_type (l, node, pos, GSK_TYPE_LAYER, "layer")) == G_TYPE_INVALID)
    return NULL;

  klass = g_type_class_ref (type);
  names = g_ptr_array_new ();
  values = g_array_new (FALSE, TRUE, sizeof (GValue));
  g_array_set_clear_func (values, (GDestroyNotify) g_value_unset);

  /* Everything is read and checked before the layer exists, so that
   * construct-only properties work and no setter sees a bad value */
  if (load_layer_members (l, klass, node, pos, names, values, &id, &children, &mask, &source, &constraints, grid_cell))
    {
      layer = GSK_LAYER (g_object_new_with_properties (type, names->len,
                                                       (const char **) names->pdata,
                                                       (const GValue *) values->data));
      g_object_ref_sink (layer);
      if (grid_cell[0] >= 0)
        g_object_set_data_full (G_OBJECT (layer), "gsk-scene-grid-cell",
                                g_memdup2 (grid_cell, sizeof (int) * 4), g_free);
      if (id)
        {
          g_object_set_qdata_full (G_OBJECT (layer), gsk_layer_scene_id_quark (), g_strdup (id), g_free);
          g_hash_table_add (l->ids, (gpointer) id);
        }
    }

  if (layer && constraints != G_MAXUINT)
    {
      GskLayerScenePendingConstraints pending = {
        layer, child_node (l, node, pos, constraints), g_ptr_array_index (pos->items, constraints)
      };

      g_array_append_val (l->constraints, pending);
    }

  if (layer && source != G_MAXUINT)
    {
      GskLayerScenePendingConstraints pending = {
        layer, child_node (l, node, pos, source), g_ptr_array_index (pos->items, source)
      };

      g_array_append_val (l->clone_sources, pending);
    }

  if (layer && mask != G_MAXUINT)
    {
      GskLayer *mask_layer = load_layer (l, child_node (l, node, pos, mask), g_ptr_array_index (pos->items, mask),
                                         depth + 1);

      if (mask_layer == NULL)
        g_clear_object (&layer);
      else
        {
          gsk_layer_set_mask (layer, mask_layer);
          g_object_unref (mask_layer);
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
          if (g_object_get_data (G_OBJECT (child), "gsk-scene-grid-cell"))
            {
              const int *cell = g_object_get_data (G_OBJECT (child), "gsk-scene-grid-cell");
              GskLayerLayoutManager *grid = gsk_layer_get_layout_manager (layer);

              if (!GSK_IS_LAYER_GRID_LAYOUT (grid))
                {
                  GskLayerJsonPos *child_pos = g_ptr_array_index (children_pos->items, i);

                  value_error (l, child_pos, GSK_LAYER_ERROR_INVALID_VALUE,
                               "“grid-cell” needs a parent laid out by a GskLayerGridLayout");
                  g_object_unref (child);
                  g_clear_object (&layer);
                  break;
                }
              gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), child, cell[0], cell[1], cell[2], cell[3]);
              g_object_set_data (G_OBJECT (child), "gsk-scene-grid-cell", NULL);
            }
          g_object_unref (child);
        }
    }

  g_array_unref (values);
  g_ptr_array_unref (names);
  g_type_class_unref (klass);

  return layer;
}

/* Clones take their sources once every layer is there */
static gboolean
load_clone_sources (Loader        *l,
                    GskLayerScene *scene)
{
  guint i;

  for (i = 0; i < l->clone_sources->len; i++)
    {
      GskLayerScenePendingConstraints *pending = &g_array_index (l->clone_sources, GskLayerScenePendingConstraints, i);
      const char *id = json_node_get_string (pending->node);
      GskLayer *source = gsk_layer_scene_get_layer_by_id (scene, id);

      if (source == NULL)
        return value_error (l, pending->pos, GSK_LAYER_ERROR_INVALID_VALUE, "no layer has the id “%s”", id);
      if (gsk_layer_contains (source, pending->layer))
        return value_error (l, pending->pos, GSK_LAYER_ERROR_INVALID_VALUE,
                            "“%s” holds the clone: a clone cannot show its own ancestor", id);
      gsk_layer_clone_set_source (GSK_LAYER_CLONE (pending->layer), source);
    }
  return TRUE;
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
      if (v <= 0 || v > GSK_LAYER_MAX_SURFACE_SIZE)
        return value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE,
                            "the scene size must be between 1 and %d, not %" G_GINT64_FORMAT,
                            GSK_LAYER_MAX_SURFACE_SIZE, v);
      size[i] = v;
    }

  if ((gint64) size[0] * size[1] > GSK_LAYER_MAX_SURFACE_PIXELS)
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                        "the scene is %d×%d pixels, more than the %d GSK draws",
                        size[0], size[1], GSK_LAYER_MAX_SURFACE_PIXELS);

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
  if (g_object_get_data (G_OBJECT (root), "gsk-scene-grid-cell"))
    {
      value_error (l, root_pos, GSK_LAYER_ERROR_INVALID_VALUE, "the root layer has no parent grid for its “grid-cell”");
      g_object_unref (root);
      return NULL;
    }

  self = g_object_new (GSK_TYPE_LAYER_SCENE, NULL);
  self->root = root;
  self->width = size[0];
  self->height = size[1];
  self->background = background;
  self->base_dir = g_strdup (l->base_dir);

  if (!gsk_layer_scene_load_constraints (l, self) || !load_clone_sources (l, self))
    {
      g_clear_object (&self);
      return NULL;
    }

  if (animations_node)
    {
      self->animations = gsk_layer_scene_load_animations (l, self, animations_node, animations_pos);
      if (self->animations == NULL)
        g_clear_object (&self);
    }

  return self;
}

GskLayerScene *
gsk_layer_scene_load_text (const char  *text,
                           gsize        length,
                           const char  *name,
                           const char  *base_dir,
                           GError     **error)
{
  Loader l = { name, text, length, base_dir, NULL, NULL, error, NULL };
  GskLayerScene *self = NULL;
  GError *local_error = NULL;
  JsonParser *parser;
  GskLayerJsonPos *pos;
  guint line, column;

  pos = gsk_layer_json_scan (text, length, MAX_JSON_DEPTH, &line, &column, &local_error);
  if (pos == NULL && g_str_has_prefix (local_error->message, "values are nested"))
    {
      /* Past what json-glib parses everywhere: say what that means */
      loader_error (&l, line, column, local_error->code, "%s (layers may nest %d deep, two levels each)",
                    local_error->message, MAX_LAYER_DEPTH);
      g_error_free (local_error);
      return NULL;
    }
  if (pos == NULL)
    {
      loader_error (&l, line, column, local_error->code, "%s", local_error->message);
      g_error_free (local_error);
      return NULL;
    }

  /* A program may load a scene before it made any layer; GSK's own
   * layer types are known by name */
  g_type_ensure (GSK_TYPE_LAYER);
  g_type_ensure (GSK_TYPE_LAYER_TEXT);
  g_type_ensure (GSK_TYPE_LAYER_SHAPE);
  g_type_ensure (GSK_TYPE_LAYER_CLONE);
  g_type_ensure (GSK_TYPE_LAYER_PAGE_TURN);

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
      l.constraints = g_array_new (FALSE, FALSE, sizeof (GskLayerScenePendingConstraints));
      l.clone_sources = g_array_new (FALSE, FALSE, sizeof (GskLayerScenePendingConstraints));
      self = load_scene (&l, json_parser_get_root (parser), pos);
      g_array_unref (l.clone_sources);
      g_hash_table_unref (l.ids);
      g_hash_table_unref (l.images);
      g_array_unref (l.constraints);
    }

  g_object_unref (parser);
  gsk_layer_json_pos_free (pos);

  return self;
}

/* }}} */
