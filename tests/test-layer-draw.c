/* test-layer-draw.c: redraw and relayout requests, drawing and content,
 * and damage
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "layer-test-utils.h"

/* {{{ Requests */

static void
test_requests_intercept_redraw (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestLayer *interceptor = test_layer_new ("interceptor", 0, 0, 50, 50);
  GskLayer *child1 = new_rect ("child1", 0, 0, 10, 10);
  GskLayer *child2 = new_rect ("child2", 10, 0, 10, 10);
  GskLayer *grandchild = new_rect ("grandchild", 1, 1, 5, 5);

  gsk_layer_add_child (root, GSK_LAYER (interceptor));
  gsk_layer_add_child (GSK_LAYER (interceptor), child1);
  gsk_layer_add_child (GSK_LAYER (interceptor), child2);
  gsk_layer_add_child (child1, grandchild);
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_once (root, 100, 100);
  g_assert_false (gsk_layer_get_frame_pending (root));

  interceptor->intercept_redraw = TRUE;
  interceptor->n_redraws = 0;

  gsk_layer_queue_redraw (child1, NULL);
  g_assert_false (gsk_layer_get_frame_pending (root));
  g_assert_cmpuint (interceptor->n_redraws, ==, 1);
  g_assert_true (interceptor->last_origin == child1);
  g_assert_false (interceptor->last_area_set);

  /* Another child, with an area */
  gsk_layer_queue_redraw (child2, &(cairo_rectangle_int_t) { 1, 2, 3, 4 });
  g_assert_false (gsk_layer_get_frame_pending (root));
  g_assert_cmpuint (interceptor->n_redraws, ==, 2);
  g_assert_true (interceptor->last_origin == child2);
  g_assert_true (interceptor->last_area_set);
  g_assert_cmpint (interceptor->last_area.x, ==, 1);
  g_assert_cmpint (interceptor->last_area.y, ==, 2);
  g_assert_cmpint (interceptor->last_area.width, ==, 3);
  g_assert_cmpint (interceptor->last_area.height, ==, 4);

  /* The first child again, and through a property change deeper down */
  gsk_layer_queue_redraw (child1, NULL);
  g_assert_cmpuint (interceptor->n_redraws, ==, 3);
  g_assert_true (interceptor->last_origin == child1);
  set_color (grandchild, 1, 0, 0, 1);
  g_assert_cmpuint (interceptor->n_redraws, ==, 4);
  g_assert_true (interceptor->last_origin == grandchild);
  gsk_layer_set_opacity (child2, 0.5f);
  g_assert_cmpuint (interceptor->n_redraws, ==, 5);
  g_assert_true (interceptor->last_origin == child2);
  /* Its own */
  gsk_layer_queue_redraw (GSK_LAYER (interceptor), NULL);
  g_assert_cmpuint (interceptor->n_redraws, ==, 6);
  g_assert_true (interceptor->last_origin == GSK_LAYER (interceptor));
  g_assert_false (gsk_layer_get_frame_pending (root));

  /* Passing requests on: the top level gets them */
  interceptor->intercept_redraw = FALSE;
  gsk_layer_queue_redraw (child1, NULL);
  g_assert_cmpuint (interceptor->n_redraws, ==, 7);
  g_assert_true (interceptor->last_origin == child1);
  g_assert_true (gsk_layer_get_frame_pending (root));

  g_assert_finalize_object (root);
}

static void
test_requests_redraw_frame_pending (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *a = new_rect ("a", 0, 0, 50, 50);
  GskLayer *b = new_rect ("b", 0, 0, 10, 10);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, b);
  render_area (renderer, root, target);
  g_assert_false (gsk_layer_get_frame_pending (root));

  gsk_layer_queue_redraw (b, NULL);
  g_assert_true (gsk_layer_get_frame_pending (root));
  /* Only the top level has frames */
  g_assert_false (gsk_layer_get_frame_pending (a));
  g_assert_false (gsk_layer_get_frame_pending (b));
  render_area (renderer, root, target);
  g_assert_false (gsk_layer_get_frame_pending (root));

  /* A second request in the same frame, from the same or another layer */
  gsk_layer_queue_redraw (b, &(cairo_rectangle_int_t) { 0, 0, 1, 1 });
  g_assert_true (gsk_layer_get_frame_pending (root));
  gsk_layer_queue_redraw (a, NULL);
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  g_assert_false (gsk_layer_get_frame_pending (root));

  /* Property changes ask for a frame; no-op changes do not */
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (0, 0));
  g_assert_false (gsk_layer_get_frame_pending (root));
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (5, 0));
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  gsk_layer_queue_relayout (b);
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  g_assert_false (gsk_layer_get_frame_pending (root));

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_requests_relayout (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestLayer *box = test_layer_new ("box", 0, 0, 100, 100);
  TestLayer *inner = test_layer_new ("inner", 0, 0, 10, 10);
  GskLayer *child = new_rect ("child", 0, 0, 10, 10);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  gsk_layer_add_child (root, GSK_LAYER (box));
  gsk_layer_add_child (GSK_LAYER (box), GSK_LAYER (inner));
  gsk_layer_add_child (GSK_LAYER (inner), child);
  set_color (GSK_LAYER (inner), 1, 0, 0, 1);
  box->move_first_child = TRUE;

  /* Adding children asks for a layout */
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 1);
  g_assert_cmpuint (inner->n_layouts, ==, 1);
  g_assert_cmphex (get_pixel (target, 12, 2), ==, 0xffff0000);

  /* Nothing asked: nothing laid out */
  box->n_layouts = inner->n_layouts = 0;
  gsk_layer_queue_redraw (GSK_LAYER (box), NULL);
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 0);
  g_assert_cmpuint (inner->n_layouts, ==, 0);

  /* Once in the next frame, however often asked; not in the one after */
  gsk_layer_queue_relayout (GSK_LAYER (box));
  gsk_layer_queue_relayout (GSK_LAYER (box));
  g_assert_true (gsk_layer_get_frame_pending (root));
  g_assert_cmpuint (box->n_layouts, ==, 0);
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 1);
  g_assert_cmpuint (inner->n_layouts, ==, 0);
  /* The layout ran before drawing: inner is at (10, 0) */
  g_assert_cmphex (get_pixel (target, 12, 2), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 2, 2), ==, 0);
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 1);

  /* From below: every ancestor on the way lays out, once */
  box->n_layouts = inner->n_layouts = 0;
  gsk_layer_queue_relayout (child);
  gsk_layer_queue_relayout (GSK_LAYER (inner));
  render_area (renderer, root, target);
  g_assert_cmpuint (inner->n_layouts, ==, 1);
  g_assert_cmpuint (box->n_layouts, ==, 1);
  /* The box's first layout since the reset puts inner at (10, 0) again */
  g_assert_cmphex (get_pixel (target, 12, 2), ==, 0xffff0000);
  render_area (renderer, root, target);
  g_assert_cmpuint (inner->n_layouts, ==, 1);
  g_assert_cmpuint (box->n_layouts, ==, 1);

  /* A size change asks for a layout */
  gsk_layer_set_size (GSK_LAYER (box), &GRAPHENE_SIZE_INIT (90, 90));
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 2);
  g_assert_cmphex (get_pixel (target, 22, 2), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 12, 2), ==, 0);

  /* Intercepted: the box stops it, so nothing above or at it lays out */
  box->n_layouts = inner->n_layouts = 0;
  box->intercept_relayout = TRUE;
  box->n_relayouts = 0;
  gsk_layer_queue_relayout (GSK_LAYER (inner));
  g_assert_cmpuint (box->n_relayouts, ==, 1);
  g_assert_false (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 0);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_requests_moved_layer (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *other = new_root ("other", 100, 100);
  GskLayer *layer = new_rect ("layer", 0, 0, 10, 10);

  gsk_layer_add_child (root, layer);
  render_once (root, 100, 100);
  render_once (other, 100, 100);

  /* A request goes up from the layer; then it moves to another tree
   * before a frame */
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (5, 5));
  g_assert_true (gsk_layer_get_frame_pending (root));
  g_object_ref (layer);
  gsk_layer_remove_child (root, layer);
  gsk_layer_add_child (other, layer);
  g_object_unref (layer);
  g_assert_true (gsk_layer_get_frame_pending (other));
  render_once (other, 100, 100);
  g_assert_false (gsk_layer_get_frame_pending (other));

  /* Its changes ask the new tree for frames, not the old one */
  render_once (root, 100, 100);
  set_color (layer, 1, 0, 0, 1);
  g_assert_true (gsk_layer_get_frame_pending (other));
  g_assert_false (gsk_layer_get_frame_pending (root));

  g_assert_finalize_object (root);
  g_assert_finalize_object (other);
}

/* A layer that passed a redraw request up and then left its tree before
 * the next frame still asks its new top level for frames */
static void
test_requests_removed_layer (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *layer = new_rect ("layer", 0, 0, 10, 10);

  gsk_layer_add_child (root, layer);
  render_once (root, 100, 100);

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (5, 5));
  g_assert_true (gsk_layer_get_frame_pending (root));
  g_object_ref (layer);
  gsk_layer_remove_child (root, layer);

  /* On its own, it is a top level whose changes ask for frames */
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (6, 6));
  g_assert_true (gsk_layer_get_frame_pending (layer));
  render_once (layer, 100, 100);
  g_assert_false (gsk_layer_get_frame_pending (layer));
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (7, 7));
  g_assert_true (gsk_layer_get_frame_pending (layer));

  g_assert_finalize_object (layer);
  g_assert_finalize_object (root);
}

/* }}} */
/* {{{ Draw and content */

static void
test_draw_cache (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestLayer *layer = test_layer_new ("layer", 10, 10, 20, 30);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  layer->color = (GdkRGBA) { 0, 0, 1, 1 };
  gsk_layer_add_child (root, GSK_LAYER (layer));
  g_assert_cmpuint (layer->n_draws, ==, 0);

  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);
  /* In layer space, all of it */
  g_assert_cmpfloat (layer->clip_x1, ==, 0);
  g_assert_cmpfloat (layer->clip_y1, ==, 0);
  g_assert_cmpfloat (layer->clip_x2, ==, 20);
  g_assert_cmpfloat (layer->clip_y2, ==, 30);
  g_assert_cmphex (get_pixel (target, 15, 15), ==, 0xff0000ff);

  /* Unchanged */
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);

  /* Moved, faded, transformed, reordered: the cached drawing is reused */
  gsk_layer_set_position (GSK_LAYER (layer), &GRAPHENE_POINT_INIT (50, 50));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);
  g_assert_cmphex (get_pixel (target, 15, 15), ==, 0);
  g_assert_cmphex (get_pixel (target, 55, 55), ==, 0xff0000ff);
  gsk_layer_set_opacity (GSK_LAYER (layer), 0.5f);
  set_transform_string (GSK_LAYER (layer), "rotate(10deg)");
  gsk_layer_set_z_position (GSK_LAYER (layer), 3);
  set_color (GSK_LAYER (layer), 0, 1, 0, 1);
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);
  gsk_layer_set_opacity (GSK_LAYER (layer), 1);
  set_transform_string (GSK_LAYER (layer), "none");
  set_color (GSK_LAYER (layer), 0, 0, 0, 0);
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);
  g_assert_cmphex (get_pixel (target, 55, 55), ==, 0xff0000ff);

  /* Invalidated */
  layer->color = (GdkRGBA) { 1, 0, 0, 1 };
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 2);
  g_assert_cmphex (get_pixel (target, 55, 55), ==, 0xffff0000);
  /* Twice before a frame: drawn once */
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 3);
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 3);

  /* Resized */
  gsk_layer_set_size (GSK_LAYER (layer), &GRAPHENE_SIZE_INIT (40, 30));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 4);
  g_assert_cmpfloat (layer->clip_x2, ==, 40);
  g_assert_cmphex (get_pixel (target, 85, 55), ==, 0xffff0000);

  /* Hidden layers are not drawn; shown, they are */
  gsk_layer_set_visible (GSK_LAYER (layer), FALSE);
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 4);
  g_assert_cmphex (get_pixel (target, 55, 55), ==, 0);
  gsk_layer_set_visible (GSK_LAYER (layer), TRUE);
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 5);
  g_assert_cmphex (get_pixel (target, 55, 55), ==, 0xffff0000);

  /* Under a parent that moves */
  gsk_layer_set_position (root, &GRAPHENE_POINT_INIT (-10, -10));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 5);
  g_assert_cmphex (get_pixel (target, 45, 45), ==, 0xffff0000);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
huge_draw_hook (TestLayer *self,
                cairo_t   *cr)
{
  /* Only what can be seen, with a margin */
  g_assert_cmpfloat (self->clip_x2 - self->clip_x1, <, 9000);
  g_assert_cmpfloat (self->clip_y2 - self->clip_y1, <, 9000);
  g_assert_cmpfloat (self->clip_x2 - self->clip_x1, >, 0);
  g_assert_cmpfloat (self->clip_y2 - self->clip_y1, >, 0);
}

static void
test_draw_huge (void)
{
  GskLayer *root = new_root ("root", 256, 256);
  TestLayer *huge = test_layer_new ("huge", 0, 0, 100000, 100000);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);

  huge->color = (GdkRGBA) { 1, 0, 0, 1 };
  huge->draw_hook = huge_draw_hook;
  gsk_layer_add_child (root, GSK_LAYER (huge));

  render_area (renderer, root, target);
  g_assert_cmpuint (huge->n_draws, ==, 1);
  /* The visible part is in the drawn part */
  g_assert_cmpfloat (huge->clip_x1, <=, 0);
  g_assert_cmpfloat (huge->clip_y1, <=, 0);
  g_assert_cmpfloat (huge->clip_x2, >=, 256);
  g_assert_cmpfloat (huge->clip_y2, >=, 256);
  g_assert_cmphex (get_pixel (target, 0, 0), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 255, 255), ==, 0xffff0000);

  render_area (renderer, root, target);
  g_assert_cmpuint (huge->n_draws, ==, 1);

  /* 20000px to the top left: another part shows */
  gsk_layer_set_position (GSK_LAYER (huge), &GRAPHENE_POINT_INIT (-20000, -20000));
  render_area (renderer, root, target);
  g_assert_cmpuint (huge->n_draws, ==, 2);
  g_assert_cmpfloat (huge->clip_x1, <=, 20000);
  g_assert_cmpfloat (huge->clip_y1, <=, 20000);
  g_assert_cmpfloat (huge->clip_x2, >=, 20256);
  g_assert_cmpfloat (huge->clip_y2, >=, 20256);
  g_assert_cmphex (get_pixel (target, 0, 0), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 128, 128), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 255, 255), ==, 0xffff0000);

  /* And near the far corner */
  gsk_layer_set_position (GSK_LAYER (huge), &GRAPHENE_POINT_INIT (-99900, -99900));
  render_area (renderer, root, target);
  g_assert_cmpuint (huge->n_draws, ==, 3);
  g_assert_cmpfloat (huge->clip_x2, ==, 100000);
  g_assert_cmpfloat (huge->clip_y2, ==, 100000);
  g_assert_cmphex (get_pixel (target, 50, 50), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 150, 150), ==, 0);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

/* A content that counts its draws */
#define TEST_TYPE_CONTENT (test_content_get_type ())
G_DECLARE_FINAL_TYPE (TestContent, test_content, TEST, CONTENT, GObject)

struct _TestContent
{
  GObject parent_instance;

  guint n_draws;
  int last_width;
  int last_height;
  GdkRGBA color;
};

static void test_content_iface_init (GskLayerContentInterface *iface);

G_DEFINE_TYPE_WITH_CODE (TestContent, test_content, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (GSK_TYPE_LAYER_CONTENT, test_content_iface_init))

static gboolean
test_content_get_preferred_size (GskLayerContent *content,
                                 float           *width,
                                 float           *height)
{
  *width = 30;
  *height = 20;
  return TRUE;
}

static void
test_content_draw (GskLayerContent *content,
                   cairo_t         *cr,
                   int              width,
                   int              height)
{
  TestContent *self = TEST_CONTENT (content);

  self->n_draws++;
  self->last_width = width;
  self->last_height = height;
  gdk_cairo_set_source_rgba (cr, &self->color);
  cairo_paint (cr);
}

static void
test_content_iface_init (GskLayerContentInterface *iface)
{
  iface->get_preferred_size = test_content_get_preferred_size;
  iface->draw = test_content_draw;
}

static void
test_content_class_init (TestContentClass *klass)
{
}

static void
test_content_init (TestContent *self)
{
  self->color = (GdkRGBA) { 0, 1, 0, 1 };
}

static void
test_draw_content_shared (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestContent *content = g_object_new (TEST_TYPE_CONTENT, NULL);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);
  GskLayer *layers[3];
  GskLayer *other;
  float w, h;
  guint i;

  g_assert_true (gsk_layer_content_get_preferred_size (GSK_LAYER_CONTENT (content), &w, &h));
  g_assert_cmpfloat (w, ==, 30);
  g_assert_cmpfloat (h, ==, 20);

  for (i = 0; i < 3; i++)
    {
      layers[i] = new_rect ("shows", i * 30, 0, 25, 15);
      gsk_layer_set_content (layers[i], GSK_LAYER_CONTENT (content));
      gsk_layer_add_child (root, layers[i]);
    }

  render_area (renderer, root, target);
  g_assert_cmpuint (content->n_draws, ==, 1);
  g_assert_cmpint (content->last_width, ==, 25);
  g_assert_cmpint (content->last_height, ==, 15);
  for (i = 0; i < 3; i++)
    g_assert_cmphex (get_pixel (target, i * 30 + 10, 10), ==, 0xff00ff00);
  g_assert_cmphex (get_pixel (target, 27, 10), ==, 0);

  render_area (renderer, root, target);
  gsk_layer_set_position (layers[1], &GRAPHENE_POINT_INIT (30, 50));
  render_area (renderer, root, target);
  g_assert_cmpuint (content->n_draws, ==, 1);
  g_assert_cmphex (get_pixel (target, 40, 60), ==, 0xff00ff00);

  /* Invalidated: drawn once more, and every layer shows the change */
  content->color = (GdkRGBA) { 1, 0, 0, 1 };
  gsk_layer_content_invalidate (GSK_LAYER_CONTENT (content));
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  g_assert_cmpuint (content->n_draws, ==, 2);
  g_assert_cmphex (get_pixel (target, 10, 10), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 40, 60), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 70, 10), ==, 0xffff0000);

  /* Another size is another drawing */
  other = new_rect ("other", 0, 80, 50, 10);
  gsk_layer_set_content (other, GSK_LAYER_CONTENT (content));
  gsk_layer_add_child (root, other);
  render_area (renderer, root, target);
  g_assert_cmpuint (content->n_draws, ==, 3);
  g_assert_cmpint (content->last_width, ==, 50);
  g_assert_cmpint (content->last_height, ==, 10);
  g_assert_cmphex (get_pixel (target, 45, 85), ==, 0xffff0000);

  /* Content replaces what the class draws */
  {
    TestLayer *drawn = test_layer_new ("drawn", 60, 60, 20, 20);

    drawn->color = (GdkRGBA) { 0, 0, 1, 1 };
    gsk_layer_set_content (GSK_LAYER (drawn), GSK_LAYER_CONTENT (content));
    gsk_layer_add_child (root, GSK_LAYER (drawn));
    render_area (renderer, root, target);
    g_assert_cmpuint (drawn->n_draws, ==, 0);
    g_assert_cmphex (get_pixel (target, 70, 70), ==, 0xffff0000);
    gsk_layer_set_content (GSK_LAYER (drawn), NULL);
    render_area (renderer, root, target);
    g_assert_cmpuint (drawn->n_draws, ==, 1);
    g_assert_cmphex (get_pixel (target, 70, 70), ==, 0xff0000ff);
  }

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
  /* The content outlives the layers that showed it */
  gsk_layer_content_invalidate (GSK_LAYER_CONTENT (content));
  g_assert_finalize_object (content);
}

static void
test_draw_image_content (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("test-layer-XXXXXX", &error);
  char *path, *text_path;
  cairo_surface_t *image;
  cairo_t *cr;
  GskLayerContent *content;
  GskLayer *root, *layer;
  cairo_surface_t *target;
  GskLayerRenderer *renderer;
  float w, h;

  g_assert_no_error (error);
  path = g_build_filename (dir, "image.png", NULL);
  text_path = g_build_filename (dir, "text.png", NULL);

  /* 8×4: left half blue, right half yellow */
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 4);
  cr = cairo_create (image);
  cairo_set_source_rgb (cr, 0, 0, 1);
  cairo_rectangle (cr, 0, 0, 4, 4);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 0);
  cairo_rectangle (cr, 4, 0, 4, 4);
  cairo_fill (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (image, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (image);

  content = gsk_layer_image_content_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (content);
  g_assert_true (GSK_IS_LAYER_IMAGE_CONTENT (content));
  g_assert_cmpstr (gsk_layer_image_content_get_path (GSK_LAYER_IMAGE_CONTENT (content)), ==, path);
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 8);
  g_assert_cmpfloat (h, ==, 4);

  /* Stretched to the layer */
  root = new_root ("root", 100, 100);
  layer = new_rect ("image", 0, 0, 80, 40);
  gsk_layer_set_content (layer, content);
  gsk_layer_add_child (root, layer);
  renderer = gsk_layer_software_renderer_new ();
  target = create_target (100, 100);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 10, 20), ==, 0xff0000ff);
  g_assert_cmphex (get_pixel (target, 70, 20), ==, 0xffffff00);
  g_assert_cmphex (get_pixel (target, 90, 20), ==, 0);
  g_assert_cmphex (get_pixel (target, 10, 50), ==, 0);

  /* Not a PNG */
  g_assert_true (g_file_set_contents (text_path, "not an image", -1, NULL));
  g_assert_null (gsk_layer_image_content_new_from_file (text_path, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, text_path));
  g_clear_error (&error);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
  g_assert_finalize_object (content);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_remove (text_path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (text_path);
  g_free (path);
  g_free (dir);
}

/* Images in the formats gdk-pixbuf loads: a JPEG, an SVG drawn again at
 * the scale it has on screen (crisp where a bitmap would be stretched),
 * a file in no image format, a GdkTexture and a GdkPixbuf */
static void
test_draw_image_formats (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("test-layer-XXXXXX", &error);
  char *jpeg = g_build_filename (dir, "image.jpg", NULL);
  char *svg = g_build_filename (dir, "image.svg", NULL);
  char *text = g_build_filename (dir, "image.txt", NULL);
  GdkPixbuf *pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 16, 8);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayerContent *content;
  GskLayerTransform *scale = gsk_layer_transform_scale (NULL, 8, 8);
  GskLayer *root, *layer;
  cairo_surface_t *target;
  GdkTexture *texture;
  float w, h;
  guint32 pixel;

  g_assert_no_error (error);

  /* A JPEG: what cairo's PNG reader took for "out of memory" */
  gdk_pixbuf_fill (pixbuf, 0x2060c0ff);
  g_assert_true (gdk_pixbuf_save (pixbuf, jpeg, "jpeg", &error, "quality", "100", NULL));
  g_assert_no_error (error);
  content = gsk_layer_image_content_new_from_file (jpeg, &error);
  g_assert_no_error (error);
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 16);
  g_assert_cmpfloat (h, ==, 8);
  root = new_root ("root", 32, 16);
  layer = new_rect ("image", 0, 0, 32, 16);
  gsk_layer_set_content (layer, content);
  gsk_layer_add_child (root, layer);
  target = create_target (32, 16);
  render_area (renderer, root, target);
  pixel = get_pixel (target, 10, 8);
  g_assert_cmpint (ABS ((int) ((pixel >> 16) & 0xff) - 0x20), <=, 3);
  g_assert_cmpint (ABS ((int) ((pixel >> 8) & 0xff) - 0x60), <=, 3);
  g_assert_cmpint (ABS ((int) (pixel & 0xff) - 0xc0), <=, 3);
  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (content);

  /* An SVG, 2×1 units, red then blue, under scale(8): drawn at 8×, its
   * halves meet between two pixels; stretched from 2×1, they would blend
   * over several */
  g_assert_true (g_file_set_contents (svg,
                                      "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='1'>"
                                      "<rect width='1' height='1' fill='#ff0000'/>"
                                      "<rect x='1' width='1' height='1' fill='#0000ff'/></svg>", -1, NULL));
  content = gsk_layer_image_content_new_from_file (svg, &error);
  g_assert_no_error (error);
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 2);
  g_assert_cmpfloat (h, ==, 1);
  root = new_root ("root", 16, 8);
  layer = new_rect ("svg", 0, 0, 2, 1);
  gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  gsk_layer_set_transform (layer, scale);
  gsk_layer_set_content (layer, content);
  gsk_layer_add_child (root, layer);
  target = create_target (16, 8);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 6, 4), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 7, 4), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 8, 4), ==, 0xff0000ff);
  g_assert_cmphex (get_pixel (target, 9, 4), ==, 0xff0000ff);
  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (content);

  /* A file in no format: an error that says so */
  g_assert_true (g_file_set_contents (text, "not an image", -1, NULL));
  g_assert_null (gsk_layer_image_content_new_from_file (text, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_assert_true (g_str_has_suffix (error->message, "image.txt: not an image gdk-pixbuf can load"));
  g_clear_error (&error);

  /* A paintable (a texture here), drawn through GTK's nodes at the size
   * it is shown: red then blue */
  {
    GdkPixbuf *halves = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, 2, 1);
    guchar *px = gdk_pixbuf_get_pixels (halves);
    GdkTexture *paintable;

    memcpy (px, (guchar[8]) { 255, 0, 0, 255, 0, 0, 255, 255 }, 8);
    paintable = gdk_texture_new_for_pixbuf (halves);
    content = gsk_layer_paintable_content_new (GDK_PAINTABLE (paintable));
    g_assert_true (gsk_layer_paintable_content_get_paintable (GSK_LAYER_PAINTABLE_CONTENT (content)) ==
                   GDK_PAINTABLE (paintable));
    g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
    g_assert_cmpfloat (w, ==, 2);
    g_assert_cmpfloat (h, ==, 1);
    root = new_root ("root", 40, 10);
    layer = new_rect ("paintable", 0, 0, 40, 10);
    gsk_layer_set_content (layer, content);
    gsk_layer_add_child (root, layer);
    target = create_target (40, 10);
    render_area (renderer, root, target);
    g_assert_cmphex (get_pixel (target, 2, 5), ==, 0xffff0000);
    g_assert_cmphex (get_pixel (target, 37, 5), ==, 0xff0000ff);
    cairo_surface_destroy (target);
    g_object_unref (root);
    g_object_unref (content);
    g_object_unref (paintable);
    g_object_unref (halves);
  }

  /* A texture and a pixbuf, copied */
  gdk_pixbuf_fill (pixbuf, 0x30a050ff);
  texture = gdk_texture_new_for_pixbuf (pixbuf);
  content = gsk_layer_image_content_new_for_texture (texture);
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 16);
  g_assert_cmphex (*(guint32 *) cairo_image_surface_get_data (gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (content))),
                   ==, 0xff30a050);
  g_object_unref (content);
  g_object_unref (texture);
  content = gsk_layer_image_content_new_for_pixbuf (pixbuf);
  g_assert_cmphex (*(guint32 *) cairo_image_surface_get_data (gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (content))),
                   ==, 0xff30a050);
  g_object_unref (content);

  gsk_layer_transform_unref (scale);
  g_object_unref (pixbuf);
  g_object_unref (renderer);
  g_remove (jpeg);
  g_remove (svg);
  g_remove (text);
  g_rmdir (dir);
  g_free (jpeg);
  g_free (svg);
  g_free (text);
  g_free (dir);
}

static void
test_draw_image_missing (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("test-layer-XXXXXX", &error);
  char *path = g_build_filename (dir, "missing.png", NULL);

  g_assert_no_error (error);
  g_assert_null (gsk_layer_image_content_new_from_file (path, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, path));
  g_clear_error (&error);

  /* Without a GError */
  g_assert_null (gsk_layer_image_content_new_from_file (path, NULL));

  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (path);
  g_free (dir);
}

static void
test_draw_hidden_parent (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *parent = new_rect ("parent", 0, 0, 100, 100);
  TestLayer *layer = test_layer_new ("layer", 10, 10, 20, 20);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  layer->color = (GdkRGBA) { 1, 0, 0, 1 };
  gsk_layer_add_child (root, parent);
  gsk_layer_add_child (parent, GSK_LAYER (layer));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);

  gsk_layer_set_visible (parent, FALSE);
  render_area (renderer, root, target);
  layer->color = (GdkRGBA) { 0, 1, 0, 1 };
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  gsk_layer_set_size (GSK_LAYER (layer), &GRAPHENE_SIZE_INIT (30, 30));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);
  g_assert_cmphex (get_pixel (target, 15, 15), ==, 0);

  gsk_layer_set_visible (parent, TRUE);
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 2);
  g_assert_cmphex (get_pixel (target, 15, 15), ==, 0xff00ff00);
  g_assert_cmphex (get_pixel (target, 35, 35), ==, 0xff00ff00);

  /* Faded out and in */
  gsk_layer_set_opacity (parent, 0);
  render_area (renderer, root, target);
  layer->color = (GdkRGBA) { 0, 0, 1, 1 };
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  render_area (renderer, root, target);
  gsk_layer_set_opacity (parent, 1);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 15, 15), ==, 0xff0000ff);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_draw_huge_rotated (void)
{
  GskLayer *root = new_root ("root", 256, 256);
  TestLayer *huge = test_layer_new ("huge", 0, 0, 100000, 100000);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  int x, y;

  huge->color = (GdkRGBA) { 1, 0, 0, 1 };
  huge->draw_hook = huge_draw_hook;
  gsk_layer_add_child (root, GSK_LAYER (huge));
  /* Centered on the target, turned */
  gsk_layer_set_position (GSK_LAYER (huge), &GRAPHENE_POINT_INIT (128 - 50000, 128 - 50000));
  set_transform_string (GSK_LAYER (huge), "rotate(30deg)");

  render_area (renderer, root, target);
  g_assert_cmpuint (huge->n_draws, ==, 1);
  for (y = 0; y < 256; y += 51)
    for (x = 0; x < 256; x += 51)
      g_assert_cmphex (get_pixel (target, x, y), ==, 0xffff0000);

  /* Turned further: the same part of it is visible */
  set_transform_string (GSK_LAYER (huge), "rotate(75deg) scale(0.5)");
  render_area (renderer, root, target);
  for (y = 0; y < 256; y += 51)
    for (x = 0; x < 256; x += 51)
      g_assert_cmphex (get_pixel (target, x, y), ==, 0xffff0000);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

/* }}} */
/* {{{ Damage */

static gboolean
region_covers (const cairo_region_t *region,
               int                   x,
               int                   y,
               int                   width,
               int                   height)
{
  return cairo_region_contains_rectangle (region, &(cairo_rectangle_int_t) { x, y, width, height }) ==
         CAIRO_REGION_OVERLAP_IN;
}

static int
region_area (const cairo_region_t *region)
{
  int i, area = 0;

  for (i = 0; i < cairo_region_num_rectangles (region); i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (region, i, &r);
      area += r.width * r.height;
    }

  return area;
}

/* A 256×256 scene: a white root, a grid of 8×8 gray tiles of 24px, and a
 * small 10×10 layer on top */
static GskLayer *
new_damage_scene (GskLayer **out_small)
{
  GskLayer *root = new_root ("root", 256, 256);
  GskLayer *small;
  int i;

  set_color (root, 1, 1, 1, 1);
  for (i = 0; i < 64; i++)
    {
      GskLayer *tile = new_rect ("tile", 8 + (i % 8) * 30, 8 + (i / 8) * 30, 24, 24);

      set_color (tile, 0.5f, 0.5f, 0.5f, 1);
      gsk_layer_add_child (root, tile);
    }
  small = new_rect ("small", 100, 120, 10, 10);
  set_color (small, 1, 0, 0, 1);
  gsk_layer_add_child (root, small);

  *out_small = small;
  return root;
}

static void
test_damage_small_change (void)
{
  GskLayer *small;
  GskLayer *root = new_damage_scene (&small);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  cairo_region_t *damage;

  /* The first frame is all damage */
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 0, 0, 256, 256));
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 105, 125), ==, 0xffff0000);

  set_color (small, 0, 0, 1, 1);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 100, 120, 10, 10));
  g_assert_cmpint (region_area (damage), <, 256 * 256 / 20);
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 105, 125), ==, 0xff0000ff);

  /* A moved layer damages where it was and where it is */
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (200, 30));
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 100, 120, 10, 10));
  g_assert_true (region_covers (damage, 200, 30, 10, 10));
  g_assert_cmpint (region_area (damage), <, 256 * 256 / 20);
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 205, 35), ==, 0xff0000ff);
  g_assert_cmphex (get_pixel (target, 105, 125), ==, 0xffffffff);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_damage_unchanged (void)
{
  GskLayer *small;
  GskLayer *root = new_damage_scene (&small);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  cairo_region_t *damage;

  render_area (renderer, root, target);

  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_nonnull (damage);
  g_assert_true (cairo_region_is_empty (damage));
  cairo_region_destroy (damage);

  /* No-op changes are no changes */
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (100, 120));
  set_color (small, 1, 0, 0, 1);
  gsk_layer_set_opacity (small, 1);
  gsk_layer_set_visible (small, TRUE);
  gsk_layer_set_transform (small, NULL);
  gsk_layer_set_name (small, "renamed");
  gsk_layer_set_reactive (small, FALSE);
  g_assert_cmpint (render_area (renderer, root, target), ==, 0);

  /* A change that is undone before the frame may damage, but the
   * pixels stay */
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (0, 0));
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (100, 120));
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 105, 125), ==, 0xffff0000);
  g_assert_cmpint (render_area (renderer, root, target), ==, 0);

  /* Changes outside the target damage nothing inside it */
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (1000, 1000));
  render_area (renderer, root, target);
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (2000, 1000));
  g_assert_cmpint (render_area (renderer, root, target), ==, 0);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_damage_remove (void)
{
  GskLayer *small;
  GskLayer *root = new_damage_scene (&small);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  GskLayer *tile = gsk_layer_get_child_at_index (root, 9);
  cairo_region_t *damage;

  gsk_layer_add_child (small, new_rect ("small-child", 20, 0, 5, 5));
  set_color (gsk_layer_get_first_child (small), 0, 1, 0, 1);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 122, 122), ==, 0xff00ff00);

  /* A tile at (38, 38) */
  gsk_layer_remove_child (root, tile);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 38, 38, 24, 24));
  g_assert_cmpint (region_area (damage), <, 256 * 256 / 20);
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 40, 40), ==, 0xffffffff);

  /* A layer with a child: both places */
  gsk_layer_remove_child (root, small);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 100, 120, 10, 10));
  g_assert_true (region_covers (damage, 120, 120, 5, 5));
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 105, 125), ==, 0xffffffff);
  g_assert_cmphex (get_pixel (target, 122, 122), ==, 0xffffffff);

  /* Removing everything */
  gsk_layer_remove_all_children (root);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 10, 10), ==, 0xffffffff);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

typedef struct {
  GskLayerRenderer *renderer;
  cairo_surface_t *target;
  GskLayer *root;
  guint n_steps;
} DamageCheck;

static void
damage_step (DamageCheck *check,
             const char  *what,
             gboolean     expect_damage)
{
  int area;

  area = render_area (check->renderer, check->root, check->target);
  check->n_steps++;
  if (gsk_layer_renderer_get_damage_error (check->renderer) != NULL)
    g_error ("step %u (%s): %s", check->n_steps, what,
             gsk_layer_renderer_get_damage_error (check->renderer)->message);
  if (expect_damage && area == 0)
    g_error ("step %u (%s): no damage", check->n_steps, what);
  /* A frame with nothing new after it */
  g_assert_cmpint (render_area (check->renderer, check->root, check->target), ==, 0);
}

static void
test_damage_check_sequence (void)
{
  DamageCheck check = { 0, };
  GskLayer *root, *parent, *a, *b, *c, *d, *deep, *card;

  check.renderer = gsk_layer_software_renderer_new ();
  check.target = create_target (256, 256);
  check.root = root = new_root ("root", 256, 256);
  gsk_layer_renderer_set_check_damage (check.renderer, TRUE);
  g_assert_true (gsk_layer_renderer_get_check_damage (check.renderer));

  set_color (root, 1, 1, 1, 1);
  parent = new_rect ("parent", 20, 20, 120, 120);
  set_color (parent, 0.8f, 0.8f, 0.8f, 1);
  a = new_rect ("a", 10, 10, 40, 40);
  set_color (a, 1, 0, 0, 1);
  b = new_rect ("b", 30, 30, 40, 40);
  set_color (b, 0, 1, 0, 1);
  c = new_rect ("c", 100, 100, 40, 40);
  set_color (c, 0, 0, 1, 1);
  deep = new_rect ("deep", 5, 5, 10, 10);
  set_color (deep, 1, 1, 0, 1);
  card = new_rect ("card", 160, 160, 80, 80);
  set_color (card, 0, 0.5f, 0.5f, 1);
  gsk_layer_add_child (root, parent);
  gsk_layer_add_child (parent, a);
  gsk_layer_add_child (parent, b);
  gsk_layer_add_child (parent, c);
  gsk_layer_add_child (b, deep);
  gsk_layer_add_child (root, card);

  render_area (check.renderer, root, check.target);
  g_assert_null (gsk_layer_renderer_get_damage_error (check.renderer));
  g_assert_cmphex (get_pixel (check.target, 45, 45), ==, 0xffff0000);

  gsk_layer_set_position (a, &GRAPHENE_POINT_INIT (15, 12));
  damage_step (&check, "move", TRUE);
  gsk_layer_set_position (parent, &GRAPHENE_POINT_INIT (25, 20));
  damage_step (&check, "move a parent", TRUE);
  gsk_layer_set_position (deep, &GRAPHENE_POINT_INIT (7.5f, 3.25f));
  damage_step (&check, "move by a fraction", TRUE);

  gsk_layer_set_opacity (b, 0.5f);
  damage_step (&check, "opacity", TRUE);
  gsk_layer_set_opacity (parent, 0.7f);
  damage_step (&check, "group opacity", TRUE);
  gsk_layer_set_opacity (parent, 1);
  gsk_layer_set_opacity (b, 1);
  damage_step (&check, "opaque again", TRUE);

  gsk_layer_set_visible (c, FALSE);
  damage_step (&check, "hide", TRUE);
  gsk_layer_set_visible (c, TRUE);
  damage_step (&check, "show", TRUE);

  gsk_layer_set_z_position (a, 1);
  damage_step (&check, "z reorder", TRUE);
  /* a is above b where they overlap */
  g_assert_cmphex (get_pixel (check.target, 25 + 45, 20 + 45), ==, 0xffff0000);
  gsk_layer_set_z_position (a, 0);
  damage_step (&check, "z back", TRUE);
  g_assert_cmphex (get_pixel (check.target, 25 + 45, 20 + 45), ==, 0xff00ff00);

  g_object_ref (c);
  gsk_layer_remove_child (parent, c);
  damage_step (&check, "remove", TRUE);
  gsk_layer_insert_child_at_index (parent, c, 0);
  g_object_unref (c);
  damage_step (&check, "add back", TRUE);
  d = new_rect ("d", 90, 90, 60, 60);
  set_color (d, 1, 0, 1, 0.5f);
  gsk_layer_add_child (parent, d);
  damage_step (&check, "add", TRUE);

  gsk_layer_set_clip_to_bounds (parent, TRUE);
  damage_step (&check, "clip", TRUE);
  gsk_layer_set_position (d, &GRAPHENE_POINT_INIT (100, 50));
  damage_step (&check, "move inside a clip", TRUE);
  gsk_layer_set_clip_to_bounds (parent, FALSE);
  damage_step (&check, "unclip", TRUE);

  set_transform_string (a, "rotate(30deg)");
  damage_step (&check, "transform", TRUE);
  set_transform_string (a, "rotate(30deg) scale(1.5, 0.5)");
  damage_step (&check, "another transform", TRUE);
  set_transform_string (card, "perspective(200px) rotateY(40deg)");
  damage_step (&check, "3D transform", TRUE);
  set_transform_string (parent, "translate(10px, 5px)");
  damage_step (&check, "parent transform", TRUE);

  set_child_transform_string (parent, "perspective(300px)");
  gsk_layer_set_z_position (b, 40);
  damage_step (&check, "child-transform", TRUE);
  set_child_transform_string (parent, "scale(0.5)");
  damage_step (&check, "another child-transform", TRUE);
  gsk_layer_set_child_transform (parent, NULL);
  gsk_layer_set_z_position (b, 0);
  damage_step (&check, "no child-transform", TRUE);

  gsk_layer_set_blend_mode (d, GSK_LAYER_BLEND_MULTIPLY);
  damage_step (&check, "blend mode", TRUE);
  gsk_layer_set_size (d, &GRAPHENE_SIZE_INIT (30, 80));
  damage_step (&check, "size", TRUE);
  set_color (d, 0, 0, 0, 0);
  damage_step (&check, "transparent", TRUE);

  /* Changes in a hidden subtree show when it does */
  gsk_layer_set_transform (parent, NULL);
  gsk_layer_set_transform (a, NULL);
  damage_step (&check, "reset", TRUE);
  g_assert_cmphex (get_pixel (check.target, 25 + 20, 20 + 20), ==, 0xffff0000);
  gsk_layer_set_visible (parent, FALSE);
  damage_step (&check, "hide the parent", TRUE);
  g_assert_cmphex (get_pixel (check.target, 25 + 20, 20 + 20), ==, 0xffffffff);
  set_color (a, 0, 0, 1, 1);
  gsk_layer_set_position (deep, &GRAPHENE_POINT_INIT (20, 20));
  damage_step (&check, "change inside the hidden parent", FALSE);
  g_assert_cmphex (get_pixel (check.target, 25 + 20, 20 + 20), ==, 0xffffffff);
  gsk_layer_set_visible (parent, TRUE);
  damage_step (&check, "show the parent", TRUE);
  g_assert_cmphex (get_pixel (check.target, 25 + 20, 20 + 20), ==, 0xff0000ff);
  g_assert_cmphex (get_pixel (check.target, 25 + 30 + 25, 20 + 30 + 26), ==, 0xffffff00);

  /* The same with opacity 0 */
  gsk_layer_set_opacity (parent, 0);
  damage_step (&check, "fade the parent out", TRUE);
  set_color (a, 1, 0, 0, 1);
  damage_step (&check, "change inside the faded parent", FALSE);
  gsk_layer_set_opacity (parent, 1);
  damage_step (&check, "fade the parent in", TRUE);
  g_assert_cmphex (get_pixel (check.target, 25 + 20, 20 + 20), ==, 0xffff0000);

  /* Reparenting */
  g_object_ref (deep);
  gsk_layer_remove_child (b, deep);
  gsk_layer_add_child (card, deep);
  g_object_unref (deep);
  damage_step (&check, "reparent", TRUE);

  /* The root itself */
  gsk_layer_set_position (root, &GRAPHENE_POINT_INIT (3, 4));
  damage_step (&check, "move the root", TRUE);

  cairo_surface_destroy (check.target);
  g_assert_finalize_object (check.renderer);
  g_assert_finalize_object (root);
}

static void
test_damage_queue_redraw (void)
{
  GskLayer *small;
  GskLayer *root = new_damage_scene (&small);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  cairo_region_t *damage;

  gsk_layer_set_position (root, &GRAPHENE_POINT_INIT (3, 4));
  render_area (renderer, root, target);

  /* An area, in the layer's coordinates */
  gsk_layer_queue_redraw (small, &(cairo_rectangle_int_t) { 1, 2, 3, 4 });
  g_assert_true (gsk_layer_get_frame_pending (root));
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 3 + 100 + 1, 4 + 120 + 2, 3, 4));
  g_assert_cmpint (region_area (damage), <, 256 * 256 / 20);
  cairo_region_destroy (damage);

  /* All of it */
  gsk_layer_queue_redraw (small, NULL);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 3 + 100, 4 + 120, 10, 10));
  g_assert_cmpint (region_area (damage), <, 256 * 256 / 20);
  cairo_region_destroy (damage);

  /* Through a scaled parent */
  set_transform_string (root, "scale(2)");
  gsk_layer_set_pivot_point (root, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  render_area (renderer, root, target);
  gsk_layer_queue_redraw (small, &(cairo_rectangle_int_t) { 1, 2, 3, 4 });
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 3 + 2 * (100 + 1), 4 + 2 * (120 + 2), 6, 8));
  cairo_region_destroy (damage);

  /* The whole scene hidden and shown */
  gsk_layer_set_transform (root, NULL);
  render_area (renderer, root, target);
  gsk_layer_set_visible (root, FALSE);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 3, 4, 253, 252));
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 128, 128), ==, 0);
  gsk_layer_set_visible (root, TRUE);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 3, 4, 253, 252));
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 128, 128), ==, 0xffffffff);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

/* }}} */
/* {{{ main */

int
main (int   argc,
      char *argv[])
{
  g_log_set_writer_func (test_log_writer, NULL, NULL);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/layer/requests/intercept-redraw", test_requests_intercept_redraw);
  g_test_add_func ("/layer/requests/frame-pending", test_requests_redraw_frame_pending);
  g_test_add_func ("/layer/requests/relayout", test_requests_relayout);
  g_test_add_func ("/layer/requests/moved-layer", test_requests_moved_layer);
  g_test_add_func ("/layer/requests/removed-layer", test_requests_removed_layer);

  g_test_add_func ("/layer/draw/cache", test_draw_cache);
  g_test_add_func ("/layer/draw/huge", test_draw_huge);
  g_test_add_func ("/layer/draw/huge-rotated", test_draw_huge_rotated);
  g_test_add_func ("/layer/draw/hidden-parent", test_draw_hidden_parent);
  g_test_add_func ("/layer/draw/content-shared", test_draw_content_shared);
  g_test_add_func ("/layer/draw/image-content", test_draw_image_content);
  g_test_add_func ("/layer/draw/image-missing", test_draw_image_missing);
  g_test_add_func ("/layer/draw/image-formats", test_draw_image_formats);

  g_test_add_func ("/layer/damage/small-change", test_damage_small_change);
  g_test_add_func ("/layer/damage/unchanged", test_damage_unchanged);
  g_test_add_func ("/layer/damage/remove", test_damage_remove);
  g_test_add_func ("/layer/damage/check-sequence", test_damage_check_sequence);
  g_test_add_func ("/layer/damage/queue-redraw", test_damage_queue_redraw);

  return g_test_run ();
}

/* }}} */
