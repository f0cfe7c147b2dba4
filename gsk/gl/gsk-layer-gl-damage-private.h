/* gsk-layer-gl-damage-private.h: damage, merged into the boxes a frame is drawn in
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <cairo.h>

#include "gsk-layer-gl-box-private.h"

G_BEGIN_DECLS

/* The boxes to draw @region in, one pass each; free with g_free() */
GskLayerGLBox *gsk_layer_gl_damage_passes (const cairo_region_t *region,
                                           guint                *n_passes);

G_END_DECLS
