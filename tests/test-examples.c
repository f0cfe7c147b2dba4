/* test-examples.c: the GTK examples run, on a real X server
 *
 * Runs examples/widgets-on-layers (Clutter-GTK's gtk-clutter-test,
 * ported: live GTK widgets on turning layers) under xvfb-run with GTK's
 * GL renderer and its cairo renderer, and checks the windows it draws:
 * the stage's colour around the widgets, the widgets' light pixels on
 * the stage, and a stage that moved between two moments of the turn.
 * Runs examples/cover-flow too, before and after it turned to the sixth
 * cover, and examples/widget-cube, a cube of widgets in one 3D rendering
 * context, turned two ways. GSK_WIDGETS_ON_LAYERS, GSK_COVER_FLOW and
 * GSK_WIDGET_CUBE, set by tests/meson.build, are their paths.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
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

  return g_test_run ();
}
