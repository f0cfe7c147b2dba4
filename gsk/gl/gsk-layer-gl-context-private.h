/* gsk-layer-gl-context-private.h: a headless GL context on EGL
 *
 * The GL renderer draws into framebuffer objects and reads the result
 * back, so it needs a context but no window: EGL on Mesa's surfaceless
 * platform gives one on any machine with Mesa, GPU or not (llvmpipe).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _GskLayerGLContext GskLayerGLContext;

struct _GskLayerGLContext
{
  gpointer display;   /* EGLDisplay, shared by every context */
  gpointer context;   /* EGLContext */

  /* OpenGL ES 3 rather than desktop OpenGL 3.3 core */
  gboolean is_gles;
  int version;        /* e.g. 33 or 30, from epoxy */
  int max_texture_size;

  /* KHR_debug reports errors through a callback */
  gboolean has_debug_output;

  /* Someone else's context, current when the renderer was made: never
   * made current or destroyed here, and its state is saved and
   * restored around each frame. @context is its EGLContext or
   * GLXContext, to tell it from another one, or NULL if unknown. */
  gboolean borrowed;
};

GskLayerGLContext *gsk_layer_gl_context_new          (GError            **error);
/* Wraps whatever context is current; NULL with @error set if there is
 * none or it is older than OpenGL 3.3 / OpenGL ES 3.0 */
GskLayerGLContext *gsk_layer_gl_context_new_for_current (GError         **error);
void               gsk_layer_gl_context_free         (GskLayerGLContext  *self);
/* For a borrowed context: whether it is (still) the current one */
gboolean           gsk_layer_gl_context_make_current (GskLayerGLContext  *self);
/* Whether GL may be called for @self's objects now: its context is
 * current (without making it so) */
gboolean           gsk_layer_gl_context_is_current   (GskLayerGLContext  *self);

/* A short description such as “OpenGL 4.5 (Core Profile) Mesa 22.3.6,
 * llvmpipe”, for messages and --stats. Needs the context current. */
char              *gsk_layer_gl_context_describe     (GskLayerGLContext  *self);

/* In debug builds (no NDEBUG), checks glGetError() and warns with
 * @what, the call or stage that was just made; returns FALSE if there
 * was an error. In release builds, does nothing and returns TRUE. */
gboolean           gsk_layer_gl_check_error          (const char         *what);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GskLayerGLContext, gsk_layer_gl_context_free)

G_END_DECLS
