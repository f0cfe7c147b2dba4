/* A list from a model
 *
 * Five hundred rows made from a GListModel by gsk_layer_bind_model (),
 * in a scroll layer: drag, flick, wheel or touchpad, with kinetic
 * motion, a rubber band at either end and rows that snap to the top
 * (scroll-snap mandatory). Click a row to take it out of the model (a
 * drag that scrolls is the scroll's: the row's click is cancelled); the
 * buttons add one at the top, and scroll back there with an animation.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "demos.h"

#define N_ROWS 500

typedef struct {
  GtkStringList *names;
  GskLayer *scroll;
  guint added;
} List;

static void
on_row_clicked (GskLayerClickGesture *click,
                int                   n_press,
                double                x,
                double                y,
                List                 *list)
{
  GskLayer *row = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (click));
  GskLayer *parent = gsk_layer_get_parent (row);
  guint i = 0;

  /* Its place among the rows is its item's in the model */
  for (GskLayer *c = gsk_layer_get_first_child (parent); c != row; c = gsk_layer_get_next_sibling (c))
    i++;
  /* For scripts that drive the gallery (tests/test-demo.sh) */
  if (g_getenv ("GSK_DEMO_LOG"))
    g_print ("gsk-demo: list: removed “%s”\n", gtk_string_list_get_string (list->names, i));
  gtk_string_list_remove (list->names, i);
}

static GskLayer *
make_row (gpointer item,
          gpointer user_data)
{
  List *list = user_data;
  GskLayer *row = gsk_layer_text_new (gtk_string_object_get_string (item));
  GskLayerEventController *click = gsk_layer_click_gesture_new ();

  gsk_layer_text_set_font (GSK_LAYER_TEXT (row), "Sans 15");
  g_autoptr (GError) error = NULL;

  if (!gsk_layer_set_style_from_string (row, "padding: 14px 20px; border-radius: 10px;"
                                             "background-image: linear-gradient(90deg, #3d6fb6, #2a4a7a)", &error))
    g_warning ("demo-list: %s", error->message);
  gsk_layer_set_margin (row, 3, 0, 3, 0);
  gsk_layer_text_set_color (GSK_LAYER_TEXT (row), &(GdkRGBA) { 1, 1, 1, 1 });
  g_signal_connect (click, "clicked", G_CALLBACK (on_row_clicked), list);
  gsk_layer_add_controller (row, click);
  return row;
}

static void
on_add (GtkButton *button,
        List      *list)
{
  char name[64];

  g_snprintf (name, sizeof name, "Row added %u", ++list->added);
  gtk_string_list_splice (list->names, 0, 0, (const char *const[]) { name, NULL });
}

/* Back to the first row, with an animation: the scroll offset animates
 * as any property does in an easing state */
static void
on_top (GtkButton *button,
        List      *list)
{
  gsk_layer_save_easing_state (list->scroll);
  gsk_layer_set_easing_duration (list->scroll, 600);
  gsk_layer_set_easing_mode (list->scroll, GSK_LAYER_EASING_EASE_IN_OUT_CUBIC);
  gsk_layer_scroll_scroll_to_point (GSK_LAYER_SCROLL (list->scroll), &GRAPHENE_POINT_INIT (0, 0));
  gsk_layer_restore_easing_state (list->scroll);
}

/* For scripts that drive the gallery: every 100 units */
static void
log_scrolled (GskLayerScroll *scroll)
{
  static int logged = 0;
  int now = (int) (gsk_layer_scroll_get_scroll_offset (scroll) / 100);

  if (now == logged)
    return;
  logged = now;
  g_print ("gsk-demo: list: scrolled to %d00\n", now);
}

GtkWidget *
demo_list_new (void)
{
  List *list = g_new0 (List, 1);
  GskLayer *root = gsk_layer_new ();
  GskLayerLayoutManager *manager;
  GtkWidget *box, *view, *buttons, *button;

  list->names = gtk_string_list_new (NULL);
  for (guint i = 1; i <= N_ROWS; i++)
    {
      char name[64];

      g_snprintf (name, sizeof name, "Row %u of a GListModel", i);
      gtk_string_list_append (list->names, name);
    }

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.1f, 0.11f, 0.15f, 1 });
  manager = gsk_layer_bin_layout_new ();
  gsk_layer_set_layout_manager (root, manager);
  g_object_unref (manager);

  list->scroll = gsk_layer_scroll_new (GSK_LAYER_ORIENTATION_VERTICAL);
  gsk_layer_set_margin (list->scroll, 12, 24, 12, 24);
  gsk_layer_scroll_set_snap (GSK_LAYER_SCROLL (list->scroll), GSK_LAYER_SCROLL_SNAP_MANDATORY);
  manager = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_VERTICAL);
  gsk_layer_set_layout_manager (list->scroll, manager);
  g_object_unref (manager);
  gsk_layer_bind_model (list->scroll, G_LIST_MODEL (list->names), make_row, list, NULL);
  gsk_layer_add_child (root, list->scroll);
  if (g_getenv ("GSK_DEMO_LOG"))
    g_signal_connect (list->scroll, "notify::scroll-offset", G_CALLBACK (log_scrolled), NULL);

  view = gsk_layer_view_new (root);
  gtk_widget_set_vexpand (view, TRUE);
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  button = gtk_button_new_with_label ("Add a row at the top");
  g_signal_connect (button, "clicked", G_CALLBACK (on_add), list);
  gtk_box_append (GTK_BOX (buttons), button);
  button = gtk_button_new_with_label ("Back to the top");
  g_signal_connect (button, "clicked", G_CALLBACK (on_top), list);
  gtk_box_append (GTK_BOX (buttons), button);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), view);
  gtk_box_append (GTK_BOX (box), buttons);
  /* The list goes with the demo */
  g_object_set_data_full (G_OBJECT (box), "list-names", list->names, g_object_unref);
  g_object_set_data_full (G_OBJECT (box), "list", list, g_free);
  return box;
}
