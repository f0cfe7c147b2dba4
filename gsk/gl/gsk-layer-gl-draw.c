/* gsk-layer-gl-draw.c: a render list's ops, drawn with GL
 *
 * The semantics are the software backend's, op for op: premultiplied
 * OVER, bilinear sampling, antialiased edges, each op clipped to its
 * screen bounds (which carry clips the list has no op for), groups as
 * offscreens composited with their opacity and blend mode, axis-aligned
 * clips as a scissor and other clips as an offscreen composited through
 * the clip quad. COLOR and TEXTURE ops, and offscreens composited back,
 * are quads of the batch (gsk-layer-gl-batch.c).
 *
 * Rounded rectangles (a rounded op's corners) are drawn by the shader: a
 * COLOR or TEXTURE op's own one travels with its instance; a rounded
 * PUSH_CLIP is a scissor to its box plus an entry in the shader's stack
 * of up to GSK_LAYER_GL_MAX_CLIPS rounded clips (uniforms), which every
 * quad drawn until the POP_CLIP is clipped by, so rounded clips need no
 * offscreen, nested ones included. Only a rounded clip nested deeper
 * than that takes an offscreen, composited through its rounded quad.
 * Quads drawn into an offscreen (a group) are clipped there; its
 * composite is not clipped again. Offscreens and the target are all
 * drawn with y down, so that a framebuffer row is an image row and
 * boxes need no flipping.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-draw-private.h"
#include "gsk-layer-gl-filter-cache-private.h"
#include "gsk-layer-gl-backend-impl-private.h"
#include "gsk-layer-gl-batch-private.h"
#include "gsk-layer-gl-texture-cache-private.h"
#include "gsk-layer-debug-private.h"

#include <math.h>
#include <string.h>
#include <epoxy/gl.h>

static int blur_scale (float sigma);

/* The coarsest resolution any blur of @op's filters is drawn at */
static int
filters_blur_scale (const GskLayerRenderOp *op)
{
  int scale = 1;
  guint i;

  for (i = 0; i < op->n_filters; i++)
    if (op->filters[i].kind != GSK_LAYER_RENDER_FILTER_COLOR)
      scale = MAX (scale, blur_scale (op->filters[i].sigma));

  return scale;
}

static void
warn_unbalanced (void)
{
  static int warned = 0;

  if (g_atomic_int_compare_and_exchange (&warned, 0, 1))
    g_warning ("Render list has unbalanced push and pop ops; drawing it as "
               "if it were balanced. Further warnings are suppressed.");
}

/* The viewport is the target's whatever the canvas: offscreens are at
 * least that big (a pooled one may be bigger), and the same viewport
 * rasterizes and interpolates a quad the same way on every canvas */
void
gsk_layer_gl_set_canvas (GskLayerGLBackend *self)
{
  glBindFramebuffer (GL_FRAMEBUFFER, self->canvas.framebuffer);
  glViewport (0, 0, self->target.width, self->target.height);
}

void
gsk_layer_gl_set_scissor (GskLayerGLBackend *self)
{
  glScissor (self->clip.x1 - self->canvas_x, self->clip.y1 - self->canvas_y,
             MAX (self->clip.x2 - self->clip.x1, 0), MAX (self->clip.y2 - self->clip.y1, 0));
}

/* The part of the canvas an offscreen for @rect covers: what is cleared
 * and composited back. Empty when the part in the current clip is. */
static GskLayerGLBox
offscreen_box (GskLayerGLBackend     *self,
               const graphene_rect_t *rect)
{
  GskLayerGLBox box = gsk_layer_gl_box_from_rect (rect, &self->canvas_box, FALSE);
  GskLayerGLBox visible = gsk_layer_gl_box_intersect (&box, &self->clip);

  if (gsk_layer_gl_box_is_empty (&visible))
    return (GskLayerGLBox) { 0, 0, 0, 0 };

  return box;
}

static gboolean
op_clip_box (GskLayerGLBackend      *self,
             const GskLayerRenderOp *op,
             GskLayerGLBox          *box)
{
  *box = gsk_layer_gl_box_from_rect (&op->screen_bounds, &self->clip, FALSE);
  return !gsk_layer_gl_box_is_empty (box);
}

static gboolean apply_filters (GskLayerGLBackend *self, GskLayerGLStackEntry *entry);

/* What is drawn below within the op's box (which the compile damaged
 * whole), filtered with its edges mirrored outward, drawn back through
 * the quad */
static void
draw_backdrop (GskLayerGLBackend      *self,
               const GskLayerRenderOp *op)
{
  GskLayerGLStackEntry entry = { .kind = GSK_LAYER_RENDER_OP_BACKDROP, .op = op };
  float opacity = gsk_layer_gl_clamp_unit (op->opacity);
  float m[16], color[4] = { opacity, opacity, opacity, opacity }, source[4];
  GskLayerGLBox clip, box;
  guint n_clips;

  if (opacity <= 0.f || !op_clip_box (self, op, &clip))
    return;

  box = gsk_layer_gl_box_from_rect (&op->screen_bounds, &self->canvas_box, FALSE);
  if (gsk_layer_gl_box_is_empty (&box))
    return;

  gsk_layer_gl_flush_batch (self);
  if (!gsk_layer_gl_acquire_offscreen (self, self->target.width, self->target.height, &entry.offscreen))
    {
      self->failed = TRUE;
      return;
    }

  /* The canvas's pixels, at their place in the target */
  gsk_layer_gl_set_canvas (self);
  glBindTexture (GL_TEXTURE_2D, entry.offscreen.texture);
  glCopyTexSubImage2D (GL_TEXTURE_2D, 0, box.x1, box.y1, box.x1 - self->canvas_x, box.y1 - self->canvas_y,
                       box.x2 - box.x1, box.y2 - box.y1);

  entry.box = box;
  self->filter_clamp = TRUE;
  apply_filters (self, &entry);
  self->filter_clamp = FALSE;
  gsk_layer_gl_set_scissor (self);

  if (!self->failed)
    {
      source[0] = source[1] = 0;
      source[2] = entry.offscreen.width;
      source[3] = entry.offscreen.height;
      graphene_matrix_to_float (&op->transform, m);
      gsk_layer_gl_add_instance (self, m, &op->bounds, source, color, GSK_LAYER_GL_MODE_OFFSCREEN,
                                 entry.offscreen.texture, &clip, NULL, 0, NULL, op);
      n_clips = self->n_clips;
      gsk_layer_gl_flush_batch (self);
      self->n_clips = n_clips;
    }
  gsk_layer_gl_release_offscreen (self, &entry.offscreen);
}

static void
draw_color (GskLayerGLBackend      *self,
            const GskLayerRenderOp *op)
{
  static const float no_source[4] = { 0, 0, 1, 1 };
  float m[16], color[4];
  float alpha;
  GskLayerGLBox clip;

  alpha = gsk_layer_gl_clamp_unit (op->color[3]) * gsk_layer_gl_clamp_unit (op->opacity);
  if (alpha <= 0.f || !op_clip_box (self, op, &clip))
    return;

  color[0] = gsk_layer_gl_clamp_unit (op->color[0]) * alpha;
  color[1] = gsk_layer_gl_clamp_unit (op->color[1]) * alpha;
  color[2] = gsk_layer_gl_clamp_unit (op->color[2]) * alpha;
  color[3] = alpha;

  graphene_matrix_to_float (&op->transform, m);
  gsk_layer_gl_add_instance (self, m, &op->bounds, no_source, color, GSK_LAYER_GL_MODE_COLOR, 0,
                             &clip, NULL, 0, NULL, op);
}

/* A BORDER or GRADIENT op: a quad of a PAINT variant, batched with
 * others, its paint in a uniform slot. Its rounded rectangle is always
 * passed: a border's sides are found from it */
static void
draw_paint (GskLayerGLBackend      *self,
            const GskLayerRenderOp *op)
{
  static const float no_source[4] = { 0, 0, 1, 1 };
  float alpha = gsk_layer_gl_clamp_unit (op->opacity);
  GskLayerRenderOp rounded = *op;
  float m[16], color[4];
  GskLayerGLBox clip;

  if (alpha <= 0.f || op->paint == NULL || !op_clip_box (self, op, &clip))
    return;
  if (op->kind == GSK_LAYER_RENDER_OP_GRADIENT && op->paint->n_stops == 0)
    return;

  if (!rounded.rounded)
    {
      rounded.rounded = TRUE;
      rounded.rounded_rect = op->kind == GSK_LAYER_RENDER_OP_BORDER ? op->rounded_rect : op->bounds;
      memset (rounded.corner_radii, 0, sizeof rounded.corner_radii);
    }
  color[0] = color[1] = color[2] = color[3] = alpha;
  graphene_matrix_to_float (&op->transform, m);

  self->paint = op;
  gsk_layer_gl_add_instance (self, m, &op->bounds, no_source, color, GSK_LAYER_GL_MODE_PAINT, 0,
                             &clip, NULL, 0, NULL, &rounded);
  self->paint = NULL;
}

/* Where the surface pixel bounds @px fall in layer space, clamped to
 * [@lo, @hi]; chained so that each bound is exactly where the GPU puts
 * the end of the part before (start + size, in floats), for seams
 * without gaps or overlaps */
static void
layer_bounds (const int *px,
              int        n,
              float      origin,
              float      scale,
              float      lo,
              float      hi,
              float     *out)
{
  int i;

  out[0] = CLAMP (origin + px[0] * scale, lo, hi);
  for (i = 1; i <= n; i++)
    {
      float next = CLAMP (origin + px[i] * scale, lo, hi);
      float size = MAX (next - out[i - 1], 0.f);

      out[i] = out[i - 1] + size;
    }
}

/* Draws @surface where it meets @bounds, its texels times @color (premultiplied); the
 * surface holds @surface_rect of the op's layer space */
/* The sampler object for @sampling, made when first asked for; 0 for
 * bilinear, the textures' own filtering */
static GLuint
get_sampler (GskLayerGLBackend      *self,
             GskLayerRenderSampling  sampling)
{
  GLuint sampler;

  if (sampling == GSK_LAYER_RENDER_SAMPLING_LINEAR || sampling >= G_N_ELEMENTS (self->samplers))
    return 0;
  if (self->samplers[sampling])
    return self->samplers[sampling];

  glGenSamplers (1, &sampler);
  glSamplerParameteri (sampler, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glSamplerParameteri (sampler, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  if (sampling == GSK_LAYER_RENDER_SAMPLING_NEAREST)
    {
      glSamplerParameteri (sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glSamplerParameteri (sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    }
  else if (sampling == GSK_LAYER_RENDER_SAMPLING_LINEAR_CLAMPED)
    {
      glSamplerParameteri (sampler, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
      glSamplerParameteri (sampler, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    }
  else
    {
      glSamplerParameteri (sampler, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
      glSamplerParameteri (sampler, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    }
  self->samplers[sampling] = sampler;

  return sampler;
}

/* The sampler for drawing @entry as @op asks: mipmaps are made once per
 * texture, when first wanted (the texture is then not on an atlas
 * page); content cut into tiles is sampled bilinearly */
static GLuint
entry_sampler (GskLayerGLBackend      *self,
               const GskLayerRenderOp *op,
               GskLayerGLTextureEntry *entry)
{
  if (op->kind != GSK_LAYER_RENDER_OP_TEXTURE)
    return 0;
  if (op->sampling == GSK_LAYER_RENDER_SAMPLING_MIPMAP)
    {
      if (entry->n_cols != 1 || entry->n_rows != 1)
        return 0;
      if (!entry->mipmapped)
        {
          glBindTexture (GL_TEXTURE_2D, entry->tile.texture);
          glGenerateMipmap (GL_TEXTURE_2D);
          entry->mipmapped = TRUE;
          /* A third more, in the budget */
          g_mutex_lock (&gsk_layer_gl_texture_lock);
          self->texture_memory += entry->bytes / 3;
          entry->bytes += entry->bytes / 3;
          g_mutex_unlock (&gsk_layer_gl_texture_lock);
          self->stats.mipmaps++;
        }
    }

  return get_sampler (self, op->sampling);
}

static void
draw_surface (GskLayerGLBackend      *self,
              const GskLayerRenderOp *op,
              const GskLayerGLBox    *op_clip,
              cairo_surface_t        *surface,
              const graphene_rect_t  *surface_rect,
              const graphene_rect_t  *bounds,
              const float             color[4])
{
  graphene_rect_t source_rect, area;
  float m[16], source[4];
  float sx, sy, *xs, *ys;
  GskLayerGLTextureEntry *entry;
  int c, r, c_first = -1, c_last = -1, r_first = -1, r_last = -1;
  int width, height;
  GskLayerGLBox clip = *op_clip;

  /* Only the part of the layer that the surface covers shows */
  graphene_rect_normalize_r (surface_rect, &source_rect);
  if (!graphene_rect_intersection (bounds, &source_rect, &area) ||
      !(area.size.width > 0.f && area.size.height > 0.f))
    return;

  entry = gsk_layer_gl_get_texture (self, surface, op->kind == GSK_LAYER_RENDER_OP_TEXTURE &&
                                                   op->sampling == GSK_LAYER_RENDER_SAMPLING_MIPMAP);
  if (entry == NULL)
    {
      self->failed = TRUE;
      return;
    }

  graphene_matrix_to_float (&op->transform, m);
  self->next_sampler = entry_sampler (self, op, entry);

  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  sx = source_rect.size.width / width;
  sy = source_rect.size.height / height;

  if (entry->n_cols == 1 && entry->n_rows == 1)
    {
      /* The layer rectangle the whole texture (or atlas page) covers */
      source[0] = source_rect.origin.x + entry->tile.tex_x * sx;
      source[1] = source_rect.origin.y + entry->tile.tex_y * sy;
      source[2] = entry->tile.tex_width * sx;
      source[3] = entry->tile.tex_height * sy;
      /* Only an atlas item has neighbours to keep out; a texture of its
       * own clamps to its edges by itself */
      self->next_texel[0] = sx;
      self->next_texel[1] = sy;
      gsk_layer_gl_add_instance (self, m, &area, source, color, GSK_LAYER_GL_MODE_TEXTURE,
                                 entry->tile.texture, &clip, NULL, 0,
                                 entry->page != NULL ? entry->uv_clamp : NULL, op);
      self->next_sampler = 0;
      return;
    }

  /* Tiles: a quad each, over its part of the layer */
  xs = g_newa (float, entry->n_cols + 1);
  ys = g_newa (float, entry->n_rows + 1);
  layer_bounds (entry->col_x, entry->n_cols, source_rect.origin.x, sx,
                area.origin.x, area.origin.x + area.size.width, xs);
  layer_bounds (entry->row_y, entry->n_rows, source_rect.origin.y, sy,
                area.origin.y, area.origin.y + area.size.height, ys);
  for (c = 0; c < entry->n_cols; c++)
    if (xs[c + 1] > xs[c])
      {
        if (c_first < 0)
          c_first = c;
        c_last = c;
      }
  for (r = 0; r < entry->n_rows; r++)
    if (ys[r + 1] > ys[r])
      {
        if (r_first < 0)
          r_first = r;
        r_last = r;
      }

  for (r = MAX (r_first, 0); r <= r_last; r++)
    for (c = MAX (c_first, 0); c <= c_last; c++)
      {
        const GskLayerGLTile *tile = &entry->tiles[r * entry->n_cols + c];
        graphene_rect_t rect = GRAPHENE_RECT_INIT (xs[c], ys[r], xs[c + 1] - xs[c], ys[r + 1] - ys[r]);
        guint hard = 0;

        if (!(rect.size.width > 0.f && rect.size.height > 0.f))
          continue;

        hard |= c > c_first ? GSK_LAYER_GL_EDGE_X1 : 0;
        hard |= c < c_last ? GSK_LAYER_GL_EDGE_X2 : 0;
        hard |= r > r_first ? GSK_LAYER_GL_EDGE_Y1 : 0;
        hard |= r < r_last ? GSK_LAYER_GL_EDGE_Y2 : 0;

        /* The layer rectangle the whole tile texture covers */
        source[0] = source_rect.origin.x + tile->tex_x * sx;
        source[1] = source_rect.origin.y + tile->tex_y * sy;
        source[2] = tile->tex_width * sx;
        source[3] = tile->tex_height * sy;
        gsk_layer_gl_add_instance (self, m, &rect, source, color, GSK_LAYER_GL_MODE_TEXTURE,
                                   tile->texture, &clip, &area, hard, NULL, op);
      }
  self->next_sampler = 0;
}

static void
draw_texture (GskLayerGLBackend      *self,
              const GskLayerRenderOp *op)
{
  float opacity = gsk_layer_gl_clamp_unit (op->opacity);
  GskLayerGLBox clip;

  if (opacity <= 0.f || op->surface == NULL || !op_clip_box (self, op, &clip))
    return;

  draw_surface (self, op, &clip, op->surface, &op->source_rect, &op->bounds,
                (float[4]) { opacity, opacity, opacity, opacity });
}

/* Each glyph a quad of its image, on the atlas pages that every label
 * shares, so that a screen of text takes a few draw calls */
static void
draw_glyphs (GskLayerGLBackend      *self,
             const GskLayerRenderOp *op)
{
  static const float no_source[4] = { 0, 0, 1, 1 };
  float opacity = gsk_layer_gl_clamp_unit (op->opacity);
  const GskLayerGlyphRun *run = op->glyphs;
  GskLayerGLBox clip;
  float m[16];
  guint i;

  if (opacity <= 0.f || run == NULL || !op_clip_box (self, op, &clip))
    return;

  graphene_matrix_to_float (&op->transform, m);

  for (i = 0; i < run->n_items && !self->failed; i++)
    {
      const GskLayerGlyphItem *item = &run->items[i];
      float alpha = gsk_layer_gl_clamp_unit (item->color[3]) * opacity;
      float color[4];

      if (item->image != NULL && item->colored)
        alpha = opacity;
      if (alpha <= 0.f)
        continue;

      if (item->image != NULL && item->colored)
        color[0] = color[1] = color[2] = alpha;
      else
        {
          color[0] = gsk_layer_gl_clamp_unit (item->color[0]) * alpha;
          color[1] = gsk_layer_gl_clamp_unit (item->color[1]) * alpha;
          color[2] = gsk_layer_gl_clamp_unit (item->color[2]) * alpha;
        }
      color[3] = alpha;

      if (item->image != NULL)
        draw_surface (self, op, &clip, item->image, &item->rect, &op->bounds, color);
      else
        {
          graphene_rect_t area;

          if (graphene_rect_intersection (&item->rect, &op->bounds, &area) &&
              area.size.width > 0.f && area.size.height > 0.f)
            gsk_layer_gl_add_instance (self, m, &area, no_source, color, GSK_LAYER_GL_MODE_COLOR, 0,
                                       &clip, NULL, 0, NULL, op);
        }
    }
}

/* Pushes @entry; with @box, what follows is drawn into a new offscreen
 * covering @box, which also becomes the clip */
static gboolean
push_entry_clipped (GskLayerGLBackend    *self,
                    GskLayerGLStackEntry *entry,
                    const GskLayerGLBox  *box,
                    const GskLayerGLBox  *clip);

static gboolean
push_entry (GskLayerGLBackend    *self,
            GskLayerGLStackEntry *entry,
            const GskLayerGLBox  *box)
{
  return push_entry_clipped (self, entry, box, NULL);
}

/* As push_entry(), drawing what follows in @clip (not the clip in force)
 * where @clip is given */
static gboolean
push_entry_clipped (GskLayerGLBackend    *self,
                    GskLayerGLStackEntry *entry,
                    const GskLayerGLBox  *box,
                    const GskLayerGLBox  *clip)
{
  entry->saved_canvas = self->canvas;
  entry->saved_canvas_x = self->canvas_x;
  entry->saved_canvas_y = self->canvas_y;
  entry->saved_canvas_box = self->canvas_box;
  entry->saved_clip = self->clip;

  if (box)
    {
      gsk_layer_gl_flush_batch (self);

      /* Target-sized and at the target's origin: GL rasterizes a quad a
       * hair differently in another viewport, and every redraw of a
       * pixel must give the same value. Only @box is cleared and drawn. */
      if (!gsk_layer_gl_acquire_offscreen (self, self->target.width, self->target.height,
                                           &entry->offscreen))
        {
          self->failed = TRUE;
          return FALSE;
        }

      entry->box = *box;
      self->canvas = entry->offscreen;
      self->canvas_x = 0;
      self->canvas_y = 0;
      self->canvas_box = *box;
      self->clip = gsk_layer_gl_box_intersect (clip ? clip : &self->clip, box);
      gsk_layer_gl_set_canvas (self);
      gsk_layer_gl_set_scissor (self);
      glClearColor (0, 0, 0, 0);
      glClear (GL_COLOR_BUFFER_BIT);
    }

  g_array_append_val (self->stack, *entry);

  return TRUE;
}

/* A filtered group from the pixels kept from an earlier frame, moved by
 * (@dx, @dy), over @box */
static void
draw_cached_filter (GskLayerGLBackend          *self,
                    const GskLayerRenderOp     *op,
                    GskLayerGLFilterCacheEntry *cached,
                    const GskLayerGLBox        *box,
                    int                         dx,
                    int                         dy)
{
  static const float identity[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
  float source[4] = { dx, dy, cached->offscreen.width, cached->offscreen.height };
  float opacity = gsk_layer_gl_clamp_unit (op->opacity);
  float color[4] = { opacity, opacity, opacity, opacity };
  graphene_rect_t rect = GRAPHENE_RECT_INIT (box->x1, box->y1, box->x2 - box->x1, box->y2 - box->y1);
  GskLayerGLBox clip = gsk_layer_gl_box_intersect (box, &self->clip);
  guint n_clips;

  if (gsk_layer_gl_box_is_empty (&clip))
    return;
  gsk_layer_gl_add_instance (self, identity, &rect, source, color, GSK_LAYER_GL_MODE_OFFSCREEN,
                             cached->offscreen.texture, &clip, NULL, 0, NULL, NULL);
  /* The pixels kept were clipped when they were drawn */
  n_clips = self->n_clips;
  self->n_clips = 0;
  gsk_layer_gl_flush_batch (self);
  self->n_clips = n_clips;
  self->stats.cached_filters++;
}

static void draw_box_quad (GskLayerGLBackend *self, gboolean blend);

/* What a mask group (@mask, or none) shows of the enclosing group, the
 * canvas: every pixel times the mask's alpha, 0 outside its box */
static void
apply_mask (GskLayerGLBackend          *self,
            const GskLayerGLStackEntry *mask)
{
  GskLayerGLBox all = gsk_layer_gl_box_intersect (&self->canvas_box, &self->clip);
  GskLayerGLBox inside = { 0, 0, 0, 0 }, strips[4];
  int i;

  gsk_layer_gl_flush_batch (self);
  if (gsk_layer_gl_box_is_empty (&all))
    return;

  if (mask != NULL)
    {
      /* The filter program with no filter copies the mask; blended as
       * destination × source alpha */
      inside = gsk_layer_gl_box_intersect (&all, &mask->box);
      glUseProgram (self->filter.id);
      glUniform4f (self->filter.u_viewport, self->canvas_x, self->canvas_y, self->target.width, self->target.height);
      glUniform4f (self->filter.u_box, mask->box.x1, mask->box.y1,
                   mask->box.x2 - mask->box.x1, mask->box.y2 - mask->box.y1);
      glUniform4f (self->filter.u_source_rect, 0, 0, mask->offscreen.width, mask->offscreen.height);
      glUniform1i (self->filter.u_source, 0);
      glUniform1i (self->filter.u_n_filters, 0);
      glActiveTexture (GL_TEXTURE0);
      glBindTexture (GL_TEXTURE_2D, mask->offscreen.texture);
      glBlendFunc (GL_ZERO, GL_SRC_ALPHA);
      draw_box_quad (self, TRUE);
      glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    }

  /* Around the mask's box, nothing shows: the strips above, below, left
   * and right of it */
  if (gsk_layer_gl_box_is_empty (&inside))
    inside = (GskLayerGLBox) { all.x1, all.y1, all.x1, all.y1 };
  strips[0] = (GskLayerGLBox) { all.x1, all.y1, all.x2, inside.y1 };
  strips[1] = (GskLayerGLBox) { all.x1, inside.y2, all.x2, all.y2 };
  strips[2] = (GskLayerGLBox) { all.x1, inside.y1, inside.x1, inside.y2 };
  strips[3] = (GskLayerGLBox) { inside.x2, inside.y1, all.x2, inside.y2 };
  glClearColor (0, 0, 0, 0);
  for (i = 0; i < 4; i++)
    if (!gsk_layer_gl_box_is_empty (&strips[i]))
      {
        glScissor (strips[i].x1 - self->canvas_x, strips[i].y1 - self->canvas_y,
                   strips[i].x2 - strips[i].x1, strips[i].y2 - strips[i].y1);
        glClear (GL_COLOR_BUFFER_BIT);
      }
  gsk_layer_gl_set_scissor (self);
}

/* A mesh group's content goes to an offscreen of its own space, which
 * is the target meanwhile, drawn whole: its pixels may show anywhere
 * the tiles go. Rounded clips in force wait for the tiles. */
static void
push_mesh (GskLayerGLBackend      *self,
           const GskLayerRenderOp *op)
{
  GskLayerGLStackEntry entry = { .kind = GSK_LAYER_RENDER_OP_PUSH_GROUP, .op = op };
  GskLayerGLBox box = offscreen_box (self, &op->screen_bounds);
  int width = op->mesh->width, height = op->mesh->height;

  if (gsk_layer_gl_clamp_unit (op->opacity) <= 0.f || gsk_layer_gl_box_is_empty (&box))
    {
      self->skip_depth = 1;
      return;
    }

  gsk_layer_gl_flush_batch (self);
  if (!gsk_layer_gl_acquire_offscreen (self, width, height, &entry.offscreen))
    {
      self->failed = TRUE;
      return;
    }
  entry.saved_canvas = self->canvas;
  entry.saved_canvas_x = self->canvas_x;
  entry.saved_canvas_y = self->canvas_y;
  entry.saved_canvas_box = self->canvas_box;
  entry.saved_clip = self->clip;
  entry.saved_target = self->target;
  entry.saved_n_clips = self->n_clips;
  entry.box = (GskLayerGLBox) { 0, 0, width, height };

  self->target.width = width;
  self->target.height = height;
  self->canvas = entry.offscreen;
  self->canvas_x = self->canvas_y = 0;
  self->canvas_box = entry.box;
  self->clip = entry.box;
  self->n_clips = 0;
  self->n_meshes++;
  gsk_layer_gl_set_canvas (self);
  /* All of it: bilinear samples reach past the tiles' outer edges */
  glScissor (0, 0, entry.offscreen.width, entry.offscreen.height);
  glClearColor (0, 0, 0, 0);
  glClear (GL_COLOR_BUFFER_BIT);
  gsk_layer_gl_set_scissor (self);
  g_array_append_val (self->stack, entry);
}

/* The tiles of the mesh group @entry, far first, from its offscreen;
 * the edges they share are drawn hard, so that no seam shows */
static void
draw_mesh (GskLayerGLBackend          *self,
           const GskLayerGLStackEntry *entry)
{
  static const float no_source[4] = { 0, 0, 1, 1 };
  const GskLayerRenderOp *op = entry->op;
  const GskLayerRenderMesh *mesh = op->mesh;
  float source[4] = { 0, 0, entry->offscreen.width, entry->offscreen.height };
  float opacity = gsk_layer_gl_clamp_unit (op->opacity);
  float color[4] = { opacity, opacity, opacity, opacity }, back[4];
  GskLayerRenderTile *tiles;
  GskLayerGLBox clip;
  guint i, n_tiles;

  if (!op_clip_box (self, op, &clip))
    return;
  back[3] = gsk_layer_gl_clamp_unit (mesh->back_color[3]) * opacity;
  for (i = 0; i < 3; i++)
    back[i] = gsk_layer_gl_clamp_unit (mesh->back_color[i]) * back[3];

  tiles = gsk_layer_render_mesh_get_tiles (op, &n_tiles);
  for (i = 0; i < n_tiles; i++)
    {
      const GskLayerRenderTile *tile = &tiles[i];
      float m[16];

      graphene_matrix_to_float (&tile->transform, m);
      if (tile->back && back[3] > 0.f)
        {
          gsk_layer_gl_add_instance (self, m, &tile->rect, no_source, back, GSK_LAYER_GL_MODE_COLOR, 0,
                                     &clip, NULL, tile->hard_edges, NULL, NULL);
          continue;
        }
      self->next_sampler = get_sampler (self, GSK_LAYER_RENDER_SAMPLING_LINEAR_CLAMPED);
      /* Sampled where the tile's own point falls, not the target's */
      gsk_layer_gl_add_instance (self, m, &tile->rect, source, color, GSK_LAYER_GL_MODE_TEXTURE,
                                 entry->offscreen.texture, &clip, NULL, tile->hard_edges, NULL, NULL);
      self->next_sampler = 0;
    }
  g_free (tiles);
  gsk_layer_gl_flush_batch (self);
}

static void
push_group (GskLayerGLBackend      *self,
            const GskLayerRenderOp *op)
{
  GskLayerGLStackEntry entry = { .kind = GSK_LAYER_RENDER_OP_PUSH_GROUP, .op = op };
  GskLayerGLBox box;

  if (op->mesh != NULL)
    {
      push_mesh (self, op);
      return;
    }

  box = offscreen_box (self, &op->screen_bounds);
  if (gsk_layer_gl_clamp_unit (op->opacity) <= 0.f || gsk_layer_gl_box_is_empty (&box))
    {
      /* A mask that shows nothing here hides all of what it masks */
      if (op->mask)
        apply_mask (self, NULL);
      self->skip_depth = 1;
      return;
    }

  /* Drawing straight into the parent gives the same pixels for free */
  if (op->opacity >= 1.f && op->blend_mode == GSK_LAYER_BLEND_NORMAL && op->n_filters == 0 &&
      !op->mask && !op->masked)
    {
      push_entry (self, &entry, NULL);
      return;
    }

  if (op->filter_reach > 0 && op->blend_mode == GSK_LAYER_BLEND_NORMAL && self->n_clips == 0 &&
      self->n_meshes == 0 && !GSK_LAYER_DEBUG_CHECK (NO_CACHE))
    {
      /* Drawn whole, so that a frame where it only moved can take its
       * filtered pixels, moved. Not under a rounded clip, whose place
       * the ops do not say. A damage check's full frame takes them
       * too: the same pixels as the frame it checks, though a group
       * filtered afresh where it moved to may differ from them in the
       * last bit where float rounding of its edges does (and by more
       * for blurs drawn at a reduced resolution, whose grid does not
       * move with it; /gl/filter-cache measures how much) */
      guint start = op - self->list->ops, end = gsk_layer_render_list_matching_pop (self->list, start);
      GskLayerGLFilterCacheEntry *cached;
      int dx, dy;

      box = gsk_layer_gl_box_from_rect (&op->screen_bounds, &self->canvas_box, FALSE);
      if (end > start && !gsk_layer_gl_box_is_empty (&box))
        {
          cached = gsk_layer_gl_filter_cache_lookup (self, op, end - start + 1, &box, &dx, &dy);
          if (cached != NULL)
            {
              draw_cached_filter (self, op, cached, &box, dx, dy);
              self->skip_depth = 1;
              return;
            }
          entry.cache_n = end - start + 1;
          if (!push_entry_clipped (self, &entry, &box, &box))
            self->skip_depth = 1;
          return;
        }
    }

  if (op->filter_reach > 0)
    {
      /* What the filters draw in the clip comes from this far around it,
       * within the target, and at a reduced resolution from the blocks
       * of the coarsest level around that */
      int reach = (int) ceilf (op->filter_reach) + 3 * filters_blur_scale (op);
      GskLayerGLBox grown = {
        MAX (self->clip.x1 - reach, 0), MAX (self->clip.y1 - reach, 0),
        MIN (self->clip.x2 + reach, self->target.width), MIN (self->clip.y2 + reach, self->target.height),
      };

      box = gsk_layer_gl_box_from_rect (&op->screen_bounds, &self->canvas_box, FALSE);
      box = gsk_layer_gl_box_intersect (&box, &grown);
      if (gsk_layer_gl_box_is_empty (&box) || !push_entry_clipped (self, &entry, &box, &grown))
        self->skip_depth = 1;
      return;
    }

  if (!push_entry (self, &entry, &box))
    {
      if (op->mask && !self->failed)
        apply_mask (self, NULL);
      self->skip_depth = 1;
    }
}

/* The homography from target space onto the plane of @op's layer, and
 * its rounded rectangle; FALSE if the plane is seen edge-on */
static gboolean
rounded_clip_init (GskLayerGLRoundedClip  *clip,
                   const GskLayerRenderOp *op)
{
  double a[3][3], inv[3][3], det;
  float m[16];
  int i, j;

  graphene_matrix_to_float (&op->transform, m);
  /* Layer (x, y, 1) to target (X, Y, W), as row vectors */
  a[0][0] = m[0];  a[0][1] = m[1];  a[0][2] = m[3];
  a[1][0] = m[4];  a[1][1] = m[5];  a[1][2] = m[7];
  a[2][0] = m[12]; a[2][1] = m[13]; a[2][2] = m[15];

  inv[0][0] = a[1][1] * a[2][2] - a[1][2] * a[2][1];
  inv[0][1] = a[0][2] * a[2][1] - a[0][1] * a[2][2];
  inv[0][2] = a[0][1] * a[1][2] - a[0][2] * a[1][1];
  inv[1][0] = a[1][2] * a[2][0] - a[1][0] * a[2][2];
  inv[1][1] = a[0][0] * a[2][2] - a[0][2] * a[2][0];
  inv[1][2] = a[0][2] * a[1][0] - a[0][0] * a[1][2];
  inv[2][0] = a[1][0] * a[2][1] - a[1][1] * a[2][0];
  inv[2][1] = a[0][1] * a[2][0] - a[0][0] * a[2][1];
  inv[2][2] = a[0][0] * a[1][1] - a[0][1] * a[1][0];
  det = a[0][0] * inv[0][0] + a[0][1] * inv[1][0] + a[0][2] * inv[2][0];
  if (!isfinite (det) || fabs (det) < 1e-12)
    return FALSE;

  /* Target (x, y, 1) · inverse = layer (x, y, 1) / W, with W > 0 in
   * front of the viewer: the sign is kept, so that the shader can tell */
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      clip->map[i * 3 + j] = inv[i][j] / det;

  clip->rect[0] = op->rounded_rect.origin.x;
  clip->rect[1] = op->rounded_rect.origin.y;
  clip->rect[2] = op->rounded_rect.size.width;
  clip->rect[3] = op->rounded_rect.size.height;
  gsk_layer_gl_corner_radii (op, clip->radius_x, clip->radius_y);

  return TRUE;
}

static void
push_clip (GskLayerGLBackend      *self,
           const GskLayerRenderOp *op)
{
  GskLayerGLStackEntry entry = { .kind = GSK_LAYER_RENDER_OP_PUSH_CLIP, .op = op };
  graphene_rect_t projected;
  GskLayerGLBox box;

  if (!gsk_layer_project_rect (&op->transform, &op->bounds, &projected, NULL, NULL))
    {
      self->skip_depth = 1;
      return;
    }

  if (op->rounded && op->path == NULL && self->n_clips < GSK_LAYER_GL_MAX_CLIPS)
    {
      GskLayerGLRoundedClip rounded;

      /* The shader antialiases the edges: a scissor to every pixel the
       * quad touches, and the rounded rectangle on the stack */
      box = gsk_layer_gl_box_from_rect (&projected, &self->clip, FALSE);
      if (gsk_layer_gl_box_is_empty (&box) || !rounded_clip_init (&rounded, op))
        {
          self->skip_depth = 1;
          return;
        }

      gsk_layer_gl_flush_batch (self);
      entry.rounded = TRUE;
      push_entry (self, &entry, NULL);
      self->clips[self->n_clips++] = rounded;
      if (memcmp (&box, &self->clip, sizeof box) != 0)
        {
          self->clip = box;
          gsk_layer_gl_set_scissor (self);
        }
      return;
    }

  if (op->axis_aligned && !op->rounded && op->path == NULL)
    {
      /* Layers are nearly always pixel aligned: a scissor costs nothing */
      box = gsk_layer_gl_box_from_rect (&projected, &self->clip, TRUE);
      if (gsk_layer_gl_box_is_empty (&box))
        {
          self->skip_depth = 1;
          return;
        }

      push_entry (self, &entry, NULL);
      if (memcmp (&box, &self->clip, sizeof box) != 0)
        {
          gsk_layer_gl_flush_batch (self);
          self->clip = box;
          gsk_layer_gl_set_scissor (self);
        }
      return;
    }

  box = offscreen_box (self, &projected);
  if (gsk_layer_gl_box_is_empty (&box) || !push_entry (self, &entry, &box))
    self->skip_depth = 1;
}

/* The quad of a program whose vertex shader covers a box (u_box), with
 * the canvas's blending or replacing what is there */
static void
draw_box_quad (GskLayerGLBackend *self,
               gboolean           blend)
{
  if (!blend)
    glDisable (GL_BLEND);
  glBindVertexArray (self->empty_vao);
  glDrawArrays (GL_TRIANGLE_STRIP, 0, 4);
  glEnable (GL_BLEND);

  self->stats.draw_calls++;
  self->stats.quads++;
}

/* One pass of a filter over the group's box: @source through @program
 * (its uniforms set by the caller) into @dest, which it replaces there.
 * A texel of @source covers @source_scale target pixels, one of @dest
 * @dest_scale (reduced-resolution blurs): a reduced pass draws a little
 * past the box, so that what is read back near its edges was written. */
static void
filter_pass (GskLayerGLBackend         *self,
             const GskLayerGLStackEntry *entry,
             GLuint                      program,
             GLint                       u_viewport,
             GLint                       u_box,
             GLint                       u_source_rect,
             GLint                       u_source,
             const GskLayerGLOffscreen  *source,
             int                         source_scale,
             const GskLayerGLOffscreen  *dest,
             int                         dest_scale,
             gboolean                    blend)
{
  int vw = (self->target.width + dest_scale - 1) / dest_scale;
  int vh = (self->target.height + dest_scale - 1) / dest_scale;
  int grow = dest_scale > 1 ? 2 * dest_scale : 0;
  int x1 = MAX (entry->box.x1 - grow, 0), y1 = MAX (entry->box.y1 - grow, 0);
  int x2 = MIN (entry->box.x2 + grow, vw * dest_scale), y2 = MIN (entry->box.y2 + grow, vh * dest_scale);

  glBindFramebuffer (GL_FRAMEBUFFER, dest->framebuffer);
  glViewport (0, 0, vw, vh);
  glUseProgram (program);
  glUniform4f (u_viewport, 0, 0, vw * dest_scale, vh * dest_scale);
  glUniform4f (u_box, x1, y1, x2 - x1, y2 - y1);
  glUniform4f (u_source_rect, 0, 0, source->width * source_scale, source->height * source_scale);
  glUniform1i (u_source, 0);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, source->texture);

  draw_box_quad (self, blend);
}

/* One direction of a Gaussian of @sigma target pixels, taps @step
 * target pixels apart */
static void
blur_pass (GskLayerGLBackend          *self,
           const GskLayerGLStackEntry *entry,
           const GskLayerGLOffscreen  *source,
           int                         source_scale,
           const GskLayerGLOffscreen  *dest,
           int                         dest_scale,
           float                       dx,
           float                       dy,
           float                       sigma,
           const float                *shadow_color,
           const float                 offset[2],
           gboolean                    blend)
{
  glUseProgram (self->blur.id);
  glUniform2f (self->blur.u_direction, dx, dy);
  glUniform1f (self->blur.u_sigma, sigma);
  glUniform1f (self->blur.u_scale, dest_scale);
  glUniform1f (self->blur.u_step, MAX (dest_scale, 1));
  glUniform4f (self->blur.u_bounds, entry->box.x1, entry->box.y1,
               entry->box.x2 - entry->box.x1, entry->box.y2 - entry->box.y1);
  glUniform2f (self->blur.u_offset, offset ? offset[0] : 0, offset ? offset[1] : 0);
  glUniform1i (self->blur.u_shadow, shadow_color != NULL);
  glUniform1i (self->blur.u_clamp, self->filter_clamp);
  if (shadow_color)
    glUniform4fv (self->blur.u_color, 1, shadow_color);
  filter_pass (self, entry, self->blur.id, self->blur.u_viewport, self->blur.u_box,
               self->blur.u_source_rect, self->blur.u_source, source, source_scale, dest, dest_scale, blend);
}

/* How many target pixels a texel of a blur of @sigma may cover: larger
 * blurs lose nothing at a half or a quarter of the resolution, and cost
 * a fraction of the taps and the fill */
static int
blur_scale (float sigma)
{
  if (GSK_LAYER_DEBUG_CHECK (FULL_RES_BLUR))
    return 1;
  return sigma >= 16.f ? 4 : sigma >= 4.f ? 2 : 1;
}

/* A separable Gaussian of @sigma (and for a drop shadow its colour and
 * offset) from @source into @dest, at a reduced resolution where the
 * blur allows: the first pass reads the full-resolution source at block
 * centres, a quarter-resolution blur first halves it once, and the last
 * pass scales back up bilinearly. FALSE if offscreens ran out. */
static gboolean
blur (GskLayerGLBackend          *self,
      const GskLayerGLStackEntry *entry,
      const GskLayerGLOffscreen  *source,
      const GskLayerGLOffscreen  *dest,
      float                       sigma,
      const float                *shadow_color,
      const float                 offset[2])
{
  int scale = blur_scale (sigma);
  int w = (self->target.width + scale - 1) / scale, h = (self->target.height + scale - 1) / scale;
  GskLayerGLOffscreen a = { 0, }, b = { 0, }, half = { 0, };
  const GskLayerGLOffscreen *first = source;
  int first_scale = 1;
  gboolean ok;

  if (scale == 1)
    {
      if (!gsk_layer_gl_acquire_offscreen (self, self->target.width, self->target.height, &a))
        return FALSE;
      blur_pass (self, entry, source, 1, &a, 1, 1, 0, sigma, shadow_color, offset, FALSE);
      blur_pass (self, entry, &a, 1, dest, 1, 0, 1, sigma, NULL, NULL, FALSE);
      gsk_layer_gl_release_offscreen (self, &a);
      return TRUE;
    }

  ok = gsk_layer_gl_acquire_offscreen (self, w, h, &a) && gsk_layer_gl_acquire_offscreen (self, w, h, &b) &&
       (scale < 4 || gsk_layer_gl_acquire_offscreen (self, (self->target.width + 1) / 2,
                                                     (self->target.height + 1) / 2, &half));
  if (ok)
    {
      /* Offscreens sample their nearest texel: these passes average */
      glBindSampler (0, get_sampler (self, GSK_LAYER_RENDER_SAMPLING_LINEAR_CLAMPED));
      if (scale == 4)
        {
          /* One halving: each texel the mean of a 2×2 block */
          blur_pass (self, entry, source, 1, &half, 2, 0, 0, 0, NULL, NULL, FALSE);
          first = &half;
          first_scale = 2;
        }
      blur_pass (self, entry, first, first_scale, &a, scale, 1, 0, sigma, shadow_color, offset, FALSE);
      blur_pass (self, entry, &a, scale, &b, scale, 0, 1, sigma, NULL, NULL, FALSE);
      /* Back to full resolution, interpolated */
      blur_pass (self, entry, &b, scale, dest, 1, 0, 0, 0, NULL, NULL, FALSE);
      glBindSampler (0, 0);
      self->stats.reduced_blurs++;
    }

  if (a.framebuffer)
    gsk_layer_gl_release_offscreen (self, &a);
  if (b.framebuffer)
    gsk_layer_gl_release_offscreen (self, &b);
  if (half.framebuffer)
    gsk_layer_gl_release_offscreen (self, &half);

  return ok;
}

/* The group's offscreen through @filter into a new one that takes its
 * place */
static gboolean
apply_filter (GskLayerGLBackend          *self,
              GskLayerGLStackEntry       *entry,
              const GskLayerRenderFilter *filters,
              guint                      *index)
{
  const GskLayerRenderFilter *filter = &filters[*index];
  GskLayerGLOffscreen result;
  gboolean ok = TRUE;

  /* Target-sized and at its origin, as the group's */
  if (!gsk_layer_gl_acquire_offscreen (self, self->target.width, self->target.height, &result))
    {
      self->failed = TRUE;
      return FALSE;
    }

  if (filter->kind == GSK_LAYER_RENDER_FILTER_COLOR)
    {
      float matrices[GSK_LAYER_GL_MAX_FILTERS][16], offsets[GSK_LAYER_GL_MAX_FILTERS][4];
      guint n = 0;

      /* Colour matrices in a row go in one pass */
      while (*index + n < entry->op->n_filters && n < GSK_LAYER_GL_MAX_FILTERS &&
             filters[*index + n].kind == GSK_LAYER_RENDER_FILTER_COLOR)
        {
          gsk_layer_color_matrix_to_columns (&filters[*index + n].matrix, matrices[n], offsets[n]);
          n++;
        }
      *index += n - 1;

      glUseProgram (self->filter.id);
      glUniform1i (self->filter.u_n_filters, n);
      glUniformMatrix4fv (self->filter.u_matrix, n, GL_FALSE, &matrices[0][0]);
      glUniform4fv (self->filter.u_offset, n, &offsets[0][0]);
      filter_pass (self, entry, self->filter.id, self->filter.u_viewport, self->filter.u_box,
                   self->filter.u_source_rect, self->filter.u_source, &entry->offscreen, 1, &result, 1, FALSE);
    }
  else if (filter->kind == GSK_LAYER_RENDER_FILTER_BLUR)
    ok = blur (self, entry, &entry->offscreen, &result, filter->sigma, NULL, NULL);
  else
    {
      float a = gsk_layer_gl_clamp_unit (filter->color[3]);
      float color[4] = {
        gsk_layer_gl_clamp_unit (filter->color[0]) * a, gsk_layer_gl_clamp_unit (filter->color[1]) * a,
        gsk_layer_gl_clamp_unit (filter->color[2]) * a, a,
      };
      /* Whole pixels, as the software backend moves it */
      float offset[2] = { roundf (filter->dx), roundf (filter->dy) };

      /* The shadow, then the group over it */
      ok = blur (self, entry, &entry->offscreen, &result, filter->sigma, color, offset);
      if (ok)
        blur_pass (self, entry, &entry->offscreen, 1, &result, 1, 0, 0, 0, NULL, NULL, TRUE);
    }

  if (!ok)
    {
      gsk_layer_gl_release_offscreen (self, &result);
      self->failed = TRUE;
      return FALSE;
    }
  gsk_layer_gl_release_offscreen (self, &entry->offscreen);
  entry->offscreen = result;

  return TRUE;
}

/* The group's pixels through its filters, function by function; passes
 * write every pixel of the box, so the scissor is off meanwhile */
static gboolean
apply_filters (GskLayerGLBackend    *self,
               GskLayerGLStackEntry *entry)
{
  guint i;
  gboolean ok = TRUE;

  glDisable (GL_SCISSOR_TEST);
  for (i = 0; i < entry->op->n_filters && ok; i++)
    ok = apply_filter (self, entry, entry->op->filters, &i);
  glEnable (GL_SCISSOR_TEST);
  gsk_layer_gl_set_canvas (self);

  return ok;
}

static void
composite_blend (GskLayerGLBackend          *self,
                 const GskLayerGLStackEntry *entry)
{
  int width = entry->box.x2 - entry->box.x1;
  int height = entry->box.y2 - entry->box.y1;
  GskLayerGLOffscreen backdrop;

  if (!gsk_layer_gl_acquire_offscreen (self, width, height, &backdrop))
    {
      self->failed = TRUE;
      return;
    }

  /* The blend formulas need what is below: copy it out of the canvas
   * (creating an offscreen binds its framebuffer: bind the canvas again) */
  gsk_layer_gl_set_canvas (self);
  glBindTexture (GL_TEXTURE_2D, backdrop.texture);
  glCopyTexSubImage2D (GL_TEXTURE_2D, 0, 0, 0,
                       entry->box.x1 - self->canvas_x, entry->box.y1 - self->canvas_y,
                       width, height);

  glUseProgram (self->blend.id);
  glUniform4f (self->blend.u_viewport, self->canvas_x, self->canvas_y,
               self->target.width, self->target.height);
  glUniform4f (self->blend.u_box, entry->box.x1, entry->box.y1, width, height);
  glUniform4f (self->blend.u_source_rect, 0, 0,
               entry->offscreen.width, entry->offscreen.height);
  glUniform4f (self->blend.u_backdrop_rect, entry->box.x1, entry->box.y1,
               backdrop.width, backdrop.height);
  glUniform1i (self->blend.u_source, 0);
  glUniform1i (self->blend.u_backdrop, 1);
  glUniform1i (self->blend.u_mode, entry->op->blend_mode);
  glUniform1f (self->blend.u_opacity, gsk_layer_gl_clamp_unit (entry->op->opacity));

  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, backdrop.texture);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, entry->offscreen.texture);

  /* The shader composites: replace what is there */
  draw_box_quad (self, FALSE);

  gsk_layer_gl_release_offscreen (self, &backdrop);
}

/* A path clip's offscreen times the path's coverage, which cairo fills
 * on the CPU as for the software backend, over all the clip shows (a
 * partial redraw must give a full one's pixels): the offscreen is then
 * composited as a plain box */
static void
apply_clip_path (GskLayerGLBackend          *self,
                 const GskLayerGLStackEntry *entry)
{
  const graphene_rect_t *all = &entry->op->screen_bounds;
  int x = MAX ((int) floorf (all->origin.x), 0), y = MAX ((int) floorf (all->origin.y), 0);
  int width = MIN ((int) ceilf (all->origin.x + all->size.width), self->target.width) - x;
  int height = MIN ((int) ceilf (all->origin.y + all->size.height), self->target.height) - y;
  cairo_surface_t *coverage;
  GLuint texture;

  if (width <= 0 || height <= 0)
    return;
  coverage = gsk_layer_render_op_clip_mask (entry->op, x, y, width, height);

  glGenTextures (1, &texture);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, texture);
  /* Texel for pixel */
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_ZERO);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ZERO);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_ZERO);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_RED);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei (GL_UNPACK_ROW_LENGTH, cairo_image_surface_get_stride (coverage));
  glTexImage2D (GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE,
                cairo_image_surface_get_data (coverage));
  glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);

  /* The filter program with no filter copies the coverage; blended as
   * destination × source alpha */
  glBindFramebuffer (GL_FRAMEBUFFER, entry->offscreen.framebuffer);
  glViewport (0, 0, self->target.width, self->target.height);
  glDisable (GL_SCISSOR_TEST);
  glUseProgram (self->filter.id);
  glUniform4f (self->filter.u_viewport, 0, 0, self->target.width, self->target.height);
  glUniform4f (self->filter.u_box, entry->box.x1, entry->box.y1,
               entry->box.x2 - entry->box.x1, entry->box.y2 - entry->box.y1);
  glUniform4f (self->filter.u_source_rect, x, y, width, height);
  glUniform1i (self->filter.u_source, 0);
  glUniform1i (self->filter.u_n_filters, 0);
  glBlendFunc (GL_ZERO, GL_SRC_ALPHA);
  draw_box_quad (self, TRUE);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glEnable (GL_SCISSOR_TEST);

  glDeleteTextures (1, &texture);
  cairo_surface_destroy (coverage);
  gsk_layer_gl_set_canvas (self);
  gsk_layer_gl_set_scissor (self);
}

static void
pop_entry (GskLayerGLBackend *self)
{
  GskLayerGLStackEntry entry;
  guint n_clips;

  entry = g_array_index (self->stack, GskLayerGLStackEntry, self->stack->len - 1);
  g_array_set_size (self->stack, self->stack->len - 1);

  if (entry.rounded)
    {
      gsk_layer_gl_flush_batch (self);
      self->n_clips--;
    }

  /* A group drawn straight into its parent changes nothing */
  if (entry.offscreen.framebuffer == 0 &&
      memcmp (&entry.saved_clip, &self->clip, sizeof (GskLayerGLBox)) == 0)
    return;

  gsk_layer_gl_flush_batch (self);

  self->canvas = entry.saved_canvas;
  self->canvas_x = entry.saved_canvas_x;
  self->canvas_y = entry.saved_canvas_y;
  self->canvas_box = entry.saved_canvas_box;
  self->clip = entry.saved_clip;
  if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP && entry.op->mesh != NULL)
    {
      self->target = entry.saved_target;
      self->n_clips = entry.saved_n_clips;
      self->n_meshes--;
    }
  gsk_layer_gl_set_canvas (self);
  gsk_layer_gl_set_scissor (self);

  if (entry.offscreen.framebuffer == 0)
    return;

  if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP && entry.op->mesh != NULL)
    {
      draw_mesh (self, &entry);
      gsk_layer_gl_release_offscreen (self, &entry.offscreen);
      return;
    }

  if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP && entry.op->mask)
    {
      apply_mask (self, &entry);
      gsk_layer_gl_release_offscreen (self, &entry.offscreen);
      return;
    }

  if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP && entry.op->n_filters > 0 &&
      !apply_filters (self, &entry))
    return;

  if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_CLIP && entry.op->path != NULL)
    apply_clip_path (self, &entry);

  if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP &&
      entry.op->blend_mode != GSK_LAYER_BLEND_NORMAL)
    composite_blend (self, &entry);
  else
    {
      static const float identity[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
      float source[4] = { 0, 0, entry.offscreen.width, entry.offscreen.height };
      float color[4] = { 1, 1, 1, 1 };

      if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP || entry.op->path != NULL)
        {
          graphene_rect_t rect = GRAPHENE_RECT_INIT (entry.box.x1, entry.box.y1,
                                                     entry.box.x2 - entry.box.x1,
                                                     entry.box.y2 - entry.box.y1);

          if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP)
            color[0] = color[1] = color[2] = color[3] = gsk_layer_gl_clamp_unit (entry.op->opacity);
          gsk_layer_gl_add_instance (self, identity, &rect, source, color,
                                     GSK_LAYER_GL_MODE_OFFSCREEN, entry.offscreen.texture,
                                     &entry.box, NULL, 0, NULL, NULL);
        }
      else
        {
          float m[16];

          /* Through the clip quad, antialiased like any other */
          graphene_matrix_to_float (&entry.op->transform, m);
          gsk_layer_gl_add_instance (self, m, &entry.op->bounds, source, color,
                                     GSK_LAYER_GL_MODE_OFFSCREEN, entry.offscreen.texture,
                                     &entry.box, NULL, 0, NULL, entry.op);
        }
      /* What the offscreen holds was clipped when it was drawn */
      n_clips = self->n_clips;
      self->n_clips = 0;
      gsk_layer_gl_flush_batch (self);
      self->n_clips = n_clips;
    }

  /* A frame GL failed is drawn again in software: nothing of it kept */
  if (entry.cache_n > 0 && !self->failed)
    gsk_layer_gl_filter_cache_store (self, entry.op, entry.cache_n, &entry.box, &entry.offscreen);
  else
    gsk_layer_gl_release_offscreen (self, &entry.offscreen);
}

static void
pop (GskLayerGLBackend    *self,
     GskLayerRenderOpKind  push_kind)
{
  if (self->stack->len == 0)
    {
      warn_unbalanced ();
      return;
    }

  if (g_array_index (self->stack, GskLayerGLStackEntry, self->stack->len - 1).kind != push_kind)
    warn_unbalanced ();

  pop_entry (self);
}

/* Images that changed since they were last drawn go up to GL before
 * anything is drawn: a texture changed between draws that use it makes
 * the driver wait for those draws (llvmpipe finishes them), once per
 * image, where uploads first cost one wait at most */
static void
upload_changed_textures (GskLayerGLBackend *self)
{
  const GskLayerRenderList *list = self->list;
  guint i;

  for (i = 0; i < list->n_ops; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];
      const graphene_rect_t *b = &op->screen_bounds;
      GskLayerGLTextureEntry *entry;
      gboolean fresh;

      if (op->kind != GSK_LAYER_RENDER_OP_TEXTURE || op->surface == NULL ||
          !gsk_layer_gl_surface_is_supported (op->surface) ||
          b->origin.x + b->size.width <= self->clip.x1 || b->origin.x >= self->clip.x2 ||
          b->origin.y + b->size.height <= self->clip.y1 || b->origin.y >= self->clip.y2)
        continue;
      g_mutex_lock (&gsk_layer_gl_texture_lock);
      entry = g_hash_table_lookup (self->textures, op->surface);
      fresh = entry != NULL && entry->serial == gsk_layer_surface_get_serial (op->surface);
      g_mutex_unlock (&gsk_layer_gl_texture_lock);
      if (fresh)
        continue;
      gsk_layer_gl_get_texture (self, op->surface, op->sampling == GSK_LAYER_RENDER_SAMPLING_MIPMAP);
    }
}

void
gsk_layer_gl_render_ops (GskLayerGLBackend *self)
{
  const GskLayerRenderList *list = self->list;
  guint i;

  self->n_clips = 0;
  upload_changed_textures (self);

  for (i = 0; i < list->n_ops && !self->failed; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];
      const graphene_rect_t *b = &op->screen_bounds;

      if (gsk_layer_render_op_skipped (op, &self->skip_depth) || i == self->background_op)
        continue;

      /* What is drawn on the target takes the depth of its op, or of
       * the group or clip it is in */
      if (self->depth_culling && self->stack->len == 0)
        self->op_depth = gsk_layer_gl_op_depth (i, list->n_ops);

      /* Hidden by opaque ops above it: a group or clip up to its pop.
       * One that shows in part is drawn where it shows by the depth
       * test, if there is one (a quad's fragments are shaded where its
       * clip box cuts it too) */
      if (self->culling.action != NULL && self->culling.action[i] == GSK_LAYER_CULL_SKIP)
        {
          if (op->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP || op->kind == GSK_LAYER_RENDER_OP_PUSH_CLIP)
            self->skip_depth = 1;
          continue;
        }

      /* Of a big still scene, a frame that redraws a little looks at
       * each op outside the clip only this long (the test of
       * gsk_layer_gl_box_from_rect(), inline) */
      if (op->kind != GSK_LAYER_RENDER_OP_PUSH_GROUP && op->kind != GSK_LAYER_RENDER_OP_POP_GROUP &&
          op->kind != GSK_LAYER_RENDER_OP_PUSH_CLIP && op->kind != GSK_LAYER_RENDER_OP_POP_CLIP &&
          (b->origin.x + b->size.width - GSK_LAYER_GL_PIXEL_EPSILON <= self->clip.x1 ||
           b->origin.x + GSK_LAYER_GL_PIXEL_EPSILON >= self->clip.x2 ||
           b->origin.y + b->size.height - GSK_LAYER_GL_PIXEL_EPSILON <= self->clip.y1 ||
           b->origin.y + GSK_LAYER_GL_PIXEL_EPSILON >= self->clip.y2))
        continue;

      switch (op->kind)
        {
        case GSK_LAYER_RENDER_OP_COLOR:
          draw_color (self, op);
          break;

        case GSK_LAYER_RENDER_OP_TEXTURE:
          draw_texture (self, op);
          break;

        case GSK_LAYER_RENDER_OP_GLYPHS:
          draw_glyphs (self, op);
          break;

        case GSK_LAYER_RENDER_OP_BACKDROP:
          draw_backdrop (self, op);
          break;

        case GSK_LAYER_RENDER_OP_BORDER:
        case GSK_LAYER_RENDER_OP_GRADIENT:
          draw_paint (self, op);
          break;

        case GSK_LAYER_RENDER_OP_PUSH_GROUP:
          push_group (self, op);
          break;

        case GSK_LAYER_RENDER_OP_POP_GROUP:
          pop (self, GSK_LAYER_RENDER_OP_PUSH_GROUP);
          break;

        case GSK_LAYER_RENDER_OP_PUSH_CLIP:
          push_clip (self, op);
          break;

        case GSK_LAYER_RENDER_OP_POP_CLIP:
          pop (self, GSK_LAYER_RENDER_OP_PUSH_CLIP);
          break;

        default:
          break;
        }
    }

  if (!self->failed && (self->skip_depth > 0 || self->stack->len > 0))
    warn_unbalanced ();

  self->skip_depth = 0;
  while (self->stack->len > 0)
    pop_entry (self);

  gsk_layer_gl_flush_batch (self);
}
