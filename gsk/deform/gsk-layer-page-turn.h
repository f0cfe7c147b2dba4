/* gsk-layer-page-turn.h: a layer that curls like a turning page
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-deform.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_PAGE_TURN (gsk_layer_page_turn_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerPageTurn, gsk_layer_page_turn, GSK, LAYER_PAGE_TURN, GskLayerDeform)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_page_turn_new        (void);

GSK_LAYER_AVAILABLE_IN_ALL
void      gsk_layer_page_turn_set_period (GskLayerPageTurn *self,
                                          double            period);
GSK_LAYER_AVAILABLE_IN_ALL
double    gsk_layer_page_turn_get_period (GskLayerPageTurn *self);
GSK_LAYER_AVAILABLE_IN_ALL
void      gsk_layer_page_turn_set_angle  (GskLayerPageTurn *self,
                                          double            angle);
GSK_LAYER_AVAILABLE_IN_ALL
double    gsk_layer_page_turn_get_angle  (GskLayerPageTurn *self);
GSK_LAYER_AVAILABLE_IN_ALL
void      gsk_layer_page_turn_set_radius (GskLayerPageTurn *self,
                                          float             radius);
GSK_LAYER_AVAILABLE_IN_ALL
float     gsk_layer_page_turn_get_radius (GskLayerPageTurn *self);

G_END_DECLS
