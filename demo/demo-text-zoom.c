/* Text zoom
 *
 * A paragraph on a layer scaled from 1× to 8× by the slider: GSK lays
 * the glyphs out again at the scale they show at, so the text stays
 * crisp at every size, not a magnified bitmap. Drag the text to move
 * it about.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "demos.h"

static const char paragraph[] =
  "Layers scale as the application asks; text on them is drawn again "
  "for the scale it shows at, with hinting and subpixel positions of its "
  "own, as GTK draws a label.";

typedef struct {
  GskLayer *text;
  graphene_point_t start;
} Zoom;

static void
on_scale_changed (GtkRange *range,
                  Zoom     *zoom)
{
  double s = gtk_range_get_value (range);

  gsk_layer_set_scale (zoom->text, &GRAPHENE_POINT3D_INIT (s, s, 1));
}

static void
on_drag_begin (GskLayerDragGesture *drag,
               double               x,
               double               y,
               Zoom                *zoom)
{
  gsk_layer_get_position (zoom->text, &zoom->start);
}

static void
on_drag_update (GskLayerDragGesture *drag,
                double               dx,
                double               dy,
                Zoom                *zoom)
{
  gsk_layer_set_position (zoom->text, &GRAPHENE_POINT_INIT (zoom->start.x + dx, zoom->start.y + dy));
}

GtkWidget *
demo_text_zoom_new (void)
{
  Zoom *zoom = g_new0 (Zoom, 1);
  GskLayer *root = gsk_layer_new ();
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *slider = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 1, 8, 0.25);
  GtkWidget *view;

  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 0.97f, 1 });
  zoom->text = gsk_layer_text_new (paragraph);
  gsk_layer_text_set_font (GSK_LAYER_TEXT (zoom->text), "Serif 11");
  gsk_layer_text_set_wrap (GSK_LAYER_TEXT (zoom->text), GSK_LAYER_TEXT_WRAP_WORD);
  /* Its width set, its height the text's */
  gsk_layer_set_size (zoom->text, &GRAPHENE_SIZE_INIT (260, -1));
  gsk_layer_set_position (zoom->text, &GRAPHENE_POINT_INIT (20, 20));
  /* Scaled about its top left corner */
  gsk_layer_set_pivot_point (zoom->text, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), zoom);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), zoom);
  gsk_layer_add_controller (zoom->text, drag);
  gsk_layer_add_child (root, zoom->text);

  view = gsk_layer_view_new (root);
  gtk_widget_set_vexpand (view, TRUE);
  gtk_scale_set_draw_value (GTK_SCALE (slider), TRUE);
  gtk_scale_set_format_value_func (GTK_SCALE (slider), NULL, NULL, NULL);
  gtk_range_set_value (GTK_RANGE (slider), 2.5);
  g_signal_connect (slider, "value-changed", G_CALLBACK (on_scale_changed), zoom);
  on_scale_changed (GTK_RANGE (slider), zoom);
  gtk_widget_set_margin_start (slider, 12);
  gtk_widget_set_margin_end (slider, 12);
  gtk_box_append (GTK_BOX (box), view);
  gtk_box_append (GTK_BOX (box), slider);
  g_object_set_data_full (G_OBJECT (box), "zoom", zoom, g_free);
  return box;
}
