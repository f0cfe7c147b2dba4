/* main-loop-test-utils.h: running the main loop until something happens,
 * for the tests of GSK in GTK windows
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

static inline gboolean
timed_out (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @done (@data) says so or @ms pass; returns
 * what @done says last */
static inline gboolean
wait_until (gboolean (* done) (gconstpointer data),
            gconstpointer data,
            guint         ms)
{
  gboolean timeout = FALSE;
  guint id = g_timeout_add (ms, timed_out, &timeout);

  while (!done (data) && !timeout)
    g_main_context_iteration (NULL, TRUE);
  if (!timeout)
    g_source_remove (id);

  return done (data);
}

static inline gboolean
never_done (gconstpointer data)
{
  return FALSE;
}

/* Runs the main loop for @ms */
static inline void
spin (guint ms)
{
  wait_until (never_done, NULL, ms);
}
