/* gsklayer.h: the GTK Scene-graph Kit
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#define __GSK_LAYER_H_INSIDE__

#include "gsk-layer-version-macros.h"
#include "gsk-layer-types.h"
#include "gsk-layer-enum-types.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-path.h"
#include "gsk-layer-easing.h"
#include "gsk-layer-content.h"
#include "gsk-layer-frame-clock.h"
#include "gsk-layer-timeline.h"
#include "gsk-layer-transition.h"
#include "gsk-layer.h"
#include "gsk-layer-accessible.h"
#include "gsk-layer-layout-manager.h"
#include "gsk-layer-constraint.h"
#include "gsk-layer-iter.h"
#include "gsk-layer-model.h"
#include "gsk-layer-renderer.h"
#include "gsk-layer-style.h"
#include "gsk-layer-scene.h"
#include "gsk-layer-event.h"
#include "gsk-layer-event-controller.h"
#include "gsk-layer-input.h"
#include "gsk-layer-gesture.h"
#include "gsk-layer-click-gesture.h"
#include "gsk-layer-drag-gesture.h"
#include "gsk-layer-swipe-gesture.h"
#include "gsk-layer-long-press-gesture.h"
#include "gsk-layer-pinch-gesture.h"
#include "gsk-layer-pan-gesture.h"
#include "gsk-layer-scroll.h"
#include "gsk-layer-drop-target.h"
#include "gsk-layer-text.h"
#include "gsk-layer-bin-layout.h"
#include "gsk-layer-box-layout.h"
#include "gsk-layer-fixed-layout.h"
#include "gsk-layer-flow-layout.h"
#include "gsk-layer-grid-layout.h"
#include "gsk-layer-align-constraint.h"
#include "gsk-layer-bind-constraint.h"
#include "gsk-layer-snap-constraint.h"
#include "gsk-layer-view.h"
#include "gsk-layer-widget.h"
#include "gsk-layer-window.h"
#include "gsk-layer-paintable-content.h"

#undef __GSK_LAYER_H_INSIDE__
