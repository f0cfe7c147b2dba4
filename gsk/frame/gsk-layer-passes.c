/* gsk-layer-passes.c: the passes of a frame that run user code
 *
 * Before the compile walks the tree (gsk-layer-compile.c), two passes
 * visit only what asks for them: layout, of layers whose relayout was
 * queued (their layout managers and constraints), then draw, of layers
 * whose content or style raster is out of date or no longer covers what
 * shows (huge content is rasterized only around its visible part, at
 * the scale it is seen at). Application code runs in these two only, so
 * the compile never sees the tree change under it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-passes-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-compile-private.h"
#include "gsk-layer-style-private.h"
#include "gsk-layer-box-private.h"
#include "gsk-layer-constraint-private.h"
#include "gsk-layer-layout-private.h"
#include "gsk-layer-debug-private.h"

static void
free_caches (GskLayer *self)
{
  GskLayerPrivate *p = gsk_layer_get_private (self);

  if (p->style_cache)
    {
      g_clear_pointer (&p->style_cache->surface, cairo_surface_destroy);
      g_clear_pointer (&p->style_cache->mask_surface, cairo_surface_destroy);
      g_clear_pointer (&p->style_cache->style, gsk_layer_style_unref);
      g_free (p->style_cache);
    }
  if (p->content_cache)
    {
      g_clear_pointer (&p->content_cache->surface, cairo_surface_destroy);
      g_clear_pointer (&p->content_cache->glyphs, gsk_layer_glyph_run_unref);
      g_free (p->content_cache);
    }
}

static const GskLayerFrameHooks hooks = {
  .free_caches = free_caches,
};

/* Content larger than this is rasterized only where it can be seen */
#define MAX_CONTENT_PIXELS (4096 * 4096)
#define MAX_CONTENT_SIDE 8192
/* Extra layer-space margin drawn around the visible part of huge content,
 * so that small moves do not need a new rasterization */
#define HUGE_CONTENT_MARGIN 256.f

typedef GskLayerBox Box;

void
gsk_layer_run_layout (GskLayer *root)
{
  GPtrArray *stack;
  guint64 serial;

  if (!gsk_layer_get_private (root)->subtree_needs_layout)
    return;

  serial = gsk_layer_tree_serial;
  stack = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (stack, g_object_ref (root));

  while (stack->len > 0)
    {
      GskLayer *l = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      GskLayerPrivate *p = gsk_layer_get_private (l);

      /* Layout may move layers out of the tree: check only if the tree
       * changed since the walk began */
      if (p->subtree_needs_layout &&
          (serial == gsk_layer_tree_serial || gsk_layer_contains (root, l)))
        {
          GskLayer *c;

          p->subtree_needs_layout = FALSE;
          if (p->needs_layout)
            {
              p->needs_layout = FALSE;
              if (p->animation != NULL)
                gsk_layer_animation_hooks->begin_layout (l);
              GSK_LAYER_GET_CLASS (l)->layout_children (l);
              /* Then the children's constraints, which read what the
               * layout decided */
              gsk_layer_run_constraints (l);
              if (p->animation != NULL)
                gsk_layer_animation_hooks->end_layout (l);
            }

          for (c = p->first_child; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
            if (gsk_layer_get_private (c)->subtree_needs_layout)
              g_ptr_array_add (stack, g_object_ref (c));
          if (p->mask_layer != NULL && gsk_layer_get_private (p->mask_layer)->subtree_needs_layout)
            g_ptr_array_add (stack, g_object_ref (p->mask_layer));
        }

      g_object_unref (l);
    }

  g_ptr_array_unref (stack);
}

static gboolean
content_is_huge (const graphene_size_t *size)
{
  return (double) ceilf (size->width) * ceilf (size->height) > MAX_CONTENT_PIXELS ||
         size->width > MAX_CONTENT_SIDE || size->height > MAX_CONTENT_SIDE;
}

/* The part of the layer's own space that can be seen in the target,
 * with a margin; for layers too big to rasterize whole */
static graphene_rect_t
visible_content_rect (GskLayer *layer,
                      int       target_width,
                      int       target_height)
{
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, p->size.width, p->size.height);
  graphene_rect_t screen, result;
  Box visible, b = GSK_LAYER_BOX_EMPTY;
  int i;

  gsk_layer_update_world (layer);
  if (p->world_singular || !gsk_layer_project_rect (&p->world, &bounds, &screen, NULL, NULL))
    return GRAPHENE_RECT_INIT (0, 0, 0, 0);

  visible = gsk_layer_box_from_rect (&screen);
  visible = gsk_layer_box_intersect (&visible, &(Box) { 0, 0, target_width, target_height });
  if (gsk_layer_box_is_empty (&visible))
    return GRAPHENE_RECT_INIT (0, 0, 0, 0);

  for (i = 0; i < 4; i++)
    {
      graphene_point_t corner = GRAPHENE_POINT_INIT (i & 1 ? visible.x1 : visible.x0,
                                                     i & 2 ? visible.y1 : visible.y0);
      graphene_point_t lp;

      if (!gsk_layer_unproject (&p->world, &corner, &lp))
        {
          /* Part of the view looks past the plane's horizon: fall back
           * to the region around the layer's origin */
          b = (Box) { 0, 0, 4096, 4096 };
          break;
        }
      /* Points, not boxes: a gsk_layer_box_union() would drop them as empty */
      b.x0 = MIN (b.x0, lp.x);
      b.y0 = MIN (b.y0, lp.y);
      b.x1 = MAX (b.x1, lp.x);
      b.y1 = MAX (b.y1, lp.y);
    }

  b.x0 = floorf (b.x0 - HUGE_CONTENT_MARGIN);
  b.y0 = floorf (b.y0 - HUGE_CONTENT_MARGIN);
  b.x1 = ceilf (b.x1 + HUGE_CONTENT_MARGIN);
  b.y1 = ceilf (b.y1 + HUGE_CONTENT_MARGIN);
  b = gsk_layer_box_intersect (&b, &(Box) { 0, 0, ceilf (p->size.width), ceilf (p->size.height) });

  /* However large the visible part, rasterize() draws it into at most
   * the capped number of pixels, at a lower resolution if need be */
  result = gsk_layer_box_to_rect (&b);
  return result;
}

/* The scale content is rasterized at: the largest stretch the layer's
 * world matrix gives it on screen (at its corners, through perspective),
 * times the device scale, rounded up to a step of a quarter octave
 * (2^(1/4), 19%) above the device scale, up to 8× that. Content is never
 * rasterized below the device scale, so that nothing on screen is an
 * upscaled 1× image, and a scale that moves within its step keeps the
 * raster: on screen, content is never more than one step blurrier than
 * the screen's pixels. */
#define CONTENT_SCALE_STEPS 4
#define MAX_CONTENT_STRETCH 8.f

/* The largest singular value of the Jacobian of @world's projection at
 * (@u, @v), or 0 behind the viewer */
static double
stretch_at (const graphene_matrix_t *world,
            double                   u,
            double                   v)
{
  double j[4], t, det;

  if (!gsk_layer_project_jacobian (world, u, v, NULL, j))
    return 0;

  t = j[0] * j[0] + j[1] * j[1] + j[2] * j[2] + j[3] * j[3];
  det = j[0] * j[3] - j[1] * j[2];

  return sqrt (MAX (0, (t + sqrt (MAX (0, t * t - 4 * det * det))) / 2));
}

float
gsk_layer_content_scale (GskLayer *layer,
                         float     device_scale)
{
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  double stretch = 0, steps;
  int i;

  if (content_is_huge (&p->size))
    return device_scale;

  gsk_layer_update_world (layer);
  if (p->world_singular)
    return device_scale;

  for (i = 0; i < 4; i++)
    stretch = MAX (stretch, stretch_at (&p->world, i & 1 ? p->size.width : 0, i & 2 ? p->size.height : 0));
  if (!(stretch > 1.001))
    return device_scale;

  /* A hair below a step is that step: 2× stays 2× through rounding */
  steps = ceil (log2 (MIN (stretch, MAX_CONTENT_STRETCH)) * CONTENT_SCALE_STEPS - 0.01);
  return device_scale * MIN (exp2 (steps / CONTENT_SCALE_STEPS), MAX_CONTENT_STRETCH);
}

/* How far past a whole device pixel @corner (layer space) lies on
 * screen, in raster pixels at @scale, when the layer is drawn without
 * turning, skewing or a scale other than @scale: glyphs placed from a
 * corner that much before it land on device pixels, at the phase cairo
 * would give them there. (0, 0) otherwise. */
static void
device_phase (GskLayer               *layer,
              float                   scale,
              float                   device_scale,
              const graphene_point_t *corner,
              graphene_point_t       *phase)
{
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  const graphene_matrix_t *m = &p->world;
  double x, y;

  *phase = GRAPHENE_POINT_INIT (0, 0);
  if (p->world_singular ||
      graphene_matrix_get_value (m, 0, 1) != 0.f || graphene_matrix_get_value (m, 1, 0) != 0.f ||
      graphene_matrix_get_value (m, 0, 3) != 0.f || graphene_matrix_get_value (m, 1, 3) != 0.f ||
      graphene_matrix_get_value (m, 3, 3) != 1.f ||
      fabsf (graphene_matrix_get_value (m, 0, 0) * device_scale - scale) > 1e-4f * scale ||
      fabsf (graphene_matrix_get_value (m, 1, 1) * device_scale - scale) > 1e-4f * scale)
    return;

  x = ((double) graphene_matrix_get_value (m, 3, 0) + corner->x * graphene_matrix_get_value (m, 0, 0)) * device_scale;
  y = ((double) graphene_matrix_get_value (m, 3, 1) + corner->y * graphene_matrix_get_value (m, 1, 1)) * device_scale;
  if (!isfinite (x) || !isfinite (y) || fabs (x) > 1e9 || fabs (y) > 1e9)
    return;
  /* Within a thousandth of a pixel is on it */
  phase->x = x - floor (x + 1e-3);
  phase->y = y - floor (y + 1e-3);
  if (phase->x < 1e-3)
    phase->x = 0;
  if (phase->y < 1e-3)
    phase->y = 0;
}

static gboolean
cache_covers (GskLayerContentCache  *cache,
              const graphene_rect_t *rect)
{
  return cache != NULL && cache->surface != NULL &&
         graphene_rect_contains_rect (&cache->rect, rect);
}

/* For benchmarks: how many times content (and styles' borders) was
 * rasterized */
static guint n_rasterized;

guint
gsk_layer_compile_get_n_rasterized (void)
{
  return n_rasterized;
}

static void
rasterize (GskLayer *layer,
           int       target_width,
           int       target_height,
           float     device_scale)
{
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  graphene_rect_t rect, box;
  cairo_surface_t *surface;
  cairo_t *cr;
  float scale;
  int w, h;

  scale = gsk_layer_content_scale (layer, device_scale);
  gsk_layer_style_get_content_box (p->style, &p->size, &box);
  if (content_is_huge (&p->size))
    rect = visible_content_rect (layer, target_width, target_height);
  else
    graphene_rect_init (&rect, box.origin.x, box.origin.y, ceilf (box.size.width), ceilf (box.size.height));

  w = ceilf (rect.size.width * scale);
  h = ceilf (rect.size.height * scale);

  /* A huge layer seen whole (scaled down) is drawn at the resolution the
   * cap allows: never a buffer the size of the layer */
  if (w > MAX_CONTENT_SIDE || h > MAX_CONTENT_SIDE || (double) w * h > MAX_CONTENT_PIXELS)
    {
      double shrink = MIN ((double) MAX_CONTENT_SIDE / w, (double) MAX_CONTENT_SIDE / h);

      shrink = MIN (shrink, sqrt ((double) MAX_CONTENT_PIXELS / ((double) w * h)));
      w = MAX (1, (int) floor (w * shrink));
      h = MAX (1, (int) floor (h * shrink));
    }
  else if (w > 0 && h > 0)
    {
      /* The raster covers whole pixels at exactly the scale: 1.25× of
       * 125 units is 157 pixels, which cover 125.6 units */
      rect.size.width = w / scale;
      rect.size.height = h / scale;
    }

  if (p->content_cache == NULL)
    {
      gsk_layer_frame_hooks = &hooks;
      p->content_cache = g_new0 (GskLayerContentCache, 1);
    }
  g_clear_pointer (&p->content_cache->surface, cairo_surface_destroy);
  g_clear_pointer (&p->content_cache->glyphs, gsk_layer_glyph_run_unref);
  p->content_cache->rect = rect;
  p->content_cache->scale = scale;

  if (w <= 0 || h <= 0)
    return;

  /* Text shows its glyphs, drawn once per font and scale whatever the
   * label; not for a layer too big to show whole, whose visible part is
   * drawn */
  if (p->glyph_func != NULL && !content_is_huge (&p->size))
    {
      graphene_rect_t glyph_rect = rect;
      graphene_point_t phase;
      GskLayerGlyphRun *glyphs;

      /* On device pixels: a raster pixel wider and taller, from a corner
       * the phase before the box's */
      device_phase (layer, scale, device_scale, &rect.origin, &phase);
      if (phase.x != 0 || phase.y != 0)
        graphene_rect_init (&glyph_rect, rect.origin.x - phase.x / scale, rect.origin.y - phase.y / scale,
                            rect.size.width + 1 / scale, rect.size.height + 1 / scale);
      glyphs = p->glyph_func (layer, scale, &glyph_rect);
      if (glyphs != NULL)
        {
          p->content_cache->glyphs = glyphs;
          p->content_cache->rect = glyph_rect;
          p->content_cache->phase = phase;
          return;
        }
    }

  n_rasterized++;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_warning ("Cannot allocate %d×%d pixels for the content of layer %p (%s)",
                 w, h, layer, G_OBJECT_TYPE_NAME (layer));
      cairo_surface_destroy (surface);
      return;
    }

  /* A device scale, not a matrix: draw() sees layer units, and what it
   * makes similar to its target (pango-cairo, groups) is at this scale */
  cairo_surface_set_device_scale (surface, w / rect.size.width, h / rect.size.height);
  cr = cairo_create (surface);
  cairo_translate (cr, -rect.origin.x, -rect.origin.y);
  cairo_rectangle (cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height);
  cairo_clip (cr);
  /* draw() draws in the content box, from its corner */
  cairo_rectangle (cr, box.origin.x, box.origin.y, box.size.width, box.size.height);
  cairo_clip (cr);
  cairo_translate (cr, box.origin.x, box.origin.y);

  p->in_draw = TRUE;
  GSK_LAYER_GET_CLASS (layer)->draw (layer, cr);
  p = gsk_layer_get_private (layer);
  p->in_draw = FALSE;

  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* draw() may have invalidated the content again; that is for the next
   * frame, but this result is still the best we have now */
  if (p->content_cache != NULL)
    {
      g_clear_pointer (&p->content_cache->surface, cairo_surface_destroy);
      p->content_cache->surface = surface;
    }
  else
    cairo_surface_destroy (surface);
}

static gboolean
needs_draw (GskLayer *layer,
            gboolean  shown,
            gboolean  no_cache,
            int       target_width,
            int       target_height,
            float     device_scale)
{
  GskLayerPrivate *p = gsk_layer_get_private (layer);

  if (!shown || p->content != NULL || !gsk_layer_has_draw (layer))
    return FALSE;

  if (p->content_dirty || no_cache || p->content_cache == NULL)
    return TRUE;

  if (content_is_huge (&p->size))
    {
      graphene_rect_t visible = visible_content_rect (layer, target_width, target_height);

      return visible.size.width > 0 && !cache_covers (p->content_cache, &visible);
    }

  /* Its scale on screen moved to another step */
  if (p->content_cache->scale != gsk_layer_content_scale (layer, device_scale))
    return TRUE;

  /* Glyphs: moved by a fraction of a pixel, they take another phase */
  if (p->content_cache->glyphs != NULL)
    {
      graphene_point_t corner, phase;
      graphene_rect_t box;

      gsk_layer_style_get_content_box (p->style, &p->size, &box);
      corner = box.origin;
      device_phase (layer, p->content_cache->scale, device_scale, &corner, &phase);
      return fabsf (phase.x - p->content_cache->phase.x) > 1e-3f ||
             fabsf (phase.y - p->content_cache->phase.y) > 1e-3f;
    }

  return FALSE;
}

/* Whether the layer's style draws its own raster (a border) that is not
 * the one cached: another style, size, background, corners or scale */
static gboolean
needs_style_draw (GskLayer *layer,
                  gboolean  shown,
                  float     device_scale,
                  gboolean  vector_style)
{
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  GskLayerStyleCache *cache = p->style_cache;
  graphene_size_t radii[4] = { { 0, 0 }, };

  gboolean box, mask;

  if (!shown)
    return FALSE;
  /* A box the backend draws needs no raster; a mask always does */
  box = gsk_layer_style_draws_box (p->style) && !(vector_style && gsk_layer_style_box_is_vector (p->style));
  mask = gsk_layer_style_get_mask (p->style) != NULL && p->size.width > 0 && p->size.height > 0;
  if (!box && !mask)
    return FALSE;
  if (cache == NULL || (box && cache->surface == NULL) || (mask && cache->mask_surface == NULL) ||
      cache->style != p->style ||
      !graphene_size_equal (&cache->size, &p->size) ||
      memcmp (cache->background, p->background, sizeof cache->background) != 0)
    return TRUE;

  gsk_layer_resolve_corner_radii (p, radii);
  if (memcmp (radii, cache->radii, sizeof radii) != 0)
    return TRUE;

  return cache->scale != gsk_layer_content_scale (layer, device_scale);
}

/* The style's mask over the bounds at @scale, as few pixels as content
 * may have */
static cairo_surface_t *
rasterize_mask (GskLayerPrivate *p,
                float            scale)
{
  double w = ceil (p->size.width * scale), h = ceil (p->size.height * scale), shrink;
  cairo_surface_t *surface;
  cairo_t *cr;

  shrink = MIN (1.0, MIN (MAX_CONTENT_SIDE / MAX (w, 1), MAX_CONTENT_SIDE / MAX (h, 1)));
  shrink = MIN (shrink, sqrt (MAX_CONTENT_PIXELS / MAX (w * h, 1)));
  w = MAX (1, floor (w * shrink));
  h = MAX (1, floor (h * shrink));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_set_device_scale (surface, w / p->size.width, h / p->size.height);
  cr = cairo_create (surface);
  gsk_layer_mask_draw (gsk_layer_style_get_mask (p->style), cr, &p->size);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
rasterize_style (GskLayer *layer,
                 float     device_scale,
                 gboolean  vector_style)
{
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  GskLayerStyleCache *cache;
  graphene_size_t radii[4] = { { 0, 0 }, };
  float scale = gsk_layer_content_scale (layer, device_scale);
  graphene_rect_t extents;
  double w, h, shrink;
  cairo_surface_t *surface;
  cairo_t *cr;

  n_rasterized++;
  if (p->style_cache == NULL)
    {
      gsk_layer_frame_hooks = &hooks;
      p->style_cache = g_new0 (GskLayerStyleCache, 1);
    }
  cache = p->style_cache;
  g_clear_pointer (&cache->surface, cairo_surface_destroy);
  g_clear_pointer (&cache->mask_surface, cairo_surface_destroy);
  g_clear_pointer (&cache->style, gsk_layer_style_unref);
  cache->style = gsk_layer_style_ref (p->style);
  cache->size = p->size;
  memcpy (cache->background, p->background, sizeof cache->background);
  gsk_layer_resolve_corner_radii (p, radii);
  memcpy (cache->radii, radii, sizeof radii);
  cache->scale = scale;

  /* Never more pixels than content may have: a huge bordered layer is
   * drawn at a lower resolution. Shadows reach past the bounds. */
  gsk_layer_style_get_box_extents (p->style, &p->size, &extents);
  cache->extents = extents;
  w = ceil (extents.size.width * scale);
  h = ceil (extents.size.height * scale);
  shrink = MIN (1.0, MIN (MAX_CONTENT_SIDE / MAX (w, 1), MAX_CONTENT_SIDE / MAX (h, 1)));
  shrink = MIN (shrink, sqrt (MAX_CONTENT_PIXELS / MAX (w * h, 1)));
  w = MAX (1, floor (w * shrink));
  h = MAX (1, floor (h * shrink));
  if (!(p->size.width > 0 && p->size.height > 0))
    return;

  if (gsk_layer_style_get_mask (p->style) != NULL)
    cache->mask_surface = rasterize_mask (p, scale);
  /* (Nor one the backend draws itself: only the mask needed drawing) */
  if (!gsk_layer_style_draws_box (p->style) || (vector_style && gsk_layer_style_box_is_vector (p->style)))
    return;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return;
    }
  /* The raster covers the extents exactly */
  cairo_surface_set_device_scale (surface, w / extents.size.width, h / extents.size.height);
  cr = cairo_create (surface);
  cairo_translate (cr, -extents.origin.x, -extents.origin.y);
  /* The clip path in the raster: a layer that draws nothing else is
   * drawn with no clip (gsk-layer-compile.c) */
  gsk_layer_style_clip_to_clip_path (p, cr);
  gsk_layer_style_draw_box (p->style, cr, &p->size, radii,
                            &(GdkRGBA) { p->background[0], p->background[1], p->background[2], p->background[3] });
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  cache->surface = surface;
}

typedef struct {
  GskLayer *layer;
  gboolean moved;
  /* Drawn though hidden: a clone's source */
  gboolean shown;
} DrawFrame;

static inline void
push_draw_frame (DrawFrame **stack,
                 guint      *n,
                 guint      *allocated,
                 GskLayer   *layer,
                 gboolean    moved)
{
  if (G_UNLIKELY (*n == *allocated))
    {
      *allocated *= 2;
      *stack = g_renew (DrawFrame, *stack, *allocated);
    }
  (*stack)[(*n)++] = (DrawFrame) { layer, moved, FALSE };
}

/* Collects the layers whose content must be drawn, then draws them with
 * no walk in progress: draw() may change the tree */
void
gsk_layer_run_draw (GskLayer *root,
                    gboolean  all,
                    int       target_width,
                    int       target_height,
                    float     device_scale,
                    gboolean  vector_style)
{
  gboolean no_cache = GSK_LAYER_DEBUG_CHECK (NO_CACHE);
  DrawFrame *stack;
  GPtrArray *to_draw, *to_style, *to_deform = NULL;
  guint n = 0, allocated = 64;
  guint64 serial;
  guint i;

  if (!all && !gsk_layer_get_private (root)->subtree_dirty)
    return;

  /* Entries are (layer, moved) pairs: under a layer that moved, huge
   * content may need a new visible part even though it did not change */
  serial = gsk_layer_tree_serial;
  stack = g_new (DrawFrame, allocated);
  to_draw = g_ptr_array_new_with_free_func (g_object_unref);
  to_style = g_ptr_array_new_with_free_func (g_object_unref);
  stack[n++] = (DrawFrame) { root, all };

  while (n > 0)
    {
      DrawFrame f = stack[--n];
      GskLayerPrivate *p = gsk_layer_get_private (f.layer);
      gboolean moved;
      guint n_dirty;
      GskLayer *c;

      if (!p->visible && !f.shown)
        continue;

      /* Shown again, or moved: everything below may need drawing */
      moved = f.moved || p->world_dirty || p->effects_dirty;
      if (needs_draw (f.layer, TRUE, no_cache, target_width, target_height, device_scale))
        g_ptr_array_add (to_draw, g_object_ref (f.layer));
      if (needs_style_draw (f.layer, TRUE, device_scale, vector_style))
        g_ptr_array_add (to_style, g_object_ref (f.layer));
      /* A mesh made for another size, or another deformation */
      if (G_UNLIKELY (p->mesh != NULL) &&
          (p->mesh->dirty || p->mesh->size.width != p->size.width ||
           p->mesh->size.height != p->size.height))
        {
          if (to_deform == NULL)
            to_deform = g_ptr_array_new_with_free_func (g_object_unref);
          g_ptr_array_add (to_deform, g_object_ref (f.layer));
        }
      /* A clone draws its source even where the walk would not reach
       * it: hidden, or in no tree drawn here */
      if (p->clone_source != NULL)
        {
          GskLayerPrivate *sp = gsk_layer_get_private (p->clone_source);

          if ((!sp->visible || gsk_layer_get_root (p->clone_source) != root) && sp->subtree_dirty)
            {
              push_draw_frame (&stack, &n, &allocated, p->clone_source, TRUE);
              stack[n - 1].shown = TRUE;
            }
        }
      /* A mask is in no list of children */
      if (p->mask_layer != NULL && (moved || gsk_layer_get_private (p->mask_layer)->subtree_dirty) &&
          (moved || !p->dirty_children_valid))
        push_draw_frame (&stack, &n, &allocated, p->mask_layer, moved);

      if (!moved && p->dirty_children_valid)
        {
          guint j;

          /* Only the children that changed, not thousands of siblings */
          for (j = 0; j < p->dirty_children->len; j++)
            {
              c = g_ptr_array_index (p->dirty_children, j);
              if (gsk_layer_get_private (c)->subtree_dirty)
                push_draw_frame (&stack, &n, &allocated, c, FALSE);
            }
          continue;
        }

      /* Counted where the list could not say: past what it holds, the
       * next frames keep from noting them (see
       * gsk_layer_note_dirty_child()) */
      n_dirty = 0;
      for (c = p->first_child; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
        {
          gboolean dirty = gsk_layer_get_private (c)->subtree_dirty;

          n_dirty += dirty;
          if (moved || dirty)
            push_draw_frame (&stack, &n, &allocated, c, moved);
        }
      if (!moved)
        p->dirty_children_overflowed = n_dirty >= gsk_layer_dirty_children_max (p);
    }
  g_free (stack);

  /* Deformations may be user code too: after the walk */
  for (i = 0; to_deform != NULL && i < to_deform->len; i++)
    {
      GskLayerPrivate *p = gsk_layer_get_private (g_ptr_array_index (to_deform, i));

      if (p->mesh != NULL)
        {
          p->mesh->dirty = FALSE;
          p->mesh->update (g_ptr_array_index (to_deform, i));
        }
    }
  g_clear_pointer (&to_deform, g_ptr_array_unref);

  for (i = 0; i < to_draw->len; i++)
    {
      GskLayer *l = g_ptr_array_index (to_draw, i);
      GskLayerPrivate *p = gsk_layer_get_private (l);

      /* Drawn layers may have destroyed or removed others */
      if (serial != gsk_layer_tree_serial && !gsk_layer_contains (root, l) && p->clones == NULL)
        continue;

      p->content_dirty = FALSE;
      rasterize (l, target_width, target_height, device_scale);
    }
  /* Styles draw no user code: nothing changes the tree meanwhile */
  for (i = 0; i < to_style->len; i++)
    rasterize_style (g_ptr_array_index (to_style, i), device_scale, vector_style);

  g_ptr_array_unref (to_draw);
  g_ptr_array_unref (to_style);
}
