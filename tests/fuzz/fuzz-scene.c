/* fuzz-scene.c: the scene loader, with a small render and a round trip
 *
 * For each input: load it as a scene file; if it loads, draw it at
 * 64×64 with the software renderer, save it, load the saved text, check
 * that it loads, saves to the same bytes and draws the same pixels.
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

  saved_again = gsk_layer_scene_to_data (reloaded, &saved_again_len);
  if (saved_len != saved_again_len || memcmp (saved, saved_again, saved_len) != 0)
    {
      fprintf (stderr, "fuzz-scene: load → save → load → save changed the text\n"
               "--- first save:\n%s\n--- second save:\n%s\n", saved, saved_again);
      abort ();
    }

  /* The same tree draws the same pixels */
  image_again = draw (reloaded);
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
