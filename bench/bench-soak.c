/* bench-soak.c: a view animating for minutes, layers made, named and
 * dropped all the while; does anything grow?
 *
 * Issue 35's soak test, on a real X server (run it under xvfb-run with
 * GDK_BACKEND=x11): a 1024×768 GskLayerView shows the fishbowl (N icons
 * moving and turning every frame), a cover flow (nine cards under
 * perspective, turned by implicit animations that are retargeted every
 * second) and a list whose rows come and go: every frame ROWS text
 * layers named by a growing id ("row 123456") are made and the oldest
 * as many dropped, so that names, layers, glyph runs and their caches
 * are made and let go the whole time.
 *
 * Printed every INTERVAL seconds: resident memory (from /proc), the
 * GL texture memory of the view's renderer, the glyph images the glyph
 * cache holds, live layers and frames drawn; at the end, how much
 * resident memory grew after the first interval (the bound is
 * 1 MB over the last nine minutes of ten).
 *
 * Usage: bench-soak [SECONDS [INTERVAL]]   (default 600 and 60)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <unistd.h>

#include <gtk/gtk.h>
#include <gsklayer.h>

#include "bench-fishbowl-scene.h"
#include "gsk-layer-view-private.h"
#include "gsk-layer-glyph-cache-private.h"

#define N_FISH 300
#define N_CARDS 9
#define ROWS 8
#define LIST_LENGTH 40

typedef struct {
  GskLayerView *view;
  GskLayer *root, *list;
  Fish *fish;
  GskLayer *icons[N_FISH];
  GskLayer *cards[N_CARDS];
  GQueue rows;
  guint64 next_row;
  guint frames;
  gint64 start, last_report, last_turn;
  double seconds, interval;
  double rss_first, rss_max_after_first;
  guint reports;
  GMainLoop *loop;
} Soak;

static double
resident_mb (void)
{
  long pages = 0, resident = 0;
  FILE *f = fopen ("/proc/self/statm", "r");

  if (f != NULL)
    {
      if (fscanf (f, "%ld %ld", &pages, &resident) != 2)
        resident = 0;
      fclose (f);
    }
  return resident * (double) sysconf (_SC_PAGESIZE) / (1024.0 * 1024.0);
}

static void
report (Soak  *soak,
        gint64 now)
{
  GskLayerRenderer *gl = gsk_layer_view_peek_gl_renderer (soak->view);
  double rss = resident_mb ();
  double elapsed = (now - soak->start) / (double) G_USEC_PER_SEC;

  printf ("%6.0f s  resident %7.1f MB  GL textures %6.1f MB  glyph images %5u  layers %5u  frames %7u  rows made %8" G_GUINT64_FORMAT "\n",
          elapsed, rss,
          gl ? gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)) / (1024.0 * 1024.0) : 0.0,
          gsk_layer_glyph_cache_get_n_images (),
          N_FISH + N_CARDS + soak->rows.length + 3, soak->frames, soak->next_row);
  fflush (stdout);

  if (soak->reports == 1)
    soak->rss_first = rss;
  else if (soak->reports > 1)
    soak->rss_max_after_first = MAX (soak->rss_max_after_first, rss);
  soak->reports++;
}

static void
add_row (Soak *soak)
{
  char text[64];
  GskLayer *row;

  g_snprintf (text, sizeof text, "Row %" G_GUINT64_FORMAT, soak->next_row);
  row = gsk_layer_text_new (text);
  g_snprintf (text, sizeof text, "row %" G_GUINT64_FORMAT, soak->next_row);
  gsk_layer_set_name (row, text);
  gsk_layer_set_position (row, &GRAPHENE_POINT_INIT (0, (soak->next_row % LIST_LENGTH) * 18));
  gsk_layer_add_child (soak->list, row);
  g_queue_push_tail (&soak->rows, row);
  soak->next_row++;

  if (soak->rows.length > LIST_LENGTH)
    {
      GskLayer *old = g_queue_pop_head (&soak->rows);

      gsk_layer_remove_child (soak->list, old);
    }
}

static gboolean
tick (GtkWidget     *widget,
      GdkFrameClock *clock,
      gpointer       data)
{
  Soak *soak = data;
  gint64 now = g_get_monotonic_time ();

  fishbowl_step (soak->fish, N_FISH);
  for (int i = 0; i < N_FISH; i++)
    {
      gsk_layer_set_position (soak->icons[i], &GRAPHENE_POINT_INIT (soak->fish[i].x, soak->fish[i].y));
      gsk_layer_set_rotate (soak->icons[i], soak->fish[i].angle);
    }
  for (int r = 0; r < ROWS; r++)
    add_row (soak);

  /* The cover flow turns towards another card every second */
  if (now - soak->last_turn > G_USEC_PER_SEC)
    {
      int front = (int) ((now - soak->start) / G_USEC_PER_SEC) % N_CARDS;

      for (int i = 0; i < N_CARDS; i++)
        {
          gsk_layer_save_easing_state (soak->cards[i]);
          gsk_layer_set_easing_duration (soak->cards[i], 700);
          gsk_layer_set_rotate_axis (soak->cards[i], &GRAPHENE_POINT3D_INIT (0, 1, 0));
          gsk_layer_set_rotate (soak->cards[i], i < front ? 60.f : i > front ? -60.f : 0.f);
          gsk_layer_restore_easing_state (soak->cards[i]);
        }
      soak->last_turn = now;
    }

  soak->frames++;
  if (now - soak->last_report >= soak->interval * G_USEC_PER_SEC)
    {
      report (soak, now);
      soak->last_report = now;
    }
  if (now - soak->start >= soak->seconds * G_USEC_PER_SEC)
    {
      g_main_loop_quit (soak->loop);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
build (Soak *soak)
{
  cairo_surface_t *icon = fishbowl_make_icon ();
  GskLayerContent *content = gsk_layer_image_content_new (icon);
  GskLayer *flow = gsk_layer_new ();
  GskLayerTransform *perspective = NULL;

  soak->root = gsk_layer_new ();
  gsk_layer_set_size (soak->root, &GRAPHENE_SIZE_INIT (FISHBOWL_WIDTH, FISHBOWL_HEIGHT));
  gsk_layer_set_background_color (soak->root, &(GdkRGBA) { 0.14f, 0.12f, 0.19f, 1 });

  soak->fish = fishbowl_new (N_FISH);
  for (int i = 0; i < N_FISH; i++)
    {
      GskLayer *l = soak->icons[i] = gsk_layer_new ();

      gsk_layer_set_size (l, &GRAPHENE_SIZE_INIT (FISHBOWL_ICON, FISHBOWL_ICON));
      gsk_layer_set_content (l, content);
      gsk_layer_set_opacity (l, fishbowl_opacity (i));
      gsk_layer_add_child (soak->root, l);
    }

  gsk_layer_set_position (flow, &GRAPHENE_POINT_INIT (112, 500));
  gsk_layer_set_size (flow, &GRAPHENE_SIZE_INIT (800, 200));
  if (gsk_layer_transform_parse ("perspective(600px)", &perspective, NULL))
    {
      gsk_layer_set_child_transform (flow, perspective);
      gsk_layer_transform_unref (perspective);
    }
  for (int i = 0; i < N_CARDS; i++)
    {
      GskLayer *card = soak->cards[i] = gsk_layer_new ();

      gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (i * 85, 20));
      gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (140, 160));
      gsk_layer_set_style_from_string (card, "border-radius: 10px; border: 2px solid white; "
                                             "background-image: linear-gradient(#3584e4, #1a5fb4); "
                                             "box-shadow: 0 6px 12px rgba(0,0,0,0.5)", NULL);
      gsk_layer_add_child (flow, card);
    }
  gsk_layer_add_child (soak->root, flow);

  soak->list = gsk_layer_new ();
  gsk_layer_set_position (soak->list, &GRAPHENE_POINT_INIT (860, 10));
  gsk_layer_add_child (soak->root, soak->list);

  g_object_unref (content);
  cairo_surface_destroy (icon);
}

int
main (int    argc,
      char **argv)
{
  Soak soak = { 0 };
  GtkWidget *window;

  soak.seconds = argc > 1 ? g_ascii_strtod (argv[1], NULL) : 600;
  soak.interval = argc > 2 ? g_ascii_strtod (argv[2], NULL) : 60;
  if (!(soak.seconds > 0) || !(soak.interval > 0))
    {
      fprintf (stderr, "usage: bench-soak [SECONDS [INTERVAL]]\n");
      return 2;
    }

  gtk_init ();
  soak.loop = g_main_loop_new (NULL, FALSE);
  g_queue_init (&soak.rows);
  build (&soak);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), FISHBOWL_WIDTH, FISHBOWL_HEIGHT);
  soak.view = GSK_LAYER_VIEW (gsk_layer_view_new (soak.root));
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (soak.view));
  gtk_window_present (GTK_WINDOW (window));

  printf ("bench-soak: %d icons, %d cards, %d rows made and dropped a frame, for %.0f s; GTK %u.%u.%u, GSK_RENDERER=%s\n",
          N_FISH, N_CARDS, ROWS, soak.seconds, gtk_get_major_version (), gtk_get_minor_version (),
          gtk_get_micro_version (), g_getenv ("GSK_RENDERER") ? g_getenv ("GSK_RENDERER") : "(default)");
  soak.start = soak.last_report = soak.last_turn = g_get_monotonic_time ();
  report (&soak, soak.start);
  gtk_widget_add_tick_callback (GTK_WIDGET (soak.view), tick, &soak, NULL);
  g_main_loop_run (soak.loop);
  report (&soak, g_get_monotonic_time ());

  printf ("resident after the first interval: %.1f MB; the most since: %.1f MB; growth %.2f MB (bound 1 MB): %s\n",
          soak.rss_first, soak.rss_max_after_first, soak.rss_max_after_first - soak.rss_first,
          soak.rss_max_after_first - soak.rss_first <= 1.0 ? "flat" : "GROWS");

  gtk_window_destroy (GTK_WINDOW (window));
  g_queue_clear (&soak.rows);
  g_free (soak.fish);
  g_main_loop_unref (soak.loop);
  return 0;
}
