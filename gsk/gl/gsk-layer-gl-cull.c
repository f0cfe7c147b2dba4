/* gsk-layer-gl-cull.c: what opaque ops hide, not drawn on GL
 *
 * The ops that opaque ops above hide wholly (gsk-layer-render-cull.c)
 * are skipped by gsk_layer_gl_render_ops(). Those hidden in part are
 * drawn under a depth test: in each damage pass the boxes the opaque
 * ops hide go into the target's depth buffer at their op's depth, and
 * every quad on the target has its op's depth (the instances' depth,
 * LEQUAL, no depth writes), so a hidden pixel is drawn by the op that
 * hides it and those above, and by nothing below. The frame is the
 * same to the bit.
 *
 * An opaque colour at the very bottom (a window's background) that
 * fills a damage pass is not drawn either: the pass is cleared to it,
 * which costs llvmpipe next to nothing where the quad cost 1.3–1.6 ms
 * a frame at 1024×768.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>
#include <epoxy/gl.h>

#include "gsk-layer-gl-backend-impl-private.h"
#include "gsk-layer-gl-draw-private.h"
#include "gsk-layer-debug-private.h"

/* Depth buffers for lists longer than this could not tell op from op */
#define MAX_DEPTH_OPS (1u << 20)

/* Read on every frame, as the software backend does, so that a test
 * can compare frames drawn both ways */
static gboolean
culling_is_off (void)
{
  const char *env = g_getenv ("GSK_LAYER_DEBUG");

  return GSK_LAYER_DEBUG_CHECK (NO_CULL) || (env != NULL && strstr (env, "no-cull") != NULL);
}

void
gsk_layer_gl_release_depth_buffer (GskLayerGLBackend *self)
{
  if (self->depth_buffer == 0)
    return;

  if (self->target.framebuffer != 0)
    {
      glBindFramebuffer (GL_FRAMEBUFFER, self->target.framebuffer);
      glFramebufferRenderbuffer (GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0);
    }
  glDeleteRenderbuffers (1, &self->depth_buffer);
  self->depth_buffer = 0;
  self->depth_width = self->depth_height = 0;
}

/* Gives the target a depth buffer of its size; FALSE if it cannot
 * have one (culling then only skips what is wholly hidden) */
static gboolean
attach_depth_buffer (GskLayerGLBackend *self)
{
  if (self->depth_buffer == 0 ||
      self->depth_width != self->target.width || self->depth_height != self->target.height)
    {
      if (self->depth_buffer == 0)
        glGenRenderbuffers (1, &self->depth_buffer);
      glBindRenderbuffer (GL_RENDERBUFFER, self->depth_buffer);
      glRenderbufferStorage (GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, self->target.width, self->target.height);
      glBindRenderbuffer (GL_RENDERBUFFER, 0);
      self->depth_width = self->target.width;
      self->depth_height = self->target.height;
    }

  /* Again every frame: the target may be a new framebuffer */
  glBindFramebuffer (GL_FRAMEBUFFER, self->target.framebuffer);
  glFramebufferRenderbuffer (GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, self->depth_buffer);
  if (glCheckFramebufferStatus (GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    {
      gsk_layer_gl_release_depth_buffer (self);
      return FALSE;
    }
  self->depth_last_used = self->frame;

  return TRUE;
}

/* Uploads the boxes that the ops shown hide, each at its op's depth
 * (a quarter step behind, so that the op's own quad, at its depth, is
 * drawn over it whatever the rounding), front to back; returns how many */
static guint
upload_hidden_depths (GskLayerGLBackend        *self,
                      const GskLayerOccluders  *occluders,
                      const GskLayerRenderList *list,
                      const cairo_region_t     *damage)
{
  cairo_rectangle_int_t extents;
  GskLayerGLDepthProgram *program = &self->depth_program;
  GArray *boxes = g_array_new (FALSE, FALSE, 5 * sizeof (float));
  float behind = 0.25f / (list->n_ops + 2);
  guint u, n, lowest_shown_in_part = G_MAXUINT;

  /* A box hides only what is below it: none hides anything drawn in
   * part under the lowest op that is, and without any, none is worth
   * its depths (a background under everything) */
  for (u = 0; u < occluders->n_units && lowest_shown_in_part == G_MAXUINT; u++)
    if (self->culling.action[occluders->units[u]] == GSK_LAYER_CULL_CLIP)
      lowest_shown_in_part = occluders->units[u];
  if (lowest_shown_in_part == G_MAXUINT)
    {
      g_array_unref (boxes);
      return 0;
    }

  if (program->id == 0)
    {
      g_autoptr (GError) error = NULL;

      if (!gsk_layer_gl_depth_program_init (program, self->context->is_gles, &error))
        {
          g_warning ("The depth program did not link: %s", error->message);
          g_array_unref (boxes);
          return 0;
        }
      glGenVertexArrays (1, &program->vao);
      glBindVertexArray (program->vao);
      glGenBuffers (1, &program->vbo);
      glBindBuffer (GL_ARRAY_BUFFER, program->vbo);
      glEnableVertexAttribArray (0);
      glVertexAttribPointer (0, 4, GL_FLOAT, GL_FALSE, 5 * sizeof (float), NULL);
      glVertexAttribDivisor (0, 1);
      glEnableVertexAttribArray (1);
      glVertexAttribPointer (1, 1, GL_FLOAT, GL_FALSE, 5 * sizeof (float), (gconstpointer) (4 * sizeof (float)));
      glVertexAttribDivisor (1, 1);
      glBindVertexArray (0);
    }

  cairo_region_get_extents (damage, &extents);
  for (u = occluders->n_units; u-- > 0; )
    {
      guint i = occluders->units[u];
      const GskLayerCullBox *b = &occluders->hides[i];
      float box[5];

      if (i <= lowest_shown_in_part)
        break;
      if (b->x1 >= b->x2 || self->culling.action[i] == GSK_LAYER_CULL_SKIP ||
          b->x2 <= extents.x || b->x1 >= extents.x + extents.width ||
          b->y2 <= extents.y || b->y1 >= extents.y + extents.height)
        continue;
      box[0] = b->x1;
      box[1] = b->y1;
      box[2] = b->x2;
      box[3] = b->y2;
      box[4] = gsk_layer_gl_op_depth (i, list->n_ops) + behind;
      g_array_append_val (boxes, box);
    }

  n = boxes->len;
  if (n > 0)
    {
      glBindBuffer (GL_ARRAY_BUFFER, program->vbo);
      glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) n * 5 * sizeof (float), boxes->data, GL_STREAM_DRAW);
    }
  g_array_unref (boxes);

  return n;
}

/* In the current pass: the depth buffer cleared, then the boxes of what
 * is hidden drawn into it (depths only); then quads test against them */
static void
draw_hidden_depths (GskLayerGLBackend *self,
                    guint              n_boxes)
{
  GskLayerGLDepthProgram *program = &self->depth_program;

  glDepthMask (GL_TRUE);
  glClearDepthf (1.f);
  glClear (GL_DEPTH_BUFFER_BIT);

  glColorMask (GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  glEnable (GL_DEPTH_TEST);
  glDepthFunc (GL_LESS);
  glUseProgram (program->id);
  glUniform4f (program->u_viewport, 0, 0, self->target.width, self->target.height);
  glBindVertexArray (program->vao);
  glDrawArraysInstanced (GL_TRIANGLE_STRIP, 0, 4, n_boxes);
  glBindVertexArray (self->vao);
  glDisable (GL_DEPTH_TEST);
  glColorMask (GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

  /* What the quads do with them */
  glDepthMask (GL_FALSE);
  glDepthFunc (GL_LEQUAL);
}

void
gsk_layer_gl_begin_culling (GskLayerGLBackend        *self,
                            const GskLayerRenderList *list,
                            const cairo_region_t     *damage)
{
  self->op_depth = GSK_LAYER_GL_NO_DEPTH;
  self->n_depth_boxes = 0;
  self->occluders = culling_is_off () ? NULL : gsk_layer_render_list_find_occluders (list, damage);
  if (self->occluders == NULL)
    return;

  gsk_layer_occluders_cull (self->occluders, list, damage, &self->culling);
  if (list->n_ops < MAX_DEPTH_OPS)
    self->n_depth_boxes = upload_hidden_depths (self, self->occluders, list, damage);
  if (self->n_depth_boxes > 0 && !attach_depth_buffer (self))
    self->n_depth_boxes = 0;
  gsk_layer_gl_set_canvas (self);
}

void
gsk_layer_gl_cull_pass (GskLayerGLBackend *self)
{
  if (self->n_depth_boxes == 0)
    return;

  draw_hidden_depths (self, self->n_depth_boxes);
  self->depth_culling = TRUE;
}

guint
gsk_layer_gl_background_op (const GskLayerRenderList *list,
                            const GskLayerGLBox      *box)
{
  const GskLayerRenderOp *op;
  graphene_rect_t r;

  if (list->n_ops == 0 || culling_is_off ())
    return G_MAXUINT;

  op = &list->ops[0];
  if (op->kind != GSK_LAYER_RENDER_OP_COLOR || op->rounded || !op->axis_aligned || op->behind_viewer ||
      op->paint != NULL || !(op->opacity >= 1.f) || !(op->color[3] >= 1.f))
    return G_MAXUINT;

  /* An axis-aligned quad: its bounds map exactly */
  graphene_matrix_transform_bounds (&op->transform, &op->bounds, &r);
  /* To the edges, not a hair short: an edge inside would be drawn at a
   * coverage a level short of full */
  if (r.origin.x > box->x1 || r.origin.y > box->y1 ||
      r.origin.x + r.size.width < box->x2 || r.origin.y + r.size.height < box->y2)
    return G_MAXUINT;

  return 0;
}

void
gsk_layer_gl_end_culling (GskLayerGLBackend *self)
{
  if (self->depth_culling)
    glDepthMask (GL_TRUE);
  self->depth_culling = FALSE;
  /* As offscreens: kept while frames use it, then given back */
  if (self->depth_buffer != 0 && self->depth_last_used + 60 < self->frame)
    gsk_layer_gl_release_depth_buffer (self);
  gsk_layer_culling_clear (&self->culling);
  g_clear_pointer (&self->occluders, gsk_layer_occluders_free);
  self->n_depth_boxes = 0;
}
