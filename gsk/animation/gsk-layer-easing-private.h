/* gsk-layer-easing-private.h: what the library sees of easings
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-easing.h"

G_BEGIN_DECLS

/* Like gsk_layer_easing_parse(), for callers with their own way of
 * naming places (a file's line and column): on failure the message has
 * no position prefix, and the problem lies at the 0-based character
 * offsets [*out_error_start, *out_error_end) of @string. */
gboolean gsk_layer_easing_parse_with_range (const char      *string,
                                            GskLayerEasing **out_easing,
                                            glong           *out_error_start,
                                            glong           *out_error_end,
                                            GError         **error);

G_END_DECLS
