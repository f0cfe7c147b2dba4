/* gsk-layer-basic-shape.c: CSS's <basic-shape> as a value: compared,
 * written, interpolated and laid out on a layer's boxes
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-basic-shape-private.h"
#include "gsk-layer-types.h"

static const char * const box_names[] = { "border-box", "padding-box", "content-box" };

GskLayerBasicShape *
gsk_layer_basic_shape_new (GskLayerBasicShapeKind kind)
{
  GskLayerBasicShape *self = g_new0 (GskLayerBasicShape, 1);

  g_ref_count_init (&self->ref_count);
  self->kind = kind;
  /* Circles and ellipses: closest-side about the centre */
  self->radius_kind[0] = self->radius_kind[1] = GSK_LAYER_SHAPE_RADIUS_CLOSEST_SIDE;
  self->center[0] = self->center[1] = 50;
  self->percent = (1 << 2) | (1 << 3);
  if (kind == GSK_LAYER_BASIC_SHAPE_INSET)
    self->percent = 0;
  return self;
}

GskLayerBasicShape *
gsk_layer_basic_shape_ref (GskLayerBasicShape *self)
{
  g_ref_count_inc (&self->ref_count);
  return self;
}

void
gsk_layer_basic_shape_unref (GskLayerBasicShape *self)
{
  if (!g_ref_count_dec (&self->ref_count))
    return;

  g_free (self->points);
  g_free (self->point_percent);
  g_clear_pointer (&self->path, gsk_layer_path_unref);
  g_free (self);
}

gboolean
gsk_layer_basic_shape_equal (const GskLayerBasicShape *a,
                             const GskLayerBasicShape *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;
  if (a->kind != b->kind || a->box != b->box || a->box_set != b->box_set)
    return FALSE;

  switch (a->kind)
    {
    case GSK_LAYER_BASIC_SHAPE_BOX:
      return TRUE;
    case GSK_LAYER_BASIC_SHAPE_INSET:
      return memcmp (a->inset, b->inset, sizeof a->inset) == 0 && a->percent == b->percent;
    case GSK_LAYER_BASIC_SHAPE_CIRCLE:
    case GSK_LAYER_BASIC_SHAPE_ELLIPSE:
      return memcmp (a->radii, b->radii, sizeof a->radii) == 0 &&
             memcmp (a->radius_kind, b->radius_kind, sizeof a->radius_kind) == 0 &&
             memcmp (a->center, b->center, sizeof a->center) == 0 && a->percent == b->percent;
    case GSK_LAYER_BASIC_SHAPE_POLYGON:
      return a->fill_rule == b->fill_rule && a->n_points == b->n_points &&
             memcmp (a->points, b->points, 2 * a->n_points * sizeof (float)) == 0 &&
             memcmp (a->point_percent, b->point_percent, 2 * a->n_points) == 0;
    case GSK_LAYER_BASIC_SHAPE_PATH:
      return a->fill_rule == b->fill_rule && gsk_layer_path_equal (a->path, b->path);
    default:
      g_assert_not_reached ();
    }
}

/* {{{ Writing */

static void
print_length (GString  *out,
              float     value,
              gboolean  percent)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%g", value);
  if ((float) g_ascii_strtod (buf, NULL) != value)
    g_ascii_formatd (buf, sizeof buf, "%.9g", value);
  g_string_append (out, buf);
  if (percent)
    g_string_append_c (out, '%');
  else if (value != 0.f)
    g_string_append (out, "px");
}

static void
print_radius (GString                  *out,
              const GskLayerBasicShape *self,
              int                       i)
{
  switch (self->radius_kind[i])
    {
    case GSK_LAYER_SHAPE_RADIUS_CLOSEST_SIDE:
      g_string_append (out, "closest-side");
      break;
    case GSK_LAYER_SHAPE_RADIUS_FARTHEST_SIDE:
      g_string_append (out, "farthest-side");
      break;
    case GSK_LAYER_SHAPE_RADIUS_LENGTH:
    default:
      print_length (out, self->radii[i], self->percent & (1 << i));
      break;
    }
}

void
gsk_layer_basic_shape_print (const GskLayerBasicShape *self,
                             GString                  *out)
{
  guint i;

  switch (self->kind)
    {
    case GSK_LAYER_BASIC_SHAPE_BOX:
      break;

    case GSK_LAYER_BASIC_SHAPE_INSET:
      g_string_append (out, "inset(");
      for (i = 0; i < 4; i++)
        {
          if (i > 0)
            g_string_append_c (out, ' ');
          print_length (out, self->inset[i], self->percent & (1 << i));
        }
      for (i = 4; i < 12; i++)
        if (self->inset[i] != 0.f)
          break;
      if (i < 12)
        {
          g_string_append (out, " round");
          for (i = 4; i < 12; i += 2)
            {
              g_string_append_c (out, ' ');
              print_length (out, self->inset[i], self->percent & (1 << i));
            }
          g_string_append (out, " /");
          for (i = 5; i < 12; i += 2)
            {
              g_string_append_c (out, ' ');
              print_length (out, self->inset[i], self->percent & (1 << i));
            }
        }
      g_string_append_c (out, ')');
      break;

    case GSK_LAYER_BASIC_SHAPE_CIRCLE:
    case GSK_LAYER_BASIC_SHAPE_ELLIPSE:
      g_string_append (out, self->kind == GSK_LAYER_BASIC_SHAPE_CIRCLE ? "circle(" : "ellipse(");
      print_radius (out, self, 0);
      if (self->kind == GSK_LAYER_BASIC_SHAPE_ELLIPSE)
        {
          g_string_append_c (out, ' ');
          print_radius (out, self, 1);
        }
      g_string_append (out, " at ");
      print_length (out, self->center[0], self->percent & (1 << 2));
      g_string_append_c (out, ' ');
      print_length (out, self->center[1], self->percent & (1 << 3));
      g_string_append_c (out, ')');
      break;

    case GSK_LAYER_BASIC_SHAPE_POLYGON:
      g_string_append (out, "polygon(");
      if (self->fill_rule == GSK_LAYER_PATH_FILL_RULE_EVENODD)
        g_string_append (out, "evenodd, ");
      for (i = 0; i < self->n_points; i++)
        {
          if (i > 0)
            g_string_append (out, ", ");
          print_length (out, self->points[2 * i], self->point_percent[2 * i]);
          g_string_append_c (out, ' ');
          print_length (out, self->points[2 * i + 1], self->point_percent[2 * i + 1]);
        }
      g_string_append_c (out, ')');
      break;

    case GSK_LAYER_BASIC_SHAPE_PATH:
      {
        char *data = gsk_layer_path_to_string (self->path);

        g_string_append (out, "path(");
        if (self->fill_rule == GSK_LAYER_PATH_FILL_RULE_EVENODD)
          g_string_append (out, "evenodd, ");
        g_string_append_printf (out, "\"%s\")", data);
        g_free (data);
      }
      break;

    default:
      g_assert_not_reached ();
    }

  if (self->box_set)
    {
      if (self->kind != GSK_LAYER_BASIC_SHAPE_BOX)
        g_string_append_c (out, ' ');
      g_string_append (out, box_names[self->box]);
    }
}

/* }}} */
/* {{{ Interpolation */

static inline float
lerp (float  a,
      float  b,
      double t)
{
  return CLAMP (a + (b - a) * t, -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE);
}

/* Values in px or percent interpolate when their units match or one is
 * 0, which is 0 in either */
static gboolean
lerp_lengths (const float *a,
              guint32      a_percent,
              const float *b,
              guint32      b_percent,
              guint        n,
              double       t,
              gboolean     nonnegative,
              float       *out,
              guint32     *out_percent)
{
  guint i;

  *out_percent = 0;
  for (i = 0; i < n; i++)
    {
      gboolean ap = (a_percent >> i) & 1, bp = (b_percent >> i) & 1;

      if (ap != bp && a[i] != 0.f && b[i] != 0.f)
        return FALSE;
      out[i] = lerp (a[i], b[i], t);
      if (nonnegative)
        out[i] = MAX (out[i], 0.f);
      *out_percent |= (guint32) (a[i] != 0.f ? ap : bp) << i;
    }
  return TRUE;
}

static GskLayerBasicShape *
interpolate_values (const GskLayerBasicShape *a,
                    const GskLayerBasicShape *b,
                    double                    t)
{
  GskLayerBasicShape *r;
  guint32 bits;
  guint i;

  if (a->kind != b->kind || a->box != b->box)
    return NULL;

  r = gsk_layer_basic_shape_new (a->kind);
  r->box = a->box;
  r->box_set = a->box_set || b->box_set;
  r->fill_rule = a->fill_rule;

  switch (a->kind)
    {
    case GSK_LAYER_BASIC_SHAPE_BOX:
      return r;

    case GSK_LAYER_BASIC_SHAPE_INSET:
      /* Insets may be negative, radii not */
      if (!lerp_lengths (a->inset, a->percent, b->inset, b->percent, 4, t, FALSE, r->inset, &bits))
        break;
      r->percent = bits;
      if (!lerp_lengths (a->inset + 4, a->percent >> 4, b->inset + 4, b->percent >> 4, 8, t, TRUE,
                         r->inset + 4, &bits))
        break;
      r->percent |= bits << 4;
      return r;

    case GSK_LAYER_BASIC_SHAPE_CIRCLE:
    case GSK_LAYER_BASIC_SHAPE_ELLIPSE:
      if (memcmp (a->radius_kind, b->radius_kind, sizeof a->radius_kind) != 0)
        break;
      memcpy (r->radius_kind, a->radius_kind, sizeof r->radius_kind);
      if (!lerp_lengths (a->radii, a->percent, b->radii, b->percent, 2, t, TRUE, r->radii, &bits))
        break;
      r->percent = bits;
      if (!lerp_lengths (a->center, a->percent >> 2, b->center, b->percent >> 2, 2, t, FALSE, r->center, &bits))
        break;
      r->percent |= bits << 2;
      return r;

    case GSK_LAYER_BASIC_SHAPE_POLYGON:
      if (a->fill_rule != b->fill_rule || a->n_points != b->n_points)
        break;
      r->n_points = a->n_points;
      r->points = g_new (float, 2 * r->n_points);
      r->point_percent = g_new0 (guint8, 2 * r->n_points);
      for (i = 0; i < 2 * r->n_points; i++)
        {
          if (!lerp_lengths (&a->points[i], a->point_percent[i], &b->points[i], b->point_percent[i], 1, t, FALSE,
                             &r->points[i], &bits))
            break;
          r->point_percent[i] = bits;
        }
      if (i < 2 * r->n_points)
        break;
      return r;

    case GSK_LAYER_BASIC_SHAPE_PATH:
      if (a->fill_rule != b->fill_rule)
        break;
      r->path = gsk_layer_path_interpolate (a->path, b->path, t);
      if (r->path == NULL)
        break;
      return r;

    default:
      g_assert_not_reached ();
    }

  gsk_layer_basic_shape_unref (r);
  return NULL;
}

GskLayerBasicShape *
gsk_layer_basic_shape_interpolate (const GskLayerBasicShape *from,
                                   const GskLayerBasicShape *to,
                                   double                    t)
{
  GskLayerBasicShape *r = interpolate_values (from, to, t);

  if (r == NULL)
    r = gsk_layer_basic_shape_ref ((GskLayerBasicShape *) (t >= 0.5 ? to : from));
  return r;
}

/* }}} */
/* {{{ Layout */

void
gsk_layer_scale_corner_radii (const graphene_rect_t *rect,
                              graphene_size_t       *radii)
{
  float w = rect->size.width, h = rect->size.height;
  float f = 1.f;
  int i;

  /* Each side against the two radii along it */
  if (radii[0].width + radii[1].width > w)
    f = MIN (f, w / (radii[0].width + radii[1].width));
  if (radii[3].width + radii[2].width > w)
    f = MIN (f, w / (radii[3].width + radii[2].width));
  if (radii[0].height + radii[3].height > h)
    f = MIN (f, h / (radii[0].height + radii[3].height));
  if (radii[1].height + radii[2].height > h)
    f = MIN (f, h / (radii[1].height + radii[2].height));
  if (f < 1.f)
    for (i = 0; i < 4; i++)
      {
        radii[i].width *= f;
        radii[i].height *= f;
      }
}

static inline float
resolve (float    value,
         gboolean percent,
         float    basis)
{
  return percent ? value * basis / 100.f : value;
}

/* A circle's or ellipse's radius along @axis (0 x, 1 y, 2 a circle's
 * both) about @c in @box */
static float
resolve_radius (const GskLayerBasicShape *self,
                int                       i,
                int                       axis,
                const graphene_rect_t    *box,
                const graphene_point_t   *c)
{
  float w = box->size.width, h = box->size.height;
  float dx0 = fabsf (c->x - box->origin.x), dx1 = fabsf (box->origin.x + w - c->x);
  float dy0 = fabsf (c->y - box->origin.y), dy1 = fabsf (box->origin.y + h - c->y);

  switch (self->radius_kind[i])
    {
    case GSK_LAYER_SHAPE_RADIUS_CLOSEST_SIDE:
      if (axis == 0)
        return MIN (dx0, dx1);
      if (axis == 1)
        return MIN (dy0, dy1);
      return MIN (MIN (dx0, dx1), MIN (dy0, dy1));
    case GSK_LAYER_SHAPE_RADIUS_FARTHEST_SIDE:
      if (axis == 0)
        return MAX (dx0, dx1);
      if (axis == 1)
        return MAX (dy0, dy1);
      return MAX (MAX (dx0, dx1), MAX (dy0, dy1));
    case GSK_LAYER_SHAPE_RADIUS_LENGTH:
    default:
      /* A circle's percentage is of the box's diagonal over √2 */
      return resolve (self->radii[i], self->percent & (1 << i),
                      axis == 0 ? w : axis == 1 ? h : sqrtf ((w * w + h * h) / 2.f));
    }
}

void
gsk_layer_basic_shape_resolve (const GskLayerBasicShape *self,
                               const graphene_rect_t     boxes[3],
                               const graphene_size_t     radii[3][4],
                               GskLayerResolvedShape    *out)
{
  const graphene_rect_t *box = &boxes[self->box];
  float x = box->origin.x, y = box->origin.y, w = box->size.width, h = box->size.height;
  graphene_point_t c;
  guint i;

  memset (out, 0, sizeof *out);
  out->fill_rule = self->fill_rule;

  switch (self->kind)
    {
    case GSK_LAYER_BASIC_SHAPE_BOX:
      out->rect = *box;
      memcpy (out->radii, radii[self->box], sizeof out->radii);
      break;

    case GSK_LAYER_BASIC_SHAPE_INSET:
      {
        float top = resolve (self->inset[0], self->percent & 1, h);
        float right = resolve (self->inset[1], self->percent & 2, w);
        float bottom = resolve (self->inset[2], self->percent & 4, h);
        float left = resolve (self->inset[3], self->percent & 8, w);

        /* Insets that pass each other shrink together to meet */
        if (left + right > w && left + right > 0)
          {
            left = left * w / (left + right);
            right = w - left;
          }
        if (top + bottom > h && top + bottom > 0)
          {
            top = top * h / (top + bottom);
            bottom = h - top;
          }
        graphene_rect_init (&out->rect, x + left, y + top, MAX (w - left - right, 0), MAX (h - top - bottom, 0));
        for (i = 0; i < 4; i++)
          {
            out->radii[i].width = resolve (self->inset[4 + 2 * i], self->percent & (1 << (4 + 2 * i)), w);
            out->radii[i].height = resolve (self->inset[5 + 2 * i], self->percent & (1 << (5 + 2 * i)), h);
          }
        gsk_layer_scale_corner_radii (&out->rect, out->radii);
      }
      break;

    case GSK_LAYER_BASIC_SHAPE_CIRCLE:
    case GSK_LAYER_BASIC_SHAPE_ELLIPSE:
      {
        float rx, ry;

        c = GRAPHENE_POINT_INIT (x + resolve (self->center[0], self->percent & 4, w),
                                 y + resolve (self->center[1], self->percent & 8, h));
        if (self->kind == GSK_LAYER_BASIC_SHAPE_CIRCLE)
          rx = ry = resolve_radius (self, 0, 2, box, &c);
        else
          {
            rx = resolve_radius (self, 0, 0, box, &c);
            ry = resolve_radius (self, 1, 1, box, &c);
          }
        graphene_rect_init (&out->rect, c.x - rx, c.y - ry, 2 * rx, 2 * ry);
        for (i = 0; i < 4; i++)
          out->radii[i] = (graphene_size_t) { rx, ry };
      }
      break;

    case GSK_LAYER_BASIC_SHAPE_POLYGON:
      {
        GskLayerPathBuilder *builder = gsk_layer_path_builder_new ();

        for (i = 0; i < self->n_points; i++)
          {
            float px = x + resolve (self->points[2 * i], self->point_percent[2 * i], w);
            float py = y + resolve (self->points[2 * i + 1], self->point_percent[2 * i + 1], h);

            if (i == 0)
              gsk_layer_path_builder_move_to (builder, px, py);
            else
              gsk_layer_path_builder_line_to (builder, px, py);
          }
        gsk_layer_path_builder_close (builder);
        out->is_path = TRUE;
        out->path = gsk_layer_path_builder_free_to_path (builder);
      }
      break;

    case GSK_LAYER_BASIC_SHAPE_PATH:
      {
        const float shift[6] = { 1, 0, 0, 1, x, y };

        out->is_path = TRUE;
        out->path = x == 0 && y == 0 ? gsk_layer_path_ref (self->path) : gsk_layer_path_transform (self->path, shift);
      }
      break;

    default:
      g_assert_not_reached ();
    }

  if (out->is_path)
    gsk_layer_path_get_bounds (out->path, &out->rect);
}

void
gsk_layer_resolved_shape_clear (GskLayerResolvedShape *shape)
{
  g_clear_pointer (&shape->path, gsk_layer_path_unref);
}

/* }}} */
