/* bench-fishbowl-clutter.c: the fishbowl on Clutter 1.26, a peer of GSK
 *
 * The scene of bench-fishbowl (bench-fishbowl-scene.h) as ClutterActors
 * on a 1024×768 ClutterStage: each icon an actor with one shared
 * ClutterImage content, its pivot at its centre, rotated with
 * rotation-angle-z; the odd ones at opacity 179 (0.7).
 *
 * One frame, timed: move every icon (the same motion model as GSK's),
 * set each actor's position and rotation, then let Clutter's master
 * clock run one frame through the main loop (relayout, paint, swap
 * buffers), then glFinish () and XSync (), so the frame has really been
 * drawn and put on the X server's screen. vblank throttling is off and
 * the default frame rate raised, so nothing waits for a timer.
 *
 * Needs an X display: run it under xvfb-run (bench/run-peers.sh does).
 *
 * Usage: bench-fishbowl-clutter [--raw] [--counts=100,1000,10000] [--scene=NAME] [FRAMES]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>

#include <clutter/clutter.h>
#include <clutter/x11/clutter-x11.h>
#include <epoxy/gl.h>

#include "bench-fishbowl-scene.h"

static guint paints;

static void
after_paint (ClutterStage *stage,
             gpointer      data)
{
  paints++;
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

/* The stage's pixels (RGBA, unpremultiplied: the stage is opaque) */
static void
write_png (ClutterStage *stage,
           const char   *path)
{
  guchar *rgba = clutter_stage_read_pixels (stage, 0, 0, FISHBOWL_WIDTH, FISHBOWL_HEIGHT);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, FISHBOWL_WIDTH, FISHBOWL_HEIGHT);
  guchar *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  int x, y;

  for (y = 0; y < FISHBOWL_HEIGHT; y++)
    for (x = 0; x < FISHBOWL_WIDTH; x++)
      {
        const guchar *p = rgba + (y * FISHBOWL_WIDTH + x) * 4;

        *(guint32 *) (void *) (data + y * stride + x * 4) = (p[0] << 16) | (p[1] << 8) | p[2];
      }
  cairo_surface_mark_dirty (s);
  cairo_surface_write_to_png (s, path);
  cairo_surface_destroy (s);
  g_free (rgba);
}

static double
run_clutter (ClutterActor   *stage,
             ClutterContent *image,
             int             n,
             int             frames)
{
  ClutterActor **actors = g_new (ClutterActor *, n);
  Fish *fish = fishbowl_new (n);
  double *times = g_new (double, frames);
  gint64 start = 0;
  double result;
  int i, frame;

  for (i = 0; i < n; i++)
    {
      actors[i] = clutter_actor_new ();
      clutter_actor_set_size (actors[i], fishbowl_scene.width, fishbowl_scene.height);
      clutter_actor_set_pivot_point (actors[i], 0.5f, 0.5f);
      clutter_actor_set_content (actors[i], image);
      if (fishbowl_opacity (i) < 1.f)
        clutter_actor_set_opacity (actors[i], (guint8) (fishbowl_opacity (i) * 255 + 0.5));
      clutter_actor_add_child (stage, actors[i]);
    }

  for (frame = -BENCH_WARMUP; bench_more_frames (frame, frames, start); frame++)
    {
      gint64 t0 = g_get_monotonic_time ();

      if (frame == 0)
        start = t0;

      fishbowl_step (fish, n);
      for (i = 0; i < n; i++)
        {
          clutter_actor_set_position (actors[i], fish[i].x, fish[i].y);
          clutter_actor_set_rotation_angle (actors[i], CLUTTER_Z_AXIS, fish[i].angle);
        }
      run_one_frame (stage);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  if (g_getenv ("BENCH_FISHBOWL_PNG"))
    write_png (CLUTTER_STAGE (stage), g_getenv ("BENCH_FISHBOWL_PNG"));

  result = bench_median (times, frame);

  for (i = 0; i < n; i++)
    clutter_actor_destroy (actors[i]);
  g_free (actors);
  g_free (fish);
  g_free (times);

  return result;
}

int
main (int    argc,
      char **argv)
{
  BenchOptions options;
  cairo_surface_t *icon;
  ClutterContent *image;
  ClutterActor *stage;
  GError *error = NULL;
  guint i;

  bench_parse_options (&options, argc, argv, 30);

  /* Draw frames back to back: no vblank, no 60 Hz timer */
  g_setenv ("CLUTTER_VBLANK", "none", TRUE);
  g_setenv ("CLUTTER_DEFAULT_FPS", "1000", TRUE);
  if (!g_getenv ("CLUTTER_BACKEND"))
    g_setenv ("CLUTTER_BACKEND", "x11", TRUE);
  if (clutter_init (NULL, NULL) != CLUTTER_INIT_SUCCESS)
    {
      fprintf (stderr, "bench-fishbowl-clutter: cannot initialize Clutter (no X display? run under xvfb-run)\n");
      return 1;
    }

  icon = fishbowl_make_icon ();
  image = clutter_image_new ();
  if (!clutter_image_set_data (CLUTTER_IMAGE (image),
                               cairo_image_surface_get_data (icon),
                               G_BYTE_ORDER == G_LITTLE_ENDIAN ? COGL_PIXEL_FORMAT_BGRA_8888_PRE
                                                               : COGL_PIXEL_FORMAT_ARGB_8888_PRE,
                               fishbowl_scene.width, fishbowl_scene.height,
                               cairo_image_surface_get_stride (icon),
                               &error))
    {
      fprintf (stderr, "bench-fishbowl-clutter: %s\n", error->message);
      return 1;
    }

  stage = clutter_stage_new ();
  clutter_actor_set_size (stage, FISHBOWL_WIDTH, FISHBOWL_HEIGHT);
  clutter_actor_set_background_color (stage, CLUTTER_COLOR_White);
  g_signal_connect (stage, "after-paint", G_CALLBACK (after_paint), NULL);
  clutter_actor_show (stage);
  run_one_frame (stage);

  if (!options.raw)
    {
      printf ("%s on Clutter %d.%d.%d (%s): median of %d frames\n\n", fishbowl_scene.name,
              CLUTTER_MAJOR_VERSION, CLUTTER_MINOR_VERSION, CLUTTER_MICRO_VERSION,
              (const char *) glGetString (GL_RENDERER), options.frames);
      printf ("%8s %12s %12s %14s\n", "N", "clutter ms", "clutter fps", "us per layer");
    }
  if (options.raw)
    printf ("info gl-renderer %s\n", (const char *) glGetString (GL_RENDERER));
  for (i = 0; i < options.counts->len; i++)
    {
      int n = g_array_index (options.counts, int, i);
      double ms = run_clutter (stage, image, n, options.frames);

      if (options.raw)
        printf ("%s clutter %d %.4f\n", fishbowl_scene.name, n, ms);
      else
        printf ("%8d %12.2f %12.1f %14.3f\n", n, ms, 1000.0 / ms, ms * 1000.0 / n);
      fflush (stdout);
    }

  clutter_actor_destroy (stage);
  g_object_unref (image);
  cairo_surface_destroy (icon);
  g_array_unref (options.counts);

  return 0;
}
