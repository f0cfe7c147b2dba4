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
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <cairo.h>

#include "png-test-utils.h"

/* Background and card colours of the example, as 8-bit straight RGB */
static const guint8 background[3] = { 31, 31, 46 };

static gboolean
near (const guint8 *a,
      const guint8 *b)
{
  return ABS (a[0] - b[0]) <= 2 && ABS (a[1] - b[1]) <= 2 && ABS (a[2] - b[2]) <= 2;
}

/* Runs the example and returns the frame it wrote */
/* Runs the example for a frame @at seconds or more into the turn, and
 * says in @seconds how far in the frame it wrote was */
static cairo_surface_t *
run_example (const char *at,
             double     *seconds)
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
  g_assert_nonnull (strstr (out, " s into the turn"));
  if (seconds)
    *seconds = g_ascii_strtod (strrchr (out, ',') + 1, NULL);
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
  cairo_surface_t *frame = run_example (NULL, NULL);
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

/* How many of the 100 pixels around a card's centre, across a row, the
 * card covers @t seconds into the turn, as the example animates it:
 * 600 ms of ease-in-out-cubic about the card's vertical axis, starting
 * 80 ms later for each card to the right, seen through perspective(900px)
 * from the window's centre */
static int
expected_coverage (int    card,
                   double t)
{
  const double half_width = 800 / 7. / 2, d = 900;
  double cx = 800 * (card + 1) / 6. - 400;
  double p = CLAMP ((t - 0.08 * card) / 0.6, 0, 1);
  double eased = p < 0.5 ? 4 * p * p * p : 1 - pow (-2 * p + 2, 3) / 2;
  double c = cos (G_PI * eased), s = sin (G_PI * eased);
  /* rotateY() takes the card's edge x = ±half_width to (cx ± half_width
   * cos, ∓half_width sin) in x and z; perspective divides by (d - z) / d */
  double a = (cx + half_width * c) * d / (d + half_width * s);
  double b = (cx - half_width * c) * d / (d - half_width * s);
  double lo = MIN (a, b), hi = MAX (a, b);

  /* Pixels whose centres lie inside, within the ±50 column */
  return MAX (0, (int) floor (CLAMP (hi, cx - 50, cx + 50) - cx + 49.5) -
                 (int) ceil (CLAMP (lo, cx - 50, cx + 50) - cx + 49.5) + 1);
}

/* Mid-turn, on GDK's clock: each card covers as much of its column as
 * its angle at the frame's time gives, to a pixel of antialiasing at
 * each edge and 5 ms of time. The example writes the first frame 0.45 s
 * or more into the turn and says how far in it was: on a loaded machine
 * frames come late, and the picture must be the one of the time GDK
 * gave, whatever it was. */
static void
test_mid_turn (void)
{
  double seconds = 0;
  cairo_surface_t *frame = NULL;
  int covered[5], lo[5], hi[5];
  guint8 rgb[3];

  /* After 0.85 s only the last card still turns, and not far: a frame
   * that late says little, and the example runs again */
  for (int run = 0; run < 3 && (frame == NULL || seconds >= 0.85); run++)
    {
      g_clear_pointer (&frame, cairo_surface_destroy);
      frame = run_example ("0.45", &seconds);
      g_test_message ("the frame is %.3f s into the turn", seconds);
    }
  g_assert_cmpfloat (seconds, >=, 0.45);
  g_assert_cmpfloat (seconds, <, 0.85);

  for (int card = 0; card < 5; card++)
    {
      int cx = (int) round (800 * (card + 1) / 6.);

      covered[card] = 0;
      for (int x = cx - 50; x < cx + 50; x++)
        {
          pixel (frame, x, 300, rgb);
          covered[card] += !near (rgb, background);
        }
      lo[card] = 100;
      hi[card] = 0;
      for (double t = seconds - 0.005; t <= seconds + 0.005; t += 0.0005)
        {
          int e = expected_coverage (card, t);

          lo[card] = MIN (lo[card], e);
          hi[card] = MAX (hi[card], e);
        }
      g_test_message ("card %d covers %d of 100 pixels across its column, expected %d to %d",
                      card, covered[card], lo[card], hi[card]);
    }

  for (int card = 0; card < 5; card++)
    {
      g_assert_cmpint (covered[card], >=, lo[card] - 2);
      g_assert_cmpint (covered[card], <=, hi[card] + 2);
    }

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
