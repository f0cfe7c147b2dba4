/* bench-child.h: what benches that time each case in a process of their
 * own share (bench-clip-path, bench-page-turn)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <stdio.h>
#include <stdlib.h>

#include <glib.h>

static int
bench_compare_doubles (const void *a,
                       const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The median of @n frame times (sorted in place) */
static inline double
bench_median (double *times,
              int     n)
{
  qsort (times, n, sizeof (double), bench_compare_doubles);
  return times[n / 2];
}

/* Runs @argv (this program again) with the environment's variables
 * @env (names and values, NULL-terminated) set, and returns the number
 * it printed */
static inline double
bench_run_child (char       **argv,
                 const char **env)
{
  char **envp = g_get_environ ();
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  double ms = 0;

  for (; env[0] != NULL; env += 2)
    envp = g_environ_setenv (envp, env[0], env[1], TRUE);
  if (!g_spawn_sync (NULL, argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, NULL, &error))
    g_error ("%s", error->message);
  g_strfreev (envp);
  if (sscanf (out, "%lf", &ms) != 1)
    g_error ("%s: the child said “%s”", argv[0], out);
  return ms;
}
