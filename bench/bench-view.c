/* bench-view.c: the fishbowl in a GskLayerView in a window, against GSK
 * headless and against GTK 4 drawing the same icons as render nodes
 *
 * Issue 12's performance targets, measured on a real X server (run it
 * under xvfb-run with GDK_BACKEND=x11):
 *
 * - fishbowl: N icons (bench-fishbowl-scene.h) moving in a 1024×768
 *   window. Each frame's cost is timed from the frame clock's "update"
 *   (where a tick callback moves the icons) to its "after-paint" (GTK
 *   has drawn and presented the window): the view (GSK's GL backend
 *   into a texture GTK composites), and GTK 4 itself with a widget whose
 *   snapshot builds the icons' render nodes (bench-fishbowl-gtk's
 *   nodes). GSK's headless GL frame time comes from bench-fishbowl, run
 *   beside it in the same run. Printed: medians in ms, frames per second
 *   of work, and the ratios the issue asks for (view / headless frame
 *   rate, view / GTK frame rate), with "!" where short of 0.9 and 1.
 * - the texture floor: a widget that hands GTK a new window-sized GL
 *   texture of its own context each frame, drawn into by nobody: what
 *   GTK's composite and present of any texture-drawn view cost, so that
 *   floor + headless is about the best a view can do.
 * - still: a view of 1000 icons that nothing moves, over 2 s after it
 *   settled: frames GDK drew, ticks of the view's clock, frames the view
 *   rendered, and the process's CPU time.
 *
 * Usage: bench-view [--counts=100,1000,10000] [FRAMES]
 * (BENCH_VIEW_ONLY=view or gtk runs only that window, for a profiler)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <sys/resource.h>

#include <epoxy/gl.h>
#include <gtk/gtk.h>
#include <gsklayer.h>

#include "bench-fishbowl-scene.h"
#include "bench-fishbowl-gtk-nodes.h"
#include "gsk-layer-view-private.h"

typedef struct {
  Fish *fish;
  int n;
  GskLayer **layers;            /* the view's, or NULL for GTK's widget */
  GdkTexture *icon;             /* GTK's widget */
  gint64 t0;
  double *times;
  int frame;                    /* from -BENCH_WARMUP */
  int frames;
  gint64 start;
  gboolean done;
} Run;

/* {{{ GTK's widget: the icons as render nodes */

#define BENCH_TYPE_NODES (bench_nodes_get_type ())
G_DECLARE_FINAL_TYPE (BenchNodes, bench_nodes, BENCH, NODES, GtkWidget)

struct _BenchNodes
{
  GtkWidget parent_instance;
  Run *run;
};

G_DEFINE_FINAL_TYPE (BenchNodes, bench_nodes, GTK_TYPE_WIDGET)

static void
bench_nodes_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  Run *run = BENCH_NODES (widget)->run;
  GskRenderNode *node = fishbowl_build_nodes (run->fish, run->n, run->icon);

  gtk_snapshot_append_node (snapshot, node);
  gsk_render_node_unref (node);
}

static void
bench_nodes_class_init (BenchNodesClass *klass)
{
  GTK_WIDGET_CLASS (klass)->snapshot = bench_nodes_snapshot;
}

static void
bench_nodes_init (BenchNodes *self)
{
}

/* }}} */
/* {{{ The texture floor: a new GL texture each frame, drawn by nobody */

#define BENCH_TYPE_TEXTURE (bench_texture_get_type ())
G_DECLARE_FINAL_TYPE (BenchTexture, bench_texture, BENCH, TEXTURE, GtkWidget)

struct _BenchTexture
{
  GtkWidget parent_instance;
  GdkGLContext *context;
  guint textures[2];
  int width, height;
  guint frame;
};

G_DEFINE_FINAL_TYPE (BenchTexture, bench_texture, GTK_TYPE_WIDGET)

static void
bench_texture_released (gpointer data)
{
}

/* As the view hands its frames over (gsk-layer-view.c, render_gl()),
 * without drawing them */
static void
bench_texture_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  BenchTexture *self = BENCH_TEXTURE (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GdkTexture *texture;
  GskTransform *flip;
  guint i;

  if (self->context == NULL)
    {
      self->context = gdk_surface_create_gl_context (gtk_native_get_surface (gtk_widget_get_native (widget)), NULL);
      if (self->context == NULL || !gdk_gl_context_realize (self->context, NULL))
        g_error ("bench-view: no GL context for the texture floor");
      gdk_gl_context_make_current (self->context);
      glGenTextures (2, self->textures);
      self->width = width * scale;
      self->height = height * scale;
      for (i = 0; i < 2; i++)
        {
          glBindTexture (GL_TEXTURE_2D, self->textures[i]);
          glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, self->width, self->height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
          glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
          glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        }
      glBindTexture (GL_TEXTURE_2D, 0);
    }

  gdk_gl_context_make_current (self->context);
  glFlush ();
  gdk_gl_context_clear_current ();
  texture = gdk_gl_texture_new (self->context, self->textures[self->frame++ % 2],
                                self->width, self->height, bench_texture_released, NULL);
  flip = gsk_transform_scale (gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, height)), 1, -1);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_transform (snapshot, flip);
  gtk_snapshot_append_texture (snapshot, texture, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_snapshot_restore (snapshot);
  gsk_transform_unref (flip);
  g_object_unref (texture);
}

static void
bench_texture_dispose (GObject *object)
{
  BenchTexture *self = BENCH_TEXTURE (object);

  if (self->context)
    {
      gdk_gl_context_make_current (self->context);
      glDeleteTextures (2, self->textures);
      gdk_gl_context_clear_current ();
    }
  g_clear_object (&self->context);
  G_OBJECT_CLASS (bench_texture_parent_class)->dispose (object);
}

static void
bench_texture_class_init (BenchTextureClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bench_texture_dispose;
  GTK_WIDGET_CLASS (klass)->snapshot = bench_texture_snapshot;
}

static void
bench_texture_init (BenchTexture *self)
{
}

/* }}} */

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
  int i;

  if (run->done)
    return G_SOURCE_REMOVE;

  fishbowl_step (run->fish, run->n);
  if (run->layers)
    for (i = 0; i < run->n; i++)
      {
        GskLayerTransform *t = gsk_layer_transform_rotate (NULL, run->fish[i].angle);

        gsk_layer_set_position (run->layers[i], &GRAPHENE_POINT_INIT (run->fish[i].x, run->fish[i].y));
        gsk_layer_set_transform (run->layers[i], t);
        gsk_layer_transform_unref (t);
      }
  else
    gtk_widget_queue_draw (widget);

  return G_SOURCE_CONTINUE;
}

static GskLayer *
fishbowl_root (Run             *run,
               cairo_surface_t *icon)
{
  GskLayerContent *content = gsk_layer_image_content_new (icon);
  GskLayer *root = gsk_layer_new ();
  int i;

  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  run->layers = g_new (GskLayer *, run->n);
  for (i = 0; i < run->n; i++)
    {
      run->layers[i] = gsk_layer_new ();
      gsk_layer_set_size (run->layers[i], &GRAPHENE_SIZE_INIT (FISHBOWL_ICON, FISHBOWL_ICON));
      gsk_layer_set_content (run->layers[i], content);
      gsk_layer_set_position (run->layers[i], &GRAPHENE_POINT_INIT (run->fish[i].x, run->fish[i].y));
      if (i % 2)
        gsk_layer_set_opacity (run->layers[i], FISHBOWL_OPACITY);
      gsk_layer_add_child (root, run->layers[i]);
    }
  g_object_unref (content);

  return root;
}

static GtkWidget *
show (GtkWidget *child)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), FISHBOWL_WIDTH, FISHBOWL_HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

typedef enum {
  SHOW_VIEW,                    /* the fishbowl in a GskLayerView */
  SHOW_GTK,                     /* the fishbowl as GTK's render nodes */
  SHOW_TEXTURE_FLOOR,           /* a new window-sized texture, no fishbowl */
} Show;

/* Median frame time in ms of @what with @n icons in a window */
/* GTK, its renderer and GL as the first view measured them */
static char *measured_with;

static double
run_window (Show             what,
            int              n,
            int              frames,
            cairo_surface_t *icon_surface,
            GdkTexture      *icon,
            char           **path)
{
  Run run = { 0, };
  GtkWidget *window, *widget;
  GdkFrameClock *clock;
  gulong update_id, paint_id;
  double ms;

  run.n = n;
  run.frames = frames;
  run.fish = fishbowl_new (n);
  run.times = g_new (double, frames);
  run.frame = -BENCH_WARMUP;

  if (what == SHOW_VIEW)
    {
      GskLayer *root = fishbowl_root (&run, icon_surface);

      widget = gsk_layer_view_new (root);
    }
  else if (what == SHOW_GTK)
    {
      widget = g_object_new (BENCH_TYPE_NODES, NULL);
      BENCH_NODES (widget)->run = &run;
      run.icon = icon;
    }
  else
    widget = g_object_new (BENCH_TYPE_TEXTURE, NULL);
  window = show (widget);
  while (gtk_widget_get_frame_clock (widget) == NULL)
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (widget);
  update_id = g_signal_connect (clock, "update", G_CALLBACK (on_update), &run);
  paint_id = g_signal_connect_after (clock, "after-paint", G_CALLBACK (on_after_paint), &run);
  gtk_widget_add_tick_callback (widget, on_tick, &run, NULL);

  while (!run.done)
    g_main_context_iteration (NULL, TRUE);

  /* What was measured, once: GTK, its renderer, and GL's own words
   * (Mesa's version among them) */
  if (GSK_IS_LAYER_VIEW (widget) && measured_with == NULL)
    {
      GskRenderer *gtk_renderer = gtk_native_get_renderer (GTK_NATIVE (window));
      GskLayerRenderer *gl = gsk_layer_view_peek_gl_renderer (GSK_LAYER_VIEW (widget));

      measured_with = g_strdup_printf ("GTK %u.%u.%u, its renderer %s (GSK_RENDERER=%s); the view's GL: %s",
                                       gtk_get_major_version (), gtk_get_minor_version (), gtk_get_micro_version (),
                                       gtk_renderer ? G_OBJECT_TYPE_NAME (gtk_renderer) : "none",
                                       g_getenv ("GSK_RENDERER") ? g_getenv ("GSK_RENDERER") : "unset",
                                       gl ? gsk_layer_gl_renderer_get_gl_description (GSK_LAYER_GL_RENDERER (gl)) : "none");
    }

  if (path && GSK_IS_LAYER_VIEW (widget))
    {
      GEnumClass *klass = g_type_class_ref (GSK_TYPE_LAYER_VIEW_RENDER_PATH);

      *path = g_strdup (g_enum_get_value (klass, gsk_layer_view_get_render_path (GSK_LAYER_VIEW (widget)))->value_nick);
      g_type_class_unref (klass);
    }

  g_signal_handler_disconnect (clock, update_id);
  g_signal_handler_disconnect (clock, paint_id);
  ms = bench_median (run.times, run.frame);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE));

  g_free (run.layers);
  g_free (run.fish);
  g_free (run.times);
  return ms;
}

/* GSK's headless GL frame time from bench-fishbowl, beside this one */
static double
run_headless (const char *self,
              int         n,
              int         frames)
{
  g_autofree char *dir = g_path_get_dirname (self);
  g_autofree char *tool = g_build_filename (dir, "bench-fishbowl", NULL);
  g_autofree char *counts = g_strdup_printf ("--counts=%d", n);
  g_autofree char *nframes = g_strdup_printf ("%d", frames);
  g_autofree char *out = NULL;
  const char *argv[] = { tool, "--raw", "--backend=gl", counts, nframes, NULL };
  char **envp = g_environ_unsetenv (g_get_environ (), "DISPLAY");
  double ms = -1;
  char **lines;
  int i;

  if (g_spawn_sync (NULL, (char **) argv, envp, 0, NULL, NULL, &out, NULL, NULL, NULL))
    {
      lines = g_strsplit (out, "\n", -1);
      for (i = 0; lines[i]; i++)
        {
          char impl[32];
          int count;
          double value;

          if (sscanf (lines[i], "fishbowl %31s %d %lf", impl, &count, &value) == 3 &&
              g_str_equal (impl, "gsk-gl") && count == n)
            ms = value;
        }
      g_strfreev (lines);
    }
  g_strfreev (envp);
  return ms;
}

static double
cpu_ms (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec * 1e3 + usage.ru_utime.tv_usec / 1e3 +
         usage.ru_stime.tv_sec * 1e3 + usage.ru_stime.tv_usec / 1e3;
}

static gboolean
timed_out (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop for @ms, sleeping while nothing happens */
static void
spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timed_out, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
measure_still (cairo_surface_t *icon_surface)
{
  Run run = { .n = 1000 };
  GskLayerView *view;
  GtkWidget *window;
  GdkFrameClock *clock;
  gint64 frames0;
  guint ticks0, rendered0;
  double cpu0;

  run.fish = fishbowl_new (run.n);
  view = GSK_LAYER_VIEW (gsk_layer_view_new (fishbowl_root (&run, icon_surface)));
  window = show (GTK_WIDGET (view));
  while (gsk_layer_view_get_frames_rendered (view) == 0)
    g_main_context_iteration (NULL, TRUE);
  spin (1000);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (view));
  frames0 = gdk_frame_clock_get_frame_counter (clock);
  ticks0 = gsk_layer_view_get_n_ticks (view);
  rendered0 = gsk_layer_view_get_frames_rendered (view);
  cpu0 = cpu_ms ();
  spin (2000);

  if (measured_with)
    printf ("\nMeasured with %s\n", measured_with);
  printf ("\nA still view of 1000 icons, over 2 s: %" G_GINT64_FORMAT " frames drawn by GDK, "
          "%u ticks, %u frames rendered, %.1f ms of CPU\n",
          gdk_frame_clock_get_frame_counter (clock) - frames0,
          gsk_layer_view_get_n_ticks (view) - ticks0,
          gsk_layer_view_get_frames_rendered (view) - rendered0,
          cpu_ms () - cpu0);

  gtk_window_destroy (GTK_WINDOW (window));
  g_free (run.layers);
  g_free (run.fish);
}

int
main (int    argc,
      char **argv)
{
  BenchOptions options;
  cairo_surface_t *icon_surface;
  GdkTexture *icon;
  guint i;

  bench_parse_options (&options, argc, argv, 60);
  g_setenv ("GTK_A11Y", "none", FALSE);
  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-view: cannot open a display (run under xvfb-run)\n");
      return 1;
    }

  icon_surface = fishbowl_make_icon ();
  icon = fishbowl_icon_texture (icon_surface);

  printf ("Issue 12 - the fishbowl in a 1024x768 window: median ms of work per frame (update to after-paint)\n"
          "of up to %d frames; headless = bench-fishbowl's GSK GL frame, run beside it;\n"
          "tex floor = GTK showing a new window-sized GL texture each frame, drawn by nobody\n\n", options.frames);
  printf ("%8s %10s %10s %10s %10s %12s %12s  %s\n", "N", "view ms", "gtk ms", "headless", "tex floor",
          "view/headless", "view/gtk", "view path");
  for (i = 0; i < options.counts->len; i++)
    {
      int n = g_array_index (options.counts, int, i);
      g_autofree char *path = NULL;
      const char *only = g_getenv ("BENCH_VIEW_ONLY");
      double view = only && !g_str_equal (only, "view") ? 1 :
                    run_window (SHOW_VIEW, n, options.frames, icon_surface, NULL, &path);
      double gtk = only && !g_str_equal (only, "gtk") ? 1 : run_window (SHOW_GTK, n, options.frames, NULL, icon, NULL);
      double floor = only ? 0 : run_window (SHOW_TEXTURE_FLOOR, n, options.frames, NULL, NULL, NULL);
      double headless = only ? 0 : run_headless (argv[0], n, options.frames);
      /* Frame rates: the ratio of rates is the inverse of times' */
      double vs_headless = headless > 0 ? headless / view : 0;
      double vs_gtk = gtk / view;

      printf ("%8d %10.2f %10.2f %10.2f %10.2f %11.2f%s %11.2f%s  %s\n", n, view, gtk, headless, floor,
              vs_headless, vs_headless < 0.9 ? "!" : " ", vs_gtk, vs_gtk < 1 ? "!" : " ", path);
      fflush (stdout);
    }

  if (!g_getenv ("BENCH_VIEW_ONLY"))
    measure_still (icon_surface);

  g_object_unref (icon);
  cairo_surface_destroy (icon_surface);
  return 0;
}
