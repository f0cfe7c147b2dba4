/* Widgets on a cube
 *
 * Six live GTK widgets on the faces of a cube in one 3D rendering
 * context (transform-style: preserve-3d): the faces are drawn by depth
 * and only the face in front takes clicks. Drag anywhere off the
 * widgets to turn the cube; let go and it eases to the nearest face.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "demos.h"

#define FACE 220

typedef struct {
  GskLayer *cube;
  double angle_x, angle_y;
  double start_x, start_y;
} Cube;

static const char * const faces[] = {
  "translateZ(110px)", "rotateY(90deg) translateZ(110px)", "rotateY(180deg) translateZ(110px)",
  "rotateY(-90deg) translateZ(110px)", "rotateX(90deg) translateZ(110px)", "rotateX(-90deg) translateZ(110px)",
};
static const char * const colors[] = { "#99c1f1", "#8ff0a4", "#f9f06b", "#ffbe6f", "#f66151", "#dc8add" };

static void
turn (Cube     *cube,
      gboolean  eased)
{
  g_autofree char *css = g_strdup_printf ("rotateX(%gdeg) rotateY(%gdeg)", cube->angle_x, cube->angle_y);
  GskLayerTransform *t = NULL;

  gsk_layer_transform_parse (css, &t, NULL);
  gsk_layer_save_easing_state (cube->cube);
  gsk_layer_set_easing_duration (cube->cube, eased ? 350 : 0);
  gsk_layer_set_transform (cube->cube, t);
  gsk_layer_restore_easing_state (cube->cube);
  gsk_layer_transform_unref (t);
}

static void
on_drag_begin (GskLayerDragGesture *drag, double x, double y, Cube *cube)
{
  cube->start_x = cube->angle_x;
  cube->start_y = cube->angle_y;
}

static void
on_drag_update (GskLayerDragGesture *drag, double dx, double dy, Cube *cube)
{
  cube->angle_y = cube->start_y + dx * 0.5;
  cube->angle_x = CLAMP (cube->start_x - dy * 0.5, -90, 90);
  turn (cube, FALSE);
}

static void
on_drag_end (GskLayerDragGesture *drag, double dx, double dy, Cube *cube)
{
  /* To the nearest face */
  cube->angle_y = round (cube->angle_y / 90) * 90;
  cube->angle_x = round (cube->angle_x / 90) * 90;
  turn (cube, TRUE);
}

static GtkWidget *
face_widget (int i)
{
  switch (i)
    {
    case 0: return gtk_calendar_new ();
    case 1: return gtk_entry_new ();
    case 2: return gtk_button_new_with_label ("Back");
    case 3: return gtk_check_button_new_with_label ("Check me");
    case 4: return gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 100, 1);
    default: return gtk_button_new_with_label ("Bottom");
    }
}

GtkWidget *
demo_cube_new (void)
{
  Cube *cube = g_new0 (Cube, 1);
  GskLayer *root = gsk_layer_new ();
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  GskLayerTransform *t = NULL;
  GtkWidget *view;
  int i;

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.14f, 0.12f, 0.19f, 1 });
  gsk_layer_transform_parse ("perspective(900px)", &t, NULL);
  gsk_layer_set_child_transform (root, t);
  gsk_layer_transform_unref (t);

  cube->cube = gsk_layer_new ();
  gsk_layer_set_size (cube->cube, &GRAPHENE_SIZE_INIT (FACE, FACE));
  gsk_layer_set_transform_style (cube->cube, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  /* Centred in the view whatever its size */
  gsk_layer_add_constraint (cube->cube, gsk_layer_align_constraint_new_both (root, 0.5f));
  for (i = 0; i < 6; i++)
    {
      GskLayer *face = gsk_layer_new ();
      g_autofree char *style = g_strdup_printf ("background-color: %s; border: 3px solid rgba(0,0,0,0.4);"
                                                "border-radius: 12px", colors[i]);
      GskLayer *host = gsk_layer_widget_new (face_widget (i));

      gsk_layer_set_size (face, &GRAPHENE_SIZE_INIT (FACE, FACE));
      gsk_layer_set_style_from_string (face, style, NULL);
      gsk_layer_transform_parse (faces[i], &t, NULL);
      gsk_layer_set_transform (face, t);
      gsk_layer_transform_unref (t);
      gsk_layer_set_layout_manager (face, gsk_layer_bin_layout_new ());
      gsk_layer_set_x_align (host, GSK_LAYER_ALIGN_CENTER);
      gsk_layer_set_y_align (host, GSK_LAYER_ALIGN_CENTER);
      gsk_layer_add_child (face, host);
      gsk_layer_add_child (cube->cube, face);
    }
  gsk_layer_add_child (root, cube->cube);
  cube->angle_x = -20;
  cube->angle_y = 30;
  turn (cube, FALSE);

  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), cube);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), cube);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), cube);
  gsk_layer_add_controller (root, drag);

  view = gsk_layer_view_new (root);
  g_object_set_data_full (G_OBJECT (view), "cube", cube, g_free);
  return view;
}
