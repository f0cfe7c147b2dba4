/* gsk-layer-render-cull.c: pixels that opaque ops above hide
 *
 * A frame of overlapping opaque content (cards, windows, photos) draws
 * most of its pixels many times over. Before a frame, a backend asks
 * gsk_layer_render_list_find_occluders() what each op hides for sure:
 * a box of target pixels inside an opaque op (an opaque colour, or an
 * image whose pixels are all opaque, at full opacity, not rounded,
 * under a 2D affine transform), kept clear of the pixels its edges
 * antialias and its sampling blends. For the damage it redraws, it then
 * walks the ops from the top down (gsk_layer_occluders_cull()), gathering
 * those boxes: an op they cover need not be drawn, and one they cover in
 * part need only be drawn where it shows. What is skipped is drawn over
 * by opaque pixels later in the frame, so the frame is the same, to the
 * bit. A backend's own, not the tree's: ops, boxes and regions only.
 *
 * Only ops outside groups and clips hide anything; a group or a clip
 * is hidden or drawn as a whole. A list with backdrop filters, which
 * read what is below them, is drawn whole.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-render-cull-private.h"

/* Below this many pixels (a 48×48 icon), an op hides too little to be
 * worth its place in the region: a grid of thousands of small opaque
 * cells would make a region of thousands of boxes */
#define MIN_OCCLUDER_AREA (48 * 48)
/* Past this many boxes in the region, no more are added */
#define MAX_REGION_BOXES 512
/* Frames that redraw less than this part of the target cull nothing:
 * the ops over a small damage hide little of it, and finding what they
 * hide looks at every op */
#define MIN_DAMAGE_SHARE 8

/* How far inside an op's edges its pixels are surely its own, opaque:
 * past the pixel an edge antialiases, and the texel bilinear sampling
 * blends with what is outside the image */
#define EDGE_MARGIN 1.5

static gint n_hidden;

guint
gsk_layer_culling_get_n_hidden (void)
{
  return g_atomic_int_get (&n_hidden);
}

/* {{{ Opaque images */

typedef struct
{
  guint serial;
  gboolean opaque;
} SurfaceOpacity;

static const cairo_user_data_key_t opacity_key;

/* Whether every pixel of @surface is opaque: looked at once, and again
 * only when it is drawn into (its serial changes) */
static gboolean
surface_is_opaque (cairo_surface_t *surface)
{
  SurfaceOpacity *cached = cairo_surface_get_user_data (surface, &opacity_key);
  guint serial = gsk_layer_surface_get_serial (surface);
  const guint8 *data;
  int x, y, width, height, stride;
  gboolean opaque = TRUE;

  if (cached != NULL && cached->serial == serial)
    return cached->opaque;

  if (cairo_surface_get_type (surface) != CAIRO_SURFACE_TYPE_IMAGE)
    return FALSE;
  switch ((int) cairo_image_surface_get_format (surface))
    {
    case CAIRO_FORMAT_RGB24:
      break;
    case CAIRO_FORMAT_ARGB32:
      data = cairo_image_surface_get_data (surface);
      width = cairo_image_surface_get_width (surface);
      height = cairo_image_surface_get_height (surface);
      stride = cairo_image_surface_get_stride (surface);
      if (data == NULL)
        return FALSE;
      for (y = 0; y < height && opaque; y++)
        {
          const guint32 *row = (const guint32 *) (const void *) (data + (gsize) y * stride);

          for (x = 0; x < width; x++)
            if ((row[x] >> 24) != 0xff)
              {
                opaque = FALSE;
                break;
              }
        }
      break;
    default:
      opaque = FALSE;
      break;
    }

  if (cached == NULL)
    {
      cached = g_new (SurfaceOpacity, 1);
      if (cairo_surface_set_user_data (surface, &opacity_key, cached, g_free) != CAIRO_STATUS_SUCCESS)
        {
          g_free (cached);
          return opaque;
        }
    }
  cached->serial = serial;
  cached->opaque = opaque;

  return opaque;
}

/* }}} */
/* {{{ What an op hides */

/* The part of layer space where @op is opaque, or FALSE */
static gboolean
opaque_area (const GskLayerRenderOp *op,
             graphene_rect_t        *area)
{
  if (op->rounded || op->behind_viewer)
    return FALSE;

  switch (op->kind)
    {
    case GSK_LAYER_RENDER_OP_COLOR:
      if (!(op->color[3] >= 1.f && op->opacity >= 1.f))
        return FALSE;
      *area = op->bounds;
      return TRUE;

    case GSK_LAYER_RENDER_OP_TEXTURE:
      {
        graphene_rect_t source;

        if (!(op->opacity >= 1.f) || op->surface == NULL || !surface_is_opaque (op->surface))
          return FALSE;
        graphene_rect_normalize_r (&op->source_rect, &source);
        return graphene_rect_intersection (&op->bounds, &source, area);
      }

    default:
      return FALSE;
    }
}

/* The box of whole target pixels that @op surely covers with opaque
 * pixels, or an empty one. The largest box centred in the quad with
 * the aspect of the quad's bounding box: where a point of the box
 * lies in the quad's own coordinates (s, t in [-1, 1] across it) is
 * linear, so its corners bound it. */
static GskLayerCullBox
hidden_box (const GskLayerRenderOp *op)
{
  static const GskLayerCullBox empty = { 0, 0, 0, 0 };
  graphene_rect_t area;
  float m[16];
  double w, cx, cy, ux, uy, vx, vy, det, i00, i01, i10, i11, k, a, b;
  double x1, y1, x2, y2;

  if (!(op->screen_bounds.size.width * op->screen_bounds.size.height >= MIN_OCCLUDER_AREA) ||
      !opaque_area (op, &area) || !(area.size.width > 0.f && area.size.height > 0.f))
    return empty;

  /* 2D affine only: no perspective, nothing of z */
  graphene_matrix_to_float (&op->transform, m);
  if (m[3] != 0.f || m[7] != 0.f || !(m[15] > 0.f))
    return empty;
  w = m[15];

  /* The centre, and the half-axes of the quad in target space */
  cx = ((area.origin.x + area.size.width / 2) * m[0] + (area.origin.y + area.size.height / 2) * m[4] + m[12]) / w;
  cy = ((area.origin.x + area.size.width / 2) * m[1] + (area.origin.y + area.size.height / 2) * m[5] + m[13]) / w;
  ux = area.size.width / 2 * m[0] / w;
  uy = area.size.width / 2 * m[1] / w;
  vx = area.size.height / 2 * m[4] / w;
  vy = area.size.height / 2 * m[5] / w;

  det = ux * vy - vx * uy;
  if (!(fabs (det) >= 1.0) || !isfinite (det))
    return empty;
  i00 = vy / det;
  i01 = -vx / det;
  i10 = -uy / det;
  i11 = ux / det;

  k = (fabs (uy) + fabs (vy)) / (fabs (ux) + fabs (vx));
  if (!(k > 0) || !isfinite (k))
    return empty;
  a = MIN (1.0 / (fabs (i00) + fabs (i01) * k), 1.0 / (fabs (i10) + fabs (i11) * k));
  b = a * k;

  /* Kept clear of the edges by the margin, in whole pixels, and of
   * what the tree clipped */
  x1 = MAX (ceil (cx - a + EDGE_MARGIN), ceil (op->screen_bounds.origin.x));
  y1 = MAX (ceil (cy - b + EDGE_MARGIN), ceil (op->screen_bounds.origin.y));
  x2 = MIN (floor (cx + a - EDGE_MARGIN), floor (op->screen_bounds.origin.x + op->screen_bounds.size.width));
  y2 = MIN (floor (cy + b - EDGE_MARGIN), floor (op->screen_bounds.origin.y + op->screen_bounds.size.height));
  if (!(x1 < x2 && y1 < y2) || x1 < -G_MAXINT32 / 2 || y1 < -G_MAXINT32 / 2 ||
      x2 > G_MAXINT32 / 2 || y2 > G_MAXINT32 / 2)
    return empty;

  return (GskLayerCullBox) { x1, y1, x2, y2 };
}

GskLayerOccluders *
gsk_layer_render_list_find_occluders (const GskLayerRenderList *list,
                                      const cairo_region_t     *damage)
{
  GskLayerOccluders *occluders;
  cairo_rectangle_int_t extents;
  guint i, depth = 0, n_hiding = 0;

  if (list->n_backdrops > 0 || list->n_ops < 2)
    return NULL;
  cairo_region_get_extents (damage, &extents);
  if ((gint64) extents.width * extents.height * MIN_DAMAGE_SHARE < (gint64) list->width * list->height)
    return NULL;

  occluders = g_new0 (GskLayerOccluders, 1);
  occluders->hides = g_new0 (GskLayerCullBox, list->n_ops);
  occluders->units = g_new (guint, list->n_ops);

  for (i = 0; i < list->n_ops; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];

      if (op->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP || op->kind == GSK_LAYER_RENDER_OP_PUSH_CLIP)
        {
          if (depth++ == 0)
            occluders->units[occluders->n_units++] = i;
          continue;
        }
      if (op->kind == GSK_LAYER_RENDER_OP_POP_GROUP || op->kind == GSK_LAYER_RENDER_OP_POP_CLIP)
        {
          /* An unbalanced list is drawn as is: nothing hides */
          if (depth == 0)
            {
              gsk_layer_occluders_free (occluders);
              return NULL;
            }
          depth--;
          continue;
        }
      if (depth > 0)
        continue;

      occluders->units[occluders->n_units++] = i;
      occluders->hides[i] = hidden_box (op);
      if (occluders->hides[i].x1 < occluders->hides[i].x2)
        n_hiding++;
    }

  if (n_hiding == 0 || depth > 0)
    {
      gsk_layer_occluders_free (occluders);
      return NULL;
    }

  return occluders;
}

void
gsk_layer_occluders_free (GskLayerOccluders *occluders)
{
  if (occluders == NULL)
    return;

  g_free (occluders->hides);
  g_free (occluders->units);
  g_free (occluders);
}

/* }}} */
/* {{{ What a frame draws */

/* Whole pixels of @rect (rounded out) within @limit; FALSE if none */
static gboolean
box_within (const graphene_rect_t       *rect,
            const cairo_rectangle_int_t *limit,
            cairo_rectangle_int_t       *box)
{
  double x1 = floor (rect->origin.x), y1 = floor (rect->origin.y);
  double x2 = ceil (rect->origin.x + rect->size.width), y2 = ceil (rect->origin.y + rect->size.height);

  x1 = MAX (x1, limit->x);
  y1 = MAX (y1, limit->y);
  x2 = MIN (x2, (double) limit->x + limit->width);
  y2 = MIN (y2, (double) limit->y + limit->height);
  if (!(x1 < x2 && y1 < y2))
    return FALSE;

  *box = (cairo_rectangle_int_t) { x1, y1, x2 - x1, y2 - y1 };
  return TRUE;
}

void
gsk_layer_occluders_cull (const GskLayerOccluders  *occluders,
                          const GskLayerRenderList *list,
                          const cairo_region_t     *damage,
                          GskLayerCulling          *culling)
{
  cairo_rectangle_int_t extents;
  cairo_region_t *opaque;
  guint u, n_skipped = 0;

  culling->action = g_new0 (guint8, list->n_ops);
  culling->region_of = g_new (guint, list->n_ops);
  culling->regions = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_region_destroy);
  cairo_region_get_extents (damage, &extents);
  opaque = cairo_region_create ();

  for (u = occluders->n_units; u-- > 0; )
    {
      guint i = occluders->units[u];
      const GskLayerRenderOp *op = &list->ops[i];
      const GskLayerCullBox *hides = &occluders->hides[i];
      cairo_rectangle_int_t box;

      if (!box_within (&op->screen_bounds, &extents, &box))
        continue;

      switch (cairo_region_contains_rectangle (opaque, &box))
        {
        case CAIRO_REGION_OVERLAP_IN:
          /* Hidden, and what it hides is hidden already */
          culling->action[i] = GSK_LAYER_CULL_SKIP;
          n_skipped++;
          continue;

        case CAIRO_REGION_OVERLAP_PART:
          if (op->kind != GSK_LAYER_RENDER_OP_PUSH_GROUP && op->kind != GSK_LAYER_RENDER_OP_PUSH_CLIP)
            {
              cairo_region_t *visible = cairo_region_create_rectangle (&box);

              cairo_region_subtract (visible, opaque);
              cairo_region_intersect (visible, damage);
              if (cairo_region_is_empty (visible))
                {
                  cairo_region_destroy (visible);
                  culling->action[i] = GSK_LAYER_CULL_SKIP;
                  n_skipped++;
                  continue;
                }
              culling->action[i] = GSK_LAYER_CULL_CLIP;
              culling->region_of[i] = culling->regions->len;
              g_ptr_array_add (culling->regions, visible);
            }
          break;

        case CAIRO_REGION_OVERLAP_OUT:
        default:
          break;
        }

      if (hides->x1 < hides->x2 && cairo_region_num_rectangles (opaque) < MAX_REGION_BOXES)
        {
          int x1 = MAX (hides->x1, extents.x), y1 = MAX (hides->y1, extents.y);
          int x2 = MIN (hides->x2, extents.x + extents.width), y2 = MIN (hides->y2, extents.y + extents.height);

          if (x1 < x2 && y1 < y2)
            cairo_region_union_rectangle (opaque, &(cairo_rectangle_int_t) { x1, y1, x2 - x1, y2 - y1 });
        }
    }

  cairo_region_destroy (opaque);
  if (n_skipped > 0)
    g_atomic_int_add (&n_hidden, n_skipped);
}

void
gsk_layer_culling_clear (GskLayerCulling *culling)
{
  g_clear_pointer (&culling->regions, g_ptr_array_unref);
  g_clear_pointer (&culling->action, g_free);
  g_clear_pointer (&culling->region_of, g_free);
}

/* }}} */
