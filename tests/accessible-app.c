/* accessible-app.c: a layer tree for test-accessible-atspi.py to read
 * through AT-SPI (issue 30)
 *
 * A window with a view of accessible layers: a button ("Play",
 * focusable, with a click gesture), an image turned 30° ("Rotated"), an
 * image turned about its vertical axis under perspective ("Tilted"), a
 * text layer ("Blue Train"), a group ("Shelf") holding a button, a
 * hosted GtkButton and another button, and a button in a clipping layer
 * ("Clipped"). Plain layers around them have no role. Commands on
 * standard input change the tree, one per line, each answered with
 * "done LINE" on standard output once applied; a click gesture's clicked
 * prints "clicked NAME".
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <string.h>

#include <gsklayer.h>

static GtkWidget *window;
static GtkWidget *view;
static GskLayer *root;
static GHashTable *layers;      /* name → GskLayer */

static void
on_clicked (GskLayerClickGesture *gesture,
            int                   n_press,
            double                x,
            double                y,
            const char           *name)
{
  printf ("clicked %s %d %.0f %.0f\n", name, n_press, x, y);
  fflush (stdout);
}

static GskLayer *
add (GskLayer          *parent,
     const char        *name,
     GtkAccessibleRole  role,
     const char        *label,
     float              x,
     float              y,
     float              width,
     float              height,
     const char        *style)
{
  GskLayer *layer = gsk_layer_new ();

  gsk_layer_set_name (layer, name);
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (width, height));
  gsk_layer_set_background_color (layer, &(GdkRGBA) { 0.2f, 0.4f, 0.8f, 1 });
  if (role != GTK_ACCESSIBLE_ROLE_NONE)
    gsk_layer_set_accessible_role (layer, role);
  if (label)
    gsk_layer_set_accessible_label (layer, label);
  if (style)
    {
      GskLayerStyle *s = gsk_layer_style_new_from_string (style, NULL);

      gsk_layer_set_style (layer, s);
      gsk_layer_style_unref (s);
    }
  gsk_layer_add_child (parent, layer);
  g_hash_table_insert (layers, g_strdup (name), layer);

  return layer;
}

static GskLayer *
add_button (GskLayer   *parent,
            const char *name,
            const char *label,
            float       x,
            float       y)
{
  GskLayer *button = add (parent, name, GTK_ACCESSIBLE_ROLE_BUTTON, label, x, y, 100, 40, NULL);
  GskLayerEventController *click = gsk_layer_click_gesture_new ();

  gsk_layer_set_focusable (button, TRUE);
  g_object_set_data_full (G_OBJECT (click), "name", g_strdup (name), g_free);
  g_signal_connect (click, "clicked", G_CALLBACK (on_clicked), g_object_get_data (G_OBJECT (click), "name"));
  gsk_layer_add_controller (button, click);

  return button;
}

static void
build (void)
{
  GskLayer *stage, *shelf, *clipper, *host, *text, *rotated, *tilted;
  GtkWidget *hosted;

  root = gsk_layer_new ();
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (640, 480));
  gsk_layer_set_name (root, "root");
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });

  /* A plain layer: not in the accessible tree, its children are */
  stage = add (root, "stage", GTK_ACCESSIBLE_ROLE_NONE, NULL, 0, 0, 640, 480, NULL);
  gsk_layer_set_background_color (stage, &(GdkRGBA) { 0, 0, 0, 0 });

  add_button (stage, "play", "Play", 40, 40);
  rotated = add (stage, "rotated", GTK_ACCESSIBLE_ROLE_IMG, "Rotated", 200, 40, 120, 60, NULL);
  gsk_layer_set_rotate (rotated, 30);
  /* CSS's perspective: 400px, its origin at the centre */
  add (stage, "perspective", GTK_ACCESSIBLE_ROLE_NONE, NULL, 380, 20, 200, 160, "perspective: 400px");
  tilted = add (g_hash_table_lookup (layers, "perspective"), "tilted", GTK_ACCESSIBLE_ROLE_IMG, "Tilted",
                20, 30, 160, 100, NULL);
  gsk_layer_set_rotate_axis (tilted, &GRAPHENE_POINT3D_INIT (0, 1, 0));
  gsk_layer_set_rotate (tilted, 40);

  text = gsk_layer_text_new ("Blue Train");
  gsk_layer_set_name (text, "title");
  gsk_layer_set_position (text, &GRAPHENE_POINT_INIT (40, 130));
  gsk_layer_add_child (stage, text);
  g_hash_table_insert (layers, g_strdup ("title"), text);

  shelf = add (stage, "shelf", GTK_ACCESSIBLE_ROLE_GROUP, "Shelf", 40, 200, 560, 80, NULL);
  add_button (shelf, "first", "First", 10, 20);
  hosted = gtk_button_new_with_label ("Hosted");
  host = gsk_layer_widget_new (hosted);
  gsk_layer_set_name (host, "hosted");
  gsk_layer_set_position (host, &GRAPHENE_POINT_INIT (200, 20));
  gsk_layer_add_child (shelf, host);
  g_hash_table_insert (layers, g_strdup ("hosted"), host);
  add_button (shelf, "second", "Second", 400, 20);

  clipper = add (stage, "clipper", GTK_ACCESSIBLE_ROLE_NONE, NULL, 40, 320, 200, 60, NULL);
  gsk_layer_set_clip_to_bounds (clipper, TRUE);
  add (clipper, "clipped", GTK_ACCESSIBLE_ROLE_BUTTON, "Clipped", 10, 10, 80, 40, NULL);
}

static gboolean
on_command (GIOChannel   *channel,
            GIOCondition  condition,
            gpointer      data)
{
  char *line = NULL, **words;
  GskLayer *layer;
  gboolean go_on = TRUE;

  if (g_io_channel_read_line (channel, &line, NULL, NULL, NULL) != G_IO_STATUS_NORMAL)
    {
      if (window)
        gtk_window_destroy (GTK_WINDOW (window));
      window = NULL;
      return G_SOURCE_CONTINUE;
    }

  g_strstrip (line);
  words = g_strsplit (line, " ", 4);
  layer = words[0] && words[1] ? g_hash_table_lookup (layers, words[1]) : NULL;

  if (g_str_equal (words[0], "hide") && layer)
    gsk_layer_set_visible (layer, FALSE);
  else if (g_str_equal (words[0], "show") && layer)
    gsk_layer_set_visible (layer, TRUE);
  else if (g_str_equal (words[0], "opacity") && layer && words[2])
    gsk_layer_set_opacity (layer, g_ascii_strtod (words[2], NULL));
  else if (g_str_equal (words[0], "move") && layer && words[2] && words[3])
    gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (g_ascii_strtod (words[2], NULL),
                                                         g_ascii_strtod (words[3], NULL)));
  else if (g_str_equal (words[0], "slide") && layer && words[2] && words[3])
    {
      /* An implicit animation of half a second */
      gsk_layer_save_easing_state (layer);
      gsk_layer_set_easing_duration (layer, 500);
      gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (g_ascii_strtod (words[2], NULL),
                                                           g_ascii_strtod (words[3], NULL)));
      gsk_layer_restore_easing_state (layer);
    }
  else if (g_str_equal (words[0], "turn") && layer && words[2])
    gsk_layer_set_rotate (layer, g_ascii_strtod (words[2], NULL));
  else if (g_str_equal (words[0], "backface") && layer)
    gsk_layer_set_backface_visibility (layer, GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN);
  else if (g_str_equal (words[0], "rename") && layer && words[2])
    gsk_layer_set_accessible_label (layer, words[2]);
  else if (g_str_equal (words[0], "text") && layer && words[2])
    gsk_layer_text_set_text (GSK_LAYER_TEXT (layer), words[2]);
  else if (g_str_equal (words[0], "checked") && layer)
    gsk_layer_update_accessible_state (layer,
                                       GTK_ACCESSIBLE_STATE_CHECKED, GTK_ACCESSIBLE_TRISTATE_TRUE,
                                       GTK_ACCESSIBLE_STATE_PRESSED, GTK_ACCESSIBLE_TRISTATE_TRUE,
                                       GTK_ACCESSIBLE_STATE_DISABLED, TRUE,
                                       GTK_ACCESSIBLE_STATE_EXPANDED, TRUE,
                                       -1);
  else if (g_str_equal (words[0], "unchecked") && layer)
    {
      gsk_layer_reset_accessible_state (layer, GTK_ACCESSIBLE_STATE_CHECKED);
      gsk_layer_reset_accessible_state (layer, GTK_ACCESSIBLE_STATE_PRESSED);
      gsk_layer_reset_accessible_state (layer, GTK_ACCESSIBLE_STATE_DISABLED);
      gsk_layer_reset_accessible_state (layer, GTK_ACCESSIBLE_STATE_EXPANDED);
    }
  else if (g_str_equal (words[0], "role") && layer && words[2])
    {
      GEnumClass *roles = g_type_class_ref (GTK_TYPE_ACCESSIBLE_ROLE);
      GEnumValue *role = g_enum_get_value_by_nick (roles, words[2]);

      if (role)
        gsk_layer_set_accessible_role (layer, role->value);
      g_type_class_unref (roles);
    }
  else if (g_str_equal (words[0], "add") && words[1])
    add_button (g_hash_table_lookup (layers, "stage"), words[1], words[1], 480, 400);
  else if (g_str_equal (words[0], "destroy") && layer)
    {
      g_hash_table_remove (layers, words[1]);
      gsk_layer_remove_child (gsk_layer_get_parent (layer), layer);
    }
  else if (g_str_equal (words[0], "destroy-view"))
    {
      gtk_window_set_child (GTK_WINDOW (window), gtk_label_new ("No view"));
      view = NULL;
    }
  else if (g_str_equal (words[0], "focus"))
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
      GskLayer *focus_layer = gsk_layer_get_focus (root);

      /* Where the keys go, for a test that fails to tell why */
      printf ("focus %s %s\n", focus ? G_OBJECT_TYPE_NAME (focus) : "none",
              focus_layer ? gsk_layer_get_name (focus_layer) : "none");
    }
  else if (g_str_equal (words[0], "quit"))
    go_on = FALSE;

  printf ("done %s\n", line);
  fflush (stdout);
  g_strfreev (words);
  g_free (line);

  if (!go_on && window)
    {
      gtk_window_destroy (GTK_WINDOW (window));
      window = NULL;
    }
  return G_SOURCE_CONTINUE;
}

static void
on_destroy (GtkWidget *widget,
            gboolean  *done)
{
  *done = TRUE;
  g_main_context_wakeup (NULL);
}

int
main (int   argc,
      char *argv[])
{
  GIOChannel *input;
  gboolean done = FALSE;
  guint watch;

  g_set_prgname ("gsk-accessible-app");
  gtk_init ();

  layers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  build ();

  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "accessible-app");
  view = gsk_layer_view_new (root);
  gtk_window_set_child (GTK_WINDOW (window), view);
  g_signal_connect (window, "destroy", G_CALLBACK (on_destroy), &done);
  gtk_window_present (GTK_WINDOW (window));

  input = g_io_channel_unix_new (0);
  watch = g_io_add_watch (input, G_IO_IN | G_IO_HUP, on_command, NULL);

  printf ("ready\n");
  fflush (stdout);
  while (!done)
    g_main_context_iteration (NULL, TRUE);

  g_source_remove (watch);
  g_io_channel_unref (input);
  g_hash_table_unref (layers);

  return 0;
}
