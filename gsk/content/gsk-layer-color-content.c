/* gsk-layer-color-content.c: a solid color as layer content
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-private.h"

/**
 * GskLayerColorContent:
 *
 * Fills the bounds of each layer that shows it with one color. It is
 * never rasterized: backends fill it directly.
 *
 * Since: 0.1
 */

struct _GskLayerColorContent
{
  GObject parent_instance;

  GdkRGBA color;
};

enum {
  PROP_0,
  PROP_COLOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void gsk_layer_color_content_iface_init (GskLayerContentInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GskLayerColorContent, gsk_layer_color_content, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GSK_TYPE_LAYER_CONTENT, gsk_layer_color_content_iface_init))

static void
gsk_layer_color_content_draw (GskLayerContent *content,
                              cairo_t         *cr,
                              int              width,
                              int              height)
{
  GskLayerColorContent *self = GSK_LAYER_COLOR_CONTENT (content);

  gdk_cairo_set_source_rgba (cr, &self->color);
  cairo_paint (cr);
}

static void
gsk_layer_color_content_iface_init (GskLayerContentInterface *iface)
{
  iface->draw = gsk_layer_color_content_draw;
}

static void
gsk_layer_color_content_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  GskLayerColorContent *self = GSK_LAYER_COLOR_CONTENT (object);

  switch (prop_id)
    {
    case PROP_COLOR:
      g_value_set_boxed (value, &self->color);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_color_content_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  GskLayerColorContent *self = GSK_LAYER_COLOR_CONTENT (object);

  switch (prop_id)
    {
    case PROP_COLOR:
      {
        const GdkRGBA *c = g_value_get_boxed (value);
        gsk_layer_color_content_set_color (self, c ? c : &(GdkRGBA) { 0, 0, 0, 0 });
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_color_content_class_init (GskLayerColorContentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gsk_layer_color_content_get_property;
  object_class->set_property = gsk_layer_color_content_set_property;

  /**
   * GskLayerColorContent:color:
   *
   * The color that fills the layer.
   *
   * Since: 0.1
   */
  properties[PROP_COLOR] =
    g_param_spec_boxed ("color", NULL, "The color that fills the layer",
                        GDK_TYPE_RGBA,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_color_content_init (GskLayerColorContent *self)
{
}

/**
 * gsk_layer_color_content_new:
 * @color: the color
 *
 * Creates a content that fills layers with @color.
 *
 * Returns: (transfer full): the new content
 *
 * Since: 0.1
 */
GskLayerContent *
gsk_layer_color_content_new (const GdkRGBA *color)
{
  g_return_val_if_fail (color != NULL, NULL);

  return g_object_new (GSK_TYPE_LAYER_COLOR_CONTENT, "color", color, NULL);
}

/**
 * gsk_layer_color_content_set_color:
 * @self: a color content
 * @color: the new color
 *
 * Changes the color; every layer showing @self redraws.
 *
 * Since: 0.1
 */
void
gsk_layer_color_content_set_color (GskLayerColorContent *self,
                                   const GdkRGBA        *color)
{
  g_return_if_fail (GSK_IS_LAYER_COLOR_CONTENT (self));
  g_return_if_fail (color != NULL);
  g_return_if_fail (color->red >= 0.f && color->red <= 1.f &&
                    color->green >= 0.f && color->green <= 1.f &&
                    color->blue >= 0.f && color->blue <= 1.f &&
                    color->alpha >= 0.f && color->alpha <= 1.f);

  if (gdk_rgba_equal (&self->color, color))
    return;

  self->color = *color;
  gsk_layer_content_invalidate (GSK_LAYER_CONTENT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOR]);
}

/**
 * gsk_layer_color_content_get_color:
 * @self: a color content
 * @color: (out caller-allocates): return location for the color
 *
 * Gets the color of @self.
 *
 * Since: 0.1
 */
void
gsk_layer_color_content_get_color (GskLayerColorContent *self,
                                   GdkRGBA              *color)
{
  g_return_if_fail (GSK_IS_LAYER_COLOR_CONTENT (self));
  g_return_if_fail (color != NULL);

  *color = self->color;
}
