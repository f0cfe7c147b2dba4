/* test-examples.c: the GTK examples run, on a real X server
 *
 * Runs examples/widgets-on-layers (Clutter-GTK's gtk-clutter-test,
 * ported: live GTK widgets on turning layers) under xvfb-run with GTK's
 * GL renderer and its cairo renderer, and checks the windows it draws:
 * the stage's colour around the widgets, the widgets' light pixels on
 * the stage, and a stage that moved between two moments of the turn.
 * Runs examples/cover-flow too, before and after it turned to the sixth
 * cover, and examples/widget-cube, a cube of widgets in one 3D rendering
 * context, turned two ways. Runs the ports of four of Clutter's own
 * examples (actor-model, scroll-actor, pan-action, drop-action) with
 * scripted input, and the photo browser, a photo moved by a drag.
 * GSK_PHOTO_BROWSER, GSK_WIDGETS_ON_LAYERS, GSK_COVER_FLOW,
 * GSK_WIDGET_CUBE, GSK_ACTOR_MODEL, GSK_SCROLL_ACTOR, GSK_PAN_ACTION and
 * GSK_DROP_ACTION, set by tests/meson.build, are their paths.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>
#include <cairo.h>

#include "png-test-utils.h"

static const guint8 stage_rgb[3] = { 0x61, 0x64, 0x8c };

static cairo_surface_t *
run_example_with (const char *variable,
                  const char *renderer,
                  const char *at,
                  const char *option,
                  const char *value)
{
  const char *example = g_getenv (variable);
  g_autofree char *dir = g_dir_make_tmp ("test-examples-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "frame.png", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  const char *argv[] = { "xvfb-run", "-a", "-s", "-screen 0 1280x1024x24",
                         example, "--screenshot", png, "--at", at,
                         option, value, NULL };
  char **envp = g_get_environ ();
  g_autofree char *asan = NULL;
  cairo_surface_t *surface;
  int status;

  envp = g_environ_setenv (envp, "GDK_BACKEND", "x11", TRUE);
  envp = g_environ_setenv (envp, "GSK_RENDERER", renderer, TRUE);
  envp = g_environ_setenv (envp, "GTK_A11Y", "none", TRUE);
  /* As in test-gl-area: fontconfig's caches stay at exit by design */
  asan = g_strconcat (g_environ_getenv (envp, "ASAN_OPTIONS") ? g_environ_getenv (envp, "ASAN_OPTIONS") : "",
                      ":detect_leaks=0", NULL);
  envp = g_environ_setenv (envp, "ASAN_OPTIONS", asan, TRUE);

  g_assert_nonnull (example);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  g_strfreev (envp);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("%s failed: %s\n%s%s", example, error->message, out, err);
  g_assert_nonnull (strstr (out, "Wrote"));
  g_assert_null (strstr (err, "WARNING"));
  g_assert_null (strstr (err, "CRITICAL"));

  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_unlink (png);
  g_rmdir (dir);
  return surface;
}

static cairo_surface_t *
run_example (const char *renderer,
             const char *at)
{
  return run_example_with ("GSK_WIDGETS_ON_LAYERS", renderer, at, NULL, NULL);
}

/* Pixels of the 400×400 stage that are light: the widgets' faces */
static int
count_light (cairo_surface_t *frame)
{
  int x, y, n = 0;
  guint8 rgb[3];

  for (y = 0; y < 400; y++)
    for (x = 0; x < 400; x++)
      {
        pixel (frame, x, y, rgb);
        if (rgb[0] > 200 && rgb[1] > 200 && rgb[2] > 200)
          n++;
      }
  return n;
}

static void
check_renderer (const char *renderer)
{
  cairo_surface_t *first = run_example (renderer, "0");
  cairo_surface_t *later = run_example (renderer, "2");
  int x, y, moved = 0;
  guint8 a[3], b[3];

  g_assert_cmpint (cairo_image_surface_get_width (first), >=, 400);
  g_assert_cmpint (cairo_image_surface_get_height (first), >, 400);

  /* The stage's corner, and the widgets on it: five of them, each some
   * thousands of pixels of light face */
  pixel (first, 3, 3, a);
  g_assert_cmpint (ABS (a[0] - stage_rgb[0]) + ABS (a[1] - stage_rgb[1]) + ABS (a[2] - stage_rgb[2]), <=, 6);
  g_test_message ("%s: %d and %d light pixels", renderer, count_light (first), count_light (later));
  g_assert_cmpint (count_light (first), >, 4000);
  g_assert_cmpint (count_light (later), >, 4000);

  /* Two seconds into a twelve-second turn, the widgets moved */
  for (y = 0; y < 400; y++)
    for (x = 0; x < 400; x++)
      {
        pixel (first, x, y, a);
        pixel (later, x, y, b);
        if (ABS (a[0] - b[0]) + ABS (a[1] - b[1]) + ABS (a[2] - b[2]) > 30)
          moved++;
      }
  g_test_message ("%s: %d pixels changed", renderer, moved);
  g_assert_cmpint (moved, >, 2000);

  cairo_surface_destroy (first);
  cairo_surface_destroy (later);
}

static void
test_widgets_on_layers_gl (void)
{
  check_renderer (GTK_GL_RENDERER);
}

static void
test_widgets_on_layers_cairo (void)
{
  check_renderer ("cairo");
}

/* The cover flow at rest on the first cover, then turned to the sixth:
 * the covers' light faces fill the middle of the stage both times, and
 * on the left, empty at first, covers 1 to 5 stand after the turn */
static void
check_cover_flow (const char *renderer)
{
  cairo_surface_t *first = run_example_with ("GSK_COVER_FLOW", renderer, "0", NULL, NULL);
  cairo_surface_t *turned = run_example_with ("GSK_COVER_FLOW", renderer, "1", "--select", "5");
  int x, y, left_first = 0, left_turned = 0, middle_first = 0, middle_turned = 0;
  guint8 a[3], b[3];

  for (y = 200; y < 340; y += 2)
    for (x = 0; x < 800; x += 2)
      {
        pixel (first, x, y, a);
        pixel (turned, x, y, b);
        if (x < 280)
          {
            left_first += a[0] > 200;
            left_turned += b[0] > 200;
          }
        else if (x > 330 && x < 470)
          {
            middle_first += a[0] > 200;
            middle_turned += b[0] > 200;
          }
      }
  g_test_message ("%s: light pixels left of the middle %d then %d, in the middle %d then %d",
                  renderer, left_first, left_turned, middle_first, middle_turned);
  g_assert_cmpint (left_first, <, 50);
  g_assert_cmpint (left_turned, >, 5000);
  g_assert_cmpint (middle_first, >, 4000);
  g_assert_cmpint (middle_turned, >, 4000);

  cairo_surface_destroy (first);
  cairo_surface_destroy (turned);
}

static void
test_cover_flow_gl (void)
{
  check_cover_flow (GTK_GL_RENDERER);
}

static void
test_cover_flow_cairo (void)
{
  check_cover_flow ("cairo");
}

/* The cube's six faces in their colours: front, right, back, left, top,
 * bottom (examples/widget-cube.c) */
static const guint8 face_rgb[6][3] = {
  { 0x99, 0xc1, 0xf1 }, { 0x8f, 0xf0, 0xa4 }, { 0xf9, 0xf0, 0x6b },
  { 0xff, 0xbe, 0x6f }, { 0xf6, 0x61, 0x51 }, { 0xdc, 0x8a, 0xdd },
};

/* Pixels of each face's colour in the cube's frame */
static void
count_faces (cairo_surface_t *frame,
             int              counts[6])
{
  int x, y, i;
  guint8 rgb[3];

  memset (counts, 0, 6 * sizeof (int));
  for (y = 0; y < 480; y++)
    for (x = 0; x < 560; x++)
      {
        pixel (frame, x, y, rgb);
        for (i = 0; i < 6; i++)
          if (ABS (rgb[0] - face_rgb[i][0]) + ABS (rgb[1] - face_rgb[i][1]) + ABS (rgb[2] - face_rgb[i][2]) <= 9)
            counts[i]++;
      }
}

/* The cube turned up by 20° and by 30° to the right: its front, left and
 * top faces show, each in a colour of its own, and not a pixel of the
 * three behind them, however the tree orders them (the back face comes
 * after the front one). Turned half a turn further, the back face is in
 * front and the front one behind. */
static void
check_widget_cube (const char *renderer)
{
  cairo_surface_t *frame = run_example_with ("GSK_WIDGET_CUBE", renderer, "0", "--turn", "-20,30");
  cairo_surface_t *turned = run_example_with ("GSK_WIDGET_CUBE", renderer, "0", "--turn", "-20,210");
  int a[6], b[6];

  count_faces (frame, a);
  count_faces (turned, b);
  g_test_message ("%s: face pixels (front, right, back, left, top, bottom) %d %d %d %d %d %d, "
                  "turned %d %d %d %d %d %d", renderer, a[0], a[1], a[2], a[3], a[4], a[5],
                  b[0], b[1], b[2], b[3], b[4], b[5]);
  g_assert_cmpint (a[0], >, 5000);
  g_assert_cmpint (a[3], >, 5000);
  g_assert_cmpint (a[4], >, 5000);
  g_assert_cmpint (a[1], <, 20);
  g_assert_cmpint (a[2], <, 20);
  g_assert_cmpint (a[5], <, 20);
  g_assert_cmpint (b[2], >, 5000);
  g_assert_cmpint (b[1], >, 5000);
  g_assert_cmpint (b[0], <, 20);
  g_assert_cmpint (b[3], <, 20);

  cairo_surface_destroy (frame);
  cairo_surface_destroy (turned);
}

static void
test_widget_cube_gl (void)
{
  check_widget_cube (GTK_GL_RENDERER);
}

static void
test_widget_cube_cairo (void)
{
  check_widget_cube ("cairo");
}

/* {{{ Clutter's examples, ported (issue 31): each driven by scripted
 * input once it drew, its window checked where the originals' behaviour
 * puts things */

static gboolean
near_rgb (const guint8 rgb[3],
          int          r,
          int          g,
          int          b)
{
  return abs (rgb[0] - r) <= 12 && abs (rgb[1] - g) <= 12 && abs (rgb[2] - b) <= 12;
}

/* The mean row of the light sky blue pixels (the selected option), or
 * -1 if there are none */
static double
selected_row (cairo_surface_t *frame)
{
  double sum = 0;
  int n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (frame); y++)
    for (int x = 0; x < cairo_image_surface_get_width (frame); x++)
      {
        guint8 rgb[3];

        pixel (frame, x, y, rgb);
        if (near_rgb (rgb, 135, 206, 250))
          {
            sum += y;
            n++;
          }
      }
  return n > 50 ? sum / n : -1;
}

/* Options 40 units apart (28 of text, 12 of spacing) from 18 down: the
 * first selected at first; three Downs select the fourth, 120 lower,
 * and scroll the menu to its end, 24 up (12 × 40 − 12 = 468 of menu in
 * 444 of scroll layer) */
static void
test_actor_model (void)
{
  cairo_surface_t *first = run_example_with ("GSK_ACTOR_MODEL", GTK_GL_RENDERER, "0.6", "--keys", "");
  cairo_surface_t *fourth = run_example_with ("GSK_ACTOR_MODEL", GTK_GL_RENDERER, "0.6", "--keys", "Down,Down,Down");
  double a = selected_row (first), b = selected_row (fourth);

  g_test_message ("the selected option's mean row: %.1f, then %.1f", a, b);
  g_assert_cmpfloat (a, >, 18);
  g_assert_cmpfloat (a, <, 18 + 40);
  g_assert_cmpfloat_with_epsilon (b - a, 120 - 24, 3);
  cairo_surface_destroy (first);
  cairo_surface_destroy (fourth);
}

/* Down, Down, Up, Up, Up: round the top to the twelfth, at the bottom
 * of the scroll layer (462), the menu scrolled to its end */
static void
test_scroll_actor (void)
{
  cairo_surface_t *frame = run_example_with ("GSK_SCROLL_ACTOR", GTK_GL_RENDERER, "0.6", "--keys", "Down,Down,Up,Up,Up");
  double row = selected_row (frame);

  g_test_message ("the selected option's mean row: %.1f", row);
  g_assert_cmpfloat (row, >, 462 - 40);
  g_assert_cmpfloat (row, <, 462);
  cairo_surface_destroy (frame);
}

/* The image's blue square at 300,300 (40 wide): dragged by −60,−100,
 * it is at 240,200 */
static void
test_pan_action (void)
{
  cairo_surface_t *still = run_example_with ("GSK_PAN_ACTION", GTK_GL_RENDERER, "0.2", "--drag", "0,0");
  cairo_surface_t *dragged = run_example_with ("GSK_PAN_ACTION", GTK_GL_RENDERER, "2", "--drag", "-60,-100");
  guint8 rgb[3];

  pixel (still, 320, 320, rgb);
  g_assert_true (near_rgb (rgb, 26, 51, 230));
  pixel (still, 320, 320 - 100, rgb);
  g_assert_false (near_rgb (rgb, 26, 51, 230));
  pixel (dragged, 320 - 60, 320 - 100, rgb);
  g_assert_true (near_rgb (rgb, 26, 51, 230));
  pixel (dragged, 320, 320, rgb);
  g_assert_false (near_rgb (rgb, 26, 51, 230));
  cairo_surface_destroy (still);
  cairo_surface_destroy (dragged);
}

/* Dropped on the right target, the light blue square is in its middle,
 * the target lit, the left one dim; dropped on the orange block, it is
 * back in the left target, the right one dim */
static void
test_drop_action (void)
{
  cairo_surface_t *right = run_example_with ("GSK_DROP_ACTION", GTK_GL_RENDERER, "1.5", "--drag-to", "540,240");
  cairo_surface_t *between = run_example_with ("GSK_DROP_ACTION", GTK_GL_RENDERER, "1.5", "--drag-to", "320,240");
  guint8 rgb[3];

  pixel (right, 530, 240, rgb);
  g_assert_true (near_rgb (rgb, 115, 158, 207));
  pixel (right, 440, 150, rgb);
  g_assert_true (near_rgb (rgb, 138, 227, 51));
  pixel (right, 110, 240, rgb);
  g_assert_true (near_rgb (rgb, 60, 10, 10));
  pixel (between, 110, 240, rgb);
  g_assert_true (near_rgb (rgb, 115, 158, 207));
  pixel (between, 20, 150, rgb);
  g_assert_true (near_rgb (rgb, 240, 41, 41));
  pixel (between, 320, 240, rgb);
  g_assert_true (near_rgb (rgb, 207, 92, 0));
  pixel (between, 530, 240, rgb);
  g_assert_true (near_rgb (rgb, 34, 57, 13));
  cairo_surface_destroy (right);
  cairo_surface_destroy (between);
}

/* }}} */

/* The photo browser: photo 1 (red, the first of 10,000) dragged by its
 * grip onto the seventh cell (second line, second column: cells of
 * 180×120 below a 40-unit header) takes its place; the first cell then
 * shows photo 2 */
static gboolean
reddish (cairo_surface_t *frame,
         int              x,
         int              y)
{
  guint8 rgb[3];

  pixel (frame, x, y, rgb);
  return rgb[0] > rgb[1] + 80 && rgb[0] > rgb[2] + 80;
}

static void
test_photo_browser (void)
{
  cairo_surface_t *still = run_example_with ("GSK_PHOTO_BROWSER", GTK_GL_RENDERER, "0.3", "--move", "-1,-1");
  cairo_surface_t *moved = run_example_with ("GSK_PHOTO_BROWSER", GTK_GL_RENDERER, "2", "--move", "0,6");

  g_assert_true (reddish (still, 90, 100));
  g_assert_false (reddish (still, 270, 220));
  g_assert_true (reddish (moved, 270, 220));
  g_assert_false (reddish (moved, 90, 100));
  cairo_surface_destroy (still);
  cairo_surface_destroy (moved);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/examples/widgets-on-layers/gl", test_widgets_on_layers_gl);
  g_test_add_func ("/examples/widgets-on-layers/cairo", test_widgets_on_layers_cairo);
  g_test_add_func ("/examples/cover-flow/gl", test_cover_flow_gl);
  g_test_add_func ("/examples/cover-flow/cairo", test_cover_flow_cairo);
  g_test_add_func ("/examples/widget-cube/gl", test_widget_cube_gl);
  g_test_add_func ("/examples/widget-cube/cairo", test_widget_cube_cairo);
  g_test_add_func ("/examples/clutter/actor-model", test_actor_model);
  g_test_add_func ("/examples/clutter/scroll-actor", test_scroll_actor);
  g_test_add_func ("/examples/clutter/pan-action", test_pan_action);
  g_test_add_func ("/examples/clutter/drop-action", test_drop_action);
  g_test_add_func ("/examples/photo-browser", test_photo_browser);

  return g_test_run ();
}
