/* bench-animation-clutter.c: ticking many animations on Clutter 1.26, a peer of GSK
 *
 * The scene of bench-animation as ClutterActors: 10,000 actors of 8×6
 * with a background color on a 1024×768 stage, each with an implicit
 * animation of rotation-angle-z (to 360) and of opacity (to 128), from
 * clutter_actor_save_easing_state () with a 10 s duration, so none ends
 * during the run: 20,000 ClutterPropertyTransitions on the master clock.
 *
 * Clutter's master clock runs one frame as: advance every running
 * timeline (each transition interpolates its interval and sets the
 * actor's property, which queues a relayout or redraw), then update the
 * stages (relayout, paint, swap). Neither step has a public entry
 * point, so the tick is bracketed by two 10 s "marker" timelines that
 * do nothing: one started before all the transitions, one after. The
 * master clock advances its timelines in one list, so the markers' two
 * ::new-frame handlers run first and last in each tick; the time
 * between them is the cost of advancing the 20,000 transitions by one
 * frame, property updates and queued redraws included. The frame is
 * timed from the first marker to after the swap (glFinish, XSync).
 *
 * Also prints the memory per running transition (heap in use, from
 * mallinfo2, before and after the 20,000 implicit animations start).
 *
 * Needs an X display: run it under xvfb-run (bench/run-peers.sh does).
 *
 * Usage: bench-animation-clutter [--raw]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <malloc.h>
#include <stdio.h>

#include <clutter/clutter.h>
#include <clutter/x11/clutter-x11.h>
#include <epoxy/gl.h>

#include "bench-fishbowl-scene.h"

#define N_LAYERS 10000
#define ROUNDS 41

static guint paints;
static gint64 marker_time[2];
static gint64 notify_time[2];

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

static void
actor_notify (GObject    *actor,
              GParamSpec *pspec,
              gpointer    data)
{
  notify_time[GPOINTER_TO_INT (data)] = g_get_monotonic_time ();
}

static ClutterTimeline *
start_marker (int which)
{
  ClutterTimeline *marker = clutter_timeline_new (10000);

  g_signal_connect (marker, "new-frame", G_CALLBACK (marker_new_frame), GINT_TO_POINTER (which));
  clutter_timeline_start (marker);

  return marker;
}

/* Runs the main loop until the stage has painted (and swapped) a frame */
static void
run_one_frame (ClutterActor *stage)
{
  guint before = paints;

  clutter_actor_queue_redraw (stage);
  while (paints == before)
    g_main_context_iteration (NULL, TRUE);
  glFinish ();
  XSync (clutter_x11_get_default_display (), False);
}

int
main (int    argc,
      char **argv)
{
  BenchOptions options;
  ClutterActor *stage;
  ClutterActor **actors = g_new (ClutterActor *, N_LAYERS);
  ClutterTimeline *first, *last;
  ClutterColor color = { 51, 102, 204, 255 };
  double tick_ms[ROUNDS], frame_ms[ROUNDS];
  struct mallinfo2 before, after;
  double bytes;
  int i, r;

  bench_parse_options (&options, argc, argv, ROUNDS);

  g_setenv ("CLUTTER_VBLANK", "none", TRUE);
  g_setenv ("CLUTTER_DEFAULT_FPS", "1000", TRUE);
  if (!g_getenv ("CLUTTER_BACKEND"))
    g_setenv ("CLUTTER_BACKEND", "x11", TRUE);
  if (clutter_init (NULL, NULL) != CLUTTER_INIT_SUCCESS)
    {
      fprintf (stderr, "bench-animation-clutter: cannot initialize Clutter (no X display? run under xvfb-run)\n");
      return 1;
    }

  stage = clutter_stage_new ();
  clutter_actor_set_size (stage, 1024, 768);
  clutter_actor_set_background_color (stage, CLUTTER_COLOR_White);
  g_signal_connect (stage, "after-paint", G_CALLBACK (after_paint), NULL);
  for (i = 0; i < N_LAYERS; i++)
    {
      actors[i] = clutter_actor_new ();
      clutter_actor_set_position (actors[i], (i % 100) * 10.f, (i / 100) * 7.f);
      clutter_actor_set_size (actors[i], 8, 6);
      clutter_actor_set_pivot_point (actors[i], 0.5f, 0.5f);
      clutter_actor_set_background_color (actors[i], &color);
      clutter_actor_add_child (stage, actors[i]);
    }
  clutter_actor_show (stage);
  run_one_frame (stage);

  /* The easing states exist before we count, as in bench-animation */
  for (i = 0; i < N_LAYERS; i++)
    {
      clutter_actor_save_easing_state (actors[i]);
      clutter_actor_set_easing_duration (actors[i], 10000);
    }

  first = start_marker (0);
  malloc_trim (0);
  before = mallinfo2 ();
  for (i = 0; i < N_LAYERS; i++)
    {
      clutter_actor_set_rotation_angle (actors[i], CLUTTER_Z_AXIS, 360);
      clutter_actor_set_opacity (actors[i], 128);
    }
  after = mallinfo2 ();
  last = start_marker (1);
  bytes = (double) (after.uordblks - before.uordblks) / (2.0 * N_LAYERS);

  /* To check that the markers bracket the transitions' updates */
  g_signal_connect (actors[0], "notify::rotation-angle-z", G_CALLBACK (actor_notify), GINT_TO_POINTER (0));
  g_signal_connect (actors[N_LAYERS - 1], "notify::opacity", G_CALLBACK (actor_notify), GINT_TO_POINTER (1));

  /* The first frames start the transitions' clocks */
  for (r = 0; r < 3; r++)
    run_one_frame (stage);

  for (r = 0; r < ROUNDS; r++)
    {
      gint64 start = 0, end = 0, end_tick = 0;
      int attempt;

      /* Only a frame whose bracketed tick moved the watched transitions
       * is measured; on a slow day some frames' did not (every run
       * stopped here), so another frame is drawn, up to 20 */
      for (attempt = 0; attempt < 20; attempt++)
        {
          marker_time[0] = marker_time[1] = 0;
          notify_time[0] = notify_time[1] = 0;
          run_one_frame (stage);
          end = g_get_monotonic_time ();
          if (marker_time[0] == 0 || marker_time[1] == 0)
            {
              fprintf (stderr, "bench-animation-clutter: a frame without a tick\n");
              return 1;
            }
          start = MIN (marker_time[0], marker_time[1]);
          end_tick = MAX (marker_time[0], marker_time[1]);
          if (notify_time[0] >= start && notify_time[0] <= end_tick &&
              notify_time[1] >= start && notify_time[1] <= end_tick)
            break;
        }
      if (attempt == 20)
        {
          fprintf (stderr, "bench-animation-clutter: the markers do not bracket the transitions\n");
          return 1;
        }
      tick_ms[r] = ABS (marker_time[1] - marker_time[0]) / 1000.0;
      frame_ms[r] = (end - start) / 1000.0;
    }

  if (!options.raw)
    {
      printf ("Clutter %d.%d.%d, 10,000 actors x (rotation-angle-z + opacity) implicit animations\n",
              CLUTTER_MAJOR_VERSION, CLUTTER_MINOR_VERSION, CLUTTER_MICRO_VERSION);
      printf ("%-60s %8.3f ms\n", "tick: advance 20,000 transitions by one frame",
              bench_median (tick_ms, ROUNDS));
      printf ("%-60s %8.3f ms\n", "frame: tick + relayout + paint + swap",
              bench_median (frame_ms, ROUNDS));
      printf ("%-60s %8.0f bytes\n", "memory per running transition", bytes);
    }
  else
    {
      printf ("animation clutter-tick %.4f\n", bench_median (tick_ms, ROUNDS));
      printf ("animation clutter-frame %.4f\n", bench_median (frame_ms, ROUNDS));
      printf ("animation clutter-bytes %.1f\n", bytes);
    }

  clutter_timeline_stop (first);
  clutter_timeline_stop (last);
  g_object_unref (first);
  g_object_unref (last);
  clutter_actor_destroy (stage);
  g_free (actors);
  g_array_unref (options.counts);

  return 0;
}
