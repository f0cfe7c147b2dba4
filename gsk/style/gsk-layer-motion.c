/* gsk-layer-motion.c: CSS Motion Path on a layer: offset-path,
 * offset-distance, offset-rotate and offset-anchor, compared, written,
 * interpolated, and turned into the offset transform
 *
 * The path is in the layer's own coordinates (as Chromium places it:
 * `path("M 0 0 …")` starts where the layer is). The layer moves so that
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

gboolean
gsk_layer_style_offsets_equal (const GskLayerStyle *a,
                               const GskLayerStyle *b)
{
  GskLayerPath *pa = gsk_layer_style_get_offset_path (a), *pb = gsk_layer_style_get_offset_path (b);

  if ((pa == NULL) != (pb == NULL) || (pa != NULL && !gsk_layer_path_equal (pa, pb)))
    return FALSE;
  if (pa == NULL)
    return TRUE;
  return a->offset_distance == b->offset_distance && a->offset_distance_percent == b->offset_distance_percent &&
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
      else
        g_string_append (s, "offset-path: none; ");
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

gboolean
gsk_layer_style_offset_transform (GskLayerPrivate *p,
                                  float            t[6])
{
  const GskLayerStyle *style = p->style;
  GskLayerPath *path = gsk_layer_style_get_offset_path (style);
  float px = p->pivot.x * p->size.width, py = p->pivot.y * p->size.height;
  float ax = px, ay = py, direction = 0, angle, c, s;
  graphene_point_t at;

  if (path == NULL || gsk_layer_path_is_empty (path))
    return FALSE;

  gsk_layer_path_locate (path, style->offset_distance, style->offset_distance_percent, MOTION_TOLERANCE,
                         &at, &direction);

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
