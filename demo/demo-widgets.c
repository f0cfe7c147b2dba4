/* Widgets on layers
 *
 * Live GTK widgets, each on a layer of its own, turning slowly in
 * perspective: they are drawn by GTK, take clicks and typing where
 * they show on screen, and keep their state as they turn. As
 * Clutter-GTK's gtk-clutter-test, which examples/widgets-on-layers.c
 * ports whole.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "demos.h"

#define N_WIDGETS 6

static GtkWidget *
make_widget (int i)
{
  switch (i)
    {
    case 0:
      return gtk_button_new_with_label ("Click me");
    case 1:
      {
        GtkWidget *entry = gtk_entry_new ();

        gtk_entry_set_placeholder_text (GTK_ENTRY (entry), "Type here");
        return entry;
      }
    case 2:
      return gtk_switch_new ();
    case 3:
      return gtk_check_button_new_with_label ("Check me");
    case 4:
      return gtk_spin_button_new_with_range (0, 100, 1);
    default:
      {
        GtkWidget *scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 100, 1);

        gtk_widget_set_size_request (scale, 160, -1);
        return scale;
      }
    }
}

/* The ring turns at an even speed, for ever */
static void
turn_forever (GskLayer *ring)
{
  GskLayerTransition *turn = gsk_layer_property_transition_new ("transform", NULL);
  GskLayerTransform *from = NULL, *to = NULL;

  gsk_layer_transform_parse ("rotateX(-10deg) rotateY(0deg)", &from, NULL);
  gsk_layer_transform_parse ("rotateX(-10deg) rotateY(360deg)", &to, NULL);
  gsk_layer_property_transition_set_from (GSK_LAYER_PROPERTY_TRANSITION (turn), GSK_TYPE_LAYER_TRANSFORM, from);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (turn), GSK_TYPE_LAYER_TRANSFORM, to);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (turn), 24000);
  gsk_layer_timeline_set_repeat_count (GSK_LAYER_TIMELINE (turn), -1);
  gsk_layer_timeline_set_easing (GSK_LAYER_TIMELINE (turn), NULL);
  gsk_layer_add_transition (ring, "turn", turn);
  g_object_unref (turn);
  gsk_layer_transform_unref (from);
  gsk_layer_transform_unref (to);
}

GtkWidget *
demo_widgets_new (void)
{
  GskLayer *root = gsk_layer_new ();
  GskLayer *ring = gsk_layer_new ();
  GskLayerConstraint *middle = gsk_layer_align_constraint_new_both (root, 0.5f);
  GskLayerTransform *t = NULL;

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.38f, 0.39f, 0.55f, 1 });
  gsk_layer_transform_parse ("perspective(800px)", &t, NULL);
  gsk_layer_set_child_transform (root, t);
  gsk_layer_transform_unref (t);

  /* The widgets stand round a ring that turns, each facing out; their
   * backs hidden */
  gsk_layer_set_size (ring, &GRAPHENE_SIZE_INIT (200, 60));
  gsk_layer_set_transform_style (ring, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  gsk_layer_add_constraint (ring, middle);
  g_object_unref (middle);
  for (int i = 0; i < N_WIDGETS; i++)
    {
      GskLayer *host = gsk_layer_widget_new (make_widget (i));
      g_autofree char *css = g_strdup_printf ("rotateY(%ddeg) translateZ(220px)", i * 360 / N_WIDGETS);

      gsk_layer_transform_parse (css, &t, NULL);
      gsk_layer_set_transform (host, t);
      gsk_layer_transform_unref (t);
      gsk_layer_set_backface_visibility (host, GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN);
      gsk_layer_add_child (ring, host);
    }
  gsk_layer_add_child (root, ring);
  turn_forever (ring);

  return gsk_layer_view_new (root);
}
