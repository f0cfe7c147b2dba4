/* test-software.c: the pixman backend, fed render lists built by hand
 *
 * Set GSK_LAYER_TEST_OUTPUT to a directory to keep the rendered images.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <graphene.h>
#include <cairo.h>

#include "gsk-layer-render-list-private.h"
#include "gsk-layer-software-backend-private.h"
#include "gsk-layer-render-cull-private.h"

#define SIZE 64

/* ---- helpers ---------------------------------------------------------- */

static cairo_surface_t *
create_target (int width,
               int height)
{
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
}

static void
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

static guint32
get_pixel (cairo_surface_t *surface,
           int              x,
           int              y)
{
  guint8 *data;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);

  return ((guint32 *) (data + y * cairo_image_surface_get_stride (surface)))[x];
}

static guint
get_alpha (cairo_surface_t *surface,
           int              x,
           int              y)
{
  return get_pixel (surface, x, y) >> 24;
}

static gboolean
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

static void
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
static void
set_screen_bounds (GskLayerRenderOp   *op,
                   GskLayerRenderList *list)
{
  graphene_rect_t projected, target = GRAPHENE_RECT_INIT (0, 0, list->width, list->height);

  if (!gsk_layer_project_rect (&op->transform, &op->bounds, &projected, NULL, NULL) ||
      !graphene_rect_intersection (&projected, &target, &op->screen_bounds))
    graphene_rect_init (&op->screen_bounds, 0, 0, 0, 0);
}

static GskLayerRenderOp *
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

static GskLayerRenderOp *
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

static GskLayerRenderOp *
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

static GskLayerRenderOp *
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

static void
add_pop (GskLayerRenderList   *list,
         GskLayerRenderOpKind  kind)
{
  gsk_layer_render_list_append (list, kind);
}

/* Every pixel different: red and green follow x and y, blue is fixed,
 * and the last column is half transparent (premultiplied). */
static cairo_surface_t *
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

static cairo_surface_t *
create_solid (int     width,
              int     height,
              guint32 pixel)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  fill_surface (surface, pixel);

  return surface;
}

static void
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
static void
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

static void
render (GskLayerRenderList *list,
        cairo_surface_t    *target,
        const char         *name)
{
  gsk_layer_software_render (list, NULL, target);
  save_png (target, name);
}

/* Renders with @flags added to GSK_LAYER_DEBUG, which is read per frame */
static void
render_with_debug (GskLayerRenderList   *list,
                   const cairo_region_t *damage,
                   cairo_surface_t      *target,
                   const char           *flags)
{
  char *saved = g_strdup (g_getenv ("GSK_LAYER_DEBUG"));
  char *value = saved ? g_strconcat (saved, ",", flags, NULL) : g_strdup (flags);

  g_setenv ("GSK_LAYER_DEBUG", value, TRUE);
  gsk_layer_software_render (list, damage, target);

  if (saved)
    g_setenv ("GSK_LAYER_DEBUG", saved, TRUE);
  else
    g_unsetenv ("GSK_LAYER_DEBUG");

  g_free (value);
  g_free (saved);
}

/* Signed distance of (x, y) into a convex polygon (positive inside) */
static double
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
static void
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

/* ---- the render list -------------------------------------------------- */

static void
test_list_append_clear (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (10, 20);
  cairo_surface_t *surface = create_solid (4, 4, 0xffffffff);
  GskLayerRenderOp *op;
  guint i;

  for (i = 0; i < 100; i++)
    {
      op = gsk_layer_render_list_append (list, GSK_LAYER_RENDER_OP_TEXTURE);
      g_assert_cmpint (op->kind, ==, GSK_LAYER_RENDER_OP_TEXTURE);
      g_assert_cmpfloat (op->opacity, ==, 1.f);
      g_assert_true (graphene_matrix_is_identity (&op->transform));
      g_assert_null (op->surface);
      op->surface = cairo_surface_reference (surface);
    }

  g_assert_cmpuint (list->n_ops, ==, 100);
  g_assert_cmpuint (list->n_allocated, >=, 100);
  g_assert_cmpuint (cairo_surface_get_reference_count (surface), ==, 101);

  gsk_layer_render_list_clear (list);
  g_assert_cmpuint (list->n_ops, ==, 0);
  g_assert_cmpuint (list->n_allocated, >=, 100);
  g_assert_cmpuint (cairo_surface_get_reference_count (surface), ==, 1);

  op = gsk_layer_render_list_append (list, GSK_LAYER_RENDER_OP_COLOR);
  g_assert_null (op->surface);
  op->surface = cairo_surface_reference (surface);
  gsk_layer_render_list_free (list);
  g_assert_cmpuint (cairo_surface_get_reference_count (surface), ==, 1);

  cairo_surface_destroy (surface);
}

static void
test_project_rect (void)
{
  graphene_matrix_t m;
  graphene_rect_t rect = GRAPHENE_RECT_INIT (10, 20, 30, 40), out;
  graphene_point_t polygon[8];
  guint n, i;

  graphene_matrix_init_translate (&m, &GRAPHENE_POINT3D_INIT (5, -5, 0));
  g_assert_true (gsk_layer_project_rect (&m, &rect, &out, polygon, &n));
  g_assert_cmpuint (n, ==, 4);
  g_assert_true (graphene_rect_equal (&out, &GRAPHENE_RECT_INIT (15, 15, 30, 40)));
  g_assert_true (graphene_point_equal (&polygon[0], &GRAPHENE_POINT_INIT (15, 15)));
  g_assert_true (graphene_point_equal (&polygon[2], &GRAPHENE_POINT_INIT (45, 55)));

  /* In front: nothing clipped, the far edge shrinks towards the centre */
  init_perspective_rotation (&m, 45, 500, 25, 40);
  g_assert_true (gsk_layer_project_rect (&m, &rect, &out, polygon, &n));
  g_assert_cmpuint (n, ==, 4);

  /* Partly behind the viewer: clipped, yet finite */
  init_perspective_rotation (&m, 80, 10, 25, 40);
  g_assert_true (gsk_layer_project_rect (&m, &rect, &out, polygon, &n));
  g_assert_cmpuint (n, >=, 3);
  g_assert_cmpuint (n, <=, 8);
  for (i = 0; i < n; i++)
    g_assert_true (isfinite (polygon[i].x) && isfinite (polygon[i].y));

  /* Entirely behind */
  graphene_matrix_init_scale (&m, 1, 1, 1);
  graphene_matrix_scale (&m, -1, -1, -1);
  {
    float v[16];

    graphene_matrix_to_float (&m, v);
    v[15] = -1;
    graphene_matrix_init_from_float (&m, v);
  }
  g_assert_false (gsk_layer_project_rect (&m, &rect, &out, polygon, &n));
  g_assert_cmpuint (n, ==, 0);

  /* Not finite */
  {
    float v[16] = { NAN, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };

    graphene_matrix_init_from_float (&m, v);
    g_assert_false (gsk_layer_project_rect (&m, &rect, &out, NULL, NULL));
  }
}

/* ---- colors ------------------------------------------------------------ */

static void
test_color_exact (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  graphene_matrix_t m;

  add_color (list, NULL, 10, 20, 30, 15, 1, 0, 0, 1);
  graphene_matrix_init_translate (&m, &GRAPHENE_POINT3D_INIT (40, 40, 0));
  add_color (list, &m, 0, 0, 10, 10, 0, 1, 0, 0.5);
  render (list, target, "color-exact");

  assert_pixel (target, 10, 20, 0xffff0000, 0);
  assert_pixel (target, 39, 34, 0xffff0000, 0);
  assert_pixel (target, 9, 20, 0, 0);
  assert_pixel (target, 40, 20, 0, 0);
  assert_pixel (target, 10, 19, 0, 0);
  assert_pixel (target, 10, 35, 0, 0);

  assert_pixel (target, 40, 40, 0x80008000, 0);
  assert_pixel (target, 49, 49, 0x80008000, 0);
  assert_pixel (target, 50, 49, 0, 0);
  assert_pixel (target, 39, 40, 0, 0);

  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static GskLayerRenderOp *
add_paint (GskLayerRenderList   *list,
           GskLayerRenderOpKind  kind,
           float x, float y, float width, float height)
{
  GskLayerRenderOp *op = gsk_layer_render_list_append (list, kind);

  graphene_rect_init (&op->bounds, x, y, width, height);
  op->rounded_rect = op->bounds;
  op->paint = g_new0 (GskLayerRenderPaint, 1);
  set_screen_bounds (op, list);

  return op;
}

/* BORDER and GRADIENT ops, which GL hands over with a frame it cannot
 * draw, at their edges: no width, no size, a huge size, no stops, one
 * stop, a repeat of no length, a tile of no size, a radial gradient of
 * no extent. Nothing is refused or warned of; what shows is what CSS
 * would show */
static void
test_paint_degenerate (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  GskLayerRenderOp *op;
  int i;

  list->vector_style = TRUE;

  /* No widths: the inner box is the outer one, the ring is empty */
  op = add_paint (list, GSK_LAYER_RENDER_OP_BORDER, 2, 2, 20, 20);
  op->paint->inner_rect = op->bounds;
  for (i = 0; i < 4; i++)
    op->paint->colors[i][0] = op->paint->colors[i][3] = 1;

  /* No size, and a size past any raster */
  add_paint (list, GSK_LAYER_RENDER_OP_BORDER, 30, 2, 0, 0);
  op = add_paint (list, GSK_LAYER_RENDER_OP_BORDER, -1e7f, 60, 2e7f, 2);
  op->paint->widths[0] = 1;
  op->paint->colors[0][2] = op->paint->colors[0][3] = 1;

  /* No stops: nothing; one stop: its colour */
  add_paint (list, GSK_LAYER_RENDER_OP_GRADIENT, 30, 30, 10, 10);
  op = add_paint (list, GSK_LAYER_RENDER_OP_GRADIENT, 2, 30, 10, 10);
  op->paint->n_stops = 1;
  op->paint->stop_colors[0][1] = op->paint->stop_colors[0][3] = 1;

  /* A repeat of no length, a tile of no size, a radial of no extent */
  op = add_paint (list, GSK_LAYER_RENDER_OP_GRADIENT, 44, 30, 10, 10);
  op->paint->kind = GSK_LAYER_RENDER_GRADIENT_RADIAL;
  op->paint->repeating = TRUE;
  op->paint->n_stops = 2;
  op->paint->offsets[0] = op->paint->offsets[1] = 5;
  op->paint->stop_colors[0][3] = op->paint->stop_colors[1][3] = 1;
  op->paint->tile = GRAPHENE_RECT_INIT (44, 30, 0, 10);

  render (list, target, "paint-degenerate");
  assert_pixel (target, 12, 12, 0, 0);
  assert_pixel (target, 7, 35, 0xff00ff00, 1);
  assert_pixel (target, 35, 35, 0, 0);
  assert_pixel (target, 49, 35, 0xff000000, 1);

  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_color_antialiased (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  graphene_matrix_t m;
  int x, y, partial = 0;

  /* Half-pixel edges */
  add_color (list, NULL, 4.5, 4, 10, 4, 1, 1, 1, 1);
  init_rotation (&m, 30, 40, 40);
  add_color (list, &m, 30, 30, 20, 20, 0, 0, 1, 1);
  render (list, target, "color-antialiased");

  g_assert_cmpuint (get_alpha (target, 4, 5), >=, 120);
  g_assert_cmpuint (get_alpha (target, 4, 5), <=, 136);
  assert_pixel (target, 5, 5, 0xffffffff, 0);
  assert_pixel (target, 13, 5, 0xffffffff, 0);
  g_assert_cmpuint (get_alpha (target, 14, 5), >=, 120);
  g_assert_cmpuint (get_alpha (target, 14, 5), <=, 136);
  assert_pixel (target, 15, 5, 0, 0);

  /* The rotated square: solid inside, soft along its edges */
  assert_pixel (target, 40, 40, 0xff0000ff, 0);
  for (y = 20; y < SIZE; y++)
    for (x = 20; x < SIZE; x++)
      {
        guint a = get_alpha (target, x, y);

        if (a > 0 && a < 255)
          partial++;
      }
  g_assert_cmpint (partial, >, 40);

  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

/* ---- textures ----------------------------------------------------------- */

static void
test_texture_translate (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  cairo_surface_t *pattern = create_pattern (20, 12);
  graphene_matrix_t m;
  int x, y, pass;

  for (pass = 0; pass < 2; pass++)
    {
      gsk_layer_render_list_clear (list);
      if (pass == 0)
        {
          graphene_matrix_init_translate (&m, &GRAPHENE_POINT3D_INIT (13, 7, 0));
          add_texture (list, &m, pattern, 0, 0, 20, 12);
        }
      else
        {
          /* Same place through the bounds, and a translation that is
           * integral only up to float noise */
          graphene_matrix_init_translate (&m, &GRAPHENE_POINT3D_INIT (3.0000001f, 2, 0));
          add_texture (list, &m, pattern, 10, 5, 20, 12);
        }
      render (list, target, "texture-translate");

      for (y = 0; y < SIZE; y++)
        for (x = 0; x < SIZE; x++)
          {
            guint32 expected = 0;

            if (x >= 13 && x < 33 && y >= 7 && y < 19)
              expected = get_pixel (pattern, x - 13, y - 7);

            assert_pixel (target, x, y, expected, 0);
          }
    }

  cairo_surface_destroy (pattern);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_texture_opacity (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  cairo_surface_t *white = create_solid (10, 10, 0xffffffff);
  cairo_surface_t *pattern = create_pattern (10, 10);
  GskLayerRenderOp *op;

  op = add_texture (list, NULL, white, 5, 5, 10, 10);
  op->opacity = 0.5;
  op = add_texture (list, NULL, pattern, 30, 30, 10, 10);
  op->opacity = 0.5;
  render (list, target, "texture-opacity");

  assert_pixel (target, 5, 5, 0x80808080, 1);
  assert_pixel (target, 14, 14, 0x80808080, 1);
  assert_pixel (target, 15, 14, 0, 0);
  assert_pixel (target, 35, 32, (get_pixel (pattern, 5, 2) >> 1) & 0x7f7f7f7f, 1);

  cairo_surface_destroy (pattern);
  cairo_surface_destroy (white);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_texture_rotate_90 (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  cairo_surface_t *pattern = create_pattern (16, 8);
  graphene_matrix_t m;
  int u, v;

  /* (x, y) → (-y, x) + (30, 10): layer pixel (u, v) lands on (29 - v, 10 + u) */
  graphene_matrix_init_rotate (&m, 90, graphene_vec3_z_axis ());
  graphene_matrix_translate (&m, &GRAPHENE_POINT3D_INIT (30, 10, 0));
  add_texture (list, &m, pattern, 0, 0, 16, 8);
  render (list, target, "texture-rotate-90");

  for (v = 0; v < 8; v++)
    for (u = 0; u < 16; u++)
      assert_pixel (target, 29 - v, 10 + u, get_pixel (pattern, u, v), 1);

  /* Nothing outside */
  assert_pixel (target, 21, 10, 0, 0);
  assert_pixel (target, 30, 10, 0, 0);
  assert_pixel (target, 25, 9, 0, 0);
  assert_pixel (target, 25, 26, 0, 0);

  cairo_surface_destroy (pattern);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_texture_rotate (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  cairo_surface_t *solid = create_solid (32, 32, 0xff20a040);
  graphene_point_t polygon[8];
  graphene_matrix_t m;
  guint n;

  init_rotation (&m, 30, 32, 32);
  add_texture (list, &m, solid, 16, 16, 32, 32);
  render (list, target, "texture-rotate-30");

  g_assert_true (gsk_layer_project_rect (&m, &GRAPHENE_RECT_INIT (16, 16, 32, 32), NULL, polygon, &n));
  assert_covers_polygon (target, polygon, n);
  assert_pixel (target, 32, 32, 0xff20a040, 0);

  cairo_surface_destroy (solid);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_texture_scale (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  cairo_surface_t *pattern = create_pattern (8, 8);
  cairo_surface_t *white = create_solid (4, 4, 0xffffffff);
  graphene_matrix_t m;

  /* 8×8 pixels stretched over a 16×16 layer: edges stay crisp */
  add_texture (list, NULL, pattern, 10, 10, 16, 16);

  /* 4×4 pixels on a layer scaled 2.5 times, at a fractional place */
  graphene_matrix_init_scale (&m, 2.5, 2.5, 1);
  graphene_matrix_translate (&m, &GRAPHENE_POINT3D_INIT (30.25, 30, 0));
  add_texture (list, &m, white, 0, 0, 4, 4);
  render (list, target, "texture-scale");

  assert_pixel (target, 10, 10, get_pixel (pattern, 0, 0), 0);
  assert_pixel (target, 25, 10, get_pixel (pattern, 7, 0), 0);
  assert_pixel (target, 10, 25, get_pixel (pattern, 0, 7), 0);
  assert_pixel (target, 9, 10, 0, 0);
  assert_pixel (target, 26, 10, 0, 0);
  assert_pixel (target, 10, 26, 0, 0);

  /* Covering 30.25 to 40.25: crisp inside, antialiased edges */
  assert_pixel (target, 31, 35, 0xffffffff, 0);
  assert_pixel (target, 39, 35, 0xffffffff, 0);
  g_assert_cmpuint (get_alpha (target, 30, 35), >=, 185);
  g_assert_cmpuint (get_alpha (target, 30, 35), <=, 197);
  g_assert_cmpuint (get_alpha (target, 40, 35), >=, 58);
  g_assert_cmpuint (get_alpha (target, 40, 35), <=, 70);
  assert_pixel (target, 29, 35, 0, 0);
  assert_pixel (target, 41, 35, 0, 0);

  cairo_surface_destroy (white);
  cairo_surface_destroy (pattern);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_texture_perspective (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (128, 128);
  cairo_surface_t *target = create_target (128, 128);
  cairo_surface_t *pattern = create_pattern (64, 64);
  cairo_surface_t *solid = create_solid (64, 64, 0xff000000);
  graphene_point_t polygon[8];
  graphene_matrix_t m;
  guint32 center;
  guint n;

  init_perspective_rotation (&m, 50, 150, 64, 64);
  add_texture (list, &m, solid, 32, 32, 64, 64);
  render (list, target, "texture-perspective-solid");

  g_assert_true (gsk_layer_project_rect (&m, &GRAPHENE_RECT_INIT (32, 32, 64, 64), NULL, polygon, &n));
  g_assert_cmpuint (n, ==, 4);
  assert_covers_polygon (target, polygon, n);

  /* The near edge (the left one turns towards the viewer) is taller */
  g_assert_cmpfloat (fabs (polygon[3].y - polygon[0].y), >, fabs (polygon[2].y - polygon[1].y) + 10);

  /* The axis of rotation stays put: the centre shows the source's centre */
  gsk_layer_render_list_clear (list);
  add_texture (list, &m, pattern, 32, 32, 64, 64);
  render (list, target, "texture-perspective");
  center = get_pixel (target, 64, 64);
  g_assert_cmpuint (center >> 24, ==, 255);
  g_assert_cmpint (ABS ((int) ((center >> 16) & 0xff) - 128), <=, 8);
  g_assert_cmpint (ABS ((int) ((center >> 8) & 0xff) - 128), <=, 8);
  assert_pixel (target, 0, 0, 0, 0);
  assert_pixel (target, 127, 127, 0, 0);

  cairo_surface_destroy (solid);
  cairo_surface_destroy (pattern);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

/* ---- groups ------------------------------------------------------------- */

static void
test_group_opacity (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);

  add_push_group (list, 0.5, GSK_LAYER_BLEND_NORMAL);
  add_color (list, NULL, 10, 10, 30, 30, 1, 0, 0, 1);
  add_color (list, NULL, 25, 25, 30, 30, 0, 0, 1, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  render (list, target, "group-opacity");

  /* Not darker where they overlap: the group is composited as one */
  assert_pixel (target, 12, 12, 0x80800000, 1);
  assert_pixel (target, 30, 30, 0x80000080, 1);
  assert_pixel (target, 50, 50, 0x80000080, 1);
  assert_pixel (target, 5, 5, 0, 0);

  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_group_nested (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  cairo_surface_t *white = create_solid (16, 16, 0xffffffff);
  graphene_matrix_t m;

  add_push_group (list, 0.5, GSK_LAYER_BLEND_NORMAL);
  add_color (list, NULL, 0, 0, 32, 32, 1, 1, 1, 1);
  add_push_group (list, 0.5, GSK_LAYER_BLEND_NORMAL);
  add_color (list, NULL, 16, 16, 32, 32, 1, 1, 1, 1);
  init_rotation (&m, 45, 40, 40);
  add_texture (list, &m, white, 32, 32, 16, 16);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  render (list, target, "group-nested");

  assert_pixel (target, 8, 8, 0x80808080, 1);
  /* Inner group over the outer content, then both at half */
  assert_pixel (target, 20, 20, 0x80808080, 1);
  assert_pixel (target, 44, 20, 0x40404040, 1);
  assert_pixel (target, 40, 40, 0x40404040, 1);
  assert_pixel (target, 60, 60, 0, 0);

  cairo_surface_destroy (white);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_group_blend (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);

  /* Backdrop (128, 255, 64), source (255, 128, 128) */
  add_color (list, NULL, 0, 0, SIZE, SIZE, 128 / 255.f, 1, 64 / 255.f, 1);
  add_push_group (list, 1, GSK_LAYER_BLEND_MULTIPLY);
  add_color (list, NULL, 0, 0, 32, SIZE, 1, 128 / 255.f, 128 / 255.f, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  add_push_group (list, 1, GSK_LAYER_BLEND_SCREEN);
  add_color (list, NULL, 32, 0, 32, 32, 1, 128 / 255.f, 128 / 255.f, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  add_push_group (list, 1, GSK_LAYER_BLEND_DIFFERENCE);
  add_color (list, NULL, 32, 32, 32, 32, 1, 128 / 255.f, 128 / 255.f, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  render (list, target, "group-blend");

  /* multiply: a·b */
  assert_pixel (target, 10, 10, 0xff808020, 1);
  /* screen: a + b − a·b */
  assert_pixel (target, 40, 10, 0xffffffa0, 1);
  /* difference: |a − b| */
  assert_pixel (target, 40, 40, 0xff7f7f40, 1);

  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

/* ---- clips --------------------------------------------------------------- */

static void
test_clip_axis_aligned (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  cairo_surface_t *pattern = create_pattern (SIZE, SIZE);
  graphene_matrix_t m;

  graphene_matrix_init_translate (&m, &GRAPHENE_POINT3D_INIT (5, 5, 0));
  add_push_clip (list, &m, 5, 5, 20, 20);
  add_color (list, NULL, 0, 0, SIZE, SIZE, 1, 0, 0, 1);
  add_push_clip (list, NULL, 20, 0, 40, 40);
  add_texture (list, NULL, pattern, 0, 0, SIZE, SIZE);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
  add_color (list, NULL, 50, 50, 4, 4, 0, 1, 0, 1);
  render (list, target, "clip-axis-aligned");

  assert_pixel (target, 9, 15, 0, 0);
  assert_pixel (target, 10, 15, 0xffff0000, 0);
  assert_pixel (target, 19, 29, 0xffff0000, 0);
  assert_pixel (target, 20, 29, get_pixel (pattern, 20, 29), 0);
  assert_pixel (target, 29, 10, get_pixel (pattern, 29, 10), 0);
  assert_pixel (target, 30, 15, 0, 0);
  assert_pixel (target, 15, 30, 0, 0);
  /* The clip ends with its pop */
  assert_pixel (target, 52, 52, 0xff00ff00, 0);

  cairo_surface_destroy (pattern);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_clip_rotated (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  graphene_point_t polygon[8];
  graphene_matrix_t m;
  int x, y, partial = 0;
  guint n;

  init_rotation (&m, 45, 32, 32);
  add_push_clip (list, &m, 16, 16, 32, 32);
  add_color (list, NULL, 0, 0, SIZE, SIZE, 1, 1, 0, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
  render (list, target, "clip-rotated");

  g_assert_true (gsk_layer_project_rect (&m, &GRAPHENE_RECT_INIT (16, 16, 32, 32), NULL, polygon, &n));
  assert_covers_polygon (target, polygon, n);
  assert_pixel (target, 32, 32, 0xffffff00, 0);
  assert_pixel (target, 12, 12, 0, 0);
  assert_pixel (target, 52, 12, 0, 0);

  /* The diagonal edges are antialiased */
  for (y = 0; y < SIZE; y++)
    for (x = 0; x < SIZE; x++)
      {
        guint a = get_alpha (target, x, y);

        if (a > 0 && a < 255)
          partial++;
      }
  g_assert_cmpint (partial, >, 60);

  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_clip_group_nesting (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  graphene_matrix_t m;

  init_rotation (&m, 45, 32, 32);
  add_push_group (list, 0.5, GSK_LAYER_BLEND_NORMAL);
  add_push_clip (list, &m, 16, 16, 32, 32);
  add_push_clip (list, NULL, 0, 0, 32, SIZE);
  add_color (list, NULL, 0, 0, SIZE, SIZE, 1, 1, 1, 1);
  add_color (list, NULL, 0, 0, SIZE, SIZE, 0, 0, 1, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  render (list, target, "clip-group-nesting");

  assert_pixel (target, 30, 32, 0x80000080, 1);
  assert_pixel (target, 33, 32, 0, 0);
  assert_pixel (target, 12, 12, 0, 0);

  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

/* ---- damage and culling -------------------------------------------------- */

static void
test_damage (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  cairo_surface_t *pattern = create_pattern (32, 32);
  cairo_region_t *damage;
  graphene_matrix_t m;
  int x, y;

  damage = cairo_region_create_rectangle (&(cairo_rectangle_int_t) { 10, 10, 20, 20 });
  cairo_region_union_rectangle (damage, &(cairo_rectangle_int_t) { 40, 0, 5, 64 });

  list->clear_color[2] = 1;
  list->clear_color[3] = 1;
  add_color (list, NULL, 0, 0, 32, SIZE, 1, 0, 0, 0.5);
  init_rotation (&m, 20, 32, 32);
  add_push_group (list, 0.5, GSK_LAYER_BLEND_MULTIPLY);
  add_texture (list, &m, pattern, 16, 16, 32, 32);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  add_push_clip (list, &m, 0, 0, SIZE, SIZE);
  add_color (list, NULL, 0, 0, SIZE, SIZE, 0, 1, 0, 0.25);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);

  fill_surface (target, 0xff00ff00);
  gsk_layer_software_render (list, damage, target);
  save_png (target, "damage");

  for (y = 0; y < SIZE; y++)
    for (x = 0; x < SIZE; x++)
      if (!cairo_region_contains_point (damage, x, y))
        assert_pixel (target, x, y, 0xff00ff00, 0);

  g_assert_cmpuint (get_pixel (target, 12, 12), !=, 0xff00ff00);
  g_assert_cmpuint (get_pixel (target, 42, 2), !=, 0xff00ff00);

  /* Only the damage: the result matches a full redraw there */
  {
    cairo_surface_t *full = create_target (SIZE, SIZE);

    gsk_layer_software_render (list, NULL, full);
    for (y = 0; y < SIZE; y++)
      for (x = 0; x < SIZE; x++)
        if (cairo_region_contains_point (damage, x, y))
          assert_pixel (target, x, y, get_pixel (full, x, y), 0);
    cairo_surface_destroy (full);
  }

  /* An empty damage touches nothing */
  cairo_region_destroy (damage);
  damage = cairo_region_create ();
  fill_surface (target, 0xff00ff00);
  gsk_layer_software_render (list, damage, target);
  assert_pixel (target, 12, 12, 0xff00ff00, 0);

  cairo_region_destroy (damage);
  cairo_surface_destroy (pattern);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_cull (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  GskLayerRenderOp *op;

  /* The tree says this op is invisible: believed, unless culling is off */
  op = add_color (list, NULL, 10, 10, 10, 10, 1, 0, 0, 1);
  graphene_rect_init (&op->screen_bounds, 0, 0, 0, 0);

  if (!g_strrstr (g_getenv ("GSK_LAYER_DEBUG") ? g_getenv ("GSK_LAYER_DEBUG") : "", "no-cull"))
    {
      gsk_layer_software_render (list, NULL, target);
      assert_pixel (target, 15, 15, 0, 0);
    }

  render_with_debug (list, NULL, target, "no-cull");
  assert_pixel (target, 15, 15, 0xffff0000, 0);

  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

/* An opaque image with detail everywhere, as cards are: stripes and
 * a diagonal over a solid tint */
static cairo_surface_t *
create_opaque_card (int     width,
                    int     height,
                    guint32 tint)
{
  cairo_surface_t *surface = create_solid (width, height, 0xff000000 | tint);
  cairo_t *cr = cairo_create (surface);
  int i;

  for (i = 0; i < width; i += 6)
    {
      cairo_rectangle (cr, i, 0, 3, height);
      cairo_set_source_rgb (cr, (i % 5) / 5.0, (i % 7) / 7.0, 0.5);
      cairo_fill (cr);
    }
  cairo_move_to (cr, 0, 0);
  cairo_line_to (cr, width, height);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* Ops hidden by opaque ops above them are not drawn, or drawn only
 * where they show, and the frame is the same to the bit: overlapping
 * cards rotated, scaled and moved by fractions, among translucent ones,
 * colours, a group, a clip and a card in perspective; in full and with
 * damage, in two bands */
static void
test_occlusion (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (320, 240);
  cairo_surface_t *culled = create_target (320, 240), *whole = create_target (320, 240);
  cairo_surface_t *cards[3], *translucent = create_pattern (50, 30);
  GRand *rand = g_rand_new_with_seed (17);
  cairo_region_t *damage;
  guint hidden;
  int i, pass;

  cards[0] = create_opaque_card (60, 40, 0x3050a0);
  cards[1] = create_opaque_card (80, 50, 0xa03050);
  cards[2] = create_opaque_card (40, 40, 0x50a030);
  list->clear_color[3] = 1;

  for (i = 0; i < 80; i++)
    {
      graphene_matrix_t m;
      GskLayerRenderOp *op;
      int kind = g_rand_int_range (rand, 0, 10);
      float x = g_rand_double_range (rand, -20, 300), y = g_rand_double_range (rand, -20, 220);

      init_rotation (&m, kind < 3 ? 0 : g_rand_double_range (rand, -180, 180), 30, 20);
      graphene_matrix_scale (&m, g_rand_double_range (rand, 0.5, 2), g_rand_double_range (rand, 0.5, 2), 1);
      graphene_matrix_translate (&m, &GRAPHENE_POINT3D_INIT (x, y, 0));

      switch (kind)
        {
        case 0: case 1: case 2: case 3: case 4: case 5:
          {
            cairo_surface_t *card = cards[i % 3];

            op = add_texture (list, &m, card, 0, 0, cairo_image_surface_get_width (card),
                              cairo_image_surface_get_height (card));
            if (i % 7 == 0)
              op->opacity = 0.7f;
            else
              op->opacity = 1.f;
          }
          break;
        case 6:
          op = add_texture (list, &m, translucent, 0, 0, 50, 30);
          op->opacity = 1.f;
          break;
        case 7:
          op = add_color (list, &m, 0, 0, 50, 30, 0.9f, 0.8f, 0.1f, i % 2 ? 1.f : 0.6f);
          op->opacity = 1.f;
          break;
        case 8:
          op = add_push_group (list, 0.8f, GSK_LAYER_BLEND_NORMAL);
          add_texture (list, &m, cards[0], 0, 0, 60, 40)->opacity = 1.f;
          add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
          break;
        case 9:
          add_push_clip (list, NULL, x, y, 70, 50);
          add_texture (list, &m, cards[1], 0, 0, 80, 50)->opacity = 1.f;
          add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
          break;
        }
    }
  {
    /* In perspective: drawn, hiding nothing */
    graphene_matrix_t m;
    GskLayerRenderOp *op;

    graphene_matrix_init_rotate (&m, 40, graphene_vec3_y_axis ());
    graphene_matrix_perspective (&m, 300, &m);
    graphene_matrix_translate (&m, &GRAPHENE_POINT3D_INIT (250, 170, 0));
    op = add_texture (list, &m, cards[2], 0, 0, 40, 40);
    op->opacity = 1.f;
  }

  for (pass = 0; pass < 2; pass++)
    {
      int x, y, n_diff = 0;

      damage = pass == 0 ? NULL : cairo_region_create_rectangle (&(cairo_rectangle_int_t) { 37, 21, 190, 170 });
      fill_surface (culled, 0xff00ff00);
      fill_surface (whole, 0xff00ff00);
      hidden = gsk_layer_culling_get_n_hidden ();
      gsk_layer_software_render (list, damage, culled);
      if (!g_strrstr (g_getenv ("GSK_LAYER_DEBUG") ? g_getenv ("GSK_LAYER_DEBUG") : "", "no-cull"))
        {
          g_test_message ("pass %d: %u ops hidden", pass, gsk_layer_culling_get_n_hidden () - hidden);
          g_assert_cmpuint (gsk_layer_culling_get_n_hidden () - hidden, >, pass == 0 ? 10 : 2);
        }
      hidden = gsk_layer_culling_get_n_hidden ();
      render_with_debug (list, damage, whole, "no-cull");
      g_assert_cmpuint (gsk_layer_culling_get_n_hidden (), ==, hidden);

      for (y = 0; y < 240; y++)
        for (x = 0; x < 320; x++)
          n_diff += get_pixel (culled, x, y) != get_pixel (whole, x, y);
      save_png (culled, pass == 0 ? "occlusion" : "occlusion-damage");
      g_assert_cmpint (n_diff, ==, 0);
      g_clear_pointer (&damage, cairo_region_destroy);
    }

  /* A small damage culls nothing: what the ops over it hide is little,
   * and finding it looks at every op */
  damage = cairo_region_create_rectangle (&(cairo_rectangle_int_t) { 100, 100, 20, 20 });
  hidden = gsk_layer_culling_get_n_hidden ();
  gsk_layer_software_render (list, damage, culled);
  g_assert_cmpuint (gsk_layer_culling_get_n_hidden (), ==, hidden);
  cairo_region_destroy (damage);

  for (i = 0; i < 3; i++)
    cairo_surface_destroy (cards[i]);
  cairo_surface_destroy (translucent);
  cairo_surface_destroy (culled);
  cairo_surface_destroy (whole);
  g_rand_free (rand);
  gsk_layer_render_list_free (list);
}

/* A busy scene, large enough to be split over threads */
static void
build_busy_scene (GskLayerRenderList *list,
                  cairo_surface_t    *pattern)
{
  GRand *rand = g_rand_new_with_seed (42);
  graphene_matrix_t m;
  int i;

  list->clear_color[0] = 0.2f;
  list->clear_color[3] = 1;

  for (i = 0; i < 120; i++)
    {
      float x = g_rand_double_range (rand, -40, list->width);
      float y = g_rand_double_range (rand, -40, list->height);
      float angle = (i % 3) ? g_rand_double_range (rand, 0, 360) : 0;
      GskLayerRenderOp *op;

      if (i % 7 == 0)
        init_perspective_rotation (&m, angle / 4, 300, x + 32, y + 32);
      else
        init_rotation (&m, angle, x + 32, y + 32);

      if (i % 10 == 0)
        add_push_group (list, 0.7, i % 20 ? GSK_LAYER_BLEND_NORMAL : GSK_LAYER_BLEND_SCREEN);
      if (i % 15 == 0)
        add_push_clip (list, &m, x + 8, y + 8, 48, 48);

      if (i % 2)
        op = add_texture (list, &m, pattern, x, y, 64, 64);
      else
        op = add_color (list, &m, x, y, 64, 64, i / 120.f, 0.5, 1 - i / 120.f, 0.8);
      op->opacity = (i % 4) ? 1.0 : 0.6;

      if (i % 15 == 0)
        add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
      if (i % 10 == 0)
        add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
    }

  g_rand_free (rand);
}

static void
test_threads (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (400, 300);
  cairo_surface_t *threaded = create_target (400, 300);
  cairo_surface_t *single = create_target (400, 300);
  cairo_surface_t *pattern = create_pattern (64, 64);
  cairo_region_t *damage;
  int x, y;

  build_busy_scene (list, pattern);

  gsk_layer_software_render (list, NULL, threaded);
  save_png (threaded, "busy");
  render_with_debug (list, NULL, single, "no-threads");

  g_assert_cmpmem (cairo_image_surface_get_data (threaded),
                   cairo_image_surface_get_stride (threaded) * 300,
                   cairo_image_surface_get_data (single),
                   cairo_image_surface_get_stride (single) * 300);

  /* Redrawing part of it gives the same pixels as drawing it all */
  damage = cairo_region_create_rectangle (&(cairo_rectangle_int_t) { 33, 17, 300, 250 });
  fill_surface (threaded, 0);
  gsk_layer_software_render (list, damage, threaded);
  for (y = 17; y < 267; y++)
    for (x = 33; x < 333; x++)
      assert_pixel (threaded, x, y, get_pixel (single, x, y), 0);
  assert_pixel (threaded, 32, 17, 0, 0);
  cairo_region_destroy (damage);

  cairo_surface_destroy (pattern);
  cairo_surface_destroy (single);
  cairo_surface_destroy (threaded);
  gsk_layer_render_list_free (list);
}

/* ---- robustness ------------------------------------------------------------ */

static void
test_behind_viewer (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (128, 128);
  cairo_surface_t *target = create_target (128, 128);
  cairo_surface_t *pattern = create_pattern (64, 64);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (32, 32, 64, 64), projected;
  graphene_point_t polygon[8];
  GskLayerRenderOp *op;
  graphene_matrix_t m;
  int x, y, drawn = 0;
  guint n;

  /* Rotated so far at such a short distance that one side is behind */
  init_perspective_rotation (&m, 75, 20, 64, 64);
  g_assert_true (gsk_layer_project_rect (&m, &bounds, &projected, polygon, &n));

  op = add_texture (list, &m, pattern, 32, 32, 64, 64);
  op->behind_viewer = TRUE;
  render (list, target, "behind-viewer");

  for (y = 0; y < 128; y++)
    for (x = 0; x < 128; x++)
      {
        if (get_alpha (target, x, y) == 0)
          continue;

        drawn++;
        g_assert_cmpfloat (polygon_depth (polygon, n, x + 0.5, y + 0.5), >, -1.5);
      }
  g_assert_cmpint (drawn, >, 100);

  /* The same as a color and as a clip */
  gsk_layer_render_list_clear (list);
  op = add_color (list, &m, 32, 32, 64, 64, 1, 0, 0, 1);
  op->behind_viewer = TRUE;
  op = add_push_clip (list, &m, 32, 32, 64, 64);
  op->behind_viewer = TRUE;
  add_color (list, NULL, 0, 0, 128, 128, 0, 0, 1, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
  render (list, target, "behind-viewer-color");
  assert_covers_polygon (target, polygon, n);

  /* Entirely behind: nothing at all */
  {
    float v[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1 };

    graphene_matrix_init_from_float (&m, v);
  }
  gsk_layer_render_list_clear (list);
  op = add_texture (list, &m, pattern, 0, 0, 64, 64);
  op->behind_viewer = TRUE;
  graphene_rect_init (&op->screen_bounds, 0, 0, 128, 128);
  op = add_color (list, &m, 0, 0, 64, 64, 1, 0, 0, 1);
  graphene_rect_init (&op->screen_bounds, 0, 0, 128, 128);
  gsk_layer_software_render (list, NULL, target);
  for (y = 0; y < 128; y++)
    for (x = 0; x < 128; x++)
      assert_pixel (target, x, y, 0, 0);

  cairo_surface_destroy (pattern);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

/* Red with a blue centre: around the quad only red may show */
static cairo_surface_t *
create_bordered (void)
{
  cairo_surface_t *surface = create_solid (16, 16, 0xffff0000);
  cairo_t *cr = cairo_create (surface);

  cairo_rectangle (cr, 2, 2, 12, 12);
  cairo_set_source_rgb (cr, 0, 0, 1);
  cairo_fill (cr);
  cairo_destroy (cr);

  return surface;
}

/* Whatever the matrix, nothing lands outside the quad (grown by the
 * half source pixel that bilinear filtering fades in), and the pixels
 * around it show only the source's edge: no sampling from behind the
 * viewer, no wrapped-around or misdivided fixed-point coordinates */
static void
test_random_transforms (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (128, 128);
  cairo_surface_t *target = create_target (128, 128);
  cairo_surface_t *bordered = create_bordered ();
  GRand *rand = g_rand_new_with_seed (7);
  int i, x, y;

  for (i = 0; i < 400; i++)
    {
      graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, 64, 64), grown;
      graphene_point_t polygon[8], grown_polygon[8];
      GskLayerRenderOp *op;
      graphene_matrix_t m;
      gboolean visible;
      guint n, n_grown;

      if (i % 4 == 0)
        {
          graphene_matrix_init_scale (&m, g_rand_double_range (rand, 0.2, 5),
                                      g_rand_double_range (rand, 0.2, 5), 1);
          graphene_matrix_skew_xy (&m, g_rand_double_range (rand, -1, 1));
        }
      else
        {
          init_perspective_rotation (&m, g_rand_double_range (rand, -180, 180),
                                     g_rand_double_range (rand, 20, 1000), 32, 32);
          graphene_matrix_rotate_x (&m, g_rand_double_range (rand, -60, 60));
        }
      graphene_matrix_rotate_z (&m, g_rand_double_range (rand, -180, 180));
      graphene_matrix_translate (&m, &GRAPHENE_POINT3D_INIT (g_rand_double_range (rand, -32, 128),
                                                             g_rand_double_range (rand, -32, 128),
                                                             0));

      gsk_layer_render_list_clear (list);
      op = add_texture (list, &m, bordered, 0, 0, 64, 64);
      op->behind_viewer = !gsk_layer_project_rect (&m, &bounds, NULL, polygon, &n) || n != 4;
      gsk_layer_software_render (list, NULL, target);

      graphene_rect_inset_r (&bounds, -2, -2, &grown);
      visible = gsk_layer_project_rect (&m, &grown, NULL, grown_polygon, &n_grown);

      for (y = 0; y < 128; y++)
        for (x = 0; x < 128; x++)
          {
            guint32 pixel = get_pixel (target, x, y);

            if (pixel == 0)
              continue;

            g_assert_true (visible);
            g_assert_cmpfloat (polygon_depth (grown_polygon, n_grown, x + 0.5, y + 0.5), >, -0.75);
            if (polygon_depth (polygon, n, x + 0.5, y + 0.5) < -0.01)
              g_assert_cmpuint (pixel & 0xffff, ==, 0);
          }
    }

  g_rand_free (rand);
  cairo_surface_destroy (bordered);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

/* Found by fuzz-animations (UBSan): a quad whose corners lie 1e21
 * pixels away crosses a 32×32 target. Clipping it there computes new
 * vertices with errors of 1e5 pixels, past pixman's 16.16 range, and
 * converting them to fixed point was undefined: the ASan and UBSan
 * build of the suite fails here without the fix. */
static void
test_far_quad (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (32, 32);
  cairo_surface_t *target = create_target (32, 32);
  graphene_matrix_t m;
  guint32 *data;

  /* The unit square to the corners the fuzzer found */
  graphene_matrix_init_from_2d (&m, 3.2363345429744792e21, -6.765774608697299e20,
                                3.6931445048028535e21, -5.0602445413134893e21,
                                -3.4647396646261547e21, 2.8684110010916096e21);
  add_color (list, &m, 0, 0, 1, 1, 1, 0, 0, 1);
  gsk_layer_software_render (list, NULL, target);

  /* What is drawn there is beyond what floats can place (the matrix's
   * own rounding is 1e14 pixels): red of some coverage, or nothing */
  cairo_surface_flush (target);
  data = (guint32 *) cairo_image_surface_get_data (target);
  for (int i = 0; i < 32 * 32; i++)
    g_assert_cmphex (data[i] & 0x0000ffff, ==, 0);

  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_degenerate (void)
{
  GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
  cairo_surface_t *target = create_target (SIZE, SIZE);
  cairo_surface_t *empty = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 0, 0);
  cairo_surface_t *pixel = create_solid (1, 1, 0xff0000ff);
  GskLayerRenderOp *op;
  graphene_matrix_t m;
  int x, y;

  /* Singular */
  graphene_matrix_init_scale (&m, 0, 1, 1);
  add_color (list, &m, 0, 0, 10, 10, 1, 0, 0, 1);
  add_texture (list, &m, pixel, 0, 0, 10, 10);
  add_push_clip (list, &m, 0, 0, 10, 10);
  add_color (list, NULL, 0, 0, 10, 10, 1, 0, 0, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);

  /* Not finite */
  {
    float v[16] = { INFINITY, 0, 0, 0, 0, NAN, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };

    graphene_matrix_init_from_float (&m, v);
  }
  op = add_color (list, &m, 0, 0, 10, 10, 1, 0, 0, 1);
  graphene_rect_init (&op->screen_bounds, 0, 0, SIZE, SIZE);
  op = add_texture (list, &m, pixel, 0, 0, 10, 10);
  graphene_rect_init (&op->screen_bounds, 0, 0, SIZE, SIZE);
  op = add_push_group (list, NAN, GSK_LAYER_BLEND_NORMAL);
  add_color (list, NULL, 0, 0, 10, 10, 1, 0, 0, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  op = add_color (list, NULL, 0, 0, 10, 10, NAN, 0, 0, NAN);
  op = add_color (list, NULL, NAN, 0, 10, 10, 1, 0, 0, 1);
  graphene_rect_init (&op->screen_bounds, NAN, 0, INFINITY, 10);

  /* Empty */
  add_texture (list, NULL, empty, 0, 0, 10, 10);
  add_texture (list, NULL, pixel, 5, 5, 0, 0);
  add_color (list, NULL, 5, 5, 0, 10, 1, 0, 0, 1);
  op = add_texture (list, NULL, pixel, 0, 0, 10, 10);
  g_clear_pointer (&op->surface, cairo_surface_destroy);
  op = add_texture (list, NULL, pixel, 0, 0, 10, 10);
  graphene_rect_init (&op->source_rect, 0, 0, 0, 0);
  add_push_group (list, 0, GSK_LAYER_BLEND_NORMAL);
  add_color (list, NULL, 0, 0, 10, 10, 1, 0, 0, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  add_push_clip (list, NULL, 100, 100, 10, 10);
  add_color (list, NULL, 0, 0, 10, 10, 1, 0, 0, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);

  gsk_layer_software_render (list, NULL, target);
  for (y = 0; y < SIZE; y++)
    for (x = 0; x < SIZE; x++)
      assert_pixel (target, x, y, 0, 0);

  /* Huge: a 100000² layer costs no more than the target */
  gsk_layer_render_list_clear (list);
  graphene_matrix_init_translate (&m, &GRAPHENE_POINT3D_INIT (-50000, -50000, 0));
  add_push_group (list, 0.5, GSK_LAYER_BLEND_NORMAL);
  add_color (list, &m, 0, 0, 100000, 100000, 1, 0, 0, 1);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
  init_rotation (&m, 10, 0, 0);
  graphene_matrix_translate (&m, &GRAPHENE_POINT3D_INIT (-50000, -50000, 0));
  add_push_clip (list, &m, 0, 0, 100000, 100000);
  add_texture (list, &m, pixel, 0, 0, 100000, 100000);
  init_perspective_rotation (&m, 30, 1000, 32, 32);
  add_texture (list, &m, pixel, -50000, -50000, 100000, 100000);
  add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
  gsk_layer_software_render (list, NULL, target);
  save_png (target, "huge");
  assert_pixel (target, 32, 32, 0xff0000ff, 0);

  cairo_surface_destroy (pixel);
  cairo_surface_destroy (empty);
  cairo_surface_destroy (target);
  gsk_layer_render_list_free (list);
}

static void
test_unbalanced (void)
{
  if (g_test_subprocess ())
    {
      GskLayerRenderList *list = gsk_layer_render_list_new (SIZE, SIZE);
      cairo_surface_t *target = create_target (SIZE, SIZE);

      /* The warning is the point here, not a failure */
      g_log_set_always_fatal (G_LOG_FATAL_MASK);

      add_pop (list, GSK_LAYER_RENDER_OP_POP_GROUP);
      add_push_group (list, 0.5, GSK_LAYER_BLEND_NORMAL);
      add_color (list, NULL, 0, 0, 10, 10, 1, 0, 0, 1);
      add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
      add_color (list, NULL, 10, 0, 10, 10, 1, 0, 0, 1);
      add_push_clip (list, NULL, 20, 0, 10, 10);
      add_push_group (list, 0.5, GSK_LAYER_BLEND_NORMAL);
      add_color (list, NULL, 0, 0, SIZE, SIZE, 0, 0, 1, 1);
      gsk_layer_software_render (list, NULL, target);

      /* Closed anyway; the unclosed group and clip end with the list */
      assert_pixel (target, 5, 5, 0x80800000, 1);
      assert_pixel (target, 15, 5, 0xffff0000, 0);
      assert_pixel (target, 25, 5, 0x80000080, 1);
      assert_pixel (target, 35, 5, 0, 0);

      /* A second bad list does not warn again */
      gsk_layer_render_list_clear (list);
      add_pop (list, GSK_LAYER_RENDER_OP_POP_CLIP);
      gsk_layer_software_render (list, NULL, target);

      cairo_surface_destroy (target);
      gsk_layer_render_list_free (list);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*unbalanced*");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/software/list/append-clear", test_list_append_clear);
  g_test_add_func ("/software/list/project-rect", test_project_rect);
  g_test_add_func ("/software/color/exact", test_color_exact);
  g_test_add_func ("/software/color/antialiased", test_color_antialiased);
  g_test_add_func ("/software/paint/degenerate", test_paint_degenerate);
  g_test_add_func ("/software/texture/translate", test_texture_translate);
  g_test_add_func ("/software/texture/opacity", test_texture_opacity);
  g_test_add_func ("/software/texture/rotate-90", test_texture_rotate_90);
  g_test_add_func ("/software/texture/rotate", test_texture_rotate);
  g_test_add_func ("/software/texture/scale", test_texture_scale);
  g_test_add_func ("/software/texture/perspective", test_texture_perspective);
  g_test_add_func ("/software/group/opacity", test_group_opacity);
  g_test_add_func ("/software/group/nested", test_group_nested);
  g_test_add_func ("/software/group/blend", test_group_blend);
  g_test_add_func ("/software/clip/axis-aligned", test_clip_axis_aligned);
  g_test_add_func ("/software/clip/rotated", test_clip_rotated);
  g_test_add_func ("/software/clip/group-nesting", test_clip_group_nesting);
  g_test_add_func ("/software/damage", test_damage);
  g_test_add_func ("/software/cull", test_cull);
  g_test_add_func ("/software/threads", test_threads);
  g_test_add_func ("/software/robust/behind-viewer", test_behind_viewer);
  g_test_add_func ("/software/robust/random-transforms", test_random_transforms);
  g_test_add_func ("/software/robust/degenerate", test_degenerate);
  g_test_add_func ("/software/robust/far-quad", test_far_quad);
  g_test_add_func ("/software/robust/unbalanced", test_unbalanced);
  g_test_add_func ("/software/occlusion", test_occlusion);

  return g_test_run ();
}
