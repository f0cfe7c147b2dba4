/* gsk-layer-paintable-content.c: a GdkPaintable, or an icon, as layer content
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-paintable-content.h"
#include "gsk-layer-types.h"

/**
 * GskLayerPaintableContent:
 *
 * Shows a [iface@Gdk.Paintable] in the content box of each layer that
 * shows it: a texture, a media stream's current frame, a widget's
 * [class@Gtk.WidgetPaintable], or an icon from GTK's icon theme.
 *
 * The paintable is drawn, through GTK's render nodes with cairo, at the
 * size it has on screen, as content delegates are, and again whenever it
 * says its contents or size changed. Its intrinsic size, if it has one,
 * is the content's preferred size.
 *
 * Since: 0.1
 */
struct _GskLayerPaintableContent
{
  GObject parent_instance;

  GdkPaintable *paintable;
};

static void gsk_layer_paintable_content_iface_init (GskLayerContentInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GskLayerPaintableContent, gsk_layer_paintable_content, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GSK_TYPE_LAYER_CONTENT,
                                                      gsk_layer_paintable_content_iface_init))

static gboolean
gsk_layer_paintable_content_get_preferred_size (GskLayerContent *content,
                                                float           *width,
                                                float           *height)
{
  GskLayerPaintableContent *self = GSK_LAYER_PAINTABLE_CONTENT (content);
  int w = gdk_paintable_get_intrinsic_width (self->paintable);
  int h = gdk_paintable_get_intrinsic_height (self->paintable);

  if (w <= 0 || h <= 0)
    return FALSE;

  *width = w;
  *height = h;
  return TRUE;
}

static void
gsk_layer_paintable_content_draw (GskLayerContent *content,
                                  cairo_t         *cr,
                                  int              width,
                                  int              height)
{
  GskLayerPaintableContent *self = GSK_LAYER_PAINTABLE_CONTENT (content);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  gdk_paintable_snapshot (self->paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node != NULL)
    {
      gsk_render_node_draw (node, cr);
      gsk_render_node_unref (node);
    }
}

static void
gsk_layer_paintable_content_iface_init (GskLayerContentInterface *iface)
{
  iface->get_preferred_size = gsk_layer_paintable_content_get_preferred_size;
  iface->draw = gsk_layer_paintable_content_draw;
}

static void
paintable_changed (GskLayerPaintableContent *self)
{
  gsk_layer_content_invalidate (GSK_LAYER_CONTENT (self));
}

static void
gsk_layer_paintable_content_dispose (GObject *object)
{
  GskLayerPaintableContent *self = GSK_LAYER_PAINTABLE_CONTENT (object);

  if (self->paintable)
    g_signal_handlers_disconnect_by_func (self->paintable, paintable_changed, self);
  g_clear_object (&self->paintable);

  G_OBJECT_CLASS (gsk_layer_paintable_content_parent_class)->dispose (object);
}

static void
gsk_layer_paintable_content_class_init (GskLayerPaintableContentClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = gsk_layer_paintable_content_dispose;

  /* GTK registers its render node types with the first one asked for
   * (gtk_init() does): a program that draws layers headless may not
   * have called it */
  g_type_ensure (GSK_TYPE_COLOR_NODE);
}

static void
gsk_layer_paintable_content_init (GskLayerPaintableContent *self)
{
}

/**
 * gsk_layer_paintable_content_new:
 * @paintable: a paintable
 *
 * Creates a content that shows @paintable, drawn again when it says its
 * contents or size changed.
 *
 * Returns: (transfer full): the new content
 *
 * Since: 0.1
 */
GskLayerContent *
gsk_layer_paintable_content_new (GdkPaintable *paintable)
{
  GskLayerPaintableContent *self;

  g_return_val_if_fail (GDK_IS_PAINTABLE (paintable), NULL);

  self = g_object_new (GSK_TYPE_LAYER_PAINTABLE_CONTENT, NULL);
  self->paintable = g_object_ref (paintable);
  g_signal_connect_swapped (paintable, "invalidate-contents", G_CALLBACK (paintable_changed), self);
  g_signal_connect_swapped (paintable, "invalidate-size", G_CALLBACK (paintable_changed), self);

  return GSK_LAYER_CONTENT (self);
}

/**
 * gsk_layer_paintable_content_new_for_icon_name:
 * @icon_name: the name of an icon, as GTK's icon theme knows it
 * @size: the size to look it up at, in pixels (1 to 1024)
 * @error: return location for an error
 *
 * Creates a content that shows the icon @icon_name of the icon theme of
 * the default display, looked up at @size (a scalable icon is drawn at
 * that size and scaled from there).
 *
 * Returns: (transfer full) (nullable): the new content, or %NULL with
 *   @error set (%GSK_LAYER_ERROR_FAILED) when there is no display or the
 *   theme has no icon of that name
 *
 * Since: 0.1
 */
GskLayerContent *
gsk_layer_paintable_content_new_for_icon_name (const char  *icon_name,
                                               int          size,
                                               GError     **error)
{
  GdkDisplay *display = gdk_display_get_default ();
  GtkIconTheme *theme;
  GtkIconPaintable *icon;
  GskLayerContent *content;

  g_return_val_if_fail (icon_name != NULL, NULL);
  g_return_val_if_fail (size >= 1 && size <= 1024, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (display == NULL)
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                   "no display, so no icon theme to find “%s” in", icon_name);
      return NULL;
    }

  theme = gtk_icon_theme_get_for_display (display);
  if (!gtk_icon_theme_has_icon (theme, icon_name))
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                   "the icon theme has no icon “%s”", icon_name);
      return NULL;
    }

  icon = gtk_icon_theme_lookup_icon (theme, icon_name, NULL, size, 1, GTK_TEXT_DIR_NONE, 0);
  content = gsk_layer_paintable_content_new (GDK_PAINTABLE (icon));
  g_object_unref (icon);

  return content;
}

/**
 * gsk_layer_paintable_content_get_paintable:
 * @self: a paintable content
 *
 * Gets the paintable @self shows, the one it was created with; for
 * [func@LayerPaintableContent.new_for_icon_name], the icon's
 * [class@Gtk.IconPaintable].
 *
 * Returns: (transfer none): the paintable @self shows
 *
 * Since: 0.1
 */
GdkPaintable *
gsk_layer_paintable_content_get_paintable (GskLayerPaintableContent *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_PAINTABLE_CONTENT (self), NULL);

  return self->paintable;
}
