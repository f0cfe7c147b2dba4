/* bench-widget-cube.c: six hosted GTK widgets on a turning cube, against
 * the same six drawn flat
 *
 * Issue 29's target: a rotating cube of six hosted widgets in a view at
 * no lower frame rate than the same six widgets drawn flat. Both in a
 * 640×480 window on a real X server (run it under xvfb-run with
 * GDK_BACKEND=x11), the same widgets (a calendar, an entry, two
 * buttons, a check button, a scale), each on a 200×200 layer:
 *
 * - cube: the six faces of a cube in one preserve-3d context under
 *   perspective(900px), the cube turning by a degree a frame about y
 *   (tilted 20° about x): three faces show, sorted by depth and cut
 *   where they meet;
 * - flat: the six in a 3×2 grid, each turning by a degree a frame in
 *   the plane.
 *
 * Each frame's cost is timed from the frame clock's "update" (where a
 * tick callback turns the layers) to its "after-paint" (GTK has drawn
 * and presented the window), as bench-view times the fishbowl. Printed:
 * the median ms of work per frame, the frames per second that work
 * allows, and cube / flat in frame rate (the target: at least 1; "!"
 * where short of it). The view's render path is GSK_LAYER_VIEW_PATH's.
 *
 * Usage: bench-widget-cube [FRAMES]   (default 120)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include <gtk/gtk.h>
#include <gsklayer.h>

#include "bench-fishbowl-scene.h"

#define WIDTH 640
#define HEIGHT 480
#define FACE 200

typedef struct {
  GskLayer *turning[6];
  guint n_turning;
  gboolean cube;
  double angle;
  int frames;
  int frame;
  double *times;
  gint64 t0, start;
  gboolean done;
} Run;

static const char * const face_transforms[] = {
  "translateZ(100px)", "rotateY(90deg) translateZ(100px)", "rotateY(180deg) translateZ(100px)",
  "rotateY(-90deg) translateZ(100px)", "rotateX(90deg) translateZ(100px)", "rotateX(-90deg) translateZ(100px)",
};

static GtkWidget *
make_widget (int i)
{
  switch (i)
    {
    case 0: return gtk_calendar_new ();
    case 1: return gtk_entry_new ();
    case 2: return gtk_button_new_with_label ("Back");
    case 3: return gtk_check_button_new_with_label ("Check me");
    case 4: return gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 100, 1);
    default: return gtk_button_new_with_label ("Bottom");
    }
}

static void
set_transform (GskLayer   *layer,
               const char *css)
{
  GskLayerTransform *t = NULL;

  gsk_layer_transform_parse (css, &t, NULL);
  gsk_layer_set_transform (layer, t);
  gsk_layer_transform_unref (t);
}

static GskLayer *
build (Run *run)
{
  GskLayer *root = gsk_layer_new ();
  GskLayer *cube = NULL;
  int i;

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.14f, 0.12f, 0.19f, 1 });
  if (run->cube)
    {
      GskLayerTransform *t = gsk_layer_transform_perspective (NULL, 900);

      gsk_layer_set_child_transform (root, t);
      gsk_layer_transform_unref (t);
      cube = gsk_layer_new ();
      gsk_layer_set_size (cube, &GRAPHENE_SIZE_INIT (FACE, FACE));
      gsk_layer_set_position (cube, &GRAPHENE_POINT_INIT ((WIDTH - FACE) / 2, (HEIGHT - FACE) / 2));
      gsk_layer_set_transform_style (cube, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
      gsk_layer_add_child (root, cube);
      run->turning[run->n_turning++] = cube;
    }

  for (i = 0; i < 6; i++)
    {
      GskLayer *host = gsk_layer_widget_new (make_widget (i));

      gsk_layer_set_size (host, &GRAPHENE_SIZE_INIT (FACE, FACE));
      gsk_layer_set_background_color (host, &(GdkRGBA) { 0.96f, 0.96f, 0.95f, 1 });
      if (run->cube)
        {
          set_transform (host, face_transforms[i]);
          gsk_layer_add_child (cube, host);
        }
      else
        {
          gsk_layer_set_position (host, &GRAPHENE_POINT_INIT (10 + (i % 3) * (FACE + 10), 30 + (i / 3) * (FACE + 10)));
          gsk_layer_add_child (root, host);
          run->turning[run->n_turning++] = host;
        }
    }
  return root;
}

static void
on_update (GdkFrameClock *clock,
           Run           *run)
{
  run->t0 = g_get_monotonic_time ();
}

static void
on_after_paint (GdkFrameClock *clock,
                Run           *run)
{
  gint64 now = g_get_monotonic_time ();

  if (run->t0 == 0 || run->done)
    return;
  if (run->frame == 0)
    run->start = run->t0;
  if (run->frame >= 0)
    run->times[run->frame] = (now - run->t0) / 1000.0;
  run->frame++;
  run->t0 = 0;
  if (!bench_more_frames (run->frame, run->frames, run->start))
    run->done = TRUE;
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  Run *run = data;
  g_autofree char *css = NULL;
  guint i;

  if (run->done)
    return G_SOURCE_REMOVE;

  run->angle += 1;
  css = run->cube ? g_strdup_printf ("rotateX(-20deg) rotateY(%gdeg)", run->angle)
                  : g_strdup_printf ("rotate(%gdeg)", run->angle);
  for (i = 0; i < run->n_turning; i++)
    set_transform (run->turning[i], css);
  return G_SOURCE_CONTINUE;
}

/* Median ms of work per frame */
static double
run_window (gboolean  cube,
            int       frames,
            char    **path)
{
  Run run = { .cube = cube, .frames = frames, .frame = -BENCH_WARMUP };
  GtkWidget *window, *view;
  GdkFrameClock *clock;
  gulong update_id, paint_id;
  double ms;

  run.times = g_new (double, frames);
  view = gsk_layer_view_new (build (&run));
  window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  while (gtk_widget_get_frame_clock (view) == NULL)
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (view);
  update_id = g_signal_connect (clock, "update", G_CALLBACK (on_update), &run);
  paint_id = g_signal_connect_after (clock, "after-paint", G_CALLBACK (on_after_paint), &run);
  gtk_widget_add_tick_callback (view, on_tick, &run, NULL);

  while (!run.done)
    g_main_context_iteration (NULL, TRUE);

  {
    GEnumClass *klass = g_type_class_ref (GSK_TYPE_LAYER_VIEW_RENDER_PATH);

    *path = g_strdup (g_enum_get_value (klass, gsk_layer_view_get_render_path (GSK_LAYER_VIEW (view)))->value_nick);
    g_type_class_unref (klass);
  }
  g_signal_handler_disconnect (clock, update_id);
  g_signal_handler_disconnect (clock, paint_id);
  ms = bench_median (run.times, run.frame);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE));
  g_free (run.times);
  return ms;
}

int
main (int    argc,
      char **argv)
{
  int frames = argc > 1 ? atoi (argv[1]) : 120;
  g_autofree char *cube_path = NULL, *flat_path = NULL;
  double cube, flat, ratio;

  gtk_init ();
  /* Flat first, then the cube: each warms up on its own */
  flat = run_window (FALSE, frames, &flat_path);
  cube = run_window (TRUE, frames, &cube_path);
  ratio = cube > 0 ? flat / cube : 0;

  printf ("Issue 29 - six hosted widgets turning in a %dx%d view: median ms of work per frame (update to after-paint)\n",
          WIDTH, HEIGHT);
  printf ("  flat (3x2, rotate in the plane)   %8.2f ms  %7.1f fps  (%s)\n", flat, 1000 / flat, flat_path);
  printf ("  cube (preserve-3d, rotateY)       %8.2f ms  %7.1f fps  (%s)\n", cube, 1000 / cube, cube_path);
  printf ("  cube / flat frame rate            %8.2f%s (target >= 1)\n", ratio, ratio < 1 ? " !" : "");
  return 0;
}
