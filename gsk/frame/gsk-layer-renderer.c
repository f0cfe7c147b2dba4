/* gsk-layer-renderer.c: turning a layer tree into pixels
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-renderer-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-compile-private.h"
#include "gsk-layer-debug-private.h"

/**
 * GskLayerRenderer:
 *
 * Draws a tree of layers into an image, redrawing only what changed
 * since the last frame it drew of the same tree into the same target.
 *
 * Each frame lays out the tree, draws invalidated content, compiles the
 * tree into a flat render list and hands the list with the damage to a
 * backend.
 *
 * A renderer draws at a device scale ([property@LayerRenderer:scale]):
 * layers are laid out in layout units, and the target has that many
 * pixels per unit. Every layer's content, including text and what
 * [vfunc@Layer.draw] draws, is rasterized at the scale it has in the
 * target, never stretched from 1×. With [property@LayerRenderer:check-damage] (or
 * `GSK_LAYER_DEBUG=check-damage` in the environment), each frame drawn
 * with damage is compiled again from every layer, drawn in full and
 * compared with the damaged one.
 *
 * Since: 0.1
 */

typedef struct
{
  GskLayerRenderList *list;
  GskLayer *last_root;          /* not a reference; see claim */
  gconstpointer last_target;    /* not a reference; compared only */
  float clear_color[4];
  float scale;
  /* The backend draws BORDER and GRADIENT ops */
  gboolean vector_style;
  gboolean check_damage;
  gboolean checking;            /* drawing the full frame of the check */
  GError *damage_error;
} GskLayerRendererPrivate;

enum {
  PROP_0,
  PROP_CHECK_DAMAGE,
  PROP_SCALE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (GskLayerRenderer, gsk_layer_renderer, G_TYPE_OBJECT)

/* On each target: the renderer that last drew into it */
static cairo_user_data_key_t target_key;

/* @list must be compiled just now: ops kept from earlier frames may
 * name layers renamed or finalized since */
static void
blame (GString                  *msg,
       const GskLayerRenderList *list,
       const cairo_rectangle_int_t *area)
{
  GHashTable *seen = g_hash_table_new (NULL, NULL);
  guint i, n = 0;

  for (i = 0; i < list->n_ops; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];
      graphene_rect_t a = GRAPHENE_RECT_INIT (area->x, area->y, area->width, area->height);

      if (op->debug_name == NULL || g_hash_table_contains (seen, op->debug_name))
        continue;
      if (op->kind == GSK_LAYER_RENDER_OP_POP_GROUP || op->kind == GSK_LAYER_RENDER_OP_POP_CLIP)
        continue;
      if (!graphene_rect_intersection (&op->screen_bounds, &a, NULL))
        continue;

      g_hash_table_add (seen, (gpointer) op->debug_name);
      g_string_append_printf (msg, "%s“%s”", n++ ? ", " : "", op->debug_name);
    }

  if (n == 0)
    g_string_append (msg, "nothing (a layer that was removed or hidden)");

  g_hash_table_unref (seen);
}

/* Renders @list in full and compares it with what the damaged render
 * left in @target */
static void
check_damage (GskLayerRenderer         *self,
              const GskLayerRenderList *list,
              const cairo_region_t     *damage,
              cairo_surface_t          *target)
{
  GskLayerRendererPrivate *priv = gsk_layer_renderer_get_instance_private (self);
  g_autoptr (GskLayerRenderList) fresh = NULL;
  cairo_surface_t *full;
  const guint8 *a, *b;
  int x, y, w, h, sa, sb;
  int x0 = G_MAXINT, y0 = G_MAXINT, x1 = G_MININT, y1 = G_MININT;
  guint n_diff = 0;

  w = cairo_image_surface_get_width (target);
  h = cairo_image_surface_get_height (target);
  /* The frame's list was compiled only where the tree changed: the full
   * redraw is of one compiled from every layer, so that the check also
   * catches what that missed */
  if (priv->last_root != NULL)
    {
      fresh = gsk_layer_render_list_new (list->width, list->height);
      fresh->scale = list->scale;
      fresh->vector_style = list->vector_style;
      memcpy (fresh->clear_color, list->clear_color, sizeof fresh->clear_color);
      gsk_layer_compile_again (priv->last_root, fresh);
      list = fresh;
    }

  full = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  priv->checking = TRUE;
  GSK_LAYER_RENDERER_GET_CLASS (self)->render_list (self, list, NULL, full);
  priv->checking = FALSE;
  cairo_surface_flush (full);
  cairo_surface_flush (target);

  a = cairo_image_surface_get_data (target);
  b = cairo_image_surface_get_data (full);
  sa = cairo_image_surface_get_stride (target);
  sb = cairo_image_surface_get_stride (full);

  for (y = 0; y < h; y++)
    {
      const guint32 *ra = (const guint32 *) (a + y * sa);
      const guint32 *rb = (const guint32 *) (b + y * sb);

      for (x = 0; x < w; x++)
        {
          if (ra[x] != rb[x])
            {
              n_diff++;
              x0 = MIN (x0, x); y0 = MIN (y0, y);
              x1 = MAX (x1, x); y1 = MAX (y1, y);
            }
        }
    }

  g_clear_error (&priv->damage_error);
  if (n_diff > 0)
    {
      cairo_rectangle_int_t area = { x0, y0, x1 - x0 + 1, y1 - y0 + 1 };
      cairo_rectangle_int_t ext;
      GString *msg = g_string_new (NULL);

      cairo_region_get_extents (damage, &ext);
      g_string_append_printf (msg,
                              "damage check: %u pixels in %d,%d %dx%d differ from a full redraw "
                              "(the damage was %d rectangles in %d,%d %dx%d); drawn there: ",
                              n_diff, area.x, area.y, area.width, area.height,
                              cairo_region_num_rectangles (damage),
                              ext.x, ext.y, ext.width, ext.height);
      blame (msg, list, &area);
      priv->damage_error = g_error_new_literal (GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED, msg->str);
      g_string_free (msg, TRUE);

      /* g_log() rather than g_critical(), which is structured here and
       * invisible to g_test_expect_message() */
      if (GSK_LAYER_DEBUG_CHECK (CHECK_DAMAGE))
        g_log (G_LOG_DOMAIN, G_LOG_LEVEL_CRITICAL, "%s", priv->damage_error->message);

      /* Leave a correct frame behind */
      cairo_surface_flush (target);
      memcpy (cairo_image_surface_get_data (target), b, (gsize) sb * h);
      cairo_surface_mark_dirty (target);
    }

  cairo_surface_destroy (full);
}

/*
 * gsk_layer_renderer_compile_frame:
 * @self: a renderer
 * @root: a top-level layer
 * @target: what the frame is drawn into, compared only
 * @target_valid: whether @target still holds what was drawn into it
 *   last, as far as the caller knows
 * @width: the width of the frame
 * @height: the height of the frame
 * @out_full: (out): whether the frame is drawn in full
 *
 * Compiles @root into the renderer's render list for a frame of
 * @width×@height into @target. If the last frame was of @root into
 * @target and @target_valid, only what changed since is damaged;
 * otherwise everything is.
 *
 * Returns: (transfer full): the damage, possibly empty
 */
cairo_region_t *
gsk_layer_renderer_compile_frame (GskLayerRenderer          *self,
                                  GskLayer                  *root,
                                  gconstpointer              target,
                                  gboolean                   target_valid,
                                  int                        width,
                                  int                        height,
                                  const GskLayerRenderList **out_list,
                                  gboolean                  *out_full)
{
  GskLayerRendererPrivate *priv = gsk_layer_renderer_get_instance_private (self);
  cairo_region_t *damage;
  gboolean full;
  gboolean vector_style = priv->vector_style;

  if (GSK_LAYER_RENDERER_GET_CLASS (self)->begin_frame)
    GSK_LAYER_RENDERER_GET_CLASS (self)->begin_frame (self);

  full = !gsk_layer_top_level_claim (root, self) ||
         priv->list == NULL ||
         priv->last_root != root ||
         priv->last_target != target ||
         !target_valid ||
         priv->list->width != width || priv->list->height != height ||
         priv->list->scale != priv->scale ||
         priv->list->vector_style != vector_style;

  if (priv->list == NULL || priv->list->width != width || priv->list->height != height)
    {
      g_clear_pointer (&priv->list, gsk_layer_render_list_free);
      priv->list = gsk_layer_render_list_new (width, height);
    }
  priv->list->scale = priv->scale;
  priv->list->vector_style = vector_style;
  memcpy (priv->list->clear_color, priv->clear_color, sizeof priv->clear_color);
  priv->last_root = root;
  priv->last_target = target;

  damage = gsk_layer_compile (root, priv->list, full);
  if (damage == NULL)
    damage = cairo_region_create ();

  *out_list = priv->list;
  *out_full = full;

  return damage;
}

/*
 * gsk_layer_renderer_check_frame:
 * @self: a renderer
 * @list: the list just drawn
 * @damage: the damage it was drawn with
 * @full: whether it was drawn in full
 * @target: what the damaged frame left, an ARGB32 image of the list's size
 *
 * If damaged frames are checked, draws @list in full and compares it
 * with @target; see [property@LayerRenderer:check-damage].
 */
void
gsk_layer_renderer_check_frame (GskLayerRenderer         *self,
                                const GskLayerRenderList *list,
                                const cairo_region_t     *damage,
                                gboolean                  full,
                                cairo_surface_t          *target)
{
  GskLayerRendererPrivate *priv = gsk_layer_renderer_get_instance_private (self);

  if (!full && !cairo_region_is_empty (damage) &&
      (priv->check_damage || GSK_LAYER_DEBUG_CHECK (CHECK_DAMAGE)))
    check_damage (self, list, damage, target);
}

gboolean
gsk_layer_renderer_should_check_frame (GskLayerRenderer *self,
                                       gboolean          full)
{
  GskLayerRendererPrivate *priv = gsk_layer_renderer_get_instance_private (self);

  return !full && (priv->check_damage || GSK_LAYER_DEBUG_CHECK (CHECK_DAMAGE));
}

gboolean
gsk_layer_renderer_is_checking (GskLayerRenderer *self)
{
  GskLayerRendererPrivate *priv = gsk_layer_renderer_get_instance_private (self);

  return priv->checking;
}

/**
 * gsk_layer_renderer_render:
 * @self: a renderer
 * @root: a top-level layer
 * @target: an ARGB32 cairo image surface; the frame's size is its size
 *   in pixels, which is its size in layout units times the renderer's
 *   [property@LayerRenderer:scale]
 *
 * Draws the tree under @root into @target. If the previous frame this
 * renderer drew was of @root into @target, only the pixels that changed
 * since are redrawn; otherwise everything is. The top level clips to
 * @target.
 *
 * Returns: (transfer full): the region that was redrawn; empty if
 *   nothing changed
 *
 * Since: 0.1
 */
cairo_region_t *
gsk_layer_renderer_render (GskLayerRenderer *self,
                           GskLayer         *root,
                           cairo_surface_t  *target)
{
  const GskLayerRenderList *list;
  cairo_region_t *damage;
  gboolean full, valid;
  int w, h;

  g_return_val_if_fail (GSK_IS_LAYER_RENDERER (self), NULL);
  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);
  g_return_val_if_fail (gsk_layer_get_parent (root) == NULL, NULL);
  g_return_val_if_fail (target != NULL, NULL);
  g_return_val_if_fail (cairo_surface_get_type (target) == CAIRO_SURFACE_TYPE_IMAGE, NULL);
  g_return_val_if_fail (cairo_image_surface_get_format (target) == CAIRO_FORMAT_ARGB32, NULL);
  g_return_val_if_fail (gsk_layer_surface_size_is_allowed (cairo_image_surface_get_width (target),
                                                           cairo_image_surface_get_height (target)), NULL);

  w = cairo_image_surface_get_width (target);
  h = cairo_image_surface_get_height (target);

  /* A new surface may sit at a freed one's address: mark the surfaces
   * drawn into, so that only the very one drawn last frame is reused */
  valid = cairo_surface_get_user_data (target, &target_key) == self;
  cairo_surface_set_user_data (target, &target_key, self, NULL);

  damage = gsk_layer_renderer_compile_frame (self, root, target, valid, w, h, &list, &full);
  if (!cairo_region_is_empty (damage))
    {
      GSK_LAYER_RENDERER_GET_CLASS (self)->render_list (self, list, damage, target);
      gsk_layer_renderer_check_frame (self, list, damage, full, target);
    }

  return damage;
}

/**
 * gsk_layer_renderer_render_to_surface:
 * @self: a renderer
 * @root: a top-level layer
 * @width: the width of the frame, in layout units
 * @height: the height of the frame, in layout units
 *
 * Draws the whole tree under @root into a new image of @width × @height
 * layout units: at the renderer's [property@LayerRenderer:scale], the
 * image is that many times larger in pixels (rounded up), and carries
 * the scale as its cairo device scale.
 *
 * Returns %NULL, with a critical warning, when @width or @height is not
 * positive, or the image would be beyond %GSK_LAYER_MAX_SURFACE_SIZE a
 * side or have more than %GSK_LAYER_MAX_SURFACE_PIXELS.
 *
 * Returns: (transfer full) (nullable): an ARGB32 cairo image surface
 *
 * Since: 0.1
 */
cairo_surface_t *
gsk_layer_renderer_render_to_surface (GskLayerRenderer *self,
                                      GskLayer         *root,
                                      int               width,
                                      int               height)
{
  GskLayerRendererPrivate *priv;
  cairo_surface_t *surface;
  cairo_region_t *damage;
  int w, h;

  g_return_val_if_fail (GSK_IS_LAYER_RENDERER (self), NULL);
  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);

  priv = gsk_layer_renderer_get_instance_private (self);
  w = (int) MIN (ceil ((double) width * priv->scale), G_MAXINT);
  h = (int) MIN (ceil ((double) height * priv->scale), G_MAXINT);
  g_return_val_if_fail (gsk_layer_surface_size_is_allowed (w, h), NULL);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  damage = gsk_layer_renderer_render (self, root, surface);
  if (damage)
    cairo_region_destroy (damage);
  cairo_surface_set_device_scale (surface, priv->scale, priv->scale);

  return surface;
}

/**
 * gsk_layer_renderer_set_clear_color:
 * @self: a renderer
 * @color: (nullable): the color below every layer, or %NULL for
 *   transparent
 *
 * Sets the color the target is cleared to before layers are drawn.
 *
 * Since: 0.1
 */
void
gsk_layer_renderer_set_clear_color (GskLayerRenderer *self,
                                    const GdkRGBA    *color)
{
  GskLayerRendererPrivate *priv;
  float c[4] = { 0, 0, 0, 0 };

  g_return_if_fail (GSK_IS_LAYER_RENDERER (self));

  priv = gsk_layer_renderer_get_instance_private (self);
  if (color)
    {
      c[0] = color->red;
      c[1] = color->green;
      c[2] = color->blue;
      c[3] = color->alpha;
    }
  if (memcmp (c, priv->clear_color, sizeof c) == 0)
    return;

  memcpy (priv->clear_color, c, sizeof c);
  /* Everything must be redrawn on the new color */
  priv->last_target = NULL;
}

void
gsk_layer_renderer_forget_target (GskLayerRenderer *self)
{
  GskLayerRendererPrivate *priv = gsk_layer_renderer_get_instance_private (self);

  priv->last_target = NULL;
}

/*
 * gsk_layer_renderer_set_vector_style:
 * @self: a renderer
 * @vector_style: whether its backend draws BORDER and GRADIENT ops
 *
 * Set by renderers whose backend draws styles' borders and gradients
 * itself; the others get them as rasters.
 */
void
gsk_layer_renderer_set_vector_style (GskLayerRenderer *self,
                                     gboolean          vector_style)
{
  GskLayerRendererPrivate *priv = gsk_layer_renderer_get_instance_private (self);

  priv->vector_style = vector_style;
}

gboolean
gsk_layer_renderer_get_vector_style (GskLayerRenderer *self)
{
  GskLayerRendererPrivate *priv = gsk_layer_renderer_get_instance_private (self);

  return priv->vector_style;
}

/**
 * gsk_layer_renderer_set_scale:
 * @self: a renderer
 * @scale: target pixels per layout unit, from 0.25 to 8
 *
 * Sets the device scale frames are drawn at: a layer of 100 × 100
 * units covers 200 × 200 pixels of the target at scale 2 and 125 × 125
 * at 1.25. Content, text and [vfunc@Layer.draw] are drawn again at the
 * new scale, and the next frame is drawn in full.
 *
 * A scale outside 0.25 to 8, or not a number, is a programming error:
 * it is refused with a critical warning and the scale is left as it
 * was. The default is 1.
 *
 * Since: 0.1
 */
void
gsk_layer_renderer_set_scale (GskLayerRenderer *self,
                              double            scale)
{
  GskLayerRendererPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_RENDERER (self));
  g_return_if_fail (scale >= GSK_LAYER_MIN_SCALE && scale <= GSK_LAYER_MAX_SCALE);

  priv = gsk_layer_renderer_get_instance_private (self);
  if (priv->scale == (float) scale)
    return;

  priv->scale = scale;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE]);
}

/**
 * gsk_layer_renderer_get_scale:
 * @self: a renderer
 *
 * Gets the device scale frames are drawn at, as set with
 * [method@LayerRenderer.set_scale].
 *
 * Returns: the device scale, target pixels per layout unit, from 0.25
 *   to 8; 1 by default
 *
 * Since: 0.1
 */
double
gsk_layer_renderer_get_scale (GskLayerRenderer *self)
{
  GskLayerRendererPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_RENDERER (self), 1.0);

  priv = gsk_layer_renderer_get_instance_private (self);
  return priv->scale;
}

/**
 * gsk_layer_renderer_get_clear_color:
 * @self: a renderer
 * @color: (out caller-allocates): return location for the color
 *
 * Gets the color the target is cleared to.
 *
 * Since: 0.1
 */
void
gsk_layer_renderer_get_clear_color (GskLayerRenderer *self,
                                    GdkRGBA          *color)
{
  GskLayerRendererPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_RENDERER (self));
  g_return_if_fail (color != NULL);

  priv = gsk_layer_renderer_get_instance_private (self);
  *color = (GdkRGBA) { priv->clear_color[0], priv->clear_color[1],
                       priv->clear_color[2], priv->clear_color[3] };
}

/**
 * gsk_layer_renderer_set_check_damage:
 * @self: a renderer
 * @check_damage: whether to check each damaged frame
 *
 * When set, each frame drawn with damage is compiled again from every
 * layer (frames compile only the layers that changed) and drawn in
 * full, and the two are compared; a difference is kept as an error naming the layers
 * drawn where the pixels differ (see
 * [method@LayerRenderer.get_damage_error]) and the full frame is kept.
 *
 * Since: 0.1
 */
void
gsk_layer_renderer_set_check_damage (GskLayerRenderer *self,
                                     gboolean          check_damage)
{
  GskLayerRendererPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_RENDERER (self));

  priv = gsk_layer_renderer_get_instance_private (self);
  check_damage = !!check_damage;
  if (priv->check_damage == check_damage)
    return;

  priv->check_damage = check_damage;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHECK_DAMAGE]);
}

/**
 * gsk_layer_renderer_get_check_damage:
 * @self: a renderer
 *
 * Gets whether each frame drawn with damage is compared with a full
 * redraw, as set with [method@LayerRenderer.set_check_damage].
 *
 * Returns: whether damaged frames are checked; %FALSE by default
 *
 * Since: 0.1
 */
gboolean
gsk_layer_renderer_get_check_damage (GskLayerRenderer *self)
{
  GskLayerRendererPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_RENDERER (self), FALSE);

  priv = gsk_layer_renderer_get_instance_private (self);
  return priv->check_damage;
}

/**
 * gsk_layer_renderer_get_damage_error:
 * @self: a renderer
 *
 * Gets what the damage check (see
 * [method@LayerRenderer.set_check_damage]) found in the last frame it
 * checked: how many pixels differ from a full redraw, where, and the
 * layers drawn there. Each checked frame replaces it; frames drawn in
 * full are not checked.
 *
 * Returns: (nullable) (transfer none): a %GSK_LAYER_ERROR_FAILED error
 *   owned by @self, or %NULL if the last checked frame matched its full
 *   redraw or no frame was checked
 *
 * Since: 0.1
 */
const GError *
gsk_layer_renderer_get_damage_error (GskLayerRenderer *self)
{
  GskLayerRendererPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_RENDERER (self), NULL);

  priv = gsk_layer_renderer_get_instance_private (self);
  return priv->damage_error;
}

static void
gsk_layer_renderer_finalize (GObject *object)
{
  GskLayerRenderer *self = GSK_LAYER_RENDERER (object);
  GskLayerRendererPrivate *priv = gsk_layer_renderer_get_instance_private (self);

  g_clear_pointer (&priv->list, gsk_layer_render_list_free);
  g_clear_error (&priv->damage_error);

  G_OBJECT_CLASS (gsk_layer_renderer_parent_class)->finalize (object);
}

static void
gsk_layer_renderer_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  GskLayerRenderer *self = GSK_LAYER_RENDERER (object);

  switch (prop_id)
    {
    case PROP_CHECK_DAMAGE:
      g_value_set_boolean (value, gsk_layer_renderer_get_check_damage (self));
      break;
    case PROP_SCALE:
      g_value_set_double (value, gsk_layer_renderer_get_scale (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_renderer_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  GskLayerRenderer *self = GSK_LAYER_RENDERER (object);

  switch (prop_id)
    {
    case PROP_CHECK_DAMAGE:
      gsk_layer_renderer_set_check_damage (self, g_value_get_boolean (value));
      break;
    case PROP_SCALE:
      gsk_layer_renderer_set_scale (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_renderer_class_init (GskLayerRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gsk_layer_renderer_finalize;
  object_class->get_property = gsk_layer_renderer_get_property;
  object_class->set_property = gsk_layer_renderer_set_property;

  /**
   * GskLayerRenderer:check-damage:
   *
   * Whether each damaged frame is compared with a full redraw.
   *
   * Since: 0.1
   */
  properties[PROP_CHECK_DAMAGE] =
    g_param_spec_boolean ("check-damage", NULL, "Whether each damaged frame is compared with a full redraw",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerRenderer:scale:
   *
   * The device scale: target pixels per layout unit, from 0.25 to 8.
   * See [method@LayerRenderer.set_scale].
   *
   * Since: 0.1
   */
  properties[PROP_SCALE] =
    g_param_spec_double ("scale", NULL, "The device scale: target pixels per layout unit, from 0.25 to 8",
                         GSK_LAYER_MIN_SCALE, GSK_LAYER_MAX_SCALE, 1.0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_renderer_init (GskLayerRenderer *self)
{
  GskLayerRendererPrivate *priv = gsk_layer_renderer_get_instance_private (self);

  priv->scale = 1.f;
}
