/* bench-layout-clutter.c: the flow of bench-layout on Clutter 1.26, a
 * peer of GSK
 *
 * N ClutterActors (16×16, one in ten 24 tall) in a ClutterFlowLayout
 * 1024 wide, on a stage. Prints the median time of clutter_actor_allocate()
 * on the container after its column spacing changed (every child
 * moves) and after one child's size changed, as bench-layout does for
 * GSK's layout pass. Needs an X display (xvfb-run).
 *
 * Usage: bench-layout-clutter [ITERATIONS [N...]]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include <clutter/clutter.h>

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

static double
allocate_ms (ClutterActor *box)
{
  ClutterActorBox alloc = CLUTTER_ACTOR_BOX_INIT (0, 0, 1024, 100000);
  gint64 start = g_get_monotonic_time ();

  clutter_actor_allocate (box, &alloc, CLUTTER_ALLOCATION_NONE);
  return (g_get_monotonic_time () - start) / 1000.0;
}

int
main (int    argc,
      char **argv)
{
  static const int default_counts[] = { 100, 1000, 10000 };
  int iterations = argc > 1 ? atoi (argv[1]) : 30;
  int n_counts = argc > 2 ? argc - 2 : (int) G_N_ELEMENTS (default_counts);
  double *spacing_ms = g_new (double, iterations), *one_ms = g_new (double, iterations);
  ClutterActor *stage;
  int c, i;

  if (clutter_init (NULL, NULL) != CLUTTER_INIT_SUCCESS)
    {
      fprintf (stderr, "bench-layout-clutter: Clutter could not start (an X display?)\n");
      return 1;
    }
  stage = clutter_stage_new ();

  printf ("# Clutter %s ClutterFlowLayout, 1024 wide: clutter_actor_allocate(), median of %d\n"
          "# N  spacing-changed-ms  one-child-changed-ms\n", CLUTTER_VERSION_S, iterations);
  for (c = 0; c < n_counts; c++)
    {
      int n = argc > 2 ? atoi (argv[c + 2]) : default_counts[c];
      ClutterLayoutManager *flow = clutter_flow_layout_new (CLUTTER_FLOW_HORIZONTAL);
      ClutterActor *box = clutter_actor_new (), *middle = NULL;

      clutter_actor_set_layout_manager (box, flow);
      clutter_actor_add_child (stage, box);
      for (i = 0; i < n; i++)
        {
          ClutterActor *child = clutter_actor_new ();

          clutter_actor_set_size (child, 16, i % 10 == 0 ? 24 : 16);
          clutter_actor_add_child (box, child);
          if (i == n / 2)
            middle = child;
        }
      allocate_ms (box);

      for (i = 0; i < iterations; i++)
        {
          clutter_flow_layout_set_column_spacing (CLUTTER_FLOW_LAYOUT (flow), i % 2 ? 2 : 3);
          spacing_ms[i] = allocate_ms (box);
          clutter_actor_set_size (middle, i % 2 ? 16 : 40, 16);
          one_ms[i] = allocate_ms (box);
        }

      printf ("%6d  %18.3f  %20.3f\n", n, median (spacing_ms, iterations), median (one_ms, iterations));
      clutter_actor_destroy (box);
    }

  clutter_actor_destroy (stage);
  g_free (spacing_ms);
  g_free (one_ms);
  return 0;
}
