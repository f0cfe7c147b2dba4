/* test-gl-area.c: GSK inside GTK, on a real X server
 *
 * Runs examples/gl-area (a layer tree drawn into a GtkGLArea through
 * gsk_layer_gl_renderer_render_to_framebuffer(), animated by the
 * widget's GdkFrameClock) under xvfb-run, and checks the frames it
 * writes: the first, before any animation, and one mid-way through the
 * cards' turn. GSK_GL_AREA, set by tests/meson.build, is its path.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <string.h>

#include <glib/gstdio.h>
#include <cairo.h>

/* Background and card colours of the example, as 8-bit straight RGB */
static const guint8 background[3] = { 31, 31, 46 };

static void
pixel (cairo_surface_t *surface,
       int              x,
       int              y,
       guint8           rgb[3])
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 p = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);

  rgb[0] = p >> 16;
  rgb[1] = p >> 8;
  rgb[2] = p;
}

static gboolean
near (const guint8 *a,
      const guint8 *b)
{
  return ABS (a[0] - b[0]) <= 2 && ABS (a[1] - b[1]) <= 2 && ABS (a[2] - b[2]) <= 2;
}

/* Runs the example and returns the frame it wrote */
static cairo_surface_t *
run_example (const char *at)
{
  const char *example = g_getenv ("GSK_GL_AREA");
  g_autofree char *dir = g_dir_make_tmp ("test-gl-area-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "frame.png", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  const char *argv[] = { "xvfb-run", "-a", "-s", "-screen 0 1280x1024x24",
                         example, "--screenshot", png, at ? "--at" : NULL, at, NULL };
  char **envp = g_environ_setenv (g_get_environ (), "GDK_BACKEND", "x11", TRUE);
  g_autofree char *asan = NULL;
  cairo_surface_t *surface;
  int status;

  /* Under AddressSanitizer, memory errors still abort, but leaks are not
   * looked for: a GTK application leaves fontconfig's and the GL
   * driver's allocations behind at exit by design. The library's own
   * leaks are the other tests' to find. */
  asan = g_strconcat (g_environ_getenv (envp, "ASAN_OPTIONS") ? g_environ_getenv (envp, "ASAN_OPTIONS") : "",
                      ":detect_leaks=0", NULL);
  envp = g_environ_setenv (envp, "ASAN_OPTIONS", asan, TRUE);

  g_assert_nonnull (example);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  g_strfreev (envp);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("gl-area failed: %s\n%s%s", error->message, out, err);
  g_assert_nonnull (strstr (out, "Wrote"));
  /* Nothing GSK or GObject would warn about (without a session bus
   * here, GTK says it cannot register the application, which is fine) */
  g_assert_null (strstr (err, "GskLayer-WARNING"));
  g_assert_null (strstr (err, "GLib-GObject-WARNING"));
  g_assert_null (strstr (err, "CRITICAL"));

  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_unlink (png);
  g_rmdir (dir);

  return surface;
}

/* The first frame: five upright cards with rounded corners */
static void
test_first_frame (void)
{
  cairo_surface_t *frame = run_example (NULL);
  guint8 rgb[3];
  int i;

  g_assert_cmpint (cairo_image_surface_get_width (frame), ==, 800);
  g_assert_cmpint (cairo_image_surface_get_height (frame), ==, 480);

  /* The background, the top left; a cut-off corner of the first card */
  pixel (frame, 2, 2, rgb);
  g_assert_true (near (rgb, background));
  pixel (frame, 77, 121, rgb);
  g_assert_true (near (rgb, background));

  /* Each card, at its centre (the centres are at sixths of the width),
   * drawn upright: y = 0 at the top, not flipped */
  for (i = 0; i < 5; i++)
    {
      pixel (frame, 800 * (i + 1) / 6, 240, rgb);
      g_assert_false (near (rgb, background));
    }
  pixel (frame, 400, 110, rgb);
  g_assert_true (near (rgb, background));
  pixel (frame, 400, 130, rgb);
  g_assert_false (near (rgb, background));

  cairo_surface_destroy (frame);
}

/* Mid-turn, on GDK's clock: the middle card, about edge-on, leaves
 * most of its column to the background; the last, whose turn starts
 * last, still covers its own */
static void
test_mid_turn (void)
{
  cairo_surface_t *frame = run_example ("0.45");
  guint8 rgb[3];
  int x, covered = 0;

  for (x = 400 - 50; x < 400 + 50; x++)
    {
      pixel (frame, x, 300, rgb);
      covered += !near (rgb, background);
    }
  g_test_message ("middle card covers %d of 100 pixels across its column", covered);
  g_assert_cmpint (covered, <, 60);

  pixel (frame, 667, 240, rgb);
  g_assert_false (near (rgb, background));

  cairo_surface_destroy (frame);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gl-area/first-frame", test_first_frame);
  g_test_add_func ("/gl-area/mid-turn", test_mid_turn);

  return g_test_run ();
}
