/* test-view-widget.c: GTK widgets hosted on layers of a GskLayerView, in
 * a GTK window on a real X server (run as test-view.c is, under
 * xvfb-run by tests/meson.build, once per GTK renderer)
 *
 * - size: a hosted widget's layer has the widget's natural size;
 * - input, with a real pointer and keyboard moved by xdotool: clicks
 *   on widgets under perspective and on the faces of a cube, typing
 *   into an entry, Tab through layers and widgets alike;
 * - pixels: a hosted widget looks as the same widget in a window;
 * - lifetimes: a widget whose layer leaves the tree mid-grab, focused
 *   or animating.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <glib/gstdio.h>

#include "view-test-utils.h"
#include "perspective-button-utils.h"

/* {{{ Hosted widgets */

/* A hosted widget's layer has the widget's natural size from creation,
 * before any view lays it out (issue 31); measured here on a second,
 * identical button */
static void
test_widget_natural_size (void)
{
  GtkWidget *reference = g_object_ref_sink (gtk_button_new_with_label ("Natural size"));
  GskLayer *layer = g_object_ref_sink (gsk_layer_widget_new (gtk_button_new_with_label ("Natural size")));
  graphene_size_t size;
  int w, h;

  gtk_widget_measure (reference, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
  gtk_widget_measure (reference, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
  gsk_layer_get_size (layer, &size);
  g_test_message ("button %dx%d, layer %gx%g", w, h, size.width, size.height);
  g_assert_cmpint (w, >, 0);
  g_assert_cmpfloat (size.width, ==, w);
  g_assert_cmpfloat (size.height, ==, h);

  /* Set by the application, it stays */
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (200, 80));
  gsk_layer_get_size (layer, &size);
  g_assert_cmpfloat (size.width, ==, 200);

  g_object_unref (layer);
  g_object_unref (reference);
}

/* Clicks at (@x, @y) of the view (rounded to a pixel, where xdotool
 * puts the pointer) and says whether the button counted a click */
static gboolean
click_counts (Fixture *f,
              double   x,
              double   y,
              int     *n)
{
  int before = *n;

  move_pointer (f, (int) round (x), (int) round (y));
  spin (50);
  xdotool (f, "click", "1", NULL);
  spin (150);
  g_test_message ("click at %d,%d: %s", (int) round (x), (int) round (y), *n > before ? "clicked" : "not clicked");
  return *n > before;
}

static void
test_widget_perspective_click (Fixture       *f,
                               gconstpointer  data)
{
  GtkWidget *button = gtk_button_new_with_label ("Press me");
  GskLayer *host;
  int clicks = 0;
  double x, y, ex, ey;

  g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), &clicks);
  host = add_perspective_button (f->root, button);
  spin (200);
  g_assert_true (gtk_widget_get_parent (button) == f->view);

  /* The right edge, far and small: 3 px inside it counts, 3 px outside
   * does not */
  button_point_on_screen (BUTTON_W, BUTTON_H / 2.0, &ex, &ey);
  g_assert_true (click_counts (f, ex - 3, ey, &clicks));
  g_assert_false (click_counts (f, ex + 3, ey, &clicks));
  /* The left edge, near and large */
  button_point_on_screen (0, BUTTON_H / 2.0, &ex, &ey);
  g_assert_true (click_counts (f, ex + 3, ey, &clicks));
  g_assert_false (click_counts (f, ex - 3, ey, &clicks));
  /* The slanted top edge, near the far end: on screen it slopes, so a
   * point 3 px below it at that x counts and 3 px above does not */
  button_point_on_screen (BUTTON_W * 0.85, 0, &x, &y);
  g_assert_true (click_counts (f, x, y + 3, &clicks));
  g_assert_false (click_counts (f, x, y - 3, &clicks));
  /* The middle; hovered first: the button shows its hover state, which
   * is a new picture of it, so the view renders a frame */
  button_point_on_screen (BUTTON_W / 2.0, BUTTON_H / 2.0, &x, &y);
  move_pointer (f, 5, 5);
  spin (100);
  g_assert_false (gtk_widget_get_state_flags (button) & GTK_STATE_FLAG_PRELIGHT);
  {
    guint frames = gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (f->view));

    move_pointer (f, (int) round (x), (int) round (y));
    spin (100);
    move_pointer (f, (int) round (x) + 1, (int) round (y));
    spin (150);
    g_assert_true (gtk_widget_get_state_flags (button) & GTK_STATE_FLAG_PRELIGHT);
    g_assert_cmpuint (gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (f->view)), >, frames);
  }
  g_assert_true (click_counts (f, x, y, &clicks));
  g_assert_cmpint (clicks, ==, 4);

  /* A layer above the button covers it, for the pointer too */
  {
    GskLayer *cover = colored (0, 0, WIDTH / 2, HEIGHT, &(GdkRGBA) { 0.5f, 0.5f, 0.5f, 1 });

    gsk_layer_add_child (f->root, cover);
    spin (100);
    button_point_on_screen (BUTTON_W * 0.25, BUTTON_H / 2.0, &x, &y);
    g_assert_cmpfloat (x, <, WIDTH / 2);
    g_assert_false (click_counts (f, x, y, &clicks));
    button_point_on_screen (BUTTON_W * 0.75, BUTTON_H / 2.0, &x, &y);
    g_assert_true (click_counts (f, x, y, &clicks));
  }

  /* Removed from the tree, the widget leaves the view */
  g_object_ref (button);
  gsk_layer_remove_child (f->root, host);
  spin (100);
  g_assert_null (gtk_widget_get_parent (button));
  g_object_unref (button);
}

/* A cube of six buttons, 120 px a side, in one 3D rendering context
 * under perspective(400px), turned by rotateY(30deg): its front and left
 * faces face the viewer. Where a face's point is on screen is worked out
 * here from CSS's definitions, not GSK's matrices: each face is turned
 * from the front about the cube's centre and pushed out 60 px
 * ("rotateY(90deg) translateZ(60px)"), then the cube turns, then the
 * perspective divides by the depth about the view's centre. */
static const char * const cube_faces[] = {
  "translateZ(60px)", "rotateY(90deg) translateZ(60px)", "rotateY(180deg) translateZ(60px)",
  "rotateY(-90deg) translateZ(60px)", "rotateX(90deg) translateZ(60px)", "rotateX(-90deg) translateZ(60px)",
};
enum { FRONT, RIGHT, BACK, LEFT, TOP, BOTTOM };

static void
cube_point_on_screen (int     face,
                      double  cube_angle,
                      double  u,
                      double  v,
                      double *x,
                      double *y)
{
  /* The face's turn: about y for the four sides, about x for the top
   * (90°) and the bottom (-90°) */
  static const double turn_y[] = { 0, 90, 180, -90, 0, 0 }, turn_x[] = { 0, 0, 0, 0, 90, -90 };
  double px = u - 60, py = v - 60, pz = 60;
  double a = turn_y[face] * G_PI / 180, b = turn_x[face] * G_PI / 180, c = cube_angle * G_PI / 180;
  double qx, qy, qz, k;

  /* rotateX: y' = y cos - z sin, z' = y sin + z cos; rotateY: x' = x cos
   * + z sin, z' = -x sin + z cos */
  qy = py * cos (b) - pz * sin (b);
  qz = py * sin (b) + pz * cos (b);
  py = qy, pz = qz;
  qx = px * cos (a) + pz * sin (a);
  qz = -px * sin (a) + pz * cos (a);
  px = qx, pz = qz;
  qx = px * cos (c) + pz * sin (c);
  qz = -px * sin (c) + pz * cos (c);
  k = 400 / (400 - qz);
  *x = WIDTH / 2.0 + qx * k;
  *y = HEIGHT / 2.0 + py * k;
}

static void
set_cube_angle (GskLayer *cube,
                double    angle)
{
  g_autofree char *css = g_strdup_printf ("rotateY(%gdeg)", angle);
  GskLayerTransform *t = NULL;

  g_assert_true (gsk_layer_transform_parse (css, &t, NULL));
  gsk_layer_set_transform (cube, t);
  gsk_layer_transform_unref (t);
}

/* Real clicks reach the button in front at that pixel: the back face
 * comes after the front one in the tree, and the right one too, yet a
 * click where they lie behind the front face goes to the front face */
static void
test_widget_cube_click (Fixture       *f,
                        gconstpointer  data)
{
  GskLayer *cube = gsk_layer_new ();
  GskLayerTransform *t = NULL;
  int clicks[6] = { 0, };
  double x, y;
  int i;

  g_assert_true (gsk_layer_transform_parse ("perspective(400px)", &t, NULL));
  gsk_layer_set_child_transform (f->root, t);
  gsk_layer_transform_unref (t);
  gsk_layer_set_position (cube, &GRAPHENE_POINT_INIT ((WIDTH - 120) / 2, (HEIGHT - 120) / 2));
  gsk_layer_set_size (cube, &GRAPHENE_SIZE_INIT (120, 120));
  gsk_layer_set_transform_style (cube, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  for (i = 0; i < 6; i++)
    {
      GtkWidget *button = gtk_button_new_with_label (cube_faces[i]);
      GskLayer *host = gsk_layer_widget_new (button);

      g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), &clicks[i]);
      gsk_layer_set_size (host, &GRAPHENE_SIZE_INIT (120, 120));
      g_assert_true (gsk_layer_transform_parse (cube_faces[i], &t, NULL));
      gsk_layer_set_transform (host, t);
      gsk_layer_transform_unref (t);
      gsk_layer_add_child (cube, host);
    }
  set_cube_angle (cube, 30);
  gsk_layer_add_child (f->root, cube);
  spin (200);

  /* The two faces in front, each in its middle */
  cube_point_on_screen (FRONT, 30, 60, 60, &x, &y);
  g_assert_true (click_counts (f, x, y, &clicks[FRONT]));
  cube_point_on_screen (LEFT, 30, 60, 60, &x, &y);
  g_assert_true (click_counts (f, x, y, &clicks[LEFT]));

  /* The back face near its left edge, and the right face's middle, both
   * behind the front face (on screen between its edges, 172 and 287 px
   * at this height): the front face takes the click */
  cube_point_on_screen (BACK, 30, 10, 60, &x, &y);
  g_assert_cmpfloat (x, >, 180);
  g_assert_true (click_counts (f, x, y, &clicks[FRONT]));
  g_assert_cmpint (clicks[BACK], ==, 0);
  cube_point_on_screen (RIGHT, 30, 60, 60, &x, &y);
  g_assert_cmpfloat (x, <, 280);
  g_assert_true (click_counts (f, x, y, &clicks[FRONT]));
  g_assert_cmpint (clicks[RIGHT], ==, 0);

  /* Half a turn on, the back face is in front where the front one was */
  set_cube_angle (cube, 210);
  spin (200);
  cube_point_on_screen (BACK, 210, 60, 60, &x, &y);
  g_assert_true (click_counts (f, x, y, &clicks[BACK]));
  cube_point_on_screen (FRONT, 210, 10, 60, &x, &y);
  g_assert_true (click_counts (f, x, y, &clicks[BACK]));
  g_assert_cmpint (clicks[FRONT], ==, 3);
  g_assert_cmpint (clicks[LEFT], ==, 1);
  g_assert_cmpint (clicks[BACK], ==, 2);
  g_assert_cmpint (clicks[RIGHT] + clicks[TOP] + clicks[BOTTOM], ==, 0);
}

static void
test_widget_entry_typing (Fixture       *f,
                          gconstpointer  data)
{
  GtkWidget *entry = gtk_entry_new ();
  double x, y;

  add_perspective_button (f->root, entry);
  spin (200);

  button_point_on_screen (BUTTON_W * 0.8, BUTTON_H / 2.0, &x, &y);
  move_pointer (f, (int) round (x), (int) round (y));
  spin (50);
  xdotool (f, "click", "1", NULL);
  spin (150);
  g_assert_true (gtk_widget_has_focus (gtk_widget_get_first_child (entry)) || gtk_widget_is_focus (entry) ||
                 gtk_widget_get_focus_child (entry) != NULL);
  xdotool (f, "type", "--delay", "20", "hello", NULL);
  spin (200);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "hello");
}

/* A hosted widget looks as the same widget does in a window: the
 * reference is a second button in a window of its own, placed by GTK's
 * own layout (margins of 20), drawn by GTK's renderer */
static void
test_widget_pixels (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *reference = gtk_button_new_with_label ("Same button");
  GtkWidget *window = gtk_window_new ();
  GskLayer *host = gsk_layer_widget_new (gtk_button_new_with_label ("Same button"));
  GdkPaintable *paintable;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  GdkTexture *texture;
  cairo_surface_t *expected, *shown, *crop;
  cairo_t *cr;
  guint32 bg;
  int n;

  gtk_widget_set_size_request (reference, 160, 60);
  gtk_widget_set_halign (reference, GTK_ALIGN_START);
  gtk_widget_set_valign (reference, GTK_ALIGN_START);
  gtk_widget_set_margin_start (reference, 20);
  gtk_widget_set_margin_top (reference, 20);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 200, 100);
  gtk_window_set_child (GTK_WINDOW (window), reference);
  gtk_window_present (GTK_WINDOW (window));
  spin (300);

  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, 200, 100);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, 200, 100));
  expected = texture_to_surface (texture);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  gtk_window_destroy (GTK_WINDOW (window));

  /* The view: the window's background, the button's layer where GTK
   * put the reference */
  bg = *(guint32 *) (cairo_image_surface_get_data (expected) + 95 * cairo_image_surface_get_stride (expected) + 195 * 4);
  gsk_layer_set_background_color (f->root, &(GdkRGBA) { ((bg >> 16) & 0xff) / 255.f, ((bg >> 8) & 0xff) / 255.f,
                                                        (bg & 0xff) / 255.f, 1 });
  gsk_layer_set_position (host, &GRAPHENE_POINT_INIT (20, 20));
  gsk_layer_set_size (host, &GRAPHENE_SIZE_INIT (160, 60));
  gsk_layer_add_child (f->root, host);
  spin (300);
  shown = draw_with_gtk (f);
  crop = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);
  cr = cairo_create (crop);
  cairo_set_source_surface (cr, shown, 0, 0);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (cr);
  cairo_destroy (cr);
  if (g_getenv ("TEST_VIEW_SAVE"))
    {
      cairo_surface_write_to_png (crop, "test-view-widget-shown.png");
      cairo_surface_write_to_png (expected, "test-view-widget-expected.png");
    }

  /* Text may be antialiased a little differently (GTK's GL renderer has
   * its own glyph cache; the layer's content is drawn with cairo): 2%
   * of the pixels at most, where a widget off by a few pixels differs
   * along every edge and glyph */
  n = compare (crop, expected, 24);
  g_assert_cmpint (n, <=, 200 * 100 / 50);

  cairo_surface_destroy (crop);
  cairo_surface_destroy (shown);
  cairo_surface_destroy (expected);
}

/* The pointer pressed on a hosted button, its layer leaves the tree, the
 * pointer is let go: no click, no warning, the widget let go */
static void
test_widget_removed_during_grab (Fixture       *f,
                                 gconstpointer  data)
{
  GtkWidget *button = g_object_ref_sink (gtk_button_new_with_label ("Held"));
  GskLayer *host;
  int clicks = 0;
  double x, y;

  g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), &clicks);
  host = add_perspective_button (f->root, button);
  spin (200);
  button_point_on_screen (BUTTON_W / 2.0, BUTTON_H / 2.0, &x, &y);
  move_pointer (f, (int) round (x), (int) round (y));
  spin (100);
  xdotool (f, "mousedown", "1", NULL);
  spin (100);
  g_assert_true (gtk_widget_get_state_flags (button) & GTK_STATE_FLAG_ACTIVE);

  gsk_layer_remove_child (f->root, host);
  spin (100);
  g_assert_null (gtk_widget_get_parent (button));
  move_pointer (f, (int) round (x) + 20, (int) round (y));
  xdotool (f, "mouseup", "1", NULL);
  spin (100);
  g_assert_cmpint (clicks, ==, 0);
  g_object_unref (button);
}

/* Tab goes through layers and hosted widgets alike, in tree order */
static void
test_widget_tab_order (Fixture       *f,
                       gconstpointer  data)
{
  Log log = { g_string_new (NULL), FALSE };
  GskLayer *a = logged ("a", 20, 20, &log);
  GskLayer *b = logged ("b", 200, 20, &log);
  GtkWidget *hosted = gtk_button_new_with_label ("Hosted");
  GskLayer *host = gsk_layer_widget_new (hosted);

  gsk_layer_set_position (host, &GRAPHENE_POINT_INIT (20, 150));
  gsk_layer_set_focusable (a, TRUE);
  gsk_layer_set_focusable (b, TRUE);
  gsk_layer_add_child (f->root, a);
  gsk_layer_add_child (f->root, host);
  gsk_layer_add_child (f->root, b);
  spin (100);

  gtk_widget_grab_focus (f->view);
  spin (50);
  press_key_for (f, "Tab", &log, "focus-in a");
  press_key_for (f, "Tab", &log, "focus-out a");
  spin (50);
  g_assert_true (gtk_widget_has_focus (hosted));
  g_assert_null (gsk_layer_get_focus (f->root));
  press_key_for (f, "Tab", &log, "focus-in b");
  g_assert_false (gtk_widget_has_focus (hosted));
  press_key_for (f, "Tab", &log, "focus-out b");
  spin (50);
  g_assert_true (gtk_widget_has_focus (f->button));

  /* And back */
  press_key_for (f, "shift+Tab", &log, "focus-in b");
  press_key_for (f, "shift+Tab", &log, "focus-out b");
  spin (50);
  g_assert_true (gtk_widget_has_focus (hosted));

  close_window (f);
  g_string_free (log.log, TRUE);
}

static void
test_widget_size_and_lifetime (Fixture       *f,
                               gconstpointer  data)
{
  GtkWidget *button = gtk_button_new_with_label ("A label of some length");
  GskLayer *host = gsk_layer_widget_new (button);
  graphene_size_t size;
  int nat_w, nat_h;

  gsk_layer_add_child (f->root, host);
  spin (200);
  /* Its size is the widget's natural size */
  gtk_widget_measure (button, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat_w, NULL, NULL);
  gtk_widget_measure (button, GTK_ORIENTATION_VERTICAL, nat_w, NULL, &nat_h, NULL, NULL);
  gsk_layer_get_size (host, &size);
  g_assert_cmpfloat (size.width, ==, nat_w);
  g_assert_cmpfloat (size.height, ==, nat_h);
  /* And it is what it asks of a layout manager */
  {
    graphene_size_t natural;

    gsk_layer_get_preferred_size (host, NULL, &natural);
    g_assert_cmpfloat (natural.width, ==, nat_w);
    g_assert_cmpfloat (natural.height, ==, nat_h);
  }

  /* Focused and animating, then taken out of the tree and dropped */
  gtk_widget_grab_focus (button);
  spin (50);
  g_assert_true (gtk_widget_has_focus (button));
  gsk_layer_save_easing_state (host);
  gsk_layer_set_easing_duration (host, 1000);
  gsk_layer_set_opacity (host, 0.2f);
  gsk_layer_restore_easing_state (host);
  spin (100);
  g_object_ref (button);
  gsk_layer_remove_child (f->root, host);
  spin (100);
  g_assert_null (gtk_widget_get_parent (button));
  g_assert_false (gtk_widget_has_focus (button));
  g_object_unref (button);
  spin (100);
}

/* }}} */

/* {{{ Data dragged onto the view (GTK's drag and drop) */

typedef struct {
  char *text;
  GFile *file;
  graphene_point_t at;
  int enters, leaves;
} Dropped;

static void
on_data_enter (GskLayerDropTarget *target,
               GskLayer           *layer,
               double              x,
               double              y,
               Dropped            *dropped)
{
  g_assert_null (layer);
  dropped->enters++;
}

static void
on_data_leave (GskLayerDropTarget *target,
               Dropped            *dropped)
{
  dropped->leaves++;
}

static gboolean
on_drop_value (GskLayerDropTarget *target,
               const GValue       *value,
               double              x,
               double              y,
               Dropped            *dropped)
{
  if (G_VALUE_HOLDS_STRING (value))
    dropped->text = g_value_dup_string (value);
  else if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) && g_value_get_boxed (value) != NULL)
    dropped->file = g_object_ref (((GSList *) g_value_get_boxed (value))->data);
  dropped->at = GRAPHENE_POINT_INIT (x, y);
  return TRUE;
}

static gboolean
text_dropped (gconstpointer data)
{
  const Dropped *dropped = data;

  return dropped->text != NULL || dropped->file != NULL;
}

/* A layer at (100, 50), 200 × 150, turned a little, that takes @types */
static GskLayer *
drop_layer (Fixture     *f,
            const GType *types,
            gsize        n_types,
            Dropped     *dropped)
{
  GskLayer *layer = colored (100, 50, 200, 150, &(GdkRGBA) { 0.3f, 0.6f, 0.3f, 1 });
  GskLayerEventController *target = gsk_layer_drop_target_new ();

  gsk_layer_drop_target_set_gtypes (GSK_LAYER_DROP_TARGET (target), types, n_types);
  g_signal_connect (target, "enter", G_CALLBACK (on_data_enter), dropped);
  g_signal_connect (target, "leave", G_CALLBACK (on_data_leave), dropped);
  g_signal_connect (target, "drop-value", G_CALLBACK (on_drop_value), dropped);
  gsk_layer_add_controller (layer, target);
  gsk_layer_add_child (f->root, layer);
  return layer;
}

/* A real drag with xdotool, from the button under the view to @x, @y
 * of the view, step by step as a hand moves */
static void
drag_from_button (Fixture *f,
                  int      x,
                  int      y)
{
  int bx = gtk_widget_get_width (f->button) / 2, by = HEIGHT + gtk_widget_get_height (f->button) / 2;

  move_pointer (f, bx, by);
  spin (100);
  xdotool (f, "mousedown", "1", NULL);
  spin (50);
  for (int i = 1; i <= 20; i++)
    {
      move_pointer (f, bx + (x - bx) * i / 20, by + (y - by) * i / 20);
      spin (30);
    }
  spin (200);
  xdotool (f, "mouseup", "1", NULL);
}

/* Text from a GtkDragSource on the button, dropped on the layer: its
 * drop target gets it, with the point in its own space */
static void
test_drop_text (Fixture       *f,
                gconstpointer  data)
{
  GType types[] = { G_TYPE_STRING };
  Dropped dropped = { 0 };
  GtkDragSource *source = gtk_drag_source_new ();
  GdkContentProvider *content = gdk_content_provider_new_typed (G_TYPE_STRING, "Dropped text");

  gtk_drag_source_set_content (source, content);
  g_object_unref (content);
  gtk_widget_add_controller (f->button, GTK_EVENT_CONTROLLER (source));
  drop_layer (f, types, 1, &dropped);
  spin (200);

  drag_from_button (f, 180, 120);
  g_assert_true (wait_until (text_dropped, &dropped, 5000));
  g_assert_cmpstr (dropped.text, ==, "Dropped text");
  g_assert_cmpfloat_with_epsilon (dropped.at.x, 80, 2);
  g_assert_cmpfloat_with_epsilon (dropped.at.y, 70, 2);
  g_assert_cmpint (dropped.enters, ==, 1);
  g_assert_cmpint (dropped.leaves, ==, 1);
  g_free (dropped.text);
}

/* A file, dropped where no layer takes it, then on the layer, which
 * takes files as a file list */
static void
test_drop_file (Fixture       *f,
                gconstpointer  data)
{
  GType types[] = { GDK_TYPE_FILE_LIST };
  Dropped dropped = { 0 };
  GtkDragSource *source = gtk_drag_source_new ();
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "gsk-dropped.txt", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GdkContentProvider *content;

  /* GTK's drag icon for a file asks for its information: a real file */
  g_assert_true (g_file_set_contents (path, "dropped", -1, NULL));
  content = gdk_content_provider_new_typed (G_TYPE_FILE, file);

  gtk_drag_source_set_content (source, content);
  g_object_unref (content);
  gtk_widget_add_controller (f->button, GTK_EVENT_CONTROLLER (source));
  drop_layer (f, types, 1, &dropped);
  spin (200);

  /* Outside the layer: nothing takes it (the way there crosses it: in
   * and out again) */
  drag_from_button (f, 30, 30);
  spin (500);
  g_assert_false (text_dropped (&dropped));
  g_assert_cmpint (dropped.enters, ==, dropped.leaves);

  drag_from_button (f, 250, 100);
  g_assert_true (wait_until (text_dropped, &dropped, 5000));
  g_assert_nonnull (dropped.file);
  g_assert_true (g_file_equal (dropped.file, file));
  g_assert_cmpfloat_with_epsilon (dropped.at.x, 150, 2);
  g_assert_cmpfloat_with_epsilon (dropped.at.y, 50, 2);
  g_object_unref (dropped.file);
  g_unlink (path);
}

/* }}} */

int
main (int    argc,
      char **argv)
{
  /* No session bus here for the accessibility bridge to talk to: it
   * would warn, and warnings fail tests */
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_test_init (&argc, &argv, NULL);
  gtk_init ();

  g_test_add_func ("/view/widget-natural-size", test_widget_natural_size);
  g_test_add ("/view/widget/perspective-click", Fixture, NULL, fixture_set_up,
              test_widget_perspective_click, fixture_tear_down);
  g_test_add ("/view/widget/cube-click", Fixture, NULL, fixture_set_up,
              test_widget_cube_click, fixture_tear_down);
  g_test_add ("/view/widget/entry-typing", Fixture, NULL, fixture_set_up,
              test_widget_entry_typing, fixture_tear_down);
  g_test_add ("/view/widget/pixels", Fixture, NULL, fixture_set_up,
              test_widget_pixels, fixture_tear_down);
  g_test_add ("/view/widget/removed-during-grab", Fixture, NULL, fixture_set_up,
              test_widget_removed_during_grab, fixture_tear_down);
  g_test_add ("/view/widget/tab-order", Fixture, NULL, fixture_set_up,
              test_widget_tab_order, fixture_tear_down);
  g_test_add ("/view/drop/text", Fixture, NULL, fixture_set_up, test_drop_text, fixture_tear_down);
  g_test_add ("/view/drop/file", Fixture, NULL, fixture_set_up, test_drop_file, fixture_tear_down);
  g_test_add ("/view/widget/size-and-lifetime", Fixture, NULL, fixture_set_up,
              test_widget_size_and_lifetime, fixture_tear_down);

  return g_test_run ();
}
