/* gsk-layer-render-list-private.h: the flat list a backend draws
 *
 * This is the one seam between the layer tree and the backends: a
 * backend includes this header and never gsk-layer-private.h. Nothing in
 * an op leads back into the tree beyond a debug name.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <graphene.h>
#include <cairo.h>

#include "gsk-layer-types.h"

G_BEGIN_DECLS

/*
 * GskLayerRenderOpKind:
 * @GSK_LAYER_RENDER_OP_COLOR: fill @bounds with @color
 * @GSK_LAYER_RENDER_OP_TEXTURE: draw @surface, which holds @source_rect of
 *   layer space, stretched to @source_rect
 * @GSK_LAYER_RENDER_OP_PUSH_GROUP: start an offscreen group; what follows
 *   up to the matching POP_GROUP is drawn into it, then the group is
 *   composited with @opacity and @blend_mode
 * @GSK_LAYER_RENDER_OP_POP_GROUP: end the innermost group
 * @GSK_LAYER_RENDER_OP_PUSH_CLIP: clip what follows up to the matching
 *   POP_CLIP to the quad @bounds under @transform (rounded: see
 *   @corner_radius)
 * @GSK_LAYER_RENDER_OP_POP_CLIP: end the innermost clip
 *
 * COLOR, TEXTURE and PUSH_CLIP ops with a @corner_radius above 0 are
 * also clipped to a rounded rectangle in their layer space, which
 * transforms with the op (CSS `border-radius`); backends antialias its
 * edge over about a pixel of the target.
 */
typedef enum {
  GSK_LAYER_RENDER_OP_COLOR,
  GSK_LAYER_RENDER_OP_TEXTURE,
  GSK_LAYER_RENDER_OP_PUSH_GROUP,
  GSK_LAYER_RENDER_OP_POP_GROUP,
  GSK_LAYER_RENDER_OP_PUSH_CLIP,
  GSK_LAYER_RENDER_OP_POP_CLIP,
} GskLayerRenderOpKind;

typedef struct _GskLayerRenderOp GskLayerRenderOp;

struct _GskLayerRenderOp
{
  /* Maps layer space to target space (graphene row-vector convention:
   * target = (x, y, 0, 1) * transform, then divided by w). Unused by
   * POP ops; PUSH_GROUP has the identity. */
  graphene_matrix_t transform;

  /* COLOR, TEXTURE, PUSH_CLIP: the quad, in layer space */
  graphene_rect_t bounds;

  /* Bounding box in target space, already intersected with the target
   * and with every enclosing clip; for a group, the box of its content.
   * Backends may skip an op whose screen_bounds miss what they redraw. */
  graphene_rect_t screen_bounds;

  /* TEXTURE: the part of layer space @surface covers */
  graphene_rect_t source_rect;

  /* COLOR, TEXTURE, PUSH_CLIP with a @corner_radius: the rounded
   * rectangle's bounds, in layer space; for a TEXTURE it may be larger
   * than @bounds (content drawn in parts) */
  graphene_rect_t rounded_rect;

  /* COLOR: straight (non-premultiplied) RGBA */
  float color[4];

  /* TEXTURE: a CAIRO_FORMAT_ARGB32 image surface (premultiplied), owned
   * by the list */
  cairo_surface_t *surface;

  /* Interned; the layer's name or type name, for debugging only */
  const char *debug_name;

  GskLayerRenderOpKind kind;

  /* COLOR, TEXTURE: alpha applied to the draw; PUSH_GROUP: applied when
   * the group is composited */
  float opacity;

  /* COLOR, TEXTURE, PUSH_CLIP: when above 0, the op is also clipped to
   * @rounded_rect (layer space) with its corners rounded by this radius,
   * which is never more than half its width or height. 0 otherwise. */
  float corner_radius;

  /* PUSH_GROUP */
  GskLayerBlendMode blend_mode;

  /* COLOR, TEXTURE, PUSH_CLIP: @transform is a 2D scale and translation
   * with positive scale, so the quad is an axis-aligned rectangle */
  guint axis_aligned : 1;

  /* @transform maps some corner of @bounds behind the viewer (w <= 0):
   * only the part in front is visible */
  guint behind_viewer : 1;
};

typedef struct _GskLayerRenderList GskLayerRenderList;

struct _GskLayerRenderList
{
  /* The target, in its pixels */
  int width;
  int height;

  /* Target pixels per layout unit (the device scale): the compile lays
   * out and bounds the tree in layout units and leaves every transform,
   * screen bound and damage rectangle of the list in target pixels */
  float scale;

  /* Straight RGBA the damaged area is cleared to before the first op;
   * fully transparent by default */
  float clear_color[4];

  GskLayerRenderOp *ops;
  guint n_ops;
  guint n_allocated;

  /* The compiler's stack of layers to visit, kept from frame to frame
   * as the ops are: with thousands of siblings it would otherwise grow
   * from nothing, copy by copy, every frame */
  gpointer compile_stack;
  guint compile_stack_allocated;
};

/* For backends replaying a list: inside a group or clip that shows
 * nothing (*@depth > 0, which the backend set to 1 at its push), follows
 * the nesting of @op and returns TRUE, for the caller to skip @op */
static inline gboolean
gsk_layer_render_op_skipped (const GskLayerRenderOp *op,
                             guint                  *depth)
{
  if (*depth == 0)
    return FALSE;

  if (op->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP || op->kind == GSK_LAYER_RENDER_OP_PUSH_CLIP)
    (*depth)++;
  else if (op->kind == GSK_LAYER_RENDER_OP_POP_GROUP || op->kind == GSK_LAYER_RENDER_OP_POP_CLIP)
    (*depth)--;

  return TRUE;
}

GskLayerRenderList *gsk_layer_render_list_new       (int                      width,
                                                     int                      height);
void                gsk_layer_render_list_free      (GskLayerRenderList      *list);
void                gsk_layer_render_list_clear     (GskLayerRenderList      *list);
GskLayerRenderOp   *gsk_layer_render_list_append    (GskLayerRenderList      *list,
                                                     GskLayerRenderOpKind     kind);
/* For callers that fill in every field themselves */
GskLayerRenderOp   *gsk_layer_render_list_append_uninitialized (GskLayerRenderList *list);

/* Projects the rectangle @bounds through @transform into target space,
 * clipping the quad against the plane w = epsilon. Returns FALSE if
 * nothing of it is in front of the viewer. @out_bounds, if not NULL,
 * receives the bounding box, clamped to 4 × GSK_LAYER_MAX_SURFACE_SIZE
 * either way of the origin; @out_polygon, if not NULL, receives up to 8
 * points and @out_n_points their number. */
gboolean            gsk_layer_project_rect          (const graphene_matrix_t *transform,
                                                     const graphene_rect_t   *bounds,
                                                     graphene_rect_t         *out_bounds,
                                                     graphene_point_t        *out_polygon,
                                                     guint                   *out_n_points);

/* A content surface is normally never drawn into again once in a list:
 * new content comes as a new surface. An image content's surface is the
 * application's, which may change it in place and invalidate the
 * content: that bumps the surface's serial, and a backend that caches
 * something made from a surface (a texture) compares serials. */
guint               gsk_layer_surface_get_serial    (cairo_surface_t         *surface);
void                gsk_layer_surface_changed       (cairo_surface_t         *surface);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GskLayerRenderList, gsk_layer_render_list_free)

G_END_DECLS
