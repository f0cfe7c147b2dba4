/* gsk-layer-transform.c: an immutable list of transform operations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gsk-layer-transform.h"
#include "gsk-layer-transform-private.h"

#include <math.h>
#include <string.h>

/**
 * GskLayerTransform:
 *
 * An immutable list of transform operations: the value of a CSS
 * `transform` property.
 *
 * ```c
 * GskLayerTransform *transform = NULL;
 *
 * transform = gsk_layer_transform_translate (transform, 100, 50);
 * transform = gsk_layer_transform_rotate (transform, 45);
 * gsk_layer_set_transform (layer, transform);
 * gsk_layer_transform_unref (transform);
 * ```
 *
 * `NULL` is the identity transform and every function accepts it.
 * Builders such as [method@LayerTransform.translate] take ownership of
 * the transform they are given and return a new one with the operation
 * appended, so that calls read in the order of the CSS text: the
 * transform above is `translate(100px, 50px) rotate(45deg)`, which moves
 * the origin first and rotates about the moved origin.
 *
 * Operations, units and conventions are those of CSS Transforms Level 1
 * and 2: lengths in pixels, angles in degrees, y pointing down, so that
 * positive angles rotate clockwise on screen.
 *
 * Since: 0.1
 */

struct _GskLayerTransform
{
  gatomicrefcount ref_count;

  GskLayerTransformOp op;

  /* Of the whole chain up to and including this operation */
  GskLayerTransformCategory category;
  guint n_ops;

  /* The operations listed before this one, owned */
  GskLayerTransform *next;

  union {
    struct {
      float x, y, z;
    } translate;
    struct {
      float x, y, z;
    } scale;
    struct {
      float degrees;
      /* As given, for printing; and normalized, for everything else */
      float axis[3];
      float unit_axis[3];
    } rotate;
    struct {
      float x_degrees;
      float y_degrees;
    } skew;
    struct {
      float depth;
    } perspective;
    struct {
      /* graphene_matrix_to_float() order */
      float m[16];
    } matrix;
  };
};

G_DEFINE_BOXED_TYPE (GskLayerTransform, gsk_layer_transform,
                     gsk_layer_transform_ref,
                     gsk_layer_transform_unref)

static GskLayerTransform *
gsk_layer_transform_alloc (GskLayerTransform         *next,
                           GskLayerTransformOp        op,
                           GskLayerTransformCategory  category)
{
  GskLayerTransform *self;

  self = g_new0 (GskLayerTransform, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->op = op;
  self->next = next;

  if (next != NULL)
    {
      self->category = MAX (next->category, category);
      self->n_ops = next->n_ops + 1;
    }
  else
    {
      self->category = category;
      self->n_ops = 1;
    }

  return self;
}

/**
 * gsk_layer_transform_ref:
 * @self: (nullable): a transform
 *
 * Acquires a reference on @self.
 *
 * Returns: (transfer full) (nullable): @self
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_transform_ref (GskLayerTransform *self)
{
  if (self == NULL)
    return NULL;

  g_atomic_ref_count_inc (&self->ref_count);

  return self;
}

/**
 * gsk_layer_transform_unref:
 * @self: (nullable) (transfer full): a transform
 *
 * Releases a reference on @self, freeing it when it was the last one.
 *
 * Does nothing if @self is `NULL`.
 *
 * Since: 0.1
 */
void
gsk_layer_transform_unref (GskLayerTransform *self)
{
  /* A loop rather than recursion, so that long chains cannot exhaust
   * the stack */
  while (self != NULL && g_atomic_ref_count_dec (&self->ref_count))
    {
      GskLayerTransform *next = self->next;

      g_free (self);
      self = next;
    }
}

static gboolean
matrix_floats_are_finite (const float m[16])
{
  for (guint i = 0; i < 16; i++)
    {
      if (!isfinite (m[i]))
        return FALSE;
    }

  return TRUE;
}

/* A length, factor or matrix entry GSK guarantees to compute with;
 * false for NaN */
static inline gboolean
value_is_valid (float v)
{
  return v >= -GSK_LAYER_MAX_COORDINATE && v <= GSK_LAYER_MAX_COORDINATE;
}

static gboolean
matrix_floats_are_valid (const float m[16])
{
  for (guint i = 0; i < 16; i++)
    {
      if (!value_is_valid (m[i]))
        return FALSE;
    }

  return TRUE;
}

gboolean
gsk_layer_transform_skew_is_valid (float degrees)
{
  return isfinite (degrees) && fabs (tan (degrees * G_PI / 180.0)) <= GSK_LAYER_MAX_COORDINATE;
}

/* graphene_matrix_is_2d() allows an epsilon and a z scale of -1; printing
 * as matrix() and the 2D fast paths need the exact form:
 *
 *   a b 0 0
 *   c d 0 0
 *   0 0 1 0
 *   e f 0 1
 */
static gboolean
matrix_floats_are_2d (const float m[16])
{
  return m[2] == 0.f && m[3] == 0.f &&
         m[6] == 0.f && m[7] == 0.f &&
         m[8] == 0.f && m[9] == 0.f && m[10] == 1.f && m[11] == 0.f &&
         m[14] == 0.f && m[15] == 1.f;
}

/**
 * gsk_layer_transform_translate:
 * @next: (nullable) (transfer full): the transform to append to
 * @x: the offset in x, in pixels
 * @y: the offset in y, in pixels
 *
 * Appends CSS `translate(x, y)` to @next.
 *
 * Returns @next unchanged, with a critical warning, when @x or @y is
 * not finite or beyond %GSK_LAYER_MAX_COORDINATE.
 *
 * Returns: (transfer full) (nullable): the new transform
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_transform_translate (GskLayerTransform *next,
                               float              x,
                               float              y)
{
  GskLayerTransform *self;

  g_return_val_if_fail (value_is_valid (x) && value_is_valid (y), next);

  self = gsk_layer_transform_alloc (next,
                                    GSK_LAYER_TRANSFORM_OP_TRANSLATE,
                                    GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE);
  self->translate.x = x;
  self->translate.y = y;
  self->translate.z = 0.f;

  return self;
}

/**
 * gsk_layer_transform_translate_3d:
 * @next: (nullable) (transfer full): the transform to append to
 * @x: the offset in x, in pixels
 * @y: the offset in y, in pixels
 * @z: the offset in z, in pixels; positive values move towards the viewer
 *
 * Appends CSS `translate3d(x, y, z)` to @next.
 *
 * Returns @next unchanged, with a critical warning, when an offset is
 * not finite or beyond %GSK_LAYER_MAX_COORDINATE.
 *
 * Returns: (transfer full) (nullable): the new transform
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_transform_translate_3d (GskLayerTransform *next,
                                  float              x,
                                  float              y,
                                  float              z)
{
  GskLayerTransform *self;

  g_return_val_if_fail (value_is_valid (x) && value_is_valid (y) && value_is_valid (z), next);

  self = gsk_layer_transform_alloc (next,
                                    GSK_LAYER_TRANSFORM_OP_TRANSLATE,
                                    z == 0.f ? GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE
                                             : GSK_LAYER_TRANSFORM_CATEGORY_3D);
  self->translate.x = x;
  self->translate.y = y;
  self->translate.z = z;

  return self;
}

/**
 * gsk_layer_transform_scale:
 * @next: (nullable) (transfer full): the transform to append to
 * @sx: the factor in x
 * @sy: the factor in y
 *
 * Appends CSS `scale(sx, sy)` to @next.
 *
 * Returns @next unchanged, with a critical warning, when a factor is
 * not finite or beyond %GSK_LAYER_MAX_COORDINATE.
 *
 * Returns: (transfer full) (nullable): the new transform
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_transform_scale (GskLayerTransform *next,
                           float              sx,
                           float              sy)
{
  GskLayerTransform *self;

  g_return_val_if_fail (value_is_valid (sx) && value_is_valid (sy), next);

  self = gsk_layer_transform_alloc (next,
                                    GSK_LAYER_TRANSFORM_OP_SCALE,
                                    GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE);
  self->scale.x = sx;
  self->scale.y = sy;
  self->scale.z = 1.f;

  return self;
}

/**
 * gsk_layer_transform_scale_3d:
 * @next: (nullable) (transfer full): the transform to append to
 * @sx: the factor in x
 * @sy: the factor in y
 * @sz: the factor in z
 *
 * Appends CSS `scale3d(sx, sy, sz)` to @next.
 *
 * Returns @next unchanged, with a critical warning, when a factor is
 * not finite or beyond %GSK_LAYER_MAX_COORDINATE.
 *
 * Returns: (transfer full) (nullable): the new transform
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_transform_scale_3d (GskLayerTransform *next,
                              float              sx,
                              float              sy,
                              float              sz)
{
  GskLayerTransform *self;

  g_return_val_if_fail (value_is_valid (sx) && value_is_valid (sy) && value_is_valid (sz), next);

  self = gsk_layer_transform_alloc (next,
                                    GSK_LAYER_TRANSFORM_OP_SCALE,
                                    sz == 1.f ? GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE
                                              : GSK_LAYER_TRANSFORM_CATEGORY_3D);
  self->scale.x = sx;
  self->scale.y = sy;
  self->scale.z = sz;

  return self;
}

/* Arguments already checked: finite, axis not zero */
GskLayerTransform *
gsk_layer_transform_rotate_internal (GskLayerTransform *next,
                                     float              degrees,
                                     float              x,
                                     float              y,
                                     float              z)
{
  GskLayerTransform *self;
  double length;

  self = gsk_layer_transform_alloc (next,
                                    GSK_LAYER_TRANSFORM_OP_ROTATE,
                                    x == 0.f && y == 0.f ? GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE
                                                         : GSK_LAYER_TRANSFORM_CATEGORY_3D);
  self->rotate.degrees = degrees;
  self->rotate.axis[0] = x;
  self->rotate.axis[1] = y;
  self->rotate.axis[2] = z;

  /* In double: the squares of very large or very small floats would
   * overflow or vanish in float, as they do in graphene's normalization */
  length = sqrt ((double) x * x + (double) y * y + (double) z * z);
  self->rotate.unit_axis[0] = x / length;
  self->rotate.unit_axis[1] = y / length;
  self->rotate.unit_axis[2] = z / length;

  return self;
}

/**
 * gsk_layer_transform_rotate:
 * @next: (nullable) (transfer full): the transform to append to
 * @degrees: the angle, in degrees; positive values turn clockwise on
 *   screen
 *
 * Appends CSS `rotate(degrees)`, a rotation about the z axis, to @next.
 *
 * Returns @next unchanged, with a critical warning, when @degrees is
 * not finite.
 *
 * Returns: (transfer full) (nullable): the new transform
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_transform_rotate (GskLayerTransform *next,
                            float              degrees)
{
  g_return_val_if_fail (isfinite (degrees), next);

  return gsk_layer_transform_rotate_internal (next, degrees, 0.f, 0.f, 1.f);
}

/**
 * gsk_layer_transform_rotate_3d:
 * @next: (nullable) (transfer full): the transform to append to
 * @degrees: the angle, in degrees
 * @axis: the axis to rotate about; need not be normalized
 *
 * Appends CSS `rotate3d(x, y, z, degrees)` to @next.
 *
 * Returns @next unchanged, with a critical warning, when @degrees or a
 * component of @axis is not finite, or when @axis is `NULL` or zero.
 *
 * Returns: (transfer full) (nullable): the new transform
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_transform_rotate_3d (GskLayerTransform     *next,
                               float                  degrees,
                               const graphene_vec3_t *axis)
{
  float x, y, z;

  g_return_val_if_fail (isfinite (degrees), next);
  g_return_val_if_fail (axis != NULL, next);

  x = graphene_vec3_get_x (axis);
  y = graphene_vec3_get_y (axis);
  z = graphene_vec3_get_z (axis);

  g_return_val_if_fail (isfinite (x) && isfinite (y) && isfinite (z), next);
  g_return_val_if_fail (x != 0.f || y != 0.f || z != 0.f, next);

  return gsk_layer_transform_rotate_internal (next, degrees, x, y, z);
}

/**
 * gsk_layer_transform_skew:
 * @next: (nullable) (transfer full): the transform to append to
 * @x_degrees: the skew angle along x, in degrees
 * @y_degrees: the skew angle along y, in degrees
 *
 * Appends CSS `skew(x_degrees, y_degrees)` to @next: x moves by
 * tan(@x_degrees) · y and y by tan(@y_degrees) · x.
 *
 * Returns @next unchanged, with a critical warning, when an angle is
 * not finite or so close to 90° (modulo 180°) that its tangent is
 * beyond %GSK_LAYER_MAX_COORDINATE.
 *
 * Returns: (transfer full) (nullable): the new transform
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_transform_skew (GskLayerTransform *next,
                          float              x_degrees,
                          float              y_degrees)
{
  GskLayerTransform *self;

  g_return_val_if_fail (gsk_layer_transform_skew_is_valid (x_degrees) &&
                        gsk_layer_transform_skew_is_valid (y_degrees), next);

  self = gsk_layer_transform_alloc (next,
                                    GSK_LAYER_TRANSFORM_OP_SKEW,
                                    GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE);
  self->skew.x_degrees = x_degrees;
  self->skew.y_degrees = y_degrees;

  return self;
}

/**
 * gsk_layer_transform_perspective:
 * @next: (nullable) (transfer full): the transform to append to
 * @depth: the distance of the viewer from the z = 0 plane, in pixels
 *
 * Appends CSS `perspective(depth)` to @next.
 *
 * As CSS Transforms 2 requires, a @depth below 1 is treated as 1.
 * Returns @next unchanged, with a critical warning, when @depth is not
 * a finite number above 0.
 *
 * Returns: (transfer full) (nullable): the new transform
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_transform_perspective (GskLayerTransform *next,
                                 float              depth)
{
  GskLayerTransform *self;

  g_return_val_if_fail (depth > 0.f && isfinite (depth), next);

  self = gsk_layer_transform_alloc (next,
                                    GSK_LAYER_TRANSFORM_OP_PERSPECTIVE,
                                    GSK_LAYER_TRANSFORM_CATEGORY_3D);
  self->perspective.depth = MAX (depth, 1.f);

  return self;
}

/**
 * gsk_layer_transform_matrix:
 * @next: (nullable) (transfer full): the transform to append to
 * @matrix: the matrix to append
 *
 * Appends @matrix to @next, like CSS `matrix3d()` with the 16 values of
 * graphene_matrix_to_float().
 *
 * Returns @next unchanged, with a critical warning, when @matrix is
 * `NULL` or has an element that is not finite or beyond
 * %GSK_LAYER_MAX_COORDINATE.
 *
 * Returns: (transfer full) (nullable): the new transform
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_transform_matrix (GskLayerTransform       *next,
                            const graphene_matrix_t *matrix)
{
  GskLayerTransform *self;
  float m[16];

  g_return_val_if_fail (matrix != NULL, next);

  graphene_matrix_to_float (matrix, m);

  g_return_val_if_fail (matrix_floats_are_valid (m), next);

  self = gsk_layer_transform_alloc (next,
                                    GSK_LAYER_TRANSFORM_OP_MATRIX,
                                    matrix_floats_are_2d (m) ? GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE
                                                             : GSK_LAYER_TRANSFORM_CATEGORY_3D);
  memcpy (self->matrix.m, m, sizeof m);

  return self;
}

/* The matrix of one operation, in graphene's convention */
static void
gsk_layer_transform_op_to_matrix (GskLayerTransform *self,
                                  graphene_matrix_t *out_matrix)
{
  switch (self->op)
    {
    case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
      graphene_matrix_init_translate (out_matrix,
                                      &GRAPHENE_POINT3D_INIT (self->translate.x,
                                                              self->translate.y,
                                                              self->translate.z));
      break;

    case GSK_LAYER_TRANSFORM_OP_SCALE:
      graphene_matrix_init_scale (out_matrix, self->scale.x, self->scale.y, self->scale.z);
      break;

    case GSK_LAYER_TRANSFORM_OP_ROTATE:
      {
        graphene_vec3_t axis;

        graphene_vec3_init_from_float (&axis, self->rotate.unit_axis);
        graphene_matrix_init_rotate (out_matrix, self->rotate.degrees, &axis);
      }
      break;

    case GSK_LAYER_TRANSFORM_OP_SKEW:
      graphene_matrix_init_skew (out_matrix,
                                 self->skew.x_degrees * G_PI / 180.0,
                                 self->skew.y_degrees * G_PI / 180.0);
      break;

    case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
      /* CSS m34 = -1/d; graphene has no constructor for it (its
       * init_perspective() is a projection frustum) */
      graphene_matrix_init_from_float (out_matrix,
                                       (float[16]) {
                                         1.f, 0.f, 0.f, 0.f,
                                         0.f, 1.f, 0.f, 0.f,
                                         0.f, 0.f, 1.f, -1.f / self->perspective.depth,
                                         0.f, 0.f, 0.f, 1.f,
                                       });
      break;

    case GSK_LAYER_TRANSFORM_OP_MATRIX:
      graphene_matrix_init_from_float (out_matrix, self->matrix.m);
      break;

    default:
      g_assert_not_reached ();
    }
}

/**
 * gsk_layer_transform_to_matrix:
 * @self: (nullable): a transform
 * @out_matrix: (out caller-allocates): return location for the matrix
 *
 * Computes the matrix of @self.
 *
 * The matrix follows graphene's convention of row vectors: a point
 * (x, y, z, 1) transformed with graphene_matrix_transform_vec4() and
 * divided by w lands where CSS would put it. For the CSS text `A B C`
 * this is the product C × B × A.
 *
 * Since: 0.1
 */
void
gsk_layer_transform_to_matrix (GskLayerTransform *self,
                               graphene_matrix_t *out_matrix)
{
  g_return_if_fail (out_matrix != NULL);

  graphene_matrix_init_identity (out_matrix);

  /* Walking from the last operation listed to the first: each one is
   * applied to the point before those listed earlier */
  for (GskLayerTransform *t = self; t != NULL; t = t->next)
    {
      graphene_matrix_t op, product;

      gsk_layer_transform_op_to_matrix (t, &op);
      graphene_matrix_multiply (out_matrix, &op, &product);
      *out_matrix = product;
    }
}

gboolean
gsk_layer_transform_is_finite (GskLayerTransform *self)
{
  graphene_matrix_t m;
  float f[16];

  /* One operation within its constructor's ranges always is; most
   * transforms have one */
  if (self == NULL || self->n_ops == 1)
    return TRUE;

  if (self->category <= GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE)
    {
      float a[6];

      /* The same products as the 4×4 matrix, without its zeros */
      gsk_layer_transform_to_affine (self, a);
      return isfinite (a[0]) && isfinite (a[1]) && isfinite (a[2]) &&
             isfinite (a[3]) && isfinite (a[4]) && isfinite (a[5]);
    }

  gsk_layer_transform_to_matrix (self, &m);
  graphene_matrix_to_float (&m, f);

  return matrix_floats_are_finite (f);
}

/* p · a, then · b: the affine map that applies @a first */
gboolean
gsk_layer_transform_to_affine (GskLayerTransform *self,
                               float              out[6])
{
  out[0] = 1; out[1] = 0; out[2] = 0; out[3] = 1; out[4] = 0; out[5] = 0;

  if (self == NULL)
    return TRUE;
  if (self->category > GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE)
    return FALSE;

  /* From the last operation listed to the first, as to_matrix() */
  for (GskLayerTransform *t = self; t != NULL; t = t->next)
    {
      float op[6] = { 1, 0, 0, 1, 0, 0 };

      switch (t->op)
        {
        case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
          op[4] = t->translate.x;
          op[5] = t->translate.y;
          break;

        case GSK_LAYER_TRANSFORM_OP_SCALE:
          op[0] = t->scale.x;
          op[3] = t->scale.y;
          break;

        case GSK_LAYER_TRANSFORM_OP_ROTATE:
          {
            /* A 2D chain only rotates about z; a negative axis turns the
             * other way */
            /* Floats are what the matrix keeps; sincosf() is several
             * times cheaper than sin() and cos() in double */
            float rad = t->rotate.degrees * (float) (G_PI / 180.0);
            float c, sn;

            sincosf (rad, &sn, &c);
            if (t->rotate.unit_axis[2] < 0)
              sn = -sn;

            op[0] = c;
            op[1] = sn;
            op[2] = -sn;
            op[3] = c;
          }
          break;

        case GSK_LAYER_TRANSFORM_OP_SKEW:
          op[1] = tan (t->skew.y_degrees * G_PI / 180.0);
          op[2] = tan (t->skew.x_degrees * G_PI / 180.0);
          break;

        case GSK_LAYER_TRANSFORM_OP_MATRIX:
          op[0] = t->matrix.m[0];
          op[1] = t->matrix.m[1];
          op[2] = t->matrix.m[4];
          op[3] = t->matrix.m[5];
          op[4] = t->matrix.m[12];
          op[5] = t->matrix.m[13];
          break;

        case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
        default:
          return FALSE;
        }

      gsk_layer_affine_multiply (out, op, out);
    }

  return TRUE;
}

/**
 * gsk_layer_transform_get_category:
 * @self: (nullable): a transform
 *
 * Gets the simplest category of map that @self belongs to.
 *
 * The category is decided from the operations, not from the matrix:
 * `translate(0, 0)` is %GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE and
 * `rotate(0deg)` is %GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE. Only `NULL`
 * is %GSK_LAYER_TRANSFORM_CATEGORY_IDENTITY. This takes constant time.
 *
 * Returns: the category of @self
 *
 * Since: 0.1
 */
GskLayerTransformCategory
gsk_layer_transform_get_category (GskLayerTransform *self)
{
  if (self == NULL)
    return GSK_LAYER_TRANSFORM_CATEGORY_IDENTITY;

  return self->category;
}

static gboolean
gsk_layer_transform_op_equal (GskLayerTransform *first,
                              GskLayerTransform *second)
{
  if (first->op != second->op)
    return FALSE;

  switch (first->op)
    {
    case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
      return first->translate.x == second->translate.x &&
             first->translate.y == second->translate.y &&
             first->translate.z == second->translate.z;

    case GSK_LAYER_TRANSFORM_OP_SCALE:
      return first->scale.x == second->scale.x &&
             first->scale.y == second->scale.y &&
             first->scale.z == second->scale.z;

    case GSK_LAYER_TRANSFORM_OP_ROTATE:
      return first->rotate.degrees == second->rotate.degrees &&
             first->rotate.unit_axis[0] == second->rotate.unit_axis[0] &&
             first->rotate.unit_axis[1] == second->rotate.unit_axis[1] &&
             first->rotate.unit_axis[2] == second->rotate.unit_axis[2];

    case GSK_LAYER_TRANSFORM_OP_SKEW:
      return first->skew.x_degrees == second->skew.x_degrees &&
             first->skew.y_degrees == second->skew.y_degrees;

    case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
      return first->perspective.depth == second->perspective.depth;

    case GSK_LAYER_TRANSFORM_OP_MATRIX:
      for (guint i = 0; i < 16; i++)
        {
          if (first->matrix.m[i] != second->matrix.m[i])
            return FALSE;
        }
      return TRUE;

    default:
      g_assert_not_reached ();
    }
}

/**
 * gsk_layer_transform_equal:
 * @first: (nullable): a transform
 * @second: (nullable): another transform
 *
 * Checks whether two transforms list the same operations with the same
 * values.
 *
 * This compares the lists, not their matrices: `rotate(90deg)` does not
 * equal `matrix(0, 1, -1, 0, 0, 0)`, and `translate(0, 0)` does not equal
 * `NULL`. Rotation axes are compared once normalized, so
 * `rotate3d(0, 0, 2, 45deg)` equals `rotate(45deg)`.
 *
 * Returns: whether @first and @second are equal
 *
 * Since: 0.1
 */
gboolean
gsk_layer_transform_equal (GskLayerTransform *first,
                           GskLayerTransform *second)
{
  if (gsk_layer_transform_get_n_ops (first) != gsk_layer_transform_get_n_ops (second))
    return FALSE;

  /* Same length, so both lists end together; a shared tail is equal */
  while (first != second)
    {
      if (!gsk_layer_transform_op_equal (first, second))
        return FALSE;

      first = first->next;
      second = second->next;
    }

  return TRUE;
}

/**
 * gsk_layer_transform_get_n_ops:
 * @self: (nullable): a transform
 *
 * Gets the number of operations in @self.
 *
 * Returns: the number of operations, 0 for `NULL`
 *
 * Since: 0.1
 */
guint
gsk_layer_transform_get_n_ops (GskLayerTransform *self)
{
  if (self == NULL)
    return 0;

  return self->n_ops;
}

/**
 * gsk_layer_transform_get_op:
 * @self: (nullable): a transform
 * @index_: the position of the operation, 0 for the first one listed
 * @values: (out caller-allocates) (array fixed-size=16) (optional): return
 *   location for the values of the operation
 *
 * Gets one operation of @self and its values, for interpolation.
 *
 * @values is filled according to the kind of operation, and the unused
 * entries are set to 0:
 *
 * - %GSK_LAYER_TRANSFORM_OP_TRANSLATE: x, y, z
 * - %GSK_LAYER_TRANSFORM_OP_SCALE: x, y, z
 * - %GSK_LAYER_TRANSFORM_OP_ROTATE: the normalized axis x, y, z, then
 *   the angle in degrees
 * - %GSK_LAYER_TRANSFORM_OP_SKEW: the angles along x and y, in degrees
 * - %GSK_LAYER_TRANSFORM_OP_PERSPECTIVE: the depth
 * - %GSK_LAYER_TRANSFORM_OP_MATRIX: the 16 values of
 *   graphene_matrix_to_float()
 *
 * @index_ must be below [method@LayerTransform.get_n_ops]; otherwise
 * this returns %GSK_LAYER_TRANSFORM_OP_MATRIX with a critical warning
 * and leaves @values untouched.
 *
 * Returns: the kind of operation
 *
 * Since: 0.1
 */
GskLayerTransformOp
gsk_layer_transform_get_op (GskLayerTransform *self,
                            guint              index_,
                            float              values[16])
{
  GskLayerTransform *t;

  g_return_val_if_fail (index_ < gsk_layer_transform_get_n_ops (self), GSK_LAYER_TRANSFORM_OP_MATRIX);

  for (t = self; t->n_ops > index_ + 1; t = t->next)
    ;

  if (values == NULL)
    return t->op;

  memset (values, 0, 16 * sizeof (float));

  switch (t->op)
    {
    case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
      values[0] = t->translate.x;
      values[1] = t->translate.y;
      values[2] = t->translate.z;
      break;

    case GSK_LAYER_TRANSFORM_OP_SCALE:
      values[0] = t->scale.x;
      values[1] = t->scale.y;
      values[2] = t->scale.z;
      break;

    case GSK_LAYER_TRANSFORM_OP_ROTATE:
      values[0] = t->rotate.unit_axis[0];
      values[1] = t->rotate.unit_axis[1];
      values[2] = t->rotate.unit_axis[2];
      values[3] = t->rotate.degrees;
      break;

    case GSK_LAYER_TRANSFORM_OP_SKEW:
      values[0] = t->skew.x_degrees;
      values[1] = t->skew.y_degrees;
      break;

    case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
      values[0] = t->perspective.depth;
      break;

    case GSK_LAYER_TRANSFORM_OP_MATRIX:
      memcpy (values, t->matrix.m, 16 * sizeof (float));
      break;

    default:
      g_assert_not_reached ();
    }

  return t->op;
}

gboolean
gsk_layer_transform_to_translate (GskLayerTransform *self,
                                  float             *out_dx,
                                  float             *out_dy)
{
  float dx = 0.f, dy = 0.f;

  if (gsk_layer_transform_get_category (self) > GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE)
    {
      *out_dx = *out_dy = 0.f;
      return FALSE;
    }

  /* In the order gsk_layer_transform_to_matrix() adds them */
  for (GskLayerTransform *t = self; t != NULL; t = t->next)
    {
      dx += t->translate.x;
      dy += t->translate.y;
    }

  *out_dx = dx;
  *out_dy = dy;

  return TRUE;
}

/* Printing */

/* The shortest of %g with 6 to 9 significant digits that reads back as
 * the same float; 9 always does */
static void
append_float (GString *string,
              float    value)
{
  static const char * const formats[] = { "%.6g", "%.7g", "%.8g", "%.9g" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (value == 0.f)
    {
      /* Also for -0, which equals 0 */
      g_string_append_c (string, '0');
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[i], value);
      if ((float) g_ascii_strtod (buf, NULL) == value)
        break;
    }

  g_string_append (string, buf);
}

static void
append_floats (GString     *string,
               const float *values,
               guint        n_values,
               const char  *unit)
{
  for (guint i = 0; i < n_values; i++)
    {
      if (i > 0)
        g_string_append (string, ", ");
      append_float (string, values[i]);
      g_string_append (string, unit);
    }
}

static void
gsk_layer_transform_print_op (GskLayerTransform *self,
                              GString           *string)
{
  switch (self->op)
    {
    case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
      if (self->translate.z == 0.f)
        {
          g_string_append (string, "translate(");
          append_floats (string, (float[2]) { self->translate.x, self->translate.y }, 2, "px");
        }
      else if (self->translate.x == 0.f && self->translate.y == 0.f)
        {
          g_string_append (string, "translateZ(");
          append_float (string, self->translate.z);
          g_string_append (string, "px");
        }
      else
        {
          g_string_append (string, "translate3d(");
          append_floats (string,
                         (float[3]) { self->translate.x, self->translate.y, self->translate.z },
                         3, "px");
        }
      break;

    case GSK_LAYER_TRANSFORM_OP_SCALE:
      if (self->scale.z == 1.f)
        {
          g_string_append (string, "scale(");
          append_floats (string, (float[2]) { self->scale.x, self->scale.y }, 2, "");
        }
      else if (self->scale.x == 1.f && self->scale.y == 1.f)
        {
          g_string_append (string, "scaleZ(");
          append_float (string, self->scale.z);
        }
      else
        {
          g_string_append (string, "scale3d(");
          append_floats (string, (float[3]) { self->scale.x, self->scale.y, self->scale.z }, 3, "");
        }
      break;

    case GSK_LAYER_TRANSFORM_OP_ROTATE:
      {
        const float *axis = self->rotate.axis;

        if (axis[0] == 0.f && axis[1] == 0.f && axis[2] == 1.f)
          g_string_append (string, "rotate(");
        else if (axis[0] == 1.f && axis[1] == 0.f && axis[2] == 0.f)
          g_string_append (string, "rotateX(");
        else if (axis[0] == 0.f && axis[1] == 1.f && axis[2] == 0.f)
          g_string_append (string, "rotateY(");
        else
          {
            g_string_append (string, "rotate3d(");
            append_floats (string, axis, 3, "");
            g_string_append (string, ", ");
          }
        append_float (string, self->rotate.degrees);
        g_string_append (string, "deg");
      }
      break;

    case GSK_LAYER_TRANSFORM_OP_SKEW:
      if (self->skew.y_degrees == 0.f)
        {
          g_string_append (string, "skewX(");
          append_float (string, self->skew.x_degrees);
          g_string_append (string, "deg");
        }
      else if (self->skew.x_degrees == 0.f)
        {
          g_string_append (string, "skewY(");
          append_float (string, self->skew.y_degrees);
          g_string_append (string, "deg");
        }
      else
        {
          g_string_append (string, "skew(");
          append_floats (string, (float[2]) { self->skew.x_degrees, self->skew.y_degrees }, 2, "deg");
        }
      break;

    case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
      g_string_append (string, "perspective(");
      append_float (string, self->perspective.depth);
      g_string_append (string, "px");
      break;

    case GSK_LAYER_TRANSFORM_OP_MATRIX:
      {
        const float *m = self->matrix.m;

        if (matrix_floats_are_2d (m))
          {
            g_string_append (string, "matrix(");
            append_floats (string, (float[6]) { m[0], m[1], m[4], m[5], m[12], m[13] }, 6, "");
          }
        else
          {
            g_string_append (string, "matrix3d(");
            append_floats (string, m, 16, "");
          }
      }
      break;

    default:
      g_assert_not_reached ();
    }

  g_string_append_c (string, ')');
}

void
gsk_layer_transform_print (GskLayerTransform *self,
                           GString           *string)
{
  GskLayerTransform **ops;
  guint n_ops;

  g_return_if_fail (string != NULL);

  n_ops = gsk_layer_transform_get_n_ops (self);
  if (n_ops == 0)
    {
      g_string_append (string, "none");
      return;
    }

  /* The list runs from the last operation to the first */
  ops = g_new (GskLayerTransform *, n_ops);
  for (GskLayerTransform *t = self; t != NULL; t = t->next)
    ops[t->n_ops - 1] = t;

  for (guint i = 0; i < n_ops; i++)
    {
      if (i > 0)
        g_string_append_c (string, ' ');
      gsk_layer_transform_print_op (ops[i], string);
    }

  g_free (ops);
}

/**
 * gsk_layer_transform_to_string:
 * @self: (nullable): a transform
 *
 * Converts @self to CSS text that [func@LayerTransform.parse] reads back
 * as an equal transform.
 *
 * Each operation is printed with the most specific CSS function, such
 * as `translate(10px, 20px)`, `rotate(45deg)` or `scale(2, 3)`, and
 * numbers with as few digits as still read back exactly. `NULL` gives
 * `none`.
 *
 * Returns: (transfer full): the CSS text of @self
 *
 * Since: 0.1
 */
char *
gsk_layer_transform_to_string (GskLayerTransform *self)
{
  GString *string = g_string_new (NULL);

  gsk_layer_transform_print (self, string);

  return g_string_free (string, FALSE);
}

/* {{{ Rewriting in place, for animations */

gboolean
gsk_layer_transform_overwrite_angle (GskLayerTransform *self,
                                     float              degrees)
{
  if (self == NULL || self->next != NULL || self->op != GSK_LAYER_TRANSFORM_OP_ROTATE ||
      g_atomic_int_get ((const int *) &self->ref_count) != 1 || !isfinite (degrees))
    return FALSE;

  self->rotate.degrees = degrees;
  return TRUE;
}

/* Whether the product of @self with @values written in stays finite,
 * computed before anything is written */
static gboolean
overwritten_is_finite (GskLayerTransform  *self,
                       guint               n_ops,
                       const float       (*values)[4])
{
  graphene_matrix_t product;
  float f[16];
  guint i = n_ops;

  graphene_matrix_init_identity (&product);
  for (GskLayerTransform *t = self; t != NULL; t = t->next)
    {
      GskLayerTransform op = *t;
      const float *v = values[--i];
      graphene_matrix_t m;

      switch (op.op)
        {
        case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
          op.translate.x = v[0]; op.translate.y = v[1]; op.translate.z = v[2];
          break;
        case GSK_LAYER_TRANSFORM_OP_SCALE:
          op.scale.x = v[0]; op.scale.y = v[1]; op.scale.z = v[2];
          break;
        case GSK_LAYER_TRANSFORM_OP_ROTATE:
          op.rotate.degrees = v[3];
          break;
        case GSK_LAYER_TRANSFORM_OP_SKEW:
          op.skew.x_degrees = v[0]; op.skew.y_degrees = v[1];
          break;
        case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
          op.perspective.depth = MAX (v[0], 1.f);
          break;
        case GSK_LAYER_TRANSFORM_OP_MATRIX:
        default:
          g_assert_not_reached ();
        }
      gsk_layer_transform_op_to_matrix (&op, &m);
      graphene_matrix_multiply (&product, &m, &product);
    }

  graphene_matrix_to_float (&product, f);
  return matrix_floats_are_finite (f);
}

gboolean
gsk_layer_transform_overwrite (GskLayerTransform         *self,
                               guint                      n_ops,
                               const GskLayerTransformOp *ops,
                               const float              (*values)[4])
{
  GskLayerTransform *t;
  guint i;

  if (self == NULL || self->n_ops != n_ops)
    return FALSE;

  /* Check everything before touching anything, from the last operation
   * (the head of the list) down. A reference count of 1 all along means
   * that only the caller's holder has it. The category of the list stays
   * if each operation's own does, which only the z of a translation or
   * a scale and the axis of a rotation decide. */
  for (t = self, i = n_ops; t != NULL; t = t->next)
    {
      const float *v = values[--i];

      if (g_atomic_int_get ((const int *) &t->ref_count) != 1 || t->op != ops[i] ||
          !isfinite (v[0] + v[1] + v[2] + v[3]))
        return FALSE;

      switch (t->op)
        {
        case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
          if ((v[2] == 0.f) != (t->translate.z == 0.f) ||
              !value_is_valid (v[0]) || !value_is_valid (v[1]) || !value_is_valid (v[2]))
            return FALSE;
          break;
        case GSK_LAYER_TRANSFORM_OP_SCALE:
          if ((v[2] == 1.f) != (t->scale.z == 1.f) ||
              !value_is_valid (v[0]) || !value_is_valid (v[1]) || !value_is_valid (v[2]))
            return FALSE;
          break;
        case GSK_LAYER_TRANSFORM_OP_ROTATE:
          /* Only the angle moves */
          if (v[0] != t->rotate.unit_axis[0] || v[1] != t->rotate.unit_axis[1] ||
              v[2] != t->rotate.unit_axis[2])
            return FALSE;
          break;
        case GSK_LAYER_TRANSFORM_OP_SKEW:
          if (!gsk_layer_transform_skew_is_valid (v[0]) || !gsk_layer_transform_skew_is_valid (v[1]))
            return FALSE;
          break;
        case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
          break;
        case GSK_LAYER_TRANSFORM_OP_MATRIX:
        default:
          return FALSE;
        }
    }

  if (!overwritten_is_finite (self, n_ops, values))
    return FALSE;

  for (t = self, i = n_ops; t != NULL; t = t->next)
    {
      const float *v = values[--i];

      switch (t->op)
        {
        case GSK_LAYER_TRANSFORM_OP_TRANSLATE:
          t->translate.x = v[0];
          t->translate.y = v[1];
          t->translate.z = v[2];
          break;
        case GSK_LAYER_TRANSFORM_OP_SCALE:
          t->scale.x = v[0];
          t->scale.y = v[1];
          t->scale.z = v[2];
          break;
        case GSK_LAYER_TRANSFORM_OP_ROTATE:
          t->rotate.degrees = v[3];
          break;
        case GSK_LAYER_TRANSFORM_OP_SKEW:
          t->skew.x_degrees = v[0];
          t->skew.y_degrees = v[1];
          break;
        case GSK_LAYER_TRANSFORM_OP_PERSPECTIVE:
          t->perspective.depth = MAX (v[0], 1.f);
          break;
        case GSK_LAYER_TRANSFORM_OP_MATRIX:
        default:
          g_assert_not_reached ();
        }
    }

  return TRUE;
}

/* }}} */
