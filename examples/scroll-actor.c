/* scroll-actor.c: Clutter's scroll-actor example, ported
 *
 * A menu of twelve text items in a GskLayerScroll, as Clutter's
 * ClutterScrollActor: Up and Down select the previous and the next item
 * (round the ends), shown in light sky blue, and scroll_to_point ()
 * brings it to the top of the scroll layer, eased over 250 ms by the
 * layer's easing state; q quits.
 *
 * Usage: scroll-actor [--screenshot FILE.png [--at SECONDS]] [--keys Down,Up,...]
 *
 * --keys presses those keys, one after the other, once the window drew
 * (see examples/example-shot.h for --screenshot).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "example-shot.h"

#define PADDING 18.f
#define N_ITEMS 12

typedef struct {
  ExampleShot shot;
  GskLayer *root;
  GskLayer *scroll;
  GskLayer *menu;
  int current;
  char **keys;
} App;

static void
set_selected (GskLayer *item,
              gboolean  selected)
{
  static const GdkRGBA light_sky_blue = { 135 / 255.f, 206 / 255.f, 250 / 255.f, 1 };
  static const GdkRGBA white = { 1, 1, 1, 1 };

  gsk_layer_text_set_color (GSK_LAYER_TEXT (item), selected ? &light_sky_blue : &white);
}

static GskLayer *
select_item (App *app,
             int  index)
{
  GskLayer *item;

  if (app->current >= 0)
    set_selected (gsk_layer_get_child_at_index (app->menu, app->current), FALSE);
  if (index < 0)
    index = N_ITEMS - 1;
  else if (index >= N_ITEMS)
    index = 0;
  app->current = index;
  item = gsk_layer_get_child_at_index (app->menu, index);
  set_selected (item, TRUE);
  return item;
}

static gboolean
on_key (GskLayerEventController *controller,
        GskLayerEvent           *event,
        App                     *app)
{
  GskLayer *item;
  graphene_point_t p;

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_KEY_PRESS)
    return FALSE;

  switch (gsk_layer_event_get_keyval (event))
    {
    case GDK_KEY_q:
      gtk_window_destroy (GTK_WINDOW (app->shot.window));
      return TRUE;
    case GDK_KEY_Up:
      item = select_item (app, app->current - 1);
      break;
    case GDK_KEY_Down:
      item = select_item (app, app->current + 1);
      break;
    default:
      return FALSE;
    }

  gsk_layer_get_position (item, &p);
  gsk_layer_scroll_scroll_to_point (GSK_LAYER_SCROLL (app->scroll), &p);
  return TRUE;
}

static void
press_keys (gpointer data)
{
  App *app = data;

  for (int i = 0; app->keys && app->keys[i]; i++)
    example_dispatch_key (app->root, gdk_keyval_from_name (app->keys[i]));
}

static void
on_activate (GtkApplication *application,
             App            *app)
{
  GskLayerLayoutManager *column = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_VERTICAL);
  GskLayerEventController *keys = gsk_layer_event_controller_new ();
  GskLayerConstraint *constraint;

  app->root = gsk_layer_new ();
  gsk_layer_set_background_color (app->root, &(GdkRGBA) { 0, 0, 0, 1 });

  app->menu = gsk_layer_new ();
  gsk_layer_box_layout_set_spacing (GSK_LAYER_BOX_LAYOUT (column), 12);
  gsk_layer_set_layout_manager (app->menu, column);
  g_object_unref (column);
  for (int i = 0; i < N_ITEMS; i++)
    {
      g_autofree char *label = g_strdup_printf ("Option %02d", i + 1);
      GskLayer *item = gsk_layer_text_new (label);

      gsk_layer_text_set_font (GSK_LAYER_TEXT (item), "Sans Bold 24px");
      gsk_layer_set_margin (item, 0, 12, 0, 12);
      set_selected (item, FALSE);
      gsk_layer_add_child (app->menu, item);
    }
  app->current = -1;
  select_item (app, 0);

  app->scroll = gsk_layer_scroll_new (GSK_LAYER_ORIENTATION_VERTICAL);
  gsk_layer_set_name (app->scroll, "scroll");
  /* An easing state kept for good: every scroll eases */
  gsk_layer_save_easing_state (app->scroll);
  gsk_layer_set_easing_duration (app->scroll, 250);
  gsk_layer_add_child (app->scroll, app->menu);
  gsk_layer_set_position (app->scroll, &GRAPHENE_POINT_INIT (0, PADDING));
  constraint = gsk_layer_align_constraint_new (app->root, GSK_LAYER_ORIENTATION_HORIZONTAL, 0.5);
  gsk_layer_add_constraint (app->scroll, constraint);
  g_object_unref (constraint);
  constraint = gsk_layer_bind_constraint_new (app->root, GSK_LAYER_BIND_HEIGHT, -PADDING * 2);
  gsk_layer_add_constraint (app->scroll, constraint);
  g_object_unref (constraint);
  gsk_layer_add_child (app->root, app->scroll);

  g_signal_connect (keys, "event", G_CALLBACK (on_key), app);
  gsk_layer_add_controller (app->root, keys);

  app->shot.window = example_window_present (&app->shot, application, "Scroll Actor", 640, 480, app->root,
                                              press_keys, app);
}

int
main (int    argc,
      char **argv)
{
  App app = { { 0 } };
  int status;

  example_shot_parse (&app.shot, argc, argv);
  for (int i = 1; i + 1 < argc; i++)
    if (g_str_equal (argv[i], "--keys"))
      app.keys = g_strsplit (argv[i + 1], ",", -1);

  status = example_run ("org.gtk.GskLayer.ScrollActor", argc, argv, G_CALLBACK (on_activate), &app);
  g_strfreev (app.keys);

  return status;
}
