/* gsk-layer-renderer-private.h: what a backend implements
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-renderer.h"
#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

/* GskLayerRendererClass.render_list draws @list into @target (an ARGB32
 * image surface of the list's size), touching only @damage (NULL: all
 * of it). */

G_END_DECLS
