/* Layouts that animate
 *
 * Twenty tiles in a container whose layout manager the buttons change:
 * a flow, a grid, a column. The container's easing state is on, so
 * every tile moves to its new place over half a second, as Clutter's
 * containers do when their layout changes inside an easing state. Drag
 * the handle at the right to resize the container: the flow reflows,
 * eased as well.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "demos.h"

#define N_TILES 20

typedef struct {
  GskLayer *box;
  graphene_size_t start;
} Layouts;

static void
set_manager (Layouts               *layouts,
             GskLayerLayoutManager *manager)
{
  gsk_layer_set_layout_manager (layouts->box, manager);
  g_object_unref (manager);
}

static void
on_flow (GtkButton *button,
         Layouts   *layouts)
{
  GskLayerLayoutManager *flow = gsk_layer_flow_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL);

  g_object_set (flow, "column-spacing", 8.f, "row-spacing", 8.f, NULL);
  set_manager (layouts, flow);
}

static void
on_grid (GtkButton *button,
         Layouts   *layouts)
{
  GskLayerLayoutManager *grid = gsk_layer_grid_layout_new ();
  guint i = 0;

  g_object_set (grid, "column-spacing", 4.f, "row-spacing", 4.f, NULL);
  for (GskLayer *c = gsk_layer_get_first_child (layouts->box); c; c = gsk_layer_get_next_sibling (c), i++)
    gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), c, i % 5, i / 5, 1, 1);
  set_manager (layouts, grid);
}

static void
on_column (GtkButton *button,
           Layouts   *layouts)
{
  GskLayerLayoutManager *column = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_VERTICAL);

  gsk_layer_box_layout_set_spacing (GSK_LAYER_BOX_LAYOUT (column), 2);
  set_manager (layouts, column);
}

static void
on_drag_begin (GskLayerDragGesture *drag,
               double               x,
               double               y,
               Layouts             *layouts)
{
  gsk_layer_get_size (layouts->box, &layouts->start);
}

static void
on_drag_update (GskLayerDragGesture *drag,
                double               dx,
                double               dy,
                Layouts             *layouts)
{
  gsk_layer_set_size (layouts->box, &GRAPHENE_SIZE_INIT (MAX (layouts->start.width + dx, 80),
                                                         layouts->start.height));
}

GtkWidget *
demo_layouts_new (void)
{
  Layouts *layouts = g_new0 (Layouts, 1);
  GskLayer *root = gsk_layer_new ();
  GskLayer *handle = gsk_layer_new ();
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  GskLayerConstraint *beside;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *view;
  const char * const names[] = { "Flow", "Grid", "Column" };
  GCallback handlers[] = { G_CALLBACK (on_flow), G_CALLBACK (on_grid), G_CALLBACK (on_column) };

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.97f, 0.96f, 0.93f, 1 });
  layouts->box = gsk_layer_new ();
  gsk_layer_set_position (layouts->box, &GRAPHENE_POINT_INIT (16, 16));
  gsk_layer_set_size (layouts->box, &GRAPHENE_SIZE_INIT (420, 380));
  gsk_layer_set_style_from_string (layouts->box, "border: 1px dashed #888", NULL);
  /* For good: every change of layout eases */
  gsk_layer_save_easing_state (layouts->box);
  gsk_layer_set_easing_duration (layouts->box, 500);
  gsk_layer_set_easing_mode (layouts->box, GSK_LAYER_EASING_EASE_IN_OUT_CUBIC);
  for (int i = 0; i < N_TILES; i++)
    {
      GskLayer *tile = gsk_layer_new ();
      g_autofree char *style = g_strdup_printf ("background-color: hsl(%d, 60%%, 60%%); border-radius: 6px", i * 18);

      gsk_layer_set_preferred_size (tile, &GRAPHENE_SIZE_INIT (40 + (i * 37) % 50, 28));
      gsk_layer_set_style_from_string (tile, style, NULL);
      gsk_layer_add_child (layouts->box, tile);
    }
  gsk_layer_add_child (root, layouts->box);
  on_flow (NULL, layouts);

  /* The handle, at the container's right edge */
  gsk_layer_set_size (handle, &GRAPHENE_SIZE_INIT (14, 60));
  gsk_layer_set_style_from_string (handle, "background-color: #555; border-radius: 7px", NULL);
  /* Both its edges snapped past the container's right edge: it follows
   * it, 14 wide */
  beside = gsk_layer_snap_constraint_new (layouts->box, GSK_LAYER_SNAP_EDGE_LEFT, GSK_LAYER_SNAP_EDGE_RIGHT, 4);
  gsk_layer_add_constraint (handle, beside);
  g_object_unref (beside);
  beside = gsk_layer_snap_constraint_new (layouts->box, GSK_LAYER_SNAP_EDGE_RIGHT, GSK_LAYER_SNAP_EDGE_RIGHT, 18);
  gsk_layer_add_constraint (handle, beside);
  g_object_unref (beside);
  gsk_layer_set_position (handle, &GRAPHENE_POINT_INIT (0, 40));
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), layouts);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), layouts);
  gsk_layer_add_controller (handle, drag);
  gsk_layer_add_child (root, handle);

  view = gsk_layer_view_new (root);
  gtk_widget_set_vexpand (view, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GtkWidget *button = gtk_button_new_with_label (names[i]);

      g_signal_connect (button, "clicked", handlers[i], layouts);
      gtk_box_append (GTK_BOX (buttons), button);
    }
  gtk_widget_set_margin_start (buttons, 8);
  gtk_widget_set_margin_bottom (buttons, 8);
  gtk_box_append (GTK_BOX (box), view);
  gtk_box_append (GTK_BOX (box), buttons);
  g_object_set_data_full (G_OBJECT (box), "layouts", layouts, g_free);
  return box;
}
