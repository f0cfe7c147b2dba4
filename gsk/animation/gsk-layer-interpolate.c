/* gsk-layer-interpolate.c: values between two values
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <gdk/gdk.h>
#include <graphene-gobject.h>

#include "gsk-layer-interpolate-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-style-private.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-transform-private.h"

static inline double
lerp (double a,
      double b,
      double t)
{
  return a + (b - a) * t;
}

/* Easings that overshoot take transform operations past their ends, and
 * past what a transform takes: lengths and factors stop at
 * GSK_LAYER_MAX_COORDINATE, skews short of 90° */
static inline float
lerp_value (double a,
            double b,
            double t)
{
  return CLAMP (lerp (a, b, t), -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE);
}

/* Angles have no range but a float's: overshooting past it would give
 * an infinite rotation */
static inline float
lerp_angle (double a,
            double b,
            double t)
{
  return CLAMP (lerp (a, b, t), -G_MAXFLOAT, G_MAXFLOAT);
}

/* The same for an interpolated matrix; where decomposing gave NaN, the
 * nearer end, @end. An end's product may itself be beyond what a matrix
 * operation takes, so it is clamped too. */
static void
clamp_matrix (graphene_matrix_t *m,
              const float       *end)
{
  float f[16];

  graphene_matrix_to_float (m, f);
  for (guint i = 0; i < 16; i++)
    {
      if (isnan (f[i]))
        {
          memcpy (f, end, sizeof f);
          break;
        }
    }
  for (guint i = 0; i < 16; i++)
    f[i] = CLAMP (f[i], -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE);
  graphene_matrix_init_from_float (m, f);
}

static inline float
lerp_skew (double a,
           double b,
           double t)
{
  double degrees = lerp (a, b, t);

  if (gsk_layer_transform_skew_is_valid (degrees))
    return degrees;

  return copysign (atan (GSK_LAYER_MAX_COORDINATE) * 180.0 / G_PI * 0.9999999,
                   tan (degrees * G_PI / 180.0));
}

gboolean
gsk_layer_value_is_valid (GParamSpec   *pspec,
                          const GValue *value)
{
  GValue check = G_VALUE_INIT;
  gboolean changed;
  float f[4];
  guint n;

  g_value_init (&check, pspec->value_type);
  g_value_copy (value, &check);
  changed = g_param_value_validate (pspec, &check);
  g_value_unset (&check);
  if (changed)
    return FALSE;

  if (G_VALUE_HOLDS (value, GSK_TYPE_LAYER_TRANSFORM))
    return g_value_get_boxed (value) == NULL || gsk_layer_transform_is_finite (g_value_get_boxed (value));

  /* GParamSpecBoxed checks no contents: the ranges of GskLayer's setters */
  if (!G_VALUE_HOLDS_BOXED (value) || g_value_get_boxed (value) == NULL)
    return TRUE;
  n = gsk_layer_value_to_floats (value, f);
  for (guint i = 0; i < n; i++)
    {
      if (G_VALUE_HOLDS (value, GDK_TYPE_RGBA) ? !(f[i] >= 0.f && f[i] <= 1.f)
                                               : !(fabsf (f[i]) <= GSK_LAYER_MAX_COORDINATE))
        return FALSE;
      if (G_VALUE_HOLDS (value, GRAPHENE_TYPE_SIZE) && f[i] < 0.f)
        return FALSE;
    }

  return TRUE;
}

gboolean
gsk_layer_value_type_is_animatable (GType type)
{
  return type == G_TYPE_FLOAT || type == G_TYPE_DOUBLE ||
         type == G_TYPE_INT || type == G_TYPE_UINT ||
         type == GRAPHENE_TYPE_POINT || type == GRAPHENE_TYPE_POINT3D ||
         type == GRAPHENE_TYPE_SIZE || type == GDK_TYPE_RGBA ||
         type == GSK_TYPE_LAYER_TRANSFORM || type == GSK_TYPE_LAYER_STYLE ||
         type == GSK_TYPE_LAYER_PATH;
}

guint
gsk_layer_value_to_floats (const GValue *value,
                           float         out[4])
{
  GType type = G_VALUE_TYPE (value);

  out[0] = out[1] = out[2] = out[3] = 0.f;
  if (type == G_TYPE_FLOAT)
    {
      out[0] = g_value_get_float (value);
      return 1;
    }
  else if (type == GRAPHENE_TYPE_POINT)
    {
      const graphene_point_t *p = g_value_get_boxed (value);

      out[0] = p->x;
      out[1] = p->y;
      return 2;
    }
  else if (type == GRAPHENE_TYPE_POINT3D)
    {
      const graphene_point3d_t *p = g_value_get_boxed (value);

      out[0] = p->x;
      out[1] = p->y;
      out[2] = p->z;
      return 3;
    }
  else if (type == GRAPHENE_TYPE_SIZE)
    {
      const graphene_size_t *size = g_value_get_boxed (value);

      out[0] = size->width;
      out[1] = size->height;
      return 2;
    }
  else if (type == GDK_TYPE_RGBA)
    {
      const GdkRGBA *c = g_value_get_boxed (value);

      out[0] = c->red;
      out[1] = c->green;
      out[2] = c->blue;
      out[3] = c->alpha;
      return 4;
    }

  return 0;
}

void
gsk_layer_floats_interpolate (GType        type,
                              const float *from,
                              const float *to,
                              double       t,
                              float        out[4])
{
  if (type == GDK_TYPE_RGBA)
    {
      GdkRGBA c = gsk_layer_rgba_interpolate (&(GdkRGBA) { from[0], from[1], from[2], from[3] },
                                              &(GdkRGBA) { to[0], to[1], to[2], to[3] }, t);

      out[0] = c.red;
      out[1] = c.green;
      out[2] = c.blue;
      out[3] = c.alpha;
      return;
    }

  /* As gsk_layer_value_interpolate() */
  out[0] = lerp (from[0], to[0], t);
  out[1] = lerp (from[1], to[1], t);
  out[2] = lerp (from[2], to[2], t);
  out[3] = lerp (from[3], to[3], t);
  if (type == GRAPHENE_TYPE_SIZE)
    {
      out[0] = MAX (0, out[0]);
      out[1] = MAX (0, out[1]);
    }
}

/* Whether the two lists have the same operations in the same order, so
 * that they interpolate operation by operation */
static gboolean
transforms_match (GskLayerTransform *a,
                  GskLayerTransform *b)
{
  guint i, n = gsk_layer_transform_get_n_ops (a);

  if (n != gsk_layer_transform_get_n_ops (b))
    return FALSE;

  for (i = 0; i < n; i++)
    {
      float va[16], vb[16];
      GskLayerTransformOp oa = gsk_layer_transform_get_op (a, i, va);
      GskLayerTransformOp ob = gsk_layer_transform_get_op (b, i, vb);

      if (oa != ob)
        return FALSE;
      /* Rotations about different axes would need a matrix */
      if (oa == GSK_LAYER_TRANSFORM_OP_ROTATE &&
          (va[0] != vb[0] || va[1] != vb[1] || va[2] != vb[2]))
        return FALSE;
      if (oa == GSK_LAYER_TRANSFORM_OP_MATRIX)
        return FALSE;
    }

  return TRUE;
}

/* The identity operations matching @other's, for "none" (CSS Transforms
 * 2, interpolation with none) */
static GskLayerTransform *
identity_like (GskLayerTransform *other)
{
  GskLayerTransform *t = NULL;
  guint i, n = gsk_layer_transform_get_n_ops (other);

  for (i = 0; i < n; i++)
    {
      float v[16];

      switch (gsk_layer_transform_get_op (other, i, v))
        {
        case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
          t = gsk_layer_transform_translate_3d (t, 0, 0, 0);
          break;
        case GSK_LAYER_TRANSFORM_OP_SCALE:
          t = gsk_layer_transform_scale_3d (t, 1, 1, 1);
          break;
        case GSK_LAYER_TRANSFORM_OP_ROTATE:
          {
            graphene_vec3_t axis;

            graphene_vec3_init (&axis, v[0], v[1], v[2]);
            t = gsk_layer_transform_rotate_3d (t, 0, &axis);
          }
          break;
        case GSK_LAYER_TRANSFORM_OP_SKEW:
          t = gsk_layer_transform_skew (t, 0, 0);
          break;
        case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
          /* perspective(infinity) is the identity; a very long one is
           * as good for interpolation */
          t = gsk_layer_transform_perspective (t, 1e9f);
          break;
        case GSK_LAYER_TRANSFORM_OP_MATRIX:
        default:
          t = gsk_layer_transform_matrix (t, graphene_matrix_init_identity (&(graphene_matrix_t) { 0 }));
          break;
        }
    }

  return t;
}

/* CSS Transforms 1, "Decomposing a 2D matrix": translate, scale, angle
 * (degrees) and the remaining 2×2 matrix */
typedef struct {
  double translate[2];
  double scale[2];
  double angle;
  double m11, m12, m21, m22;
} Decomposed2D;

static gboolean
matrix_is_2d (const float *m)
{
  return m[2] == 0.f && m[3] == 0.f && m[6] == 0.f && m[7] == 0.f &&
         m[8] == 0.f && m[9] == 0.f && m[10] == 1.f && m[11] == 0.f &&
         m[14] == 0.f && m[15] == 1.f;
}

static void
unmatrix_2d (const float  *m,
             Decomposed2D *d)
{
  /* CSS's [a b c d e f] is graphene's m[0] m[1] m[4] m[5] m[12] m[13] */
  double row0x = m[0], row0y = m[1], row1x = m[4], row1y = m[5];

  d->translate[0] = m[12];
  d->translate[1] = m[13];
  d->scale[0] = sqrt (row0x * row0x + row0y * row0y);
  d->scale[1] = sqrt (row1x * row1x + row1y * row1y);

  if (row0x * row1y - row0y * row1x < 0)
    {
      if (row0x < row1y)
        d->scale[0] = -d->scale[0];
      else
        d->scale[1] = -d->scale[1];
    }

  if (d->scale[0] != 0)
    {
      row0x /= d->scale[0];
      row0y /= d->scale[0];
    }
  if (d->scale[1] != 0)
    {
      row1x /= d->scale[1];
      row1y /= d->scale[1];
    }

  d->angle = atan2 (row0y, row0x);
  if (d->angle != 0)
    {
      double sn = -row0y, cs = row0x;
      double m11 = row0x, m12 = row0y, m21 = row1x, m22 = row1y;

      row0x = cs * m11 + sn * m21;
      row0y = cs * m12 + sn * m22;
      row1x = -sn * m11 + cs * m21;
      row1y = -sn * m12 + cs * m22;
    }

  d->m11 = row0x;
  d->m12 = row0y;
  d->m21 = row1x;
  d->m22 = row1y;
  d->angle = d->angle * 180.0 / G_PI;
}

static void
interpolate_2d (const float        *ma,
                const float        *mb,
                double              t,
                graphene_matrix_t  *out)
{
  Decomposed2D a, b, r;
  double sn, cs, m[6];

  unmatrix_2d (ma, &a);
  unmatrix_2d (mb, &b);

  /* One flipped in x and the other in y: an unflipped rotation */
  if ((a.scale[0] < 0 && b.scale[1] < 0) || (a.scale[1] < 0 && b.scale[0] < 0))
    {
      a.scale[0] = -a.scale[0];
      a.scale[1] = -a.scale[1];
      a.angle += a.angle < 0 ? 180 : -180;
    }

  /* Do not rotate the long way around */
  if (a.angle == 0)
    a.angle = 360;
  if (b.angle == 0)
    b.angle = 360;
  if (fabs (a.angle - b.angle) > 180)
    {
      if (a.angle > b.angle)
        a.angle -= 360;
      else
        b.angle -= 360;
    }

  r.translate[0] = lerp (a.translate[0], b.translate[0], t);
  r.translate[1] = lerp (a.translate[1], b.translate[1], t);
  r.scale[0] = lerp (a.scale[0], b.scale[0], t);
  r.scale[1] = lerp (a.scale[1], b.scale[1], t);
  r.angle = lerp (a.angle, b.angle, t) * G_PI / 180.0;
  r.m11 = lerp (a.m11, b.m11, t);
  r.m12 = lerp (a.m12, b.m12, t);
  r.m21 = lerp (a.m21, b.m21, t);
  r.m22 = lerp (a.m22, b.m22, t);

  /* Recomposing, as the spec does */
  m[0] = r.m11;
  m[1] = r.m12;
  m[2] = r.m21;
  m[3] = r.m22;
  m[4] = r.translate[0] * m[0] + r.translate[1] * m[2];
  m[5] = r.translate[0] * m[1] + r.translate[1] * m[3];

  sn = sin (r.angle);
  cs = cos (r.angle);
  {
    double m11 = m[0], m12 = m[1], m21 = m[2], m22 = m[3];

    m[0] = cs * m11 + sn * m21;
    m[1] = cs * m12 + sn * m22;
    m[2] = -sn * m11 + cs * m21;
    m[3] = -sn * m12 + cs * m22;
  }

  m[0] *= r.scale[0];
  m[1] *= r.scale[0];
  m[2] *= r.scale[1];
  m[3] *= r.scale[1];

  graphene_matrix_init_from_2d (out, m[0], m[1], m[2], m[3], m[4], m[5]);
}


/* {{{ Prepared transform interpolation */

typedef struct {
  GskLayerTransformOp op;
  float from[4];
  float to[4];
} OpPair;

/* Sized to what it holds: one of these lives in every running transform
 * transition */
struct _GskLayerTransformLerp
{
  guint n_ops;          /* matching lists: op by op */
  guint by_matrix : 1;  /* otherwise: through the matrices */
  guint is_2d : 1;
  guint both_null : 1;
  float *matrices;      /* by_matrix: from and to, 16 floats each */
  OpPair pairs[];
};

GskLayerTransformLerp *
gsk_layer_transform_lerp_new (GskLayerTransform *a,
                              GskLayerTransform *b)
{
  GskLayerTransformLerp *self;
  GskLayerTransform *tmp_a = NULL, *tmp_b = NULL;
  guint i, n;

  if (a == NULL && b == NULL)
    {
      self = g_new0 (GskLayerTransformLerp, 1);
      self->both_null = TRUE;
      return self;
    }
  if (a == NULL)
    a = tmp_a = identity_like (b);
  if (b == NULL)
    b = tmp_b = identity_like (a);

  if (transforms_match (a, b))
    {
      n = gsk_layer_transform_get_n_ops (a);
      self = g_malloc0 (sizeof (GskLayerTransformLerp) + n * sizeof (OpPair));
      self->n_ops = n;
      for (i = 0; i < n; i++)
        {
          float va[16], vb[16];

          self->pairs[i].op = gsk_layer_transform_get_op (a, i, va);
          gsk_layer_transform_get_op (b, i, vb);
          memcpy (self->pairs[i].from, va, sizeof self->pairs[i].from);
          memcpy (self->pairs[i].to, vb, sizeof self->pairs[i].to);
        }
    }
  else
    {
      graphene_matrix_t m;

      self = g_new0 (GskLayerTransformLerp, 1);
      self->by_matrix = TRUE;
      self->matrices = g_new (float, 32);
      gsk_layer_transform_to_matrix (a, &m);
      graphene_matrix_to_float (&m, self->matrices);
      gsk_layer_transform_to_matrix (b, &m);
      graphene_matrix_to_float (&m, self->matrices + 16);
      self->is_2d = matrix_is_2d (self->matrices) && matrix_is_2d (self->matrices + 16);
    }

  g_clear_pointer (&tmp_a, gsk_layer_transform_unref);
  g_clear_pointer (&tmp_b, gsk_layer_transform_unref);

  return self;
}

GskLayerTransform *
gsk_layer_transform_lerp_at (const GskLayerTransformLerp *self,
                             double                       t)
{
  GskLayerTransform *result = NULL;
  guint i;

  if (self->both_null)
    return NULL;

  if (self->by_matrix)
    {
      graphene_matrix_t mr;

      if (self->is_2d)
        interpolate_2d (self->matrices, self->matrices + 16, t, &mr);
      else
        {
          graphene_matrix_t ma, mb;

          graphene_matrix_init_from_float (&ma, self->matrices);
          graphene_matrix_init_from_float (&mb, self->matrices + 16);
          graphene_matrix_interpolate (&ma, &mb, t, &mr);
        }
      clamp_matrix (&mr, self->matrices + (t < 0.5 ? 0 : 16));
      return gsk_layer_transform_matrix (NULL, &mr);
    }

  for (i = 0; i < self->n_ops; i++)
    {
      const float *va = self->pairs[i].from, *vb = self->pairs[i].to;

      switch (self->pairs[i].op)
        {
        case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
          result = gsk_layer_transform_translate_3d (result, lerp_value (va[0], vb[0], t),
                                                     lerp_value (va[1], vb[1], t), lerp_value (va[2], vb[2], t));
          break;
        case GSK_LAYER_TRANSFORM_OP_SCALE:
          result = gsk_layer_transform_scale_3d (result, lerp_value (va[0], vb[0], t),
                                                 lerp_value (va[1], vb[1], t), lerp_value (va[2], vb[2], t));
          break;
        case GSK_LAYER_TRANSFORM_OP_ROTATE:
          {
            graphene_vec3_t axis;

            graphene_vec3_init (&axis, va[0], va[1], va[2]);
            result = gsk_layer_transform_rotate_3d (result, lerp_angle (va[3], vb[3], t), &axis);
          }
          break;
        case GSK_LAYER_TRANSFORM_OP_SKEW:
          result = gsk_layer_transform_skew (result, lerp_skew (va[0], vb[0], t), lerp_skew (va[1], vb[1], t));
          break;
        case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
          {
            double inv = lerp (1.0 / va[0], 1.0 / vb[0], t);

            result = gsk_layer_transform_perspective (result, inv > 1e-9 ? 1.0 / inv : 1e9);
          }
          break;
        case GSK_LAYER_TRANSFORM_OP_MATRIX:
        default:
          g_assert_not_reached ();
        }
    }

  return result;
}

/* Any list of operations but a single rotation */
static G_GNUC_NO_INLINE gboolean
lerp_overwrite_ops (const GskLayerTransformLerp *self,
                    double                       t,
                    GskLayerTransform           *transform)
{
  GskLayerTransformOp ops[16];
  float values[16][4];
  guint i;

  if (self->n_ops > G_N_ELEMENTS (ops))
    return FALSE;

  /* The values gsk_layer_transform_lerp_at() builds its list from */
  for (i = 0; i < self->n_ops; i++)
    {
      const float *va = self->pairs[i].from, *vb = self->pairs[i].to;
      float *v = values[i];

      ops[i] = self->pairs[i].op;
      switch (ops[i])
        {
        case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
        case GSK_LAYER_TRANSFORM_OP_SCALE:
          v[0] = lerp_value (va[0], vb[0], t);
          v[1] = lerp_value (va[1], vb[1], t);
          v[2] = lerp_value (va[2], vb[2], t);
          v[3] = 0;
          break;
        case GSK_LAYER_TRANSFORM_OP_ROTATE:
          v[0] = va[0];
          v[1] = va[1];
          v[2] = va[2];
          v[3] = lerp_angle (va[3], vb[3], t);
          break;
        case GSK_LAYER_TRANSFORM_OP_SKEW:
          v[0] = lerp_skew (va[0], vb[0], t);
          v[1] = lerp_skew (va[1], vb[1], t);
          v[2] = v[3] = 0;
          break;
        case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
          {
            double inv = lerp (1.0 / va[0], 1.0 / vb[0], t);

            v[0] = inv > 1e-9 ? 1.0 / inv : 1e9;
            v[1] = v[2] = v[3] = 0;
          }
          break;
        case GSK_LAYER_TRANSFORM_OP_MATRIX:
        default:
          return FALSE;
        }
    }

  return gsk_layer_transform_overwrite (transform, self->n_ops, ops, (const float (*)[4]) values);
}

gboolean
gsk_layer_transform_lerp_get_rotation (const GskLayerTransformLerp *self,
                                       float                       *from,
                                       float                       *to)
{
  if (self->both_null || self->by_matrix ||
      self->n_ops != 1 || self->pairs[0].op != GSK_LAYER_TRANSFORM_OP_ROTATE)
    return FALSE;

  *from = self->pairs[0].from[3];
  *to = self->pairs[0].to[3];
  return TRUE;
}

gboolean
gsk_layer_transform_lerp_overwrite (const GskLayerTransformLerp *self,
                                    double                       t,
                                    GskLayerTransform           *transform)
{
  if (self->both_null || self->by_matrix)
    return FALSE;

  /* One rotation: the most animated transform of all */
  if (self->n_ops == 1 && self->pairs[0].op == GSK_LAYER_TRANSFORM_OP_ROTATE)
    return gsk_layer_transform_overwrite_angle (transform, lerp_angle (self->pairs[0].from[3], self->pairs[0].to[3], t));

  return lerp_overwrite_ops (self, t, transform);
}

void
gsk_layer_transform_lerp_free (GskLayerTransformLerp *self)
{
  if (self == NULL)
    return;

  g_free (self->matrices);
  g_free (self);
}

/* }}} */

void
gsk_layer_value_prepare_endpoints (GValue *from,
                                   GValue *to)
{
  GskLayerTransform *a, *b;

  if (G_VALUE_TYPE (from) != GSK_TYPE_LAYER_TRANSFORM || G_VALUE_TYPE (to) != GSK_TYPE_LAYER_TRANSFORM)
    return;

  a = g_value_get_boxed (from);
  b = g_value_get_boxed (to);
  if (a == NULL && b != NULL)
    g_value_take_boxed (from, identity_like (b));
  else if (b == NULL && a != NULL)
    g_value_take_boxed (to, identity_like (a));
}

void
gsk_layer_value_interpolate (const GValue *from,
                             const GValue *to,
                             double        t,
                             GValue       *out)
{
  GType type = G_VALUE_TYPE (from);

  g_return_if_fail (G_VALUE_TYPE (to) == type);
  g_return_if_fail (G_VALUE_TYPE (out) == type);

  if (type == G_TYPE_FLOAT)
    g_value_set_float (out, lerp (g_value_get_float (from), g_value_get_float (to), t));
  else if (type == G_TYPE_DOUBLE)
    g_value_set_double (out, lerp (g_value_get_double (from), g_value_get_double (to), t));
  else if (type == G_TYPE_INT)
    g_value_set_int (out, (int) round (lerp (g_value_get_int (from), g_value_get_int (to), t)));
  else if (type == G_TYPE_UINT)
    g_value_set_uint (out, (guint) MAX (0, round (lerp (g_value_get_uint (from), g_value_get_uint (to), t))));
  else if (type == GRAPHENE_TYPE_POINT)
    {
      const graphene_point_t *a = g_value_get_boxed (from), *b = g_value_get_boxed (to);
      graphene_point_t r = GRAPHENE_POINT_INIT (lerp (a->x, b->x, t), lerp (a->y, b->y, t));

      g_value_set_boxed (out, &r);
    }
  else if (type == GRAPHENE_TYPE_POINT3D)
    {
      const graphene_point3d_t *a = g_value_get_boxed (from), *b = g_value_get_boxed (to);
      graphene_point3d_t r = GRAPHENE_POINT3D_INIT (lerp (a->x, b->x, t), lerp (a->y, b->y, t),
                                                    lerp (a->z, b->z, t));

      g_value_set_boxed (out, &r);
    }
  else if (type == GRAPHENE_TYPE_SIZE)
    {
      const graphene_size_t *a = g_value_get_boxed (from), *b = g_value_get_boxed (to);
      graphene_size_t r = GRAPHENE_SIZE_INIT (MAX (0, lerp (a->width, b->width, t)),
                                              MAX (0, lerp (a->height, b->height, t)));

      g_value_set_boxed (out, &r);
    }
  else if (type == GDK_TYPE_RGBA)
    {
      GdkRGBA r = gsk_layer_rgba_interpolate (g_value_get_boxed (from), g_value_get_boxed (to), t);

      g_value_set_boxed (out, &r);
    }
  else if (type == GSK_TYPE_LAYER_TRANSFORM)
    {
      /* One-off: transitions keep their prepared lerp across frames */
      GskLayerTransformLerp *lerp_ = gsk_layer_transform_lerp_new (g_value_get_boxed (from), g_value_get_boxed (to));

      g_value_take_boxed (out, gsk_layer_transform_lerp_at (lerp_, t));
      gsk_layer_transform_lerp_free (lerp_);
    }
  else if (type == GSK_TYPE_LAYER_STYLE)
    g_value_take_boxed (out, gsk_layer_style_interpolate (g_value_get_boxed (from), g_value_get_boxed (to), t));
  else if (type == GSK_TYPE_LAYER_PATH)
    {
      /* Paths of the same segments point by point; others at the end */
      GskLayerPath *a = g_value_get_boxed (from), *b = g_value_get_boxed (to);
      GskLayerPath *r = a && b ? gsk_layer_path_interpolate (a, b, t) : NULL;

      if (r)
        g_value_take_boxed (out, r);
      else
        g_value_copy (t < 1.0 ? from : to, out);
    }
  else
    g_value_copy (t < 1.0 ? from : to, out);
}
