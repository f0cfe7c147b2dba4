/* test-broadway.c: a layer tree in a browser, through GTK's Broadway
 *
 * For each scene: starts gtk4-broadwayd, shows the scene with
 * `gsk view --undecorated` under GDK_BACKEND=broadway (GskLayerView's
 * render-node path: the browser composites the 3D transforms as CSS
 * matrix3d()), screenshots the page with headless Chromium, and compares
 * the window's pixels with `gsk render --backend software` of the same
 * scene. GSK_TOOL, set by tests/meson.build, is the gsk tool.
 *
 * The tolerance is the reftests' for edges: the browser antialiases
 * edges its own way, so up to 2.5% of the pixels may differ by more
 * than 6 levels, none by 96 or more.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <cairo.h>

typedef struct {
  char *dir;
  int display;
  GPid broadwayd;
  GPid view;
  int view_out;                 /* the view's standard output */
} Session;

static void
stop (GPid *pid)
{
  if (*pid == 0)
    return;
  kill (*pid, SIGTERM);
  waitpid (*pid, NULL, 0);
  g_spawn_close_pid (*pid);
  *pid = 0;
}

/* Waits up to @seconds for @fd to give a line starting with @prefix */
static gboolean
wait_for_line (int         fd,
               const char *prefix,
               int         seconds)
{
  GString *got = g_string_new (NULL);
  gint64 end = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;
  gboolean found = FALSE;

  while (!found && g_get_monotonic_time () < end)
    {
      GPollFD poll_fd = { fd, G_IO_IN, 0 };
      char buffer[256];
      gssize n;

      if (g_poll (&poll_fd, 1, 200) <= 0)
        continue;
      n = read (fd, buffer, sizeof buffer);
      if (n <= 0)
        break;
      g_string_append_len (got, buffer, n);
      found = strstr (got->str, prefix) != NULL;
    }
  if (!found)
    g_test_message ("waited for “%s”, got “%s”", prefix, got->str);
  g_string_free (got, TRUE);
  return found;
}

static GPid
start (Session     *session,
       const char **argv,
       gboolean     broadway_client,
       int         *out_fd)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *display = g_strdup_printf (":%d", session->display);
  char **envp = g_get_environ ();
  g_autofree char *asan = NULL;
  GPid pid = 0;

  envp = g_environ_setenv (envp, "XDG_RUNTIME_DIR", session->dir, TRUE);
  if (broadway_client)
    {
      envp = g_environ_setenv (envp, "GDK_BACKEND", "broadway", TRUE);
      envp = g_environ_setenv (envp, "BROADWAY_DISPLAY", display, TRUE);
      envp = g_environ_setenv (envp, "GTK_A11Y", "none", TRUE);
      envp = g_environ_unsetenv (envp, "GSK_RENDERER");
      /* Killed, not exited: leak reports would be noise */
      asan = g_strconcat (g_environ_getenv (envp, "ASAN_OPTIONS") ? g_environ_getenv (envp, "ASAN_OPTIONS") : "",
                          ":detect_leaks=0", NULL);
      envp = g_environ_setenv (envp, "ASAN_OPTIONS", asan, TRUE);
    }

  /* Output nobody reads goes nowhere: a pipe closed on a writer kills it */
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, envp,
                                           G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD |
                                           (out_fd ? 0 : G_SPAWN_STDOUT_TO_DEV_NULL),
                                           NULL, NULL, &pid, NULL, out_fd, NULL, &error));
  g_assert_no_error (error);
  g_strfreev (envp);
  return pid;
}

static void
run_sync (const char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("%s failed: %s\n%s%s", argv[0], error->message, out, err);
}

static guint32
pixel_at (cairo_surface_t *s,
          int              x,
          int              y)
{
  return *(guint32 *) (cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s) + x * 4);
}

/* Whether the page is one colour: the browser has not drawn the window */
static gboolean
is_blank (cairo_surface_t *s)
{
  int x, y;

  for (y = 0; y < cairo_image_surface_get_height (s); y++)
    for (x = 0; x < cairo_image_surface_get_width (s); x++)
      if (pixel_at (s, x, y) != pixel_at (s, 0, 0))
        return FALSE;
  return TRUE;
}

static void
test_scene (gconstpointer data)
{
  const char *name = data;
  const char *tool = g_getenv ("GSK_TOOL");
  g_autofree char *scene = g_test_build_filename (G_TEST_DIST, "reftests", name, NULL);
  Session session = { 0, };
  g_autofree char *display = NULL, *url = NULL, *shot = NULL, *expected = NULL, *profile = NULL;
  g_autofree char *user_data = NULL;
  cairo_surface_t *a = NULL, *b;
  int x, y, c, w, h, over = 0, worst = 0, attempt;

  g_assert_nonnull (tool);
  session.dir = g_dir_make_tmp ("test-broadway-XXXXXX", NULL);
  g_chmod (session.dir, 0700);
  shot = g_build_filename (session.dir, "shot.png", NULL);
  expected = g_build_filename (session.dir, "expected.png", NULL);
  user_data = g_strdup_printf ("--user-data-dir=%s/chromium", session.dir);
  profile = g_strdup_printf ("--screenshot=%s", shot);

  /* Display numbers from 30 up, apart per process: port 8080 + N. A
   * port someone else holds makes broadwayd exit: the next one then. */
  for (attempt = 0; attempt < 20; attempt++)
    {
      const char *argv[] = { "gtk4-broadwayd", "--address", "127.0.0.1", NULL, NULL };
      int status;

      session.display = 30 + (getpid () + attempt) % 60;
      g_free (display);
      display = g_strdup_printf (":%d", session.display);
      argv[3] = display;
      session.broadwayd = start (&session, argv, FALSE, NULL);
      g_usleep (G_USEC_PER_SEC);
      if (waitpid (session.broadwayd, &status, WNOHANG) == 0)
        break;
      g_test_message ("gtk4-broadwayd %s did not start; trying another display", display);
      g_spawn_close_pid (session.broadwayd);
      session.broadwayd = 0;
    }
  g_assert_cmpint (session.broadwayd, !=, 0);
  url = g_strdup_printf ("http://127.0.0.1:%d/", 8080 + session.display);
  {
    const char *argv[] = { tool, "view", scene, "--undecorated", NULL };
    int fd;

    session.view = start (&session, argv, TRUE, &fd);
    session.view_out = fd;
    /* The first frame is out (slow under AddressSanitizer): a little
     * more for broadwayd to have it */
    g_assert_true (wait_for_line (fd, "gsk: showing", 60));
    /* Kept open until the view is stopped: it may print more */
  }
  /* A cold browser may take its screenshot before the page's socket has
   * brought the window (seen once on a new machine): a page with nothing
   * on it is taken again, with a longer budget. A wrong picture is not. */
  for (attempt = 1; attempt <= 5; attempt++)
    {
      g_autofree char *budget = g_strdup_printf ("--virtual-time-budget=%d", 5000 * attempt);
      const char *argv[] = { "chromium", "--headless", "--no-sandbox", "--disable-gpu",
                             "--disable-background-networking", "--no-first-run", user_data,
                             "--window-size=800,600", "--hide-scrollbars", profile,
                             budget, url, NULL };

      g_usleep (G_USEC_PER_SEC);
      run_sync (argv);
      a = cairo_image_surface_create_from_png (shot);
      g_assert_cmpint (cairo_surface_status (a), ==, CAIRO_STATUS_SUCCESS);
      if (!is_blank (a))
        break;
      g_test_message ("attempt %d: the page shows nothing yet", attempt);
      cairo_surface_destroy (a);
      a = NULL;
    }
  g_assert_nonnull (a);
  stop (&session.view);
  close (session.view_out);
  stop (&session.broadwayd);
  {
    const char *argv[] = { tool, "render", scene, "-o", expected, "--backend", "software", NULL };
    run_sync (argv);
  }

  b = cairo_image_surface_create_from_png (expected);
  g_assert_cmpint (cairo_surface_status (b), ==, CAIRO_STATUS_SUCCESS);
  w = cairo_image_surface_get_width (b);
  h = cairo_image_surface_get_height (b);
  g_assert_cmpint (cairo_image_surface_get_width (a), >=, w);
  g_assert_cmpint (cairo_image_surface_get_height (a), >=, h);

  /* The window sits at the page's top-left corner */
  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++)
      {
        guint32 p = pixel_at (a, x, y), q = pixel_at (b, x, y);
        int m = 0;

        for (c = 0; c < 24; c += 8)
          m = MAX (m, ABS ((int) ((p >> c) & 0xff) - (int) ((q >> c) & 0xff)));
        if (m > 6)
          over++;
        worst = MAX (worst, m);
      }
  g_test_message ("%s: %d of %d pixels differ by more than 6, the most by %d", name, over, w * h, worst);
  if (over > w * h / 40 || worst >= 96)
    {
      g_autofree char *kept = g_strdup_printf ("broadway-%s.png", name);

      g_rename (shot, kept);
      g_test_message ("the browser's page is in %s", kept);
    }
  g_assert_cmpint (over, <=, w * h / 40);
  g_assert_cmpint (worst, <, 96);

  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  {
    const char *argv[] = { "rm", "-rf", session.dir, NULL };
    run_sync (argv);
  }
  g_free (session.dir);
}

int
main (int    argc,
      char **argv)
{
  static const char *scenes[] = {
    "perspective-rotate-y.json",
    "rounded-clip-perspective.json",
    "opacity-rotated-group.json",
    "clip-perspective.json",
  };
  guint i;

  g_test_init (&argc, &argv, NULL);

  for (i = 0; i < G_N_ELEMENTS (scenes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/broadway/%s", scenes[i]);

      g_test_add_data_func (path, scenes[i], test_scene);
    }

  return g_test_run ();
}
