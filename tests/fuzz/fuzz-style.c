/* fuzz-style.c: style strings on layers, animated between each other
 *
 * The input is two style strings, split at the first NUL byte (the
 * dictionary holds CSS property names and values), and a byte that
 * places the layer. fuzz-parsers checks that one style parses, prints
 * back and draws; this goes on from there with two: each is set on a
 * layer with children and a backdrop behind, then the layer animates
 * from the first to the second on a manual clock with an easing that
 * overshoots both ends, so that CSS interpolation meets every pair of
 * properties, lengths, colours, shadows, gradients and filter lists,
 * including the ones that cannot interpolate. Every style on screen
 * must print as declarations that parse back; every frame is drawn
 * incrementally with the damage check on, and the last is compared
 * with a frame drawn from scratch by a fresh renderer. A CRITICAL or
 * WARNING from any of it aborts (fuzz-common.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fuzz-common.h"

#define FUZZ_MAX_INPUT 4096
#define FRAME_SIZE 40
/* Per channel, out of 255: rounding, as fuzz-tree allows */
#define TOLERANCE 2

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_setup ();
  return 0;
}

static G_NORETURN void
fail (const char *what,
      const char *a,
      const char *b)
{
  fprintf (stderr, "fuzz-style: %s\n--- from: %s\n--- to: %s\n", what, a, b);
  abort ();
}

static GskLayerStyle *
parse (const char *text)
{
  GError *error = NULL;
  GskLayerStyle *style = gsk_layer_style_new_from_string (text, &error);

  g_clear_error (&error);
  return style;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  gsize length = MIN (size, FUZZ_MAX_INPUT);
  const char *split = memchr (data, '\0', length);
  char *texts[2];
  GskLayerStyle *styles[2];
  GskLayerFrameClock *clock;
  GskLayer *root, *backdrop, *layer;
  GskLayerRenderer *renderer, *fresh;
  cairo_surface_t *target, *image;
  GskLayerEasing *easing = NULL;
  int x = 0, y = 0;

  if (split == NULL)
    return 0;
  texts[0] = g_strndup ((const char *) data, split - (const char *) data);
  texts[1] = g_strndup (split + 1, length - (gsize) (split + 1 - (const char *) data));
  styles[0] = parse (texts[0]);
  styles[1] = parse (texts[1]);
  if (styles[0] == NULL || styles[1] == NULL)
    goto out;

  clock = gsk_layer_manual_clock_new ();
  root = g_object_ref_sink (gsk_layer_new ());
  backdrop = gsk_layer_new ();
  layer = gsk_layer_new ();
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (FRAME_SIZE, FRAME_SIZE));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_frame_clock (root, clock);
  gsk_layer_set_size (backdrop, &GRAPHENE_SIZE_INIT (20, 30));
  gsk_layer_set_background_color (backdrop, &(GdkRGBA) { 0.1f, 0.6f, 0.3f, 1 });
  gsk_layer_add_child (root, backdrop);
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (5 + (length > 1 ? data[length - 1] & 7 : 0), 6));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (24, 18));
  gsk_layer_add_child (layer, gsk_layer_new ());
  gsk_layer_set_size (gsk_layer_get_first_child (layer), &GRAPHENE_SIZE_INIT (30, 6));
  gsk_layer_set_background_color (gsk_layer_get_first_child (layer), &(GdkRGBA) { 0.8f, 0.1f, 0.1f, 0.7f });
  gsk_layer_add_child (root, layer);
  gsk_layer_set_style (layer, styles[0]);

  renderer = gsk_layer_software_renderer_new ();
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, FRAME_SIZE, FRAME_SIZE);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  fuzz_check_damage_error (renderer);

  if (!gsk_layer_easing_parse ("cubic-bezier(0.3, -1.5, 0.7, 2.5)", &easing, NULL))
    abort ();
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 100);
  gsk_layer_set_easing (layer, easing);
  gsk_layer_set_style (layer, styles[1]);
  gsk_layer_restore_easing_state (layer);

  for (int step = 0; step < 6; step++)
    {
      GValue v = G_VALUE_INIT;

      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 20 * 1000);
      if (gsk_layer_get_presentation_value (layer, "style", &v))
        {
          if (g_value_get_boxed (&v) != NULL)
            {
              char *printed = gsk_layer_style_to_string (g_value_get_boxed (&v));
              GskLayerStyle *again = parse (printed);

              if (again == NULL)
                {
                  fprintf (stderr, "fuzz-style: printed: %s\n", printed);
                  fail ("a style on screen does not parse back", texts[0], texts[1]);
                }
              gsk_layer_style_unref (again);
              g_free (printed);
            }
          g_value_unset (&v);
        }
      cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
      fuzz_check_damage_error (renderer);
    }

  fresh = gsk_layer_software_renderer_new ();
  image = gsk_layer_renderer_render_to_surface (fresh, root, FRAME_SIZE, FRAME_SIZE);
  if (fuzz_compare_images (target, image, &x, &y) > fuzz_tolerance (TOLERANCE))
    fail ("the last frame differs from one drawn from scratch", texts[0], texts[1]);
  cairo_surface_destroy (image);
  g_object_unref (fresh);

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  gsk_layer_set_frame_clock (root, NULL);
  gsk_layer_easing_unref (easing);
  g_object_unref (root);
  g_object_unref (clock);

out:
  g_clear_pointer (&styles[0], gsk_layer_style_unref);
  g_clear_pointer (&styles[1], gsk_layer_style_unref);
  g_free (texts[0]);
  g_free (texts[1]);
  return 0;
}
