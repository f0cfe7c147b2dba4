/* gsk-layer-scene.h: layer trees in JSON files
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gdk/gdk.h>

#include "gsk-layer-types.h"
#include "gsk-layer-frame-clock.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_SCENE (gsk_layer_scene_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerScene, gsk_layer_scene, GSK, LAYER_SCENE, GObject)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerScene *gsk_layer_scene_new (GskLayer *root,
                                    int       width,
                                    int       height);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerScene *gsk_layer_scene_new_from_file (const char  *path,
                                              GError     **error);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerScene *gsk_layer_scene_new_from_data (const char  *data,
                                              gssize       length,
                                              const char  *name,
                                              GError     **error);

GSK_LAYER_AVAILABLE_IN_ALL
char *gsk_layer_scene_to_data (GskLayerScene *self,
                               gsize         *length);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_scene_save (GskLayerScene  *self,
                               const char     *path,
                               GError        **error);

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_scene_get_root (GskLayerScene *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_scene_get_size (GskLayerScene *self,
                               int           *width,
                               int           *height);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_scene_set_background (GskLayerScene *self,
                                     const GdkRGBA *color);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_scene_get_background (GskLayerScene *self,
                                     GdkRGBA       *color);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_scene_get_layer_by_id (GskLayerScene *self,
                                           const char    *id);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_scene_set_frame_clock (GskLayerScene      *self,
                                      GskLayerFrameClock *clock);
GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_scene_get_n_animations (GskLayerScene *self);

G_END_DECLS
