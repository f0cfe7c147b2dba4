/* hello-layers.c: build a small tree of layers and render it to a PNG
 *
 * A subclass draws its content with cairo once; a parent's perspective
 * turns its children in 3D; a translucent group fades as one.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gsklayer.h>

/* A layer that draws a ring. draw() runs once, then GSK reuses the
 * result every frame until the content is invalidated. */
#define HELLO_TYPE_RING (hello_ring_get_type ())
G_DECLARE_FINAL_TYPE (HelloRing, hello_ring, HELLO, RING, GskLayer)

struct _HelloRing
{
  GskLayer parent_instance;
};

G_DEFINE_FINAL_TYPE (HelloRing, hello_ring, GSK_TYPE_LAYER)

static void
hello_ring_draw (GskLayer *layer,
                 cairo_t  *cr)
{
  graphene_size_t size;

  gsk_layer_get_size (layer, &size);
  cairo_arc (cr, size.width / 2, size.height / 2, MIN (size.width, size.height) / 2 - 8, 0, 2 * G_PI);
  cairo_set_line_width (cr, 12);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke (cr);
}

static void
hello_ring_class_init (HelloRingClass *klass)
{
  GSK_LAYER_CLASS (klass)->draw = hello_ring_draw;
}

static void
hello_ring_init (HelloRing *self)
{
}

static GskLayer *
card_new (float       x,
          const char *color,
          const char *transform)
{
  GskLayer *card = gsk_layer_new ();
  GskLayerTransform *t = NULL;
  GdkRGBA rgba;

  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (x, 60));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (120, 120));
  gdk_rgba_parse (&rgba, color);
  gsk_layer_set_background_color (card, &rgba);
  gsk_layer_transform_parse (transform, &t, NULL);
  gsk_layer_set_transform (card, t);
  g_clear_pointer (&t, gsk_layer_transform_unref);

  return card;
}

int
main (int    argc,
      char **argv)
{
  const char *output = argc > 1 ? argv[1] : "hello-layers.png";
  GskLayer *root, *ring;
  GskLayerTransform *perspective = NULL;
  GskLayerRenderer *renderer;
  cairo_surface_t *image;
  GdkRGBA background;

  root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (480, 240));
  gdk_rgba_parse (&background, "#241f31");
  gsk_layer_set_background_color (root, &background);

  /* Children of root share one vanishing point at root's center */
  gsk_layer_transform_parse ("perspective(500px)", &perspective, NULL);
  gsk_layer_set_child_transform (root, perspective);
  gsk_layer_transform_unref (perspective);

  gsk_layer_add_child (root, card_new (40, "#e01b24", "rotateY(40deg)"));
  gsk_layer_add_child (root, card_new (180, "#3584e4", "none"));
  gsk_layer_add_child (root, card_new (320, "#33d17a", "rotateY(-40deg)"));

  ring = g_object_new (HELLO_TYPE_RING, NULL);
  gsk_layer_set_position (ring, &GRAPHENE_POINT_INIT (180, 60));
  gsk_layer_set_size (ring, &GRAPHENE_SIZE_INIT (120, 120));
  gsk_layer_set_opacity (ring, 0.7f);
  gsk_layer_add_child (root, ring);

  renderer = gsk_layer_software_renderer_new ();
  image = gsk_layer_renderer_render_to_surface (renderer, root, 480, 240);
  cairo_surface_write_to_png (image, output);
  g_print ("Wrote %s\n", output);

  cairo_surface_destroy (image);
  g_object_unref (renderer);
  g_object_unref (root);

  return 0;
}
