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

static guint handled, paints;

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

  return 0;
}
