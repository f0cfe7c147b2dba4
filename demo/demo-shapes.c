/* Shapes and paths
 *
 * Progress rings drawing themselves on (shape layers whose stroke-end
 * animates), a check mark drawn on and off again, marching ants (a
 * dash offset that animates), a photo-like card revealed by a circle
 * clip path that grows and shrinks, a dot that follows a curve (CSS
 * Motion Path), facing along it, a card seen through a round lens that
 * slides over it (a mask layer) with its live reflection under it (a
 * clone, faded by a gradient mask). Everything loops; nothing is drawn
 * by hand each frame.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "demos.h"

static const char ring_data[] = "M 40 8 A 32 32 0 1 1 39.99 8";

/* A property that goes back and forth for ever */
static void
loop (GskLayer   *layer,
      const char *property,
      GValue     *from,
      GValue     *to,
      guint       duration)
{
  GskLayerTransition *transition = gsk_layer_property_transition_new_for_type (G_OBJECT_TYPE (layer), property, NULL);

  gsk_layer_property_transition_set_from_value (GSK_LAYER_PROPERTY_TRANSITION (transition), from);
  gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), to);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (transition), duration);
  gsk_layer_timeline_set_repeat_count (GSK_LAYER_TIMELINE (transition), -1);
  gsk_layer_timeline_set_auto_reverse (GSK_LAYER_TIMELINE (transition), TRUE);
  gsk_layer_add_transition (layer, property, transition);
  g_object_unref (transition);
  g_value_unset (from);
  g_value_unset (to);
}

static void
loop_float (GskLayer   *layer,
            const char *property,
            float       from,
            float       to,
            guint       duration)
{
  GValue a = G_VALUE_INIT, b = G_VALUE_INIT;

  g_value_set_float (g_value_init (&a, G_TYPE_FLOAT), from);
  g_value_set_float (g_value_init (&b, G_TYPE_FLOAT), to);
  loop (layer, property, &a, &b, duration);
}

static void
loop_style (GskLayer   *layer,
            const char *from,
            const char *to,
            guint       duration)
{
  GValue a = G_VALUE_INIT, b = G_VALUE_INIT;

  g_value_take_boxed (g_value_init (&a, GSK_TYPE_LAYER_STYLE), gsk_layer_style_new_from_string (from, NULL));
  g_value_take_boxed (g_value_init (&b, GSK_TYPE_LAYER_STYLE), gsk_layer_style_new_from_string (to, NULL));
  loop (layer, "style", &a, &b, duration);
}

static GskLayer *
shape (GskLayerPath  *path,
       float          x,
       float          y,
       float          size,
       const GdkRGBA *stroke,
       float          width)
{
  GskLayer *layer = gsk_layer_shape_new (path);

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (size, size));
  g_object_set (layer, "fill-color", &(GdkRGBA) { 0, 0, 0, 0 }, "stroke-color", stroke,
                "stroke-width", width, "line-cap", GSK_LAYER_LINE_CAP_ROUND,
                "line-join", GSK_LAYER_LINE_JOIN_ROUND, NULL);
  return layer;
}

GtkWidget *
demo_shapes_new (void)
{
  static const GdkRGBA colors[] = {
    { 0.21f, 0.52f, 0.89f, 1 }, { 0.18f, 0.76f, 0.49f, 1 }, { 0.96f, 0.83f, 0.18f, 1 }, { 0.88f, 0.11f, 0.14f, 1 },
  };
  GskLayer *root = gsk_layer_new ();
  GskLayerPath *ring = gsk_layer_path_parse (ring_data, NULL);
  GskLayerPath *check = gsk_layer_path_parse ("M 14 42 L 32 60 L 66 22", NULL);
  GskLayerPath *frame = gsk_layer_path_parse ("M 6 6 H 154 V 74 H 6 Z", NULL);
  GskLayerPath *wave = gsk_layer_path_parse ("M 0 60 C 120 -30 200 150 320 60", NULL);
  GskLayer *layer, *dot, *track;
  GtkWidget *view;
  g_autofree char *style_from = NULL, *style_to = NULL;
  int i;

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.98f, 0.98f, 0.97f, 1 });

  /* Four rings, each filling at its own pace over a grey track */
  for (i = 0; i < 4; i++)
    {
      layer = shape (ring, 24 + i * 100, 24, 80, &(GdkRGBA) { 0.87f, 0.87f, 0.85f, 1 }, 10);
      gsk_layer_add_child (root, layer);
      layer = shape (ring, 24 + i * 100, 24, 80, &colors[i], 10);
      gsk_layer_shape_set_stroke_end (GSK_LAYER_SHAPE (layer), 0);
      gsk_layer_set_accessible_role (layer, GTK_ACCESSIBLE_ROLE_PROGRESS_BAR);
      gsk_layer_add_child (root, layer);
      loop_float (layer, "stroke-end", 0, 1, 1200 + 500 * i);
    }

  /* A check mark drawn on, and back */
  layer = shape (check, 440, 24, 80, &(GdkRGBA) { 0.15f, 0.64f, 0.41f, 1 }, 10);
  gsk_layer_add_child (root, layer);
  loop_float (layer, "stroke-end", 0, 1, 900);

  /* Marching ants round a frame */
  layer = shape (frame, 24, 130, 160, &(GdkRGBA) { 0.14f, 0.12f, 0.19f, 1 }, 3);
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (160, 80));
  g_object_set (layer, "dash", "10 6", "line-cap", GSK_LAYER_LINE_CAP_BUTT, NULL);
  gsk_layer_add_child (root, layer);
  loop_float (layer, "dash-offset", 0, 32, 1000);

  /* A card that a circle reveals */
  layer = gsk_layer_new ();
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (210, 120));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (160, 100));
  gsk_layer_add_child (root, layer);
  loop_style (layer,
              "background-image: linear-gradient(135deg, #f66151, #c061cb 60%, #3584e4); border-radius: 12px; "
              "clip-path: circle(6% at 30% 40%)",
              "background-image: linear-gradient(135deg, #f66151, #c061cb 60%, #3584e4); border-radius: 12px; "
              "clip-path: circle(75% at 30% 40%)", 1600);

  /* A dot that follows a curve, facing along it */
  track = gsk_layer_shape_new (wave);
  gsk_layer_set_position (track, &GRAPHENE_POINT_INIT (24, 240));
  gsk_layer_set_size (track, &GRAPHENE_SIZE_INIT (340, 120));
  g_object_set (track, "fill-color", &(GdkRGBA) { 0, 0, 0, 0 }, "stroke-color", &(GdkRGBA) { 0.6f, 0.6f, 0.6f, 1 },
                "dash", "4 6", NULL);
  gsk_layer_add_child (root, track);

  dot = gsk_layer_new ();
  /* Its centre on the track's start: the path is in its own coordinates */
  gsk_layer_set_position (dot, &GRAPHENE_POINT_INIT (24 - 14, 240 + 60 - 9));
  gsk_layer_set_size (dot, &GRAPHENE_SIZE_INIT (28, 18));
  gsk_layer_add_child (root, dot);
  style_from = g_strdup_printf ("background-color: #e66100; border-radius: 4px 9px 9px 4px; "
                                "offset-path: path('M 14 9 %s'); offset-distance: 0%%",
                                "C 134 -81 214 99 334 9");
  style_to = g_strdup_printf ("background-color: #e66100; border-radius: 4px 9px 9px 4px; "
                              "offset-path: path('M 14 9 %s'); offset-distance: 100%%",
                              "C 134 -81 214 99 334 9");
  loop_style (dot, style_from, style_to, 2400);

  /* A card seen through a sliding lens, and its reflection */
  {
    GskLayer *card = gsk_layer_new ();
    GskLayer *lens = gsk_layer_new ();
    GskLayer *reflection;
    GskLayerTransform *flip = NULL;
    GValue a = G_VALUE_INIT, b = G_VALUE_INIT;

    gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (390, 130));
    gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (150, 90));
    gsk_layer_set_style_from_string (card, "background-image: linear-gradient(45deg, #1c71d8, #2ec27e 50%, #f5c211)",
                                     NULL);
    for (i = 0; i < 4; i++)
      {
        layer = gsk_layer_new ();
        gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (12 + i * 34, 20 + (i % 2) * 22));
        gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (24, 24));
        gsk_layer_set_background_color (layer, &colors[3 - i]);
        gsk_layer_set_corner_radius (layer, 6);
        gsk_layer_add_child (card, layer);
      }
    gsk_layer_set_size (lens, &GRAPHENE_SIZE_INIT (70, 70));
    gsk_layer_set_background_color (lens, &(GdkRGBA) { 0, 0, 0, 1 });
    gsk_layer_set_corner_radius (lens, 35);
    gsk_layer_set_mask (card, lens);
    gsk_layer_add_child (root, card);
    g_value_set_boxed (g_value_init (&a, GRAPHENE_TYPE_POINT), &GRAPHENE_POINT_INIT (-10, 10));
    g_value_set_boxed (g_value_init (&b, GRAPHENE_TYPE_POINT), &GRAPHENE_POINT_INIT (90, 10));
    loop (lens, "position", &a, &b, 2000);

    reflection = gsk_layer_clone_new (card);
    gsk_layer_set_position (reflection, &GRAPHENE_POINT_INIT (390, 224));
    gsk_layer_set_size (reflection, &GRAPHENE_SIZE_INIT (150, 90));
    gsk_layer_transform_parse ("scale(1, -1)", &flip, NULL);
    gsk_layer_set_transform (reflection, flip);
    gsk_layer_transform_unref (flip);
    gsk_layer_set_style_from_string (reflection, "mask-image: linear-gradient(transparent 40%, rgba(0,0,0,0.6))",
                                     NULL);
    gsk_layer_add_child (root, reflection);
  }

  gsk_layer_path_unref (ring);
  gsk_layer_path_unref (check);
  gsk_layer_path_unref (frame);
  gsk_layer_path_unref (wave);

  view = gsk_layer_view_new (root);
  gtk_widget_set_size_request (view, 560, 380);
  return view;
}
