/* bench-accessible.c: 1,000 accessible layers moving every frame, with
 * and without assistive technology listening
 *
 * Issue 30's performance target, on a real X server with a session and
 * accessibility bus (run it as `dbus-run-session -- xvfb-run -a
 * bench-accessible`). A 1024×768 window shows a view of 1,000 layers,
 * each a button with a label, all moving every frame. First with no
 * listener on the accessibility bus: GSK keeps no proxy and runs no
 * accessibility code. Then the bench registers for an event with the
 * AT-SPI registry, as a screen reader does, and GSK keeps a proxy widget
 * per layer, placed where the layer shows, every frame.
 *
 * Timed per frame, as bench-view does, from the frame clock's "update"
 * to its "after-paint"; and its layout phase apart (where the view's
 * allocation syncs the proxies: the walk of the tree, the projection of
 * each layer's box, the proxies' allocation), wall and CPU time of this
 * thread. Printed: medians in ms, and what the listener adds as a share
 * of the frame with it.
 *
 * Usage: bench-accessible [FRAMES]   (default 300)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <time.h>

#include <gtk/gtk.h>
#include <gsklayer.h>

#include "bench-fishbowl-scene.h"

#define N_LAYERS 1000
#define WIDTH 1024
#define HEIGHT 768

typedef struct {
  GtkWidget *window;
  GskLayer *layers[N_LAYERS];
  guint frame, n_frames;
  gint64 t0;
  double *frame_ms;
  double *allocate_ms;
  double *allocate_cpu_ms;
  double allocate, allocate_cpu;
  gint64 layout_t0;
  double layout_c0;
  gboolean done;
} Run;

static double
thread_cpu_ms (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}


static void
place (Run  *run,
       guint frame)
{
  for (guint i = 0; i < N_LAYERS; i++)
    {
      float x = (i % 40) * 25 + (frame + i) % 20;
      float y = (i / 40) * 30 + (frame * 3 + i) % 10;

      gsk_layer_set_position (run->layers[i], &GRAPHENE_POINT_INIT (x, y));
    }
}

static void
on_update (GdkFrameClock *clock,
           Run           *run)
{
  run->t0 = g_get_monotonic_time ();
  run->allocate = run->allocate_cpu = 0;
  place (run, run->frame);
  run->layout_t0 = g_get_monotonic_time ();
  run->layout_c0 = thread_cpu_ms ();
}

/* The layout phase: every allocation of the frame, the view's among them
 * (where the proxies are synced). GTK's handlers of a phase run before
 * the bench's, connected later: the phase is from the end of the
 * bench's update handler to the end of its layout handler */
static void
on_layout (GdkFrameClock *clock,
           Run           *run)
{
  if (run->layout_t0 == 0)
    return;
  run->allocate += (g_get_monotonic_time () - run->layout_t0) / 1000.0;
  run->allocate_cpu += thread_cpu_ms () - run->layout_c0;
  run->layout_t0 = 0;
}

static void
on_after_paint (GdkFrameClock *clock,
                Run           *run)
{
  if (run->done || run->t0 == 0)
    return;

  /* The first frames make the proxies and warm caches */
  if (run->frame >= 10)
    {
      guint i = run->frame - 10;

      run->frame_ms[i] = (g_get_monotonic_time () - run->t0) / 1000.0;
      run->allocate_ms[i] = run->allocate;
      run->allocate_cpu_ms[i] = run->allocate_cpu;
    }
  run->frame++;
  if (run->frame >= run->n_frames + 10)
    run->done = TRUE;
}

static void
measure (Run    *run,
         double *frame,
         double *allocate,
         double *allocate_cpu)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (run->window);
  gulong update, after, layout;

  run->frame = 0;
  run->t0 = 0;
  run->done = FALSE;
  update = g_signal_connect (clock, "update", G_CALLBACK (on_update), run);
  after = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), run);
  layout = g_signal_connect (clock, "layout", G_CALLBACK (on_layout), run);
  gdk_frame_clock_begin_updating (clock);
  while (!run->done)
    g_main_context_iteration (NULL, TRUE);
  gdk_frame_clock_end_updating (clock);
  g_signal_handler_disconnect (clock, update);
  g_signal_handler_disconnect (clock, after);
  g_signal_handler_disconnect (clock, layout);

  *frame = bench_median (run->frame_ms, run->n_frames);
  *allocate = bench_median (run->allocate_ms, run->n_frames);
  *allocate_cpu = bench_median (run->allocate_cpu_ms, run->n_frames);
}

/* Registers for an event with the AT-SPI registry, as a screen reader
 * does when it starts */
static GDBusConnection *
listen_as_screen_reader (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDBusConnection) session = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_autoptr (GVariant) reply = NULL;
  GDBusConnection *a11y;
  const char *address;

  if (session == NULL)
    g_error ("No session bus (run under dbus-run-session): %s", error->message);
  reply = g_dbus_connection_call_sync (session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                                       NULL, G_VARIANT_TYPE ("(s)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  if (reply == NULL)
    g_error ("No accessibility bus: %s", error->message);
  g_variant_get (reply, "(&s)", &address);
  a11y = g_dbus_connection_new_for_address_sync (address,
                                                 G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                 G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                 NULL, NULL, &error);
  if (a11y == NULL)
    g_error ("Cannot connect to the accessibility bus: %s", error->message);
  g_clear_pointer (&reply, g_variant_unref);
  reply = g_dbus_connection_call_sync (a11y, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                                       "org.a11y.atspi.Registry", "RegisterEvent",
                                       g_variant_new ("(s@ass)", "object:state-changed:focused",
                                                      g_variant_new_strv (NULL, 0), ""),
                                       NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  if (reply == NULL)
    g_error ("The registry refused the event: %s", error->message);

  return a11y;
}

int
main (int   argc,
      char *argv[])
{
  Run run = { 0 };
  GskLayer *root;
  GtkWidget *view;
  GDBusConnection *listener;
  double frame[2], allocate[2], allocate_cpu[2];
  gint64 until;
  guint n_proxies;

  g_unsetenv ("GTK_A11Y");
  gtk_init ();

  run.n_frames = argc > 1 ? (guint) atoi (argv[1]) : 300;
  if (run.n_frames < 10)
    run.n_frames = 10;
  run.frame_ms = g_new0 (double, run.n_frames);
  run.allocate_ms = g_new0 (double, run.n_frames);
  run.allocate_cpu_ms = g_new0 (double, run.n_frames);

  root = gsk_layer_new ();
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (WIDTH, HEIGHT));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  for (guint i = 0; i < N_LAYERS; i++)
    {
      g_autofree char *label = g_strdup_printf ("Item %u", i + 1);

      run.layers[i] = gsk_layer_new ();
      gsk_layer_set_size (run.layers[i], &GRAPHENE_SIZE_INIT (20, 20));
      gsk_layer_set_background_color (run.layers[i], &(GdkRGBA) { (i % 7) / 7.f, 0.5f, 0.8f, 1 });
      gsk_layer_set_accessible_role (run.layers[i], GTK_ACCESSIBLE_ROLE_BUTTON);
      gsk_layer_set_accessible_label (run.layers[i], label);
      gsk_layer_add_child (root, run.layers[i]);
    }

  run.window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (run.window), WIDTH, HEIGHT);
  view = gsk_layer_view_new (root);
  gtk_window_set_child (GTK_WINDOW (run.window), view);
  gtk_window_present (GTK_WINDOW (run.window));

  measure (&run, &frame[0], &allocate[0], &allocate_cpu[0]);

  listener = listen_as_screen_reader ();
  /* GSK hears of the listener from the registry */
  until = g_get_monotonic_time () + G_USEC_PER_SEC;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);

  measure (&run, &frame[1], &allocate[1], &allocate_cpu[1]);
  n_proxies = 0;
  for (GtkWidget *w = gtk_widget_get_first_child (view); w; w = gtk_widget_get_next_sibling (w))
    n_proxies++;

  printf ("%u accessible layers moving every frame, %u frames (medians, ms)\n", N_LAYERS, run.n_frames);
  printf ("                     frame   layout phase (CPU)\n");
  printf ("no listener       %7.2f   %7.3f (%7.3f)\n", frame[0], allocate[0], allocate_cpu[0]);
  printf ("screen reader     %7.2f   %7.3f (%7.3f)   %u proxies\n", frame[1], allocate[1], allocate_cpu[1], n_proxies);
  /* Without a listener the view queues no allocation: the layout phase
   * with one is all accessibility's (GTK's own layout of the window,
   * which it asks for, and the proxies' sync); the frames' difference
   * says the same, within their noise */
  printf ("accessibility's work with a listener: %.2f ms (%.2f ms CPU), %.1f%% of the frame; "
          "frames differ by %.1f%%\n",
          allocate[1] - allocate[0], allocate_cpu[1] - allocate_cpu[0],
          100.0 * (allocate[1] - allocate[0]) / frame[1], 100.0 * (frame[1] - frame[0]) / frame[1]);

  gtk_window_destroy (GTK_WINDOW (run.window));
  g_object_unref (listener);
  g_free (run.frame_ms);
  g_free (run.allocate_ms);
  g_free (run.allocate_cpu_ms);

  return 0;
}
