/* test-software.c: the pixman backend, fed render lists built by hand:
 * the list, colors, textures, groups, clips, and robustness; damage and
 * culling are in test-software-damage.c
 *
 * Set GSK_LAYER_TEST_OUTPUT to a directory to keep the rendered images.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "software-test-utils.h"

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
  g_test_add_func ("/software/robust/behind-viewer", test_behind_viewer);
  g_test_add_func ("/software/robust/random-transforms", test_random_transforms);
  g_test_add_func ("/software/robust/degenerate", test_degenerate);
  g_test_add_func ("/software/robust/far-quad", test_far_quad);
  g_test_add_func ("/software/robust/unbalanced", test_unbalanced);

  return g_test_run ();
}
