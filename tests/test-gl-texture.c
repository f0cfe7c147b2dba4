/* test-gl-texture.c: the OpenGL renderer's textures: contents larger
 * than GL holds drawn in tiles, textures uploaded, kept, evicted and
 * given back, surfaces ending on other threads, and atlas pages;
 * compared with the software renderer as test-gl.c says
 *
 * Set GSK_LAYER_TEST_OUTPUT to a directory to keep the images.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gsklayer.h>
#include <epoxy/gl.h>

#include "gsk-layer-gl-renderer-private.h"
#include "gsk-layer-renderer-private.h"
#include "gl-test-utils.h"

/* A texture larger than GL holds is drawn in tiles, not in software */
static void
test_too_large (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  const GskLayerGLStats *stats;
  cairo_surface_t *huge;
  GskLayerContent *content;
  GskLayer *layer;
  GLint max_size = 0;
  cairo_t *cr;

  if (gl == NULL)
    return;

  /* The renderer's context is current after creation */
  glGetIntegerv (GL_MAX_TEXTURE_SIZE, &max_size);
  g_assert_cmpint (max_size, >, 0);

  huge = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, max_size + 1, 2);
  g_assert_cmpint (cairo_surface_status (huge), ==, CAIRO_STATUS_SUCCESS);
  cr = cairo_create (huge);
  cairo_set_source_rgb (cr, 0.2, 0.5, 0.9);
  cairo_paint (cr);
  cairo_destroy (cr);

  root = new_root (64, 64);
  layer = add_layer (root, 0, 10, 64, 20, NULL);
  content = gsk_layer_image_content_new (huge);
  gsk_layer_set_content (layer, content);

  compare_backends ("too-large", gl, root, 64, 64);

  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_assert_false (stats->software);
  g_assert_cmpuint (stats->texture_uploads, ==, 1);
  /* Two tiles, two draws: the background joins the first one's batch */
  g_assert_cmpuint (stats->draw_calls, ==, 2);

  g_object_unref (content);
  cairo_surface_destroy (huge);
}

/* With GL_MAX_TEXTURE_SIZE forced down to 256, a 600×400 image is drawn
 * as 3×2 tiles: 1:1, scaled and rotated (antialiased outer edges, seams
 * between pixels), in perspective, translucent; as software draws it */
static void
test_tiles (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE"));
  g_autoptr (GskLayerRenderer) gl = NULL;
  g_autoptr (GskLayer) root = NULL;
  const GskLayerGLStats *stats;
  cairo_surface_t *picture;
  GskLayerContent *content;
  GskLayer *layer;
  gsize held;

  g_setenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE", "256", TRUE);
  gl = new_gl_renderer_or_skip ();
  if (saved)
    g_setenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE", saved, TRUE);
  else
    g_unsetenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE");
  if (gl == NULL)
    return;

  picture = make_picture (600, 400);
  content = gsk_layer_image_content_new (picture);

  /* 1:1 */
  root = new_root (640, 440);
  layer = add_layer (root, 20, 20, 600, 400, NULL);
  gsk_layer_set_content (layer, content);
  compare_backends ("tiles-1to1", gl, root, 640, 440);
  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("600×400 in tiles of 256: %u draw calls, %u uploads, %u quads",
                  stats->draw_calls, stats->texture_uploads, stats->quads);
  g_assert_false (stats->software);
  g_assert_cmpuint (stats->texture_uploads, ==, 1);
  /* The tiles, and the background unless it is the clear colour */
  g_assert_cmpuint (stats->quads, ==, (culling_is_off () ? 1 : 0) + 6);
  /* Each tile with a pixel of border towards its neighbours: columns of
   * 255, 256, 93 pixels wide and rows of 255, 147 */
  held = gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl));
  /* and, unless culling is off, the target's depth buffer: the picture
   * hides most of the background */
  g_assert_cmpuint (held, ==, 640 * 440 * 4 + (255 + 256 + 93) * (255 + 147) * 4 +
                              (culling_is_off () ? 0 : 640 * 440 * 4));
  g_clear_object (&root);

  /* Scaled up, rotated, translucent */
  root = new_root (500, 400);
  layer = add_layer (root, 30, 60, 600, 400, NULL);
  gsk_layer_set_content (layer, content);
  set_transform (layer, "rotate(13deg) scale(0.71, 0.83)");
  gsk_layer_set_opacity (layer, 0.8f);
  layer = add_layer (root, 300, 150, 600, 400, NULL);
  gsk_layer_set_content (layer, content);
  set_transform (layer, "scale(1.37)");
  compare_backends ("tiles-rotated", gl, root, 500, 400);
  g_clear_object (&root);

  /* In perspective */
  root = new_root (500, 400);
  layer = add_layer (root, 0, 0, 600, 400, NULL);
  gsk_layer_set_content (layer, content);
  set_transform (layer, "perspective(800px) rotateY(25deg) scale(0.7)");
  compare_backends ("tiles-perspective", gl, root, 500, 400);
  g_assert_false (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->software);

  g_object_unref (content);
  cairo_surface_destroy (picture);
}

/* Content textures live as long as their surfaces, or less */
static void
test_texture_eviction (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  const GskLayerGLStats *stats;
  cairo_surface_t *target;
  GskLayer *layer;
  guint i;

  if (gl == NULL)
    return;

  root = new_root (100, 100);
  layer = add_layer (root, 10, 10, 64, 64, NULL);
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);

  for (i = 0; i < 5; i++)
    {
      cairo_surface_t *icon = make_icon (32 + i);
      GskLayerContent *content = gsk_layer_image_content_new (icon);

      gsk_layer_set_content (layer, content);
      g_object_unref (content);
      cairo_surface_destroy (icon);

      cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
      /* The texture of the last content only: the others' surfaces are
       * gone */
      stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
      g_assert_cmpuint (stats->cached_textures, ==, 1);
      g_assert_cmpuint (stats->texture_uploads, ==, 1);
    }

  cairo_surface_destroy (target);
}

/* A layer that draws itself, counting its draws */
#define TEST_TYPE_DRAWN (test_drawn_get_type ())
G_DECLARE_FINAL_TYPE (TestDrawn, test_drawn, TEST, DRAWN, GskLayer)

struct _TestDrawn
{
  GskLayer parent_instance;
  guint n_draws;
};

G_DEFINE_FINAL_TYPE (TestDrawn, test_drawn, GSK_TYPE_LAYER)

static void
test_drawn_draw (GskLayer *layer,
                 cairo_t  *cr)
{
  TestDrawn *self = (TestDrawn *) layer;

  self->n_draws++;
  cairo_set_source_rgb (cr, 0.2, 0.1 * self->n_draws, 0.7);
  cairo_paint (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_arc (cr, 16, 16, 10, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
test_drawn_class_init (TestDrawnClass *klass)
{
  GSK_LAYER_CLASS (klass)->draw = test_drawn_draw;
}

static void
test_drawn_init (TestDrawn *self)
{
}

static guint
frame_uploads (GskLayerRenderer *gl,
               GskLayer         *root,
               cairo_surface_t  *target)
{
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_null (gsk_layer_renderer_get_damage_error (gl));

  return gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->texture_uploads;
}

/* Content is uploaded once per invalidation: never again on frames that
 * do not change it, once when it changes */
static void
test_texture_uploads (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  cairo_surface_t *target, *image;
  GskLayerContent *content;
  TestDrawn *drawn;
  GskLayer *layer;
  guint uploads;
  cairo_t *cr;
  int i;

  if (gl == NULL)
    return;

  gsk_layer_renderer_set_check_damage (gl, TRUE);
  root = new_root (200, 100);
  for (i = 0; i < 3; i++)
    {
      cairo_surface_t *icon = make_icon (24 + i);

      content = gsk_layer_image_content_new (icon);
      gsk_layer_set_content (add_layer (root, 10 + 40 * i, 10, 32, 32, NULL), content);
      g_object_unref (content);
      cairo_surface_destroy (icon);
    }
  drawn = g_object_new (TEST_TYPE_DRAWN, NULL);
  gsk_layer_set_position (GSK_LAYER (drawn), &GRAPHENE_POINT_INIT (130, 50));
  gsk_layer_set_size (GSK_LAYER (drawn), &GRAPHENE_SIZE_INIT (32, 32));
  gsk_layer_add_child (root, GSK_LAYER (drawn));

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 4);
  g_assert_cmpuint (drawn->n_draws, ==, 1);

  /* Nothing changed: nothing drawn, nothing uploaded */
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 0);

  /* Moving a layer redraws, but uploads nothing */
  move_fish (root, 1, 5.f);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 0);

  /* One layer's content invalidated: that one only */
  gsk_layer_invalidate_content (GSK_LAYER (drawn));
  uploads = frame_uploads (gl, root, target);
  g_assert_cmpuint (drawn->n_draws, ==, 2);
  g_assert_cmpuint (uploads, ==, 1);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 0);

  /* An image changed in place and its content invalidated: uploaded
   * again, not drawn from the stale texture */
  layer = gsk_layer_get_first_child (root);
  content = gsk_layer_get_content (layer);
  image = gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (content));
  cr = cairo_create (image);
  cairo_set_source_rgb (cr, 0.1, 0.8, 0.3);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_mark_dirty (image);
  gsk_layer_content_invalidate (content);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 1);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 0);
  compare_backends ("uploads-image-changed", gl, root, 200, 100);

  cairo_surface_destroy (target);
}

static gsize
texture_bytes (int size)
{
  return (gsize) size * size * 4;
}

/* Layers taken out of the tree give their textures back, though they
 * and their content live on */
static void
test_texture_memory (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  GskLayer *removed[3];
  cairo_surface_t *target;
  gsize full, after;
  int i;

  if (gl == NULL)
    return;

  /* Textures of their own, whose sizes add up (atlas pages: see
   * test_atlas) */
  gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (gl), FALSE);

  root = new_root (320, 80);
  for (i = 0; i < 6; i++)
    {
      cairo_surface_t *icon = make_icon (64);
      GskLayerContent *content = gsk_layer_image_content_new (icon);
      GskLayer *layer = add_layer (root, 5 + 52 * i, 10, 48, 48, NULL);

      gsk_layer_set_content (layer, content);
      g_object_unref (content);
      cairo_surface_destroy (icon);
      if (i % 2)
        removed[i / 2] = layer;
    }

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 80);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  full = gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("6 icons of 64×64 in 320×80: %" G_GSIZE_FORMAT " bytes", full);
  g_assert_cmpuint (full, >=, 6 * texture_bytes (64) + 320 * 80 * 4);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->cached_textures, ==, 6);

  for (i = 0; i < 3; i++)
    {
      g_object_ref (removed[i]);
      gsk_layer_remove_child (root, removed[i]);
    }
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  after = gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("3 removed: %" G_GSIZE_FORMAT " bytes", after);
  g_assert_cmpuint (after, ==, full - 3 * texture_bytes (64));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->cached_textures, ==, 3);

  /* Back in the tree: uploaded again */
  for (i = 0; i < 3; i++)
    {
      gsk_layer_add_child (root, removed[i]);
      g_object_unref (removed[i]);
    }
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 3);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)), ==, full);

  /* Hidden: given back too */
  gsk_layer_set_visible (gsk_layer_get_first_child (root), FALSE);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)), ==,
                    full - texture_bytes (64));

  cairo_surface_destroy (target);
}

/* A budget smaller than the scene: what frames do not draw goes, least
 * recently drawn first, and every frame is still right */
static void
test_texture_budget (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  GskLayerGLRenderer *glr;
  cairo_surface_t *target;
  gsize target_bytes = 320 * 80 * 4, budget, held;
  guint notified = 0;
  int i;

  if (gl == NULL)
    return;

  /* Textures of their own, whose sizes add up (atlas pages: see
   * test_atlas) */
  gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (gl), FALSE);

  glr = GSK_LAYER_GL_RENDERER (gl);
  gsk_layer_renderer_set_check_damage (gl, TRUE);
  root = new_root (320, 80);
  for (i = 0; i < 8; i++)
    {
      cairo_surface_t *icon = make_icon (24 + i);
      GskLayerContent *content = gsk_layer_image_content_new (icon);

      gsk_layer_set_content (add_layer (root, 5 + 40 * i, 20, 32, 32, NULL), content);
      g_object_unref (content);
      cairo_surface_destroy (icon);
    }

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 80);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 8);
  held = gsk_layer_gl_renderer_get_texture_memory (glr);
  g_assert_cmpuint (held, ==, target_bytes + texture_bytes (24) + texture_bytes (25) +
                    texture_bytes (26) + texture_bytes (27) + texture_bytes (28) +
                    texture_bytes (29) + texture_bytes (30) + texture_bytes (31));

  /* Room for the frame and two icons: what exceeds it goes at once */
  budget = target_bytes + 2 * texture_bytes (32);
  g_signal_connect_swapped (gl, "notify::texture-budget", G_CALLBACK (g_atomic_int_inc), &notified);
  gsk_layer_gl_renderer_set_texture_budget (glr, budget);
  gsk_layer_gl_renderer_set_texture_budget (glr, budget);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_budget (glr), ==, budget);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), <=, budget);
  /* Least recently drawn first: the first icons drawn went */
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==,
                    target_bytes + texture_bytes (30) + texture_bytes (31));

  /* A frame that draws an evicted icon uploads it again, and is right
   * (the damage check compares it with a full redraw) */
  move_fish (root, 0, 2.f);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 1);
  /* ... and keeps it, giving back the least recently drawn (icon 6) */
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==,
                    target_bytes + texture_bytes (24) + texture_bytes (31));
  move_fish (root, 7, 2.f);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 0);
  move_fish (root, 6, 2.f);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 1);

  /* A frame that draws everything keeps everything it drew, over the
   * budget, and matches software */
  compare_backends ("texture-budget", gl, root, 320, 80);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), >, budget);

  /* No limit */
  g_object_set (gl, "texture-budget", (guint64) G_MAXSIZE, NULL);
  g_assert_cmpuint (notified, ==, 2);

  cairo_surface_destroy (target);
}

/* Offscreens no longer used are given back after a while, and at once
 * past the budget */
static void
test_texture_offscreens (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  GskLayerGLRenderer *glr;
  cairo_surface_t *target;
  GskLayer *group;
  gsize target_bytes = 100 * 100 * 4;
  int i;

  if (gl == NULL)
    return;

  glr = GSK_LAYER_GL_RENDERER (gl);
  root = new_root (100, 100);
  group = add_layer (root, 10, 10, 60, 60, "#3584e4");
  gsk_layer_set_opacity (group, 0.5f);
  add_layer (group, 20, 20, 60, 60, "#e01b24");

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (glr)->offscreens, ==, 1);
  /* The group's offscreen is kept for the next frames */
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==, 2 * target_bytes);

  /* Frames that need no offscreen give it back after a while */
  gsk_layer_set_opacity (group, 1.f);
  for (i = 0; i < 70; i++)
    {
      gsk_layer_set_opacity (gsk_layer_get_first_child (group), i % 2 ? 0.9f : 1.f);
      cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
    }
  /* (and the target's depth buffer, for the opaque child over the
   * group's own colour, unless culling is off) */
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==,
                    target_bytes + (culling_is_off () ? 0 : target_bytes));

  /* With no budget to spare, at once (the depth buffer too) */
  gsk_layer_set_opacity (group, 0.5f);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==,
                    2 * target_bytes + (culling_is_off () ? 0 : target_bytes));
  gsk_layer_gl_renderer_set_texture_budget (glr, target_bytes);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==, target_bytes);
  compare_backends ("texture-offscreens", gl, root, 100, 100);

  cairo_surface_destroy (target);
}

/* Image surfaces may end on any thread: while frames are drawn, and
 * while renderers end, another thread drops the last reference to each
 * content surface at random moments. Nothing crashes, and the memory
 * count ends where it should */
static GAsyncQueue *doomed_surfaces;

static gpointer
surface_destroyer (gpointer data)
{
  for (;;)
    {
      cairo_surface_t *surface = g_async_queue_pop (doomed_surfaces);

      if (surface == data)
        return NULL;
      g_usleep (g_random_int_range (0, 300));
      cairo_surface_destroy (surface);
    }
}

/* Draws a frame of four layers whose surfaces only the other thread
 * holds once drawn, then takes the layers out */
static void
draw_doomed_surfaces (GskLayerRenderer *renderer,
                      GskLayer         *root,
                      cairo_surface_t  *target,
                      int               y)
{
  GskLayer *layers[4];
  int k;

  for (k = 0; k < 4; k++)
    {
      /* Atlas items, single textures: both kinds of entry */
      int size = k % 2 ? 200 : 40;
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
      GskLayerContent *content = gsk_layer_image_content_new (surface);

      layers[k] = add_layer (root, k * 60, y, 50, 50, NULL);
      gsk_layer_set_content (layers[k], content);
      g_object_unref (content);
      /* The other thread has the last reference now */
      g_async_queue_push (doomed_surfaces, surface);
    }
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  for (k = 0; k < 4; k++)
    gsk_layer_remove_child (root, layers[k]);
}

static void
test_texture_surfaces_end_on_other_threads (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  cairo_surface_t *target;
  GThread *thread;
  int stop, i;

  if (gl == NULL)
    return;

  root = new_root (256, 256);
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 256, 256);
  doomed_surfaces = g_async_queue_new ();
  thread = g_thread_new ("surface-destroyer", surface_destroyer, &stop);

  for (i = 0; i < 400; i++)
    draw_doomed_surfaces (gl, root, target, i % 100);

  /* Renderers that end while the surfaces they drew end elsewhere */
  for (i = 0; i < 50; i++)
    {
      GskLayerRenderer *brief = gsk_layer_gl_renderer_new (NULL);

      draw_doomed_surfaces (brief, root, target, i % 100);
      g_object_unref (brief);
    }

  g_async_queue_push (doomed_surfaces, &stop);
  g_thread_join (thread);
  g_async_queue_unref (doomed_surfaces);

  /* All content gone: what is held is the frame's own target */
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)), ==, 256 * 256 * 4);

  cairo_surface_destroy (target);
}

/* A content of @size, in colors of its own: neighbours on an atlas page
 * that bled into each other would show */
static cairo_surface_t *
make_swatch (int size,
             int index)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, (index % 3) / 2., (index % 5) / 4., (index % 7) / 6.);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 1 - (index % 3) / 2., 1 - (index % 5) / 4., 1 - (index % 7) / 6.);
  cairo_rectangle (cr, 0, 0, size, 2);
  cairo_rectangle (cr, 0, size - 2, size, 2);
  cairo_fill (cr);
  cairo_destroy (cr);

  return surface;
}

/* @n layers with a content each, of sizes from 24 up, some rotated or
 * scaled down (their fringe samples past the content's edge) */
static GskLayer *
swatches_new (guint n)
{
  GskLayer *root = new_root (320, 240);
  guint i;

  for (i = 0; i < n; i++)
    {
      cairo_surface_t *surface = i % 2 ? make_icon (24 + i) : make_swatch (24 + i, i);
      GskLayerContent *content = gsk_layer_image_content_new (surface);
      GskLayer *layer = add_layer (root, 10 + (i % 8) * 38, 10 + (i / 8) * 38, 32, 32, NULL);

      gsk_layer_set_content (layer, content);
      if (i % 3 == 1)
        set_transform (layer, "rotate(27deg)");
      else if (i % 3 == 2)
        set_transform (layer, "scale(0.37) rotate(-11deg)");
      if (i % 4 == 3)
        gsk_layer_set_opacity (layer, 0.6f);
      g_object_unref (content);
      cairo_surface_destroy (surface);
    }

  return root;
}

static cairo_surface_t *
solid_surface (int           size,
               const GdkRGBA *color)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);

  gdk_cairo_set_source_rgba (cr, color);
  cairo_paint (cr);
  cairo_destroy (cr);

  return surface;
}

/* The most blue (premultiplied) in the box (x, y, w, h) of @surface */
static int
max_blue (cairo_surface_t *surface,
          int              x0,
          int              y0,
          int              w,
          int              h)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int x, y, most = 0;

  cairo_surface_flush (surface);
  for (y = y0; y < y0 + h; y++)
    for (x = x0; x < x0 + w; x++)
      most = MAX (most, (int) (*(const guint32 *) (data + y * stride + x * 4) & 0xff));

  return most;
}

/* A red content next to a blue one on an atlas page: the red one's
 * antialiased fringe samples past its edge, rotated at scale 1 (half a
 * texel: the repeated edge around it) and scaled down (two texels:
 * clamped to its texels), and never reads blue */
static void
test_atlas_fringe (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  cairo_surface_t *red, *blue, *output;
  GskLayerContent *content;
  GskLayer *a, *b;
  int rgba[4];

  if (gl == NULL)
    return;

  gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (gl), TRUE);
  root = new_root (160, 80);
  gsk_layer_set_background_color (root, &(GdkRGBA) { 0, 0, 0, 1 });
  red = solid_surface (20, &(GdkRGBA) { 1, 0, 0, 1 });
  blue = solid_surface (20, &(GdkRGBA) { 0, 0, 1, 1 });

  a = add_layer (root, 20, 20, 20, 20, NULL);
  content = gsk_layer_image_content_new (red);
  gsk_layer_set_content (a, content);
  g_object_unref (content);
  b = add_layer (root, 100, 20, 20, 20, NULL);
  content = gsk_layer_image_content_new (blue);
  gsk_layer_set_content (b, content);
  g_object_unref (content);

  set_transform (a, "rotate(30deg)");
  output = gsk_layer_renderer_render_to_surface (gl, root, 160, 80);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->atlas_pages, ==, 1);
  g_assert_cmpint (max_blue (output, 100, 20, 20, 20), ==, 255);
  g_assert_cmpint (max_blue (output, 0, 0, 70, 80), ==, 0);
  cairo_surface_destroy (output);

  set_transform (a, "rotate(30deg) scale(0.25)");
  output = gsk_layer_renderer_render_to_surface (gl, root, 160, 80);
  g_assert_cmpint (max_blue (output, 0, 0, 70, 80), ==, 0);
  /* Something red was drawn there */
  cairo_surface_flush (output);
  get_rgba (cairo_image_surface_get_data (output), cairo_image_surface_get_stride (output), 30, 30, rgba);
  g_assert_cmpint (rgba[0], ==, 255);
  save_output ("atlas-fringe", output);
  cairo_surface_destroy (output);

  cairo_surface_destroy (red);
  cairo_surface_destroy (blue);
}

/* Small contents share an atlas page: one texture, two draw calls for
 * all of them, the same pixels as software; the page goes with them */
static void
test_atlas (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayerRenderer) plain = NULL;
  g_autoptr (GskLayer) root = NULL;
  g_autoptr (GskLayer) plain_root = NULL;
  GskLayerGLStats atlas_stats, plain_stats;
  cairo_surface_t *target;
  GskLayer *child;
  gsize held;

  if (gl == NULL)
    return;

  /* Whatever GSK_LAYER_DEBUG says */
  gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (gl), TRUE);
  root = swatches_new (48);
  compare_backends ("atlas", gl, root, 320, 240);
  atlas_stats = *gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));

  plain = new_gl_renderer_or_skip ();
  gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (plain), FALSE);
  plain_root = swatches_new (48);
  compare_backends ("no-atlas", plain, plain_root, 320, 240);
  plain_stats = *gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (plain));

  g_test_message ("48 contents: with an atlas %u textures, %u draw calls; without, %u textures, %u draw calls",
                  atlas_stats.content_textures, atlas_stats.draw_calls,
                  plain_stats.content_textures, plain_stats.draw_calls);
  g_assert_false (atlas_stats.software);
  g_assert_cmpuint (atlas_stats.texture_uploads, ==, 48);
  g_assert_cmpuint (atlas_stats.cached_textures, ==, 48);
  g_assert_cmpuint (atlas_stats.atlas_pages, ==, 1);
  g_assert_cmpuint (atlas_stats.content_textures, ==, 1);
  /* The first swatch, on pixel boundaries, starts a batch with the
   * program without edge coverage; the first rotated one needs the
   * other, which then draws all the rest */
  g_assert_cmpuint (atlas_stats.draw_calls, ==, 2);
  g_assert_cmpuint (plain_stats.content_textures, ==, 48);
  g_assert_cmpuint (plain_stats.draw_calls, ==, 48);

  /* Taken out of the tree, they give the page back */
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 240);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)), >=,
                    320 * 240 * 4 + 1024 * 1024 * 4);
  while ((child = gsk_layer_get_first_child (root)) != NULL)
    gsk_layer_remove_child (root, child);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  /* The target, and its depth buffer if overlapping swatches used it */
  held = gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl));
  g_assert_true (held == 320 * 240 * 4 || (!culling_is_off () && held == 2 * 320 * 240 * 4));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->atlas_pages, ==, 0);
  cairo_surface_destroy (target);

  /* Many pages: with the limit forced down, 256×256 pages of up to 64
   * pixels a side */
  {
    g_autofree char *saved = g_strdup (g_getenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE"));
    g_autoptr (GskLayerRenderer) small = NULL;
    g_autoptr (GskLayer) small_root = swatches_new (40);

    g_setenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE", "256", TRUE);
    small = new_gl_renderer_or_skip ();
    if (saved)
      g_setenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE", saved, TRUE);
    else
      g_unsetenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE");

    gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (small), TRUE);
    compare_backends ("atlas-pages", small, small_root, 320, 240);
    g_test_message ("40 contents in pages of 256: %u pages, %u textures, %u draw calls",
                    gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (small))->atlas_pages,
                    gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (small))->content_textures,
                    gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (small))->draw_calls);
    g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (small))->atlas_pages, >, 1);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gl/tiles/too-large", test_too_large);
  g_test_add_func ("/gl/tiles/forced-limit", test_tiles);
  g_test_add_func ("/gl/texture/eviction", test_texture_eviction);
  g_test_add_func ("/gl/texture/uploads", test_texture_uploads);
  g_test_add_func ("/gl/texture/memory", test_texture_memory);
  g_test_add_func ("/gl/texture/budget", test_texture_budget);
  g_test_add_func ("/gl/texture/surfaces-end-on-other-threads", test_texture_surfaces_end_on_other_threads);
  g_test_add_func ("/gl/texture/offscreens", test_texture_offscreens);
  g_test_add_func ("/gl/atlas/contents", test_atlas);
  g_test_add_func ("/gl/atlas/fringe", test_atlas_fringe);

  return g_test_run ();
}
