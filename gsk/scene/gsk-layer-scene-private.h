/* gsk-layer-scene-private.h: what the scene loader shares with the
 * parts of the format that live in their own files
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "gsk-layer-scene.h"
#include "gsk-layer-json-scanner-private.h"

G_BEGIN_DECLS

struct _GskLayerScene
{
  GObject parent_instance;

  GskLayer *root;
  int width;
  int height;
  GdkRGBA background;

  /* Where relative image paths of the file started, so that saving
   * writes them back the same way; NULL: the current directory */
  char *base_dir;

  /* Of GskLayerSceneAnimation, as the file gave them; NULL if none */
  GPtrArray *animations;
};

typedef struct
{
  const char *name;     /* of the text, for messages */
  const char *text;
  gsize length;
  const char *base_dir; /* relative image paths start here */
  GHashTable *ids;      /* the ids seen so far (borrowed strings) */
  GHashTable *images;   /* absolute path → GskLayerContent */
  GError **error;
  /* Layers' "constraints", read once every id is known: of
   * GskLayerScenePendingConstraints */
  GArray *constraints;
  /* Clones' "source" ids, read once every id is known: of
   * GskLayerScenePendingConstraints (the node a string) */
  GArray *clone_sources;
} GskLayerSceneLoader;

typedef struct
{
  GskLayer *layer;      /* not a reference: the tree holds it */
  JsonNode *node;       /* the array */
  GskLayerJsonPos *pos;
} GskLayerScenePendingConstraints;

typedef struct
{
  GHashTable *prototypes;  /* GType → a new layer of that type */
  GHashTable *ids;         /* the ids written so far */
  char *base_dir;          /* image paths are written relative to this */
} GskLayerSceneSaver;

/* Sets the loader's error, once, with the position prefix; returns
 * FALSE, for the convenience of callers */
gboolean gsk_layer_scene_loader_error (GskLayerSceneLoader *l,
                                       guint                line,
                                       guint                column,
                                       GskLayerError        code,
                                       const char          *format,
                                       ...) G_GNUC_PRINTF (5, 6);

#define gsk_layer_scene_value_error(l, pos, code, ...) \
  gsk_layer_scene_loader_error ((l), (pos)->line, (pos)->column, (code), __VA_ARGS__)
#define gsk_layer_scene_key_error(l, pos, code, ...) \
  gsk_layer_scene_loader_error ((l), (pos)->key_line, (pos)->key_column, (code), __VA_ARGS__)

static inline gboolean
gsk_layer_scene_node_holds (JsonNode *node,
                            GType     type)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

static inline gboolean
gsk_layer_scene_node_get_number (JsonNode *node,
                                 double   *number)
{
  if (gsk_layer_scene_node_holds (node, G_TYPE_INT64))
    *number = json_node_get_int (node);
  else if (gsk_layer_scene_node_holds (node, G_TYPE_DOUBLE))
    *number = json_node_get_double (node);
  else
    return FALSE;

  return TRUE;
}

/* The JsonNode of @pos's @i'th item, or NULL with an error */
JsonNode *gsk_layer_scene_child_node (GskLayerSceneLoader *l,
                                      JsonNode            *node,
                                      GskLayerJsonPos     *pos,
                                      guint                i);

/* “@name” must be @expected, not <what @node is>; returns FALSE */
gboolean gsk_layer_scene_wrong_kind (GskLayerSceneLoader *l,
                                     GskLayerJsonPos     *pos,
                                     const char          *name,
                                     const char          *expected,
                                     JsonNode            *node);

/* Reads @node as a value of @pspec into @value, which it initializes,
 * with every check that the property would make */
/* Reads @node, the value of the CSS property @property, into @value
 * (a string), checked as the style parser checks it */
gboolean gsk_layer_scene_parse_css_value (GskLayerSceneLoader *l,
                                          const char          *property,
                                          JsonNode            *node,
                                          GskLayerJsonPos     *pos,
                                          GValue              *value);
/* The type the "type" member of @node names: one of @base's, not
 * abstract; @what names it in errors */
GType gsk_layer_scene_load_type (GskLayerSceneLoader *l,
                                 JsonNode            *node,
                                 GskLayerJsonPos     *pos,
                                 GType                base,
                                 const char          *what);

/* A new object of the type @node's "type" names (one of @base's) with
 * the properties its other members give, those named in @skip aside;
 * NULL with the loader's error set */
GObject *gsk_layer_scene_load_object           (GskLayerSceneLoader *l,
                                                JsonNode            *node,
                                                GskLayerJsonPos     *pos,
                                                GType                base,
                                                const char          *what,
                                                const char * const  *skip);
/* Writes the properties of @object that differ from a new one's */
void     gsk_layer_scene_add_object_properties (GskLayerSceneSaver  *s,
                                                JsonBuilder         *builder,
                                                GObject             *object);

/* Adds the constraints the loader met, now that every layer is there:
 * sources by id, or "parent" (gsk-layer-scene-constraints.c) */
gboolean gsk_layer_scene_load_constraints (GskLayerSceneLoader *l,
                                           GskLayerScene       *scene);
/* Writes @layer's constraints, if it has any that a file can name */
void     gsk_layer_scene_save_constraints (GskLayerSceneSaver  *s,
                                           JsonBuilder         *builder,
                                           GskLayer            *layer);

gboolean gsk_layer_scene_parse_value (GskLayerSceneLoader *l,
                                      GParamSpec          *pspec,
                                      JsonNode            *node,
                                      GskLayerJsonPos     *pos,
                                      GValue              *value);

/* Writes @value as gsk_layer_scene_parse_value() reads it */
void gsk_layer_scene_add_value (GskLayerSceneSaver *s,
                                JsonBuilder        *builder,
                                const GValue       *value);

/* The type name of @node's value for messages: "an array", "null"… */
const char *gsk_layer_scene_describe_node (JsonNode *node);

/* Whether every channel of @color lies in [0, 1] */
gboolean gsk_layer_scene_rgba_is_valid (const GdkRGBA *color);

/* Reads a CSS color, or "transparent", as @name's value */
gboolean gsk_layer_scene_parse_color (GskLayerSceneLoader *l,
                                      JsonNode            *node,
                                      GskLayerJsonPos     *pos,
                                      const char          *name,
                                      GdkRGBA             *color);

/* Whether scene files can express values of @type */
gboolean gsk_layer_scene_type_is_supported (GType type);

/* gsk-layer-scene.c */

/* Where a loaded layer keeps its id, as a string */
GQuark gsk_layer_scene_id_quark (void);

/* gsk-layer-scene-loader.c */

/* Reads the scene in @text, calling it @name in messages, with relative
 * image paths below @base_dir; NULL with an error */
GskLayerScene *gsk_layer_scene_load_text (const char  *text,
                                          gsize        length,
                                          const char  *name,
                                          const char  *base_dir,
                                          GError     **error);

/* gsk-layer-scene-saver.c */

/* The text of @self as a scene file, with image paths relative to
 * @base_dir (NULL: the current directory) where they lie below it */
char *gsk_layer_scene_save_text (GskLayerScene *self,
                                 const char    *base_dir,
                                 gsize         *length);

/* gsk-layer-scene-animations.c */

typedef struct _GskLayerSceneAnimation GskLayerSceneAnimation;

void gsk_layer_scene_animation_free (GskLayerSceneAnimation *animation);

/* Reads the top-level "animations" array at @node; the layers of @self
 * are loaded. Returns the array (perhaps empty), or NULL with an error. */
GPtrArray *gsk_layer_scene_load_animations (GskLayerSceneLoader *l,
                                            GskLayerScene       *self,
                                            JsonNode            *node,
                                            GskLayerJsonPos     *pos);

/* Writes the "animations" member, if there is anything to write: the
 * animations whose target was written */
void gsk_layer_scene_save_animations (GskLayerSceneSaver *s,
                                      GskLayerScene      *self,
                                      JsonBuilder        *builder);

G_END_DECLS
