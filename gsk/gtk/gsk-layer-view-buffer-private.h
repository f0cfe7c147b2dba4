/* gsk-layer-view-buffer-private.h: the textures the view's GL path
 * draws into and hands to GTK
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The GL path keeps a few textures: GTK holds the one it shows until it
 * draws the next frame, and one being drawn into is another */
typedef struct
{
  gpointer view;                /* NULL once the view let it go */
  GdkGLContext *context;
  guint texture;
  guint framebuffer;
  int width, height;
  guint64 drawn;                /* the frame drawn into it, 0 for none */
  gboolean in_use;              /* a GdkTexture of it is alive */
  int filter;                   /* GL_NEAREST or GL_LINEAR */
} GskLayerViewBuffer;

/* A buffer of @width × @height in @buffers that GTK does not hold,
 * made in @context (current) if there is none; those of another size
 * are dropped. @view marks it as still the view's */
GskLayerViewBuffer *gsk_layer_view_buffer_get_free   (GPtrArray          *buffers,
                                                      gpointer            view,
                                                      GdkGLContext       *context,
                                                      int                 width,
                                                      int                 height);
/* The GdkTexture of @data (a buffer) is gone */
void                gsk_layer_view_buffer_released   (gpointer            data);
/* The view lets @data go (the buffers' free function) */
void                gsk_layer_view_buffer_drop       (gpointer            data);
void                gsk_layer_view_buffer_set_filter (GskLayerViewBuffer *buffer,
                                                      gboolean            nearest);

G_END_DECLS
