/* gsk-layer-software-transform-private.h: which pixman path a matrix takes
 *
 * The software backend's fast paths are chosen from the homography a
 * render op's matrix applies to the plane z = 0; these helpers find the
 * cheapest one and turn the map into pixman's 16.16 fixed point without
 * losing precision. Only gsk-layer-software-backend.c includes this.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <math.h>
#include <glib.h>
#include <graphene.h>
#include <pixman.h>

G_BEGIN_DECLS

/* A map is affine when its perspective row changes w by less than this
 * per pixel, relative to w: invisible across any target size. */
#define PERSPECTIVE_EPSILON 1e-9

/* Linear coefficients this close to 0 or 1 are taken as exact: over a
 * 4096-pixel surface that is a drift of 0.004 pixels. */
#define LINEAR_EPSILON 1e-6

/* Edges this close to a pixel boundary are on it */
#define PIXEL_EPSILON 1e-3

/* pixman samples in 16.16 fixed point: source coordinates beyond this
 * would wrap around and pick up unrelated pixels. */
#define MAX_FIXED_COORD 30000.0

/* Projective transforms are scaled so that the homogeneous coordinates
 * over the destination box peak here: large enough to keep 16.16 fixed
 * point precise, small enough never to overflow it. */
#define PROJECTIVE_NORM 8192.0

typedef enum {
  MAP_TRANSLATE,   /* by whole pixels, scale 1: no resampling at all */
  MAP_SCALE,       /* axis-aligned scale and translation */
  MAP_AFFINE,
  MAP_PROJECTIVE,
} MapKind;

static inline gboolean
is_integral (double value)
{
  return fabs (value - round (value)) <= PIXEL_EPSILON;
}

static inline gboolean
rect_is_pixel_aligned (const graphene_rect_t *rect)
{
  return is_integral (rect->origin.x) &&
         is_integral (rect->origin.y) &&
         is_integral (rect->origin.x + rect->size.width) &&
         is_integral (rect->origin.y + rect->size.height);
}

/* The 3×3 homography (column vectors, pixman's convention) that the 4×4
 * row-vector @matrix applies to the plane z = 0. */
static inline gboolean
layer_to_target (const graphene_matrix_t *matrix,
                 pixman_f_transform_t    *result)
{
  float m[16];
  int i, j;

  graphene_matrix_to_float (matrix, m);

  result->m[0][0] = m[0];
  result->m[0][1] = m[4];
  result->m[0][2] = m[12];
  result->m[1][0] = m[1];
  result->m[1][1] = m[5];
  result->m[1][2] = m[13];
  result->m[2][0] = m[3];
  result->m[2][1] = m[7];
  result->m[2][2] = m[15];

  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      if (!isfinite (result->m[i][j]))
        return FALSE;

  return TRUE;
}

/* Finds the cheapest way to apply @map, and normalises affine maps to a
 * last row of (0, 0, 1), which is what pixman's affine paths expect. */
static inline MapKind
classify_map (pixman_f_transform_t *map)
{
  double w = map->m[2][2];
  int i, j;

  if (!(w > 0.0) ||
      fabs (map->m[2][0]) > PERSPECTIVE_EPSILON * w ||
      fabs (map->m[2][1]) > PERSPECTIVE_EPSILON * w)
    return MAP_PROJECTIVE;

  for (i = 0; i < 2; i++)
    for (j = 0; j < 3; j++)
      map->m[i][j] /= w;
  map->m[2][0] = 0.0;
  map->m[2][1] = 0.0;
  map->m[2][2] = 1.0;

  if (fabs (map->m[0][1]) > LINEAR_EPSILON || fabs (map->m[1][0]) > LINEAR_EPSILON)
    return MAP_AFFINE;

  if (fabs (map->m[0][0] - 1.0) > LINEAR_EPSILON ||
      fabs (map->m[1][1] - 1.0) > LINEAR_EPSILON ||
      !is_integral (map->m[0][2]) ||
      !is_integral (map->m[1][2]))
    return MAP_SCALE;

  return MAP_TRANSLATE;
}

/* An affine map that takes pixel centers to pixel centers (flips and
 * quarter turns by whole pixels) needs no filtering, and pixman has
 * fast paths for nearest-neighbour rotations. */
static inline gboolean
map_is_pixel_exact (const pixman_f_transform_t *map)
{
  int i, j;

  for (i = 0; i < 2; i++)
    for (j = 0; j < 2; j++)
      {
        double v = map->m[i][j];

        if (fabs (v - round (v)) > LINEAR_EPSILON || fabs (round (v)) > 1.0)
          return FALSE;
      }

  return fabs (round (map->m[0][0]) * round (map->m[1][1]) -
               round (map->m[0][1]) * round (map->m[1][0])) == 1.0 &&
         is_integral (map->m[0][2]) &&
         is_integral (map->m[1][2]);
}

/* Whether an affine @map stretches some direction by more than a pixel */
static inline gboolean
map_magnifies (const pixman_f_transform_t *map)
{
  return hypot (map->m[0][0], map->m[1][0]) > 1.0 + LINEAR_EPSILON ||
         hypot (map->m[0][1], map->m[1][1]) > 1.0 + LINEAR_EPSILON;
}

/* Whether some corner of @rect lands behind the viewer under @map */
static inline gboolean
rect_crosses_eye_plane (const pixman_f_transform_t *map,
                        const graphene_rect_t      *rect)
{
  int i;

  for (i = 0; i < 4; i++)
    {
      double x = rect->origin.x + ((i & 1) ? rect->size.width : 0);
      double y = rect->origin.y + ((i & 2) ? rect->size.height : 0);

      if (!(x * map->m[2][0] + y * map->m[2][1] + map->m[2][2] > 0.0))
        return TRUE;
    }

  return FALSE;
}

/* Converts @map (destination pixels relative to a @width × @height box →
 * source pixels) to pixman's fixed point. Affine maps keep their last
 * row; projective ones are scaled, which does not change where a point
 * lands, so that their homogeneous coordinates use 16.16 well. Sets
 * @needs_polygon when some pixel of the box would sample from so far
 * away that pixman's coordinates wrap around: then only the pixels
 * inside the projected quad may be drawn. */
static inline gboolean
map_to_pixman_transform (pixman_f_transform_t *map,
                         MapKind               kind,
                         int                   width,
                         int                   height,
                         pixman_transform_t   *transform,
                         gboolean             *needs_polygon)
{
  double max_v = 0.0, max_coord = 0.0, scale;
  gboolean seen_positive = FALSE, seen_negative = FALSE;
  int i, j, c;

  for (c = 0; c < 4; c++)
    {
      double x = (c & 1) ? width : 0;
      double y = (c & 2) ? height : 0;
      double v[3];

      for (i = 0; i < 3; i++)
        {
          v[i] = map->m[i][0] * x + map->m[i][1] * y + map->m[i][2];
          max_v = MAX (max_v, fabs (v[i]));
        }

      if (v[2] > 0.0)
        seen_positive = TRUE;
      else if (v[2] < 0.0)
        seen_negative = TRUE;
      else
        seen_positive = seen_negative = TRUE;

      if (v[2] != 0.0)
        max_coord = MAX (max_coord, MAX (fabs (v[0] / v[2]), fabs (v[1] / v[2])));
    }

  if (!isfinite (max_v) || !(max_v > 0.0))
    return FALSE;

  if (kind != MAP_PROJECTIVE && max_coord <= MAX_FIXED_COORD)
    return pixman_transform_from_pixman_f_transform (transform, map);

  /* Over a box where w keeps its sign, x/w and y/w peak at the corners */
  if (seen_positive == seen_negative || !(max_coord <= MAX_FIXED_COORD))
    *needs_polygon = TRUE;

  scale = PROJECTIVE_NORM / max_v;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      map->m[i][j] *= scale;

  return pixman_transform_from_pixman_f_transform (transform, map);
}

G_END_DECLS
