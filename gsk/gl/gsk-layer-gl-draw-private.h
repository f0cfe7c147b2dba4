/* gsk-layer-gl-draw-private.h: a render list's ops, drawn with GL
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

#include "gsk-layer-gl-backend-private.h"
#include "gsk-layer-gl-box-private.h"
#include "gsk-layer-gl-offscreen-pool-private.h"
#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

/* A group or clip being drawn */
typedef struct
{
  GskLayerRenderOpKind kind;    /* PUSH_GROUP or PUSH_CLIP */
  const GskLayerRenderOp *op;

  GskLayerGLOffscreen saved_canvas;
  int saved_canvas_x;
  int saved_canvas_y;
  GskLayerGLBox saved_canvas_box;
  GskLayerGLBox saved_clip;

  /* Zero when the content is drawn straight into the parent */
  GskLayerGLOffscreen offscreen;
  GskLayerGLBox box;

  /* A rounded clip pushed onto the shader's stack */
  gboolean rounded;
  /* A filtered group drawn whole, to be kept: its ops, the PUSH_GROUP
   * first, up to its POP_GROUP (0: not kept) */
  guint cache_n;
  /* A mesh group: the target and rounded clips its offscreen stands
   * in for meanwhile */
  GskLayerGLOffscreen saved_target;
  guint saved_n_clips;
} GskLayerGLStackEntry;

/* @value within [0, 1], NaN as 0: colors and opacities as drawn */
static inline float
gsk_layer_gl_clamp_unit (float value)
{
  if (!(value > 0.f))
    return 0.f;
  if (value > 1.f)
    return 1.f;
  return value;
}

/* Binds the canvas, with the target's viewport */
void gsk_layer_gl_set_canvas  (GskLayerGLBackend *self);
/* Scissors to the clip */
void gsk_layer_gl_set_scissor (GskLayerGLBackend *self);
/* Draws the list's ops into the canvas, within the clip */
void gsk_layer_gl_render_ops  (GskLayerGLBackend *self);

G_END_DECLS
