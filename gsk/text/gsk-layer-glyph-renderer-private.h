/* gsk-layer-glyph-renderer-private.h: a Pango layout as a glyph run
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gdk/gdk.h>
#include <pango/pangocairo.h>

#include "gsk-layer-glyph-run-private.h"

G_BEGIN_DECLS

/* The glyph run of @layout drawn with its top-left corner at (@x, @y) of
 * the clip's corner, in @color where its attributes set none, at @scale
 * pixels per unit: the pixels pango_cairo_show_layout() draws there.
 * NULL if the layout has what runs cannot show (error underlines,
 * shapes): draw it with pango-cairo then. */
GskLayerGlyphRun *gsk_layer_glyph_run_new_for_layout (PangoLayout           *layout,
                                                      double                 x,
                                                      double                 y,
                                                      const GdkRGBA         *color,
                                                      float                  scale,
                                                      const graphene_rect_t *clip);

G_END_DECLS
