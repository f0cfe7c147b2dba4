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
  pango_cairo_font_map_set_default (NULL);
  cairo_debug_reset_static_data ();
  FcFini ();
}
