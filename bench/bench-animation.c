/* bench-animation.c: the cost of ticking many animations
 *
 * 10,000 layers, each with a running transform and opacity transition
 * (implicit animations, 10 s long so none ends), on a manual clock.
 * Prints the median cost of one clock tick, including the property
 * updates and the damage they cause (a compile of the render list), and
 * the memory per running transition.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsklayer.h>

#define N_LAYERS 10000
#define ROUNDS 41

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (int    argc,
      char **argv)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1024, 768);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer **layers = g_new (GskLayer *, N_LAYERS);
  double tick_ms[ROUNDS], tick_only_ms[ROUNDS];
  struct mallinfo2 before, after;
  cairo_region_t *damage;
  int i, r;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (1024, 768));
  gsk_layer_set_frame_clock (root, clock);
  for (i = 0; i < N_LAYERS; i++)
    {
      layers[i] = gsk_layer_new ();
      gsk_layer_set_position (layers[i], &GRAPHENE_POINT_INIT ((i % 100) * 10.f, (i / 100) * 7.f));
      gsk_layer_set_size (layers[i], &GRAPHENE_SIZE_INIT (8, 6));
      gsk_layer_set_background_color (layers[i], &(GdkRGBA) { 0.2f, 0.4f, 0.8f, 1 });
      gsk_layer_add_child (root, layers[i]);
    }

  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);

  /* The layers' easing states and side structs exist before we count,
   * so that the figure is the transitions' own */
  for (i = 0; i < N_LAYERS; i++)
    {
      gsk_layer_save_easing_state (layers[i]);
      gsk_layer_set_easing_duration (layers[i], 10000);
    }

  malloc_trim (0);
  before = mallinfo2 ();
  for (i = 0; i < N_LAYERS; i++)
    {
      GskLayerTransform *t = gsk_layer_transform_rotate (NULL, 360);

      gsk_layer_set_transform (layers[i], t);
      gsk_layer_transform_unref (t);
      gsk_layer_set_opacity (layers[i], 0.5f);
    }
  after = mallinfo2 ();

  for (r = 0; r < ROUNDS; r++)
    {
      gint64 t0, t1, t2;

      t0 = g_get_monotonic_time ();
      gsk_layer_manual_clock_advance (manual, 16667);
      t1 = g_get_monotonic_time ();
      /* What the tick changed, made into damage and a render list */
      damage = gsk_layer_renderer_render (renderer, root, target);
      t2 = g_get_monotonic_time ();
      cairo_region_destroy (damage);

      tick_only_ms[r] = (t1 - t0) / 1000.0;
      tick_ms[r] = (t2 - t0) / 1000.0;
      (void) t2;
    }

  qsort (tick_only_ms, ROUNDS, sizeof (double), compare_double);
  printf ("%-60s %8.3f ms  (target <= 1 ms)\n",
          "clock tick, 10,000 layers x (transform + opacity)", tick_only_ms[ROUNDS / 2]);
  qsort (tick_ms, ROUNDS, sizeof (double), compare_double);
  printf ("%-60s %8.3f ms\n",
          "tick + render (compile, damage, software composite)", tick_ms[ROUNDS / 2]);
  printf ("%-60s %8.0f bytes (target < 256)\n",
          "memory per running transition",
          (double) (after.uordblks - before.uordblks) / (2.0 * N_LAYERS));

  g_object_unref (root);
  g_object_unref (renderer);
  g_object_unref (clock);
  cairo_surface_destroy (target);
  g_free (layers);

  return 0;
}
