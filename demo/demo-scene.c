/* Scene files
 *
 * A scene file (JSON: the tree, its styles, its animations) opened and
 * played: the gsk tool's built-in demo to begin with, and any file
 * chosen with the Open button ("gsk save --demo -o demo.json" writes
 * the demo as one).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "demos.h"
#include "gsk-demo.h"

/* The scene's animations start on the view's clock, which the root has
 * once the view is on screen */
static void
start_animations (GtkWidget *view)
{
  GskLayerScene *scene = g_object_get_data (G_OBJECT (view), "scene");

  if (scene != NULL && gtk_widget_get_mapped (view))
    gsk_layer_scene_set_frame_clock (scene, gsk_layer_get_frame_clock (gsk_layer_scene_get_root (scene)));
}

static void
show_scene (GtkWidget     *view,
            GskLayerScene *scene)
{
  gsk_layer_view_set_root (GSK_LAYER_VIEW (view), gsk_layer_scene_get_root (scene));
  g_object_set_data_full (G_OBJECT (view), "scene", g_object_ref (scene), g_object_unref);
  start_animations (view);
}

static void
on_response (GtkNativeDialog *dialog,
             int              response,
             GtkWidget       *view)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;
      g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_file (path, &error);

      if (scene != NULL)
        show_scene (view, scene);
      else
        g_message ("%s", error->message);
    }
  g_object_unref (dialog);
}

static void
on_open (GtkButton *button,
         GtkWidget *view)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new ("Open a scene file",
                                                              GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (button))),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel");

  g_signal_connect (dialog, "response", G_CALLBACK (on_response), view);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

GtkWidget *
demo_scene_new (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *open = gtk_button_new_with_mnemonic ("_Open a scene file…");
  g_autoptr (GskLayerScene) scene = gsk_demo_scene_new ();
  GtkWidget *view = gsk_layer_view_new (gsk_layer_scene_get_root (scene));

  GtkWidget *scroller = gtk_scrolled_window_new ();

  /* The scene keeps its own size, scrolled if the window is smaller */
  gsk_layer_view_set_resize_root (GSK_LAYER_VIEW (view), FALSE);
  show_scene (view, scene);
  g_signal_connect (view, "map", G_CALLBACK (start_animations), NULL);
  gtk_widget_set_halign (open, GTK_ALIGN_START);
  gtk_widget_set_margin_start (open, 6);
  gtk_widget_set_margin_bottom (open, 6);
  g_signal_connect (open, "clicked", G_CALLBACK (on_open), view);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_box_append (GTK_BOX (box), open);
  return box;
}
