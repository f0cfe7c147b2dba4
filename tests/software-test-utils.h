/* software-test-utils.h: what the pixman backend's tests (test-software.c,
 * test-software-damage.c) share: targets and their pixels, render lists
 * built by hand, images and matrices to feed them, and coverage checks
 *
 * Set GSK_LAYER_TEST_OUTPUT to a directory to keep the rendered images.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <math.h>

#include <glib.h>
#include <graphene.h>
#include <cairo.h>

#include "gsk-layer-render-list-private.h"
#include "gsk-layer-software-backend-private.h"

#define SIZE 64

/* ---- helpers ---------------------------------------------------------- */

static inline cairo_surface_t *
create_target (int width,
               int height)
{
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
}

static inline void
fill_surface (cairo_surface_t *surface,
              guint32          pixel)
{
  guint8 *data;
  int x, y, stride;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (x = 0; x < cairo_image_surface_get_width (surface); x++)
      ((guint32 *) (data + y * stride))[x] = pixel;
  cairo_surface_mark_dirty (surface);
}

static inline guint32
get_pixel (cairo_surface_t *surface,
           int              x,
           int              y)
{
  guint8 *data;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);

  return ((guint32 *) (data + y * cairo_image_surface_get_stride (surface)))[x];
}

static inline guint
get_alpha (cairo_surface_t *surface,
           int              x,
           int              y)
{
  return get_pixel (surface, x, y) >> 24;
}

static inline gboolean
pixel_near (guint32 a,
            guint32 b,
            guint   tolerance)
{
  int shift;

  for (shift = 0; shift < 32; shift += 8)
    if ((guint) ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > tolerance)
      return FALSE;

  return TRUE;
}

#define assert_pixel(surface, x, y, expected, tolerance) G_STMT_START { \
  guint32 _p = get_pixel ((surface), (x), (y)); \
  if (!pixel_near (_p, (expected), (tolerance))) \
    g_error ("pixel (%d, %d) is %08x, expected %08x ± %d", \
             (int) (x), (int) (y), _p, (guint32) (expected), (int) (tolerance)); \
} G_STMT_END

static inline void
save_png (cairo_surface_t *surface,
          const char      *name)
{
  const char *dir = g_getenv ("GSK_LAYER_TEST_OUTPUT");
  char *path;

  if (dir == NULL)
    return;

  path = g_strdup_printf ("%s/software-%s.png", dir, name);
  cairo_surface_write_to_png (surface, path);
  g_test_message ("wrote %s", path);
  g_free (path);
}

/* What the tree would compute: the projected box, within the target */
static inline void
set_screen_bounds (GskLayerRenderOp   *op,
                   GskLayerRenderList *list)
{
  graphene_rect_t projected, target = GRAPHENE_RECT_INIT (0, 0, list->width, list->height);

  if (!gsk_layer_project_rect (&op->transform, &op->bounds, &projected, NULL, NULL) ||
      !graphene_rect_intersection (&projected, &target, &op->screen_bounds))
    graphene_rect_init (&op->screen_bounds, 0, 0, 0, 0);
}

static inline GskLayerRenderOp *
add_color (GskLayerRenderList      *list,
           const graphene_matrix_t *transform,
           float x, float y, float width, float height,
           float r, float g, float b, float a)
{
  GskLayerRenderOp *op = gsk_layer_render_list_append (list, GSK_LAYER_RENDER_OP_COLOR);

  if (transform)
    op->transform = *transform;
  graphene_rect_init (&op->bounds, x, y, width, height);
  op->color[0] = r;
  op->color[1] = g;
  op->color[2] = b;
  op->color[3] = a;
  set_screen_bounds (op, list);

  return op;
}

static inline GskLayerRenderOp *
add_texture (GskLayerRenderList      *list,
             const graphene_matrix_t *transform,
             cairo_surface_t         *surface,
             float x, float y, float width, float height)
{
  GskLayerRenderOp *op = gsk_layer_render_list_append (list, GSK_LAYER_RENDER_OP_TEXTURE);

  if (transform)
    op->transform = *transform;
  graphene_rect_init (&op->bounds, x, y, width, height);
  op->source_rect = op->bounds;
  op->surface = cairo_surface_reference (surface);
  set_screen_bounds (op, list);

  return op;
}

static inline GskLayerRenderOp *
add_push_group (GskLayerRenderList *list,
                float               opacity,
                GskLayerBlendMode   blend_mode)
{
  GskLayerRenderOp *op = gsk_layer_render_list_append (list, GSK_LAYER_RENDER_OP_PUSH_GROUP);

  op->opacity = opacity;
  op->blend_mode = blend_mode;
  graphene_rect_init (&op->screen_bounds, 0, 0, list->width, list->height);

  return op;
}

static inline GskLayerRenderOp *
add_push_clip (GskLayerRenderList      *list,
               const graphene_matrix_t *transform,
               float x, float y, float width, float height)
{
  GskLayerRenderOp *op = gsk_layer_render_list_append (list, GSK_LAYER_RENDER_OP_PUSH_CLIP);

  if (transform)
    op->transform = *transform;
  graphene_rect_init (&op->bounds, x, y, width, height);
  set_screen_bounds (op, list);

  return op;
}

static inline void
add_pop (GskLayerRenderList   *list,
         GskLayerRenderOpKind  kind)
{
  gsk_layer_render_list_append (list, kind);
}

/* Every pixel different: red and green follow x and y, blue is fixed,
 * and the last column is half transparent (premultiplied). */
static inline cairo_surface_t *
create_pattern (int width,
                int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int x, y;

  for (y = 0; y < height; y++)
    for (x = 0; x < width; x++)
      {
        guint r = (x * 255) / MAX (width - 1, 1);
        guint g = (y * 255) / MAX (height - 1, 1);
        guint b = 0x40, a = 0xff;

        if (x == width - 1)
          {
            a = 0x80;
            r = r * a / 255;
            g = g * a / 255;
            b = b * a / 255;
          }

        ((guint32 *) (data + y * stride))[x] = (a << 24) | (r << 16) | (g << 8) | b;
      }
  cairo_surface_mark_dirty (surface);

  return surface;
}

static inline cairo_surface_t *
create_solid (int     width,
              int     height,
              guint32 pixel)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  fill_surface (surface, pixel);

  return surface;
}

static inline void
init_rotation (graphene_matrix_t *m,
               float              degrees,
               float              cx,
               float              cy)
{
  graphene_matrix_init_translate (m, &GRAPHENE_POINT3D_INIT (-cx, -cy, 0));
  graphene_matrix_rotate_z (m, degrees);
  graphene_matrix_translate (m, &GRAPHENE_POINT3D_INIT (cx, cy, 0));
}

/* Rotation about the vertical axis through (cx, cy), seen through a CSS
 * perspective of @distance centred at the same point. */
static inline void
init_perspective_rotation (graphene_matrix_t *m,
                           float              degrees,
                           float              distance,
                           float              cx,
                           float              cy)
{
  graphene_matrix_t perspective;
  float p[16] = {
    1, 0, 0, 0,
    0, 1, 0, 0,
    0, 0, 1, -1.f / distance,
    0, 0, 0, 1,
  };

  graphene_matrix_init_from_float (&perspective, p);
  graphene_matrix_init_translate (m, &GRAPHENE_POINT3D_INIT (-cx, -cy, 0));
  graphene_matrix_rotate_y (m, degrees);
  graphene_matrix_multiply (m, &perspective, m);
  graphene_matrix_translate (m, &GRAPHENE_POINT3D_INIT (cx, cy, 0));
}

static inline void
render (GskLayerRenderList *list,
        cairo_surface_t    *target,
        const char         *name)
{
  gsk_layer_software_render (list, NULL, target);
  save_png (target, name);
}

/* Signed distance of (x, y) into a convex polygon (positive inside) */
static inline double
polygon_depth (const graphene_point_t *polygon,
               guint                   n,
               double                  x,
               double                  y)
{
  double area = 0, depth = INFINITY;
  guint i;

  for (i = 0; i < n; i++)
    {
      const graphene_point_t *a = &polygon[i], *b = &polygon[(i + 1) % n];
      area += a->x * b->y - b->x * a->y;
    }

  for (i = 0; i < n; i++)
    {
      const graphene_point_t *a = &polygon[i], *b = &polygon[(i + 1) % n];
      double ex = b->x - a->x, ey = b->y - a->y;
      double len = sqrt (ex * ex + ey * ey);
      double d;

      if (len == 0)
        continue;

      d = (ex * (y - a->y) - ey * (x - a->x)) / len;
      depth = MIN (depth, area > 0 ? d : -d);
    }

  return depth;
}

/* Pixels well inside @polygon are opaque, pixels well outside untouched */
static inline void
assert_covers_polygon (cairo_surface_t        *target,
                       const graphene_point_t *polygon,
                       guint                   n)
{
  int x, y, inside = 0;

  for (y = 0; y < cairo_image_surface_get_height (target); y++)
    for (x = 0; x < cairo_image_surface_get_width (target); x++)
      {
        double depth = polygon_depth (polygon, n, x + 0.5, y + 0.5);

        if (depth > 1.5)
          {
            g_assert_cmpuint (get_alpha (target, x, y), ==, 255);
            inside++;
          }
        else if (depth < -1.5)
          g_assert_cmpuint (get_alpha (target, x, y), ==, 0);
      }

  g_assert_cmpint (inside, >, 0);
}
