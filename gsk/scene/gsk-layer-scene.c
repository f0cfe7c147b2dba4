/* gsk-layer-scene.c: layer trees in JSON files
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-scene-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-renderer-private.h"

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
 * `my_card_layer_get_type()`), if the program exports its symbols; only
 * names shaped like type names are looked up, only in the program
 * itself (never its libraries), and the answer counts only if a type of
 * that name is registered then. Types in libraries must be registered
 * before loading, with g_type_ensure(). A
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
 * kept.
 *
 * A scene file is untrusted input, as a web page is: a file from anyone
 * may be loaded, and all it can do is describe layers. It calls no code
 * but the `…_get_type()` functions of the program's own types, as
 * above, and the constructors and property setters of #GskLayer types.
 * It cannot make GSK use more than its limits allow: a scene of at most
 * %GSK_LAYER_MAX_SURFACE_SIZE a side and %GSK_LAYER_MAX_SURFACE_PIXELS
 * in all, images of the same size, layers nested
 * %GSK_LAYER_MAX_DEPTH deep, and numbers within
 * %GSK_LAYER_MAX_COORDINATE (positions, sizes, transforms) or the
 * property's own range; anything beyond is an error with its position.
 * The fuzzers in `tests/fuzz/` hold the loader to this.
 *
 * Since: 0.1
 */

G_DEFINE_FINAL_TYPE (GskLayerScene, gsk_layer_scene, G_TYPE_OBJECT)

/* Short names for what gsk-layer-scene-private.h shares */
#define rgba_is_valid gsk_layer_scene_rgba_is_valid

/* The id of a loaded layer lives on the layer, so that it survives
 * changes to the tree and is written back when saving */
GQuark
gsk_layer_scene_id_quark (void)
{
  static GQuark quark;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("gsk-layer-scene-id");

  return quark;
}

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
  g_return_val_if_fail (gsk_layer_surface_size_is_allowed (width, height), NULL);

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
  self = gsk_layer_scene_load_text (data ? data : "", length, name ? name : "<data>", cwd, error);
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
  self = gsk_layer_scene_load_text (text, length, path, dir, error);
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

  return gsk_layer_scene_save_text (self, self->base_dir, length);
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
  text = gsk_layer_scene_save_text (self, dir, &length);

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
 * Gets the top layer of @self: the `root` of its scene file, or the
 * layer it was created with by [ctor@LayerScene.new].
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

  /* Pre-order, masks' trees too; the tree may have changed since
   * loading, so no table of ids could be trusted */
  {
    g_autoptr (GPtrArray) stack = g_ptr_array_new ();

    g_ptr_array_add (stack, self->root);
    while (stack->len > 0)
      {
        GskLayer *child;

        layer = g_ptr_array_steal_index (stack, stack->len - 1);
        if (g_strcmp0 (g_object_get_qdata (G_OBJECT (layer), gsk_layer_scene_id_quark ()), id) == 0)
          return layer;
        for (child = gsk_layer_get_last_child (layer); child != NULL; child = gsk_layer_get_previous_sibling (child))
          g_ptr_array_add (stack, child);
        if (gsk_layer_get_mask (layer) != NULL)
          g_ptr_array_add (stack, gsk_layer_get_mask (layer));
      }
  }

  return NULL;
}

/* }}} */
