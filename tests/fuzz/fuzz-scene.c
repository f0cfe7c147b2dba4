/* fuzz-scene.c: the scene loader, with a small render and a round trip
 *
 * For each input: load it as a scene file; if it loads, draw it at
 * 64×64 with the software renderer, save it, load the saved text, check
 * that it loads into the same tree (types, children, property values),
 * saves to the same bytes and draws the same pixels.
 * Bad input must give a GError and nothing else: any CRITICAL or
 * WARNING aborts (fuzz-common.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fuzz-common.h"

#define FUZZ_MAX_INPUT (64 * 1024)
#define FRAME_SIZE 64

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_setup ();
  return 0;
}

static cairo_surface_t *
draw (GskLayerScene *scene)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GdkRGBA background;
  cairo_surface_t *image;

  gsk_layer_scene_get_background (scene, &background);
  gsk_layer_renderer_set_clear_color (renderer, &background);
  image = gsk_layer_renderer_render_to_surface (renderer, gsk_layer_scene_get_root (scene),
                                                FRAME_SIZE, FRAME_SIZE);
  g_object_unref (renderer);

  return image;
}

static gboolean
values_same (const GValue *a,
             const GValue *b)
{
  GType type = G_VALUE_TYPE (a);

  if (type == G_TYPE_FLOAT)
    return g_value_get_float (a) == g_value_get_float (b);
  if (type == G_TYPE_DOUBLE)
    return g_value_get_double (a) == g_value_get_double (b);
  if (type == GSK_TYPE_LAYER_TRANSFORM)
    return gsk_layer_transform_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  if (type == GRAPHENE_TYPE_POINT || type == GRAPHENE_TYPE_SIZE ||
      type == GRAPHENE_TYPE_POINT3D || type == GDK_TYPE_RGBA)
    {
      const float *fa = g_value_get_boxed (a), *fb = g_value_get_boxed (b);
      guint n = type == GDK_TYPE_RGBA ? 4 : type == GRAPHENE_TYPE_POINT3D ? 3 : 2;

      if (fa == NULL || fb == NULL)
        return fa == fb;
      for (guint i = 0; i < n; i++)
        if (fa[i] != fb[i])
          return FALSE;
      return TRUE;
    }
  if (G_TYPE_FUNDAMENTAL (type) == G_TYPE_OBJECT || G_TYPE_FUNDAMENTAL (type) == G_TYPE_INTERFACE)
    {
      GObject *oa = g_value_get_object (a), *ob = g_value_get_object (b);

      if (oa == NULL || ob == NULL)
        return oa == ob;
      if (G_OBJECT_TYPE (oa) != G_OBJECT_TYPE (ob))
        return FALSE;
      if (GSK_IS_LAYER_COLOR_CONTENT (oa))
        {
          GdkRGBA ca, cb;

          gsk_layer_color_content_get_color (GSK_LAYER_COLOR_CONTENT (oa), &ca);
          gsk_layer_color_content_get_color (GSK_LAYER_COLOR_CONTENT (ob), &cb);
          return gdk_rgba_equal (&ca, &cb);
        }
      return TRUE;
    }

  /* Boxed types that scene files cannot hold */
  return TRUE;
}

/* load → save → load gives the same tree: the same types, children and
 * property values */
static void
compare_trees (GskLayer   *a,
               GskLayer   *b,
               const char *saved)
{
  GParamSpec **pspecs;
  guint n;

  if (G_OBJECT_TYPE (a) != G_OBJECT_TYPE (b) ||
      gsk_layer_get_n_children (a) != gsk_layer_get_n_children (b))
    {
      fprintf (stderr, "fuzz-scene: the reloaded tree has another shape\n--- saved:\n%s\n", saved);
      abort ();
    }

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (a), &n);
  for (guint i = 0; i < n; i++)
    {
      GValue va = G_VALUE_INIT, vb = G_VALUE_INIT;
      gboolean same;

      if (!(pspecs[i]->flags & G_PARAM_READABLE))
        continue;
      g_value_init (&va, pspecs[i]->value_type);
      g_value_init (&vb, pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (a), pspecs[i]->name, &va);
      g_object_get_property (G_OBJECT (b), pspecs[i]->name, &vb);
      if (G_TYPE_FUNDAMENTAL (pspecs[i]->value_type) == G_TYPE_BOXED ||
          G_TYPE_FUNDAMENTAL (pspecs[i]->value_type) == G_TYPE_OBJECT ||
          G_TYPE_FUNDAMENTAL (pspecs[i]->value_type) == G_TYPE_INTERFACE ||
          G_TYPE_FUNDAMENTAL (pspecs[i]->value_type) == G_TYPE_FLOAT ||
          G_TYPE_FUNDAMENTAL (pspecs[i]->value_type) == G_TYPE_DOUBLE)
        same = values_same (&va, &vb);
      else
        same = g_param_values_cmp (pspecs[i], &va, &vb) == 0;
      if (!same)
        {
          char *sa = g_strdup_value_contents (&va), *sb = g_strdup_value_contents (&vb);

          fprintf (stderr, "fuzz-scene: “%s” of a %s was %s and is %s once saved and reloaded\n"
                   "--- saved:\n%s\n", pspecs[i]->name, G_OBJECT_TYPE_NAME (a), sa, sb, saved);
          abort ();
        }
      g_value_unset (&va);
      g_value_unset (&vb);
    }
  g_free (pspecs);

  for (GskLayer *ca = gsk_layer_get_first_child (a), *cb = gsk_layer_get_first_child (b);
       ca != NULL;
       ca = gsk_layer_get_next_sibling (ca), cb = gsk_layer_get_next_sibling (cb))
    compare_trees (ca, cb, saved);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  GskLayerScene *scene, *reloaded;
  GError *error = NULL;
  char *saved, *saved_again;
  gsize saved_len, saved_again_len;
  cairo_surface_t *image, *image_again;
  int x = 0, y = 0, diff;

  if (size > FUZZ_MAX_INPUT)
    return -1;

  scene = gsk_layer_scene_new_from_data ((const char *) data, size, "fuzz.json", &error);
  if (scene == NULL)
    {
      if (error == NULL || error->message == NULL || error->message[0] == '\0')
        {
          fprintf (stderr, "fuzz-scene: loading failed without a message\n");
          abort ();
        }
      g_error_free (error);
      return 0;
    }
  g_assert (error == NULL);

  image = draw (scene);

  saved = gsk_layer_scene_to_data (scene, &saved_len);
  reloaded = gsk_layer_scene_new_from_data (saved, saved_len, "saved.json", &error);
  if (reloaded == NULL)
    {
      fprintf (stderr, "fuzz-scene: a saved scene does not load: %s\n--- saved:\n%s\n",
               error->message, saved);
      abort ();
    }

  /* Both trees laid out before they are compared: what layout managers
   * and constraints set is derived, and a scene file saves what they
   * start from */
  image_again = draw (reloaded);
  compare_trees (gsk_layer_scene_get_root (scene), gsk_layer_scene_get_root (reloaded), saved);

  saved_again = gsk_layer_scene_to_data (reloaded, &saved_again_len);
  if (saved_len != saved_again_len || memcmp (saved, saved_again, saved_len) != 0)
    {
      fprintf (stderr, "fuzz-scene: load → save → load → save changed the text\n"
               "--- first save:\n%s\n--- second save:\n%s\n", saved, saved_again);
      abort ();
    }

  /* The same tree draws the same pixels */
  diff = fuzz_compare_images (image, image_again, &x, &y);
  if (diff != 0)
    {
      fprintf (stderr, "fuzz-scene: the reloaded scene draws differently (by %d at %d,%d)\n"
               "--- saved:\n%s\n", diff, x, y, saved);
      abort ();
    }

  cairo_surface_destroy (image);
  cairo_surface_destroy (image_again);
  g_free (saved);
  g_free (saved_again);
  g_object_unref (reloaded);
  g_object_unref (scene);

  return 0;
}
