/* pan-action.c: Clutter's pan-action example, ported
 *
 * A 720×720 image larger than the window, panned by dragging it (mouse,
 * touch or touchpad), with kinetic motion when let go, as Clutter's
 * ClutterPanAction with interpolation: here a GskLayerScroll, which
 * pans both ways once its child reaches past it on both axes, and
 * springs back at the edges (Clutter's example pans without bounds).
 * Space brings the image back to its origin, eased over a second.
 * Clutter's example shows its red hand; this one draws a picture of its
 * own (a grid, a red disc, a blue square at 300,300).
 *
 * Usage: pan-action [--screenshot FILE.png [--at SECONDS]] [--drag DX,DY]
 *
 * --drag drags the image by DX,DY from the middle of the window, slowly,
 * once it drew (see examples/example-shot.h for --screenshot).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "example-shot.h"

#define IMAGE 720

typedef struct {
  ExampleShot shot;
  GskLayer *root;
  GskLayer *scroll;
  double drag[2];
  gboolean dragging;
} App;

static GskLayer *
create_content (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, IMAGE, IMAGE);
  cairo_t *cr = cairo_create (surface);
  GskLayerContent *image;
  GskLayer *content = gsk_layer_new ();

  cairo_set_source_rgb (cr, 0.95, 0.93, 0.85);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.7, 0.7, 0.7);
  for (int i = 0; i <= IMAGE; i += 60)
    {
      cairo_rectangle (cr, i - 1, 0, 2, IMAGE);
      cairo_rectangle (cr, 0, i - 1, IMAGE, 2);
    }
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.8, 0.1, 0.1);
  cairo_arc (cr, 480, 480, 150, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.1, 0.2, 0.9);
  cairo_rectangle (cr, 300, 300, 40, 40);
  cairo_fill (cr);
  cairo_destroy (cr);

  image = gsk_layer_image_content_new (surface);
  cairo_surface_destroy (surface);
  gsk_layer_set_size (content, &GRAPHENE_SIZE_INIT (IMAGE, IMAGE));
  gsk_layer_set_content (content, image);
  g_object_unref (image);
  return content;
}

static void
on_scrolled (GskLayerScroll *scroll)
{
  g_print ("panned to %.2f, %.2f\n", gsk_layer_scroll_get_cross_offset (scroll),
           gsk_layer_scroll_get_scroll_offset (scroll));
}

static gboolean
on_key (GskLayerEventController *controller,
        GskLayerEvent           *event,
        App                     *app)
{
  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_KEY_PRESS ||
      gsk_layer_event_get_keyval (event) != GDK_KEY_space)
    return FALSE;

  gsk_layer_save_easing_state (app->scroll);
  gsk_layer_set_easing_duration (app->scroll, 1000);
  gsk_layer_scroll_scroll_to_point (GSK_LAYER_SCROLL (app->scroll), &GRAPHENE_POINT_INIT (0, 0));
  gsk_layer_restore_easing_state (app->scroll);
  return TRUE;
}

static void
start_drag (gpointer data)
{
  App *app = data;

  /* A slow drag from the middle: ten steps 100 ms apart */
  if (app->dragging)
    example_drag (app->shot.window, app->root, &GRAPHENE_POINT_INIT (320, 240),
                  &GRAPHENE_POINT_INIT (320 + app->drag[0], 240 + app->drag[1]), 10, 100);
}

static void
on_activate (GtkApplication *application,
             App            *app)
{
  GskLayerEventController *keys = gsk_layer_event_controller_new ();
  GskLayerConstraint *constraint;
  GskLayer *info;

  app->root = gsk_layer_new ();
  gsk_layer_set_background_color (app->root, &(GdkRGBA) { 0, 0, 0, 1 });

  /* The viewport, the window's size */
  app->scroll = gsk_layer_scroll_new (GSK_LAYER_ORIENTATION_VERTICAL);
  gsk_layer_set_name (app->scroll, "scroll");
  constraint = gsk_layer_bind_constraint_new (app->root, GSK_LAYER_BIND_SIZE, 0);
  gsk_layer_add_constraint (app->scroll, constraint);
  g_object_unref (constraint);
  gsk_layer_add_child (app->scroll, create_content ());
  g_signal_connect (app->scroll, "notify::scroll-offset", G_CALLBACK (on_scrolled), NULL);
  g_signal_connect (app->scroll, "notify::cross-offset", G_CALLBACK (on_scrolled), NULL);
  gsk_layer_add_child (app->root, app->scroll);

  info = gsk_layer_text_new ("Press <space> to reset the image position.");
  gsk_layer_set_position (info, &GRAPHENE_POINT_INIT (12, 12));
  gsk_layer_add_child (app->root, info);

  g_signal_connect (keys, "event", G_CALLBACK (on_key), app);
  gsk_layer_add_controller (app->root, keys);

  app->shot.window = example_window_present (&app->shot, application, "Pan Action", 640, 480, app->root,
                                              start_drag, app);
}

int
main (int    argc,
      char **argv)
{
  App app = { { 0 } };
  int status;

  example_shot_parse (&app.shot, argc, argv);
  for (int i = 1; i + 1 < argc; i++)
    if (g_str_equal (argv[i], "--drag") &&
        sscanf (argv[i + 1], "%lf,%lf", &app.drag[0], &app.drag[1]) == 2)
      app.dragging = TRUE;

  status = example_run ("org.gtk.GskLayer.PanAction", argc, argv, G_CALLBACK (on_activate), &app);

  return status;
}
