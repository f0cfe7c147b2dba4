/* gsk-layer-render-clip.c: the coverage of a clip path in target pixels,
 * for backends that clip through a mask
 *
 * Under a 2D affine map cairo fills the path straight into the target's
 * pixels. Under a projective one (perspective) the path is filled in
 * layer space, as finely as the map needs at its most stretched corner,
 * and pixman maps that image into the target.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <pixman.h>

#include "gsk-layer-render-list-private.h"

/* A layer-space mask larger than this on a side is drawn coarser */
#define MAX_LAYER_MASK_SIZE 4096

static cairo_fill_rule_t
cairo_fill_rule (GskLayerPathFillRule rule)
{
  return rule == GSK_LAYER_PATH_FILL_RULE_EVENODD ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING;
}

/* The homography of @transform on z = 0, as pixman's row-major 3×3 of
 * target = H · (x, y, 1) */
static void
layer_to_target (const graphene_matrix_t *transform,
                 pixman_f_transform_t    *h)
{
  float m[16];

  graphene_matrix_to_float (transform, m);
  /* graphene's row vectors: target = (x, y, 0, 1) · M, rows 0, 1, 3 */
  h->m[0][0] = m[0];  h->m[0][1] = m[4];  h->m[0][2] = m[12];
  h->m[1][0] = m[1];  h->m[1][1] = m[5];  h->m[1][2] = m[13];
  h->m[2][0] = m[3];  h->m[2][1] = m[7];  h->m[2][2] = m[15];
}

static cairo_surface_t *
affine_mask (const GskLayerRenderOp     *op,
             const pixman_f_transform_t *h,
             int                         x,
             int                         y,
             int                         width,
             int                         height)
{
  cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, width, height);
  cairo_matrix_t matrix;
  cairo_t *cr = cairo_create (mask);

  cairo_matrix_init (&matrix, h->m[0][0] / h->m[2][2], h->m[1][0] / h->m[2][2],
                     h->m[0][1] / h->m[2][2], h->m[1][1] / h->m[2][2],
                     h->m[0][2] / h->m[2][2] - x, h->m[1][2] / h->m[2][2] - y);
  /* A singular map shows nothing */
  if (fabs (matrix.xx * matrix.yy - matrix.xy * matrix.yx) > 1e-12)
    {
      cairo_set_matrix (cr, &matrix);
      gsk_layer_path_to_cairo (op->path, cr);
      cairo_identity_matrix (cr);
      cairo_set_fill_rule (cr, cairo_fill_rule (op->fill_rule));
      cairo_set_antialias (cr, CAIRO_ANTIALIAS_BEST);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
  cairo_surface_flush (mask);
  return mask;
}

/* How many target pixels a unit of layer space covers at most, at the
 * corners of @bounds (under perspective the map stretches unevenly) */
static double
max_stretch (const pixman_f_transform_t *h,
             const graphene_rect_t      *bounds)
{
  double best = 0;
  int i;

  for (i = 0; i < 4; i++)
    {
      double px = bounds->origin.x + (i & 1 ? bounds->size.width : 0);
      double py = bounds->origin.y + (i & 2 ? bounds->size.height : 0);
      double w = h->m[2][0] * px + h->m[2][1] * py + h->m[2][2];
      double tx = h->m[0][0] * px + h->m[0][1] * py + h->m[0][2];
      double ty = h->m[1][0] * px + h->m[1][1] * py + h->m[1][2];
      double j[4];

      if (w <= 1e-6)
        continue;
      /* The Jacobian of (tx / w, ty / w) */
      j[0] = (h->m[0][0] * w - tx * h->m[2][0]) / (w * w);
      j[1] = (h->m[0][1] * w - tx * h->m[2][1]) / (w * w);
      j[2] = (h->m[1][0] * w - ty * h->m[2][0]) / (w * w);
      j[3] = (h->m[1][1] * w - ty * h->m[2][1]) / (w * w);
      best = MAX (best, MAX (hypot (j[0], j[2]), hypot (j[1], j[3])));
    }
  return best;
}

static cairo_surface_t *
projective_mask (const GskLayerRenderOp     *op,
                 const pixman_f_transform_t *h,
                 int                         x,
                 int                         y,
                 int                         width,
                 int                         height)
{
  cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, width, height);
  const graphene_rect_t *b = &op->bounds;
  pixman_f_transform_t raster_to_target, target_to_raster;
  pixman_transform_t transform;
  pixman_image_t *src, *dst;
  cairo_surface_t *layer;
  double scale;
  int lw, lh;
  cairo_t *cr;

  scale = max_stretch (h, b);
  if (scale <= 0 || b->size.width <= 0 || b->size.height <= 0)
    return mask;
  scale = MIN (scale, MAX_LAYER_MASK_SIZE / MAX (b->size.width, b->size.height));
  /* A pixel of margin: bilinear sampling reads past the edge */
  lw = (int) ceil (b->size.width * scale) + 2;
  lh = (int) ceil (b->size.height * scale) + 2;

  layer = cairo_image_surface_create (CAIRO_FORMAT_A8, lw, lh);
  cr = cairo_create (layer);
  cairo_translate (cr, 1, 1);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -b->origin.x, -b->origin.y);
  gsk_layer_path_to_cairo (op->path, cr);
  cairo_set_fill_rule (cr, cairo_fill_rule (op->fill_rule));
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_BEST);
  cairo_fill (cr);
  cairo_destroy (cr);
  cairo_surface_flush (layer);

  /* raster → layer → target, then the target box's origin */
  pixman_f_transform_init_identity (&raster_to_target);
  pixman_f_transform_translate (&raster_to_target, NULL, -1, -1);
  pixman_f_transform_scale (&raster_to_target, NULL, 1 / scale, 1 / scale);
  pixman_f_transform_translate (&raster_to_target, NULL, b->origin.x, b->origin.y);
  pixman_f_transform_multiply (&raster_to_target, h, &raster_to_target);
  pixman_f_transform_translate (&raster_to_target, NULL, -x, -y);
  if (!pixman_f_transform_invert (&target_to_raster, &raster_to_target))
    {
      cairo_surface_destroy (layer);
      return mask;
    }
  src = pixman_image_create_bits (PIXMAN_a8, lw, lh, (uint32_t *) cairo_image_surface_get_data (layer),
                                  cairo_image_surface_get_stride (layer));
  dst = pixman_image_create_bits (PIXMAN_a8, width, height, (uint32_t *) cairo_image_surface_get_data (mask),
                                  cairo_image_surface_get_stride (mask));
  if (pixman_transform_from_pixman_f_transform (&transform, &target_to_raster))
    {
      pixman_image_set_transform (src, &transform);
      pixman_image_set_filter (src, PIXMAN_FILTER_BILINEAR, NULL, 0);
      pixman_image_composite32 (PIXMAN_OP_SRC, src, NULL, dst, 0, 0, 0, 0, 0, 0, width, height);
    }
  pixman_image_unref (src);
  pixman_image_unref (dst);
  cairo_surface_destroy (layer);
  cairo_surface_mark_dirty (mask);
  return mask;
}

cairo_surface_t *
gsk_layer_render_op_clip_mask (const GskLayerRenderOp *op,
                               int                     x,
                               int                     y,
                               int                     width,
                               int                     height)
{
  pixman_f_transform_t h;

  g_return_val_if_fail (op->kind == GSK_LAYER_RENDER_OP_PUSH_CLIP && op->path != NULL, NULL);

  width = MAX (width, 1);
  height = MAX (height, 1);
  layer_to_target (&op->transform, &h);
  if (h.m[2][0] == 0 && h.m[2][1] == 0 && h.m[2][2] > 0)
    return affine_mask (op, &h, x, y, width, height);
  return projective_mask (op, &h, x, y, width, height);
}
