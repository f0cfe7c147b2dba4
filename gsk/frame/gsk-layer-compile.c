/* gsk-layer-compile.c: from the layer tree to a flat render list
 *
 * One frame runs three passes over the tree, each visiting only what
 * needs it: layout (layers whose relayout was queued) and draw (layers
 * whose content was invalidated), which run user code
 * (gsk-layer-passes.c), then the compile, which walks the visible tree
 * once into the render list and collects the damage: the union of the
 * old and new screen bounds of everything that changed. A frame that
 * changed a few layers compiles only those and patches their ops in
 * place (gsk-layer-compile-changes.c).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-private.h"
#include "gsk-layer-compile-private.h"
#include "gsk-layer-passes-private.h"
#include "gsk-layer-style-private.h"
#include "gsk-layer-box-private.h"
#include "gsk-layer-constraint-private.h"
#include "gsk-layer-layout-private.h"
#include "gsk-layer-debug-private.h"
#include "gsk-layer-compile-impl-private.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-transform-private.h"


static cairo_rectangle_int_t
box_to_int (const Box *b)
{
  /* Damage is clipped to the target later; clamp to keep ints sane */
  float x0 = CLAMP (floorf (b->x0), -(1 << 28), 1 << 28);
  float y0 = CLAMP (floorf (b->y0), -(1 << 28), 1 << 28);
  float x1 = CLAMP (ceilf (b->x1), -(1 << 28), 1 << 28);
  float y1 = CLAMP (ceilf (b->y1), -(1 << 28), 1 << 28);

  return (cairo_rectangle_int_t) { x0, y0, x1 - x0, y1 - y0 };
}

static void
damage_to_region (GArray         *boxes,
                  cairo_region_t *region,
                  int             width,
                  int             height)
{
  int cols = (width + DAMAGE_TILE - 1) / DAMAGE_TILE;
  int rows = (height + DAMAGE_TILE - 1) / DAMAGE_TILE;
  guint8 *tiles;
  GArray *rects;
  guint i;
  int x, y;

  if (boxes->len <= DAMAGE_EXACT_MAX)
    {
      for (i = 0; i < boxes->len; i++)
        {
          cairo_rectangle_int_t r = box_to_int (&g_array_index (boxes, Box, i));
          cairo_region_union_rectangle (region, &r);
        }
      return;
    }

  if (cols <= 0 || rows <= 0)
    return;

  tiles = g_malloc0 (cols * rows);
  for (i = 0; i < boxes->len; i++)
    {
      const Box *b = &g_array_index (boxes, Box, i);
      /* Clamped to the target first, so truncation is flooring; the end
       * rounds up by a whole tile at most, which is still damage */
      float fx0 = CLAMP (b->x0, 0.f, (float) width);
      float fy0 = CLAMP (b->y0, 0.f, (float) height);
      float fx1 = CLAMP (b->x1, 0.f, (float) width);
      float fy1 = CLAMP (b->y1, 0.f, (float) height);
      int x0 = (int) fx0 / DAMAGE_TILE;
      int y0 = (int) fy0 / DAMAGE_TILE;
      int x1 = MIN ((int) fx1 / DAMAGE_TILE + 1, cols);
      int y1 = MIN ((int) fy1 / DAMAGE_TILE + 1, rows);

      if (fx0 >= fx1 || fy0 >= fy1)
        continue;
      for (y = y0; y < y1; y++)
        memset (tiles + y * cols + x0, 1, x1 - x0);
    }

  /* One rectangle per run of dirty tiles in a row */
  rects = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_int_t));
  for (y = 0; y < rows; y++)
    for (x = 0; x < cols; x++)
      {
        int start = x;

        if (!tiles[y * cols + x])
          continue;
        while (x < cols && tiles[y * cols + x])
          x++;
        g_array_append_val (rects, ((cairo_rectangle_int_t) {
          start * DAMAGE_TILE, y * DAMAGE_TILE, (x - start) * DAMAGE_TILE, DAMAGE_TILE }));
      }

  if (rects->len > 0)
    {
      cairo_region_t *tiled = cairo_region_create_rectangles ((cairo_rectangle_int_t *) rects->data, rects->len);

      cairo_region_union (region, tiled);
      cairo_region_destroy (tiled);
    }

  g_array_free (rects, TRUE);
  g_free (tiles);
}

/* {{{ The compile walk */

/* Layers the compile walked, in all frames: for tests */
static guint n_entered;

static inline void
push_frame (Compiler    *c,
            const Frame *f)
{
  if (G_UNLIKELY (c->n_stack == c->n_stack_allocated))
    {
      c->n_stack_allocated = MAX (64, c->n_stack_allocated * 2);
      c->stack = g_renew (Frame, c->stack, c->n_stack_allocated);
    }
  c->stack[c->n_stack++] = *f;
}

void
gsk_layer_compile_push_frame (Compiler    *c,
                              const Frame *f)
{
  push_frame (c, f);
}

static void
add_to_groups (Compiler  *c,
               const Box *b)
{
  if (c->groups->len > 0)
    gsk_layer_box_union (&g_array_index (c->groups, Group, c->groups->len - 1).bounds, b);
}

static GskLayerRenderOp *
append_draw_op (Compiler                *c,
                GskLayerRenderOpKind     kind,
                GskLayerPrivate         *p,
                const float             *m,
                const char              *debug_name,
                const graphene_rect_t   *bounds,
                const Box               *screen,
                float                    opacity)
{
  GskLayerRenderOp *op = gsk_layer_render_list_append_uninitialized (c->list);
  gboolean axis_aligned = gsk_layer_matrix_is_axis_aligned (m);

  /* One store of the whole op: fields not named are zero */
  *op = (GskLayerRenderOp) {
    .transform = p->world,
    .bounds = *bounds,
    .screen_bounds = screen_box_to_rect (screen),
    .debug_name = debug_name,
    .kind = kind,
    .opacity = opacity,
    .axis_aligned = axis_aligned,
    .behind_viewer = !axis_aligned && gsk_layer_matrix_puts_rect_behind (m, bounds),
  };
  add_to_groups (c, screen);

  return op;
}

static inline void
set_rounded (GskLayerRenderOp *op,
             GskLayerPrivate  *p)
{
  if (gsk_layer_resolve_corner_radii (p, op->corner_radii))
    {
      op->rounded = TRUE;
      op->rounded_rect = GRAPHENE_RECT_INIT (0, 0, p->size.width, p->size.height);
    }
}

/* A layer's name lives until it is renamed or the layer finalized, so
 * that a render list kept from an earlier frame may point at a name
 * gone since: debug names are read only from a list compiled in full
 * for the purpose (the damage check's blame()). Type names live as long
 * as the type. */
static const char *
layer_debug_name (GskLayer        *layer,
                  GskLayerPrivate *p)
{
  return p->name ? p->name : G_OBJECT_TYPE_NAME (layer);
}

/* The style's box (background and border) is drawn by the backend's
 * BORDER and GRADIENT ops */
static gboolean
has_vector_box (const GskLayerRenderList *list,
                GskLayerPrivate          *p)
{
  return list->vector_style && gsk_layer_style_draws_box (p->style) &&
         gsk_layer_style_box_is_vector (p->style);
}

/* The style's raster of background and border stands for the background */
static gboolean
has_style_box (const GskLayerRenderList *list,
               GskLayerPrivate          *p)
{
  return p->style_cache != NULL && p->style_cache->surface != NULL &&
         p->style_cache->style == p->style && gsk_layer_style_draws_box (p->style) &&
         !has_vector_box (list, p);
}

/* How many ops the style's box takes as vector ops: more than one
 * overlap, which group opacity must not show */
static guint
count_vector_ops (GskLayerPrivate *p)
{
  return (p->background[3] > 0.f) + p->style->n_images + gsk_layer_style_has_border (p->style);
}

static void
set_rounded_rect (GskLayerRenderOp      *op,
                  const graphene_rect_t *rect,
                  const graphene_size_t  radii[4])
{
  int i;

  for (i = 0; i < 4; i++)
    if (radii[i].width > 0.f && radii[i].height > 0.f)
      {
        op->rounded = TRUE;
        op->rounded_rect = *rect;
        memcpy (op->corner_radii, radii, sizeof op->corner_radii);
        return;
      }
}

/* The style's background colour, gradients and border as the ops that
 * backends draw themselves, in CSS's order */
static void
emit_vector_box (Compiler        *c,
                 GskLayerPrivate *p,
                 const float     *m,
                 const char      *name,
                 const Box       *screen,
                 float            opacity)
{
  graphene_size_t radii[4] = { { 0, 0 }, }, clip_radii[4], inner[4];
  graphene_rect_t clip, padding;
  GskLayerRenderPaint paint;
  GskLayerRenderOp *op;
  int i;

  gsk_layer_resolve_corner_radii (p, radii);
  gsk_layer_style_get_background_clip (p->style, &p->size, radii, &clip, clip_radii);
  gsk_layer_style_get_padding_box (p->style, &p->size, radii, &padding, inner);

  if (clip.size.width > 0.f && clip.size.height > 0.f)
    {
      if (p->background[3] > 0.f)
        {
          op = append_draw_op (c, GSK_LAYER_RENDER_OP_COLOR, p, m, name, &clip, screen, opacity);
          memcpy (op->color, p->background, sizeof op->color);
          set_rounded_rect (op, &clip, clip_radii);
        }

      /* The first image on top */
      for (i = (int) p->style->n_images - 1; i >= 0; i--)
        {
          op = append_draw_op (c, GSK_LAYER_RENDER_OP_GRADIENT, p, m, name, &clip, screen, opacity);
          op->paint = g_new (GskLayerRenderPaint, 1);
          gsk_layer_gradient_to_paint (&p->style->images[i], &padding,
                                       !graphene_rect_contains_rect (&padding, &clip), op->paint);
          set_rounded_rect (op, &clip, clip_radii);
        }
    }

  if (gsk_layer_style_get_border_paint (p->style, &p->size, radii, &paint))
    {
      graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, p->size.width, p->size.height);

      op = append_draw_op (c, GSK_LAYER_RENDER_OP_BORDER, p, m, name, &bounds, screen, opacity);
      op->paint = g_memdup2 (&paint, sizeof paint);
      op->rounded_rect = bounds;
      set_rounded_rect (op, &bounds, radii);
    }
}

/* Emits the layer's own background and content; returns their box */
static Box
emit_own_ops (Compiler        *c,
              GskLayer        *layer,
              GskLayerPrivate *p,
              const float     *m,
              const Box       *clip,
              const Box       *layer_box,
              float            opacity)
{
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, p->size.width, p->size.height);
  Box drawn = BOX_EMPTY;
  Box screen;
  const char *name = NULL;

  screen = gsk_layer_box_intersect (layer_box, clip);

  if (has_style_box (c->list, p))
    {
      /* The shadows, background and border, drawn by the style; shadows
       * reach past the bounds */
      const graphene_rect_t *extents = &p->style_cache->extents;
      Box box = gsk_layer_project_box (&p->world, m, extents);

      box = gsk_layer_box_intersect (&box, clip);
      if (!gsk_layer_box_is_empty (&box))
        {
          GskLayerRenderOp *op;

          name = layer_debug_name (layer, p);
          op = append_draw_op (c, GSK_LAYER_RENDER_OP_TEXTURE, p, m, name, extents, &box, opacity);
          op->surface = cairo_surface_reference (p->style_cache->surface);
          op->source_rect = *extents;
          gsk_layer_box_union (&drawn, &box);
        }
    }

  if (gsk_layer_box_is_empty (&screen))
    return drawn;

  if (has_vector_box (c->list, p))
    {
      name = layer_debug_name (layer, p);
      emit_vector_box (c, p, m, name, &screen, opacity);
      gsk_layer_box_union (&drawn, &screen);
    }
  else if (has_style_box (c->list, p))
    ;
  else if (p->background[3] > 0.f)
    {
      GskLayerRenderOp *op;

      name = layer_debug_name (layer, p);
      op = append_draw_op (c, GSK_LAYER_RENDER_OP_COLOR, p, m, name, &bounds, &screen, opacity);
      memcpy (op->color, p->background, sizeof op->color);
      set_rounded (op, p);
      gsk_layer_box_union (&drawn, &screen);
    }

  if (p->content != NULL)
    {
      if (name == NULL)
        name = layer_debug_name (layer, p);

      if (GSK_IS_LAYER_COLOR_CONTENT (p->content))
        {
          GskLayerRenderOp *op;
          GdkRGBA color;

          graphene_rect_t box;

          /* Content fills the content box */
          gsk_layer_style_get_content_box (p->style, &p->size, &box);
          gsk_layer_color_content_get_color (GSK_LAYER_COLOR_CONTENT (p->content), &color);
          if (color.alpha > 0.f && box.size.width > 0 && box.size.height > 0)
            {
              op = append_draw_op (c, GSK_LAYER_RENDER_OP_COLOR, p, m, name, &box, &screen, opacity);
              op->color[0] = color.red;
              op->color[1] = color.green;
              op->color[2] = color.blue;
              op->color[3] = color.alpha;
              set_rounded (op, p);
              gsk_layer_box_union (&drawn, &screen);
            }
        }
      else
        {
          /* Delegates fill the content box, at the scale they have on
           * screen, as draw() */
          gboolean bitmap = GSK_IS_LAYER_IMAGE_CONTENT (p->content) &&
                            !gsk_layer_image_content_is_scalable (GSK_LAYER_IMAGE_CONTENT (p->content));
          float scale = bitmap ? 1.f : gsk_layer_content_scale (layer, c->list->scale);
          graphene_size_t intrinsic = { 0, 0 };
          graphene_rect_t box, placed;
          int w, h;
          cairo_surface_t *surface;

          /* Placed in the content box as object-fit says, clipped to it.
           * A bitmap is its own surface and size: asked directly, not
           * through the interface, whose lookup costs more per layer
           * than the rest of this */
          gsk_layer_style_get_content_box (p->style, &p->size, &box);
          if (bitmap)
            {
              surface = gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (p->content));
              intrinsic.width = cairo_image_surface_get_width (surface);
              intrinsic.height = cairo_image_surface_get_height (surface);
            }
          else if (!gsk_layer_content_get_preferred_size (p->content, &intrinsic.width, &intrinsic.height))
            intrinsic = (graphene_size_t) { 0, 0 };
          gsk_layer_style_place_object (p->style, &box, &intrinsic, &placed);
          w = MIN (ceilf (placed.size.width * scale), 4096);
          h = MIN (ceilf (placed.size.height * scale), 4096);
          if (!(box.size.width > 0 && box.size.height > 0 && placed.size.width > 0 && placed.size.height > 0))
            surface = NULL;
          else if (!bitmap)
            surface = gsk_layer_content_get_surface (p->content, w, h);

          if (surface != NULL)
            {
              GskLayerRenderOp *op;

              op = append_draw_op (c, GSK_LAYER_RENDER_OP_TEXTURE, p, m, name, &box, &screen, opacity);
              op->surface = cairo_surface_reference (surface);
              op->source_rect = placed;
              op->sampling = gsk_layer_style_get_sampling (p->style);
              set_rounded (op, p);
              gsk_layer_box_union (&drawn, &screen);
            }
        }
    }
  else if (p->content_cache != NULL && p->content_cache->glyphs != NULL)
    {
      GskLayerContentCache *cache = p->content_cache;
      graphene_rect_t rect;
      Box glyphs_screen;

      graphene_rect_intersection (&cache->rect, &bounds, &rect);
      glyphs_screen = gsk_layer_project_box (&p->world, m, &rect);
      glyphs_screen = gsk_layer_box_intersect (&glyphs_screen, clip);
      if (!gsk_layer_box_is_empty (&glyphs_screen))
        {
          GskLayerRenderOp *op;

          if (name == NULL)
            name = layer_debug_name (layer, p);
          if (cache->glyphs->shadow != NULL)
            {
              const graphene_rect_t *shadow_rect = &cache->glyphs->shadow_rect;
              Box shadow_screen = gsk_layer_project_box (&p->world, m, shadow_rect);

              /* A text shadow reaches past the layer's bounds, as an
               * outset box-shadow does */
              shadow_screen = gsk_layer_box_intersect (&shadow_screen, clip);
              if (!gsk_layer_box_is_empty (&shadow_screen))
                {
                  op = append_draw_op (c, GSK_LAYER_RENDER_OP_TEXTURE, p, m, name, shadow_rect,
                                       &shadow_screen, opacity);
                  op->surface = cairo_surface_reference (cache->glyphs->shadow);
                  op->source_rect = *shadow_rect;
                  gsk_layer_box_union (&drawn, &shadow_screen);
                }
            }
          op = append_draw_op (c, GSK_LAYER_RENDER_OP_GLYPHS, p, m, name, &rect, &glyphs_screen, opacity);
          op->glyphs = gsk_layer_glyph_run_ref (cache->glyphs);
          set_rounded (op, p);
          gsk_layer_box_union (&drawn, &glyphs_screen);
        }
    }
  else if (p->content_cache != NULL && p->content_cache->surface != NULL)
    {
      GskLayerContentCache *cache = p->content_cache;
      graphene_rect_t rect;
      Box cache_screen;

      graphene_rect_intersection (&cache->rect, &bounds, &rect);
      cache_screen = gsk_layer_project_box (&p->world, m, &rect);
      cache_screen = gsk_layer_box_intersect (&cache_screen, clip);
      if (!gsk_layer_box_is_empty (&cache_screen))
        {
          GskLayerRenderOp *op;

          if (name == NULL)
            name = layer_debug_name (layer, p);
          op = append_draw_op (c, GSK_LAYER_RENDER_OP_TEXTURE, p, m, name, &rect, &cache_screen, opacity);
          op->surface = cairo_surface_reference (cache->surface);
          op->source_rect = cache->rect;
          op->behind_viewer = !op->axis_aligned && gsk_layer_matrix_puts_rect_behind (m, &rect);
          set_rounded (op, p);
          gsk_layer_box_union (&drawn, &cache_screen);
        }
    }

  return drawn;
}

static gboolean
has_own_ops (const GskLayerRenderList *list,
             GskLayerPrivate          *p)
{
  return p->background[3] > 0.f || has_style_box (list, p) || has_vector_box (list, p) || p->content != NULL ||
         (p->content_cache != NULL && (p->content_cache->surface != NULL || p->content_cache->glyphs != NULL));
}

/* A subtree that is not drawn any more gives back what it drew */
static void
forget_drawn (Compiler *c,
              GskLayer *layer,
              gboolean  stale)
{
  GPtrArray *stack = g_ptr_array_new ();

  g_ptr_array_add (stack, layer);
  while (stack->len > 0)
    {
      GskLayer *l = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      GskLayerPrivate *p = gsk_layer_get_private (l);
      Box old = gsk_layer_box_from_rect (&p->drawn_bounds);
      GskLayer *ch;

      if (!gsk_layer_box_is_empty (&old))
        {
          damage_box (c->damage, &old);
          p->drawn_bounds = *graphene_rect_zero ();
        }
      old = gsk_layer_box_from_rect (&p->filter_bounds);
      if (!gsk_layer_box_is_empty (&old))
        {
          damage_box (c->damage, &old);
          p->filter_bounds = *graphene_rect_zero ();
        }
      p->subtree_bounds = BOX_EMPTY;
      p->bounds_valid = FALSE;

      for (ch = p->first_child; ch != NULL; ch = gsk_layer_get_private (ch)->next_sibling)
        g_ptr_array_add (stack, ch);
      if (p->mask_layer != NULL)
        g_ptr_array_add (stack, p->mask_layer);
    }
  g_ptr_array_free (stack, TRUE);

  if (stale)
    gsk_layer_get_private (layer)->world_stale = TRUE;
}

/* A subtree the walk does not enter (hidden, singular, clipped away)
 * still gives up its dirty marks, so that every layer is clean after a
 * compile and the next change is seen from the top. What changed inside
 * is redrawn when it shows again: showing it dirties the whole subtree. */
static void
settle_skipped (GskLayer *layer)
{
  GPtrArray *stack = g_ptr_array_new ();

  g_ptr_array_add (stack, layer);
  while (stack->len > 0)
    {
      GskLayer *l = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      GskLayerPrivate *p = gsk_layer_get_private (l);
      GskLayer *ch;

      p->redraw_propagated = FALSE;
      if (!p->subtree_dirty && l != layer)
        continue;
      p->subtree_dirty = FALSE;
      gsk_layer_reset_dirty_children (p);

      for (ch = p->first_child; ch != NULL; ch = gsk_layer_get_private (ch)->next_sibling)
        g_ptr_array_add (stack, ch);
      if (p->mask_layer != NULL)
        g_ptr_array_add (stack, p->mask_layer);
    }
  g_ptr_array_free (stack, TRUE);
}

void
gsk_layer_compile_settle (GskLayer *root)
{
  settle_skipped (root);
}

static void
push_children (Compiler    *c,
               GskLayer    *layer,
               const Frame *child_template)
{
  GskLayer *buf[64];
  GskLayer **children;
  guint n, i;

  n = gsk_layer_get_paint_order (layer, buf, G_N_ELEMENTS (buf), &children);
  /* Reversed, so that they pop in paint order */
  for (i = n; i-- > 0; )
    {
      Frame f = *child_template;

      f.layer = children[i];
      push_frame (c, &f);
    }

  if (children != buf)
    g_free (children);
}

static void exit_layer (Compiler *c,
                        Frame    *frame);

/* @filters for @op, with lengths taken to the target by the layer's
 * scale at its centre, as CSS has them in the layer's space */
static void
set_filters (GskLayerRenderOp     *op,
             GskLayerPrivate      *p,
             const GskLayerFilter *filters,
             guint                 n_filters)
{
  double jacobian[4] = { 1, 0, 0, 1 };
  float stretch = 1;
  guint i;

  if (gsk_layer_project_jacobian (&p->world, p->size.width / 2, p->size.height / 2, NULL, jacobian))
    stretch = sqrt (fabs (jacobian[0] * jacobian[3] - jacobian[1] * jacobian[2]));
  if (!(stretch > 0 && stretch < 1e6))
    stretch = 1;

  op->filters = g_new (GskLayerRenderFilter, n_filters);
  op->n_filters = n_filters;
  for (i = 0; i < n_filters; i++)
    op->filter_reach += gsk_layer_filter_to_render (&filters[i], stretch, jacobian, &op->filters[i]);
  op->filter_reach = MIN (op->filter_reach, GSK_LAYER_MAX_SURFACE_SIZE);
}

/* The 3D side of entering a layer, apart, so that the walk of a flat tree
 * stays lean: whether @frame's layer orders the planes of its children
 * (a context) and is turned away while hidden from behind; FALSE if
 * nothing of it is drawn */
static G_GNUC_NO_INLINE gboolean
enter_3d (Compiler *c,
          Frame    *frame,
          Frame    *exit,
          gboolean  need_group,
          gboolean  changed,
          gboolean  stale,
          guint     own_start,
          gboolean *out_orders_planes,
          gboolean *out_back_hidden)
{
  GskLayer *layer = frame->layer;
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  gboolean orders_planes, back_hidden;

  /* A context: a preserve-3d layer that no grouping property makes flat
   * orders the planes of its children */
  orders_planes = gsk_layer_preserves_3d (p) && !need_group;
  p->orders_planes = orders_planes;

  /* backface-visibility: hidden, turned away: nothing of it shows, or of
   * a preserve-3d layer only its own plane */
  back_hidden = p->backface_hidden && gsk_layer_shows_back (layer);
  if (back_hidden && !orders_planes)
    {
      if (gsk_layer_compile_copying (c))
        return FALSE;
      if (changed || p->paint_dirty || p->subtree_dirty)
        forget_drawn (c, layer, FALSE);
      if (stale)
        {
          GskLayer *ch;

          for (ch = p->first_child; ch != NULL; ch = gsk_layer_get_private (ch)->next_sibling)
            gsk_layer_get_private (ch)->world_stale = TRUE;
        }
      p->world_dirty = p->effects_dirty = p->paint_dirty = FALSE;
      settle_skipped (layer);
      return FALSE;
    }

  if (orders_planes && !frame->in_context)
    {
      gsk_layer_compile_open_context (c);
      exit->context_root = TRUE;
    }
  else if (frame->in_context && !orders_planes &&
           g_array_index (c->contexts, Context, c->contexts->len - 1).items->len <
           (1u << GSK_LAYER_CONTEXT_ITEM_BITS) - 1)
    exit->whole_item = gsk_layer_compile_add_item (c, layer, own_start, own_start);

  *out_orders_planes = orders_planes;
  *out_back_hidden = back_hidden;
  return TRUE;
}

static void
mark_children_stale (GskLayerPrivate *p)
{
  GskLayer *ch;

  for (ch = p->first_child; ch != NULL; ch = gsk_layer_get_private (ch)->next_sibling)
    gsk_layer_get_private (ch)->world_stale = TRUE;
  if (p->mask_layer != NULL)
    gsk_layer_get_private (p->mask_layer)->world_stale = TRUE;
}

static void
enter_layer (Compiler *c,
             Frame    *frame)
{
  GskLayer *layer = frame->layer;
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  gboolean changed, stale, need_group, orders_planes, back_hidden, round_own_ops, baked_shape, masked, copying, dirty;
  gboolean deformed;
  GskLayerResolvedShape shape;
  guint own_start, own_ops;
  graphene_rect_t bounds;
  Box layer_box, drawn, clip, child_clip, backdrop;
  Frame exit, child;
  float own_opacity;
  float m[16];

  changed = frame->changed || p->world_dirty || p->effects_dirty;
  stale = frame->stale || p->world_stale;
  copying = gsk_layer_compile_copying (c);
  if (G_UNLIKELY (copying))
    {
      /* A copy reads the layers as they are and marks nothing: no
       * damage, no marks cleared */
      changed = stale = FALSE;
      if (p->world_stale)
        gsk_layer_update_world (layer);
    }
  dirty = !copying && (changed || p->paint_dirty);
  /* Under a plane of a context too (a flat layer's subtree is one plane
   * of it): what changes there changes how the planes are cut */
  if (changed || p->paint_dirty)
    gsk_layer_compile_context_changed (c);

  if (c->record)
    {
      n_entered++;
      p->op_start = p->op_end = c->op_base + c->list->n_ops;
      p->compile_generation = c->generation;
      p->compiled_in_group = c->n_open_groups > 0;
    }

  /* A clone shows its source hidden or not */
  if ((!p->visible && !(copying && layer == gsk_layer_compile_copy_source (c))) || p->opacity <= 0.f)
    {
      if (copying)
        return;
      if (changed || p->paint_dirty)
        forget_drawn (c, layer, stale);
      else if (stale)
        p->world_stale = TRUE;
      p->world_dirty = p->effects_dirty = p->paint_dirty = FALSE;
      settle_skipped (layer);
      return;
    }

  if (stale)
    {
      /* The walk is pre-order from the root: the parent's world is fresh */
      gsk_layer_compute_world (layer);
      p->world_stale = FALSE;
      /* … the children's are not yet: a clone's copy may reach them
       * before the walk does, and must know (gsk_layer_update_world ()) */
      if (p->n_children > 0 || p->mask_layer != NULL)
        mark_children_stale (p);
    }

  graphene_matrix_to_float (&p->world, m);

  if (p->world_singular)
    {
      if (copying)
        return;
      if (changed || p->paint_dirty)
        forget_drawn (c, layer, FALSE);
      /* The children's matrices were not recomputed */
      if (stale)
        {
          GskLayer *ch;

          for (ch = p->first_child; ch != NULL; ch = gsk_layer_get_private (ch)->next_sibling)
            gsk_layer_get_private (ch)->world_stale = TRUE;
        }
      p->world_dirty = p->effects_dirty = p->paint_dirty = FALSE;
      settle_skipped (layer);
      return;
    }

  bounds = GRAPHENE_RECT_INIT (0, 0, p->size.width, p->size.height);
  layer_box = gsk_layer_project_box (&p->world, m, &bounds);

  masked = p->mask_layer != NULL || gsk_layer_style_get_mask (p->style) != NULL;
  need_group = masked || p->blend_mode != GSK_LAYER_BLEND_NORMAL || gsk_layer_style_get_n_filters (p->style) > 0 ||
               (p->opacity < 1.f &&
                (p->n_children > 0 || p->clone_source != NULL ||
                 ((p->background[3] > 0.f || has_style_box (c->list, p) || has_vector_box (c->list, p)) &&
                  has_own_ops (c->list, p) && (p->content != NULL || p->content_cache != NULL)) ||
                 /* a background under its gradients and border */
                 (has_vector_box (c->list, p) && count_vector_ops (p) > 1) ||
                 /* text over its shadow */
                 (p->content_cache != NULL && p->content_cache->glyphs != NULL &&
                  p->content_cache->glyphs->shadow != NULL)));

  exit = *frame;
  exit.exit = TRUE;
  exit.pushed_group = FALSE;
  exit.pushed_clip = FALSE;
  exit.pushed_shape_clip = FALSE;
  exit.filter_damage = FALSE;
  exit.context_root = FALSE;
  exit.masked = FALSE;
  exit.mask_open = FALSE;
  exit.whole_item = 0;
  exit.deformed = FALSE;
  own_start = c->list->n_ops;
  orders_planes = back_hidden = FALSE;
  /* Drawn through a mesh: a group of its own, flat */
  deformed = G_UNLIKELY (p->mesh != NULL) && gsk_layer_compile_is_deformed (p);

  /* 3D: flat 2D trees pay one test here */
  if (G_UNLIKELY (p->preserve_3d || p->orders_planes || p->backface_hidden || frame->in_context) &&
      !enter_3d (c, frame, &exit, need_group || deformed, changed, stale, own_start, &orders_planes, &back_hidden))
    return;
  if (!need_group && p->filter_bounds.size.width > 0 && !copying)
    {
      /* Filters that reached past the pixels are gone */
      Box old = gsk_layer_box_from_rect (&p->filter_bounds);

      damage_box (c->damage, &old);
      p->filter_bounds = *graphene_rect_zero ();
    }

  /* What is below, filtered: drawn before the layer's group, from the
   * canvas it is drawn on */
  /* The clip path clips all the layer draws: backdrop, group, own ops
   * and children */
  clip = frame->clip;
  if (G_UNLIKELY (deformed))
    exit.deformed = gsk_layer_compile_begin_deform (c, layer, dirty, &clip);
  if (G_UNLIKELY (p->mesh != NULL) && !exit.deformed && !copying)
    p->mesh->drawn = *graphene_rect_zero ();
  round_own_ops = baked_shape = FALSE;
  if (gsk_layer_style_get_clip_path (p->style) != NULL &&
      gsk_layer_compile_resolve_clip_path (p, m, &shape, &clip, &exit.clip))
    {
      graphene_size_t radii[4];

      /* The style's raster has the shape in it (gsk_layer_run_draw ()):
       * a layer that draws nothing else needs no clip of its own */
      baked_shape = !need_group && gsk_layer_style_get_n_backdrop_filters (p->style) == 0 &&
                    has_style_box (c->list, p) && p->content == NULL &&
                    (p->content_cache == NULL ||
                     (p->content_cache->surface == NULL && p->content_cache->glyphs == NULL));
      round_own_ops = baked_shape ||
                      (!shape.is_path && !need_group && gsk_layer_style_get_n_backdrop_filters (p->style) == 0 &&
                       !gsk_layer_resolve_corner_radii (p, radii));
      if (!round_own_ops)
        {
          gsk_layer_compile_push_shape (c, p, m, layer_debug_name (layer, p), &shape, &clip);
          gsk_layer_resolved_shape_clear (&shape);
          exit.pushed_shape_clip = TRUE;
        }
    }

  backdrop = BOX_EMPTY;
  if (gsk_layer_style_get_n_backdrop_filters (p->style) > 0)
    {
      Box screen = gsk_layer_box_intersect (&layer_box, &clip);

      if (!gsk_layer_box_is_empty (&screen))
        {
          GskLayerRenderOp *op = append_draw_op (c, GSK_LAYER_RENDER_OP_BACKDROP, p, m, layer_debug_name (layer, p),
                                                 &bounds, &screen, p->opacity);

          set_rounded (op, p);
          set_filters (op, p, p->style->backdrop_filters, p->style->n_backdrop_filters);
          c->list->n_backdrops++;
          backdrop = screen;
        }
    }

  if (need_group)
    {
      GskLayerRenderOp *op = gsk_layer_render_list_append (c->list, GSK_LAYER_RENDER_OP_PUSH_GROUP);
      Group g = { c->list->n_ops - 1, BOX_EMPTY };

      op->opacity = p->opacity;
      op->blend_mode = p->blend_mode;
      op->masked = masked;
      op->debug_name = layer_debug_name (layer, p);
      op->n_filters = gsk_layer_style_get_n_filters (p->style);
      if (op->n_filters > 0)
        set_filters (op, p, p->style->filters, op->n_filters);
      exit.filter_damage = !copying && (op->filter_reach > 0 || p->filter_bounds.size.width > 0) &&
                           (changed || p->paint_dirty || p->subtree_dirty);
      if (exit.filter_damage)
        {
          Box old = gsk_layer_box_from_rect (&p->filter_bounds);

          damage_box (c->damage, &old);
        }
      g_array_append_val (c->groups, g);
      c->n_open_groups++;
      exit.pushed_group = TRUE;
      exit.masked = masked;
      /* A style's mask shows nothing past its tiles, within the border
       * box (mask-clip) */
      if (gsk_layer_style_get_mask (p->style) != NULL)
        {
          graphene_rect_t tiles;
          Box shown = BOX_EMPTY;

          if (gsk_layer_mask_get_bounds (gsk_layer_style_get_mask (p->style), &p->size, &tiles))
            shown = gsk_layer_project_box (&p->world, m, &tiles);
          clip = gsk_layer_box_intersect (&clip, &shown);
        }
    }

  own_opacity = need_group ? 1.f : p->opacity;
  own_ops = c->list->n_ops;
  drawn = back_hidden ? BOX_EMPTY : emit_own_ops (c, layer, p, m, &clip, &layer_box, own_opacity);
  if (round_own_ops)
    {
      /* The shape rounds the layer's own ops; a clip holds its children */
      if (!baked_shape)
        gsk_layer_compile_round_ops (c, own_ops, &shape);
      if (p->n_children > 0)
        {
          gsk_layer_compile_push_shape (c, p, m, layer_debug_name (layer, p), &shape, &clip);
          exit.pushed_shape_clip = TRUE;
        }
      gsk_layer_resolved_shape_clear (&shape);
    }
  gsk_layer_box_union (&drawn, &backdrop);
  if (orders_planes)
    gsk_layer_compile_add_item (c, layer, own_start, c->list->n_ops);

  if (dirty)
    {
      Box old = gsk_layer_box_from_rect (&p->drawn_bounds);
      Box overlap = gsk_layer_box_intersect (&old, &drawn);

      /* A layer that moved a little damages one box, not two */
      if (!gsk_layer_box_is_empty (&overlap))
        {
          gsk_layer_box_union (&old, &drawn);
          damage_box (c->damage, &old);
        }
      else
        {
          damage_box (c->damage, &old);
          damage_box (c->damage, &drawn);
        }
    }
  if (!copying)
    {
      p->drawn_bounds = screen_box_to_rect (&drawn);
      p->subtree_bounds = layer_box;
    }

  child_clip = clip;
  if (p->clip_to_bounds && p->n_children > 0)
    {
      GskLayerRenderOp *op = gsk_layer_render_list_append (c->list, GSK_LAYER_RENDER_OP_PUSH_CLIP);
      Group g = { c->list->n_ops - 1, BOX_EMPTY };

      child_clip = gsk_layer_box_intersect (&clip, &layer_box);
      op->transform = p->world;
      op->bounds = bounds;
      op->screen_bounds = screen_box_to_rect (&child_clip);
      op->axis_aligned = gsk_layer_matrix_is_axis_aligned (m);
      op->debug_name = layer_debug_name (layer, p);
      set_rounded (op, p);
      /* Inside a border, the children are clipped to the padding box,
       * its corners the border's inner curves (CSS overflow: hidden) */
      if (gsk_layer_style_has_border (p->style))
        {
          graphene_size_t radii[4] = { { 0, 0 }, };

          gsk_layer_resolve_corner_radii (p, radii);
          gsk_layer_style_get_padding_box (p->style, &p->size, radii, &op->bounds, op->corner_radii);
          op->rounded_rect = op->bounds;
          op->rounded = FALSE;
          for (int i = 0; i < 4; i++)
            op->rounded |= op->corner_radii[i].width > 0 && op->corner_radii[i].height > 0;
        }
      op->behind_viewer = !op->axis_aligned && gsk_layer_matrix_puts_rect_behind (m, &op->bounds);
      g_array_append_val (c->groups, g);
      exit.pushed_clip = TRUE;
    }

  /* A leaf with nothing to close is done: no round trip on the stack */
  if (p->n_children == 0 && !exit.pushed_group && !exit.pushed_clip && !exit.pushed_shape_clip &&
      p->clone_source == NULL && !exit.deformed)
    {
      if (!copying)
        {
          p->world_dirty = p->effects_dirty = p->paint_dirty = FALSE;
          p->subtree_dirty = FALSE;
          p->redraw_propagated = FALSE;
          gsk_layer_reset_dirty_children (p);
        }
      exit_layer (c, &exit);
      return;
    }

  push_frame (c, &exit);

  if (p->n_children > 0 && !gsk_layer_box_is_empty (&child_clip))
    {
      child = (Frame) {
        .clip = child_clip,
        .changed = changed,
        .stale = stale,
        .in_context = orders_planes,
      };
      push_children (c, layer, &child);
    }
  else if (p->n_children > 0 && !copying)
    {
      /* Everything below is clipped away */
      GskLayer *ch;

      for (ch = p->first_child; ch != NULL; ch = gsk_layer_get_private (ch)->next_sibling)
        {
          forget_drawn (c, ch, stale);
          settle_skipped (ch);
        }
    }

  /* A clone's copy of its source, over its own ops, under its children */
  if (G_UNLIKELY (p->clone_source != NULL))
    gsk_layer_compile_push_copy (c, layer, &child_clip, dirty);

  if (copying)
    return;
  p->world_dirty = p->effects_dirty = p->paint_dirty = FALSE;
  p->subtree_dirty = FALSE;
  p->redraw_propagated = FALSE;
  gsk_layer_reset_dirty_children (p);
}

/* The target-space box of @p's bounds, its world matrix fresh */
static Box
own_box (GskLayerPrivate *p)
{
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, p->size.width, p->size.height);
  float m[16];

  graphene_matrix_to_float (&p->world, m);
  return gsk_layer_project_box (&p->world, m, &bounds);
}


/* Closes the innermost group or clip; returns the box of what it draws */
/* Drops the ops from @start on (and what they own) */
void
gsk_layer_compile_drop_ops (Compiler *c,
                            guint     start)
{
  guint i;

  for (i = start; i < c->list->n_ops; i++)
    {
      if (c->list->ops[i].kind == GSK_LAYER_RENDER_OP_BACKDROP)
        c->list->n_backdrops--;
      gsk_layer_render_op_clear (&c->list->ops[i]);
    }
  c->list->n_ops = start;
}

static Box
pop_group (Compiler             *c,
           GskLayerRenderOpKind  pop_kind)
{
  Group g = g_array_index (c->groups, Group, c->groups->len - 1);
  GskLayerRenderOp *push;

  g_array_set_size (c->groups, c->groups->len - 1);

  if (c->list->ops[g.op_index].mask && c->groups->len > 0)
    {
      /* What the mask shows bounds what its group shows */
      Group *outer = &g_array_index (c->groups, Group, c->groups->len - 1);

      outer->mask = outer->has_mask ? gsk_layer_box_intersect (&outer->mask, &g.bounds) : g.bounds;
      outer->has_mask = TRUE;
    }
  if (g.has_mask)
    {
      g.bounds = gsk_layer_box_intersect (&g.bounds, &g.mask);
      if (gsk_layer_box_is_empty (&g.bounds))
        {
          /* Its masks show none of it */
          gsk_layer_compile_drop_ops (c, g.op_index);
          return g.bounds;
        }
    }

  if (gsk_layer_box_is_empty (&g.bounds))
    {
      /* Nothing inside shows: drop the push (and what it owns), and a
       * clone's copy that lies out of sight */
      gsk_layer_compile_drop_ops (c, g.op_index);
      return g.bounds;
    }

  push = &c->list->ops[g.op_index];
  if (pop_kind == GSK_LAYER_RENDER_OP_POP_GROUP)
    {
      /* Blurs and drop shadows draw past the group's pixels */
      if (push->filter_reach > 0)
        {
          g.bounds.x0 = floorf (g.bounds.x0 - push->filter_reach);
          g.bounds.y0 = floorf (g.bounds.y0 - push->filter_reach);
          g.bounds.x1 = ceilf (g.bounds.x1 + push->filter_reach);
          g.bounds.y1 = ceilf (g.bounds.y1 + push->filter_reach);
        }
      push->screen_bounds = screen_box_to_rect (&g.bounds);
    }
  gsk_layer_render_list_append (c->list, pop_kind);
  add_to_groups (c, &g.bounds);

  return g.bounds;
}

/* For the other files of the compile */

const char *
gsk_layer_compile_debug_name (GskLayer        *layer,
                              GskLayerPrivate *p)
{
  return layer_debug_name (layer, p);
}

GskLayerRenderOp *
gsk_layer_compile_append_draw_op (Compiler              *c,
                                  GskLayerRenderOpKind   kind,
                                  GskLayerPrivate       *p,
                                  const float           *m,
                                  const char            *debug_name,
                                  const graphene_rect_t *bounds,
                                  const Box             *screen,
                                  float                  opacity)
{
  return append_draw_op (c, kind, p, m, debug_name, bounds, screen, opacity);
}

Box
gsk_layer_compile_own_box (GskLayerPrivate *p)
{
  return own_box (p);
}

Box
gsk_layer_compile_pop_group (Compiler             *c,
                             GskLayerRenderOpKind  pop_kind)
{
  return pop_group (c, pop_kind);
}

static void
exit_layer (Compiler *c,
            Frame    *frame)
{
  GskLayerPrivate *p = gsk_layer_get_private (frame->layer);
  gboolean copying;

  if (frame->copy_end)
    {
      gsk_layer_compile_end_copy (c, frame);
      return;
    }
  if (frame->pushed_clip)
    pop_group (c, GSK_LAYER_RENDER_OP_POP_CLIP);
  if (frame->masked && gsk_layer_compile_open_masks (c, frame))
    return;
  if (frame->mask_open)
    gsk_layer_compile_pop_mask_group (c);
  if (frame->pushed_group)
    {
      GskLayerRenderOp *push = &c->list->ops[g_array_index (c->groups, Group, c->groups->len - 1).op_index];
      gboolean reaches = push->filter_reach > 0;
      Box drawn = pop_group (c, GSK_LAYER_RENDER_OP_POP_GROUP);

      c->n_open_groups--;
      if (gsk_layer_compile_copying (c))
        ;
      else if (reaches)
        {
          if (frame->filter_damage)
            damage_box (c->damage, &drawn);
          p->filter_bounds = screen_box_to_rect (&drawn);
        }
      else
        p->filter_bounds = *graphene_rect_zero ();
    }
  if (frame->pushed_shape_clip)
    pop_group (c, GSK_LAYER_RENDER_OP_POP_CLIP);
  if (G_UNLIKELY (frame->deformed))
    gsk_layer_compile_end_deform (c, frame);

  if (frame->whole_item)
    {
      Context *ctx = &g_array_index (c->contexts, Context, c->contexts->len - 1);

      g_array_index (ctx->items, Item, frame->whole_item - 1).end = c->list->n_ops;
    }
  if (frame->context_root)
    gsk_layer_compile_close_context (c);

  /* A copy records nothing of the layers it passes */
  copying = gsk_layer_compile_copying (c);
  if (copying)
    return;
  if (p->clip_to_bounds)
    {
      Box own = own_box (p);

      p->subtree_bounds = gsk_layer_box_intersect (&p->subtree_bounds, &own);
    }
  /* (An exit frame's clip is its clip path's box: entered, it was the
   * frame's, which the exit does not need) */
  if (frame->pushed_shape_clip)
    p->subtree_bounds = gsk_layer_box_intersect (&p->subtree_bounds, &frame->clip);
  p->bounds_valid = TRUE;
  if (c->record)
    p->op_end = c->op_base + c->list->n_ops;
  gsk_layer_compile_pick_cache_changed (p);

  if (p->parent != NULL && c->n_stack > 0)
    {
      GskLayerPrivate *pp = gsk_layer_get_private (p->parent);

      gsk_layer_box_union (&pp->subtree_bounds, &p->subtree_bounds);
    }
}

/* {{{ Frames that changed a few layers */

static guint compile_generation;

guint
gsk_layer_compile_get_n_entered (void)
{
  return n_entered;
}


void
gsk_layer_compile_run_walk (Compiler *c)
{
  while (c->n_stack > 0)
    {
      Frame frame = c->stack[--c->n_stack];

      if (frame.exit)
        exit_layer (c, &frame);
      else
        enter_layer (c, &frame);
    }
}

/* }}} */

/* What a backdrop filter reads is what is below it, as drawn in the
 * frame: a frame that redraws any of its box redraws all of it, and so
 * on for the backdrops that this reaches */
static void
damage_backdrops (const GskLayerRenderList *list,
                  cairo_region_t           *damage)
{
  gboolean grew = list->n_backdrops > 0;
  guint i;

  while (grew)
    {
      grew = FALSE;
      for (i = 0; i < list->n_ops; i++)
        {
          const GskLayerRenderOp *op = &list->ops[i];
          cairo_rectangle_int_t box;

          if (op->kind != GSK_LAYER_RENDER_OP_BACKDROP)
            continue;
          box.x = floorf (op->screen_bounds.origin.x);
          box.y = floorf (op->screen_bounds.origin.y);
          box.width = ceilf (op->screen_bounds.origin.x + op->screen_bounds.size.width) - box.x;
          box.height = ceilf (op->screen_bounds.origin.y + op->screen_bounds.size.height) - box.y;
          if (box.width <= 0 || box.height <= 0)
            continue;
          if (cairo_region_contains_rectangle (damage, &box) == CAIRO_REGION_OVERLAP_PART)
            {
              cairo_region_union_rectangle (damage, &box);
              grew = TRUE;
            }
        }
    }
}

/* Device pixels of a box of layout units: rounded out, with a pixel of
 * margin below 1× for antialiased edges */
static inline Box
scale_box (const Box *b,
           float      scale)
{
  float margin = scale < 1.f ? 1.f : 0.f;

  return (Box) { floorf (b->x0 * scale) - margin, floorf (b->y0 * scale) - margin,
                 ceilf (b->x1 * scale) + margin, ceilf (b->y1 * scale) + margin };
}

/* The walk works in layout units; the list is in the target's pixels */
void
gsk_layer_compile_scale_list (GskLayerRenderList *list)
{
  Box target = { 0, 0, list->width, list->height };
  float s = list->scale;
  /* Inside a mesh group, its offscreen is the target: the boxes of the
   * groups and clips open, where a mesh is among them */
  GArray *within = NULL;
  guint i;

  for (i = 0; i < list->n_ops; i++)
    {
      GskLayerRenderOp *op = &list->ops[i];
      Box b;

      if (op->kind == GSK_LAYER_RENDER_OP_POP_GROUP || op->kind == GSK_LAYER_RENDER_OP_POP_CLIP)
        {
          if (within != NULL && within->len > 0)
            {
              target = g_array_index (within, Box, within->len - 1);
              g_array_set_size (within, within->len - 1);
            }
          continue;
        }

      if (op->n_filters > 0)
        {
          guint j;

          op->filter_reach = ceilf (op->filter_reach * s);
          for (j = 0; j < op->n_filters; j++)
            {
              op->filters[j].sigma *= s;
              op->filters[j].dx *= s;
              op->filters[j].dy *= s;
            }
        }
      if (op->kind != GSK_LAYER_RENDER_OP_PUSH_GROUP || op->mesh != NULL)
        {
          float m[16];
          int row;

          /* target = v · world · scale(s): the first two columns scale */
          graphene_matrix_to_float (&op->transform, m);
          for (row = 0; row < 4; row++)
            {
              m[row * 4 + 0] *= s;
              m[row * 4 + 1] *= s;
            }
          graphene_matrix_init_from_float (&op->transform, m);
        }

      b = gsk_layer_box_from_rect (&op->screen_bounds);
      b = scale_box (&b, s);
      b = gsk_layer_box_intersect (&b, &target);
      op->screen_bounds = screen_box_to_rect (&b);

      if (op->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP || op->kind == GSK_LAYER_RENDER_OP_PUSH_CLIP)
        {
          if (op->mesh == NULL && within == NULL)
            continue;
          if (within == NULL)
            within = g_array_new (FALSE, FALSE, sizeof (Box));
          g_array_append_val (within, target);
          if (op->mesh != NULL)
            target = (Box) { 0, 0, op->mesh->width, op->mesh->height };
        }
    }
  if (within != NULL)
    g_array_free (within, TRUE);
}

static cairo_region_t *
scale_region (cairo_region_t *region,
              float           scale)
{
  cairo_region_t *scaled = cairo_region_create ();
  int i, n = cairo_region_num_rectangles (region);

  for (i = 0; i < n; i++)
    {
      cairo_rectangle_int_t r;
      Box b;

      cairo_region_get_rectangle (region, i, &r);
      b = (Box) { r.x, r.y, r.x + r.width, r.y + r.height };
      b = scale_box (&b, scale);
      r = box_to_int (&b);
      cairo_region_union_rectangle (scaled, &r);
    }
  cairo_region_destroy (region);

  return scaled;
}

cairo_region_t *
gsk_layer_compile (GskLayer           *root,
                   GskLayerRenderList *list,
                   gboolean            full)
{
  GskLayerPrivate *rp = gsk_layer_get_private (root);
  cairo_rectangle_int_t viewport = { 0, 0, list->width, list->height };
  float scale = list->scale;
  /* The target in layout units */
  int width = ceilf (list->width / scale), height = ceilf (list->height / scale);
  cairo_region_t *pending;
  Compiler c;
  Frame first;
  gboolean patched;
  int pass;
  guint i;

  g_return_val_if_fail (rp->parent == NULL, NULL);

  if (GSK_LAYER_DEBUG_CHECK (NO_CACHE) || GSK_LAYER_DEBUG_CHECK (FULL_REDRAW))
    full = TRUE;

  if (!full && !rp->subtree_dirty && !rp->subtree_needs_layout &&
      !gsk_layer_top_level_has_damage (root))
    {
      /* Nothing to draw; this still clears frame-pending */
      cairo_region_destroy (gsk_layer_top_level_take_damage (root));
      return NULL;
    }

  /* Layout may mark content dirty; drawing may queue more layout. Two
   * rounds settle what a frame can; the rest waits for the next one. */
  for (pass = 0; pass < 2; pass++)
    {
      gsk_layer_run_layout (root);
      gsk_layer_run_draw (root, full, width, height, scale, list->vector_style);
      if (!rp->subtree_needs_layout)
        break;
    }

  /* After layout and draw, which may have removed drawn layers */
  pending = gsk_layer_top_level_take_damage (root);
  c.list = list;
  c.damage = g_array_new (FALSE, FALSE, sizeof (Box));
  c.stack = list->compile_stack;
  c.n_stack = 0;
  c.n_stack_allocated = list->compile_stack_allocated;
  c.groups = g_array_new (FALSE, FALSE, sizeof (Group));
  c.n_open_groups = 0;
  c.contexts = NULL;
  c.copies = NULL;
  c.deforms = NULL;
  c.op_base = 0;
  c.generation = list->generation;
  c.record = TRUE;
  c.target = (Box) { 0, 0, width, height };

  patched = !full && gsk_layer_compile_changes (&c, root);
  if (!patched)
    {
      gsk_layer_render_list_clear (list);
      /* 0 is no generation: layers never compiled have it */
      if (++compile_generation == 0)
        compile_generation++;
      c.generation = list->generation = compile_generation;
      list->root = root;

      first = (Frame) {
        .layer = root,
        .clip = { 0, 0, width, height },
        .changed = full,
        .stale = full,
      };
      push_frame (&c, &first);
      gsk_layer_compile_run_walk (&c);
    }

  g_assert (c.groups->len == 0);
  list->compile_stack = c.stack;
  list->compile_stack_allocated = c.n_stack_allocated;
  g_array_free (c.groups, TRUE);
  gsk_layer_compile_free_contexts (&c);

  /* Layers whose content draws only what can be seen and moved need
   * another draw: that is the next frame's business */
  rp->subtree_dirty = FALSE;

  if (scale != 1.f)
    {
      /* Patched ops were scaled as they went in */
      if (!patched)
        gsk_layer_compile_scale_list (list);
      pending = scale_region (pending, scale);
      for (i = 0; i < c.damage->len; i++)
        g_array_index (c.damage, Box, i) = scale_box (&g_array_index (c.damage, Box, i), scale);
    }

  if (full)
    cairo_region_union_rectangle (pending, &viewport);
  else
    damage_to_region (c.damage, pending, list->width, list->height);
  g_array_free (c.damage, TRUE);
  cairo_region_intersect_rectangle (pending, &viewport);
  damage_backdrops (list, pending);

  return pending;
}

/* }}} */

/* For the damage check: @list made afresh from the tree as it stands,
 * which the last compile left clean, as a compile of every layer would
 * make it; nothing the next frame reads changes */
void
gsk_layer_compile_again (GskLayer           *root,
                         GskLayerRenderList *list)
{
  float scale = list->scale;
  int width = ceilf (list->width / scale), height = ceilf (list->height / scale);
  Compiler c = {
    .list = list,
    .damage = g_array_new (FALSE, FALSE, sizeof (Box)),
    .stack = list->compile_stack,
    .n_stack_allocated = list->compile_stack_allocated,
    .groups = g_array_new (FALSE, FALSE, sizeof (Group)),
    .target = { 0, 0, width, height },
  };

  gsk_layer_render_list_clear (list);
  push_frame (&c, &(Frame) { .layer = root, .clip = { 0, 0, width, height } });
  gsk_layer_compile_run_walk (&c);
  list->compile_stack = c.stack;
  list->compile_stack_allocated = c.n_stack_allocated;
  g_array_free (c.groups, TRUE);
  g_array_free (c.damage, TRUE);
  gsk_layer_compile_free_contexts (&c);
  if (scale != 1.f)
    gsk_layer_compile_scale_list (list);
}
