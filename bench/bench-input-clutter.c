/* bench-input-clutter.c: dispatching a motion event on Clutter 1.26, a peer of GSK
 *
 * The scene of bench-input as ClutterActors: 10,000 reactive actors of
 * 8×6 in a grid on a 1024×768 stage, each with handlers of
 * ::captured-event and ::event that let the event go on. For each motion
 * event: clutter_stage_get_actor_at_pos () picks the actor under the
 * pointer, the actor left and the actor entered get a crossing event,
 * and the motion event is emitted from the stage down to the actor
 * (captured-event) and back up (event), as Clutter's own event
 * processing does; that processing itself is not public, and queues
 * motion for the next frame.
 *
 * Prints the median time per motion event over 31 batches of 200.
 *
 * Then a kinetic pan of a list of 10,000 rows of 100×30, as in
 * bench-input: a ClutterPanAction on the list (vertical, interpolated)
 * gets a flick (a press, motions 30 units every 10 ms, a release, sent
 * through clutter_do_event () with the core pointer), and its
 * deceleration timeline moves the list's child transform frame by
 * frame. As in bench-animation-clutter, two do-nothing "marker"
 * timelines, started before the press and after the release, bracket
 * the pan's timeline in each tick of the master clock: the time between
 * their ::new-frame handlers is the cost of one frame's motion (not the
 * drawing). Median of the ticks of 41 frames.
 * Needs an X display: run it under xvfb-run (bench/run-peers.sh does).
 *
 * Usage: bench-input-clutter [--raw]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clutter/clutter.h>

#define N_LAYERS 10000
#define BATCHES 31
#define PER_BATCH 200
#define TICKS 41

static guint handled, paints, pans;
static gint64 marker_time[2];

static gboolean
on_event (ClutterActor *actor,
          ClutterEvent *event,
          gpointer      data)
{
  handled++;
  return CLUTTER_EVENT_PROPAGATE;
}

static void
after_paint (ClutterStage *stage,
             gpointer      data)
{
  paints++;
}

static void
marker_new_frame (ClutterTimeline *timeline,
                  int              msecs,
                  gpointer         data)
{
  marker_time[GPOINTER_TO_INT (data)] = g_get_monotonic_time ();
}

static ClutterTimeline *
start_marker (int which)
{
  ClutterTimeline *marker = clutter_timeline_new (60000);

  g_signal_connect (marker, "new-frame", G_CALLBACK (marker_new_frame), GINT_TO_POINTER (which));
  clutter_timeline_start (marker);

  return marker;
}

static gboolean
on_pan (ClutterPanAction *action,
        ClutterActor     *actor,
        gboolean          is_interpolated,
        gpointer          data)
{
  if (is_interpolated)
    pans++;
  return FALSE;
}

static void
run_one_frame (ClutterActor *stage)
{
  guint before = paints;

  clutter_actor_queue_redraw (stage);
  while (paints == before)
    g_main_context_iteration (NULL, TRUE);
}

static void
send_pointer (ClutterActor       *stage,
              ClutterInputDevice *device,
              ClutterEventType    type,
              float               x,
              float               y,
              guint32             time)
{
  ClutterEvent *event = clutter_event_new (type);

  clutter_event_set_stage (event, CLUTTER_STAGE (stage));
  clutter_event_set_device (event, device);
  clutter_event_set_coords (event, x, y);
  clutter_event_set_time (event, time);
  if (type != CLUTTER_MOTION)
    clutter_event_set_button (event, 1);
  if (type != CLUTTER_BUTTON_PRESS)
    clutter_event_set_state (event, CLUTTER_BUTTON1_MASK);
  clutter_do_event (event);
  clutter_event_free (event);
  /* Clutter queues events for the stage's next frame */
  run_one_frame (stage);
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* From the stage down to @target with captured-event, then back up with
 * event, stopping where a handler asks */
static void
emit (ClutterActor *stage,
      ClutterActor *target,
      ClutterEvent *event)
{
  ClutterActor *path[64];
  int n = 0, i;

  for (ClutterActor *a = target; a != NULL && n < 64; a = clutter_actor_get_parent (a))
    path[n++] = a;

  for (i = n - 1; i >= 0; i--)
    if (clutter_actor_event (path[i], event, TRUE))
      return;
  for (i = 0; i < n; i++)
    if (clutter_actor_event (path[i], event, FALSE))
      return;
}

static void
cross (ClutterActor     *actor,
       ClutterEventType  type,
       ClutterActor     *related,
       ClutterStage     *stage,
       float             x,
       float             y)
{
  ClutterEvent *event = clutter_event_new (type);

  clutter_event_set_stage (event, stage);
  clutter_event_set_source (event, actor);
  clutter_event_set_related (event, related);
  clutter_event_set_coords (event, x, y);
  clutter_actor_event (actor, event, FALSE);
  clutter_event_free (event);
}

int
main (int    argc,
      char **argv)
{
  gboolean raw = argc > 1 && strcmp (argv[1], "--raw") == 0;
  ClutterActor *stage, *last = NULL;
  double us[BATCHES];
  guint k = 0;

  g_setenv ("CLUTTER_VBLANK", "none", TRUE);
  if (!g_getenv ("CLUTTER_BACKEND"))
    g_setenv ("CLUTTER_BACKEND", "x11", TRUE);
  if (clutter_init (NULL, NULL) != CLUTTER_INIT_SUCCESS)
    {
      fprintf (stderr, "bench-input-clutter: cannot initialize Clutter (no X display? run under xvfb-run)\n");
      return 1;
    }

  stage = clutter_stage_new ();
  clutter_actor_set_size (stage, 1024, 768);
  g_signal_connect (stage, "after-paint", G_CALLBACK (after_paint), NULL);
  for (int i = 0; i < N_LAYERS; i++)
    {
      ClutterActor *actor = clutter_actor_new ();

      clutter_actor_set_position (actor, (i % 100) * 10.f, (i / 100) * 7.f);
      clutter_actor_set_size (actor, 8, 6);
      clutter_actor_set_reactive (actor, TRUE);
      g_signal_connect (actor, "captured-event", G_CALLBACK (on_event), NULL);
      g_signal_connect (actor, "event", G_CALLBACK (on_event), NULL);
      clutter_actor_add_child (stage, actor);
    }
  clutter_actor_show (stage);

  /* Drawn once, as in an application */
  clutter_actor_queue_redraw (stage);
  while (paints == 0)
    g_main_context_iteration (NULL, TRUE);

  for (int b = -1; b < BATCHES; b++)
    {
      gint64 start = g_get_monotonic_time ();

      for (int i = 0; i < PER_BATCH; i++, k++)
        {
          float x = (k * 37) % 100 * 10 + 4.5f, y = (k * 23) % 100 * 7 + 3.5f;
          ClutterActor *actor = clutter_stage_get_actor_at_pos (CLUTTER_STAGE (stage), CLUTTER_PICK_REACTIVE, x, y);
          ClutterEvent *event;

          if (actor != last)
            {
              if (last)
                cross (last, CLUTTER_LEAVE, actor, CLUTTER_STAGE (stage), x, y);
              if (actor)
                cross (actor, CLUTTER_ENTER, last, CLUTTER_STAGE (stage), x, y);
              last = actor;
            }

          event = clutter_event_new (CLUTTER_MOTION);
          clutter_event_set_stage (event, CLUTTER_STAGE (stage));
          clutter_event_set_source (event, actor);
          clutter_event_set_coords (event, x, y);
          clutter_event_set_time (event, k);
          if (actor)
            emit (stage, actor, event);
          clutter_event_free (event);
        }
      if (b >= 0)
        us[b] = (g_get_monotonic_time () - start) / (double) PER_BATCH;
    }

  qsort (us, BATCHES, sizeof (double), compare_doubles);
  if (raw)
    printf ("input clutter-motion-us %.3f\n", us[BATCHES / 2]);
  else
    printf ("bench-input-clutter: one motion event in %d actors (pick, crossing, capture and bubble): "
            "median %.2f us (%u handler calls)\n", N_LAYERS, us[BATCHES / 2], handled);

  clutter_actor_destroy (stage);

  /* The kinetic pan */
  {
    ClutterDeviceManager *manager = clutter_device_manager_get_default ();
    ClutterInputDevice *pointer = clutter_device_manager_get_core_device (manager, CLUTTER_POINTER_DEVICE);
    ClutterActor *list = clutter_actor_new ();
    ClutterAction *pan = clutter_pan_action_new ();
    ClutterTimeline *first, *after;
    double tick_ms[TICKS];
    int n = 0;

    stage = clutter_stage_new ();
    clutter_actor_set_size (stage, 1024, 768);
    g_signal_connect (stage, "after-paint", G_CALLBACK (after_paint), NULL);
    clutter_actor_set_size (list, 100, N_LAYERS * 30.f);
    clutter_actor_set_reactive (list, TRUE);
    for (int i = 0; i < N_LAYERS; i++)
      {
        ClutterActor *row = clutter_actor_new ();

        clutter_actor_set_position (row, 0, i * 30.f);
        clutter_actor_set_size (row, 100, 28);
        clutter_actor_add_child (list, row);
      }
    clutter_actor_add_child (stage, list);
    clutter_pan_action_set_pan_axis (CLUTTER_PAN_ACTION (pan), CLUTTER_PAN_Y_AXIS);
    clutter_pan_action_set_interpolate (CLUTTER_PAN_ACTION (pan), TRUE);
    g_signal_connect (pan, "pan", G_CALLBACK (on_pan), NULL);
    clutter_actor_add_action (list, pan);
    clutter_actor_show (stage);
    run_one_frame (stage);

    first = start_marker (0);
    send_pointer (stage, pointer, CLUTTER_BUTTON_PRESS, 50, 700, 100000);
    for (int i = 1; i < 8; i++)
      send_pointer (stage, pointer, CLUTTER_MOTION, 50, 700 - 30 * i, 100000 + 10 * i);
    send_pointer (stage, pointer, CLUTTER_BUTTON_RELEASE, 50, 700 - 210, 100080);
    after = start_marker (1);

    for (int attempt = 0; attempt < 200 && n < TICKS; attempt++)
      {
        guint before = pans;

        marker_time[0] = marker_time[1] = 0;
        run_one_frame (stage);
        /* Only ticks in which the pan moved, bracketed by both markers
         * (the master clock runs the newest timeline first: the pan's,
         * started between them, runs between them either way) */
        if (pans > before && marker_time[0] > 0 && marker_time[1] > 0)
          tick_ms[n++] = ABS (marker_time[1] - marker_time[0]) / 1000.0;
      }
    if (n == 0)
      {
        fprintf (stderr, "bench-input-clutter: the pan did not move (%u interpolated pans)\n", pans);
        return 1;
      }

    qsort (tick_ms, n, sizeof (double), compare_doubles);
    if (raw)
      printf ("input clutter-pan-tick-ms %.4f\n", tick_ms[n / 2]);
    else
      printf ("bench-input-clutter: one tick of a kinetic pan over %d rows: median %.4f ms (of %d ticks)\n",
              N_LAYERS, tick_ms[n / 2], n);
    g_object_unref (first);
    g_object_unref (after);
  }

  return 0;
}
