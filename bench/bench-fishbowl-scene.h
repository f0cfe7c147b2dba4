/* bench-fishbowl-scene.h: the fishbowl scene, shared by GSK and its peers
 *
 * N 64×64 icons move and rotate over a 1024×768 surface, half of them
 * (the odd ones) at opacity 0.7. Every benchmark of the fishbowl, GSK's
 * and the peers' (Clutter, GTK 4), draws the same icon and moves it with
 * the same model from the same seed, so their frames are the same scene.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>

#define FISHBOWL_WIDTH 1024
#define FISHBOWL_HEIGHT 768
#define FISHBOWL_ICON 64
#define FISHBOWL_OPACITY 0.7
#define FISHBOWL_SEED 42

typedef struct {
  float x, y, vx, vy, angle, spin;
} Fish;

/* The icon: a radial gradient disc with a white bar, premultiplied ARGB32 */
static inline cairo_surface_t *
fishbowl_make_icon (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, FISHBOWL_ICON, FISHBOWL_ICON);
  cairo_t *cr = cairo_create (s);
  cairo_pattern_t *p = cairo_pattern_create_radial (24, 22, 4, 32, 32, 30);

  cairo_pattern_add_color_stop_rgba (p, 0, 1, 0.9, 0.5, 1);
  cairo_pattern_add_color_stop_rgba (p, 1, 0.9, 0.3, 0.1, 0.95);
  cairo_arc (cr, 32, 32, 30, 0, 2 * G_PI);
  cairo_set_source (cr, p);
  cairo_fill (cr);
  cairo_rectangle (cr, 20, 28, 24, 8);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_fill (cr);
  cairo_pattern_destroy (p);
  cairo_destroy (cr);
  cairo_surface_flush (s);

  return s;
}

static inline Fish *
fishbowl_new (int n)
{
  GRand *rand = g_rand_new_with_seed (FISHBOWL_SEED);
  Fish *fish = g_new (Fish, n);
  int i;

  for (i = 0; i < n; i++)
    {
      fish[i].x = g_rand_double_range (rand, 0, FISHBOWL_WIDTH - FISHBOWL_ICON);
      fish[i].y = g_rand_double_range (rand, 0, FISHBOWL_HEIGHT - FISHBOWL_ICON);
      fish[i].vx = g_rand_double_range (rand, -3, 3);
      fish[i].vy = g_rand_double_range (rand, -3, 3);
      fish[i].angle = g_rand_double_range (rand, 0, 360);
      fish[i].spin = g_rand_double_range (rand, -4, 4);
    }
  g_rand_free (rand);

  return fish;
}

/* One frame of motion: each icon moves by its velocity, bounces off the
 * edges, and turns by its spin (degrees, about its centre) */
static inline void
fishbowl_step (Fish *fish,
               int   n)
{
  int i;

  for (i = 0; i < n; i++)
    {
      Fish *f = &fish[i];

      f->x += f->vx;
      f->y += f->vy;
      if (f->x < 0 || f->x > FISHBOWL_WIDTH - FISHBOWL_ICON)
        f->vx = -f->vx;
      if (f->y < 0 || f->y > FISHBOWL_HEIGHT - FISHBOWL_ICON)
        f->vy = -f->vy;
      f->angle = fmodf (f->angle + f->spin, 360);
    }
}

static inline int
bench_compare_double (const void *a,
                      const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Sorts @v in place */
static inline double
bench_median (double *v,
              int     n)
{
  qsort (v, n, sizeof (double), bench_compare_double);
  return v[n / 2];
}

/* "100,1000,10000" into an array of counts; NULL gives those three */
static inline GArray *
bench_parse_counts (const char *list)
{
  GArray *counts = g_array_new (FALSE, FALSE, sizeof (int));
  char **parts = g_strsplit (list ? list : "100,1000,10000", ",", -1);
  int i;

  for (i = 0; parts[i]; i++)
    {
      int n = atoi (parts[i]);

      if (n > 0)
        g_array_append_val (counts, n);
    }
  g_strfreev (parts);

  return counts;
}

typedef struct {
  int frames;        /* frames measured, after a few warm-up frames */
  GArray *counts;    /* of int: the values of N */
  gboolean raw;      /* one "fishbowl IMPL N MS" line per N, for bench/run-peers.sh */
  const char *backend;
} BenchOptions;

/* [--raw] [--counts=100,1000,10000] [--backend=NAME] [FRAMES] */
static inline void
bench_parse_options (BenchOptions  *options,
                     int            argc,
                     char         **argv,
                     int            default_frames)
{
  const char *counts = NULL;
  int i;

  options->frames = default_frames;
  options->raw = FALSE;
  options->backend = NULL;
  for (i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--raw") == 0)
        options->raw = TRUE;
      else if (g_str_has_prefix (argv[i], "--counts="))
        counts = argv[i] + strlen ("--counts=");
      else if (g_str_has_prefix (argv[i], "--backend="))
        options->backend = argv[i] + strlen ("--backend=");
      else if (atoi (argv[i]) > 0)
        options->frames = atoi (argv[i]);
    }
  options->counts = bench_parse_counts (counts);
}

#define BENCH_WARMUP 3
#define BENCH_BUDGET_US (3 * G_USEC_PER_SEC)

/* Whether to measure another frame: until @frames are done, but stop
 * after BENCH_BUDGET_US of measured frames once 5 are done, so that
 * N = 10000 on a slow peer keeps the run short. The median is of those
 * measured. */
static inline gboolean
bench_more_frames (int    done,
                   int    frames,
                   gint64 start)
{
  if (done >= frames)
    return FALSE;
  if (done >= 5 && g_get_monotonic_time () - start > BENCH_BUDGET_US)
    return FALSE;
  return TRUE;
}
