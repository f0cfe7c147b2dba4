/* gsk-layer-input.h: delivering events to the layers of a tree
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-types.h"
#include "gsk-layer-event.h"

G_BEGIN_DECLS

GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_dispatch_event (GskLayer      *root,
                                   GskLayerEvent *event);

GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_update_hover   (GskLayer      *root);

GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_is_hovered     (GskLayer      *self);

GSK_LAYER_AVAILABLE_IN_ALL
void      gsk_layer_grab_pointer     (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void      gsk_layer_ungrab_pointer   (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_get_pointer_grab (GskLayer *root);

GSK_LAYER_AVAILABLE_IN_ALL
void      gsk_layer_set_focusable    (GskLayer *self,
                                      gboolean  focusable);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean  gsk_layer_get_focusable    (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean  gsk_layer_grab_focus       (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean  gsk_layer_has_focus        (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_get_focus        (GskLayer *root);

GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_set_cursor         (GskLayer   *self,
                                          const char *name);
GSK_LAYER_AVAILABLE_IN_ALL
const char *gsk_layer_get_cursor         (GskLayer   *self);
GSK_LAYER_AVAILABLE_IN_ALL
const char *gsk_layer_get_pointer_cursor (GskLayer   *root);

G_END_DECLS
