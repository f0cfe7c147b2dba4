/* gsk-layer-click-gesture-private.h: a click without a pointer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-click-gesture.h"

G_BEGIN_DECLS

/* A single click at the centre of the layer, as assistive technology
 * asks for one (AT-SPI's default action): pressed, released, clicked */
void gsk_layer_click_gesture_activate (GskLayerClickGesture *self);

G_END_DECLS
