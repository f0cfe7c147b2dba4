/* gsk-layer-path-private.h: what a path holds, for its parser, the
 * style's shapes and the backends
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-path.h"

G_BEGIN_DECLS

/* A segment's kind, and how many floats of GskLayerPath.data it takes:
 * MOVE and LINE an end point (2), QUAD a control and an end (4), CUBIC
 * two controls and an end (6), ARC SVG's rx, ry, x-axis rotation (in
 * degrees), large-arc and sweep flags (0 or 1) and end point (7), CLOSE
 * none. Every path starts with a MOVE; all points are absolute. */
typedef enum {
  GSK_LAYER_PATH_MOVE,
  GSK_LAYER_PATH_LINE,
  GSK_LAYER_PATH_QUAD,
  GSK_LAYER_PATH_CUBIC,
  GSK_LAYER_PATH_ARC,
  GSK_LAYER_PATH_CLOSE,
} GskLayerPathVerb;

struct _GskLayerPath
{
  grefcount ref_count;
  guint n_verbs;
  guint n_data;
  guint8 *verbs;
  float *data;
  /* Of what the outline covers (curves included); zero when empty */
  graphene_rect_t bounds;
  /* Its polylines, kept from the first time it is measured at a
   * tolerance (a motion path is measured every frame); set once, by
   * whichever thread gets there first (gsk-layer-path-measure.c) */
  gpointer measured;
};

/* Frees what measuring @self kept */
void gsk_layer_path_clear_measured (GskLayerPath *self);

static inline guint
gsk_layer_path_verb_n_data (GskLayerPathVerb verb)
{
  static const guint8 n[] = { 2, 2, 4, 6, 7, 0 };

  return n[verb];
}

/* The path as MOVE, LINE, CUBIC and CLOSE only (quadratics raised,
 * arcs as cubics of at most a quarter turn): @pts holds the current
 * point then the segment's points (1 for MOVE and LINE, 3 for CUBIC);
 * CLOSE's @pts are the current point and the subpath's start. Return
 * FALSE to stop. */
typedef gboolean (* GskLayerPathCubicFunc) (GskLayerPathVerb        verb,
                                            const graphene_point_t *pts,
                                            gpointer                data);

gboolean gsk_layer_path_foreach_cubic (const GskLayerPath    *self,
                                       GskLayerPathCubicFunc  func,
                                       gpointer               data);

/* The path as polylines within @tolerance of it: each point with
 * whether it starts a subpath; closed subpaths end on their start */
typedef struct {
  graphene_point_t point;
  gboolean starts;
} GskLayerPathVertex;

GArray *gsk_layer_path_flatten (const GskLayerPath *self,
                                float               tolerance);

/* gsk_layer_path_parse () without a position in the message: the
 * problem is at the 0-based character offsets [*start, *end) */
GskLayerPath *gsk_layer_path_parse_with_range (const char  *string,
                                               glong       *start,
                                               glong       *end,
                                               GError     **error);

/* The length of @self's polylines within @tolerance (gsk-layer-path-measure.c) */
float gsk_layer_path_get_length (const GskLayerPath *self,
                                 float               tolerance);

/* The part of @self from @start to @end of its length (fractions,
 * clamped to [0, 1]), as polylines within @tolerance; @self itself for
 * all of it. *@start_length: how far along @self the part starts. */
GskLayerPath *gsk_layer_path_trim (const GskLayerPath *self,
                                   float               start,
                                   float               end,
                                   float               tolerance,
                                   float              *start_length);

/* The dashes of @self (lengths of dashes and gaps, alternating, an odd
 * list twice; a sum above 0), starting @offset into the pattern, as
 * open polylines within @tolerance: where a stroke is drawn */
GskLayerPath *gsk_layer_path_dash (const GskLayerPath *self,
                                   const float        *dash,
                                   gsize               n_dash,
                                   float               offset,
                                   float               tolerance);

/* The point @distance along @self (its first or last point before or
 * past it) and the direction there, in degrees clockwise from +x (y
 * down); FALSE for an empty path */
gboolean gsk_layer_path_get_point_at (const GskLayerPath *self,
                                      float               distance,
                                      float               tolerance,
                                      graphene_point_t   *point,
                                      float              *angle);

/* As gsk_layer_path_get_point_at (), @distance in percent of @self's
 * length if @percent, wrapping around a path that ends closed, kept
 * to its ends otherwise (CSS offset-distance); one flattening */
gboolean gsk_layer_path_locate (const GskLayerPath *self,
                                float               distance,
                                gboolean            percent,
                                float               tolerance,
                                graphene_point_t   *point,
                                float              *angle);

/* @self under the 2D affine map (xx, yx, xy, yy, x0, y0), as cairo's */
GskLayerPath *gsk_layer_path_transform (const GskLayerPath *self,
                                        const float         affine[6]);

G_END_DECLS
