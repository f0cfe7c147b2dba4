/* gsk-layer-software-backend.c: compositing a render list with pixman
 *
 * Every drawing op is one pixman composite into the current canvas: the
 * target, or an offscreen that a group or a non-rectangular clip pushed.
 * The canvas' pixman clip region is always the damage intersected with
 * the current clip rectangle, so pixman itself keeps every op inside
 * the pixels we are allowed to touch; the boxes computed here only
 * keep the work small.
 *
 * Textures take the cheapest path their matrix allows: an integer
 * translation is a plain copy (pixman's fastest OVER), an axis-aligned
 * scale and an affine map use pixman's bilinear fast paths, and only a
 * real perspective goes through the general projective fetcher.
 *
 * What is not a pixel-aligned rectangle is composited through a polygon
 * mask (gsk-layer-software-polygon.c); a frame is drawn in one or two
 * bands, one per thread (gsk-layer-software-bands.c).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gsk-layer-software-backend-impl-private.h"
#include "gsk-layer-blur-private.h"
#include "gsk-layer-software-transform-private.h"

#include <math.h>
#include <pixman.h>

/* How far, in source pixels, a projected texture's antialiased fringe
 * may reach before we give up padding the source for it */
#define MAX_PROJECTIVE_PAD 64

typedef struct
{
  GskLayerRenderOpKind kind;         /* PUSH_GROUP or PUSH_CLIP */
  const GskLayerRenderOp *op;

  pixman_box32_t saved_clip;
  pixman_image_t *saved_canvas;
  int saved_canvas_x;
  int saved_canvas_y;

  /* NULL when the content is drawn straight into the parent canvas */
  pixman_image_t *offscreen;
  pixman_box32_t box;

  /* A group whose filters reach past its pixels draws its content past
   * the damage, as far as they reach: the damage in force meanwhile */
  const pixman_region32_t *saved_damage;
  pixman_region32_t *grown_damage;

  /* A mesh group: its offscreen as a surface to draw tiles of, and the
   * target's bounds, which the offscreen's replace meanwhile */
  cairo_surface_t *mesh_surface;
  pixman_box32_t saved_bounds;

  /* PUSH_CLIP with an offscreen: the clip quad (or rounded rectangle)
   * in target space */
  graphene_point_t polygon[MAX_POLYGON_POINTS];
  guint n_points;
} StackEntry;

static void
warn_unbalanced (void)
{
  static int warned = 0;

  if (g_atomic_int_compare_and_exchange (&warned, 0, 1))
    g_warning ("Render list has unbalanced push and pop ops; drawing it as "
               "if it were balanced. Further warnings are suppressed.");
}

static void
warn_unsupported_surface (cairo_surface_t *surface)
{
  static int warned = 0;

  if (g_atomic_int_compare_and_exchange (&warned, 0, 1))
    g_warning ("Render list texture is not a cairo image surface in a "
               "supported format (type %d, status %s); skipping it",
               cairo_surface_get_type (surface),
               cairo_status_to_string (cairo_surface_status (surface)));
}

static void
warn_unknown_op (GskLayerRenderOpKind kind)
{
  static int warned = 0;

  if (g_atomic_int_compare_and_exchange (&warned, 0, 1))
    g_warning ("Unknown render op kind %d; skipping it", kind);
}

static void
unref_pixman_image (gpointer data)
{
  pixman_image_unref (data);
}

/* Clamps to [0, 1]; NaN becomes 0 so the op is skipped */
static inline double
clamp_unit (double value)
{
  if (!(value > 0.0))
    return 0.0;
  if (value > 1.0)
    return 1.0;
  return value;
}

static pixman_color_t
premultiplied_color (const float rgba[4],
                     double      alpha)
{
  return (pixman_color_t) {
    .red = clamp_unit (rgba[0]) * alpha * 0xffff + 0.5,
    .green = clamp_unit (rgba[1]) * alpha * 0xffff + 0.5,
    .blue = clamp_unit (rgba[2]) * alpha * 0xffff + 0.5,
    .alpha = alpha * 0xffff + 0.5,
  };
}

/* Turns @rect into whole pixels within @limit. Works in doubles until
 * the very end, so huge, infinite or NaN rects cannot overflow an int. */
gboolean
gsk_layer_software_box_from_rect (const graphene_rect_t *rect,
               const pixman_box32_t  *limit,
               RoundMode              mode,
               pixman_box32_t        *box)
{
  double x1, y1, x2, y2;

  x1 = rect->origin.x;
  y1 = rect->origin.y;
  x2 = x1 + rect->size.width;
  y2 = y1 + rect->size.height;

  if (isnan (x1) || isnan (y1) || isnan (x2) || isnan (y2))
    return FALSE;

  if (mode == ROUND_OUT)
    {
      /* A sliver of a pixel thinner than the tolerance is no coverage */
      x1 = floor (MIN (x1, x2) + PIXEL_EPSILON);
      y1 = floor (MIN (y1, y2) + PIXEL_EPSILON);
      x2 = ceil (MAX (rect->origin.x, x2) - PIXEL_EPSILON);
      y2 = ceil (MAX (rect->origin.y, y2) - PIXEL_EPSILON);
    }
  else
    {
      double tmp_x = MIN (x1, x2), tmp_y = MIN (y1, y2);

      x2 = floor (MAX (x1, x2) + 0.5);
      y2 = floor (MAX (y1, y2) + 0.5);
      x1 = floor (tmp_x + 0.5);
      y1 = floor (tmp_y + 0.5);
    }

  x1 = MAX (x1, limit->x1);
  y1 = MAX (y1, limit->y1);
  x2 = MIN (x2, limit->x2);
  y2 = MIN (y2, limit->y2);

  if (!(x1 < x2 && y1 < y2))
    return FALSE;

  box->x1 = x1;
  box->y1 = y1;
  box->x2 = x2;
  box->y2 = y2;

  return TRUE;
}

pixman_image_t *
gsk_layer_software_get_alpha_mask (RenderState *state,
                double       alpha)
{
  guint alpha16 = alpha * 0xffff + 0.5;
  pixman_image_t *mask;

  if (alpha16 >= 0xffff)
    return NULL;

  mask = g_hash_table_lookup (state->alpha_masks, GUINT_TO_POINTER (alpha16));
  if (mask == NULL)
    {
      pixman_color_t color = { 0, 0, 0, alpha16 };

      mask = pixman_image_create_solid_fill (&color);
      g_hash_table_insert (state->alpha_masks, GUINT_TO_POINTER (alpha16), mask);
    }

  return mask;
}

static pixman_image_t *
wrap_surface (cairo_surface_t *surface)
{
  pixman_format_code_t format;
  unsigned char *data;
  int width, height;

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS ||
      cairo_surface_get_type (surface) != CAIRO_SURFACE_TYPE_IMAGE)
    {
      warn_unsupported_surface (surface);
      return NULL;
    }

  switch ((int) cairo_image_surface_get_format (surface))
    {
    case CAIRO_FORMAT_ARGB32:
      format = PIXMAN_a8r8g8b8;
      break;
    case CAIRO_FORMAT_RGB24:
      format = PIXMAN_x8r8g8b8;
      break;
    case CAIRO_FORMAT_A8:
      format = PIXMAN_a8;
      break;
    default:
      warn_unsupported_surface (surface);
      return NULL;
    }

  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  data = cairo_image_surface_get_data (surface);
  if (width <= 0 || height <= 0 || data == NULL)
    return NULL;

  return pixman_image_create_bits (format, width, height, (uint32_t *) data,
                                   cairo_image_surface_get_stride (surface));
}

/* A fishbowl draws one surface hundreds of times per frame: wrap it once.
 * The wrapper is per thread, as each op sets its own transform on it. */
static pixman_image_t *
get_source_image (RenderState     *state,
                  cairo_surface_t *surface)
{
  pixman_image_t *image;

  if (surface == state->last_surface)
    return state->last_source;

  image = g_hash_table_lookup (state->sources, surface);
  if (image == NULL)
    {
      image = wrap_surface (surface);
      if (image == NULL)
        return NULL;

      g_hash_table_insert (state->sources, surface, image);
    }

  state->last_surface = surface;
  state->last_source = image;

  return image;
}

/* @surface at 1/2^@level of its size, box-filtered by cairo: a mipmap
 * level, made once and kept with the surface (content images do not
 * change in place; one that does is a new surface to the caches) */
static cairo_surface_t *
get_mip_level (cairo_surface_t *surface,
               int              level)
{
  static const cairo_user_data_key_t keys[16];
  static GMutex lock;
  cairo_surface_t *mip;
  int width, height;
  cairo_t *cr;

  level = MIN (level, (int) G_N_ELEMENTS (keys) - 1);
  g_mutex_lock (&lock);
  mip = cairo_surface_get_user_data (surface, &keys[level]);
  if (mip == NULL)
    {
      width = MAX (cairo_image_surface_get_width (surface) >> level, 1);
      height = MAX (cairo_image_surface_get_height (surface) >> level, 1);
      mip = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cr = cairo_create (mip);
      cairo_scale (cr, (double) width / cairo_image_surface_get_width (surface),
                   (double) height / cairo_image_surface_get_height (surface));
      cairo_set_source_surface (cr, surface, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      cairo_paint (cr);
      cairo_destroy (cr);
      if (cairo_surface_set_user_data (surface, &keys[level], mip,
                                       (cairo_destroy_func_t) cairo_surface_destroy) != CAIRO_STATUS_SUCCESS)
        {
          cairo_surface_destroy (mip);
          mip = NULL;
        }
    }
  g_mutex_unlock (&lock);

  return mip;
}

/* The mipmap level to draw a surface from under @map (surface pixels
 * to target pixels): the largest whose pixels are still no smaller than
 * the target's along either axis, measured where the map is at @p */
static int
mip_level_for (const pixman_f_transform_t *map,
               double                      x,
               double                      y)
{
  double w = map->m[2][0] * x + map->m[2][1] * y + map->m[2][2];
  double sx, sy, k;

  if (!(w > 1e-9))
    return 0;
  /* The Jacobian's columns at (x, y), by the quotient rule */
  sx = hypot ((map->m[0][0] * w - (map->m[0][0] * x + map->m[0][1] * y + map->m[0][2]) * map->m[2][0]) / (w * w),
              (map->m[1][0] * w - (map->m[1][0] * x + map->m[1][1] * y + map->m[1][2]) * map->m[2][0]) / (w * w));
  sy = hypot ((map->m[0][1] * w - (map->m[0][0] * x + map->m[0][1] * y + map->m[0][2]) * map->m[2][1]) / (w * w),
              (map->m[1][1] * w - (map->m[1][0] * x + map->m[1][1] * y + map->m[1][2]) * map->m[2][1]) / (w * w));
  k = MAX (sx, sy);
  if (!(k > 0) || k >= 0.5)
    return 0;

  return (int) floor (log2 (1 / k));
}

/* A copy of @source with @pad pixels more on the top and left, filled
 * with the edge pixels; kept for the rest of the render call and grown
 * when an op needs more. Sets @pad to the padding the copy has. */
static pixman_image_t *
get_padded_source (RenderState     *state,
                   cairo_surface_t *surface,
                   pixman_image_t  *source,
                   int             *pad)
{
  int width = pixman_image_get_width (source);
  int height = pixman_image_get_height (source);
  pixman_image_t *padded;

  padded = g_hash_table_lookup (state->padded_sources, surface);
  if (padded == NULL || pixman_image_get_width (padded) - width < *pad)
    {
      padded = pixman_image_create_bits (pixman_image_get_format (source),
                                         width + *pad, height + *pad, NULL, 0);
      if (padded == NULL)
        return NULL;

      pixman_image_set_transform (source, NULL);
      pixman_image_set_filter (source, PIXMAN_FILTER_NEAREST, NULL, 0);
      pixman_image_set_repeat (source, PIXMAN_REPEAT_PAD);
      pixman_image_composite32 (PIXMAN_OP_SRC, source, NULL, padded,
                                - *pad, - *pad, 0, 0, 0, 0,
                                width + *pad, height + *pad);

      g_hash_table_insert (state->padded_sources, surface, padded);
    }

  *pad = pixman_image_get_width (padded) - width;

  return padded;
}

/* pixman 0.42's projective fetcher divides as unsigned, so a negative
 * source coordinate (or w) samples garbage. Inside the quad the source
 * coordinates are positive, but not in the antialiased fringe of pixels
 * that the quad touches without covering their centre. So: make w
 * positive on the quad, find how far left of or above the source the
 * fringe (a pixel around @polygon) reaches, and move @to_source onto a
 * copy of the source padded that much. Everything outside the quad is
 * masked off by the caller. */
static pixman_image_t *
prepare_projective_source (RenderState            *state,
                           cairo_surface_t        *surface,
                           pixman_image_t         *source,
                           pixman_f_transform_t   *to_source,
                           const graphene_point_t *polygon,
                           guint                   n_points)
{
  double cx = 0, cy = 0, min_coord = 0;
  gboolean reaches_horizon = FALSE;
  pixman_image_t *padded;
  guint i, c;
  int j, pad;

  for (i = 0; i < n_points; i++)
    {
      cx += polygon[i].x / n_points;
      cy += polygon[i].y / n_points;
    }

  if (to_source->m[2][0] * cx + to_source->m[2][1] * cy + to_source->m[2][2] < 0)
    {
      for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
          to_source->m[i][j] = - to_source->m[i][j];
    }

  /* Over a convex region where w > 0, x/w and y/w peak at its corners:
   * the fringe lies within the hull of the vertices moved a pixel */
  for (i = 0; i < n_points && !reaches_horizon; i++)
    for (c = 0; c < 4; c++)
      {
        double x = polygon[i].x + ((c & 1) ? 1 : -1);
        double y = polygon[i].y + ((c & 2) ? 1 : -1);
        double v[3];

        for (j = 0; j < 3; j++)
          v[j] = to_source->m[j][0] * x + to_source->m[j][1] * y + to_source->m[j][2];

        if (!(v[2] > 0))
          {
            reaches_horizon = TRUE;
            break;
          }

        min_coord = MIN (min_coord, MIN (v[0] / v[2], v[1] / v[2]));
      }

  /* One pixel more for the bilinear filter. Where the quad nearly
   * reaches the horizon, its fringe may still pick up stray pixels. */
  if (reaches_horizon || !(-min_coord < MAX_PROJECTIVE_PAD - 1))
    pad = MAX_PROJECTIVE_PAD;
  else
    pad = ceil (-min_coord) + 1;

  padded = get_padded_source (state, surface, source, &pad);
  if (padded == NULL)
    return NULL;

  /* x/w + pad = (x + pad·w)/w */
  for (j = 0; j < 3; j++)
    {
      to_source->m[0][j] += pad * to_source->m[2][j];
      to_source->m[1][j] += pad * to_source->m[2][j];
    }

  return padded;
}

static void
update_canvas_clip (RenderState *state)
{
  pixman_region32_t region;

  pixman_region32_init_rect (&region,
                             state->clip.x1, state->clip.y1,
                             state->clip.x2 - state->clip.x1,
                             state->clip.y2 - state->clip.y1);
  pixman_region32_intersect (&region, &region, (pixman_region32_t *) state->damage);
  pixman_region32_translate (&region, -state->canvas_x, -state->canvas_y);
  pixman_image_set_clip_region32 (state->canvas, &region);
  pixman_region32_fini (&region);
}

/* The pixels a drawing op may touch: its projected bounding box and,
 * unless culling is off, the screen bounds the tree computed (which
 * also carry the clips of layers the tree did not turn into ops). */
static gboolean
get_op_box (RenderState           *state,
            const GskLayerRenderOp *op,
            const graphene_rect_t  *projected,
            pixman_box32_t         *box)
{
  if (!gsk_layer_software_box_from_rect (projected, &state->clip, ROUND_OUT, box))
    return FALSE;

  if (state->flags & DEBUG_NO_CULL)
    return TRUE;

  return gsk_layer_software_box_from_rect (&op->screen_bounds, box, ROUND_OUT, box);
}

static void
draw_color (RenderState            *state,
            const GskLayerRenderOp *op)
{
  pixman_f_transform_t map;
  graphene_point_t polygon[8];
  graphene_rect_t projected;
  pixman_box32_t box, fill;
  pixman_color_t color;
  guint n_points;
  double alpha;

  alpha = clamp_unit (op->color[3]) * clamp_unit (op->opacity);
  if (alpha <= 0.0)
    return;

  if (!layer_to_target (&op->transform, &map) ||
      !gsk_layer_project_rect (&op->transform, &op->bounds, &projected, polygon, &n_points) ||
      !get_op_box (state, op, &projected, &box))
    return;

  color = premultiplied_color (op->color, alpha);

  if (op->rounded)
    {
      graphene_point_t rounded[MAX_POLYGON_POINTS];
      pixman_image_t *source;
      guint n_rounded = gsk_layer_software_rounded_polygon (op, &op->bounds, rounded);

      if (n_rounded == 0)
        return;

      source = pixman_image_create_solid_fill (&color);
      gsk_layer_software_composite_polygon (state, PIXMAN_OP_OVER, source, 0, 0, 1.0,
                         rounded, n_rounded, &box);
      pixman_image_unref (source);
      return;
    }

  if (classify_map (&map) <= MAP_SCALE && rect_is_pixel_aligned (&projected))
    {
      if (!gsk_layer_software_box_from_rect (&projected, &box, ROUND_NEAREST, &fill))
        return;

      fill.x1 -= state->canvas_x;
      fill.x2 -= state->canvas_x;
      fill.y1 -= state->canvas_y;
      fill.y2 -= state->canvas_y;

      /* The clip region applies to fills too */
      pixman_image_fill_boxes (alpha >= 1.0 ? PIXMAN_OP_SRC : PIXMAN_OP_OVER,
                               state->canvas, &color, 1, &fill);
    }
  else
    {
      /* Rotated, projected or fractional edges: antialias them */
      pixman_image_t *source = pixman_image_create_solid_fill (&color);

      gsk_layer_software_composite_polygon (state, PIXMAN_OP_OVER, source, 0, 0, 1.0,
                         polygon, n_points, &box);
      pixman_image_unref (source);
    }
}

static void
draw_texture (RenderState            *state,
              const GskLayerRenderOp *op)
{
  pixman_f_transform_t to_layer, map, to_source;
  pixman_transform_t transform;
  pixman_filter_t filter;
  pixman_repeat_t repeat;
  graphene_point_t polygon[8];
  graphene_point_t rounded[MAX_POLYGON_POINTS];
  guint n_rounded = 0;
  graphene_rect_t source_rect, area, projected;
  pixman_image_t *source;
  cairo_surface_t *source_surface;
  pixman_box32_t box, ref;
  gboolean needs_polygon;
  MapKind kind;
  double opacity;
  guint n_points;
  int width, height, i;

  opacity = clamp_unit (op->opacity);
  if (opacity <= 0.0 || op->surface == NULL)
    return;

  /* Only the part of the layer that the surface covers shows */
  graphene_rect_normalize_r (&op->source_rect, &source_rect);
  if (!graphene_rect_intersection (&op->bounds, &source_rect, &area) ||
      !(area.size.width > 0.f && area.size.height > 0.f))
    return;

  if (!layer_to_target (&op->transform, &map) ||
      !gsk_layer_project_rect (&op->transform, &area, &projected, polygon, &n_points) ||
      !get_op_box (state, op, &projected, &box))
    return;

  /* The pixman transform is relative to this box, which does not depend
   * on the damage or the band, so that every redraw samples alike */
  if (!gsk_layer_software_box_from_rect (&projected, &state->bounds, ROUND_OUT, &ref))
    return;

  source = get_source_image (state, op->surface);
  if (source == NULL)
    return;
  source_surface = op->surface;

  width = pixman_image_get_width (source);
  height = pixman_image_get_height (source);

  needs_polygon = op->behind_viewer || rect_crosses_eye_plane (&map, &area);
  if (op->rounded)
    {
      /* The rounded rectangle is the mask; it lies within the quad, so
       * the quad still serves to pad a projective source */
      n_rounded = gsk_layer_software_rounded_polygon (op, &area, rounded);
      if (n_rounded == 0)
        return;
      needs_polygon = TRUE;
    }

  /* Surface pixels → layer space → target */
  pixman_f_transform_init_identity (&to_layer);
  to_layer.m[0][0] = source_rect.size.width / width;
  to_layer.m[1][1] = source_rect.size.height / height;
  to_layer.m[0][2] = source_rect.origin.x;
  to_layer.m[1][2] = source_rect.origin.y;
  pixman_f_transform_multiply (&to_source, &map, &to_layer);

  /* Strongly minified, from a smaller copy: box-filtered, where
   * bilinear sampling alone would skip pixels */
  if (op->sampling == GSK_LAYER_RENDER_SAMPLING_MIPMAP)
    {
      int level = mip_level_for (&to_source, width / 2.0, height / 2.0);
      cairo_surface_t *mip = level > 0 ? get_mip_level (op->surface, level) : NULL;
      pixman_image_t *mip_source = mip ? get_source_image (state, mip) : NULL;

      if (mip_source != NULL)
        {
          source_surface = mip;
          source = mip_source;
          width = pixman_image_get_width (source);
          height = pixman_image_get_height (source);
          to_layer.m[0][0] = source_rect.size.width / width;
          to_layer.m[1][1] = source_rect.size.height / height;
          pixman_f_transform_multiply (&to_source, &map, &to_layer);
        }
    }
  map = to_source;

  kind = classify_map (&map);

  if (kind == MAP_TRANSLATE && !needs_polygon)
    {
      int tx = round (map.m[0][2]);
      int ty = round (map.m[1][2]);
      graphene_rect_t footprint = GRAPHENE_RECT_INIT (map.m[0][2], map.m[1][2], width, height);

      if (!gsk_layer_software_box_from_rect (&footprint, &box, ROUND_NEAREST, &box))
        return;

      pixman_image_set_transform (source, NULL);
      pixman_image_set_filter (source, PIXMAN_FILTER_NEAREST, NULL, 0);
      pixman_image_set_repeat (source, PIXMAN_REPEAT_NONE);
      pixman_image_composite32 (PIXMAN_OP_OVER, source, gsk_layer_software_get_alpha_mask (state, opacity),
                                state->canvas,
                                box.x1 - tx, box.y1 - ty,
                                0, 0,
                                box.x1 - state->canvas_x, box.y1 - state->canvas_y,
                                box.x2 - box.x1, box.y2 - box.y1);
      return;
    }

  /* Bilinear with REPEAT_NONE fades the edges over one source pixel,
   * which is the antialiasing of rotated and fractional edges */
  filter = PIXMAN_FILTER_BILINEAR;
  repeat = PIXMAN_REPEAT_NONE;

  if (kind == MAP_TRANSLATE || kind == MAP_SCALE)
    {
      graphene_rect_t footprint;

      graphene_rect_init (&footprint, map.m[0][2], map.m[1][2],
                          map.m[0][0] * width, map.m[1][1] * height);
      graphene_rect_normalize (&footprint);

      /* When the edges sit on pixel boundaries there is nothing to
       * antialias, and the fade would only make upscaled edges blurry */
      if (rect_is_pixel_aligned (&footprint) && !needs_polygon)
        {
          if (!gsk_layer_software_box_from_rect (&footprint, &box, ROUND_NEAREST, &box))
            return;
          repeat = PIXMAN_REPEAT_PAD;
        }
    }

  /* Magnified, the fade spreads over as many pixels as the scale: clamp
   * to the edge instead, and antialias the edges with the quad's mask */
  if (kind != MAP_PROJECTIVE && repeat == PIXMAN_REPEAT_NONE && map_magnifies (&map))
    {
      repeat = PIXMAN_REPEAT_PAD;
      needs_polygon = TRUE;
    }

  if (kind != MAP_PROJECTIVE && map_is_pixel_exact (&map))
    filter = PIXMAN_FILTER_NEAREST;

  /* Pixelated: each pixel a sharp square, the quad's mask antialiasing
   * its edges */
  if (op->sampling == GSK_LAYER_RENDER_SAMPLING_NEAREST)
    {
      filter = PIXMAN_FILTER_NEAREST;
      if (repeat == PIXMAN_REPEAT_NONE)
        {
          repeat = PIXMAN_REPEAT_PAD;
          needs_polygon = TRUE;
        }
    }

  /* pixman maps destination pixels to source pixels, relative to the
   * destination position minus the source position of the composite */
  if (!pixman_f_transform_invert (&to_source, &map))
    return;

  if (kind == MAP_PROJECTIVE)
    {
      source = prepare_projective_source (state, source_surface, source, &to_source,
                                          polygon, n_points);
      if (source == NULL)
        return;

      /* The mask antialiases the edges: no fade */
      repeat = PIXMAN_REPEAT_PAD;
      needs_polygon = TRUE;
    }

  for (i = 0; i < 3; i++)
    to_source.m[i][2] += to_source.m[i][0] * ref.x1 + to_source.m[i][1] * ref.y1;

  if (!map_to_pixman_transform (&to_source, kind,
                                ref.x2 - ref.x1, ref.y2 - ref.y1,
                                &transform, &needs_polygon))
    return;

  pixman_image_set_transform (source, &transform);
  pixman_image_set_filter (source, filter, NULL, 0);
  pixman_image_set_repeat (source, repeat);

  if (n_rounded > 0)
    gsk_layer_software_composite_polygon (state, PIXMAN_OP_OVER, source, ref.x1, ref.y1, opacity,
                       rounded, n_rounded, &box);
  else if (needs_polygon)
    gsk_layer_software_composite_polygon (state, PIXMAN_OP_OVER, source, ref.x1, ref.y1, opacity,
                       polygon, n_points, &box);
  else
    pixman_image_composite32 (PIXMAN_OP_OVER, source, gsk_layer_software_get_alpha_mask (state, opacity),
                              state->canvas,
                              box.x1 - ref.x1, box.y1 - ref.y1,
                              0, 0,
                              box.x1 - state->canvas_x, box.y1 - state->canvas_y,
                              box.x2 - box.x1, box.y2 - box.y1);
}

static pixman_op_t
blend_mode_to_pixman_op (GskLayerBlendMode mode)
{
  switch (mode)
    {
    case GSK_LAYER_BLEND_NORMAL:
      return PIXMAN_OP_OVER;
    case GSK_LAYER_BLEND_MULTIPLY:
      return PIXMAN_OP_MULTIPLY;
    case GSK_LAYER_BLEND_SCREEN:
      return PIXMAN_OP_SCREEN;
    case GSK_LAYER_BLEND_OVERLAY:
      return PIXMAN_OP_OVERLAY;
    case GSK_LAYER_BLEND_DARKEN:
      return PIXMAN_OP_DARKEN;
    case GSK_LAYER_BLEND_LIGHTEN:
      return PIXMAN_OP_LIGHTEN;
    case GSK_LAYER_BLEND_COLOR_DODGE:
      return PIXMAN_OP_COLOR_DODGE;
    case GSK_LAYER_BLEND_COLOR_BURN:
      return PIXMAN_OP_COLOR_BURN;
    case GSK_LAYER_BLEND_HARD_LIGHT:
      return PIXMAN_OP_HARD_LIGHT;
    case GSK_LAYER_BLEND_SOFT_LIGHT:
      return PIXMAN_OP_SOFT_LIGHT;
    case GSK_LAYER_BLEND_DIFFERENCE:
      return PIXMAN_OP_DIFFERENCE;
    case GSK_LAYER_BLEND_EXCLUSION:
      return PIXMAN_OP_EXCLUSION;
    case GSK_LAYER_BLEND_HUE:
      return PIXMAN_OP_HSL_HUE;
    case GSK_LAYER_BLEND_SATURATION:
      return PIXMAN_OP_HSL_SATURATION;
    case GSK_LAYER_BLEND_COLOR:
      return PIXMAN_OP_HSL_COLOR;
    case GSK_LAYER_BLEND_LUMINOSITY:
      return PIXMAN_OP_HSL_LUMINOSITY;
    default:
      return PIXMAN_OP_OVER;
    }
}

/* Pushes @entry; with @box, its content goes to a new offscreen
 * covering @box, which also becomes the clip. */
static gboolean
push_entry (RenderState          *state,
            StackEntry           *entry,
            const pixman_box32_t *box)
{
  entry->saved_clip = state->clip;
  entry->saved_canvas = state->canvas;
  entry->saved_canvas_x = state->canvas_x;
  entry->saved_canvas_y = state->canvas_y;

  if (box)
    {
      /* Never larger than the target: @box lies within the clip */
      entry->offscreen = pixman_image_create_bits (PIXMAN_a8r8g8b8,
                                                   box->x2 - box->x1,
                                                   box->y2 - box->y1,
                                                   NULL, 0);
      if (entry->offscreen == NULL)
        return FALSE;

      entry->box = *box;
      state->canvas = entry->offscreen;
      state->canvas_x = box->x1;
      state->canvas_y = box->y1;
      state->clip = *box;
      update_canvas_clip (state);
    }

  g_array_append_val (state->stack, *entry);

  return TRUE;
}

/* What a mask group shows of its enclosing group, drawn into @canvas:
 * every pixel times the mask's alpha, 0 outside the mask's pixels (or
 * everywhere, without them) */
static void
apply_mask (RenderState          *state,
            pixman_image_t       *mask,
            const pixman_box32_t *box)
{
  int width = pixman_image_get_width (state->canvas), height = pixman_image_get_height (state->canvas);

  if (mask == NULL)
    {
      pixman_color_t clear = { 0, 0, 0, 0 };
      pixman_image_t *none = pixman_image_create_solid_fill (&clear);

      pixman_image_composite32 (PIXMAN_OP_SRC, none, NULL, state->canvas, 0, 0, 0, 0, 0, 0, width, height);
      pixman_image_unref (none);
      return;
    }

  /* Outside the mask's image, pixman reads transparent */
  pixman_image_composite32 (PIXMAN_OP_IN_REVERSE, mask, NULL, state->canvas,
                            state->canvas_x - box->x1, state->canvas_y - box->y1, 0, 0, 0, 0, width, height);
}

/* A mesh group's content goes to an offscreen of its own space, drawn
 * whole: its pixels may show anywhere the tiles go */
static void
push_mesh (RenderState            *state,
           const GskLayerRenderOp *op)
{
  StackEntry entry = { .kind = GSK_LAYER_RENDER_OP_PUSH_GROUP, .op = op };
  int width = op->mesh->width, height = op->mesh->height;
  pixman_box32_t box;

  if (clamp_unit (op->opacity) <= 0.0 ||
      (!(state->flags & DEBUG_NO_CULL) &&
       !gsk_layer_software_box_from_rect (&op->screen_bounds, &state->clip, ROUND_OUT, &box)))
    {
      state->skip_depth = 1;
      return;
    }

  entry.mesh_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status (entry.mesh_surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (entry.mesh_surface);
      state->skip_depth = 1;
      return;
    }
  entry.offscreen = pixman_image_create_bits (PIXMAN_a8r8g8b8, width, height,
                                              (uint32_t *) cairo_image_surface_get_data (entry.mesh_surface),
                                              cairo_image_surface_get_stride (entry.mesh_surface));
  entry.box = (pixman_box32_t) { 0, 0, width, height };
  entry.saved_clip = state->clip;
  entry.saved_canvas = state->canvas;
  entry.saved_canvas_x = state->canvas_x;
  entry.saved_canvas_y = state->canvas_y;
  entry.saved_bounds = state->bounds;
  entry.saved_damage = state->damage;
  entry.grown_damage = g_new (pixman_region32_t, 1);
  pixman_region32_init_rect (entry.grown_damage, 0, 0, width, height);

  state->damage = entry.grown_damage;
  state->canvas = entry.offscreen;
  state->canvas_x = state->canvas_y = 0;
  state->clip = entry.box;
  state->bounds = entry.box;
  update_canvas_clip (state);
  g_array_append_val (state->stack, entry);
}

/* The tiles of a mesh group's offscreen @surface, far first; a tile is
 * drawn half a target pixel past the edges it shares, under the next
 * one, so that no seam shows between them */
static void
draw_mesh (RenderState            *state,
           const GskLayerRenderOp *op,
           cairo_surface_t        *surface)
{
  const GskLayerRenderMesh *mesh = op->mesh;
  GskLayerRenderTile *tiles;
  guint i, n_tiles;

  /* Padded once, as far as any tile may need: a tile's samples do not
   * depend on which tiles a band drew before it */
  if (get_source_image (state, surface) != NULL)
    {
      int pad = MAX_PROJECTIVE_PAD;

      get_padded_source (state, surface, get_source_image (state, surface), &pad);
    }

  tiles = gsk_layer_render_mesh_get_tiles (op, &n_tiles);
  for (i = 0; i < n_tiles; i++)
    {
      const GskLayerRenderTile *tile = &tiles[i];
      GskLayerRenderOp draw = { 0, };
      graphene_rect_t rect = tile->rect;
      float m[16], spread, least;
      double quad;
      int k;

      /* Offscreen pixels per target pixel over the tile */
      quad = (double) tile->box.size.width * tile->box.size.height;
      spread = 0.5f * CLAMP (quad > 0 ? sqrtf (rect.size.width * rect.size.height / quad) : 1.f, 1.f, 3.f);
      if (tile->hard_edges & GSK_LAYER_RENDER_TILE_EDGE_X1)
        rect.origin.x -= spread, rect.size.width += spread;
      if (tile->hard_edges & GSK_LAYER_RENDER_TILE_EDGE_Y1)
        rect.origin.y -= spread, rect.size.height += spread;
      if (tile->hard_edges & GSK_LAYER_RENDER_TILE_EDGE_X2)
        rect.size.width += spread;
      if (tile->hard_edges & GSK_LAYER_RENDER_TILE_EDGE_Y2)
        rect.size.height += spread;
      /* Not near where the homography goes to infinity (a tile seen
       * nearly edge-on): w may not fall to half its least at the tile */
      graphene_matrix_to_float (&tile->transform, m);
      least = G_MAXFLOAT;
      for (k = 0; k < 4; k++)
        least = MIN (least, m[3] * (tile->rect.origin.x + (k & 1 ? tile->rect.size.width : 0)) +
                            m[7] * (tile->rect.origin.y + (k & 2 ? tile->rect.size.height : 0)) + m[15]);
      for (k = 0; k < 4; k++)
        if (!(m[3] * (rect.origin.x + (k & 1 ? rect.size.width : 0)) +
              m[7] * (rect.origin.y + (k & 2 ? rect.size.height : 0)) + m[15] >= 0.5f * least))
          rect = tile->rect;

      draw.transform = tile->transform;
      draw.bounds = rect;
      draw.source_rect = GRAPHENE_RECT_INIT (0, 0, mesh->width, mesh->height);
      draw.screen_bounds = GRAPHENE_RECT_INIT (floorf (tile->box.origin.x) - 2, floorf (tile->box.origin.y) - 2,
                                               ceilf (tile->box.size.width) + 4, ceilf (tile->box.size.height) + 4);
      graphene_rect_intersection (&draw.screen_bounds, &op->screen_bounds, &draw.screen_bounds);
      draw.debug_name = op->debug_name;
      draw.opacity = op->opacity;
      graphene_matrix_to_float (&draw.transform, m);
      draw.axis_aligned = m[1] == 0.f && m[3] == 0.f && m[4] == 0.f && m[7] == 0.f && m[15] == 1.f &&
                          m[0] > 0.f && m[5] > 0.f;
      if (tile->back && mesh->back_color[3] > 0.f)
        {
          draw.kind = GSK_LAYER_RENDER_OP_COLOR;
          memcpy (draw.color, mesh->back_color, sizeof draw.color);
          draw_color (state, &draw);
        }
      else
        {
          draw.kind = GSK_LAYER_RENDER_OP_TEXTURE;
          draw.surface = surface;
          draw.sampling = GSK_LAYER_RENDER_SAMPLING_LINEAR;
          draw_texture (state, &draw);
        }
    }
  g_free (tiles);

  /* The wrappers of a surface about to go: its address may come again */
  g_hash_table_remove (state->sources, surface);
  g_hash_table_remove (state->padded_sources, surface);
  if (state->last_surface == surface)
    {
      state->last_surface = NULL;
      state->last_source = NULL;
    }
}

static void
push_group (RenderState            *state,
            const GskLayerRenderOp *op)
{
  StackEntry entry = { .kind = GSK_LAYER_RENDER_OP_PUSH_GROUP, .op = op };
  pixman_box32_t box = state->clip;

  if (op->mesh != NULL)
    {
      push_mesh (state, op);
      return;
    }

  if (clamp_unit (op->opacity) <= 0.0 ||
      (!(state->flags & DEBUG_NO_CULL) &&
       !gsk_layer_software_box_from_rect (&op->screen_bounds, &state->clip, ROUND_OUT, &box)))
    {
      /* A mask that shows nothing here hides all of what it masks */
      if (op->mask)
        apply_mask (state, NULL, NULL);
      state->skip_depth = 1;
      return;
    }

  if (op->filter_reach > 0)
    {
      /* What the filters draw in the clip comes from this far around it */
      int reach = (int) ceilf (op->filter_reach);
      pixman_box32_t grown = { state->clip.x1 - reach, state->clip.y1 - reach,
                               state->clip.x2 + reach, state->clip.y2 + reach };

      /* Within the target, as GL's offscreens are: nothing is drawn
       * outside it, the compile culls there */
      grown.x1 = MAX (grown.x1, state->bounds.x1);
      grown.y1 = MAX (grown.y1, state->bounds.y1);
      grown.x2 = MIN (grown.x2, state->bounds.x2);
      grown.y2 = MIN (grown.y2, state->bounds.y2);
      if (!gsk_layer_software_box_from_rect (&op->screen_bounds, &grown, ROUND_OUT, &box))
        {
          state->skip_depth = 1;
          return;
        }
      entry.saved_damage = state->damage;
      entry.grown_damage = g_new (pixman_region32_t, 1);
      pixman_region32_init_rect (entry.grown_damage, box.x1, box.y1, box.x2 - box.x1, box.y2 - box.y1);
      state->damage = entry.grown_damage;
      if (!push_entry (state, &entry, &box))
        {
          state->damage = entry.saved_damage;
          pixman_region32_fini (entry.grown_damage);
          g_free (entry.grown_damage);
          state->skip_depth = 1;
        }
      return;
    }

  /* Drawing straight into the parent gives the same pixels for free */
  if (op->opacity >= 1.f && op->blend_mode == GSK_LAYER_BLEND_NORMAL && op->n_filters == 0 &&
      !op->mask && !op->masked)
    {
      push_entry (state, &entry, NULL);
      return;
    }

  if (!push_entry (state, &entry, &box))
    {
      if (op->mask)
        apply_mask (state, NULL, NULL);
      state->skip_depth = 1;
    }
}

/* The colour filters of CSS on a group's pixels: straight colours through
 * each matrix in turn, clamped after each; transparent pixels stay so,
 * as no filter function adds alpha */
static void
apply_color_matrix (pixman_image_t            *image,
                    const GskLayerColorMatrix *matrix)
{
  guint32 *data = pixman_image_get_data (image);
  int stride = pixman_image_get_stride (image) / 4;
  int width = pixman_image_get_width (image);
  int height = pixman_image_get_height (image);
  const float *m = matrix->m;
  int x, y;

  for (y = 0; y < height; y++)
    for (x = 0; x < width; x++)
      {
        guint32 *pixel = &data[y * stride + x];
        guint32 a = *pixel >> 24;
        float c[4], out[4];
        int row;

        if (a == 0)
          continue;

        c[3] = a / 255.f;
        c[0] = ((*pixel >> 16) & 0xff) / (float) a;
        c[1] = ((*pixel >> 8) & 0xff) / (float) a;
        c[2] = (*pixel & 0xff) / (float) a;
        for (row = 0; row < 4; row++)
          {
            float v = m[row * 5] * c[0] + m[row * 5 + 1] * c[1] + m[row * 5 + 2] * c[2] +
                      m[row * 5 + 3] * c[3] + m[row * 5 + 4];

            out[row] = v > 0.f ? (v < 1.f ? v : 1.f) : 0.f;
          }

        *pixel = (guint32) (out[3] * 255.f + 0.5f) << 24 |
                 (guint32) (out[0] * out[3] * 255.f + 0.5f) << 16 |
                 (guint32) (out[1] * out[3] * 255.f + 0.5f) << 8 |
                 (guint32) (out[2] * out[3] * 255.f + 0.5f);
      }
}

/* Under the image, its alpha blurred, moved and painted in the colour */
static void
apply_drop_shadow (pixman_image_t             *image,
                   const GskLayerRenderFilter *filter)
{
  int width = pixman_image_get_width (image);
  int height = pixman_image_get_height (image);
  pixman_color_t color = {
    CLAMP (filter->color[0], 0.f, 1.f) * CLAMP (filter->color[3], 0.f, 1.f) * 0xffff,
    CLAMP (filter->color[1], 0.f, 1.f) * CLAMP (filter->color[3], 0.f, 1.f) * 0xffff,
    CLAMP (filter->color[2], 0.f, 1.f) * CLAMP (filter->color[3], 0.f, 1.f) * 0xffff,
    CLAMP (filter->color[3], 0.f, 1.f) * 0xffff,
  };
  pixman_image_t *fill = pixman_image_create_solid_fill (&color);
  pixman_image_t *shadow = pixman_image_create_bits (PIXMAN_a8r8g8b8, width, height, NULL, 0);
  pixman_image_t *copy = pixman_image_create_bits (PIXMAN_a8r8g8b8, width, height, NULL, 0);
  int dx = (int) lroundf (filter->dx), dy = (int) lroundf (filter->dy);

  if (shadow == NULL || copy == NULL)
    goto out;

  /* The colour through the image's alpha, moved */
  pixman_image_composite32 (PIXMAN_OP_SRC, fill, image, shadow, 0, 0, -dx, -dy, 0, 0, width, height);
  gsk_layer_blur_image ((guint8 *) pixman_image_get_data (shadow), width, height,
                        pixman_image_get_stride (shadow), 4, filter->sigma);
  pixman_image_composite32 (PIXMAN_OP_SRC, image, NULL, copy, 0, 0, 0, 0, 0, 0, width, height);
  pixman_image_composite32 (PIXMAN_OP_SRC, shadow, NULL, image, 0, 0, 0, 0, 0, 0, width, height);
  pixman_image_composite32 (PIXMAN_OP_OVER, copy, NULL, image, 0, 0, 0, 0, 0, 0, width, height);

out:
  g_clear_pointer (&shadow, pixman_image_unref);
  g_clear_pointer (&copy, pixman_image_unref);
  pixman_image_unref (fill);
}

/* CSS filter on a group's pixels, function by function: colours on
 * straight colours, clamped after each (transparent pixels stay so, as
 * no colour function adds alpha); blurs and drop shadows over the whole
 * offscreen, which covers as far around the clip as they reach */
static void
apply_filters (pixman_image_t             *image,
               const GskLayerRenderFilter *filters,
               guint                       n_filters)
{
  guint i;

  for (i = 0; i < n_filters; i++)
    switch (filters[i].kind)
      {
      case GSK_LAYER_RENDER_FILTER_COLOR:
        apply_color_matrix (image, &filters[i].matrix);
        break;

      case GSK_LAYER_RENDER_FILTER_BLUR:
        gsk_layer_blur_image ((guint8 *) pixman_image_get_data (image), pixman_image_get_width (image),
                              pixman_image_get_height (image), pixman_image_get_stride (image), 4,
                              filters[i].sigma);
        break;

      case GSK_LAYER_RENDER_FILTER_DROP_SHADOW:
        apply_drop_shadow (image, &filters[i]);
        break;

      default:
        break;
      }
}

static void
push_clip (RenderState            *state,
           const GskLayerRenderOp *op)
{
  StackEntry entry = { .kind = GSK_LAYER_RENDER_OP_PUSH_CLIP, .op = op };
  pixman_f_transform_t map;
  graphene_rect_t projected;
  pixman_box32_t box;

  /* A clip that is degenerate or entirely behind the viewer shows nothing */
  if (!layer_to_target (&op->transform, &map) ||
      !gsk_layer_project_rect (&op->transform, &op->bounds, &projected,
                               entry.polygon, &entry.n_points))
    {
      state->skip_depth = 1;
      return;
    }

  /* A path is an offscreen composited through its coverage */
  if (op->path != NULL)
    ;
  /* A rounded clip is an offscreen composited through the rounded
   * rectangle, whatever the transform */
  else if (op->rounded)
    {
      entry.n_points = gsk_layer_software_rounded_polygon (op, &op->bounds, entry.polygon);
      if (entry.n_points == 0)
        {
          state->skip_depth = 1;
          return;
        }
    }
  else if (classify_map (&map) <= MAP_SCALE)
    {
      /* Layers are nearly always pixel aligned: a clip rectangle costs
       * nothing, where a mask would cost an offscreen */
      if (!gsk_layer_software_box_from_rect (&projected, &state->clip, ROUND_NEAREST, &box))
        {
          state->skip_depth = 1;
          return;
        }

      push_entry (state, &entry, NULL);
      state->clip = box;
      update_canvas_clip (state);
      return;
    }

  if (!gsk_layer_software_box_from_rect (&projected, &state->clip, ROUND_OUT, &box) ||
      !push_entry (state, &entry, &box))
    state->skip_depth = 1;
}

/* A path clip's offscreen, through the path's coverage. The coverage is
 * filled over all the clip shows (its screen bounds), whatever part is
 * redrawn: cairo fills a pixel near the side of its image a little
 * differently, and a partial redraw must give a full one's pixels. */
static void
composite_through_path (RenderState      *state,
                        const StackEntry *entry)
{
  pixman_box32_t all, part;
  cairo_surface_t *coverage;
  pixman_image_t *mask;

  if (!gsk_layer_software_box_from_rect (&entry->op->screen_bounds, &state->bounds, ROUND_OUT, &all))
    return;
  part = (pixman_box32_t) { MAX (all.x1, entry->box.x1), MAX (all.y1, entry->box.y1),
                            MIN (all.x2, entry->box.x2), MIN (all.y2, entry->box.y2) };
  if (part.x1 >= part.x2 || part.y1 >= part.y2)
    return;
  coverage = gsk_layer_render_op_clip_mask (entry->op, all.x1, all.y1, all.x2 - all.x1, all.y2 - all.y1);
  mask = pixman_image_create_bits (PIXMAN_a8, all.x2 - all.x1, all.y2 - all.y1,
                                   (uint32_t *) cairo_image_surface_get_data (coverage),
                                   cairo_image_surface_get_stride (coverage));

  pixman_image_composite32 (PIXMAN_OP_OVER, entry->offscreen, mask, state->canvas,
                            part.x1 - entry->box.x1, part.y1 - entry->box.y1,
                            part.x1 - all.x1, part.y1 - all.y1,
                            part.x1 - state->canvas_x, part.y1 - state->canvas_y,
                            part.x2 - part.x1, part.y2 - part.y1);
  pixman_image_unref (mask);
  cairo_surface_destroy (coverage);
}

static void
pop_entry (RenderState *state)
{
  StackEntry entry;

  entry = g_array_index (state->stack, StackEntry, state->stack->len - 1);
  g_array_set_size (state->stack, state->stack->len - 1);

  state->canvas = entry.saved_canvas;
  state->canvas_x = entry.saved_canvas_x;
  state->canvas_y = entry.saved_canvas_y;
  state->clip = entry.saved_clip;
  if (entry.grown_damage != NULL)
    {
      state->damage = entry.saved_damage;
      pixman_region32_fini (entry.grown_damage);
      g_free (entry.grown_damage);
    }
  if (entry.mesh_surface != NULL)
    state->bounds = entry.saved_bounds;
  update_canvas_clip (state);

  if (entry.offscreen == NULL)
    return;

  if (entry.mesh_surface != NULL)
    {
      pixman_image_unref (entry.offscreen);
      cairo_surface_mark_dirty (entry.mesh_surface);
      draw_mesh (state, entry.op, entry.mesh_surface);
      cairo_surface_destroy (entry.mesh_surface);
      return;
    }

  if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP)
    {
      pixman_image_t *mask = gsk_layer_software_get_alpha_mask (state, clamp_unit (entry.op->opacity));

      if (entry.op->mask)
        {
          apply_mask (state, entry.offscreen, &entry.box);
          pixman_image_unref (entry.offscreen);
          return;
        }
      if (entry.op->n_filters > 0)
        apply_filters (entry.offscreen, entry.op->filters, entry.op->n_filters);

      /* pixman's non-separable (HSL) operators do not apply a mask the
       * way CSS applies group opacity: fade the group first, then blend
       * it unmasked */
      if (mask != NULL && entry.op->blend_mode >= GSK_LAYER_BLEND_HUE)
        {
          pixman_image_composite32 (PIXMAN_OP_IN_REVERSE, mask, NULL, entry.offscreen,
                                    0, 0, 0, 0, 0, 0,
                                    pixman_image_get_width (entry.offscreen),
                                    pixman_image_get_height (entry.offscreen));
          mask = NULL;
        }

      pixman_image_composite32 (blend_mode_to_pixman_op (entry.op->blend_mode),
                                entry.offscreen,
                                mask,
                                state->canvas,
                                0, 0,
                                0, 0,
                                entry.box.x1 - state->canvas_x,
                                entry.box.y1 - state->canvas_y,
                                entry.box.x2 - entry.box.x1,
                                entry.box.y2 - entry.box.y1);
    }
  else if (entry.op->path != NULL)
    composite_through_path (state, &entry);
  else
    {
      gsk_layer_software_composite_polygon (state, PIXMAN_OP_OVER, entry.offscreen,
                         entry.box.x1, entry.box.y1, 1.0,
                         entry.polygon, entry.n_points, &entry.box);
    }

  pixman_image_unref (entry.offscreen);
}

static void
pop (RenderState          *state,
     GskLayerRenderOpKind  push_kind)
{
  if (state->stack->len == 0)
    {
      warn_unbalanced ();
      return;
    }

  /* A POP_CLIP closing a group (or the reverse) still closes something:
   * close the innermost, so the rest of the list keeps its structure */
  if (g_array_index (state->stack, StackEntry, state->stack->len - 1).kind != push_kind)
    warn_unbalanced ();

  pop_entry (state);
}

/* What is drawn below within the op's box, mirrored across its edges as
 * far as the filters reach (each edge pixel twice: CSS backdrop-filter's
 * edge mode, "mirror" in Filter Effects 2; pixman's reflect), filtered
 * and drawn back through the quad */
static void
draw_backdrop (RenderState            *state,
               const GskLayerRenderOp *op)
{
  graphene_point_t polygon[MAX_POLYGON_POINTS];
  graphene_rect_t projected;
  pixman_box32_t box, canvas;
  pixman_image_t *copy, *padded;
  GskLayerRenderFilter *filters;
  double opacity = clamp_unit (op->opacity);
  guint n_points = 0, i;
  int reach, w, h;

  if (opacity <= 0.0 ||
      !gsk_layer_project_rect (&op->transform, &op->bounds, &projected, polygon, &n_points))
    return;
  if (op->rounded)
    n_points = gsk_layer_software_rounded_polygon (op, &op->bounds, polygon);
  if (n_points == 0)
    return;

  /* The whole box, which the compile damaged whole: what the canvas has
   * there is what is below */
  canvas = (pixman_box32_t) { state->canvas_x, state->canvas_y,
                              state->canvas_x + pixman_image_get_width (state->canvas),
                              state->canvas_y + pixman_image_get_height (state->canvas) };
  if (!gsk_layer_software_box_from_rect (&op->screen_bounds, &canvas, ROUND_OUT, &box))
    return;

  w = box.x2 - box.x1;
  h = box.y2 - box.y1;
  /* Mirrored, what is below repeats every two box widths: a blur far
   * wider than the box gives its mean colour all over, as one as wide
   * as the box nearly does. So no blur here is wider than the box, nor
   * any shadow moved further, and what is mirrored around it stays
   * within a few times its size, whatever the layer's scale (a backdrop
   * blur of 3 px under a scale of 1000 would otherwise mirror 9000 px
   * all round) */
  filters = g_newa (GskLayerRenderFilter, MAX (op->n_filters, 1));
  memcpy (filters, op->filters, op->n_filters * sizeof *filters);
  reach = 0;
  for (i = 0; i < op->n_filters; i++)
    {
      float longest = MAX (w, h);

      if (filters[i].kind == GSK_LAYER_RENDER_FILTER_COLOR)
        continue;
      filters[i].sigma = MIN (filters[i].sigma, longest);
      if (filters[i].kind == GSK_LAYER_RENDER_FILTER_DROP_SHADOW)
        {
          filters[i].dx = CLAMP (filters[i].dx, -longest, longest);
          filters[i].dy = CLAMP (filters[i].dy, -longest, longest);
        }
      reach += (int) ceil (GSK_LAYER_BLUR_REACH (filters[i].sigma)) +
               (int) ceilf (MAX (fabsf (filters[i].dx), fabsf (filters[i].dy)));
    }
  reach = MIN (reach, (int) ceilf (op->filter_reach));
  copy = pixman_image_create_bits (PIXMAN_a8r8g8b8, w, h, NULL, 0);
  padded = pixman_image_create_bits (PIXMAN_a8r8g8b8, w + 2 * reach, h + 2 * reach, NULL, 0);
  if (copy != NULL && padded != NULL)
    {
      pixman_image_set_clip_region32 (state->canvas, NULL);
      pixman_image_composite32 (PIXMAN_OP_SRC, state->canvas, NULL, copy,
                                box.x1 - state->canvas_x, box.y1 - state->canvas_y, 0, 0, 0, 0, w, h);
      update_canvas_clip (state);
      pixman_image_set_repeat (copy, PIXMAN_REPEAT_REFLECT);
      pixman_image_composite32 (PIXMAN_OP_SRC, copy, NULL, padded, -reach, -reach, 0, 0, 0, 0,
                                w + 2 * reach, h + 2 * reach);
      apply_filters (padded, filters, op->n_filters);
      gsk_layer_software_composite_polygon (state, PIXMAN_OP_OVER, padded, box.x1 - reach, box.y1 - reach, opacity,
                                            polygon, n_points, &box);
    }
  g_clear_pointer (&copy, pixman_image_unref);
  g_clear_pointer (&padded, pixman_image_unref);
}

/* Whether @op draws nothing in the part of the damage this band
 * redraws, by its screen box alone: of a big still scene, a frame that
 * redraws a little looks at each op only this long */
static inline gboolean
op_misses_clip (const RenderState      *state,
                const GskLayerRenderOp *op)
{
  const graphene_rect_t *b = &op->screen_bounds;

  /* Pixels whose span meets the box are drawn (rounded out) */
  return !(b->origin.x < state->clip.x2 && b->origin.y < state->clip.y2 &&
           b->origin.x + b->size.width > state->clip.x1 &&
           b->origin.y + b->size.height > state->clip.y1);
}

/* The canvas clipped to where an op partly hidden shows (target
 * coordinates, within the damage); update_canvas_clip() undoes it */
static void
set_culled_clip (RenderState          *state,
                 const cairo_region_t *visible)
{
  int i, n = cairo_region_num_rectangles (visible);
  pixman_box32_t *boxes = g_newa (pixman_box32_t, MAX (n, 1));
  pixman_region32_t region;

  for (i = 0; i < n; i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (visible, i, &r);
      boxes[i] = (pixman_box32_t) { r.x - state->canvas_x, r.y - state->canvas_y,
                                    r.x + r.width - state->canvas_x, r.y + r.height - state->canvas_y };
    }
  pixman_region32_init_rects (&region, boxes, n);
  pixman_image_set_clip_region32 (state->canvas, &region);
  pixman_region32_fini (&region);
}

/* What the band draws of each op, the damage as a cairo region */
static void
cull_band (RenderState *state,
           const Band  *band)
{
  int i, n;
  pixman_box32_t *rects = pixman_region32_rectangles ((pixman_region32_t *) &band->damage, &n);
  cairo_region_t *damage = cairo_region_create ();

  for (i = 0; i < n; i++)
    cairo_region_union_rectangle (damage, &(cairo_rectangle_int_t) { rects[i].x1, rects[i].y1,
                                                                      rects[i].x2 - rects[i].x1,
                                                                      rects[i].y2 - rects[i].y1 });
  gsk_layer_occluders_cull (band->occluders, band->list, damage, &state->culling);
  cairo_region_destroy (damage);
}

/* A BORDER or GRADIENT op, which lists for GL's shaders carry when GL
 * hands a frame over: drawn as a texture of its paint */
static void
draw_paint (RenderState            *state,
            const GskLayerRenderOp *op)
{
  cairo_surface_t *surface = gsk_layer_software_rasterize_paint (op);
  GskLayerRenderOp texture;

  if (surface == NULL)
    return;

  texture = *op;
  texture.kind = GSK_LAYER_RENDER_OP_TEXTURE;
  texture.surface = surface;
  texture.source_rect = op->bounds;
  texture.sampling = GSK_LAYER_RENDER_SAMPLING_LINEAR;
  texture.paint = NULL;
  /* A border's raster is its ring, outer corners included */
  if (op->kind == GSK_LAYER_RENDER_OP_BORDER)
    texture.rounded = FALSE;
  draw_texture (state, &texture);
  /* The sources the render call wraps are known by their address: the
   * surface lives as long as the call, so no other takes it */
  g_ptr_array_add (state->paints, surface);
}

/* The group pushed by op @index, drawn whole and filtered before the
 * bands, if it was */
static const GskLayerSoftwarePrepared *
find_prepared (const RenderState *state,
               guint              index)
{
  guint i;

  for (i = 0; i < state->n_prepared; i++)
    if (state->prepared[i].op_index == index)
      return &state->prepared[i];

  return NULL;
}

/* A group kept or drawn whole before the bands: composited as its own
 * offscreen would be (filtered groups blend normally here) */
static void
draw_prepared (RenderState                    *state,
               const GskLayerRenderOp         *op,
               const GskLayerSoftwarePrepared *prepared)
{
  /* A wrapper of its own: both bands read the pixels, and pixman
   * writes to an image it composites from */
  pixman_image_t *image = pixman_image_create_bits (PIXMAN_a8r8g8b8,
                                                    pixman_image_get_width (prepared->image),
                                                    pixman_image_get_height (prepared->image),
                                                    pixman_image_get_data (prepared->image),
                                                    pixman_image_get_stride (prepared->image));

  if (image == NULL)
    return;
  pixman_image_composite32 (PIXMAN_OP_OVER, image,
                            gsk_layer_software_get_alpha_mask (state, clamp_unit (op->opacity)),
                            state->canvas,
                            0, 0,
                            0, 0,
                            prepared->x - state->canvas_x,
                            prepared->y - state->canvas_y,
                            pixman_image_get_width (image),
                            pixman_image_get_height (image));
  pixman_image_unref (image);
}

/* Draws ops @first up to @end (not included) */
static void
render_ops (RenderState *state,
            guint        first,
            guint        end)
{
  const GskLayerRenderList *list = state->list;
  gboolean cull = !(state->flags & DEBUG_NO_CULL);
  gboolean clipped;
  guint i;

  for (i = first; i < end; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];

      if (gsk_layer_render_op_skipped (op, &state->skip_depth))
        continue;

      if (cull && (op->kind <= GSK_LAYER_RENDER_OP_TEXTURE || op->kind == GSK_LAYER_RENDER_OP_GLYPHS ||
                   op->kind == GSK_LAYER_RENDER_OP_BORDER || op->kind == GSK_LAYER_RENDER_OP_GRADIENT) &&
          op_misses_clip (state, op))
        continue;

      /* Hidden by opaque ops above it, wholly or in part */
      clipped = FALSE;
      if (state->culling.action != NULL && state->culling.action[i] != GSK_LAYER_CULL_DRAW)
        {
          if (state->culling.action[i] == GSK_LAYER_CULL_SKIP)
            {
              if (op->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP || op->kind == GSK_LAYER_RENDER_OP_PUSH_CLIP)
                state->skip_depth = 1;
              continue;
            }
          set_culled_clip (state, g_ptr_array_index (state->culling.regions, state->culling.region_of[i]));
          clipped = TRUE;
        }

      switch (op->kind)
        {
        case GSK_LAYER_RENDER_OP_COLOR:
          draw_color (state, op);
          break;

        case GSK_LAYER_RENDER_OP_TEXTURE:
          draw_texture (state, op);
          break;

        case GSK_LAYER_RENDER_OP_GLYPHS:
          {
            /* The run's glyph images put together once, as GL draws them */
            GskLayerRenderOp texture;

            if (gsk_layer_render_op_glyphs_as_texture (op, &texture))
              draw_texture (state, &texture);
          }
          break;

        case GSK_LAYER_RENDER_OP_BACKDROP:
          draw_backdrop (state, op);
          break;

        case GSK_LAYER_RENDER_OP_BORDER:
        case GSK_LAYER_RENDER_OP_GRADIENT:
          draw_paint (state, op);
          break;

        case GSK_LAYER_RENDER_OP_PUSH_GROUP:
          {
            const GskLayerSoftwarePrepared *prepared = op->filter_reach > 0 ? find_prepared (state, i) : NULL;

            if (prepared != NULL)
              {
                draw_prepared (state, op, prepared);
                state->skip_depth = 1;
              }
            else
              push_group (state, op);
          }
          break;

        case GSK_LAYER_RENDER_OP_POP_GROUP:
          pop (state, GSK_LAYER_RENDER_OP_PUSH_GROUP);
          break;

        case GSK_LAYER_RENDER_OP_PUSH_CLIP:
          push_clip (state, op);
          break;

        case GSK_LAYER_RENDER_OP_POP_CLIP:
          pop (state, GSK_LAYER_RENDER_OP_PUSH_CLIP);
          break;

        default:
          warn_unknown_op (op->kind);
          break;
        }

      if (clipped)
        update_canvas_clip (state);
    }

  if (state->skip_depth > 0 || state->stack->len > 0)
    warn_unbalanced ();

  state->skip_depth = 0;
  while (state->stack->len > 0)
    pop_entry (state);
}

static void
render_state_init (RenderState              *state,
                   const GskLayerRenderList *list,
                   guint                     flags,
                   int                       width,
                   int                       height,
                   const pixman_region32_t  *damage,
                   pixman_image_t           *canvas)
{
  state->list = list;
  state->flags = flags;
  state->bounds = (pixman_box32_t) { 0, 0, width, height };
  state->damage = damage;
  state->clip = *pixman_region32_extents ((pixman_region32_t *) damage);
  state->canvas = canvas;
  state->stack = g_array_new (FALSE, FALSE, sizeof (StackEntry));
  state->sources = g_hash_table_new_full (NULL, NULL, NULL, unref_pixman_image);
  state->padded_sources = g_hash_table_new_full (NULL, NULL, NULL, unref_pixman_image);
  state->alpha_masks = g_hash_table_new_full (NULL, NULL, NULL, unref_pixman_image);
  state->paints = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
}

static void
render_state_clear (RenderState *state)
{
  gsk_layer_culling_clear (&state->culling);
  g_free (state->mask_data);
  g_hash_table_unref (state->alpha_masks);
  g_hash_table_unref (state->padded_sources);
  g_hash_table_unref (state->sources);
  g_array_unref (state->stack);
  /* After the sources that wrap them */
  g_ptr_array_unref (state->paints);
}

void
gsk_layer_software_render_band (Band *band)
{
  RenderState state = { 0, };
  pixman_image_t *target;
  pixman_box32_t *rects;
  pixman_color_t clear;
  int n_rects;

  target = pixman_image_create_bits (band->format, band->width, band->height,
                                     band->data, band->stride);
  if (target == NULL)
    return;

  clear = premultiplied_color (band->list->clear_color,
                               clamp_unit (band->list->clear_color[3]));
  rects = pixman_region32_rectangles (&band->damage, &n_rects);
  pixman_image_fill_boxes (PIXMAN_OP_SRC, target, &clear, n_rects, rects);

  render_state_init (&state, band->list, band->flags, band->width, band->height, &band->damage, target);
  state.prepared = band->prepared;
  state.n_prepared = band->n_prepared;
  update_canvas_clip (&state);

  if (band->occluders != NULL)
    cull_band (&state, band);

  render_ops (&state, 0, band->list->n_ops);
  render_state_clear (&state);
  pixman_image_unref (target);
}

pixman_image_t *
gsk_layer_software_render_group (const GskLayerRenderList *list,
                                 guint                     start,
                                 guint                     end,
                                 const pixman_box32_t     *box,
                                 int                       width,
                                 int                       height,
                                 guint                     flags)
{
  const GskLayerRenderOp *op = &list->ops[start];
  RenderState state = { 0, };
  pixman_region32_t damage;
  pixman_image_t *image;

  image = pixman_image_create_bits (PIXMAN_a8r8g8b8, box->x2 - box->x1, box->y2 - box->y1, NULL, 0);
  if (image == NULL)
    return NULL;

  pixman_region32_init_rect (&damage, box->x1, box->y1, box->x2 - box->x1, box->y2 - box->y1);
  render_state_init (&state, list, flags, width, height, &damage, image);
  state.canvas_x = box->x1;
  state.canvas_y = box->y1;
  update_canvas_clip (&state);

  render_ops (&state, start + 1, end);
  render_state_clear (&state);
  pixman_region32_fini (&damage);

  /* Unclipped for the filters: they read the whole image */
  pixman_image_set_clip_region32 (image, NULL);
  apply_filters (image, op->filters, op->n_filters);

  return image;
}

cairo_surface_t *
gsk_layer_software_draw_ops (const GskLayerRenderList    *list,
                             guint                        start,
                             guint                        end,
                             const cairo_rectangle_int_t *box)
{
  RenderState state = { 0, };
  pixman_region32_t damage;
  cairo_surface_t *surface;
  pixman_image_t *image;

  g_return_val_if_fail (start <= end && end < list->n_ops, NULL);
  g_return_val_if_fail (box->width > 0 && box->height > 0, NULL);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, box->width, box->height);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  image = pixman_image_create_bits (PIXMAN_a8r8g8b8, box->width, box->height,
                                    (uint32_t *) cairo_image_surface_get_data (surface),
                                    cairo_image_surface_get_stride (surface));
  pixman_region32_init_rect (&damage, box->x, box->y, box->width, box->height);
  render_state_init (&state, list, 0, list->width, list->height, &damage, image);
  state.canvas_x = box->x;
  state.canvas_y = box->y;
  update_canvas_clip (&state);

  render_ops (&state, start, end + 1);
  render_state_clear (&state);
  pixman_region32_fini (&damage);
  pixman_image_unref (image);
  cairo_surface_mark_dirty (surface);

  return surface;
}
