/* animate-frames.c: an implicit animation on a manual clock, rendered
 * frame by frame to PNG files
 *
 * Three cards under one perspective and a label. Inside an easing
 * state of 400 ms (ease-in-out-cubic), the cards turn and the label
 * fades in; a manual clock moves 100 ms per frame, and each frame is
 * written to PREFIX-N.png. examples/python/animate-frames.py does the
 * same through GObject introspection, and the tests check that the two
 * write the same files.
 *
 * Usage: animate-frames [PREFIX]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gsklayer.h>

static GskLayer *
card_new (float       x,
          const char *color)
{
  GskLayer *card = gsk_layer_new ();
  GdkRGBA rgba;

  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (x, 50));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_set_corner_radius (card, 12);
  gdk_rgba_parse (&rgba, color);
  gsk_layer_set_background_color (card, &rgba);

  return card;
}

int
main (int    argc,
      char **argv)
{
  static const char *colors[] = { "#e01b24", "#3584e4", "#33d17a" };
  static const char *turns[] = { "rotateY(50deg)", "rotateX(30deg)", "rotateY(-50deg)" };
  const char *prefix = argc > 1 ? argv[1] : "animate-frames";
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root, *label, *cards[3];
  GskLayerTransform *t = NULL;
  GdkRGBA background;
  int i, frame;

  root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (400, 200));
  gdk_rgba_parse (&background, "#241f31");
  gsk_layer_set_background_color (root, &background);
  gsk_layer_transform_parse ("perspective(500px)", &t, NULL);
  gsk_layer_set_child_transform (root, t);
  gsk_layer_transform_unref (t);
  gsk_layer_set_frame_clock (root, clock);

  for (i = 0; i < 3; i++)
    {
      cards[i] = card_new (30 + 120 * i, colors[i]);
      gsk_layer_add_child (root, cards[i]);
    }
  label = gsk_layer_text_new ("Turning");
  gsk_layer_text_set_font (GSK_LAYER_TEXT (label), "Sans Bold 16");
  gsk_layer_text_set_color (GSK_LAYER_TEXT (label), &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (20, 165));
  gsk_layer_set_opacity (label, 0);
  gsk_layer_add_child (root, label);

  /* Everything set inside the easing state animates */
  for (i = 0; i < 3; i++)
    {
      t = NULL;
      gsk_layer_save_easing_state (cards[i]);
      gsk_layer_set_easing_duration (cards[i], 400);
      gsk_layer_set_easing_mode (cards[i], GSK_LAYER_EASING_EASE_IN_OUT_CUBIC);
      gsk_layer_transform_parse (turns[i], &t, NULL);
      gsk_layer_set_transform (cards[i], t);
      gsk_layer_transform_unref (t);
      gsk_layer_restore_easing_state (cards[i]);
    }
  gsk_layer_save_easing_state (label);
  gsk_layer_set_easing_duration (label, 400);
  gsk_layer_set_opacity (label, 1);
  gsk_layer_restore_easing_state (label);

  for (frame = 0; frame <= 4; frame++)
    {
      g_autofree char *path = g_strdup_printf ("%s-%d.png", prefix, frame);
      cairo_surface_t *image;

      gsk_layer_manual_clock_set_time (GSK_LAYER_MANUAL_CLOCK (clock), frame * 100 * 1000);
      image = gsk_layer_renderer_render_to_surface (renderer, root, 400, 200);
      cairo_surface_write_to_png (image, path);
      cairo_surface_destroy (image);
      g_print ("Wrote %s\n", path);
    }

  g_object_unref (root);
  g_object_unref (renderer);
  g_object_unref (clock);

  return 0;
}
