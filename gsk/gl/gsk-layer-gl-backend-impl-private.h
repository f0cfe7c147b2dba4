/* gsk-layer-gl-backend-impl-private.h: the GL backend's state
 *
 * What the files of the backend share; everything else (the renderer,
 * tests) sees only gsk-layer-gl-backend-private.h.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <cairo.h>
#include <epoxy/gl.h>

#include "gsk-layer-gl-backend-private.h"
#include "gsk-layer-gl-batch-private.h"
#include "gsk-layer-gl-box-private.h"
#include "gsk-layer-gl-context-private.h"
#include "gsk-layer-gl-filter-cache-private.h"
#include "gsk-layer-gl-offscreen-pool-private.h"
#include "gsk-layer-gl-program-private.h"
#include "gsk-layer-gl-state-private.h"
#include "gsk-layer-render-list-private.h"
#include "gsk-layer-render-cull-private.h"

G_BEGIN_DECLS

/* A sampler of the GL backend's own: bilinear, for offscreens read at
 * another resolution (reduced blurs) */
#define GSK_LAYER_RENDER_SAMPLING_LINEAR_CLAMPED ((GskLayerRenderSampling) (GSK_LAYER_RENDER_SAMPLING_MIPMAP + 1))

struct _GskLayerGLBackend
{
  GskLayerGLContext *context;
  char *description;

  GskLayerGLQuadProgram quad[GSK_LAYER_GL_N_QUAD_VARIANTS];
  GskLayerGLBlendProgram blend;
  GskLayerGLFilterProgram filter;
  GskLayerGLBlurProgram blur;
  GskLayerGLDepthProgram depth_program; /* made when first used */
  /* Blurs repeat the box's edges outward (backdrops), rather than
   * taking transparency there (groups) */
  gboolean filter_clamp;
  GLuint vao;
  GLuint vbo;
  GLuint empty_vao;

  GskLayerGLOffscreen target;
  /* The target's depth buffer, for culling: made when first needed,
   * given back after frames without it or past the budget */
  GLuint depth_buffer;
  int depth_width;
  int depth_height;
  guint64 depth_last_used;
  GArray *pool;                 /* of GskLayerGLOffscreen, free for reuse */
  gsize offscreen_memory;       /* of the pool and the offscreens in use */

  /* cairo_surface_t → GskLayerGLTextureEntry; with the LRU queue (least recently
   * drawn first), the memory count and the dead textures, touched by
   * surface destroy notifications, which may come from any thread:
   * under gsk_layer_gl_texture_lock */
  GHashTable *textures;
  GQueue lru;
  gsize texture_memory;         /* content textures, dead ones included */
  GArray *dead_textures;        /* GskLayerGLDeadTexture, to delete with the context current */
  cairo_user_data_key_t texture_key;
  gsize texture_budget;
  GPtrArray *atlas_pages;       /* of GskLayerGLAtlasPage */
  gboolean use_atlas;
  guint64 frame;                /* counts draw_frame () */
  gboolean checking;            /* drawing a damage check's full frame */
  cairo_surface_t *last_surface;
  struct _GskLayerGLTextureEntry *last_entry;

  GskLayerGLStats stats;

  /* Blurred groups kept from frame to frame */
  GskLayerGLFilterCacheEntry filter_cache[GSK_LAYER_GL_FILTER_CACHE_SIZE];

  /* Nesting of begin () / end (); the borrowed context's state */
  guint depth;
  GskLayerGLState saved_state;

  /* Per frame */
  const GskLayerRenderList *list;
  GArray *instances;            /* of GskLayerGLInstance, the batch */
  GLuint batch_texture;         /* 0 while the batch samples nothing */
  guint batch_variant;          /* of the quad program */
  /* A sampler object overriding the batch texture's bilinear filtering
   * (0: none), and the one the next quads added want */
  GLuint batch_sampler;
  GLuint next_sampler;
  /* The layer units a texel of the next quad's atlas item spans along
   * x and y: how far its fringe may reach before it needs clamping */
  float next_texel[2];
  /* By GskLayerRenderSampling, and GSK_LAYER_RENDER_SAMPLING_LINEAR_CLAMPED
   * for offscreens (whose textures sample their nearest texel); made
   * when first used */
  GLuint samplers[GSK_LAYER_RENDER_SAMPLING_LINEAR_CLAMPED + 1];
  GskLayerGLOffscreen canvas;   /* what is drawn into */
  int canvas_x;                 /* its origin in target space */
  int canvas_y;
  GskLayerGLBox canvas_box;     /* the part of it in use, in target space */
  GskLayerGLBox clip;           /* target space, within the canvas box */
  GArray *stack;                /* of GskLayerGLStackEntry */
  GskLayerGLRoundedClip clips[GSK_LAYER_GL_MAX_CLIPS];
  guint n_clips;                /* rounded clips in force */
  guint n_meshes;               /* mesh groups open: drawing in their space */
  const GskLayerRenderOp *paint; /* the BORDER or GRADIENT op being added */
  /* The batch's paint slots (GSK_LAYER_GL_PAINT_SIZE vectors each) and
   * how many a draw may have on this context */
  float paints[GSK_LAYER_GL_MAX_PAINTS * GSK_LAYER_GL_PAINT_SIZE * 4];
  guint n_paints;
  guint max_paints;
  guint skip_depth;
  gboolean failed;              /* redraw the frame in software */
  /* What opaque ops hide this frame: those ops are not drawn (action
   * NULL: every op is); and, with depth_culling, the parts of others
   * that they hide, by the depths of their boxes in the target's depth
   * buffer: quads drawn on the target have the depth of their op
   * (op_depth; GSK_LAYER_GL_NO_DEPTH otherwise) */
  GskLayerOccluders *occluders;
  GskLayerCulling culling;
  guint n_depth_boxes;
  gboolean depth_culling;
  float op_depth;
  /* The op the pass's clear colour stands for (G_MAXUINT: none) */
  guint background_op;
};

/* The bytes of the target's depth buffer, and giving it back (GL
 * current; not while a frame is drawn) */
static inline gsize
gsk_layer_gl_depth_bytes (const GskLayerGLBackend *self)
{
  return (gsize) 4 * self->depth_width * self->depth_height;
}

void gsk_layer_gl_release_depth_buffer (GskLayerGLBackend *self);

/* Culling (gsk-layer-gl-cull.c), around a frame's damage passes and in
 * each of them, before its ops */
void gsk_layer_gl_begin_culling (GskLayerGLBackend        *self,
                                 const GskLayerRenderList *list,
                                 const cairo_region_t     *damage);
void gsk_layer_gl_cull_pass     (GskLayerGLBackend        *self);
/* The op at the bottom of @list if it is an opaque colour that fills
 * @box to its edges, which the pass then clears to; G_MAXUINT if not,
 * or if culling is off */
guint gsk_layer_gl_background_op (const GskLayerRenderList *list,
                                  const GskLayerGLBox      *box);
void gsk_layer_gl_end_culling   (GskLayerGLBackend        *self);

/* The depth of quads when nothing is culled */
#define GSK_LAYER_GL_NO_DEPTH 0.5f

/* The depth of op @i of a list of @n: later ops are nearer (smaller)
 * by a step apart that a 24-bit depth buffer tells for lists of up to
 * a million ops */
static inline float
gsk_layer_gl_op_depth (guint i,
                       guint n)
{
  return 1.f - (float) (i + 1) / (float) (n + 2);
}

G_END_DECLS
