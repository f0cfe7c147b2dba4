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
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gsk-layer-software-backend-private.h"
#include "gsk-layer-software-transform-private.h"

#include <math.h>
#include <string.h>
#include <pixman.h>

/* How far, in source pixels, a projected texture's antialiased fringe
 * may reach before we give up padding the source for it */
#define MAX_PROJECTIVE_PAD 64

/* Below this many damaged pixels, handing half the frame to another
 * thread costs more than it saves. */
#define MIN_THREADED_PIXELS (256 * 256)

/* A rounded corner is drawn as at most this many straight segments */
#define MAX_ARC_SEGMENTS 32

/* Convex polygons: 8 points from gsk_layer_project_rect(), or a rounded
 * rectangle (4 arcs, clipped to a quad and the eye plane), plus at most
 * one per side of the target they are clipped to */
#define MAX_POLYGON_POINTS (4 * (MAX_ARC_SEGMENTS + 1) + 16)

typedef enum {
  DEBUG_NO_CULL    = 1 << 0,
  DEBUG_NO_THREADS = 1 << 1,
} DebugFlags;

typedef enum {
  ROUND_OUT,
  ROUND_NEAREST,
} RoundMode;

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

  /* PUSH_CLIP with an offscreen: the clip quad (or rounded rectangle)
   * in target space */
  graphene_point_t polygon[MAX_POLYGON_POINTS];
  guint n_points;
} StackEntry;

typedef struct
{
  const GskLayerRenderList *list;
  guint flags;
  pixman_format_code_t format;
  guint32 *data;
  int width;
  int height;
  int stride;
  pixman_region32_t damage;

  /* Completion, when a worker thread renders this band */
  GMutex mutex;
  GCond cond;
  gboolean done;
} Band;

typedef struct
{
  const GskLayerRenderList *list;
  guint flags;

  /* Target coordinates throughout */
  pixman_box32_t bounds;             /* the whole target */
  const pixman_region32_t *damage;
  pixman_box32_t clip;               /* within the damage extents */

  pixman_image_t *canvas;
  int canvas_x;                      /* the canvas' origin on the target */
  int canvas_y;

  GArray *stack;                     /* of StackEntry */
  guint skip_depth;                  /* inside a group or clip that shows nothing */

  /* Per render call: one wrapper per surface, shared by all its ops */
  GHashTable *sources;               /* cairo_surface_t → pixman_image_t */
  cairo_surface_t *last_surface;
  pixman_image_t *last_source;

  GHashTable *padded_sources;        /* cairo_surface_t → pixman_image_t */

  GHashTable *alpha_masks;           /* 16-bit alpha → solid pixman_image_t */

  guint8 *mask_data;                 /* scratch for a8 polygon masks */
  gsize mask_size;
} RenderState;

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

/* Read on every frame, so a test or a debugging session can flip it */
static guint
read_debug_flags (void)
{
  const char *env = g_getenv ("GSK_LAYER_DEBUG");
  guint flags = 0;

  if (env == NULL)
    return 0;

  if (strstr (env, "no-cull"))
    flags |= DEBUG_NO_CULL;
  if (strstr (env, "no-threads"))
    flags |= DEBUG_NO_THREADS;

  return flags;
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
static gboolean
box_from_rect (const graphene_rect_t *rect,
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

static pixman_image_t *
get_alpha_mask (RenderState *state,
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
  if (!box_from_rect (projected, &state->clip, ROUND_OUT, box))
    return FALSE;

  if (state->flags & DEBUG_NO_CULL)
    return TRUE;

  return box_from_rect (&op->screen_bounds, box, ROUND_OUT, box);
}

/* Keeps the part of a convex polygon on one side of the line
 * coordinate @axis = @value. */
static guint
clip_polygon (const double  in[][2],
              guint         n_in,
              double        out[][2],
              int           axis,
              double        value,
              gboolean      keep_greater)
{
  guint i, n_out = 0;

  for (i = 0; i < n_in && n_out + 2 <= MAX_POLYGON_POINTS; i++)
    {
      const double *a = in[i];
      const double *b = in[(i + 1) % n_in];
      double da = keep_greater ? a[axis] - value : value - a[axis];
      double db = keep_greater ? b[axis] - value : value - b[axis];

      if (da >= 0)
        {
          out[n_out][0] = a[0];
          out[n_out][1] = a[1];
          n_out++;
        }

      if ((da >= 0) != (db >= 0))
        {
          double t = da / (da - db);

          out[n_out][0] = a[0] + (b[0] - a[0]) * t;
          out[n_out][1] = a[1] + (b[1] - a[1]) * t;
          n_out++;
        }
    }

  return n_out;
}

/* Keeps the part of a convex polygon where a·x + b·y + c >= 0 */
static guint
clip_polygon_line (const double  in[][2],
                   guint         n_in,
                   double        out[][2],
                   double        a,
                   double        b,
                   double        c)
{
  guint i, n_out = 0;

  for (i = 0; i < n_in && n_out + 2 <= MAX_POLYGON_POINTS; i++)
    {
      const double *p = in[i];
      const double *q = in[(i + 1) % n_in];
      double dp = a * p[0] + b * p[1] + c;
      double dq = a * q[0] + b * q[1] + c;

      if (dp >= 0)
        {
          out[n_out][0] = p[0];
          out[n_out][1] = p[1];
          n_out++;
        }

      if ((dp >= 0) != (dq >= 0))
        {
          double t = dp / (dp - dq);

          out[n_out][0] = p[0] + (q[0] - p[0]) * t;
          out[n_out][1] = p[1] + (q[1] - p[1]) * t;
          n_out++;
        }
    }

  return n_out;
}

/* The rounded rectangle of @op (its corner_radius and rounded_rect)
 * within @area, both in layer space, projected to target space as a
 * convex polygon: the arcs in straight segments shorter than about a
 * tenth of a pixel from the curve, the part behind the viewer cut off.
 * Returns the number of points, 0 if nothing is in front. */
static guint
rounded_polygon (const GskLayerRenderOp *op,
                 const graphene_rect_t  *area,
                 graphene_point_t       *out)
{
  double points[2][MAX_POLYGON_POINTS][2];
  graphene_rect_t rect, projected;
  double x0, y0, x1, y1, r, scale, step;
  float m[16];
  guint i, k, n = 0, segments;

  graphene_rect_normalize_r (&op->rounded_rect, &rect);
  r = MIN (op->corner_radius, 0.5 * MIN (rect.size.width, rect.size.height));
  if (!(r > 0) || !gsk_layer_project_rect (&op->transform, &rect, &projected, NULL, NULL))
    return 0;

  /* Target pixels per layer unit, at most: enough segments for the
   * largest the corners are drawn */
  scale = MAX (projected.size.width / MAX (rect.size.width, 1e-6),
               projected.size.height / MAX (rect.size.height, 1e-6));
  step = 2 * acos (MAX (0.0, 1 - 0.1 / MAX (r * scale, 0.1)));
  segments = step > 0 ? CLAMP (ceil (G_PI / 2 / step), 1, MAX_ARC_SEGMENTS) : MAX_ARC_SEGMENTS;

  x0 = rect.origin.x;
  y0 = rect.origin.y;
  x1 = x0 + rect.size.width;
  y1 = y0 + rect.size.height;

  /* Clockwise in layer space (y down), from the top right corner */
  for (k = 0; k < 4; k++)
    {
      double cx = (k == 0 || k == 1) ? x1 - r : x0 + r;
      double cy = (k == 1 || k == 2) ? y1 - r : y0 + r;
      double start = -G_PI / 2 + k * G_PI / 2;

      for (i = 0; i <= segments; i++)
        {
          double angle = start + (G_PI / 2) * i / segments;

          points[0][n][0] = cx + r * cos (angle);
          points[0][n][1] = cy + r * sin (angle);
          n++;
        }
    }

  n = clip_polygon (points[0], n, points[1], 0, area->origin.x, TRUE);
  n = clip_polygon (points[1], n, points[0], 0, area->origin.x + area->size.width, FALSE);
  n = clip_polygon (points[0], n, points[1], 1, area->origin.y, TRUE);
  n = clip_polygon (points[1], n, points[0], 1, area->origin.y + area->size.height, FALSE);

  /* In front of the viewer: w >= epsilon, a line in layer space */
  graphene_matrix_to_float (&op->transform, m);
  n = clip_polygon_line (points[0], n, points[1], m[3], m[7], m[15] - 1e-5);
  if (n < 3)
    return 0;

  for (i = 0; i < n; i++)
    {
      double x = points[1][i][0], y = points[1][i][1];
      double w = x * m[3] + y * m[7] + m[15];

      out[i].x = (x * m[0] + y * m[4] + m[12]) / w;
      out[i].y = (x * m[1] + y * m[5] + m[13]) / w;
    }

  return n;
}

/* pixman_double_to_fixed() truncates toward zero: a vertex left of or
 * above the mask, whose origin depends on the damage and the band, would
 * round differently from a full redraw's. Rounding down is the same
 * wherever the origin is. */
static inline pixman_fixed_t
fixed_floor (double d)
{
  return (pixman_fixed_t) floor (d * 65536.0);
}

static guint8 *
get_mask_data (RenderState *state,
               gsize        size)
{
  if (size > state->mask_size)
    {
      g_free (state->mask_data);
      state->mask_data = g_malloc (size);
      state->mask_size = size;
    }

  memset (state->mask_data, 0, size);

  return state->mask_data;
}

/* Composites @source into the canvas through an antialiased mask of the
 * convex @polygon (target coordinates) times @opacity, within @box.
 * (@source_x, @source_y) is the target position of the source's origin. */
static void
composite_polygon (RenderState            *state,
                   pixman_op_t             op,
                   pixman_image_t         *source,
                   int                     source_x,
                   int                     source_y,
                   double                  opacity,
                   const graphene_point_t *polygon,
                   guint                   n_points,
                   const pixman_box32_t   *box)
{
  double points[2][MAX_POLYGON_POINTS][2];
  pixman_triangle_t triangles[MAX_POLYGON_POINTS];
  graphene_rect_t extents;
  pixman_box32_t mask_box;
  pixman_image_t *mask, *alpha;
  double min_x, min_y, max_x, max_y;
  guint i, n;
  int width, height, stride;

  n = MIN (n_points, MAX_POLYGON_POINTS - 8);
  for (i = 0; i < n; i++)
    {
      points[0][i][0] = polygon[i].x;
      points[0][i][1] = polygon[i].y;
    }

  /* Clipping first keeps the coordinates within pixman's 16.16 range
   * however far the quad reaches. Clip to the target rather than to
   * @box, which depends on the damage and the band: new vertices would
   * round differently, and a partial redraw must give the same pixels
   * as a full one. */
  n = clip_polygon (points[0], n, points[1], 0, state->bounds.x1, TRUE);
  n = clip_polygon (points[1], n, points[0], 0, state->bounds.x2, FALSE);
  n = clip_polygon (points[0], n, points[1], 1, state->bounds.y1, TRUE);
  n = clip_polygon (points[1], n, points[0], 1, state->bounds.y2, FALSE);
  if (n < 3)
    return;

  min_x = max_x = points[0][0][0];
  min_y = max_y = points[0][0][1];
  for (i = 1; i < n; i++)
    {
      min_x = MIN (min_x, points[0][i][0]);
      min_y = MIN (min_y, points[0][i][1]);
      max_x = MAX (max_x, points[0][i][0]);
      max_y = MAX (max_y, points[0][i][1]);
    }

  graphene_rect_init (&extents, min_x, min_y, max_x - min_x, max_y - min_y);
  if (!box_from_rect (&extents, box, ROUND_OUT, &mask_box))
    return;

  width = mask_box.x2 - mask_box.x1;
  height = mask_box.y2 - mask_box.y1;
  stride = (width + 3) & ~3;

  mask = pixman_image_create_bits (PIXMAN_a8, width, height,
                                   (uint32_t *) get_mask_data (state, (gsize) stride * height),
                                   stride);
  if (mask == NULL)
    return;

  /* A convex polygon is a fan of triangles */
  for (i = 0; i + 2 < n; i++)
    {
      const double *p[3] = { points[0][0], points[0][i + 1], points[0][i + 2] };

      triangles[i].p1.x = fixed_floor (p[0][0] - mask_box.x1);
      triangles[i].p1.y = fixed_floor (p[0][1] - mask_box.y1);
      triangles[i].p2.x = fixed_floor (p[1][0] - mask_box.x1);
      triangles[i].p2.y = fixed_floor (p[1][1] - mask_box.y1);
      triangles[i].p3.x = fixed_floor (p[2][0] - mask_box.x1);
      triangles[i].p3.y = fixed_floor (p[2][1] - mask_box.y1);
    }
  pixman_add_triangles (mask, 0, 0, n - 2, triangles);

  alpha = get_alpha_mask (state, opacity);
  if (alpha)
    pixman_image_composite32 (PIXMAN_OP_IN, alpha, NULL, mask,
                              0, 0, 0, 0, 0, 0, width, height);

  pixman_image_composite32 (op, source, mask, state->canvas,
                            mask_box.x1 - source_x, mask_box.y1 - source_y,
                            0, 0,
                            mask_box.x1 - state->canvas_x, mask_box.y1 - state->canvas_y,
                            width, height);

  pixman_image_unref (mask);
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

  if (op->corner_radius > 0.f)
    {
      graphene_point_t rounded[MAX_POLYGON_POINTS];
      pixman_image_t *source;
      guint n_rounded = rounded_polygon (op, &op->bounds, rounded);

      if (n_rounded == 0)
        return;

      source = pixman_image_create_solid_fill (&color);
      composite_polygon (state, PIXMAN_OP_OVER, source, 0, 0, 1.0,
                         rounded, n_rounded, &box);
      pixman_image_unref (source);
      return;
    }

  if (classify_map (&map) <= MAP_SCALE && rect_is_pixel_aligned (&projected))
    {
      if (!box_from_rect (&projected, &box, ROUND_NEAREST, &fill))
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

      composite_polygon (state, PIXMAN_OP_OVER, source, 0, 0, 1.0,
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
  if (!box_from_rect (&projected, &state->bounds, ROUND_OUT, &ref))
    return;

  source = get_source_image (state, op->surface);
  if (source == NULL)
    return;

  width = pixman_image_get_width (source);
  height = pixman_image_get_height (source);

  needs_polygon = op->behind_viewer || rect_crosses_eye_plane (&map, &area);
  if (op->corner_radius > 0.f)
    {
      /* The rounded rectangle is the mask; it lies within the quad, so
       * the quad still serves to pad a projective source */
      n_rounded = rounded_polygon (op, &area, rounded);
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
  pixman_f_transform_multiply (&map, &map, &to_layer);

  kind = classify_map (&map);

  if (kind == MAP_TRANSLATE && !needs_polygon)
    {
      int tx = round (map.m[0][2]);
      int ty = round (map.m[1][2]);
      graphene_rect_t footprint = GRAPHENE_RECT_INIT (map.m[0][2], map.m[1][2], width, height);

      if (!box_from_rect (&footprint, &box, ROUND_NEAREST, &box))
        return;

      pixman_image_set_transform (source, NULL);
      pixman_image_set_filter (source, PIXMAN_FILTER_NEAREST, NULL, 0);
      pixman_image_set_repeat (source, PIXMAN_REPEAT_NONE);
      pixman_image_composite32 (PIXMAN_OP_OVER, source, get_alpha_mask (state, opacity),
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
          if (!box_from_rect (&footprint, &box, ROUND_NEAREST, &box))
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

  /* pixman maps destination pixels to source pixels, relative to the
   * destination position minus the source position of the composite */
  if (!pixman_f_transform_invert (&to_source, &map))
    return;

  if (kind == MAP_PROJECTIVE)
    {
      source = prepare_projective_source (state, op->surface, source, &to_source,
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
    composite_polygon (state, PIXMAN_OP_OVER, source, ref.x1, ref.y1, opacity,
                       rounded, n_rounded, &box);
  else if (needs_polygon)
    composite_polygon (state, PIXMAN_OP_OVER, source, ref.x1, ref.y1, opacity,
                       polygon, n_points, &box);
  else
    pixman_image_composite32 (PIXMAN_OP_OVER, source, get_alpha_mask (state, opacity),
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

static void
push_group (RenderState            *state,
            const GskLayerRenderOp *op)
{
  StackEntry entry = { .kind = GSK_LAYER_RENDER_OP_PUSH_GROUP, .op = op };
  pixman_box32_t box = state->clip;

  if (clamp_unit (op->opacity) <= 0.0 ||
      (!(state->flags & DEBUG_NO_CULL) &&
       !box_from_rect (&op->screen_bounds, &state->clip, ROUND_OUT, &box)))
    {
      state->skip_depth = 1;
      return;
    }

  /* Drawing straight into the parent gives the same pixels for free */
  if (op->opacity >= 1.f && op->blend_mode == GSK_LAYER_BLEND_NORMAL)
    {
      push_entry (state, &entry, NULL);
      return;
    }

  if (!push_entry (state, &entry, &box))
    state->skip_depth = 1;
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

  /* A rounded clip is an offscreen composited through the rounded
   * rectangle, whatever the transform */
  if (op->corner_radius > 0.f)
    {
      entry.n_points = rounded_polygon (op, &op->bounds, entry.polygon);
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
      if (!box_from_rect (&projected, &state->clip, ROUND_NEAREST, &box))
        {
          state->skip_depth = 1;
          return;
        }

      push_entry (state, &entry, NULL);
      state->clip = box;
      update_canvas_clip (state);
      return;
    }

  if (!box_from_rect (&projected, &state->clip, ROUND_OUT, &box) ||
      !push_entry (state, &entry, &box))
    state->skip_depth = 1;
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
  update_canvas_clip (state);

  if (entry.offscreen == NULL)
    return;

  if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP)
    {
      pixman_image_t *mask = get_alpha_mask (state, clamp_unit (entry.op->opacity));

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
  else
    {
      composite_polygon (state, PIXMAN_OP_OVER, entry.offscreen,
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

static void
render_ops (RenderState *state)
{
  const GskLayerRenderList *list = state->list;
  guint i;

  for (i = 0; i < list->n_ops; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];

      if (gsk_layer_render_op_skipped (op, &state->skip_depth))
        continue;

      switch (op->kind)
        {
        case GSK_LAYER_RENDER_OP_COLOR:
          draw_color (state, op);
          break;

        case GSK_LAYER_RENDER_OP_TEXTURE:
          draw_texture (state, op);
          break;

        case GSK_LAYER_RENDER_OP_PUSH_GROUP:
          push_group (state, op);
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
    }

  if (state->skip_depth > 0 || state->stack->len > 0)
    warn_unbalanced ();

  state->skip_depth = 0;
  while (state->stack->len > 0)
    pop_entry (state);
}

static void
render_band (Band *band)
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

  state.list = band->list;
  state.flags = band->flags;
  state.bounds = (pixman_box32_t) { 0, 0, band->width, band->height };
  state.damage = &band->damage;
  state.clip = *pixman_region32_extents (&band->damage);
  state.canvas = target;
  state.stack = g_array_new (FALSE, FALSE, sizeof (StackEntry));
  state.sources = g_hash_table_new_full (NULL, NULL, NULL, unref_pixman_image);
  state.padded_sources = g_hash_table_new_full (NULL, NULL, NULL, unref_pixman_image);
  state.alpha_masks = g_hash_table_new_full (NULL, NULL, NULL, unref_pixman_image);
  update_canvas_clip (&state);

  render_ops (&state);

  g_free (state.mask_data);
  g_hash_table_unref (state.alpha_masks);
  g_hash_table_unref (state.padded_sources);
  g_hash_table_unref (state.sources);
  g_array_unref (state.stack);
  pixman_image_unref (target);
}

static void
render_band_in_thread (gpointer data,
                       gpointer user_data)
{
  Band *band = data;

  render_band (band);

  g_mutex_lock (&band->mutex);
  band->done = TRUE;
  g_cond_signal (&band->cond);
  g_mutex_unlock (&band->mutex);
}

static GThreadPool *
get_thread_pool (void)
{
  static GThreadPool *pool = NULL;
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      if (g_get_num_processors () > 1)
        pool = g_thread_pool_new (render_band_in_thread, NULL, 1, FALSE, NULL);

      g_once_init_leave (&initialized, 1);
    }

  return pool;
}

static void
band_init (Band                     *band,
           const Band               *frame,
           const pixman_region32_t  *damage,
           int                       y1,
           int                       y2)
{
  *band = *frame;
  pixman_region32_init_rect (&band->damage, 0, y1, frame->width, y2 - y1);
  pixman_region32_intersect (&band->damage, &band->damage, (pixman_region32_t *) damage);
  g_mutex_init (&band->mutex);
  g_cond_init (&band->cond);
  band->done = FALSE;
}

static void
band_clear (Band *band)
{
  pixman_region32_fini (&band->damage);
  g_mutex_clear (&band->mutex);
  g_cond_clear (&band->cond);
}

static gint64
region_area (pixman_region32_t *region)
{
  pixman_box32_t *rects;
  gint64 area = 0;
  int i, n_rects;

  rects = pixman_region32_rectangles (region, &n_rects);
  for (i = 0; i < n_rects; i++)
    area += (gint64) (rects[i].x2 - rects[i].x1) * (rects[i].y2 - rects[i].y1);

  return area;
}

void
gsk_layer_software_render (const GskLayerRenderList *list,
                           const cairo_region_t     *damage,
                           cairo_surface_t          *target)
{
  pixman_region32_t region;
  pixman_box32_t extents;
  GThreadPool *pool;
  Band frame = { 0, };
  guint i;

  g_return_if_fail (list != NULL);
  g_return_if_fail (target != NULL);
  g_return_if_fail (cairo_surface_get_type (target) == CAIRO_SURFACE_TYPE_IMAGE);

  switch ((int) cairo_image_surface_get_format (target))
    {
    case CAIRO_FORMAT_ARGB32:
      frame.format = PIXMAN_a8r8g8b8;
      break;
    case CAIRO_FORMAT_RGB24:
      frame.format = PIXMAN_x8r8g8b8;
      break;
    default:
      g_critical ("%s: the target must be an ARGB32 or RGB24 image surface", G_STRFUNC);
      return;
    }

  cairo_surface_flush (target);

  frame.list = list;
  frame.flags = read_debug_flags ();
  frame.data = (guint32 *) cairo_image_surface_get_data (target);
  frame.width = cairo_image_surface_get_width (target);
  frame.height = cairo_image_surface_get_height (target);
  frame.stride = cairo_image_surface_get_stride (target);
  if (frame.data == NULL || frame.width <= 0 || frame.height <= 0)
    return;

  pixman_region32_init_rect (&region, 0, 0, frame.width, frame.height);
  if (damage)
    {
      int n_rects = cairo_region_num_rectangles (damage);
      pixman_region32_t damage_region;
      pixman_box32_t *boxes;

      boxes = g_new (pixman_box32_t, MAX (n_rects, 1));
      for (i = 0; i < (guint) n_rects; i++)
        {
          cairo_rectangle_int_t rect;

          cairo_region_get_rectangle (damage, i, &rect);
          boxes[i] = (pixman_box32_t) { rect.x, rect.y, rect.x + rect.width, rect.y + rect.height };
        }
      pixman_region32_init_rects (&damage_region, boxes, n_rects);
      pixman_region32_intersect (&region, &region, &damage_region);
      pixman_region32_fini (&damage_region);
      g_free (boxes);
    }

  if (!pixman_region32_not_empty (&region))
    {
      pixman_region32_fini (&region);
      return;
    }

  /* Both threads read the sources: settle them here, once */
  for (i = 0; i < list->n_ops; i++)
    if (list->ops[i].kind == GSK_LAYER_RENDER_OP_TEXTURE && list->ops[i].surface)
      cairo_surface_flush (list->ops[i].surface);

  extents = *pixman_region32_extents (&region);

  if (!(frame.flags & DEBUG_NO_THREADS) &&
      extents.y2 - extents.y1 >= 2 &&
      region_area (&region) >= MIN_THREADED_PIXELS &&
      (pool = get_thread_pool ()) != NULL)
    {
      int middle = extents.y1 + (extents.y2 - extents.y1) / 2;
      Band bands[2];

      band_init (&bands[0], &frame, &region, extents.y1, middle);
      band_init (&bands[1], &frame, &region, middle, extents.y2);

      if (!g_thread_pool_push (pool, &bands[1], NULL))
        render_band_in_thread (&bands[1], NULL);

      if (pixman_region32_not_empty (&bands[0].damage))
        render_band (&bands[0]);

      g_mutex_lock (&bands[1].mutex);
      while (!bands[1].done)
        g_cond_wait (&bands[1].cond, &bands[1].mutex);
      g_mutex_unlock (&bands[1].mutex);

      band_clear (&bands[0]);
      band_clear (&bands[1]);
    }
  else
    {
      pixman_region32_init (&frame.damage);
      pixman_region32_copy (&frame.damage, &region);
      render_band (&frame);
      pixman_region32_fini (&frame.damage);
    }

  pixman_region32_fini (&region);

  cairo_surface_mark_dirty_rectangle (target, extents.x1, extents.y1,
                                      extents.x2 - extents.x1,
                                      extents.y2 - extents.y1);
}
