/* bench-fishbowl-scene.h: the fishbowl scenes, shared by GSK and its peers
 *
 * N 64×64 icons move and rotate over a 1024×768 surface, half of them
 * (the odd ones) at opacity 0.7. Every benchmark of the fishbowl, GSK's
 * and the peers' (Clutter, GTK 4), draws the same icon and moves it with
 * the same model from the same seed, so their frames are the same scene.
 *
 * `--scene=NAME` picks another scene of the same kind (issue 17):
 * "cards", N opaque 200×140 images overlapping, sliding and slowly
 * rotating (what a renderer that skips hidden pixels wins on); "tiny",
 * the fishbowl with 8×8 icons (fill negligible: what a layer costs the
 * CPU). The scene's sprite is then fishbowl_scene.width × height, the
 * odd ones at fishbowl_scene.opacity.
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

typedef struct {
  const char *name;
  int width, height;   /* of each sprite */
  float opacity;       /* of the odd ones */
  float speed;         /* the largest velocity, px per frame */
  float spin;          /* the largest spin, degrees per frame */
} FishbowlScene;

static const FishbowlScene fishbowl_scenes[] = {
  { "fishbowl", FISHBOWL_ICON, FISHBOWL_ICON, FISHBOWL_OPACITY, 3, 4 },
  { "cards", 200, 140, 1.0f, 2, 0.25f },
  { "tiny", 8, 8, FISHBOWL_OPACITY, 3, 4 },
};

/* The scene of this run, set by bench_parse_options() */
static FishbowlScene fishbowl_scene = { "fishbowl", FISHBOWL_ICON, FISHBOWL_ICON, FISHBOWL_OPACITY, 3, 4 };

static inline gboolean
fishbowl_set_scene (const char *name)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (fishbowl_scenes); i++)
    if (strcmp (fishbowl_scenes[i].name, name) == 0)
      {
        fishbowl_scene = fishbowl_scenes[i];
        return TRUE;
      }
  return FALSE;
}

/* The sprite, premultiplied ARGB32 of fishbowl_scene's size: the icon a
 * radial gradient disc with a white bar (scaled to the size); a card an
 * opaque image, a vertical gradient under a header band and lines of
 * "text" */
static inline cairo_surface_t *
fishbowl_make_icon (void)
{
  int w = fishbowl_scene.width, h = fishbowl_scene.height;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  cairo_pattern_t *p;

  if (strcmp (fishbowl_scene.name, "cards") == 0)
    {
      int i;

      p = cairo_pattern_create_linear (0, 0, 0, h);
      cairo_pattern_add_color_stop_rgb (p, 0, 0.96, 0.96, 0.94);
      cairo_pattern_add_color_stop_rgb (p, 1, 0.80, 0.85, 0.92);
      cairo_set_source (cr, p);
      cairo_paint (cr);
      cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      cairo_rectangle (cr, 0, 0, w, 28);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.4);
      for (i = 0; i < 6; i++)
        cairo_rectangle (cr, 12, 40 + i * 15, i % 3 == 2 ? w / 2 : w - 24, 6);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.2);
      cairo_set_line_width (cr, 2);
      cairo_rectangle (cr, 1, 1, w - 2, h - 2);
      cairo_stroke (cr);
    }
  else
    {
      cairo_scale (cr, w / 64.0, h / 64.0);
      p = cairo_pattern_create_radial (24, 22, 4, 32, 32, 30);
      cairo_pattern_add_color_stop_rgba (p, 0, 1, 0.9, 0.5, 1);
      cairo_pattern_add_color_stop_rgba (p, 1, 0.9, 0.3, 0.1, 0.95);
      cairo_arc (cr, 32, 32, 30, 0, 2 * G_PI);
      cairo_set_source (cr, p);
      cairo_fill (cr);
      cairo_rectangle (cr, 20, 28, 24, 8);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
      cairo_fill (cr);
    }
  cairo_pattern_destroy (p);
  cairo_destroy (cr);
  cairo_surface_flush (s);

  return s;
}

/* The opacity of sprite @i */
static inline float
fishbowl_opacity (int i)
{
  return i % 2 ? fishbowl_scene.opacity : 1.f;
}

static inline Fish *
fishbowl_new (int n)
{
  GRand *rand = g_rand_new_with_seed (FISHBOWL_SEED);
  Fish *fish = g_new (Fish, n);
  int i;

  for (i = 0; i < n; i++)
    {
      fish[i].x = g_rand_double_range (rand, 0, FISHBOWL_WIDTH - fishbowl_scene.width);
      fish[i].y = g_rand_double_range (rand, 0, FISHBOWL_HEIGHT - fishbowl_scene.height);
      fish[i].vx = g_rand_double_range (rand, -fishbowl_scene.speed, fishbowl_scene.speed);
      fish[i].vy = g_rand_double_range (rand, -fishbowl_scene.speed, fishbowl_scene.speed);
      fish[i].angle = g_rand_double_range (rand, 0, 360);
      fish[i].spin = g_rand_double_range (rand, -fishbowl_scene.spin, fishbowl_scene.spin);
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
      if (f->x < 0 || f->x > FISHBOWL_WIDTH - fishbowl_scene.width)
        f->vx = -f->vx;
      if (f->y < 0 || f->y > FISHBOWL_HEIGHT - fishbowl_scene.height)
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
  gboolean raw;      /* one "SCENE IMPL N MS" line per N, for bench/run-peers.sh */
  const char *backend;
} BenchOptions;

/* [--raw] [--counts=100,1000,10000] [--backend=NAME] [--scene=NAME] [FRAMES]
 * (an unknown scene exits) */
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
      else if (g_str_has_prefix (argv[i], "--scene="))
        {
          if (!fishbowl_set_scene (argv[i] + strlen ("--scene=")))
            {
              g_printerr ("unknown scene %s (fishbowl, cards, tiny)\n", argv[i] + strlen ("--scene="));
              exit (2);
            }
        }
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
 * measured. BENCH_NO_BUDGET in the environment measures them all (for
 * counts of instructions by frame, under callgrind). */
static inline gboolean
bench_more_frames (int    done,
                   int    frames,
                   gint64 start)
{
  if (done >= frames)
    return FALSE;
  if (done >= 5 && g_get_monotonic_time () - start > BENCH_BUDGET_US && g_getenv ("BENCH_NO_BUDGET") == NULL)
    return FALSE;
  return TRUE;
}
