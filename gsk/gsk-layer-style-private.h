/* gsk-layer-style-private.h: what a style holds, for its parser and
 * the layer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gdk/gdk.h>

#include "gsk-layer-style.h"

G_BEGIN_DECLS

/* Which declarations a style has */
typedef enum {
  GSK_LAYER_STYLE_BACKGROUND_COLOR = 1 << 0,
  GSK_LAYER_STYLE_OPACITY          = 1 << 1,
  GSK_LAYER_STYLE_BLEND_MODE       = 1 << 2,
  GSK_LAYER_STYLE_BORDER_RADIUS    = 1 << 3,
} GskLayerStyleSet;

struct _GskLayerStyle
{
  grefcount ref_count;
  GskLayerStyleSet set;

  GdkRGBA background_color;
  float opacity;
  GskLayerBlendMode blend_mode;
  /* As GskLayerPrivate.corner_radii and corner_percent: per corner
   * (top-left, top-right, bottom-right, bottom-left) a horizontal and
   * a vertical radius, in pixels or percent */
  float corner_radii[8];
  guint8 corner_percent;
};

GskLayerStyle *gsk_layer_style_new (void);

/* gsk_layer_style_new_from_string(), with the problem's place as a
 * character offset into @declarations and not in the message: for
 * scene files, which say where it is in the file. gsk/css */
GskLayerStyle *gsk_layer_style_parse (const char  *declarations,
                                      glong       *error_offset,
                                      GError     **error);

G_END_DECLS
