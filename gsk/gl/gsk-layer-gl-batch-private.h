/* gsk-layer-gl-batch-private.h: quads, batched into instanced draws
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <graphene.h>
#include <epoxy/gl.h>

#include "gsk-layer-gl-backend-private.h"
#include "gsk-layer-gl-box-private.h"
#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

/* A quad of the quad program: its vertex attributes, per instance */
typedef struct
{
  float transform[16];
  float bounds[4];
  float source[4];
  float color[4];
  float params[4];
  float clip[4];
  float uv_clamp[4];
  float rrect[4];
  float radius_x[4];            /* per corner: top-left, top-right, … */
  float radius_y[4];
  float depth;                  /* in [0, 1]: nearer for later ops (culling) */
} GskLayerGLInstance;

/* A rounded clip of the shader's stack: target space → the clip's layer
 * space (a 3×3 homography, row-major, for row vectors (x, y, 1)), its
 * rectangle there and its corners' radii */
typedef struct
{
  float map[9];
  float rect[4];
  float radius_x[4];
  float radius_y[4];
} GskLayerGLRoundedClip;

/* The radii of @op's corners, as the shader takes them */
static inline void
gsk_layer_gl_corner_radii (const GskLayerRenderOp *op,
                           float                   rx[4],
                           float                   ry[4])
{
  int i;

  for (i = 0; i < 4; i++)
    {
      rx[i] = op->corner_radii[i].width;
      ry[i] = op->corner_radii[i].height;
    }
}

/* Edges of a quad drawn without antialiasing (nor growing the quad):
 * the seams between tiles of one content, which GL rasterizes exactly
 * once each since both sides have the very same vertices */
#define GSK_LAYER_GL_EDGE_X1 (1 << 0)
#define GSK_LAYER_GL_EDGE_Y1 (1 << 1)
#define GSK_LAYER_GL_EDGE_X2 (1 << 2)
#define GSK_LAYER_GL_EDGE_Y2 (1 << 3)
#define GSK_LAYER_GL_EDGE_ALL (GSK_LAYER_GL_EDGE_X1 | GSK_LAYER_GL_EDGE_Y1 | \
                               GSK_LAYER_GL_EDGE_X2 | GSK_LAYER_GL_EDGE_Y2)

/* Draws the quads added since the last flush, if any */
void gsk_layer_gl_flush_batch         (GskLayerGLBackend      *self);
void gsk_layer_gl_add_instance        (GskLayerGLBackend      *self,
                                       const float             transform[16],
                                       const graphene_rect_t  *bounds,
                                       const float             source[4],
                                       const float             color[4],
                                       float                   mode,
                                       GLuint                  texture,
                                       const GskLayerGLBox    *clip,
                                       const graphene_rect_t  *outer,
                                       guint                   hard_edges,
                                       const float            *uv_clamp,
                                       const GskLayerRenderOp *rounded);
/* Makes the vertex arrays: the instances' and the blend pass's empty one */
void gsk_layer_gl_setup_vertex_array  (GskLayerGLBackend      *self);

G_END_DECLS
