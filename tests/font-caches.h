/* font-caches.h: for tests that lay out text
 *
 * Pango's, cairo's and fontconfig's caches live as long as the process;
 * freed at exit, LeakSanitizer sees what is left as the leak it is.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>

static inline void
free_font_caches (void)
{
  GObject *font_map = G_OBJECT (pango_cairo_font_map_get_default ());
  int waited;

  /* Pango matches fonts on threads of its own, which may hold the font
   * map a moment longer than the test: let them finish (up to 5 s), or
   * the fonts they keep alive are still in use when cairo is reset */
  for (waited = 0; waited < 5000 && g_atomic_int_get ((int *) &font_map->ref_count) > 1; waited++)
    g_usleep (1000);

  pango_cairo_font_map_set_default (NULL);
  cairo_debug_reset_static_data ();
  FcFini ();
}
