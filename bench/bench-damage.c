/* bench-damage.c: a small change in a big scene
 *
 * 10,000 static layers and one small layer moving over them, on a
 * 1024×768 target. Prints the median cost of a frame that redraws only
 * the damage against one that redraws everything, for each backend
 * available here (issue 4's target: at most 10%), two ways: each kind
 * of frame in its steady state (damaged frames one after the other,
 * then full ones), and interleaved, each damaged frame right after a
 * full one, whose memory traffic leaves the tree out of the caches, as
 * this benchmark measured until 2026-12-03.
 *
 * Then the compile of such a frame alone (issue 17: at most 0.1 ms and
 * 200,000 instructions), against a compile of every layer.
 * `bench/count-instructions.sh` counts its instructions with callgrind
 * (`bench-damage --compile`, collecting in damaged_compile()).
 *
 * Usage: bench-damage [--compile] [BACKEND...]   (default: software gl)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <gsklayer.h>
#include "gsk-layer-private.h"
#include "gsk-layer-compile-private.h"

#define N_LAYERS 10000
#define FRAMES 31

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *v)
{
  qsort (v, FRAMES, sizeof (double), compare_double);
  return v[FRAMES / 2];
}

/* Only the mover changed: the renderer redraws its old and new place.
 * Returns the frame's time in ms. */
static double
damaged_frame (GskLayerRenderer *renderer,
               GskLayer         *root,
               GskLayer         *mover,
               cairo_surface_t  *target,
               int               i)
{
  gint64 t0;

  gsk_layer_set_position (mover, &GRAPHENE_POINT_INIT (100 + i * 7, 100 + i * 5));
  t0 = g_get_monotonic_time ();
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));

  return (g_get_monotonic_time () - t0) / 1000.0;
}

/* The same kind of frame drawn in full: a new target forces it, and
 * replaces *@target */
static double
full_frame (GskLayerRenderer  *renderer,
            GskLayer          *root,
            GskLayer          *mover,
            cairo_surface_t  **target,
            int                i)
{
  cairo_surface_t *fresh = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1024, 768);
  gint64 t0;
  double ms;

  gsk_layer_set_position (mover, &GRAPHENE_POINT_INIT (100 + i * 7, 101 + i * 5));
  t0 = g_get_monotonic_time ();
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, fresh));
  ms = (g_get_monotonic_time () - t0) / 1000.0;
  cairo_surface_destroy (*target);
  *target = fresh;

  return ms;
}

static void
print_ratio (const char *backend,
             const char *frames,
             double     *damaged,
             double     *full,
             gboolean    with_target)
{
  double d = median (damaged), f = median (full);

  printf ("%-10s %-12s %14.3f %14.3f %10.1f%%%s\n", backend, frames, d, f, 100.0 * d / f,
          with_target ? "   (target <= 2%)" : "");
}

static GskLayer *
build_scene (GskLayer **out_mover)
{
  GskLayer *root, *mover;
  int i;

  root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (1024, 768));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  for (i = 0; i < N_LAYERS; i++)
    {
      GskLayer *l = gsk_layer_new ();

      gsk_layer_set_position (l, &GRAPHENE_POINT_INIT ((i % 100) * 10.24f, (i / 100) * 7.68f));
      gsk_layer_set_size (l, &GRAPHENE_SIZE_INIT (8, 6));
      gsk_layer_set_background_color (l, &(GdkRGBA) { (i % 7) / 7.f, (i % 5) / 5.f, 0.5f, 1 });
      gsk_layer_add_child (root, l);
    }
  mover = gsk_layer_new ();
  gsk_layer_set_size (mover, &GRAPHENE_SIZE_INIT (32, 32));
  gsk_layer_set_background_color (mover, &(GdkRGBA) { 0, 0, 0, 0.8f });
  gsk_layer_add_child (root, mover);

  *out_mover = mover;
  return root;
}

/* In ms, to the nanosecond: a compile of what changed takes microseconds */
static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The compile of a frame in which the mover moved; callgrind collects
 * in here only */
G_NO_INLINE static double
damaged_compile (GskLayer           *root,
                 GskLayer           *mover,
                 GskLayerRenderList *list,
                 int                 i)
{
  cairo_region_t *damage;
  double t0;

  gsk_layer_set_position (mover, &GRAPHENE_POINT_INIT (100 + i * 7, 100 + i * 5));
  t0 = now_ms ();
  damage = gsk_layer_compile (root, list, FALSE);
  if (damage != NULL)
    cairo_region_destroy (damage);

  return now_ms () - t0;
}

static void
run_compile (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (1024, 768);
  GskLayer *mover, *root = build_scene (&mover);
  double damaged[FRAMES], full[FRAMES];
  int i;

  cairo_region_destroy (gsk_layer_compile (root, list, TRUE));
  for (i = 0; i < FRAMES; i++)
    damaged[i] = damaged_compile (root, mover, list, i);
  for (i = 0; i < FRAMES; i++)
    {
      double t0;

      gsk_layer_set_position (mover, &GRAPHENE_POINT_INIT (100 + i * 7, 101 + i * 5));
      t0 = now_ms ();
      cairo_region_destroy (gsk_layer_compile (root, list, TRUE));
      full[i] = now_ms () - t0;
    }
  {
    double d = median (damaged), f = median (full);

    printf ("%-10s %-12s %14.4f %14.3f %10.2f%%   (target: damaged <= 0.1 ms)\n", "compile", "consecutive",
            d, f, 100.0 * d / f);
  }

  gsk_layer_render_list_free (list);
  g_object_unref (root);
}

static void
run (const char *backend)
{
  GskLayerRenderer *renderer;
  GskLayer *root, *mover;
  cairo_surface_t *target;
  double damaged[FRAMES], full[FRAMES];
  GError *error = NULL;
  int i;

  renderer = gsk_layer_renderer_new_for_backend (backend, &error);
  if (renderer == NULL)
    {
      printf ("%-10s unavailable: %s\n", backend, error->message);
      g_clear_error (&error);
      return;
    }

  root = build_scene (&mover);

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1024, 768);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));

  /* Steady states: frames that redraw only the damage one after the
   * other, as while one thing moves in a still window; then frames
   * drawn in full one after the other */
  for (i = 0; i < FRAMES; i++)
    damaged[i] = damaged_frame (renderer, root, mover, target, i);
  for (i = 0; i < FRAMES; i++)
    full[i] = full_frame (renderer, root, mover, &target, i);
  print_ratio (backend, "consecutive", damaged, full, TRUE);

  /* Interleaved: each damaged frame follows a full one, whose memory
   * traffic leaves the tree out of the caches: the worst case */
  for (i = 0; i < FRAMES; i++)
    {
      damaged[i] = damaged_frame (renderer, root, mover, target, i);
      full[i] = full_frame (renderer, root, mover, &target, i);
    }
  print_ratio (backend, "interleaved", damaged, full, FALSE);

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_object_unref (root);
}

int
main (int    argc,
      char **argv)
{
  gboolean compile_only = argc > 1 && g_str_equal (argv[1], "--compile");
  int i, first = compile_only ? 2 : 1;

  printf ("10,000 static layers and one 32x32 layer moving, 1024x768; medians of %d frames\n", FRAMES);
  printf ("%-10s %-12s %14s %14s %11s\n", "backend", "frames", "damaged ms", "full ms", "ratio");
  if (compile_only)
    {
      run_compile ();
      return 0;
    }
  if (argc > first)
    {
      for (i = first; i < argc; i++)
        run (argv[i]);
    }
  else
    {
      run ("software");
      run ("gl");
    }
  run_compile ();

  return 0;
}
