/* gsk-layer-layout-private.h: the layout properties of GskLayer, which
 * gsk-layer-layout-manager.c implements and GskLayer installs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"

G_BEGIN_DECLS

/* Indices among GskLayer's properties, from its first layout property */
enum {
  GSK_LAYER_LAYOUT_PROP_LAYOUT_MANAGER,
  GSK_LAYER_LAYOUT_PROP_PREFERRED_SIZE,
  GSK_LAYER_LAYOUT_PROP_MARGIN_TOP,
  GSK_LAYER_LAYOUT_PROP_MARGIN_RIGHT,
  GSK_LAYER_LAYOUT_PROP_MARGIN_BOTTOM,
  GSK_LAYER_LAYOUT_PROP_MARGIN_LEFT,
  GSK_LAYER_LAYOUT_PROP_X_ALIGN,
  GSK_LAYER_LAYOUT_PROP_Y_ALIGN,
  GSK_LAYER_LAYOUT_PROP_X_EXPAND,
  GSK_LAYER_LAYOUT_PROP_Y_EXPAND,
  GSK_LAYER_LAYOUT_PROP_REQUEST_MODE,
  GSK_LAYER_N_LAYOUT_PROPS
};

void     gsk_layer_layout_install_properties (GParamSpec   **pspecs);
gboolean gsk_layer_layout_set_property       (GskLayer      *self,
                                              guint          prop,
                                              const GValue  *value);
gboolean gsk_layer_layout_get_property       (GskLayer      *self,
                                              guint          prop,
                                              GValue        *value);
void     gsk_layer_layout_init               (GskLayer      *self);
void     gsk_layer_layout_dispose            (GskLayer      *self);

/* In gsk-layer.c: notifies the layout property @prop (an index above) */
void     gsk_layer_notify_layout             (GskLayer      *self,
                                              guint          prop);

/* The layout pass of a frame, on its own (gsk-layer-compile.c); for
 * benchmarks */
void     gsk_layer_run_layout                (GskLayer            *root);
/* How many times layout managers placed children, since the start */
guint    gsk_layer_layout_get_n_allocations  (void);

/* The defaults of GskLayerClass */
void     gsk_layer_run_layout_manager        (GskLayer            *self);
void     gsk_layer_real_measure              (GskLayer            *self,
                                              GskLayerOrientation  orientation,
                                              float                for_size,
                                              float               *minimum,
                                              float               *natural);

G_END_DECLS
