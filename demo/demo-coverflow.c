/* Cover flow
 *
 * Twelve covers in a row under perspective, in one 3D rendering
 * context: the one in the middle faces the viewer, the others turn
 * away on either side. Drag the row, flick it or scroll it: a pan
 * gesture moves it, kinetically, springing back at the ends; click a
 * cover to bring it to the middle, eased.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "demos.h"

#define N_COVERS 12
#define COVER 160
#define SPACING 200.0           /* pan units from one cover to the next */

typedef struct {
  GskLayer *stage;
  GskLayer *covers[N_COVERS];
  GskLayerPanGesture *pan;
} Flow;

/* Each cover placed for the row at @at (in covers, fractional) */
static void
lay_out (Flow   *flow,
         double  at)
{
  graphene_size_t size;

  gsk_layer_get_size (flow->stage, &size);
  for (int i = 0; i < N_COVERS; i++)
    {
      double d = i - at, side = CLAMP (d, -1, 1);
      double x = size.width / 2 + side * 110 + (d - side) * 50 - COVER / 2.0;
      g_autofree char *css = g_strdup_printf ("translateZ(%gpx) rotateY(%gdeg)", -fabs (side) * 120, -side * 60);
      GskLayerTransform *t = NULL;

      gsk_layer_transform_parse (css, &t, NULL);
      gsk_layer_set_transform (flow->covers[i], t);
      gsk_layer_transform_unref (t);
      gsk_layer_set_position (flow->covers[i], &GRAPHENE_POINT_INIT (x, size.height / 2 - COVER / 2.0));
    }
}

static void
on_pan_value (GskLayerPanGesture *pan,
              GParamSpec         *pspec,
              Flow               *flow)
{
  lay_out (flow, gsk_layer_pan_gesture_get_value (pan) / SPACING);
}

static void
on_cover_clicked (GskLayerClickGesture *click,
                  int                   n_press,
                  double                x,
                  double                y,
                  Flow                 *flow)
{
  GskLayer *cover = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (click));

  for (int i = 0; i < N_COVERS; i++)
    if (flow->covers[i] == cover)
      {
        /* The covers ease to their places on the way */
        for (int j = 0; j < N_COVERS; j++)
          {
            gsk_layer_save_easing_state (flow->covers[j]);
            gsk_layer_set_easing_duration (flow->covers[j], 400);
          }
        gsk_layer_pan_gesture_set_value (flow->pan, i * SPACING);
        for (int j = 0; j < N_COVERS; j++)
          gsk_layer_restore_easing_state (flow->covers[j]);
      }
}

static void
on_stage_size (GskLayer   *stage,
               GParamSpec *pspec,
               Flow       *flow)
{
  lay_out (flow, gsk_layer_pan_gesture_get_value (flow->pan) / SPACING);
}

GtkWidget *
demo_coverflow_new (void)
{
  Flow *flow = g_new0 (Flow, 1);
  GskLayer *root = gsk_layer_new ();
  GskLayerEventController *pan = gsk_layer_pan_gesture_new (GSK_LAYER_DRAG_HORIZONTAL);
  GskLayerConstraint *fill = gsk_layer_bind_constraint_new (root, GSK_LAYER_BIND_SIZE, 0);
  GskLayerTransform *t = NULL;
  GtkWidget *view;

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.06f, 0.06f, 0.08f, 1 });
  gsk_layer_transform_parse ("perspective(700px)", &t, NULL);
  gsk_layer_set_child_transform (root, t);
  gsk_layer_transform_unref (t);

  /* The covers share the stage's 3D space: the nearer drawn in front */
  flow->stage = gsk_layer_new ();
  gsk_layer_set_transform_style (flow->stage, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  gsk_layer_add_constraint (flow->stage, fill);
  g_object_unref (fill);
  g_signal_connect (flow->stage, "notify::size", G_CALLBACK (on_stage_size), flow);
  gsk_layer_add_child (root, flow->stage);

  for (int i = 0; i < N_COVERS; i++)
    {
      g_autofree char *style = g_strdup_printf ("background-image: linear-gradient(160deg, hsl(%d, 70%%, 60%%), "
                                                "hsl(%d, 60%%, 30%%)); border-radius: 6px;"
                                                "box-shadow: 0 8px 20px rgba(0,0,0,0.6)", i * 30, i * 30 + 40);
      g_autofree char *title = g_strdup_printf ("Album %d", i + 1);
      GskLayer *label = gsk_layer_text_new (title);
      GskLayerEventController *click = gsk_layer_click_gesture_new ();

      flow->covers[i] = gsk_layer_new ();
      gsk_layer_set_size (flow->covers[i], &GRAPHENE_SIZE_INIT (COVER, COVER));
      gsk_layer_set_style_from_string (flow->covers[i], style, NULL);
      gsk_layer_text_set_font (GSK_LAYER_TEXT (label), "Sans Bold 16");
      gsk_layer_text_set_color (GSK_LAYER_TEXT (label), &(GdkRGBA) { 1, 1, 1, 0.9f });
      gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (12, COVER - 34));
      gsk_layer_add_child (flow->covers[i], label);
      /* To a screen reader, a button named after the album: its title
       * is in its name, so the text layer need not be read again */
      gsk_layer_set_accessible_role (flow->covers[i], GTK_ACCESSIBLE_ROLE_BUTTON);
      gsk_layer_set_accessible_label (flow->covers[i], title);
      gsk_layer_set_accessible_role (label, GTK_ACCESSIBLE_ROLE_PRESENTATION);
      g_signal_connect (click, "clicked", G_CALLBACK (on_cover_clicked), flow);
      gsk_layer_add_controller (flow->covers[i], click);
      gsk_layer_add_child (flow->stage, flow->covers[i]);
    }

  flow->pan = GSK_LAYER_PAN_GESTURE (pan);
  gsk_layer_pan_gesture_set_range (flow->pan, 0, (N_COVERS - 1) * SPACING);
  g_signal_connect (pan, "notify::value", G_CALLBACK (on_pan_value), flow);
  gsk_layer_add_controller (root, pan);
  gsk_layer_pan_gesture_set_value (flow->pan, 5 * SPACING);

  view = gsk_layer_view_new (root);
  g_object_set_data_full (G_OBJECT (view), "flow", flow, g_free);
  return view;
}
