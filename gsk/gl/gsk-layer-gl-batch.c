/* gsk-layer-gl-batch.c: quads, batched into instanced draws
 *
 * Every COLOR and TEXTURE op becomes one instance of the quad program;
 * consecutive instances that use the same texture (or none) go out in
 * one instanced draw from a streamed buffer, so a fishbowl of identical
 * icons is a single draw call.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-batch-private.h"
#include "gsk-layer-gl-backend-impl-private.h"
#include "gsk-layer-gl-draw-private.h"

#include <math.h>
#include <string.h>
#include <epoxy/gl.h>

/* What a BORDER or GRADIENT op paints, into a slot of the PAINT
 * variants' uniforms (see GSK_LAYER_GL_PAINT_SIZE) */
static void
pack_paint (const GskLayerRenderOp *op,
            float                  *slot)
{
  const GskLayerRenderPaint *paint = op->paint;
  guint i;

  memset (slot, 0, GSK_LAYER_GL_PAINT_SIZE * 4 * sizeof (float));
  if (op->kind == GSK_LAYER_RENDER_OP_BORDER)
    {
      slot[4] = paint->inner_rect.origin.x;
      slot[5] = paint->inner_rect.origin.y;
      slot[6] = paint->inner_rect.size.width;
      slot[7] = paint->inner_rect.size.height;
      for (i = 0; i < 4; i++)
        {
          float alpha = gsk_layer_gl_clamp_unit (paint->colors[i][3]);

          slot[8 + i] = paint->inner_radii[i].width;
          slot[12 + i] = paint->inner_radii[i].height;
          slot[16 + i] = paint->widths[i];
          slot[20 + i * 4 + 0] = gsk_layer_gl_clamp_unit (paint->colors[i][0]) * alpha;
          slot[20 + i * 4 + 1] = gsk_layer_gl_clamp_unit (paint->colors[i][1]) * alpha;
          slot[20 + i * 4 + 2] = gsk_layer_gl_clamp_unit (paint->colors[i][2]) * alpha;
          slot[20 + i * 4 + 3] = alpha;
        }
      return;
    }

  slot[0] = 1 + paint->kind;
  slot[1] = paint->repeating;
  slot[2] = MAX (paint->n_stops, 1);
  slot[3] = paint->angle;
  slot[4] = paint->point.x;
  slot[5] = paint->point.y;
  slot[6] = graphene_vec2_get_x (&paint->axis);
  slot[7] = graphene_vec2_get_y (&paint->axis);
  slot[8] = paint->tile.origin.x;
  slot[9] = paint->tile.origin.y;
  slot[10] = paint->tile.size.width;
  slot[11] = paint->tile.size.height;
  for (i = 0; i < paint->n_stops && i < GSK_LAYER_RENDER_MAX_STOPS; i++)
    {
      slot[12 + i] = paint->offsets[i];
      memcpy (slot + 28 + i * 4, paint->stop_colors[i], 4 * sizeof (float));
    }
}

void
gsk_layer_gl_flush_batch (GskLayerGLBackend *self)
{
  GskLayerGLQuadProgram *program;
  gboolean depth;

  if (self->instances->len == 0)
    return;

  program = &self->quad[self->batch_variant];
  if (program->id == 0)
    {
      g_autoptr (GError) error = NULL;

      if (!gsk_layer_gl_quad_program_init (program, self->batch_variant, self->max_paints,
                                           self->context->is_gles, &error))
        {
          g_warning ("The quad program (variant %u) did not link: %s", self->batch_variant, error->message);
          self->failed = TRUE;
          g_array_set_size (self->instances, 0);
          self->batch_texture = 0;
          self->batch_sampler = 0;
          self->n_paints = 0;
          return;
        }
      glUseProgram (program->id);
      glUniform1i (program->u_texture, 0);
    }
  glUseProgram (program->id);
  glUniform4f (program->u_viewport, self->canvas_x, self->canvas_y,
               self->target.width, self->target.height);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, self->batch_texture);
  if (self->batch_sampler)
    glBindSampler (0, self->batch_sampler);
  glUniform1i (program->u_n_clips, self->n_clips);
  if (self->n_clips > 0)
    {
      float maps[GSK_LAYER_GL_MAX_CLIPS * 9];
      float rects[GSK_LAYER_GL_MAX_CLIPS * 4];
      float radii_x[GSK_LAYER_GL_MAX_CLIPS * 4];
      float radii_y[GSK_LAYER_GL_MAX_CLIPS * 4];
      guint i;

      for (i = 0; i < self->n_clips; i++)
        {
          memcpy (maps + i * 9, self->clips[i].map, sizeof self->clips[i].map);
          memcpy (rects + i * 4, self->clips[i].rect, sizeof self->clips[i].rect);
          memcpy (radii_x + i * 4, self->clips[i].radius_x, sizeof self->clips[i].radius_x);
          memcpy (radii_y + i * 4, self->clips[i].radius_y, sizeof self->clips[i].radius_y);
        }
      /* Row-major for row vectors is column-major for column vectors */
      glUniformMatrix3fv (program->u_clip_map, self->n_clips, GL_FALSE, maps);
      glUniform4fv (program->u_clip_rect, self->n_clips, rects);
      glUniform4fv (program->u_clip_radius_x, self->n_clips, radii_x);
      glUniform4fv (program->u_clip_radius_y, self->n_clips, radii_y);
    }

  if (self->n_paints > 0)
    glUniform4fv (program->u_paint, self->n_paints * GSK_LAYER_GL_PAINT_SIZE, self->paints);

  glBindVertexArray (self->vao);
  glBindBuffer (GL_ARRAY_BUFFER, self->vbo);
  /* A new store each time: the driver need not wait for the last draw */
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) self->instances->len * sizeof (GskLayerGLInstance),
                self->instances->data, GL_STREAM_DRAW);
  /* On the target, under the depths of what opaque ops hide: each
   * fragment there is drawn only by the op that hides it and those
   * above (gsk_layer_gl_draw_hidden_depths()) */
  depth = self->depth_culling && self->canvas.framebuffer == self->target.framebuffer;
  if (depth)
    glEnable (GL_DEPTH_TEST);
  glDrawArraysInstanced (GL_TRIANGLE_STRIP, 0, 4, self->instances->len);
  if (depth)
    glDisable (GL_DEPTH_TEST);
  if (self->batch_sampler)
    glBindSampler (0, 0);

  self->stats.draw_calls++;
  self->stats.quads += self->instances->len;
  g_array_set_size (self->instances, 0);
  self->n_paints = 0;
  self->batch_texture = 0;
  self->batch_sampler = 0;
}

/* How far, in layer units, the quad must grow to cover every pixel its
 * antialiased edges touch: the ramp reaches half a pixel past each
 * edge, measured at the corner where a pixel spans the most layer
 * units. Zero for a quad on pixel boundaries, which has no fringe: then
 * returns TRUE. */
static gboolean
compute_margin (const float            m[16],
                const graphene_rect_t *r,
                float                  margin[2])
{
  double mx = 0, my = 0;
  gboolean aligned, affine;
  int c;

  affine = m[3] == 0.f && m[7] == 0.f && m[15] == 1.f;
  aligned = affine && m[1] == 0.f && m[4] == 0.f && m[0] > 0.f && m[5] > 0.f;

  /* An affine map's Jacobian is the same everywhere: one corner says it
   * (only the alignment looks at them all). Norms as sqrt, not hypot:
   * the squares of floats stay far inside a double's range. */
  if (affine && !aligned)
    {
      double det = fabs ((double) m[0] * m[5] - (double) m[4] * m[1]);

      if (det > 1e-12)
        {
          mx = 0.5 * sqrt ((double) m[4] * m[4] + (double) m[5] * m[5]) / det;
          my = 0.5 * sqrt ((double) m[0] * m[0] + (double) m[1] * m[1]) / det;
        }
      margin[0] = MIN (mx, MAX (r->size.width, 1.f));
      margin[1] = MIN (my, MAX (r->size.height, 1.f));
      return FALSE;
    }

  for (c = 0; c < 4; c++)
    {
      double x = r->origin.x + ((c & 1) ? r->size.width : 0);
      double y = r->origin.y + ((c & 2) ? r->size.height : 0);
      double X = x * m[0] + y * m[4] + m[12];
      double Y = x * m[1] + y * m[5] + m[13];
      double W = x * m[3] + y * m[7] + m[15];
      double xx, xy, yx, yy, det;

      if (aligned)
        {
          if (fabs (X - round (X)) > GSK_LAYER_GL_PIXEL_EPSILON ||
              fabs (Y - round (Y)) > GSK_LAYER_GL_PIXEL_EPSILON)
            aligned = FALSE;
        }

      if (!(W > 1e-6))
        continue;

      /* The Jacobian of (X/W, Y/W) with respect to (x, y) */
      xx = (m[0] * W - X * m[3]) / (W * W);
      xy = (m[1] * W - Y * m[3]) / (W * W);
      yx = (m[4] * W - X * m[7]) / (W * W);
      yy = (m[5] * W - Y * m[7]) / (W * W);
      det = fabs (xx * yy - yx * xy);
      if (!(det > 1e-12))
        continue;

      /* Layer units per pixel across the edges x = const: |∂s/∂y| / det */
      mx = MAX (mx, 0.5 * sqrt (yx * yx + yy * yy) / det);
      my = MAX (my, 0.5 * sqrt (xx * xx + xy * xy) / det);
    }

  if (aligned)
    {
      margin[0] = margin[1] = 0.f;
      return TRUE;
    }

  /* A quad seen nearly edge-on could ask for anything: a fringe wider
   * than the quad itself is never visible anyway */
  margin[0] = MIN (mx, MAX (r->size.width, 1.f));
  margin[1] = MIN (my, MAX (r->size.height, 1.f));

  return FALSE;
}

/* Adds a quad; its edges are antialiased as those of @outer (NULL:
 * @bounds), apart from @hard_edges; it is clipped to the rounded
 * rectangle of @rounded (a rounded op, or NULL) */
void
gsk_layer_gl_add_instance (GskLayerGLBackend      *self,
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
                           const GskLayerRenderOp *rounded)
{
  static const float no_clamp[4] = { 0, 0, 1, 1 };
  GskLayerGLInstance *instance;
  guint variant = 0;
  float margin[4];

  /* On pixel boundaries, no edge needs antialiasing */
  if (compute_margin (transform, outer ? outer : bounds, margin))
    hard_edges = GSK_LAYER_GL_EDGE_ALL;

  /* w constant and positive over the quad: the affine program */
  if (!(transform[3] == 0.f && transform[7] == 0.f && transform[15] > 0.f))
    variant |= GSK_LAYER_GL_QUAD_PROJECTIVE;
  /* Rounded corners cost every fragment of a program that has them:
   * only quads that need them get it */
  if (self->paint != NULL)
    variant |= GSK_LAYER_GL_QUAD_PAINT | GSK_LAYER_GL_QUAD_ROUNDED;
  else if ((rounded != NULL && rounded->rounded) || self->n_clips > 0)
    variant |= GSK_LAYER_GL_QUAD_ROUNDED;
  /* Every edge on a pixel boundary (most of a user interface): no
   * coverage to compute for any pixel */
  else if (hard_edges == GSK_LAYER_GL_EDGE_ALL && !(variant & GSK_LAYER_GL_QUAD_PROJECTIVE))
    variant |= GSK_LAYER_GL_QUAD_HARD;

  if (self->next_sampler != 0 && self->next_sampler == self->samplers[GSK_LAYER_RENDER_SAMPLING_MIPMAP])
    variant |= GSK_LAYER_GL_QUAD_MIPMAP;
  /* An atlas item has a pixel of its edges repeated around it: a fringe
   * of at most half a texel samples those, as clamping would */
  if (uv_clamp != NULL &&
      (margin[0] > 0.5f * self->next_texel[0] * (1.f + 1e-4f) ||
       margin[1] > 0.5f * self->next_texel[1] * (1.f + 1e-4f)))
    variant |= GSK_LAYER_GL_QUAD_CLAMP;

  /* The batch's program may draw this quad too, which keeps batches
   * long: the plain one draws quads that need none of its coverage, and
   * gives the same pixels; the rounded one draws quads without corners */
  /* A paint slot for a BORDER or GRADIENT op; a full batch is drawn */
  if (self->paint != NULL && self->n_paints == self->max_paints)
    gsk_layer_gl_flush_batch (self);

  if (self->instances->len > 0 && variant != self->batch_variant)
    {
      guint batch = self->batch_variant;
      /* The PAINT variants draw every quad their ROUNDED ones draw: a
       * paint joins a rounded batch, which takes on PAINT; clamping
       * changes nothing for quads that need none: a batch takes it on */
      guint upgrades = GSK_LAYER_GL_QUAD_PAINT | GSK_LAYER_GL_QUAD_CLAMP;
      guint needs = variant & ~upgrades;
      gboolean compatible =
        (batch & GSK_LAYER_GL_QUAD_PROJECTIVE) == (needs & GSK_LAYER_GL_QUAD_PROJECTIVE) &&
        (batch & GSK_LAYER_GL_QUAD_MIPMAP) == (needs & GSK_LAYER_GL_QUAD_MIPMAP) &&
        (!(batch & GSK_LAYER_GL_QUAD_HARD) || (needs & GSK_LAYER_GL_QUAD_HARD)) &&
        (!(needs & GSK_LAYER_GL_QUAD_ROUNDED) || (batch & GSK_LAYER_GL_QUAD_ROUNDED));

      if (compatible)
        variant = batch | (variant & upgrades);
      else
        gsk_layer_gl_flush_batch (self);
    }
  self->batch_variant = variant;

  if (texture != 0)
    {
      if ((self->batch_texture != 0 && self->batch_texture != texture) ||
          (self->instances->len > 0 && self->batch_sampler != self->next_sampler))
        gsk_layer_gl_flush_batch (self);
      self->batch_texture = texture;
      self->batch_sampler = self->next_sampler;
    }

  g_array_set_size (self->instances, self->instances->len + 1);
  instance = &g_array_index (self->instances, GskLayerGLInstance, self->instances->len - 1);

  memcpy (instance->transform, transform, sizeof instance->transform);
  instance->bounds[0] = bounds->origin.x;
  instance->bounds[1] = bounds->origin.y;
  instance->bounds[2] = bounds->size.width;
  instance->bounds[3] = bounds->size.height;
  memcpy (instance->source, source, sizeof instance->source);
  memcpy (instance->color, color, sizeof instance->color);
  instance->params[0] = margin[0];
  instance->params[1] = margin[1];
  instance->params[3] = hard_edges;
  instance->params[2] = mode;
  instance->clip[0] = clip->x1;
  instance->clip[1] = clip->y1;
  instance->clip[2] = clip->x2;
  instance->clip[3] = clip->y2;
  memcpy (instance->uv_clamp, uv_clamp ? uv_clamp : no_clamp, sizeof instance->uv_clamp);
  instance->depth = self->op_depth;
  if (self->paint != NULL)
    {
      instance->params[2] = GSK_LAYER_GL_MODE_PAINT;
      instance->uv_clamp[0] = self->n_paints;
      pack_paint (self->paint, self->paints + self->n_paints * GSK_LAYER_GL_PAINT_SIZE * 4);
      self->n_paints++;
    }
  memset (instance->radius_x, 0, sizeof instance->radius_x);
  memset (instance->radius_y, 0, sizeof instance->radius_y);
  memset (instance->rrect, 0, sizeof instance->rrect);
  if (rounded != NULL && rounded->rounded)
    {
      instance->rrect[0] = rounded->rounded_rect.origin.x;
      instance->rrect[1] = rounded->rounded_rect.origin.y;
      instance->rrect[2] = rounded->rounded_rect.size.width;
      instance->rrect[3] = rounded->rounded_rect.size.height;
      gsk_layer_gl_corner_radii (rounded, instance->radius_x, instance->radius_y);
    }
}

void
gsk_layer_gl_setup_vertex_array (GskLayerGLBackend *self)
{
  int i;

  glGenVertexArrays (1, &self->vao);
  glBindVertexArray (self->vao);
  glGenBuffers (1, &self->vbo);
  glBindBuffer (GL_ARRAY_BUFFER, self->vbo);

  for (i = 0; i < 4; i++)
    {
      glEnableVertexAttribArray (GSK_LAYER_GL_ATTRIB_TRANSFORM + i);
      glVertexAttribPointer (GSK_LAYER_GL_ATTRIB_TRANSFORM + i, 4, GL_FLOAT, GL_FALSE,
                             sizeof (GskLayerGLInstance),
                             (gconstpointer) (G_STRUCT_OFFSET (GskLayerGLInstance, transform) +
                                              i * 4 * sizeof (float)));
      glVertexAttribDivisor (GSK_LAYER_GL_ATTRIB_TRANSFORM + i, 1);
    }

#define ATTRIB(location, field) \
  glEnableVertexAttribArray (location); \
  glVertexAttribPointer (location, 4, GL_FLOAT, GL_FALSE, sizeof (GskLayerGLInstance), \
                         (gconstpointer) G_STRUCT_OFFSET (GskLayerGLInstance, field)); \
  glVertexAttribDivisor (location, 1)

  ATTRIB (GSK_LAYER_GL_ATTRIB_BOUNDS, bounds);
  ATTRIB (GSK_LAYER_GL_ATTRIB_SOURCE, source);
  ATTRIB (GSK_LAYER_GL_ATTRIB_COLOR, color);
  ATTRIB (GSK_LAYER_GL_ATTRIB_PARAMS, params);
  ATTRIB (GSK_LAYER_GL_ATTRIB_CLIP, clip);
  ATTRIB (GSK_LAYER_GL_ATTRIB_UV_CLAMP, uv_clamp);
  ATTRIB (GSK_LAYER_GL_ATTRIB_RRECT, rrect);
  ATTRIB (GSK_LAYER_GL_ATTRIB_RADIUS_X, radius_x);
  ATTRIB (GSK_LAYER_GL_ATTRIB_RADIUS_Y, radius_y);
#undef ATTRIB
  glEnableVertexAttribArray (GSK_LAYER_GL_ATTRIB_DEPTH);
  glVertexAttribPointer (GSK_LAYER_GL_ATTRIB_DEPTH, 1, GL_FLOAT, GL_FALSE, sizeof (GskLayerGLInstance),
                         (gconstpointer) G_STRUCT_OFFSET (GskLayerGLInstance, depth));
  glVertexAttribDivisor (GSK_LAYER_GL_ATTRIB_DEPTH, 1);

  /* The blend pass makes its quad from gl_VertexID alone, but core
   * profiles draw nothing without a vertex array bound */
  glGenVertexArrays (1, &self->empty_vao);
  glBindVertexArray (0);
}
