/* gsk-layer-software-backend-private.h: compositing a render list with pixman
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <cairo.h>

#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

/* Draws @list into @target, an ARGB32 cairo image surface of the list's
 * size, touching only the pixels inside @damage (NULL: everything). The
 * damaged pixels are first cleared to the list's clear color. */
void gsk_layer_software_render (const GskLayerRenderList *list,
                                const cairo_region_t     *damage,
                                cairo_surface_t          *target);

G_END_DECLS
