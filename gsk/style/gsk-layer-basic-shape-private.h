/* gsk-layer-basic-shape-private.h: CSS's <basic-shape> and reference
 * boxes, as clip-path takes them
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <graphene.h>

#include "gsk-layer-path-private.h"

G_BEGIN_DECLS

typedef enum {
  /* A reference box alone: the box with its corners */
  GSK_LAYER_BASIC_SHAPE_BOX,
  GSK_LAYER_BASIC_SHAPE_INSET,
  GSK_LAYER_BASIC_SHAPE_CIRCLE,
  GSK_LAYER_BASIC_SHAPE_ELLIPSE,
  GSK_LAYER_BASIC_SHAPE_POLYGON,
  GSK_LAYER_BASIC_SHAPE_PATH,
} GskLayerBasicShapeKind;

/* The reference box a shape is laid out on. A layer has no margin:
 * margin-box is its border box; fill-box is its content box, stroke-box
 * and view-box its border box (CSS Masking, for boxes that are not SVG) */
typedef enum {
  GSK_LAYER_REFERENCE_BOX_BORDER,
  GSK_LAYER_REFERENCE_BOX_PADDING,
  GSK_LAYER_REFERENCE_BOX_CONTENT,
} GskLayerReferenceBox;

/* A circle's or an ellipse's radius: a length, or a side keyword */
typedef enum {
  GSK_LAYER_SHAPE_RADIUS_LENGTH,
  GSK_LAYER_SHAPE_RADIUS_CLOSEST_SIDE,
  GSK_LAYER_SHAPE_RADIUS_FARTHEST_SIDE,
} GskLayerShapeRadius;

/* The most vertices polygon() takes */
#define GSK_LAYER_BASIC_SHAPE_MAX_VERTICES 1024

/* A length is px, or with its bit set percent of the reference box (as
 * CSS says for each value). Immutable once parsed; reference counted. */
typedef struct {
  grefcount ref_count;
  GskLayerBasicShapeKind kind;
  GskLayerReferenceBox box;
  /* The box was written (the kind BOX always writes it) */
  gboolean box_set;
  GskLayerPathFillRule fill_rule;

  /* INSET: top, right, bottom, left, then the corners' radii as
   * border-radius gives them (horizontal then vertical, top-left
   * first), bits 0-11 in @percent */
  float inset[12];
  guint16 percent;

  /* CIRCLE (radii[0] only) and ELLIPSE: radii, x then y; bits 0, 1 of
   * @percent for the radii, 2, 3 for the centre (as a <position>, 50%
   * 50% when not written) */
  float radii[2];
  GskLayerShapeRadius radius_kind[2];
  float center[2];

  /* POLYGON: x, y pairs, with one bit per coordinate in @point_percent */
  guint n_points;
  float *points;
  guint8 *point_percent;

  /* PATH: its data, in the reference box's coordinates */
  GskLayerPath *path;
} GskLayerBasicShape;

GskLayerBasicShape *gsk_layer_basic_shape_new         (GskLayerBasicShapeKind kind);
GskLayerBasicShape *gsk_layer_basic_shape_ref         (GskLayerBasicShape       *self);
void                gsk_layer_basic_shape_unref       (GskLayerBasicShape       *self);
gboolean            gsk_layer_basic_shape_equal       (const GskLayerBasicShape *a,
                                                       const GskLayerBasicShape *b);
/* As CSS writes it, for gsk_layer_style_to_string () */
void                gsk_layer_basic_shape_print       (const GskLayerBasicShape *self,
                                                       GString                  *out);
/* CSS's interpolation of basic shapes: the same function on the same
 * box, value by value (polygons of as many vertices with one fill rule,
 * paths of the same segments); any other pair is discrete, flipping at
 * t = 0.5. Never NULL. */
GskLayerBasicShape *gsk_layer_basic_shape_interpolate (const GskLayerBasicShape *from,
                                                       const GskLayerBasicShape *to,
                                                       double                    t);

/* A shape laid out on a layer: a rounded rectangle (box, inset, circle
 * and ellipse), or a path (polygon and path), in layer space */
typedef struct {
  gboolean is_path;
  graphene_rect_t rect;
  graphene_size_t radii[4];
  GskLayerPath *path;           /* owned */
  GskLayerPathFillRule fill_rule;
} GskLayerResolvedShape;

/* @self on a layer whose reference boxes are @border, @padding and
 * @content, with the corners @border_radii, @padding_radii and
 * @content_radii (top-left, top-right, bottom-right, bottom-left) */
void gsk_layer_basic_shape_resolve (const GskLayerBasicShape *self,
                                    const graphene_rect_t     boxes[3],
                                    const graphene_size_t     radii[3][4],
                                    GskLayerResolvedShape    *out);

void gsk_layer_resolved_shape_clear (GskLayerResolvedShape *shape);

/* Radii that overlap scaled down all together, as CSS does for corners
 * that do not fit in @rect */
void gsk_layer_scale_corner_radii (const graphene_rect_t *rect,
                                   graphene_size_t       *radii);

G_END_DECLS
