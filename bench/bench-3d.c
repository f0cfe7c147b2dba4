/* bench-3d.c: ordering the planes of a 3D rendering context
 *
 * Prints the median time to add the planes of a context, build its BSP
 * tree and walk it back to front (gsk/frame/gsk-layer-bsp.c), and how many cuts it made:
 * a carousel of 100 planes where a fifth cross a plane through the
 * middle (target: 0.3 ms), and the same with 1,000 planes (target:
 * 5 ms). The planes are what the compile will hand the tree; drawing
 * them is not measured here.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gsk-layer-bsp-private.h"

#define ROUNDS 51

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
count_piece (guint                   item,
             const GskLayerBspPoint *points,
             guint                   n_points,
             gpointer                data)
{
  (*(guint *) data)++;
}

/* A carousel of @n cards 120 × 80 round a vertical axis, radius growing
 * with @n so that neighbours do not touch; every fifth card is instead
 * turned to cross the middle, through the cards on the other side */
static void
add_carousel (GskLayerBsp *bsp,
              guint        n)
{
  double radius = MAX (300, n * 130 / (2 * G_PI));
  graphene_rect_t card = GRAPHENE_RECT_INIT (0, 0, 120, 80);
  guint i;

  for (i = 0; i < n; i++)
    {
      graphene_matrix_t m;
      graphene_vec3_t axis;
      double angle = 360.0 * i / n;

      graphene_matrix_init_translate (&m, &GRAPHENE_POINT3D_INIT (-60, -40, 0));
      if (i % 5 == 0)
        {
          /* Scaled across the whole carousel and turned: it cuts the
           * planes of the far side */
          graphene_matrix_scale (&m, 2 * radius / 120, 1, 1);
          graphene_vec3_init (&axis, 0, 1, 0);
          graphene_matrix_rotate (&m, angle + 7, &axis);
        }
      else
        {
          graphene_matrix_translate (&m, &GRAPHENE_POINT3D_INIT (0, 0, radius));
          graphene_vec3_init (&axis, 0, 1, 0);
          graphene_matrix_rotate (&m, angle, &axis);
        }
      graphene_vec3_init (&axis, 1, 0, 0);
      graphene_matrix_rotate (&m, -10, &axis);
      graphene_matrix_translate (&m, &GRAPHENE_POINT3D_INIT (400, 300, 0));
      gsk_layer_bsp_add_rect (bsp, &card, &m);
    }
}

static void
measure (guint n,
         double target_ms)
{
  double times[ROUNDS];
  guint splits = 0, pieces = 0, r;

  for (r = 0; r < ROUNDS; r++)
    {
      gint64 start = g_get_monotonic_time ();
      GskLayerBsp *bsp = gsk_layer_bsp_new ();

      add_carousel (bsp, n);
      pieces = 0;
      gsk_layer_bsp_foreach (bsp, count_piece, &pieces);
      times[r] = (g_get_monotonic_time () - start) / 1000.0;
      splits = gsk_layer_bsp_get_n_splits (bsp);
      gsk_layer_bsp_free (bsp);
    }
  qsort (times, ROUNDS, sizeof (double), compare_double);
  printf ("carousel of %4u planes, a fifth crossing %8.3f ms   (target <= %g ms)   %u cuts, %u pieces\n",
          n, times[ROUNDS / 2], target_ms, splits, pieces);
}

int
main (int    argc,
      char **argv)
{
  printf ("%-44s %11s\n", "measure", "median");
  measure (100, 0.3);
  measure (1000, 5);
  return 0;
}
