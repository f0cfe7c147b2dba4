/* bench-layout.c: a flow layout of many children, laid out again
 *
 * N children (16×16, one in ten 24 tall) in a flow layout 1024 wide.
 * Prints the median time of the layout pass alone when the spacing
 * changes (every child moves), and when one child asks for another
 * size, with how many times a layout manager placed children for it
 * (the one flow: nothing else depends on the change).
 *
 * Usage: bench-layout [ITERATIONS [N...]]   (default 30; 100, 1000, 10000)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include <gsklayer.h>

#include "gsk-layer-layout-private.h"

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *v,
        int     n)
{
  qsort (v, n, sizeof (double), compare_doubles);
  return v[n / 2];
}

int
main (int    argc,
      char **argv)
{
  static const int default_counts[] = { 100, 1000, 10000 };
  int iterations = argc > 1 ? atoi (argv[1]) : 30;
  int n_counts = argc > 2 ? argc - 2 : (int) G_N_ELEMENTS (default_counts);
  double *spacing_ms = g_new (double, iterations), *one_ms = g_new (double, iterations);
  int c, i;

  printf ("# flow layout, 1024 wide: the layout pass alone, median of %d\n"
          "# N  spacing-changed-ms  one-child-changed-ms  placements-per-change\n", iterations);
  for (c = 0; c < n_counts; c++)
    {
      int n = argc > 2 ? atoi (argv[c + 2]) : default_counts[c];
      GskLayerLayoutManager *flow = gsk_layer_flow_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL);
      GskLayer *root = g_object_ref_sink (gsk_layer_new ());
      GskLayer *middle = NULL;
      guint placements = 0;

      gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (1024, 100000));
      gsk_layer_set_layout_manager (root, flow);
      for (i = 0; i < n; i++)
        {
          GskLayer *child = gsk_layer_new ();

          gsk_layer_set_preferred_size (child, &GRAPHENE_SIZE_INIT (16, i % 10 == 0 ? 24 : 16));
          gsk_layer_add_child (root, child);
          if (i == n / 2)
            middle = child;
        }
      gsk_layer_run_layout (root);

      for (i = 0; i < iterations; i++)
        {
          gint64 start;
          guint before;

          g_object_set (flow, "column-spacing", (float) (i % 2 ? 2 : 3), NULL);
          start = g_get_monotonic_time ();
          gsk_layer_run_layout (root);
          spacing_ms[i] = (g_get_monotonic_time () - start) / 1000.0;

          gsk_layer_set_preferred_size (middle, &GRAPHENE_SIZE_INIT (i % 2 ? 16 : 40, 16));
          before = gsk_layer_layout_get_n_allocations ();
          start = g_get_monotonic_time ();
          gsk_layer_run_layout (root);
          one_ms[i] = (g_get_monotonic_time () - start) / 1000.0;
          placements = gsk_layer_layout_get_n_allocations () - before;
        }

      printf ("%6d  %18.3f  %20.3f  %21u\n", n, median (spacing_ms, iterations), median (one_ms, iterations),
              placements);
      g_object_unref (flow);
      g_object_unref (root);
    }

  g_free (spacing_ms);
  g_free (one_ms);
  return 0;
}
