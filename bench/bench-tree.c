/* bench-tree.c: the cost of the tree itself
 *
 * Prints medians for: compiling 10,000 layers whose transforms all
 * changed; a frame of an unchanged 10,000-layer scene; picking among
 * 10,000 layers; and the memory of 100,000 layers without content.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <malloc.h>
#include <math.h>
#include <stdio.h>

#include <gsklayer.h>
#include "gsk-layer-private.h"
#include "gsk-layer-compile-private.h"

#define N_LAYERS 10000
#define ROUNDS 41

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *v,
        int     n)
{
  qsort (v, n, sizeof (double), compare_double);
  return v[n / 2];
}

static GskLayer *
build_grid (int n)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  int i, side = (int) ceil (sqrt (n));

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (1024, 768));
  for (i = 0; i < n; i++)
    {
      GskLayer *l = gsk_layer_new ();
      GdkRGBA c = { (i % 7) / 7.f, (i % 5) / 5.f, (i % 3) / 3.f, 1 };

      gsk_layer_set_position (l, &GRAPHENE_POINT_INIT ((i % side) * 1024.f / side, (i / side) * 768.f / side));
      gsk_layer_set_size (l, &GRAPHENE_SIZE_INIT (8, 8));
      gsk_layer_set_background_color (l, &c);
      gsk_layer_add_child (root, l);
    }

  return root;
}

static void
set_all_transforms (GskLayer *root,
                    int       frame)
{
  GskLayer *l;
  int i = 0;

  for (l = gsk_layer_get_first_child (root); l; l = gsk_layer_get_next_sibling (l), i++)
    {
      GskLayerTransform *t = gsk_layer_transform_rotate (NULL, (frame * 7 + i) % 360);

      gsk_layer_set_transform (l, t);
      gsk_layer_transform_unref (t);
    }
}

int
main (int    argc,
      char **argv)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (1024, 768);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1024, 768);
  double compile_ms[ROUNDS], set_ms[ROUNDS], idle_ms[ROUNDS], pick_us[ROUNDS];
  GskLayer *root = build_grid (N_LAYERS);
  cairo_region_t *damage;
  struct mallinfo2 before, after;
  GskLayer *roots[1];
  int i;

  /* Warm up: first compile, first draw */
  damage = gsk_layer_compile (root, list, TRUE);
  cairo_region_destroy (damage);

  for (i = 0; i < ROUNDS; i++)
    {
      gint64 t0, t1, t2;

      t0 = g_get_monotonic_time ();
      set_all_transforms (root, i);
      t1 = g_get_monotonic_time ();
      damage = gsk_layer_compile (root, list, FALSE);
      t2 = g_get_monotonic_time ();
      cairo_region_destroy (damage);
      set_ms[i] = (t1 - t0) / 1000.0;
      compile_ms[i] = (t2 - t1) / 1000.0;
    }

  /* An unchanged scene through the whole renderer */
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);
  for (i = 0; i < ROUNDS; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      int j;

      for (j = 0; j < 100; j++)
        {
          damage = gsk_layer_renderer_render (renderer, root, target);
          g_assert (cairo_region_is_empty (damage));
          cairo_region_destroy (damage);
        }
      idle_ms[i] = (g_get_monotonic_time () - t0) / 1000.0 / 100;
    }

  for (i = 0; i < ROUNDS; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      int j;

      for (j = 0; j < 100; j++)
        gsk_layer_pick (root, (j * 97 + i * 13) % 1024, (j * 61 + i * 7) % 768);
      pick_us[i] = (g_get_monotonic_time () - t0) / 100.0;
    }

  printf ("%-52s %10s\n", "measure (10,000 layers, 1024x768)", "median");
  printf ("%-52s %8.3f ms\n", "set 10,000 transforms", median (set_ms, ROUNDS));
  printf ("%-52s %8.3f ms   (target <= 2 ms)\n", "compile after all 10,000 transforms changed", median (compile_ms, ROUNDS));
  printf ("%-52s %8.4f ms   (target < 0.1 ms)\n", "frame of an unchanged scene (render call)", median (idle_ms, ROUNDS));
  printf ("%-52s %8.2f us   (target < 50 us)\n", "gsk_layer_pick", median (pick_us, ROUNDS));

  g_object_unref (renderer);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
  g_object_unref (root);

  /* Memory: 100,000 plain layers, counted by malloc */
  malloc_trim (0);
  before = mallinfo2 ();
  roots[0] = build_grid (100000);
  after = mallinfo2 ();
  printf ("%-52s %8.0f bytes (target < 512)\n", "memory per layer without content (100,000 layers)",
          (double) (after.uordblks - before.uordblks) / 100000);
  g_object_unref (roots[0]);

  return 0;
}
