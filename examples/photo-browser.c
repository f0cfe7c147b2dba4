/* photo-browser.c: ten thousand photos in a scroll layer
 *
 * A GListStore of 10,000 generated photos (a colour and a number each)
 * shown in a GskLayerScroll bound to it with
 * gsk_layer_scroll_bind_model (): cells of 160×120, as many to a line
 * as fit, made only for what is in view and recycled as it scrolls.
 * Scroll with the wheel, the touchpad or a drag (kinetic, springing
 * back at the ends); zoom from half size to three times with a pinch or
 * Ctrl and the wheel, about the fingers or the pointer. Drag a photo by
 * its grip (the dot in its corner) and drop it on another to move it
 * there in the model: the cells follow the model's items-changed.
 *
 * Usage: photo-browser [--screenshot FILE.png [--at SECONDS]]
 *                      [--scroll-to N] [--zoom Z] [--move FROM,TO]
 *
 * Once the window drew, --scroll-to N scrolls to photo N, --zoom Z
 * zooms about the window's middle, and --move drags the photo at FROM
 * by its grip onto the one at TO with scripted pointer events (see
 * examples/example-shot.h for --screenshot).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "example-shot.h"

#define N_PHOTOS 10000
#define WIDTH 900
#define HEIGHT 640
#define HEADER 40
#define CELL_W 160
#define CELL_H 120
#define GRIP 24

/* {{{ A photo: its number, and its colour from the number */

#define EXAMPLE_TYPE_PHOTO (example_photo_get_type ())
G_DECLARE_FINAL_TYPE (ExamplePhoto, example_photo, EXAMPLE, PHOTO, GObject)

struct _ExamplePhoto
{
  GObject parent_instance;
  guint number;
};

G_DEFINE_FINAL_TYPE (ExamplePhoto, example_photo, G_TYPE_OBJECT)

static void
example_photo_class_init (ExamplePhotoClass *klass)
{
}

static void
example_photo_init (ExamplePhoto *self)
{
}

/* A hue a little further round for each photo */
static void
photo_color (guint    number,
             GdkRGBA *color)
{
  double h = fmod (number * 47.0, 360.0) / 60.0, x = 1 - fabs (fmod (h, 2) - 1);
  double rgb[6][3] = { { 1, x, 0 }, { x, 1, 0 }, { 0, 1, x }, { 0, x, 1 }, { x, 0, 1 }, { 1, 0, x } };
  int i = (int) h % 6;

  *color = (GdkRGBA) { 0.25f + 0.6f * rgb[i][0], 0.25f + 0.6f * rgb[i][1], 0.25f + 0.6f * rgb[i][2], 1 };
}

/* }}} */

typedef struct {
  ExampleShot shot;
  GskLayer *root;
  GskLayerScroll *scroll;
  GListStore *photos;
  /* A photo on the move */
  GskLayer *copy;
  graphene_point_t copy_start;
  guint moving;
  /* Scripted */
  int scroll_to;
  double zoom;
  int move[2];
} App;

/* {{{ Cells */

static void
on_grip_drag_begin (GskLayerDragGesture *gesture,
                    double               x,
                    double               y,
                    App                 *app)
{
  GskLayer *grip = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (gesture));
  GskLayer *cell = gsk_layer_get_parent (grip);
  GskLayer *photo = gsk_layer_get_first_child (cell);
  graphene_point_t p;
  graphene_size_t size;

  /* The press is the move's, not a scroll's */
  gsk_layer_gesture_claim (GSK_LAYER_GESTURE (gesture));
  app->moving = gsk_layer_scroll_get_cell_position (app->scroll, cell);

  /* A copy of the photo follows the pointer above everything, taking
   * no pointer, so that the cells under it see the drag */
  gsk_layer_map_point (photo, app->root, &GRAPHENE_POINT_INIT (0, 0), &p);
  gsk_layer_get_size (photo, &size);
  app->copy = gsk_layer_new ();
  gsk_layer_set_content (app->copy, gsk_layer_get_content (photo));
  gsk_layer_set_size (app->copy, &size);
  gsk_layer_set_position (app->copy, &p);
  gsk_layer_set_opacity (app->copy, 0.8f);
  gsk_layer_set_reactive (app->copy, FALSE);
  gsk_layer_add_child (app->root, app->copy);
  app->copy_start = p;
}

static void
on_grip_drag_update (GskLayerDragGesture *gesture,
                     double               dx,
                     double               dy,
                     App                 *app)
{
  /* Offsets in the grip's parent's space, the cell's, which the zoom
   * scales: on screen, times the zoom */
  double zoom = gsk_layer_scroll_get_zoom (app->scroll);

  if (app->copy != NULL)
    gsk_layer_set_position (app->copy, &GRAPHENE_POINT_INIT (app->copy_start.x + dx * zoom,
                                                             app->copy_start.y + dy * zoom));
}

static void
end_move (App *app)
{
  if (app->copy == NULL)
    return;
  gsk_layer_remove_child (app->root, app->copy);
  app->copy = NULL;
}

static void
on_grip_drag_end (GskLayerDragGesture *gesture,
                  double               dx,
                  double               dy,
                  App                 *app)
{
  end_move (app);
}

/* Dropped on the scroll layer: the photo under the point takes the
 * moving one's place, which moves in the model */
static gboolean
on_drop (GskLayerDropTarget *target,
         GskLayer           *layer,
         double              x,
         double              y,
         App                *app)
{
  graphene_point_t p;
  GskLayer *under;
  guint to;
  g_autoptr (GObject) photo = NULL;

  gsk_layer_map_point (GSK_LAYER (app->scroll), app->root, &GRAPHENE_POINT_INIT (x, y), &p);
  under = gsk_layer_pick (app->root, p.x, p.y);
  while (under != NULL && gsk_layer_get_parent (under) != GSK_LAYER (app->scroll))
    under = gsk_layer_get_parent (under);
  to = under ? gsk_layer_scroll_get_cell_position (app->scroll, under) : G_MAXUINT;
  if (to == G_MAXUINT || app->moving == G_MAXUINT || to == app->moving)
    return FALSE;

  photo = g_list_model_get_item (G_LIST_MODEL (app->photos), app->moving);
  g_print ("Moved photo %u from %u to %u\n", EXAMPLE_PHOTO (photo)->number, app->moving, to);
  g_list_store_remove (app->photos, app->moving);
  g_list_store_insert (app->photos, to, photo);
  return TRUE;
}

static GskLayer *
create_cell (gpointer data)
{
  App *app = data;
  GskLayer *cell = gsk_layer_new ();
  GskLayer *photo = gsk_layer_new ();
  GskLayer *grip = gsk_layer_new ();
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  GskLayerConstraint *fill = gsk_layer_bind_constraint_new (cell, GSK_LAYER_BIND_SIZE, -12);
  GskLayerConstraint *corner = gsk_layer_align_constraint_new (cell, GSK_LAYER_ORIENTATION_HORIZONTAL, 1);

  gsk_layer_set_position (photo, &GRAPHENE_POINT_INIT (6, 6));
  gsk_layer_add_constraint (photo, fill);
  g_object_unref (fill);
  gsk_layer_set_style_from_string (photo, "border-radius: 8px; box-shadow: 0 2px 4px rgba(0,0,0,0.4)", NULL);
  gsk_layer_add_child (cell, photo);

  /* The grip: a light dot in the top right corner */
  gsk_layer_set_size (grip, &GRAPHENE_SIZE_INIT (GRIP, GRIP));
  gsk_layer_set_position (grip, &GRAPHENE_POINT_INIT (0, 8));
  gsk_layer_add_constraint (grip, corner);
  g_object_unref (corner);
  gsk_layer_set_style_from_string (grip, "background-color: rgba(255,255,255,0.85); border-radius: 12px; "
                                         "border: 6px solid rgba(0,0,0,0.35)", NULL);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_grip_drag_begin), app);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_grip_drag_update), app);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_grip_drag_end), app);
  g_signal_connect_swapped (drag, "drag-cancel", G_CALLBACK (end_move), app);
  gsk_layer_add_controller (grip, drag);
  gsk_layer_add_child (cell, grip);

  return cell;
}

/* The photo's picture: its colour, lighter at the top, and its number */
static void
bind_cell (GskLayer *cell,
           gpointer  item,
           gpointer  data)
{
  ExamplePhoto *photo = item;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, CELL_W - 12, CELL_H - 12);
  cairo_t *cr = cairo_create (surface);
  cairo_pattern_t *gradient = cairo_pattern_create_linear (0, 0, 0, CELL_H - 12);
  g_autofree char *number = g_strdup_printf ("%u", photo->number + 1);
  GskLayerContent *content;
  GdkRGBA color;

  photo_color (photo->number, &color);
  cairo_pattern_add_color_stop_rgb (gradient, 0, MIN (color.red + 0.15, 1), MIN (color.green + 0.15, 1),
                                    MIN (color.blue + 0.15, 1));
  cairo_pattern_add_color_stop_rgb (gradient, 1, color.red, color.green, color.blue);
  cairo_set_source (cr, gradient);
  cairo_paint (cr);
  cairo_pattern_destroy (gradient);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 22);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_move_to (cr, 10, CELL_H - 24);
  cairo_show_text (cr, number);
  cairo_destroy (cr);

  content = gsk_layer_image_content_new (surface);
  gsk_layer_set_content (gsk_layer_get_first_child (cell), content);
  g_object_unref (content);
  cairo_surface_destroy (surface);
}

static void
unbind_cell (GskLayer *cell,
             gpointer  item,
             gpointer  data)
{
  gsk_layer_set_content (gsk_layer_get_first_child (cell), NULL);
}

/* }}} */
/* {{{ Scripted input */

/* The photo at @position's grip, in the root's space */
static void
grip_point (App              *app,
            guint             position,
            graphene_point_t *point)
{
  graphene_rect_t bounds;
  double zoom = gsk_layer_scroll_get_zoom (app->scroll);

  gsk_layer_scroll_get_item_bounds (app->scroll, position, &bounds);
  point->x = (bounds.origin.x + bounds.size.width - GRIP / 2.0) * zoom
             - gsk_layer_scroll_get_cross_offset (app->scroll);
  point->y = (bounds.origin.y + 8 + GRIP / 2.0) * zoom - gsk_layer_scroll_get_scroll_offset (app->scroll) + HEADER;
}

static void
start (gpointer data)
{
  App *app = data;

  if (app->scroll_to >= 0)
    gsk_layer_scroll_scroll_to_item (app->scroll, app->scroll_to);
  if (app->zoom > 0)
    gsk_layer_scroll_zoom_to (app->scroll, app->zoom, NULL);
  if (app->move[0] >= 0 && app->move[1] >= 0)
    {
      graphene_point_t from, to;

      grip_point (app, app->move[0], &from);
      grip_point (app, app->move[1], &to);
      example_drag (app->shot.window, app->root, &from, &to, 20, 50);
    }
}

/* }}} */

static void
on_activate (GtkApplication *application,
             App            *app)
{
  GskLayerEventController *drop = gsk_layer_drop_target_new ();
  GskLayerConstraint *constraint;
  GskLayer *header;

  app->photos = g_list_store_new (EXAMPLE_TYPE_PHOTO);
  for (guint i = 0; i < N_PHOTOS; i++)
    {
      ExamplePhoto *photo = g_object_new (EXAMPLE_TYPE_PHOTO, NULL);

      photo->number = i;
      g_list_store_append (app->photos, photo);
      g_object_unref (photo);
    }

  app->root = gsk_layer_new ();
  gsk_layer_set_background_color (app->root, &(GdkRGBA) { 0.12f, 0.12f, 0.14f, 1 });

  header = gsk_layer_text_new ("10,000 photos: drag a photo by its grip to move it; "
                               "pinch or Ctrl and the wheel to zoom");
  gsk_layer_text_set_color (GSK_LAYER_TEXT (header), &(GdkRGBA) { 0.9f, 0.9f, 0.9f, 1 });
  gsk_layer_set_position (header, &GRAPHENE_POINT_INIT (12, 10));
  gsk_layer_add_child (app->root, header);

  app->scroll = GSK_LAYER_SCROLL (gsk_layer_scroll_new (GSK_LAYER_ORIENTATION_VERTICAL));
  gsk_layer_set_position (GSK_LAYER (app->scroll), &GRAPHENE_POINT_INIT (0, HEADER));
  constraint = gsk_layer_bind_constraint_new (app->root, GSK_LAYER_BIND_WIDTH, 0);
  gsk_layer_add_constraint (GSK_LAYER (app->scroll), constraint);
  g_object_unref (constraint);
  constraint = gsk_layer_bind_constraint_new (app->root, GSK_LAYER_BIND_HEIGHT, -HEADER);
  gsk_layer_add_constraint (GSK_LAYER (app->scroll), constraint);
  g_object_unref (constraint);
  gsk_layer_scroll_set_zoom_limits (app->scroll, 0.5, 3);
  gsk_layer_scroll_bind_model (app->scroll, G_LIST_MODEL (app->photos), &GRAPHENE_SIZE_INIT (CELL_W, CELL_H),
                               create_cell, bind_cell, unbind_cell, app, NULL);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), app);
  gsk_layer_add_controller (GSK_LAYER (app->scroll), drop);
  gsk_layer_add_child (app->root, GSK_LAYER (app->scroll));

  app->shot.window = example_window_present (&app->shot, application, "Photos", WIDTH, HEIGHT, app->root,
                                              start, app);
}

int
main (int    argc,
      char **argv)
{
  App app = { .scroll_to = -1, .move = { -1, -1 }, .moving = G_MAXUINT };
  int status;

  example_shot_parse (&app.shot, argc, argv);
  for (int i = 1; i + 1 < argc; i++)
    {
      if (g_str_equal (argv[i], "--scroll-to"))
        app.scroll_to = atoi (argv[i + 1]);
      else if (g_str_equal (argv[i], "--zoom"))
        app.zoom = g_ascii_strtod (argv[i + 1], NULL);
      else if (g_str_equal (argv[i], "--move"))
        sscanf (argv[i + 1], "%d,%d", &app.move[0], &app.move[1]);
    }

  status = example_run ("org.gtk.GskLayer.Photos", argc, argv, G_CALLBACK (on_activate), &app);
  g_clear_object (&app.photos);

  return status;
}
