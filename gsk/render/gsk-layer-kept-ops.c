/* gsk-layer-kept-ops.c: a group's ops kept from an earlier frame
 *
 * A group with a blur or a drop shadow costs an offscreen and several
 * passes. When it only moved, by whole pixels, its filtered pixels are
 * those of the frame before, moved: a backend keeps them with a copy of
 * the ops that drew them, and asks here whether a frame's ops are the
 * same but for that move.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-kept-ops-private.h"
#include "gsk-layer-glyph-run-private.h"

/* Matrices and bounds compared after an integer move: what float
 * arithmetic may leave, far below what a pixel shows */
#define EPSILON 1e-3f

static gboolean
near (float a,
      float b)
{
  return fabsf (a - b) <= EPSILON * MAX (1.f, MAX (fabsf (a), fabsf (b)) * 1e-3f);
}

/* @a is @b moved by (@dx, @dy) in target space: target = p × M then
 * divided by w, so the move adds dx × (column 3) to column 0, dy × it
 * to column 1 */
static gboolean
transforms_moved (const graphene_matrix_t *a,
                  const graphene_matrix_t *b,
                  int                      dx,
                  int                      dy)
{
  float ma[16], mb[16];
  int r;

  graphene_matrix_to_float (a, ma);
  graphene_matrix_to_float (b, mb);
  for (r = 0; r < 4; r++)
    {
      if (mb[r * 4 + 3] == 0.f)
        {
          if (ma[r * 4 + 0] != mb[r * 4 + 0] || ma[r * 4 + 1] != mb[r * 4 + 1] ||
              ma[r * 4 + 2] != mb[r * 4 + 2] || ma[r * 4 + 3] != 0.f)
            return FALSE;
          continue;
        }
      if (r < 3 && (fabsf (ma[r * 4 + 0] - (mb[r * 4 + 0] + dx * mb[r * 4 + 3])) >
                    1e-6f * MAX (1.f, fabsf (ma[r * 4 + 0])) ||
                    fabsf (ma[r * 4 + 1] - (mb[r * 4 + 1] + dy * mb[r * 4 + 3])) >
                    1e-6f * MAX (1.f, fabsf (ma[r * 4 + 1]))))
        return FALSE;
      if (!near (ma[r * 4 + 0], mb[r * 4 + 0] + dx * mb[r * 4 + 3]) ||
          !near (ma[r * 4 + 1], mb[r * 4 + 1] + dy * mb[r * 4 + 3]) ||
          ma[r * 4 + 2] != mb[r * 4 + 2] || ma[r * 4 + 3] != mb[r * 4 + 3])
        return FALSE;
    }
  return TRUE;
}

static gboolean
rects_moved (const graphene_rect_t *a,
             const graphene_rect_t *b,
             int                    dx,
             int                    dy)
{
  return near (a->origin.x, b->origin.x + dx) && near (a->origin.y, b->origin.y + dy) &&
         near (a->size.width, b->size.width) && near (a->size.height, b->size.height);
}

/* Whether @a draws what @b drew, moved by (@dx, @dy) */
static gboolean
ops_moved (const GskLayerRenderOp *a,
           const GskLayerRenderOp *b,
           guint                   b_serial,
           int                     dx,
           int                     dy)
{
  if (a->kind != b->kind || a->opacity != b->opacity || a->blend_mode != b->blend_mode ||
      a->sampling != b->sampling || a->rounded != b->rounded || a->axis_aligned != b->axis_aligned ||
      a->behind_viewer != b->behind_viewer || a->n_filters != b->n_filters ||
      a->filter_reach != b->filter_reach || a->mask != b->mask || a->masked != b->masked)
    return FALSE;

  /* A mesh's pixels do not move with its points: drawn afresh */
  if (a->mesh != NULL || b->mesh != NULL)
    return FALSE;

  /* Pop ops carry nothing */
  if (a->kind == GSK_LAYER_RENDER_OP_POP_GROUP || a->kind == GSK_LAYER_RENDER_OP_POP_CLIP)
    return TRUE;

  if (!rects_moved (&a->screen_bounds, &b->screen_bounds, dx, dy) ||
      (a->kind != GSK_LAYER_RENDER_OP_PUSH_GROUP && !transforms_moved (&a->transform, &b->transform, dx, dy)))
    return FALSE;

  if (memcmp (&a->bounds, &b->bounds, sizeof a->bounds) != 0 ||
      memcmp (&a->source_rect, &b->source_rect, sizeof a->source_rect) != 0 ||
      memcmp (&a->rounded_rect, &b->rounded_rect, sizeof a->rounded_rect) != 0 ||
      memcmp (a->corner_radii, b->corner_radii, sizeof a->corner_radii) != 0 ||
      memcmp (a->color, b->color, sizeof a->color) != 0)
    return FALSE;

  /* The same surface, not drawn into since */
  if (a->surface != b->surface ||
      (a->surface != NULL && gsk_layer_surface_get_serial (a->surface) != b_serial))
    return FALSE;
  if (a->glyphs != b->glyphs)
    return FALSE;
  if ((a->path == NULL) != (b->path == NULL) ||
      (a->path != NULL && (a->fill_rule != b->fill_rule || !gsk_layer_path_equal (a->path, b->path))))
    return FALSE;
  if ((a->paint == NULL) != (b->paint == NULL) ||
      (a->paint != NULL && memcmp (a->paint, b->paint, sizeof *a->paint) != 0))
    return FALSE;
  if (a->n_filters > 0 && memcmp (a->filters, b->filters, a->n_filters * sizeof *a->filters) != 0)
    return FALSE;

  return TRUE;
}

void
gsk_layer_kept_ops_init (GskLayerKeptOps        *self,
                         const GskLayerRenderOp *ops,
                         guint                   n)
{
  guint i;

  self->ops = g_memdup2 (ops, n * sizeof *ops);
  self->serials = g_new0 (guint, n);
  self->n_ops = n;
  for (i = 0; i < n; i++)
    {
      GskLayerRenderOp *op = &self->ops[i];

      if (op->surface)
        {
          cairo_surface_reference (op->surface);
          self->serials[i] = gsk_layer_surface_get_serial (op->surface);
        }
      if (op->glyphs)
        gsk_layer_glyph_run_ref (op->glyphs);
      op->filters = op->n_filters > 0 ? g_memdup2 (op->filters, op->n_filters * sizeof *op->filters) : NULL;
      op->paint = op->paint ? g_memdup2 (op->paint, sizeof *op->paint) : NULL;
      if (op->path)
        gsk_layer_path_ref (op->path);
    }
}

void
gsk_layer_kept_ops_clear (GskLayerKeptOps *self)
{
  guint i;

  for (i = 0; i < self->n_ops; i++)
    {
      GskLayerRenderOp *op = &self->ops[i];

      g_clear_pointer (&op->surface, cairo_surface_destroy);
      g_clear_pointer (&op->glyphs, gsk_layer_glyph_run_unref);
      g_clear_pointer (&op->filters, g_free);
      g_clear_pointer (&op->paint, g_free);
      g_clear_pointer (&op->path, gsk_layer_path_unref);
    }
  g_clear_pointer (&self->ops, g_free);
  g_clear_pointer (&self->serials, g_free);
  self->n_ops = 0;
}

gboolean
gsk_layer_kept_ops_moved (const GskLayerKeptOps  *self,
                          const GskLayerRenderOp *ops,
                          guint                   n,
                          int                    *dx,
                          int                    *dy)
{
  float fx, fy;
  int x, y;
  guint i;

  if (self->n_ops != n || n == 0)
    return FALSE;

  /* The move, from the group's bounds: whole pixels only */
  fx = ops[0].screen_bounds.origin.x - self->ops[0].screen_bounds.origin.x;
  fy = ops[0].screen_bounds.origin.y - self->ops[0].screen_bounds.origin.y;
  x = (int) roundf (fx);
  y = (int) roundf (fy);
  if (!near (fx, x) || !near (fy, y))
    return FALSE;

  for (i = 0; i < n; i++)
    if (!ops_moved (&ops[i], &self->ops[i], self->serials[i], x, y))
      return FALSE;

  *dx = x;
  *dy = y;
  return TRUE;
}
