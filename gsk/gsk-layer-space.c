/* gsk-layer-space.c: where a layer is — the matrices between spaces,
 * mapping points and bounds through them, and picking
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-private.h"
#include "gsk-layer-box-private.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-transform-private.h"

static inline gboolean
point_is_finite (float x,
                 float y)
{
  return isfinite (x) && isfinite (y);
}

/* {{{ Matrices and mapping */

/* @a, then @t about the pivot (@px, @py): translate(-p), @t,
 * translate(p); an identity @t leaves @a exactly as it was, however far
 * the pivot, where -p + (p + x) would round x away */
static void
affine_about_pivot (float        a[6],
                    const float  t[6],
                    float        px,
                    float        py)
{
  float r[6];

  r[0] = a[0] * t[0] + a[1] * t[2];
  r[1] = a[0] * t[1] + a[1] * t[3];
  r[2] = a[2] * t[0] + a[3] * t[2];
  r[3] = a[2] * t[1] + a[3] * t[3];
  r[4] = a[4] * t[0] + a[5] * t[2] + t[4] + (px - (px * t[0] + py * t[2]));
  r[5] = a[4] * t[1] + a[5] * t[3] + t[5] + (py - (px * t[1] + py * t[3]));
  memcpy (a, r, sizeof r);
}

/* The layer's local map (to its parent's space, the parent's
 * child-transform included) as a 2D affine map in the layout of
 * gsk_layer_transform_to_affine(), or FALSE where 3D is involved */
static gboolean
get_local_affine (GskLayerPrivate *priv,
                  float            out[6])
{
  float t[6], ind[6];

  if (priv->pivot.z != 0.f || priv->z_position != 0.f ||
      !gsk_layer_transform_to_affine (priv->transform, t) ||
      (priv->individual != NULL && !gsk_layer_transform_to_affine (priv->individual, ind)))
    return FALSE;

  out[0] = 1; out[1] = 0; out[2] = 0; out[3] = 1; out[4] = 0; out[5] = 0;
  affine_about_pivot (out, t, priv->pivot.x * priv->size.width, priv->pivot.y * priv->size.height);
  /* A motion path (the style's) after the transform */
  if (G_UNLIKELY (priv->style_moves) && gsk_layer_style_hooks->offset_transform (priv, t))
    affine_about_pivot (out, t, priv->pivot.x * priv->size.width, priv->pivot.y * priv->size.height);
  /* CSS's translate, rotate and scale come after the transform */
  if (priv->individual != NULL)
    affine_about_pivot (out, ind, priv->pivot.x * priv->size.width, priv->pivot.y * priv->size.height);
  out[4] += priv->position.x;
  out[5] += priv->position.y;

  if (priv->parent)
    {
      GskLayerPrivate *ppriv = gsk_layer_get_private (priv->parent);

      if (ppriv->child_transform != NULL)
        {
          graphene_point3d_t cp;

          gsk_layer_get_child_pivot (ppriv, &cp);
          if (cp.z != 0.f || !gsk_layer_transform_to_affine (ppriv->child_transform, t))
            return FALSE;
          affine_about_pivot (out, t, cp.x, cp.y);
        }
    }

  return TRUE;
}

void
gsk_layer_flatten_to_plane (graphene_matrix_t *m)
{
  float f[16];

  graphene_matrix_to_float (m, f);
  f[2] = f[6] = f[14] = 0.f;
  f[8] = f[9] = f[11] = 0.f;
  f[10] = 1.f;
  graphene_matrix_init_from_float (m, f);
}

void
gsk_layer_get_local_matrix (GskLayer          *self,
                            graphene_matrix_t *out_matrix)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  graphene_point3d_t t;
  float a[6];

  if (get_local_affine (priv, a))
    {
      graphene_matrix_init_from_2d (out_matrix, a[0], a[1], a[2], a[3], a[4], a[5]);
      return;
    }

  if (priv->transform == NULL && priv->individual == NULL && !priv->style_moves)
    {
      graphene_point3d_init (&t, priv->position.x, priv->position.y, priv->z_position);
      graphene_matrix_init_translate (out_matrix, &t);
    }
  else
    {
      graphene_matrix_t m;

      graphene_point3d_init (&t,
                             -priv->pivot.x * priv->size.width,
                             -priv->pivot.y * priv->size.height,
                             -priv->pivot.z);
      graphene_matrix_init_translate (out_matrix, &t);
      if (priv->transform != NULL)
        {
          gsk_layer_transform_to_matrix (priv->transform, &m);
          graphene_matrix_multiply (out_matrix, &m, out_matrix);
        }
      /* A motion path (the style's), after the transform */
      if (priv->style_moves && gsk_layer_style_hooks->offset_transform (priv, a))
        {
          graphene_matrix_init_from_2d (&m, a[0], a[1], a[2], a[3], a[4], a[5]);
          graphene_matrix_multiply (out_matrix, &m, out_matrix);
        }
      /* CSS's translate, rotate and scale, after the transform */
      if (priv->individual != NULL)
        {
          gsk_layer_transform_to_matrix (priv->individual, &m);
          graphene_matrix_multiply (out_matrix, &m, out_matrix);
        }
      graphene_point3d_init (&t,
                             priv->pivot.x * priv->size.width + priv->position.x,
                             priv->pivot.y * priv->size.height + priv->position.y,
                             priv->pivot.z + priv->z_position);
      graphene_matrix_translate (out_matrix, &t);
    }

  if (priv->parent)
    {
      GskLayerPrivate *ppriv = gsk_layer_get_private (priv->parent);

      if (ppriv->child_transform)
        {
          graphene_matrix_t m, ct;
          graphene_point3d_t cp;

          gsk_layer_get_child_pivot (ppriv, &cp);
          graphene_point3d_init (&t, -cp.x, -cp.y, -cp.z);
          graphene_matrix_init_translate (&m, &t);
          gsk_layer_transform_to_matrix (ppriv->child_transform, &ct);
          graphene_matrix_multiply (&m, &ct, &m);
          graphene_matrix_translate (&m, &cp);
          graphene_matrix_multiply (out_matrix, &m, out_matrix);
        }
    }
}

/* The plane z = 0 maps through the 3×3 homography of rows x, y, w of
 * @m (graphene_matrix_to_float() order) */
static inline gboolean
floats_are_singular (const float m[16])
{
  double det = (double) m[0] * ((double) m[5] * m[15] - (double) m[7] * m[13])
             - (double) m[1] * ((double) m[4] * m[15] - (double) m[7] * m[12])
             + (double) m[3] * ((double) m[4] * m[13] - (double) m[5] * m[12]);

  return !isfinite (det) || fabs (det) < 1e-9;
}

gboolean
gsk_layer_matrix_is_singular (const graphene_matrix_t *world)
{
  float m[16];

  graphene_matrix_to_float (world, m);
  return floats_are_singular (m);
}

/* Where @self's 3D rendering context is flattened (CSS Transforms 2):
 * for a layer whose parent is flat, its local matrix projected onto the
 * parent's plane; inside a context (a preserve-3d parent), the product
 * of the local matrices up to the context's root, projected as one onto
 * the plane of the flat layer that holds the context. A preserve-3d
 * layer keeps that product and that plane's world for its children. */
static void
compute_world_3d (GskLayerPrivate   *priv,
                  GskLayerPrivate   *ppriv,
                  graphene_matrix_t *local)
{
  graphene_matrix_t accumulated;
  const graphene_matrix_t *base;

  /* (The parent's context is made with its world, which is computed
   * first, and again whenever it turns preserve-3d) */
  if (ppriv != NULL && gsk_layer_preserves_3d (ppriv) && ppriv->context_3d != NULL)
    {
      graphene_matrix_multiply (local, &ppriv->context_3d->accumulated, &accumulated);
      base = &ppriv->context_3d->base;
    }
  else
    {
      accumulated = *local;
      base = ppriv ? &ppriv->world : NULL;
    }

  /* Kept by the layers of a context (the compile orders their planes by
   * it) and by those that start one */
  if (gsk_layer_preserves_3d (priv) || (ppriv != NULL && gsk_layer_preserves_3d (ppriv)))
    {
      if (priv->context_3d == NULL)
        priv->context_3d = g_new (GskLayerContext3D, 1);
      priv->context_3d->accumulated = accumulated;
      if (base)
        priv->context_3d->base = *base;
      else
        graphene_matrix_init_identity (&priv->context_3d->base);
    }

  if (base == NULL)
    {
      /* The top level: its plane is the target's */
      priv->world = accumulated;
      return;
    }
  gsk_layer_flatten_to_plane (&accumulated);
  graphene_matrix_multiply (&accumulated, base, &priv->world);
}

gboolean
gsk_layer_shows_back (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayerPrivate *ppriv = priv->parent ? gsk_layer_get_private (priv->parent) : NULL;
  graphene_matrix_t local;
  const graphene_matrix_t *m;
  double a[16], det, cofactor;
  float f[16];
  int i;

  if (ppriv != NULL && gsk_layer_preserves_3d (ppriv) && priv->context_3d != NULL)
    m = &priv->context_3d->accumulated;
  else
    {
      gsk_layer_get_local_matrix (self, &local);
      m = &local;
    }

  graphene_matrix_to_float (m, f);
  for (i = 0; i < 16; i++)
    a[i] = f[i];
  /* The normal (0, 0, 1) goes through the inverse transpose: its z is
   * the cofactor of z over the determinant. The cofactor is the minor of
   * rows and columns x, y and w. */
  cofactor = a[0] * (a[5] * a[15] - a[7] * a[13]) -
             a[1] * (a[4] * a[15] - a[7] * a[12]) +
             a[3] * (a[4] * a[13] - a[5] * a[12]);
  /* By hand: graphene_matrix_determinant () of Debian 12's graphene
   * 1.10 has the opposite sign (it gives -1 for a translation) */
  det = a[0] * (a[5] * (a[10] * a[15] - a[11] * a[14]) - a[6] * (a[9] * a[15] - a[11] * a[13]) +
                a[7] * (a[9] * a[14] - a[10] * a[13])) -
        a[1] * (a[4] * (a[10] * a[15] - a[11] * a[14]) - a[6] * (a[8] * a[15] - a[11] * a[12]) +
                a[7] * (a[8] * a[14] - a[10] * a[12])) +
        a[2] * (a[4] * (a[9] * a[15] - a[11] * a[13]) - a[5] * (a[8] * a[15] - a[11] * a[12]) +
                a[7] * (a[8] * a[13] - a[9] * a[12])) -
        a[3] * (a[4] * (a[9] * a[14] - a[10] * a[13]) - a[5] * (a[8] * a[14] - a[10] * a[12]) +
                a[6] * (a[8] * a[13] - a[9] * a[12]));
  return isfinite (det) && isfinite (cofactor) && det * cofactor < -1e-12;
}

void
gsk_layer_compute_world (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayerPrivate *ppriv = priv->parent ? gsk_layer_get_private (priv->parent) : NULL;
  float a[6], m[16];

  priv->world_singular = ppriv ? ppriv->world_singular : FALSE;

  /* The common case, a 2D layer in a flat 2D parent, in 2D arithmetic,
   * at a fraction of the cost of 4×4 products */
  if (!priv->preserve_3d && (ppriv == NULL || !ppriv->preserve_3d) && get_local_affine (priv, a))
    {
      gboolean parent_2d = TRUE;

      if (ppriv != NULL)
        {
          graphene_matrix_to_float (&ppriv->world, m);
          parent_2d = m[2] == 0.f && m[3] == 0.f && m[6] == 0.f && m[7] == 0.f &&
                      m[8] == 0.f && m[9] == 0.f && m[10] == 1.f && m[11] == 0.f &&
                      m[14] == 0.f && m[15] == 1.f;
          if (parent_2d)
            gsk_layer_affine_multiply (a, (float[6]) { m[0], m[1], m[4], m[5], m[12], m[13] }, a);
        }

      graphene_matrix_init_from_2d (&priv->world, a[0], a[1], a[2], a[3], a[4], a[5]);
      if (parent_2d)
        {
          /* The homography's determinant, for a 2D matrix */
          if (!priv->world_singular)
            {
              double det = (double) a[0] * a[3] - (double) a[1] * a[2];

              priv->world_singular = !isfinite (det) || fabs (det) < 1e-9 ||
                                     !isfinite (a[4]) || !isfinite (a[5]);
            }
          return;
        }
      /* A 2D map is its own projection onto the parent's plane */
      graphene_matrix_multiply (&priv->world, &ppriv->world, &priv->world);
    }
  else
    {
      graphene_matrix_t local;

      gsk_layer_get_local_matrix (self, &local);
      compute_world_3d (priv, ppriv, &local);
    }

  if (!priv->world_singular)
    {
      graphene_matrix_to_float (&priv->world, m);
      priv->world_singular = floats_are_singular (m);
    }
}

void
gsk_layer_update_world (GskLayer *self)
{
  GskLayer *chain_buf[64];
  GskLayer **chain = chain_buf;
  guint n = 0, allocated = G_N_ELEMENTS (chain_buf);
  gboolean stale = FALSE;
  GskLayer *l;
  int i;

  /* Masks' matrices follow their owners' */
  for (l = self; l != NULL; l = gsk_layer_get_private (l)->parent)
    {
      if (n == allocated)
        {
          allocated *= 2;
          if (chain == chain_buf)
            chain = g_memdup2 (chain_buf, sizeof (chain_buf));
          chain = g_renew (GskLayer *, chain, allocated);
        }
      chain[n++] = l;
    }

  for (i = n - 1; i >= 0; i--)
    {
      GskLayerPrivate *p = gsk_layer_get_private (chain[i]);

      if (p->world_stale || stale)
        {
          GskLayer *c;

          gsk_layer_compute_world (chain[i]);
          p->world_stale = FALSE;
          stale = TRUE;

          /* Children off the chain keep matrices computed from the old
           * one: mark them */
          for (c = p->first_child; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
            if (i == 0 || c != chain[i - 1])
              ((GskLayerPrivate *) gsk_layer_get_private (c))->world_stale = TRUE;
        }
    }

  if (chain != chain_buf)
    g_free (chain);
}

gboolean
gsk_layer_unproject (const graphene_matrix_t *world,
                     const graphene_point_t  *screen_point,
                     graphene_point_t        *out_point)
{
  /* The plane z = 0 maps through the 3×3 homography of rows x, y, w:
   * sx = (x a + y d + g) / W, sy = (x b + y e + h) / W, W = x c + y f + i.
   * Solved for x and y in double, as a 2×2 system, then checked by
   * mapping the point back: a transform close to singular, or a point
   * near the horizon of a strong perspective, gives an answer float
   * arithmetic cannot trust, and such a point is not picked. */
  double a = graphene_matrix_get_value (world, 0, 0), b = graphene_matrix_get_value (world, 0, 1);
  double c = graphene_matrix_get_value (world, 0, 3), d = graphene_matrix_get_value (world, 1, 0);
  double e = graphene_matrix_get_value (world, 1, 1), f = graphene_matrix_get_value (world, 1, 3);
  double g = graphene_matrix_get_value (world, 3, 0), h = graphene_matrix_get_value (world, 3, 1);
  double i = graphene_matrix_get_value (world, 3, 3);
  double sx = screen_point->x, sy = screen_point->y;
  double m00 = a - sx * c, m01 = d - sx * f, r0 = sx * i - g;
  double m10 = b - sy * c, m11 = e - sy * f, r1 = sy * i - h;
  double det = m00 * m11 - m01 * m10;
  double x, y, w, tolerance;

  if (!isfinite (det) || det == 0.0)
    return FALSE;

  x = (r0 * m11 - m01 * r1) / det;
  y = (m00 * r1 - r0 * m10) / det;
  if (!isfinite (x) || !isfinite (y))
    return FALSE;

  /* In front of the viewer, as far as the backends draw (they clip at
   * w = 1e-5) */
  w = x * c + y * f + i;
  if (!(w > 1e-5))
    return FALSE;

  /* A hundredth of a pixel, or less than float precision far out */
  tolerance = 0.01 + 1e-6 * MAX (fabs (sx), fabs (sy));
  if (fabs ((x * a + y * d + g) / w - sx) > tolerance ||
      fabs ((x * b + y * e + h) / w - sy) > tolerance)
    return FALSE;

  graphene_point_init (out_point, x, y);
  return TRUE;
}

gboolean
gsk_layer_project_jacobian (const graphene_matrix_t *world,
                            double                   u,
                            double                   v,
                            graphene_point_t        *screen,
                            double                   jacobian[4])
{
  double m00 = graphene_matrix_get_value (world, 0, 0), m01 = graphene_matrix_get_value (world, 0, 1);
  double m03 = graphene_matrix_get_value (world, 0, 3), m10 = graphene_matrix_get_value (world, 1, 0);
  double m11 = graphene_matrix_get_value (world, 1, 1), m13 = graphene_matrix_get_value (world, 1, 3);
  double m30 = graphene_matrix_get_value (world, 3, 0), m31 = graphene_matrix_get_value (world, 3, 1);
  double m33 = graphene_matrix_get_value (world, 3, 3);
  /* Row vectors: (u, v, 0, 1) · world = (X, Y, Z, W), on screen (X, Y) / W */
  double X = u * m00 + v * m10 + m30, Y = u * m01 + v * m11 + m31, W = u * m03 + v * m13 + m33;

  if (!(W > 1e-5))
    return FALSE;

  if (screen)
    graphene_point_init (screen, X / W, Y / W);
  jacobian[0] = (m00 * W - X * m03) / (W * W);
  jacobian[1] = (m10 * W - X * m13) / (W * W);
  jacobian[2] = (m01 * W - Y * m03) / (W * W);
  jacobian[3] = (m11 * W - Y * m13) / (W * W);
  return TRUE;
}

/**
 * gsk_layer_compute_transform:
 * @self: a layer
 * @target: (nullable): a layer in the same tree, or %NULL for the space
 *   of the top level's surface
 * @out_transform: (out caller-allocates): return location for the matrix
 *
 * Computes the matrix that maps points of @self's space to @target's
 * space, in graphene's row-vector convention; in 3D, points on @self's
 * plane may land off @target's plane (use [method@Layer.map_point] to
 * follow a point onto the plane through perspective).
 *
 * Returns: %TRUE if the two layers are in one tree and @target's
 *   transform can be inverted
 *
 * Since: 0.1
 */
gboolean
gsk_layer_compute_transform (GskLayer          *self,
                             GskLayer          *target,
                             graphene_matrix_t *out_transform)
{
  GskLayer *l;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);
  g_return_val_if_fail (target == NULL || GSK_IS_LAYER (target), FALSE);
  g_return_val_if_fail (out_transform != NULL, FALSE);

  if (target != NULL && gsk_layer_get_root (self) != gsk_layer_get_root (target))
    return FALSE;

  /* An ancestor: the exact product of the local matrices */
  graphene_matrix_init_identity (out_transform);
  for (l = self; l != target && l != NULL; l = gsk_layer_get_parent (l))
    {
      GskLayer *parent = gsk_layer_get_parent (l);
      graphene_matrix_t local;

      gsk_layer_get_local_matrix (l, &local);
      graphene_matrix_multiply (out_transform, &local, out_transform);
      /* Where the world matrices flatten a context, so does this */
      if (parent != NULL && !gsk_layer_preserves_3d (gsk_layer_get_private (parent)))
        gsk_layer_flatten_to_plane (out_transform);
    }

  if (l != target)
    {
      GskLayerPrivate *tpriv = gsk_layer_get_private (target);
      graphene_matrix_t inv;

      gsk_layer_update_world (target);
      if (!graphene_matrix_inverse (&tpriv->world, &inv))
        return FALSE;

      graphene_matrix_multiply (out_transform, &inv, out_transform);
    }

  return TRUE;
}

/**
 * gsk_layer_map_point:
 * @self: a layer
 * @target: (nullable): a layer in the same tree, or %NULL for the space
 *   of the top level's surface
 * @point: a point in @self's space
 * @out_point: (out caller-allocates): return location for the point
 *
 * Maps @point from @self's plane to @target's plane, through every 3D
 * transform between them: the point is projected onto the screen, then
 * followed back along the line of sight onto @target.
 *
 * Returns: %TRUE if the point could be mapped; %FALSE if the layers are
 *   not in one tree, a transform is singular, or the point is behind the
 *   viewer
 *
 * Since: 0.1
 */
gboolean
gsk_layer_map_point (GskLayer               *self,
                     GskLayer               *target,
                     const graphene_point_t *point,
                     graphene_point_t       *out_point)
{
  GskLayerPrivate *priv;
  graphene_vec4_t v;
  graphene_point_t screen;
  float w;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);
  g_return_val_if_fail (target == NULL || GSK_IS_LAYER (target), FALSE);
  g_return_val_if_fail (point != NULL, FALSE);
  g_return_val_if_fail (out_point != NULL, FALSE);

  if (target != NULL && gsk_layer_get_root (self) != gsk_layer_get_root (target))
    return FALSE;

  priv = gsk_layer_get_private (self);
  gsk_layer_update_world (self);
  if (priv->world_singular)
    return FALSE;

  graphene_vec4_init (&v, point->x, point->y, 0, 1);
  graphene_matrix_transform_vec4 (&priv->world, &v, &v);
  w = graphene_vec4_get_w (&v);
  if (w <= 0)
    return FALSE;
  graphene_point_init (&screen, graphene_vec4_get_x (&v) / w, graphene_vec4_get_y (&v) / w);

  if (target == NULL)
    {
      *out_point = screen;
      return TRUE;
    }

  gsk_layer_update_world (target);
  return gsk_layer_unproject (&((GskLayerPrivate *) gsk_layer_get_private (target))->world,
                              &screen, out_point);
}

/**
 * gsk_layer_get_transformed_bounds:
 * @self: a layer
 * @ancestor: (nullable): an ancestor of @self, or %NULL for the space of
 *   the top level's surface
 * @bounds: (out caller-allocates): return location for the bounds
 *
 * Computes the bounding box of @self's bounds as they appear in
 * @ancestor's space, projected through every transform in between.
 *
 * Returns: %TRUE if some of @self is in front of the viewer and its
 *   transform is not singular
 *
 * Since: 0.1
 */
gboolean
gsk_layer_get_transformed_bounds (GskLayer        *self,
                                  GskLayer        *ancestor,
                                  graphene_rect_t *bounds)
{
  graphene_matrix_t m;
  graphene_rect_t own;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);
  g_return_val_if_fail (ancestor == NULL || gsk_layer_contains (ancestor, self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  gsk_layer_get_bounds (self, &own);
  if (!gsk_layer_compute_transform (self, ancestor, &m) ||
      gsk_layer_matrix_is_singular (&m) ||
      !gsk_layer_project_rect (&m, &own, bounds, NULL, NULL))
    {
      graphene_rect_init (bounds, 0, 0, 0, 0);
      return FALSE;
    }

  return TRUE;
}

/* }}} */
/* {{{ Picking */

typedef struct {
  GskLayer *layer;
  /* subtree_bounds of the layer are as compiled: nothing in the subtree
   * or above it changed since */
  guint trusted : 1;
  guint exit : 1;
} PickFrame;

static inline gboolean
box_contains (const GskLayerBox      *b,
              const graphene_point_t *p)
{
  return p->x >= b->x0 && p->y >= b->y0 && p->x < b->x1 && p->y < b->y1;
}

static gboolean
layer_contains_screen_point (GskLayerPrivate        *priv,
                             const graphene_point_t *screen)
{
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, priv->size.width, priv->size.height);
  graphene_point_t p;
  GskLayerBox box;
  graphene_size_t radii[4];
  float m[16];

  /* Where the compile found no box, nothing is drawn: a layer edge-on
   * is not there, before a frame as after one */
  graphene_matrix_to_float (&priv->world, m);
  box = gsk_layer_project_box (&priv->world, m, &bounds);
  if (!box_contains (&box, screen))
    return FALSE;

  if (!gsk_layer_unproject (&priv->world, screen, &p))
    return FALSE;

  if (!(p.x >= 0 && p.y >= 0 && p.x < priv->size.width && p.y < priv->size.height))
    return FALSE;

  /* Rounded corners are not there, as for hit testing in CSS */
  if (!gsk_layer_resolve_corner_radii (priv, radii))
    return TRUE;

  return gsk_layer_rounded_rect_contains (&bounds, radii, &p);
}

static gboolean
clip_path_contains_screen_point (GskLayerPrivate        *p,
                                 const graphene_point_t *screen)
{
  graphene_point_t point;

  return gsk_layer_unproject (&p->world, screen, &point) &&
         gsk_layer_style_hooks->clip_path_contains (p, &point);
}

gboolean
gsk_layer_resolve_corner_radii (GskLayerPrivate *p,
                                graphene_size_t  radii[4])
{
  float w = p->size.width, h = p->size.height, f = 1.f;
  gboolean any = FALSE;
  int i;

  static const float square[8];

  /* Most layers, every frame: nothing to resolve */
  if (!(w > 0.f && h > 0.f) || memcmp (p->corner_radii, square, sizeof square) == 0)
    return FALSE;

  for (i = 0; i < 4; i++)
    {
      float rx = p->corner_radii[2 * i], ry = p->corner_radii[2 * i + 1];

      if (p->corner_percent & (1 << (2 * i)))
        rx *= w / 100.f;
      if (p->corner_percent & (1 << (2 * i + 1)))
        ry *= h / 100.f;
      /* A corner with either radius 0 is square (CSS) */
      if (!(rx > 0.f && ry > 0.f))
        rx = ry = 0.f;
      radii[i] = GRAPHENE_SIZE_INIT (rx, ry);
      any |= rx > 0.f;
    }
  if (!any)
    return FALSE;

  /* CSS Backgrounds 3, "Overlapping curves": all radii shrink by the
   * factor that makes the tightest side fit */
#define FIT(len, a, b) if ((a) + (b) > 0.f) f = MIN (f, (len) / ((a) + (b)))
  FIT (w, radii[0].width, radii[1].width);
  FIT (w, radii[3].width, radii[2].width);
  FIT (h, radii[0].height, radii[3].height);
  FIT (h, radii[1].height, radii[2].height);
#undef FIT
  if (f < 1.f)
    for (i = 0; i < 4; i++)
      {
        radii[i].width *= f;
        radii[i].height *= f;
      }

  return TRUE;
}

/* The children of @layer in paint order with their compiled subtree
 * bounds, for picking among thousands of siblings with one check each.
 * Only used while @layer's bounds are valid, that is nothing changed
 * since the compile that computed them. */
static void
update_pick_cache (GskLayer        *layer,
                   GskLayerPrivate *p)
{
  GskLayer *buf[64];
  GskLayer **children;
  guint n, i;

  if (p->pick_cache == NULL || p->pick_cache->n_children != p->n_children)
    {
      g_free (p->pick_cache);
      p->pick_cache = g_malloc (sizeof (GskLayerPickCache) +
                                p->n_children * sizeof (p->pick_cache->children[0]));
    }

  n = gsk_layer_get_paint_order (layer, buf, G_N_ELEMENTS (buf), &children);
  p->pick_cache->n_children = n;
  for (i = 0; i < n; i++)
    {
      GskLayerPrivate *cp = gsk_layer_get_private (children[i]);
      const GskLayerBox *r = &cp->subtree_bounds;
      float x0 = G_MAXFLOAT, y0 = G_MAXFLOAT, x1 = -G_MAXFLOAT, y1 = -G_MAXFLOAT;

      if (!cp->visible || cp->opacity <= 0.f)
        ;   /* never picked: empty */
      else if (!cp->bounds_valid)
        {
          /* Not compiled (clipped away, off target): pick looks inside */
          x0 = y0 = -G_MAXFLOAT;
          x1 = y1 = G_MAXFLOAT;
        }
      else if (r->x0 < r->x1 && r->y0 < r->y1)
        {
          x0 = r->x0;
          y0 = r->y0;
          x1 = r->x1;
          y1 = r->y1;
        }
      p->pick_cache->children[i].trusted = cp->bounds_valid;
      p->pick_cache->children[i].x0 = x0;
      p->pick_cache->children[i].y0 = y0;
      p->pick_cache->children[i].x1 = x1;
      p->pick_cache->children[i].y1 = y1;
      p->pick_cache->children[i].layer = children[i];
    }
  p->pick_cache_stale = FALSE;

  if (children != buf)
    g_free (children);
}

static GskLayer *pick_walk (GskLayer               *self,
                            const graphene_point_t *screen_point,
                            GskLayer               *excluded);

/* Where @screen is on @p's plane, in depth in its 3D rendering context
 * (larger is nearer); FALSE if the plane is not there */
static gboolean
context_depth (GskLayerPrivate        *p,
               const graphene_point_t *screen,
               double                 *depth)
{
  graphene_point_t point;
  graphene_vec4_t v, r;

  if (p->context_3d == NULL || !gsk_layer_unproject (&p->world, screen, &point))
    return FALSE;
  graphene_vec4_init (&v, point.x, point.y, 0, 1);
  graphene_matrix_transform_vec4 (&p->context_3d->accumulated, &v, &r);
  if (!(graphene_vec4_get_w (&r) > 0))
    return FALSE;
  *depth = graphene_vec4_get_z (&r) / graphene_vec4_get_w (&r);
  return isfinite (*depth);
}

/* The layer under @screen in the context that @root starts: of the
 * planes there (a preserve-3d layer's own, or a flat layer's whole
 * subtree), the nearest, the later in tree order where two are at the
 * same depth, as the compile draws them */
static GskLayer *
pick_context (GskLayer               *root,
              const graphene_point_t *screen)
{
  GPtrArray *stack = g_ptr_array_new ();
  GskLayer *best = NULL;
  double best_depth = -G_MAXDOUBLE;

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      GskLayer *l = g_ptr_array_steal_index (stack, stack->len - 1);
      GskLayerPrivate *p = gsk_layer_get_private (l);
      GskLayer *hit = NULL;
      double depth;

      if (!p->visible || p->opacity <= 0.f)
        continue;
      if (p->world_stale)
        {
          GskLayer *c;

          gsk_layer_compute_world (l);
          p->world_stale = FALSE;
          for (c = p->first_child; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
            gsk_layer_get_private (c)->world_stale = TRUE;
        }
      if (p->world_singular)
        continue;
      if (p->backface_hidden && !p->orders_planes && gsk_layer_shows_back (l))
        continue;

      if (p->orders_planes)
        {
          GskLayer *buf[32];
          GskLayer **children;
          guint n, i;

          if (p->reactive && layer_contains_screen_point (p, screen) &&
              !(p->backface_hidden && gsk_layer_shows_back (l)))
            hit = l;
          /* Reversed, so that they come off the stack in paint order */
          n = gsk_layer_get_paint_order (l, buf, G_N_ELEMENTS (buf), &children);
          for (i = n; i-- > 0; )
            g_ptr_array_add (stack, children[i]);
          if (children != buf)
            g_free (children);
        }
      else
        hit = pick_walk (l, screen, NULL);

      /* (Within what the BSP tree takes for one plane, the later wins) */
      if (hit != NULL && context_depth (p, screen, &depth) && depth >= best_depth - 1e-3)
        {
          best = hit;
          best_depth = depth;
        }
    }
  g_ptr_array_free (stack, TRUE);

  return best;
}

/* The layer under @screen in the subtree of @self, whose world matrix
 * is fresh */
static GskLayer *
pick_walk (GskLayer               *self,
           const graphene_point_t *screen_point,
           GskLayer               *excluded)
{
  graphene_point_t screen = *screen_point;
  GArray *stack;
  GskLayer *found = NULL;

  /* Depth first, from the top-most child down, so the first hit wins;
   * explicit stack because trees can be deep */
  stack = g_array_new (FALSE, FALSE, sizeof (PickFrame));
  {
    gboolean trusted = TRUE;
    GskLayer *l;

    for (l = self; l != NULL && trusted; l = gsk_layer_get_private (l)->parent)
      trusted = gsk_layer_get_private (l)->bounds_valid;
    g_array_append_val (stack, ((PickFrame) { self, trusted, FALSE }));
  }

  while (stack->len > 0 && found == NULL)
    {
      PickFrame frame = g_array_index (stack, PickFrame, stack->len - 1);
      GskLayerPrivate *p = gsk_layer_get_private (frame.layer);

      g_array_set_size (stack, stack->len - 1);

      if (frame.exit)
        {
          if (p->reactive && layer_contains_screen_point (p, &screen) &&
              !(p->backface_hidden && gsk_layer_shows_back (frame.layer)))
            found = frame.layer;
          continue;
        }

      if (!p->visible || p->opacity <= 0.f || frame.layer == excluded)
        continue;

      if (p->world_stale)
        {
          GskLayer *c;

          gsk_layer_compute_world (frame.layer);
          p->world_stale = FALSE;
          for (c = p->first_child; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
            ((GskLayerPrivate *) gsk_layer_get_private (c))->world_stale = TRUE;
        }

      if (p->world_singular)
        continue;

      if (frame.trusted && !box_contains (&p->subtree_bounds, &screen))
        continue;

      /* Outside its clip path nothing of the layer or its subtree is
       * there (only clip paths and filters group a flat layer's style) */
      if (p->style_groups && !clip_path_contains_screen_point (p, &screen))
        continue;

      /* Turned away and hidden from behind: with its subtree, unless it
       * orders its children's planes (its own is tested at exit) */
      if (p->backface_hidden && !p->orders_planes && gsk_layer_shows_back (frame.layer))
        continue;

      /* A 3D rendering context: the plane in front there, as drawn */
      if (p->orders_planes && (p->parent == NULL || !gsk_layer_get_private (p->parent)->orders_planes))
        {
          found = pick_context (frame.layer, &screen);
          /* (Inside a context, what is under an excluded plane is not
           * looked for) */
          if (excluded != NULL && found != NULL && gsk_layer_contains (excluded, found))
            found = NULL;
          continue;
        }

      g_array_append_val (stack, ((PickFrame) { frame.layer, frame.trusted, TRUE }));

      if (p->n_children > 0 &&
          (!p->clip_to_bounds || layer_contains_screen_point (p, &screen)))
        {
          GskLayer *buf[32];
          GskLayer **children = buf;
          GskLayer *c;
          guint n, i;

          if (frame.trusted && p->n_children >= GSK_LAYER_PICK_CACHE_MIN)
            {
              const GskLayerPickCache *cache;

              if (p->pick_cache == NULL || p->pick_cache_stale)
                update_pick_cache (frame.layer, p);
              cache = p->pick_cache;

              for (i = 0; i < cache->n_children; i++)
                {
                  if (screen.x >= cache->children[i].x0 && screen.y >= cache->children[i].y0 &&
                      screen.x < cache->children[i].x1 && screen.y < cache->children[i].y1)
                    g_array_append_val (stack, ((PickFrame) { cache->children[i].layer, cache->children[i].trusted, FALSE }));
                }
              continue;
            }

          if (p->children_have_z)
            n = gsk_layer_get_paint_order (frame.layer, buf, G_N_ELEMENTS (buf), &children);
          else
            n = p->n_children;

          /* Children whose compiled bounds miss the point are never
           * pushed: a flat tree of thousands costs one check each */
          for (i = 0, c = p->first_child; i < n; i++)
            {
              GskLayer *child = p->children_have_z ? children[i] : c;
              GskLayerPrivate *cp = gsk_layer_get_private (child);

              if (!p->children_have_z)
                c = cp->next_sibling;

              if (frame.trusted && cp->bounds_valid &&
                  !box_contains (&cp->subtree_bounds, &screen))
                continue;

              g_array_append_val (stack, ((PickFrame) { child, frame.trusted && cp->bounds_valid, FALSE }));
            }
          if (children != buf)
            g_free (children);
        }
    }

  g_array_free (stack, TRUE);

  return found;
}

/**
 * gsk_layer_pick:
 * @self: a layer, usually a top level
 * @x: x coordinate in the space @self is placed in (the surface, for a
 *   top level)
 * @y: y coordinate in the same space
 *
 * Finds the top-most layer under a point in the subtree of @self,
 * through every 3D transform and clip. Hidden layers, layers at opacity
 * 0 and layers with a singular transform are skipped with their
 * subtrees; layers that are not reactive are skipped, but not their
 * children.
 *
 * Returns: (transfer none) (nullable): the layer under the point
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_pick (GskLayer *self,
                float     x,
                float     y)
{
  GskLayerPrivate *priv;
  graphene_point_t screen = GRAPHENE_POINT_INIT (x, y);

  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);
  if (!point_is_finite (x, y))
    return NULL;

  priv = gsk_layer_get_private (self);
  if (priv->parent)
    {
      graphene_point_t origin = GRAPHENE_POINT_INIT (x, y);

      /* Follow the point from the parent's plane to the screen */
      if (!gsk_layer_map_point (priv->parent, NULL, &origin, &screen))
        return NULL;
    }

  gsk_layer_update_world (self);

  return pick_walk (self, &screen, NULL);
}

GskLayer *
gsk_layer_pick_excluding (GskLayer *self,
                          float     x,
                          float     y,
                          GskLayer *excluded)
{
  graphene_point_t screen = GRAPHENE_POINT_INIT (x, y);

  if (!point_is_finite (x, y) || gsk_layer_get_private (self)->parent != NULL)
    return NULL;

  gsk_layer_update_world (self);
  return pick_walk (self, &screen, excluded);
}

/* }}} */
