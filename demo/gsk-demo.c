/* gsk-demo.c: the gallery of GSK's demos, as gtk4-demo is GTK's
 *
 * A sidebar of demos; the one chosen runs beside its source. Each demo
 * is a short program in demo-NAME.c, whose text the gallery carries as
 * a resource.
 *
 * Usage: gsk-demo [--run-all DIR [--frames N]]
 *
 * With --run-all, the gallery opens every demo in turn from its
 * sidebar, lets it run for N frames (20 by default: Broadway with no
 * browser draws about one a second), writes the window, as GTK's
 * renderer draws it, to DIR/NAME.png, prints "gsk-demo: NAME" and, after
 * the last, quits (the tests and the README's picture use it). With
 * GSK_DEMO_LOG set, it prints "gsk-demo: showing NAME" as each demo
 * opens, for scripts that drive it with real input.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "demos.h"
#include "gsk-demo.h"

static const GskDemo demos[] = {
  { "cube", "Widgets on a cube", "Live GTK widgets in a 3D rendering context, turned by dragging", demo_cube_new },
  { "fishbowl", "Fishbowl", "Hundreds of layers moving, with a count slider and a frame counter", demo_fishbowl_new },
  { "style", "Style gallery", "Borders, shadows, gradients, filters and frosted glass, from CSS", demo_style_new },
  { "scene", "Scene files", "A scene file opened from disk and played", demo_scene_new },
  { "list", "A list from a model", "Rows bound to a GListModel in a scroll layer: kinetic, snapping", demo_list_new },
  { "coverflow", "Cover flow", "Covers in a row under perspective, panned, kinetic, in one 3D context", demo_coverflow_new },
  { "widgets", "Widgets on layers", "Live GTK widgets round a turning ring, clickable where they show", demo_widgets_new },
  { "text-zoom", "Text zoom", "A paragraph scaled from 1× to 8×, laid out again at each scale: crisp", demo_text_zoom_new },
  { "gestures", "Gestures", "Click, long press, swipe, drag and pinch on one card", demo_gestures_new },
  { "layouts", "Layouts that animate", "Tiles moving between a flow, a grid and a column, eased", demo_layouts_new },
  { "shapes", "Shapes and paths", "Rings and a check mark drawing on, marching ants, a clip path, a motion path, a mask and a clone", demo_shapes_new },
  { "page-turn", "Page turn", "A book whose pages curl on hover and turn on a click, and a card turning in perspective", demo_page_turn_new },
};

typedef struct {
  GtkWidget *window;
  GtkWidget *list;
  GtkWidget *stage;          /* holds the running demo */
  GtkWidget *title;
  GtkTextBuffer *source;
  /* --run-all */
  int showing;               /* index of the demo on the stage, or -1 */
  const char *run_all;
  int running;
  guint frames;
  guint frames_each;
} Gallery;

static void
show_demo (Gallery *gallery,
           int      index)
{
  const GskDemo *demo = &demos[index];
  g_autofree char *path = g_strdup_printf ("/org/gtk/GskLayer/Demo/demo-%s.c", demo->name);
  g_autoptr (GBytes) source = g_resources_lookup_data (path, 0, NULL);
  GtkWidget *child;

  /* The first row's focus selects it again: the running demo stays */
  if (index == gallery->showing)
    return;
  gallery->showing = index;

  while ((child = gtk_widget_get_first_child (gallery->stage)) != NULL)
    gtk_box_remove (GTK_BOX (gallery->stage), child);
  child = demo->create ();
  gtk_widget_set_hexpand (child, TRUE);
  gtk_widget_set_vexpand (child, TRUE);
  gtk_box_append (GTK_BOX (gallery->stage), child);
  gtk_label_set_text (GTK_LABEL (gallery->title), demo->description);
  gtk_text_buffer_set_text (gallery->source, source ? g_bytes_get_data (source, NULL) : "",
                            source ? (int) g_bytes_get_size (source) : 0);
  /* For scripts that drive the gallery (tests/test-demo.sh) */
  if (g_getenv ("GSK_DEMO_LOG"))
    {
      g_print ("gsk-demo: showing %s\n", demo->name);
      fflush (stdout);
    }
}

static void
on_row_selected (GtkListBox    *list,
                 GtkListBoxRow *row,
                 Gallery       *gallery)
{
  if (row != NULL)
    show_demo (gallery, gtk_list_box_row_get_index (row));
}

/* {{{ --run-all */

/* FALSE if the window drew nothing to take (it happens, now and then,
 * under a loaded X server: the window's snapshot comes back empty) */
static gboolean
write_screenshot (Gallery    *gallery,
                  const char *path)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (gallery->window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int w = gtk_widget_get_width (gallery->window), h = gtk_widget_get_height (gallery->window);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (gallery->window));
  GskRenderNode *node;
  GdkTexture *texture;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_object_unref (paintable);
  if (node == NULL || renderer == NULL)
    {
      g_clear_pointer (&node, gsk_render_node_unref);
      return FALSE;
    }
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_save_to_png (texture, path);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  return TRUE;
}

static gboolean
run_all_tick (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       data)
{
  Gallery *gallery = data;

  /* Each demo runs for a few frames, then its picture is taken */
  if (++gallery->frames < gallery->frames_each)
    return G_SOURCE_CONTINUE;

  if (gallery->running >= 0)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.png", gallery->run_all, demos[gallery->running].name);

      /* Nothing to take yet: the next frame, a hundred times at most */
      if (!write_screenshot (gallery, path) && gallery->frames < gallery->frames_each + 100)
        return G_SOURCE_CONTINUE;
      g_print ("gsk-demo: %s\n", demos[gallery->running].name);
    }
  gallery->running++;
  gallery->frames = 0;
  if (gallery->running == G_N_ELEMENTS (demos))
    {
      gtk_window_destroy (GTK_WINDOW (gallery->window));
      return G_SOURCE_REMOVE;
    }
  /* From the sidebar, as a click on its row does */
  gtk_list_box_select_row (GTK_LIST_BOX (gallery->list),
                           gtk_list_box_get_row_at_index (GTK_LIST_BOX (gallery->list), gallery->running));
  return G_SOURCE_CONTINUE;
}

/* }}} */

static GtkWidget *
sidebar_row (const GskDemo *demo)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (demo->title);
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_box_append (GTK_BOX (box), title);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, demo->title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, demo->description, -1);
  return row;
}

static void
on_activate (GtkApplication *application,
             Gallery        *gallery)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *side = gtk_scrolled_window_new ();
  GtkWidget *demo_and_source = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *code = gtk_scrolled_window_new ();
  GtkWidget *text = gtk_text_view_new ();
  guint i;

  gallery->list = gtk_list_box_new ();
  for (i = 0; i < G_N_ELEMENTS (demos); i++)
    gtk_list_box_append (GTK_LIST_BOX (gallery->list), sidebar_row (&demos[i]));
  gtk_accessible_update_property (GTK_ACCESSIBLE (gallery->list), GTK_ACCESSIBLE_PROPERTY_LABEL, "Demos", -1);
  g_signal_connect (gallery->list, "row-selected", G_CALLBACK (on_row_selected), gallery);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (side), gallery->list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (side), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);

  gallery->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (gallery->title), 0);
  gtk_label_set_wrap (GTK_LABEL (gallery->title), TRUE);
  gtk_widget_set_margin_start (gallery->title, 8);
  gtk_widget_set_margin_top (gallery->title, 6);
  gallery->stage = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_vexpand (gallery->stage, TRUE);
  gtk_box_append (GTK_BOX (left), gallery->title);
  gtk_box_append (GTK_BOX (left), gallery->stage);

  gtk_text_view_set_editable (GTK_TEXT_VIEW (text), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (text), TRUE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (text), 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (text), GTK_ACCESSIBLE_PROPERTY_LABEL, "Source", -1);
  gallery->source = gtk_text_view_get_buffer (GTK_TEXT_VIEW (text));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (code), text);

  gtk_paned_set_start_child (GTK_PANED (demo_and_source), left);
  gtk_paned_set_end_child (GTK_PANED (demo_and_source), code);
  gtk_paned_set_position (GTK_PANED (demo_and_source), 640);
  gtk_paned_set_start_child (GTK_PANED (paned), side);
  gtk_paned_set_end_child (GTK_PANED (paned), demo_and_source);
  gtk_paned_set_position (GTK_PANED (paned), 200);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);

  gallery->window = gtk_application_window_new (application);
  gtk_window_set_title (GTK_WINDOW (gallery->window), "GSK demos");
  gtk_window_set_default_size (GTK_WINDOW (gallery->window), 1200, 720);
  gtk_window_set_child (GTK_WINDOW (gallery->window), paned);
  gtk_list_box_select_row (GTK_LIST_BOX (gallery->list), gtk_list_box_get_row_at_index (GTK_LIST_BOX (gallery->list), 0));
  if (gallery->run_all)
    {
      gallery->running = 0;
      gtk_widget_add_tick_callback (gallery->window, run_all_tick, gallery, NULL);
    }
  gtk_window_present (GTK_WINDOW (gallery->window));
  gtk_widget_grab_focus (gtk_widget_get_first_child (gallery->list));
}

int
main (int    argc,
      char **argv)
{
  Gallery gallery = { .showing = -1, };
  GtkApplication *application;
  int status;

  gallery.frames_each = 20;
  for (int i = 1; i < argc; i += 2)
    {
      if (i + 1 < argc && g_str_equal (argv[i], "--run-all"))
        gallery.run_all = argv[i + 1];
      else if (i + 1 < argc && g_str_equal (argv[i], "--frames") && atoi (argv[i + 1]) > 0)
        gallery.frames_each = atoi (argv[i + 1]);
      else
        {
          g_printerr ("Usage: gsk-demo [--run-all DIR [--frames N]]\n");
          return 2;
        }
    }

  /* Scene files may name the gsk tool's demo layer type */
  g_type_ensure (GSK_TYPE_DEMO_CARD);
  application = gtk_application_new ("org.gtk.GskLayer.Demo", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (application, "activate", G_CALLBACK (on_activate), &gallery);
  status = g_application_run (G_APPLICATION (application), 1, argv);
  g_object_unref (application);
  return status;
}
