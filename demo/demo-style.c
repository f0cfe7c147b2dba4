/* Style gallery
 *
 * CSS on layers: rounded corners, gradients (linear, radial, conic,
 * repeating), borders (double, dashed, dotted), outer and inset
 * shadows, outlines, filters with a drop shadow, and frosted glass
 * (backdrop-filter) over stripes. The scene is a scene file, each
 * layer's look one style string; the same file draws the style guide's
 * picture.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "demos.h"

GtkWidget *
demo_style_new (void)
{
  g_autoptr (GBytes) bytes = g_resources_lookup_data ("/org/gtk/GskLayer/Demo/style-gallery.json", 0, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = NULL;
  GtkWidget *view, *scroller;

  scene = gsk_layer_scene_new_from_data (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                         "style-gallery.json", &error);
  if (scene == NULL)
    return gtk_label_new (error->message);

  view = gsk_layer_view_new (gsk_layer_scene_get_root (scene));
  /* The gallery keeps its own size, scrolled if the window is smaller */
  gsk_layer_view_set_resize_root (GSK_LAYER_VIEW (view), FALSE);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  return scroller;
}
