/* bench-scroll-model.c: a model of 100,000 items scrolled a screen a
 * frame, in a GskLayerScroll bound to it and in GTK 4's GtkGridView
 *
 * Issue 31's performance target, on a real X server (run it under
 * xvfb-run with GDK_BACKEND=x11). Both windows are 1024×768 and show
 * the same GtkStringList of 100,000 strings in cells of 128×64, eight
 * to a line: a coloured box with the item's string in it (a layer with
 * a background and a GskLayerText; a GtkLabel with a CSS background).
 * Each frame scrolls on by the window's height, so that every cell
 * shows another item: the scroll offset for GSK, the vertical
 * adjustment for GTK.
 *
 * Timed per frame, as bench-view does, from the frame clock's "update"
 * to its "after-paint" (GTK has drawn and presented the window): the
 * GSK window and the GTK one. GSK's own work is the part of its frame
 * that is GSK's: the scroll (unbinding and binding cells, in the tick
 * callback) and the view's snapshot (layout, text, the GL render into
 * the texture GTK composites), timed around each (the first apart,
 * as "binding"); and the CPU time of the thread in them, which leaves
 * out llvmpipe's rasterizing threads and the waits for them, the part
 * a GPU would take. Printed: medians in
 * ms, and the ratio of GSK's frame to GTK's (below 1: GSK is faster).
 *
 * Usage: bench-scroll-model [FRAMES]   (default 60)
 * (BENCH_ONLY=gsk or gtk runs only that window, for a profiler)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <time.h>

#include <gtk/gtk.h>
#include <gsklayer.h>

#include "bench-fishbowl-scene.h"

#define N_ITEMS 100000
#define WIDTH 1024
#define HEIGHT 768
#define CELL_W 128
#define CELL_H 64

typedef struct {
  gint64 t0;
  double *frame_ms;             /* update to after-paint */
  double *own_ms;               /* GSK's scroll and snapshot */
  double *scroll_ms;            /* the scroll alone: cells bound */
  double *cpu_ms;               /* GSK's own, CPU time of this thread */
  double own;                   /* this frame's, so far */
  double own_cpu;
  double scrolled;
  int frame;                    /* from -BENCH_WARMUP */
  int frames;
  gint64 start;
  gboolean done;
  /* What scrolls */
  GskLayerScroll *scroll;
  GtkAdjustment *adjustment;
} Run;

/* {{{ A widget that times its child's snapshot */

#define BENCH_TYPE_TIMER (bench_timer_get_type ())
G_DECLARE_FINAL_TYPE (BenchTimer, bench_timer, BENCH, TIMER, GtkWidget)

struct _BenchTimer
{
  GtkWidget parent_instance;
  Run *run;
};

G_DEFINE_FINAL_TYPE (BenchTimer, bench_timer, GTK_TYPE_WIDGET)

/* This thread's CPU time: GSK's work and the GL driver's on it, not
 * llvmpipe's rasterizing threads, nor the time spent waiting for them */
static double
thread_cpu_ms (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void
bench_timer_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  BenchTimer *self = BENCH_TIMER (widget);
  gint64 t0 = g_get_monotonic_time ();
  double c0 = thread_cpu_ms ();

  gtk_widget_snapshot_child (widget, gtk_widget_get_first_child (widget), snapshot);
  self->run->own += (g_get_monotonic_time () - t0) / 1000.0;
  self->run->own_cpu += thread_cpu_ms () - c0;
}

static void
bench_timer_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (bench_timer_parent_class)->dispose (object);
}

static void
bench_timer_class_init (BenchTimerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bench_timer_dispose;
  GTK_WIDGET_CLASS (klass)->snapshot = bench_timer_snapshot;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
bench_timer_init (BenchTimer *self)
{
}

/* }}} */
/* {{{ GSK's cells */

static GskLayer *
create_cell (gpointer data)
{
  GskLayer *cell = gsk_layer_new ();
  GskLayer *label = gsk_layer_text_new ("");

  gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (8, 20));
  gsk_layer_add_child (cell, label);
  return cell;
}

static void
bind_cell (GskLayer *cell,
           gpointer  item,
           gpointer  data)
{
  const char *string = gtk_string_object_get_string (item);
  guint n = (guint) atoi (string + strlen ("Item "));

  gsk_layer_set_background_color (cell, &(GdkRGBA) { 0.5f + (n % 7) / 14.f, 0.7f, 0.9f - (n % 5) / 10.f, 1 });
  gsk_layer_text_set_text (GSK_LAYER_TEXT (gsk_layer_get_first_child (cell)), string);
}

/* }}} */
/* {{{ GTK's cells */

static void
setup_item (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  data)
{
  GtkWidget *label = gtk_label_new ("");

  gtk_widget_set_size_request (label, CELL_W, CELL_H);
  gtk_widget_add_css_class (label, "cell");
  gtk_list_item_set_child (item, label);
}

static void
bind_item (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  const char *string = gtk_string_object_get_string (gtk_list_item_get_item (item));

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), string);
}

/* }}} */

static void
on_update (GdkFrameClock *clock,
           Run           *run)
{
  run->t0 = g_get_monotonic_time ();
  run->own = 0;
  run->own_cpu = 0;
  run->scrolled = 0;
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
    {
      run->frame_ms[run->frame] = (now - run->t0) / 1000.0;
      run->own_ms[run->frame] = run->own;
      run->scroll_ms[run->frame] = run->scrolled;
      run->cpu_ms[run->frame] = run->own_cpu;
    }
  run->frame++;
  run->t0 = 0;
  if (!bench_more_frames (run->frame, run->frames, run->start))
    run->done = TRUE;
}

/* A screen further, from the top again at the end */
static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  Run *run = data;

  if (run->done)
    return G_SOURCE_REMOVE;

  if (run->scroll)
    {
      gint64 t0 = g_get_monotonic_time ();
      double c0 = thread_cpu_ms ();
      double offset = gsk_layer_scroll_get_scroll_offset (run->scroll) + HEIGHT;

      if (offset > gsk_layer_scroll_get_max_offset (run->scroll))
        offset = 0;
      gsk_layer_scroll_set_scroll_offset (run->scroll, offset);
      run->scrolled = (g_get_monotonic_time () - t0) / 1000.0;
      run->own += run->scrolled;
      run->own_cpu += thread_cpu_ms () - c0;
    }
  else
    {
      double value = gtk_adjustment_get_value (run->adjustment) + HEIGHT;

      if (value > gtk_adjustment_get_upper (run->adjustment) - gtk_adjustment_get_page_size (run->adjustment))
        value = 0;
      gtk_adjustment_set_value (run->adjustment, value);
    }

  return G_SOURCE_CONTINUE;
}

static GtkWidget *
gsk_window (Run        *run,
            GListModel *model)
{
  GskLayer *root = gsk_layer_new ();
  GskLayer *scroll = gsk_layer_scroll_new (GSK_LAYER_ORIENTATION_VERTICAL);
  GtkWidget *timer = g_object_new (BENCH_TYPE_TIMER, NULL);

  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_size (scroll, &GRAPHENE_SIZE_INIT (WIDTH, HEIGHT));
  gsk_layer_scroll_bind_model (GSK_LAYER_SCROLL (scroll), model, &GRAPHENE_SIZE_INIT (CELL_W, CELL_H),
                               create_cell, bind_cell, NULL, NULL, NULL);
  gsk_layer_add_child (root, scroll);
  run->scroll = GSK_LAYER_SCROLL (scroll);
  BENCH_TIMER (timer)->run = run;
  gtk_widget_set_parent (gsk_layer_view_new (root), timer);
  return timer;
}

static GtkWidget *
gtk_window_child (Run        *run,
                  GListModel *model)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *grid, *scrolled = gtk_scrolled_window_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_item), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_item), NULL);
  grid = gtk_grid_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (model))), factory);
  gtk_grid_view_set_min_columns (GTK_GRID_VIEW (grid), WIDTH / CELL_W);
  gtk_grid_view_set_max_columns (GTK_GRID_VIEW (grid), WIDTH / CELL_W);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), grid);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL);
  run->adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  return scrolled;
}

/* Medians in ms of frames, and of GSK's own part of them */
static void
run_window (gboolean    gsk,
            GListModel *model,
            int         frames,
            double     *frame_ms,
            double     *own_ms,
            double     *scroll_ms,
            double     *cpu_ms)
{
  Run run = { 0, };
  GtkWidget *window, *child;
  GdkFrameClock *clock;
  gulong update_id, paint_id;

  run.frames = frames;
  run.frame_ms = g_new (double, frames);
  run.own_ms = g_new (double, frames);
  run.scroll_ms = g_new (double, frames);
  run.cpu_ms = g_new (double, frames);
  run.frame = -BENCH_WARMUP;

  child = gsk ? gsk_window (&run, model) : gtk_window_child (&run, model);
  window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  while (gtk_widget_get_frame_clock (child) == NULL)
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (child);
  update_id = g_signal_connect (clock, "update", G_CALLBACK (on_update), &run);
  paint_id = g_signal_connect_after (clock, "after-paint", G_CALLBACK (on_after_paint), &run);
  gtk_widget_add_tick_callback (child, on_tick, &run, NULL);

  while (!run.done)
    g_main_context_iteration (NULL, TRUE);

  g_signal_handler_disconnect (clock, update_id);
  g_signal_handler_disconnect (clock, paint_id);
  *frame_ms = bench_median (run.frame_ms, run.frame);
  *own_ms = bench_median (run.own_ms, run.frame);
  *scroll_ms = bench_median (run.scroll_ms, run.frame);
  *cpu_ms = bench_median (run.cpu_ms, run.frame);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE));

  g_free (run.frame_ms);
  g_free (run.own_ms);
  g_free (run.scroll_ms);
  g_free (run.cpu_ms);
}

int
main (int    argc,
      char **argv)
{
  int frames = argc > 1 && atoi (argv[1]) > 0 ? atoi (argv[1]) : 60;
  GtkCssProvider *css;
  GtkStringList *strings;
  double gsk_frame, gsk_own, gsk_scroll, gsk_cpu, gtk_frame, unused, unused2, unused3;
  char **array = g_new (char *, N_ITEMS + 1);

  gtk_init ();
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (css, ".cell { background: #9bd; }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  for (int i = 0; i < N_ITEMS; i++)
    array[i] = g_strdup_printf ("Item %d", i);
  array[N_ITEMS] = NULL;
  strings = gtk_string_list_new ((const char * const *) array);
  g_strfreev (array);

  gsk_frame = gsk_own = gsk_scroll = gsk_cpu = gtk_frame = 0;
  if (g_strcmp0 (g_getenv ("BENCH_ONLY"), "gtk") != 0)
    run_window (TRUE, G_LIST_MODEL (strings), frames, &gsk_frame, &gsk_own, &gsk_scroll, &gsk_cpu);
  if (g_strcmp0 (g_getenv ("BENCH_ONLY"), "gsk") != 0)
    run_window (FALSE, G_LIST_MODEL (strings), frames, &gtk_frame, &unused, &unused2, &unused3);

  printf ("# %d items in cells of %dx%d, scrolled a %d-unit screen a frame (GTK %u.%u.%u, GSK_RENDERER=%s)\n",
          N_ITEMS, CELL_W, CELL_H, HEIGHT, gtk_get_major_version (), gtk_get_minor_version (),
          gtk_get_micro_version (), g_getenv ("GSK_RENDERER") ? g_getenv ("GSK_RENDERER") : "unset");
  printf ("scroll-model gsk-own %.2f ms (target <= 4)\n", gsk_own);
  printf ("scroll-model gsk-own-cpu %.2f ms (of it: this thread's CPU time, llvmpipe's rasterizing threads apart)\n", gsk_cpu);
  printf ("scroll-model gsk-own-binding %.2f ms (of it: the scroll, cells unbound and bound)\n", gsk_scroll);
  printf ("scroll-model gsk-frame %.2f ms\n", gsk_frame);
  printf ("scroll-model gtk-gridview-frame %.2f ms\n", gtk_frame);
  printf ("scroll-model ratio gsk/gtk %.2f\n", gsk_frame / gtk_frame);

  g_object_unref (strings);
  g_object_unref (css);
  return 0;
}
