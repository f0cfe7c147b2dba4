/* test-software-damage.c: the pixman backend's damage and culling, fed
 * render lists built by hand: redrawing only what changed, ops outside
 * the target or hidden by opaque ones, and frames split over threads
 *
 * Set GSK_LAYER_TEST_OUTPUT to a directory to keep the rendered images.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gsk-layer-render-cull-private.h"
#include "software-test-utils.h"

/* ---- damage and culling -------------------------------------------------- */

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/software/damage", test_damage);
  g_test_add_func ("/software/cull", test_cull);
  g_test_add_func ("/software/threads", test_threads);
  g_test_add_func ("/software/occlusion", test_occlusion);

  return g_test_run ();
}
