/* gsk-layer-bsp-private.h: the planes of a 3D rendering context in the
 * order they are drawn
 *
 * Under transform-style: preserve-3d, the planes of a context are drawn
 * back to front by their depth at each pixel, as CSS Transforms 2 says.
 * A binary space partitioning tree orders them: each plane splits space
 * in two, the planes on the viewer's side of it are drawn after it, those
 * behind before, and a plane that crosses another is split where they
 * cross, so that each piece lies wholly on one side. Coplanar planes are
 * drawn in the order they were added (tree order).
 *
 * Planes are given as rectangles with the 4×4 matrix that takes them
 * into the context's space (the product of the local matrices up to the
 * context's root, perspective included). Each is clipped to w > 0 (what
 * is behind the viewer is not drawn), then divided by w: in that space
 * the viewer looks along −z from far in front, so depth is z and planes
 * stay planes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <graphene.h>

G_BEGIN_DECLS

typedef struct _GskLayerBsp GskLayerBsp;

/* A piece of a plane: a convex polygon in the context's space (after the
 * division by w), with @item the index of its plane in the order planes
 * were added */
typedef struct
{
  double x, y, z;
} GskLayerBspPoint;

/* A piece has at most this many corners: four, one more for the clip to
 * w > 0, one more per split; a plane split more often than that is drawn
 * whole on one side of the cut */
#define GSK_LAYER_BSP_MAX_POINTS 16

/* Beyond this many pieces in all (four per plane, and a thousand more
 * for the few planes of a small context that all cross), a plane that
 * would be split goes wholly to the side of its centre: the order is a
 * painter's order there, and time and memory stay linear in the planes
 * (a piece is about 420 bytes) */
#define GSK_LAYER_BSP_PIECES_PER_PLANE 4
#define GSK_LAYER_BSP_EXTRA_PIECES 1024

typedef void (* GskLayerBspFunc) (guint                   item,
                                  const GskLayerBspPoint *points,
                                  guint                   n_points,
                                  gpointer                data);

GskLayerBsp *gsk_layer_bsp_new              (void);
void         gsk_layer_bsp_free             (GskLayerBsp             *bsp);

/* Adds the plane of @rect mapped by @transform (layer space to the
 * context's space, in graphene's order) as item number
 * gsk_layer_bsp_get_n_items () before the call. Returns FALSE (and adds
 * nothing, though the item number is used) if nothing of it is in front
 * of the viewer, it is seen edge-on, or the matrix is not finite. */
gboolean     gsk_layer_bsp_add_rect         (GskLayerBsp             *bsp,
                                             const graphene_rect_t   *rect,
                                             const graphene_matrix_t *transform);
guint        gsk_layer_bsp_get_n_items      (GskLayerBsp             *bsp);

/* Builds the tree, then calls @func for every piece, back to front */
void         gsk_layer_bsp_foreach          (GskLayerBsp             *bsp,
                                             GskLayerBspFunc          func,
                                             gpointer                 data);

/* How many times building the tree cut a piece in two */
guint        gsk_layer_bsp_get_n_splits     (GskLayerBsp             *bsp);

G_END_DECLS
