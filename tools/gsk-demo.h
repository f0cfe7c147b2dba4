/* gsk-demo.h: the built-in demo scene
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gsklayer.h>

G_BEGIN_DECLS

#define GSK_TYPE_DEMO_CARD (gsk_demo_card_get_type ())

G_DECLARE_FINAL_TYPE (GskDemoCard, gsk_demo_card, GSK, DEMO_CARD, GskLayer)

GskLayerScene *gsk_demo_scene_new (void);

G_END_DECLS
