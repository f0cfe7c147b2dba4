/* gsk-layer-motion.c: CSS Motion Path on a layer: offset-path,
 * offset-distance, offset-rotate and offset-anchor, compared, written,
 * interpolated, and turned into the offset transform
 *
 * A path () is in the layer's own coordinates (as Chromium places it:
 * `path("M 0 0 …")` starts where the layer is); a ray () and a basic
 * shape are laid on the containing block, the parent's bounds, the ray
 * from offset-position (its centre unless said), a circle or an ellipse
 * from its rightmost point and an inset from its top left corner, both
 * clockwise, as Chromium goes round them. The layer moves so that
 * its anchor (its pivot point unless offset-anchor says) lies at the
 * point offset-distance along the path, turned about the anchor as
 * offset-rotate says; that comes after the layer's transform and before
 * its translate, rotate and scale, about the pivot, as CSS Transforms 2
 * orders them.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-style-private.h"
#include "gsk-layer-private.h"

/* The path's points are measured this close to its curves */
#define MOTION_TOLERANCE 0.01f

static void
append_number (GString *s,
               float    value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%g", value);
  if ((float) g_ascii_strtod (buf, NULL) != value)
    g_ascii_formatd (buf, sizeof buf, "%.9g", value);
  g_string_append (s, buf);
}

/* x then y, each px or, with its bit, percent */
static void
append_position (GString      *s,
                 const float   position[2],
                 guint8        percent)
{
  for (int axis = 0; axis < 2; axis++)
    {
      append_number (s, position[axis]);
      g_string_append (s, percent & (1 << axis) ? "%" : position[axis] != 0 ? "px" : "");
      if (axis == 0)
        g_string_append_c (s, ' ');
    }
}

gboolean
gsk_layer_style_offset_paths_equal (const GskLayerStyle *a,
                                    const GskLayerStyle *b)
{
  if ((a->offset_path == NULL) != (b->offset_path == NULL) ||
      (a->offset_path != NULL && !gsk_layer_path_equal (a->offset_path, b->offset_path)))
    return FALSE;
  if (a->offset_ray != b->offset_ray ||
      (a->offset_ray && (a->offset_ray_angle != b->offset_ray_angle || a->offset_ray_size != b->offset_ray_size ||
                         a->offset_ray_at != b->offset_ray_at ||
                         (a->offset_ray_at && (a->offset_ray_position[0] != b->offset_ray_position[0] ||
                                               a->offset_ray_position[1] != b->offset_ray_position[1] ||
                                               a->offset_ray_position_percent != b->offset_ray_position_percent)))))
    return FALSE;
  return gsk_layer_basic_shape_equal (a->offset_shape, b->offset_shape);
}

static gboolean
offset_positions_equal (const GskLayerStyle *a,
                        const GskLayerStyle *b)
{
  GskLayerOffsetPosition ka = a->set & GSK_LAYER_STYLE_OFFSET_POSITION ? a->offset_position_kind : 0;
  GskLayerOffsetPosition kb = b->set & GSK_LAYER_STYLE_OFFSET_POSITION ? b->offset_position_kind : 0;

  return ka == kb && (ka != GSK_LAYER_OFFSET_POSITION_AT ||
                      (a->offset_position[0] == b->offset_position[0] &&
                       a->offset_position[1] == b->offset_position[1] &&
                       a->offset_position_percent == b->offset_position_percent));
}

gboolean
gsk_layer_style_offsets_equal (const GskLayerStyle *a,
                               const GskLayerStyle *b)
{
  gboolean ma = gsk_layer_style_moves (a), mb = gsk_layer_style_moves (b);

  if (ma != mb || (ma && !gsk_layer_style_offset_paths_equal (a, b)))
    return FALSE;
  if (!ma)
    return TRUE;
  return offset_positions_equal (a, b) && a->offset_distance == b->offset_distance && a->offset_distance_percent == b->offset_distance_percent &&
         a->offset_rotate_auto == b->offset_rotate_auto && a->offset_rotate_reverse == b->offset_rotate_reverse &&
         a->offset_rotate == b->offset_rotate && a->offset_anchor_auto == b->offset_anchor_auto &&
         (a->offset_anchor_auto ||
          (a->offset_anchor[0] == b->offset_anchor[0] && a->offset_anchor[1] == b->offset_anchor[1] &&
           a->offset_anchor_percent == b->offset_anchor_percent));
}

void
gsk_layer_style_print_motion (const GskLayerStyle *self,
                              GString             *s)
{
  if (self->set & GSK_LAYER_STYLE_OFFSET_PATH)
    {
      if (self->offset_path)
        {
          char *data = gsk_layer_path_to_string (self->offset_path);

          g_string_append_printf (s, "offset-path: path(\"%s\"); ", data);
          g_free (data);
        }
      else if (self->offset_ray)
        {
          static const char * const sizes[] = {
            "closest-side", "closest-corner", "farthest-side", "farthest-corner", "sides",
          };

          g_string_append (s, "offset-path: ray(");
          append_number (s, self->offset_ray_angle);
          g_string_append_printf (s, "deg %s", sizes[self->offset_ray_size]);
          if (self->offset_ray_at)
            {
              g_string_append (s, " at ");
              append_position (s, self->offset_ray_position, self->offset_ray_position_percent);
            }
          g_string_append (s, "); ");
        }
      else if (self->offset_shape)
        {
          g_string_append (s, "offset-path: ");
          gsk_layer_basic_shape_print (self->offset_shape, s);
          g_string_append (s, "; ");
        }
      else
        g_string_append (s, "offset-path: none; ");
    }
  if (self->set & GSK_LAYER_STYLE_OFFSET_POSITION)
    {
      g_string_append (s, "offset-position: ");
      if (self->offset_position_kind == GSK_LAYER_OFFSET_POSITION_AT)
        append_position (s, self->offset_position, self->offset_position_percent);
      else
        g_string_append (s, self->offset_position_kind == GSK_LAYER_OFFSET_POSITION_AUTO ? "auto" : "normal");
      g_string_append (s, "; ");
    }
  if (self->set & GSK_LAYER_STYLE_OFFSET_DISTANCE)
    {
      g_string_append (s, "offset-distance: ");
      append_number (s, self->offset_distance);
      g_string_append (s, self->offset_distance_percent ? "%; " : self->offset_distance != 0 ? "px; " : "; ");
    }
  if (self->set & GSK_LAYER_STYLE_OFFSET_ROTATE)
    {
      g_string_append (s, "offset-rotate: ");
      if (self->offset_rotate_auto)
        g_string_append (s, self->offset_rotate_reverse ? "reverse " : "auto ");
      append_number (s, self->offset_rotate);
      g_string_append (s, "deg; ");
    }
  if (self->set & GSK_LAYER_STYLE_OFFSET_ANCHOR)
    {
      g_string_append (s, "offset-anchor: ");
      if (self->offset_anchor_auto)
        g_string_append (s, "auto; ");
      else
        for (int axis = 0; axis < 2; axis++)
          {
            append_number (s, self->offset_anchor[axis]);
            g_string_append (s, self->offset_anchor_percent & (1 << axis) ? "%" : self->offset_anchor[axis] != 0 ? "px" : "");
            g_string_append (s, axis == 0 ? " " : "; ");
          }
    }
}

static inline float
lerp (float  a,
      float  b,
      double t)
{
  return CLAMP (a + (b - a) * t, -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE);
}

/* As CSS interpolates them: the distance and angle as numbers where
 * their kinds match (px or percent; auto, reverse or a fixed angle),
 * the path point by point between paths of the same segments, the
 * anchor as a position; anything else flips half way */
void
gsk_layer_style_interpolate_motion (const GskLayerStyle *a,
                                    const GskLayerStyle *b,
                                    double               t,
                                    GskLayerStyle       *r)
{
  gboolean late = t >= 0.5;
  int axis;

  if (a->offset_path && b->offset_path)
    r->offset_path = gsk_layer_path_interpolate (a->offset_path, b->offset_path, t);
  if (r->offset_path == NULL && (late ? b : a)->offset_path)
    r->offset_path = gsk_layer_path_ref ((late ? b : a)->offset_path);
  if (a->offset_shape && b->offset_shape)
    r->offset_shape = gsk_layer_basic_shape_interpolate (a->offset_shape, b->offset_shape, t);
  if (r->offset_shape == NULL && (late ? b : a)->offset_shape)
    r->offset_shape = gsk_layer_basic_shape_ref ((late ? b : a)->offset_shape);
  {
    /* Rays of one size and start turn; others change half way */
    const GskLayerStyle *from = late ? b : a;

    r->offset_ray = from->offset_ray;
    r->offset_ray_angle = from->offset_ray_angle;
    r->offset_ray_size = from->offset_ray_size;
    r->offset_ray_at = from->offset_ray_at;
    memcpy (r->offset_ray_position, from->offset_ray_position, sizeof r->offset_ray_position);
    r->offset_ray_position_percent = from->offset_ray_position_percent;
    if (a->offset_ray && b->offset_ray && a->offset_ray_size == b->offset_ray_size &&
        a->offset_ray_at == b->offset_ray_at && a->offset_ray_position_percent == b->offset_ray_position_percent)
      {
        r->offset_ray_angle = lerp (a->offset_ray_angle, b->offset_ray_angle, t);
        for (axis = 0; axis < 2; axis++)
          r->offset_ray_position[axis] = lerp (a->offset_ray_position[axis], b->offset_ray_position[axis], t);
      }
    /* offset-position: positions of one kind move */
    from = late ? b : a;
    r->offset_position_kind = from->offset_position_kind;
    memcpy (r->offset_position, from->offset_position, sizeof r->offset_position);
    r->offset_position_percent = from->offset_position_percent;
    if (a->offset_position_kind == GSK_LAYER_OFFSET_POSITION_AT &&
        b->offset_position_kind == GSK_LAYER_OFFSET_POSITION_AT &&
        a->offset_position_percent == b->offset_position_percent)
      for (axis = 0; axis < 2; axis++)
        r->offset_position[axis] = lerp (a->offset_position[axis], b->offset_position[axis], t);
  }

  if (a->offset_distance_percent == b->offset_distance_percent || a->offset_distance == 0 || b->offset_distance == 0)
    {
      r->offset_distance = lerp (a->offset_distance, b->offset_distance, t);
      r->offset_distance_percent = a->offset_distance != 0 ? a->offset_distance_percent : b->offset_distance_percent;
    }
  else
    {
      r->offset_distance = (late ? b : a)->offset_distance;
      r->offset_distance_percent = (late ? b : a)->offset_distance_percent;
    }

  if (a->offset_rotate_auto == b->offset_rotate_auto && a->offset_rotate_reverse == b->offset_rotate_reverse)
    {
      r->offset_rotate_auto = a->offset_rotate_auto;
      r->offset_rotate_reverse = a->offset_rotate_reverse;
      r->offset_rotate = lerp (a->offset_rotate, b->offset_rotate, t);
    }
  else
    {
      r->offset_rotate_auto = (late ? b : a)->offset_rotate_auto;
      r->offset_rotate_reverse = (late ? b : a)->offset_rotate_reverse;
      r->offset_rotate = (late ? b : a)->offset_rotate;
    }

  if (!a->offset_anchor_auto && !b->offset_anchor_auto)
    {
      r->offset_anchor_auto = FALSE;
      r->offset_anchor_percent = 0;
      for (axis = 0; axis < 2; axis++)
        {
          gboolean pa = (a->offset_anchor_percent >> axis) & 1, pb = (b->offset_anchor_percent >> axis) & 1;

          if (pa == pb || a->offset_anchor[axis] == 0 || b->offset_anchor[axis] == 0)
            {
              r->offset_anchor[axis] = lerp (a->offset_anchor[axis], b->offset_anchor[axis], t);
              r->offset_anchor_percent |= (a->offset_anchor[axis] != 0 ? pa : pb) << axis;
            }
          else
            {
              r->offset_anchor[axis] = (late ? b : a)->offset_anchor[axis];
              r->offset_anchor_percent |= ((late ? pb : pa) ? 1 : 0) << axis;
            }
        }
    }
  else
    {
      const GskLayerStyle *s = late ? b : a;

      r->offset_anchor_auto = s->offset_anchor_auto;
      r->offset_anchor[0] = s->offset_anchor[0];
      r->offset_anchor[1] = s->offset_anchor[1];
      r->offset_anchor_percent = s->offset_anchor_percent;
    }
}

/* The containing block: the parent's bounds (a layer without one is
 * its own) */
static graphene_rect_t
containing_block (GskLayerPrivate *p)
{
  const graphene_size_t *size = p->parent ? &gsk_layer_get_private (p->parent)->size : &p->size;

  return GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
}

static graphene_point_t
resolve_position (const float            position[2],
                  guint8                 percent,
                  const graphene_rect_t *box)
{
  return GRAPHENE_POINT_INIT (box->origin.x + (percent & 1 ? position[0] / 100.f * box->size.width : position[0]),
                              box->origin.y + (percent & 2 ? position[1] / 100.f * box->size.height : position[1]));
}

/* How long a ray from @start going (@dx, @dy) is, in @cb */
static float
ray_length (GskLayerRaySize         size,
            const graphene_point_t *start,
            float                   dx,
            float                   dy,
            const graphene_rect_t  *cb)
{
  float x0 = cb->origin.x, y0 = cb->origin.y, x1 = x0 + cb->size.width, y1 = y0 + cb->size.height;
  float sides[4] = { fabsf (start->x - x0), fabsf (x1 - start->x), fabsf (start->y - y0), fabsf (y1 - start->y) };
  float corners[4], best;
  int i;

  for (i = 0; i < 4; i++)
    corners[i] = hypotf ((i & 1 ? x1 : x0) - start->x, (i & 2 ? y1 : y0) - start->y);

  switch (size)
    {
    case GSK_LAYER_RAY_CLOSEST_SIDE:
      return MIN (MIN (sides[0], sides[1]), MIN (sides[2], sides[3]));
    case GSK_LAYER_RAY_FARTHEST_SIDE:
      return MAX (MAX (sides[0], sides[1]), MAX (sides[2], sides[3]));
    case GSK_LAYER_RAY_CLOSEST_CORNER:
      return MIN (MIN (corners[0], corners[1]), MIN (corners[2], corners[3]));
    case GSK_LAYER_RAY_FARTHEST_CORNER:
      return MAX (MAX (corners[0], corners[1]), MAX (corners[2], corners[3]));
    case GSK_LAYER_RAY_SIDES:
    default:
      /* Where it leaves the box; nothing from outside it */
      if (start->x < x0 || start->x > x1 || start->y < y0 || start->y > y1)
        return 0;
      best = G_MAXFLOAT;
      if (dx > 1e-6f)
        best = MIN (best, (x1 - start->x) / dx);
      else if (dx < -1e-6f)
        best = MIN (best, (x0 - start->x) / dx);
      if (dy > 1e-6f)
        best = MIN (best, (y1 - start->y) / dy);
      else if (dy < -1e-6f)
        best = MIN (best, (y0 - start->y) / dy);
      return best == G_MAXFLOAT ? 0 : best;
    }
}

/* A resolved basic shape as the path a layer goes round: an ellipse
 * from its rightmost point, a rectangle from its top left corner (past
 * its rounding), clockwise */
static GskLayerPath *
shape_path (const GskLayerResolvedShape *shape)
{
  const graphene_rect_t *r = &shape->rect;
  const graphene_size_t *radii = shape->radii;
  float x0 = r->origin.x, y0 = r->origin.y, x1 = x0 + r->size.width, y1 = y0 + r->size.height;
  GskLayerPathBuilder *builder;
  gboolean ellipse = TRUE;
  int i;

  if (shape->is_path)
    return gsk_layer_path_ref (shape->path);

  for (i = 0; i < 4; i++)
    ellipse &= radii[i].width * 2 >= r->size.width - 1e-3f && radii[i].height * 2 >= r->size.height - 1e-3f;

  builder = gsk_layer_path_builder_new ();
  if (ellipse)
    {
      float rx = r->size.width / 2, ry = r->size.height / 2, cx = x0 + rx, cy = y0 + ry;

      gsk_layer_path_builder_move_to (builder, x1, cy);
      gsk_layer_path_builder_svg_arc_to (builder, rx, ry, 0, FALSE, TRUE, cx, y1);
      gsk_layer_path_builder_svg_arc_to (builder, rx, ry, 0, FALSE, TRUE, x0, cy);
      gsk_layer_path_builder_svg_arc_to (builder, rx, ry, 0, FALSE, TRUE, cx, y0);
      gsk_layer_path_builder_svg_arc_to (builder, rx, ry, 0, FALSE, TRUE, x1, cy);
    }
  else
    {
      gsk_layer_path_builder_move_to (builder, x0 + radii[0].width, y0);
      gsk_layer_path_builder_line_to (builder, x1 - radii[1].width, y0);
      if (radii[1].width > 0 && radii[1].height > 0)
        gsk_layer_path_builder_svg_arc_to (builder, radii[1].width, radii[1].height, 0, FALSE, TRUE, x1, y0 + radii[1].height);
      gsk_layer_path_builder_line_to (builder, x1, y1 - radii[2].height);
      if (radii[2].width > 0 && radii[2].height > 0)
        gsk_layer_path_builder_svg_arc_to (builder, radii[2].width, radii[2].height, 0, FALSE, TRUE, x1 - radii[2].width, y1);
      gsk_layer_path_builder_line_to (builder, x0 + radii[3].width, y1);
      if (radii[3].width > 0 && radii[3].height > 0)
        gsk_layer_path_builder_svg_arc_to (builder, radii[3].width, radii[3].height, 0, FALSE, TRUE, x0, y1 - radii[3].height);
      gsk_layer_path_builder_line_to (builder, x0, y0 + radii[0].height);
      if (radii[0].width > 0 && radii[0].height > 0)
        gsk_layer_path_builder_svg_arc_to (builder, radii[0].width, radii[0].height, 0, FALSE, TRUE, x0 + radii[0].width, y0);
    }
  gsk_layer_path_builder_close (builder);
  return gsk_layer_path_builder_free_to_path (builder);
}

/* The last few basic shapes laid on a containing block, as paths: a
 * layer moving round one measures the same path frame after frame
 * (its style is a new one each frame, its shape an equal one) */
#define N_SHAPE_PATHS 4

static struct {
  GskLayerBasicShape *shape;
  graphene_rect_t block;
  GskLayerPath *path;
} shape_paths[N_SHAPE_PATHS];
static guint next_shape_path;
static GMutex shape_paths_lock;

/* @shape laid on @block, as the path a layer goes round (a reference) */
static GskLayerPath *
shape_on_block (GskLayerBasicShape    *shape,
                const graphene_rect_t *block)
{
  const graphene_rect_t boxes[3] = { *block, *block, *block };
  const graphene_size_t radii[3][4] = { { { 0, 0 }, }, };
  GskLayerResolvedShape resolved;
  GskLayerPath *path = NULL;
  guint i;

  g_mutex_lock (&shape_paths_lock);
  for (i = 0; i < N_SHAPE_PATHS && path == NULL; i++)
    if (shape_paths[i].shape != NULL && graphene_rect_equal (&shape_paths[i].block, block) &&
        gsk_layer_basic_shape_equal (shape_paths[i].shape, shape))
      path = gsk_layer_path_ref (shape_paths[i].path);
  g_mutex_unlock (&shape_paths_lock);
  if (path != NULL)
    return path;

  gsk_layer_basic_shape_resolve (shape, boxes, radii, &resolved);
  path = shape_path (&resolved);
  gsk_layer_resolved_shape_clear (&resolved);

  g_mutex_lock (&shape_paths_lock);
  i = next_shape_path;
  next_shape_path = (next_shape_path + 1) % N_SHAPE_PATHS;
  g_clear_pointer (&shape_paths[i].shape, gsk_layer_basic_shape_unref);
  g_clear_pointer (&shape_paths[i].path, gsk_layer_path_unref);
  shape_paths[i].shape = gsk_layer_basic_shape_ref (shape);
  shape_paths[i].block = *block;
  shape_paths[i].path = gsk_layer_path_ref (path);
  g_mutex_unlock (&shape_paths_lock);
  return path;
}

/* Where the layer's point on its offset-path is and which way the path
 * goes there (degrees), in the layer's own coordinates; FALSE if there
 * is nowhere */
static gboolean
locate (GskLayerPrivate  *p,
        graphene_point_t *at,
        float            *direction)
{
  const GskLayerStyle *style = p->style;
  graphene_rect_t cb;
  graphene_point_t start;

  if (style->offset_path != NULL)
    {
      if (gsk_layer_path_is_empty (style->offset_path))
        return FALSE;
      gsk_layer_path_locate (style->offset_path, style->offset_distance, style->offset_distance_percent,
                             MOTION_TOLERANCE, at, direction);
      return TRUE;
    }

  cb = containing_block (p);
  if (style->offset_ray)
    {
      float a = style->offset_ray_angle * G_PI / 180.f, dx = sinf (a), dy = -cosf (a), distance;

      if (style->offset_ray_at)
        start = resolve_position (style->offset_ray_position, style->offset_ray_position_percent, &cb);
      else if ((style->set & GSK_LAYER_STYLE_OFFSET_POSITION) &&
               style->offset_position_kind == GSK_LAYER_OFFSET_POSITION_AUTO)
        start = p->position;
      else if ((style->set & GSK_LAYER_STYLE_OFFSET_POSITION) &&
               style->offset_position_kind == GSK_LAYER_OFFSET_POSITION_AT)
        start = resolve_position (style->offset_position, style->offset_position_percent, &cb);
      else
        start = GRAPHENE_POINT_INIT (cb.size.width / 2, cb.size.height / 2);
      distance = style->offset_distance;
      if (style->offset_distance_percent)
        distance = distance / 100.f * ray_length (style->offset_ray_size, &start, dx, dy, &cb);
      *at = GRAPHENE_POINT_INIT (start.x + dx * distance, start.y + dy * distance);
      *direction = style->offset_ray_angle - 90.f;
    }
  else
    {
      GskLayerPath *path = shape_on_block (style->offset_shape, &cb);

      if (gsk_layer_path_is_empty (path))
        {
          gsk_layer_path_unref (path);
          return FALSE;
        }
      gsk_layer_path_locate (path, style->offset_distance, style->offset_distance_percent, MOTION_TOLERANCE,
                             at, direction);
      gsk_layer_path_unref (path);
    }

  /* From the containing block's coordinates to the layer's own, where
   * it stands before it moves */
  at->x -= p->position.x;
  at->y -= p->position.y;
  return TRUE;
}

gboolean
gsk_layer_style_offset_transform (GskLayerPrivate *p,
                                  float            t[6])
{
  const GskLayerStyle *style = p->style;
  float px = p->pivot.x * p->size.width, py = p->pivot.y * p->size.height;
  float ax = px, ay = py, direction = 0, angle, c, s;
  graphene_point_t at;

  if (!gsk_layer_style_moves (style) || !locate (p, &at, &direction))
    return FALSE;

  if (!style->offset_anchor_auto)
    {
      ax = style->offset_anchor_percent & 1 ? style->offset_anchor[0] * p->size.width / 100.f : style->offset_anchor[0];
      ay = style->offset_anchor_percent & 2 ? style->offset_anchor[1] * p->size.height / 100.f : style->offset_anchor[1];
    }
  angle = style->offset_rotate;
  if (style->offset_rotate_auto)
    angle += direction + (style->offset_rotate_reverse ? 180.f : 0.f);
  c = cosf (angle * G_PI / 180.f);
  s = sinf (angle * G_PI / 180.f);

  /* About the pivot: turn about the anchor, then take it to the point */
  t[0] = c;
  t[1] = s;
  t[2] = -s;
  t[3] = c;
  t[4] = c * (px - ax) - s * (py - ay) + at.x - px;
  t[5] = s * (px - ax) + c * (py - ay) + at.y - py;
  return isfinite (t[4]) && isfinite (t[5]);
}
