/* Gestures
 *
 * A card that knows what hands do to it: a click flashes it, a long
 * press turns it another colour, a swipe throws it off and back, two
 * fingers pinch and turn it, and a drag moves it. The line below says
 * what was recognized last.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "demos.h"

typedef struct {
  GskLayer *card;
  GskLayer *status;
  graphene_point_t start;
  int hue;
} Hands;

static void
say (Hands      *hands,
     const char *what)
{
  gsk_layer_text_set_text (GSK_LAYER_TEXT (hands->status), what);
}

static void
paint (Hands *hands)
{
  g_autofree char *css = g_strdup_printf ("background-image: linear-gradient(135deg, hsl(%d, 75%%, 62%%), "
                                          "hsl(%d, 65%%, 42%%)); border-radius: 18px;"
                                          "box-shadow: 0 10px 30px rgba(0,0,0,0.35)", hands->hue, hands->hue + 30);

  gsk_layer_set_style_from_string (hands->card, css, NULL);
}

static void
on_clicked (GskLayerClickGesture *click,
            int                   n_press,
            double                x,
            double                y,
            Hands                *hands)
{
  say (hands, n_press > 1 ? "Double click" : "Click");
  /* A flash: bright at once, back over 300 ms */
  gsk_layer_set_opacity (hands->card, 0.4f);
  gsk_layer_save_easing_state (hands->card);
  gsk_layer_set_easing_duration (hands->card, 300);
  gsk_layer_set_opacity (hands->card, 1);
  gsk_layer_restore_easing_state (hands->card);
}

static void
on_long_pressed (GskLayerLongPressGesture *press,
                 double                    x,
                 double                    y,
                 Hands                    *hands)
{
  say (hands, "Long press: another colour");
  hands->hue = (hands->hue + 70) % 360;
  paint (hands);
}

static void
on_swipe (GskLayerSwipeGesture *swipe,
          double                vx,
          double                vy,
          Hands                *hands)
{
  graphene_point_t p = hands->start;

  /* Every press ends with a velocity: a swipe is a fast one */
  if (hypot (vx, vy) < 800)
    return;
  say (hands, fabs (vx) > fabs (vy) ? (vx > 0 ? "Swipe right" : "Swipe left")
                                    : (vy > 0 ? "Swipe down" : "Swipe up"));
  /* Thrown the way it went, then back */
  gsk_layer_save_easing_state (hands->card);
  gsk_layer_set_easing_duration (hands->card, 500);
  gsk_layer_set_easing_mode (hands->card, GSK_LAYER_EASING_EASE_OUT_BACK);
  gsk_layer_set_position (hands->card, &p);
  gsk_layer_restore_easing_state (hands->card);
}

static void
on_drag_begin (GskLayerDragGesture *drag,
               double               x,
               double               y,
               Hands               *hands)
{
  gsk_layer_get_position (hands->card, &hands->start);
  say (hands, "Drag");
}

static void
on_drag_update (GskLayerDragGesture *drag,
                double               dx,
                double               dy,
                Hands               *hands)
{
  gsk_layer_set_position (hands->card, &GRAPHENE_POINT_INIT (hands->start.x + dx, hands->start.y + dy));
}

static void
on_pinch_update (GskLayerPinchGesture *pinch,
                 double                scale,
                 double                angle,
                 Hands                *hands)
{
  g_autofree char *text = g_strdup_printf ("Pinch: %.2f×, %.0f°", scale, angle);

  say (hands, text);
  gsk_layer_set_scale (hands->card, &GRAPHENE_POINT3D_INIT (scale, scale, 1));
  gsk_layer_set_rotate (hands->card, angle);
}

GtkWidget *
demo_gestures_new (void)
{
  Hands *hands = g_new0 (Hands, 1);
  GskLayer *root = gsk_layer_new ();
  GskLayerEventController *click = gsk_layer_click_gesture_new ();
  GskLayerEventController *press = gsk_layer_long_press_gesture_new ();
  GskLayerEventController *swipe = gsk_layer_swipe_gesture_new ();
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  GskLayerEventController *pinch = gsk_layer_pinch_gesture_new ();
  GtkWidget *view;

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.93f, 0.93f, 0.95f, 1 });
  hands->card = gsk_layer_new ();
  gsk_layer_set_size (hands->card, &GRAPHENE_SIZE_INIT (240, 150));
  gsk_layer_set_position (hands->card, &GRAPHENE_POINT_INIT (60, 60));
  hands->hue = 210;
  paint (hands);
  g_signal_connect (click, "clicked", G_CALLBACK (on_clicked), hands);
  g_signal_connect (press, "pressed", G_CALLBACK (on_long_pressed), hands);
  g_signal_connect (swipe, "swipe", G_CALLBACK (on_swipe), hands);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), hands);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), hands);
  g_signal_connect (pinch, "pinch-update", G_CALLBACK (on_pinch_update), hands);
  gsk_layer_add_controller (hands->card, click);
  gsk_layer_add_controller (hands->card, press);
  gsk_layer_add_controller (hands->card, swipe);
  gsk_layer_add_controller (hands->card, drag);
  gsk_layer_add_controller (hands->card, pinch);
  gsk_layer_add_child (root, hands->card);

  hands->status = gsk_layer_text_new ("Click, long press, swipe, drag or pinch the card");
  gsk_layer_text_set_font (GSK_LAYER_TEXT (hands->status), "Sans 13");
  gsk_layer_set_position (hands->status, &GRAPHENE_POINT_INIT (20, 16));
  gsk_layer_add_child (root, hands->status);

  view = gsk_layer_view_new (root);
  g_object_set_data_full (G_OBJECT (view), "hands", hands, g_free);
  return view;
}
