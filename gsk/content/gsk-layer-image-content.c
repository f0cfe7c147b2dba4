/* gsk-layer-image-content.c: an image as layer content
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <errno.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gdk/gdk.h>

#include "gsk-layer-private.h"

/**
 * GskLayerImageContent:
 *
 * Shows an image in the content box of each layer that shows it,
 * stretched to it or placed as the layer's style's `object-fit` and
 * `object-position` say.
 *
 * Images come from files in any format gdk-pixbuf has a loader for (PNG
 * and JPEG always; TIFF, GIF, BMP, WebP, SVG and others where their
 * loaders are installed), from a #GdkTexture, a #GdkPixbuf or a cairo
 * image surface. A bitmap image is composited directly, never drawn
 * again; a scalable one (SVG) is drawn again at the scale it has on
 * screen, as drawn content is.
 *
 * Since: 0.1
 */

struct _GskLayerImageContent
{
  GObject parent_instance;

  cairo_surface_t *surface;
  char *path;
  /* Drawn from @path at the size it is shown at */
  gboolean scalable;
};

static void gsk_layer_image_content_iface_init (GskLayerContentInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GskLayerImageContent, gsk_layer_image_content, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GSK_TYPE_LAYER_CONTENT, gsk_layer_image_content_iface_init))

static gboolean
gsk_layer_image_content_get_preferred_size (GskLayerContent *content,
                                            float           *width,
                                            float           *height)
{
  GskLayerImageContent *self = GSK_LAYER_IMAGE_CONTENT (content);

  *width = cairo_image_surface_get_width (self->surface);
  *height = cairo_image_surface_get_height (self->surface);

  return TRUE;
}

static void
gsk_layer_image_content_draw (GskLayerContent *content,
                              cairo_t         *cr,
                              int              width,
                              int              height)
{
  GskLayerImageContent *self = GSK_LAYER_IMAGE_CONTENT (content);

  if (self->scalable)
    {
      GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file_at_scale (self->path, width, height, FALSE, NULL);

      /* Gone or broken since: the image loaded first, stretched */
      if (pixbuf != NULL)
        {
          gdk_cairo_set_source_pixbuf (cr, pixbuf, 0, 0);
          cairo_paint (cr);
          g_object_unref (pixbuf);
          return;
        }
    }

  cairo_scale (cr,
               (double) width / cairo_image_surface_get_width (self->surface),
               (double) height / cairo_image_surface_get_height (self->surface));
  cairo_set_source_surface (cr, self->surface, 0, 0);
  cairo_paint (cr);
}

static void
gsk_layer_image_content_iface_init (GskLayerContentInterface *iface)
{
  iface->get_preferred_size = gsk_layer_image_content_get_preferred_size;
  iface->draw = gsk_layer_image_content_draw;
}

static void
gsk_layer_image_content_finalize (GObject *object)
{
  GskLayerImageContent *self = GSK_LAYER_IMAGE_CONTENT (object);

  cairo_surface_destroy (self->surface);
  g_free (self->path);

  G_OBJECT_CLASS (gsk_layer_image_content_parent_class)->finalize (object);
}

static void
gsk_layer_image_content_class_init (GskLayerImageContentClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gsk_layer_image_content_finalize;
}

static void
gsk_layer_image_content_init (GskLayerImageContent *self)
{
}

static cairo_surface_t *
to_argb32 (cairo_surface_t *surface)
{
  cairo_surface_t *copy;
  cairo_t *cr;

  if (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE &&
      cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32)
    return cairo_surface_reference (surface);

  copy = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                     cairo_image_surface_get_width (surface),
                                     cairo_image_surface_get_height (surface));
  cr = cairo_create (copy);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);

  return copy;
}

/**
 * gsk_layer_image_content_new:
 * @surface: a cairo image surface; it must not change afterwards
 *
 * Creates a content that shows @surface.
 *
 * Returns: (transfer full): the new content
 *
 * Since: 0.1
 */
GskLayerContent *
gsk_layer_image_content_new (cairo_surface_t *surface)
{
  GskLayerImageContent *self;

  g_return_val_if_fail (surface != NULL, NULL);
  g_return_val_if_fail (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE, NULL);
  g_return_val_if_fail (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS, NULL);

  self = g_object_new (GSK_TYPE_LAYER_IMAGE_CONTENT, NULL);
  cairo_surface_flush (surface);
  self->surface = to_argb32 (surface);

  return GSK_LAYER_CONTENT (self);
}

gboolean
gsk_layer_png_size_is_allowed (const guchar  *data,
                               gsize          length,
                               GError       **error)
{
  static const guchar signature[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  guint32 width, height;

  /* Not a PNG: cairo says so */
  if (length < 24 || memcmp (data, signature, sizeof signature) != 0 || memcmp (data + 12, "IHDR", 4) != 0)
    return TRUE;

  width = (guint32) data[16] << 24 | data[17] << 16 | data[18] << 8 | data[19];
  height = (guint32) data[20] << 24 | data[21] << 16 | data[22] << 8 | data[23];
  if (width <= GSK_LAYER_MAX_SURFACE_SIZE && height <= GSK_LAYER_MAX_SURFACE_SIZE &&
      (guint64) width * height <= GSK_LAYER_MAX_SURFACE_PIXELS)
    return TRUE;

  g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE,
               "the image is %u×%u pixels, more than GSK takes (%d a side, %d in all)",
               width, height, GSK_LAYER_MAX_SURFACE_SIZE, GSK_LAYER_MAX_SURFACE_PIXELS);
  return FALSE;
}

typedef struct
{
  const guchar *data;
  gsize length;
} PngReader;

static cairo_status_t
png_read (void          *closure,
          unsigned char *data,
          unsigned int   length)
{
  PngReader *reader = closure;

  if (length > reader->length)
    return CAIRO_STATUS_READ_ERROR;

  memcpy (data, reader->data, length);
  reader->data += length;
  reader->length -= length;

  return CAIRO_STATUS_SUCCESS;
}

cairo_surface_t *
gsk_layer_png_data_uri_decode (const char  *uri,
                               GError     **error)
{
  PngReader reader;
  cairo_surface_t *surface;
  guchar *data;

  if (!g_str_has_prefix (uri, GSK_LAYER_PNG_DATA_URI))
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE,
                   "not a data: URI of a PNG image (%s…)", GSK_LAYER_PNG_DATA_URI);
      return NULL;
    }
  data = g_base64_decode (uri + strlen (GSK_LAYER_PNG_DATA_URI), &reader.length);
  reader.data = data;
  if (!gsk_layer_png_size_is_allowed (data, reader.length, error))
    {
      g_free (data);
      return NULL;
    }
  surface = cairo_image_surface_create_from_png_stream (png_read, &reader);
  g_free (data);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE, "not a PNG image: %s",
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  return surface;
}

static gboolean
size_is_allowed (const char  *path,
                 int          width,
                 int          height,
                 GError     **error)
{
  if (width <= GSK_LAYER_MAX_SURFACE_SIZE && height <= GSK_LAYER_MAX_SURFACE_SIZE &&
      (gint64) width * height <= GSK_LAYER_MAX_SURFACE_PIXELS)
    return TRUE;

  g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE,
               "%s: the image is %d×%d pixels, more than GSK takes (%d a side, %d in all)",
               path, width, height, GSK_LAYER_MAX_SURFACE_SIZE, GSK_LAYER_MAX_SURFACE_PIXELS);
  return FALSE;
}

/* Premultiplied, as cairo has it */
static cairo_surface_t *
surface_for_pixbuf (GdkPixbuf *pixbuf)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         gdk_pixbuf_get_width (pixbuf),
                                                         gdk_pixbuf_get_height (pixbuf));
  cairo_t *cr = cairo_create (surface);

  gdk_cairo_set_source_pixbuf (cr, pixbuf, 0, 0);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/**
 * gsk_layer_image_content_new_from_file:
 * @path: the path of an image file
 * @error: return location for an error
 *
 * Creates a content that shows the image at @path, in any format that
 * gdk-pixbuf has a loader for: PNG and JPEG always, TIFF, GIF, BMP, SVG,
 * WebP and others where their loaders are installed. A scalable image
 * (SVG) is drawn again at the size it is shown at, its natural size
 * being its preferred size.
 *
 * Images larger than %GSK_LAYER_MAX_SURFACE_SIZE a side or
 * %GSK_LAYER_MAX_SURFACE_PIXELS in all are refused before they are
 * decoded, from the size their header gives.
 *
 * Returns: (transfer full) (nullable): the new content, or %NULL with
 *   @error set (%GSK_LAYER_ERROR_INVALID_VALUE for an image too large,
 *   %GSK_LAYER_ERROR_FAILED for a file that cannot be read as an image)
 *
 * Since: 0.1
 */
GskLayerContent *
gsk_layer_image_content_new_from_file (const char  *path,
                                       GError     **error)
{
  GskLayerImageContent *self;
  cairo_surface_t *surface;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  {
    guchar header[24];
    gsize length = 0;
    FILE *file = fopen (path, "rb");
    GError *local_error = NULL;

    if (file)
      {
        length = fread (header, 1, sizeof header, file);
        fclose (file);
      }
    if (!gsk_layer_png_size_is_allowed (header, length, &local_error))
      {
        g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE,
                     "%s: %s", path, local_error->message);
        g_error_free (local_error);
        return NULL;
      }
  }

  {
    GdkPixbufFormat *format;
    GdkPixbuf *pixbuf;
    GError *local_error = NULL;
    int width, height;

    format = gdk_pixbuf_get_file_info (path, &width, &height);
    if (format == NULL)
      {
        g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                     g_file_test (path, G_FILE_TEST_EXISTS) ? "%s: not an image gdk-pixbuf can load"
                                                            : "%s: cannot load image: %s",
                     path, g_strerror (ENOENT));
        return NULL;
      }
    if (!size_is_allowed (path, width, height, error))
      return NULL;

    pixbuf = gdk_pixbuf_new_from_file (path, &local_error);
    if (pixbuf == NULL)
      {
        g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                     "%s: cannot load image: %s", path, local_error->message);
        g_error_free (local_error);
        return NULL;
      }
    surface = surface_for_pixbuf (pixbuf);
    g_object_unref (pixbuf);

    self = GSK_LAYER_IMAGE_CONTENT (gsk_layer_image_content_new (surface));
    self->path = g_strdup (path);
    self->scalable = gdk_pixbuf_format_is_scalable (format);
    cairo_surface_destroy (surface);
  }

  return GSK_LAYER_CONTENT (self);
}

/**
 * gsk_layer_image_content_new_for_pixbuf:
 * @pixbuf: a pixbuf
 *
 * Creates a content that shows a copy of @pixbuf's pixels.
 *
 * Returns: (transfer full): the new content
 *
 * Since: 0.1
 */
GskLayerContent *
gsk_layer_image_content_new_for_pixbuf (GdkPixbuf *pixbuf)
{
  GskLayerContent *content;
  cairo_surface_t *surface;

  g_return_val_if_fail (GDK_IS_PIXBUF (pixbuf), NULL);

  surface = surface_for_pixbuf (pixbuf);
  content = gsk_layer_image_content_new (surface);
  cairo_surface_destroy (surface);

  return content;
}

/**
 * gsk_layer_image_content_new_for_texture:
 * @texture: a texture
 *
 * Creates a content that shows a copy of @texture's pixels (downloaded
 * once, from wherever the texture keeps them).
 *
 * Returns: (transfer full): the new content
 *
 * Since: 0.1
 */
GskLayerContent *
gsk_layer_image_content_new_for_texture (GdkTexture *texture)
{
  GskLayerContent *content;
  cairo_surface_t *surface;

  g_return_val_if_fail (GDK_IS_TEXTURE (texture), NULL);

  /* GDK_MEMORY_DEFAULT is cairo's ARGB32 */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, gdk_texture_get_width (texture),
                                        gdk_texture_get_height (texture));
  gdk_texture_download (texture, cairo_image_surface_get_data (surface), cairo_image_surface_get_stride (surface));
  cairo_surface_mark_dirty (surface);
  content = gsk_layer_image_content_new (surface);
  cairo_surface_destroy (surface);

  return content;
}

gboolean
gsk_layer_image_content_is_scalable (GskLayerImageContent *self)
{
  return self->scalable;
}

/**
 * gsk_layer_image_content_get_surface:
 * @self: an image content
 *
 * Gets the image @self shows: the surface it was created with if that
 * is an ARGB32 image surface, else an ARGB32 copy of it; for a pixbuf, a
 * texture or a file, a copy of their pixels. A scalable image (SVG) is
 * here at its natural size; it is drawn again at the size it is shown
 * at.
 *
 * Returns: (transfer none): the image, an ARGB32 cairo image surface
 *   owned by @self; it must not be changed
 *
 * Since: 0.1
 */
cairo_surface_t *
gsk_layer_image_content_get_surface (GskLayerImageContent *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_IMAGE_CONTENT (self), NULL);

  return self->surface;
}

/**
 * gsk_layer_image_content_get_path:
 * @self: an image content
 *
 * Gets the file @self was loaded from with
 * [func@LayerImageContent.new_from_file].
 *
 * Returns: (nullable): the path of the file the image was loaded from,
 *   as it was given, or %NULL if @self was not loaded from a file
 *
 * Since: 0.1
 */
const char *
gsk_layer_image_content_get_path (GskLayerImageContent *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_IMAGE_CONTENT (self), NULL);

  return self->path;
}
