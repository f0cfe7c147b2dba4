/* gsk-layer-gl-context.c: a headless GL context on EGL
 *
 * One EGL display serves the whole process and is never terminated:
 * initializing Mesa's display loads the driver, which takes a while and
 * which eglTerminate() unloads leaving allocations behind that leak
 * checkers report. Contexts are per renderer and destroyed with it.
 *
 * Desktop OpenGL 3.3 core is tried first, then OpenGL ES 3.0; the
 * shaders are the same for both. GSK_LAYER_GL=gles forces ES, and
 * GSK_LAYER_GL=disable makes every attempt fail, so that the fallback
 * to software can be tested on a machine that has GL, and
 * GSK_LAYER_GL_MAX_TEXTURE_SIZE=N lowers the texture size limit, so that
 * content larger than it (drawn in tiles) can be tested with small
 * images.
 *
 * A renderer can also draw in a context it did not make (a GtkGLArea's,
 * SDL's): that one is “borrowed”, recognized by its EGLContext or
 * GLXContext handle, and never made current or destroyed here.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-context-private.h"
#include "gsk-layer-types.h"

#include <dlfcn.h>
#include <string.h>
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#if defined (__has_include)
#if __has_include (<X11/Xlib.h>)
#include <epoxy/glx.h>
#define HAVE_GLX 1
#endif
#endif

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

typedef struct
{
  EGLDisplay display;
  char *error;        /* why there is no display */
} DisplayInfo;

static const char *
egl_error_string (EGLint error)
{
  switch (error)
    {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    default: return "unknown EGL error";
    }
}

static const char *
get_gl_mode (void)
{
  const char *mode = g_getenv ("GSK_LAYER_GL");

  return mode ? mode : "";
}

/* GSK_LAYER_GL_MAX_TEXTURE_SIZE=N pretends GL takes textures of at most
 * N×N pixels (N >= 16, and no more than GL really takes), so that tiling
 * large content can be tested with small images */
static void
query_max_texture_size (GskLayerGLContext *self)
{
  const char *env = g_getenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE");

  glGetIntegerv (GL_MAX_TEXTURE_SIZE, &self->max_texture_size);

  if (env != NULL && *env != '\0')
    {
      gint64 value = g_ascii_strtoll (env, NULL, 10);

      if (value > 0)
        self->max_texture_size = CLAMP (value, 16, self->max_texture_size);
    }
}

static DisplayInfo *
get_display (void)
{
  static DisplayInfo info;
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      EGLint major, minor;

      info.display = EGL_NO_DISPLAY;

      /* epoxy aborts when asked for an entry point that no provider
       * has, so every call below is guarded by its extension */
      if (!epoxy_has_egl ())
        info.error = g_strdup ("no EGL library (libEGL.so.1) could be loaded");
      else if (!epoxy_has_egl_extension (EGL_NO_DISPLAY, "EGL_EXT_platform_base") ||
               !epoxy_has_egl_extension (EGL_NO_DISPLAY, "EGL_MESA_platform_surfaceless"))
        info.error = g_strdup ("EGL has no surfaceless platform (EGL_MESA_platform_surfaceless)");
      else
        {
          info.display = eglGetPlatformDisplayEXT (EGL_PLATFORM_SURFACELESS_MESA,
                                                   EGL_DEFAULT_DISPLAY, NULL);
          if (info.display == EGL_NO_DISPLAY)
            info.error = g_strdup_printf ("cannot open the surfaceless EGL display (%s)",
                                          egl_error_string (eglGetError ()));
          else if (!eglInitialize (info.display, &major, &minor))
            {
              info.error = g_strdup_printf ("cannot initialize the surfaceless EGL display (%s)",
                                            egl_error_string (eglGetError ()));
              info.display = EGL_NO_DISPLAY;
            }
          else if (!epoxy_has_egl_extension (info.display, "EGL_KHR_surfaceless_context") ||
                   !epoxy_has_egl_extension (info.display, "EGL_KHR_no_config_context"))
            {
              info.error = g_strdup ("the EGL display lacks EGL_KHR_surfaceless_context "
                                     "or EGL_KHR_no_config_context");
              info.display = EGL_NO_DISPLAY;
            }
        }

      g_once_init_leave (&initialized, 1);
    }

  return &info;
}

static EGLContext
create_context (EGLDisplay   display,
                gboolean     gles,
                GString     *errors)
{
  EGLint attribs[16];
  EGLContext context;
  int i = 0;

  if (!eglBindAPI (gles ? EGL_OPENGL_ES_API : EGL_OPENGL_API))
    {
      g_string_append_printf (errors, "%s: eglBindAPI failed (%s); ",
                              gles ? "OpenGL ES 3.0" : "OpenGL 3.3 core",
                              egl_error_string (eglGetError ()));
      return EGL_NO_CONTEXT;
    }

  attribs[i++] = EGL_CONTEXT_MAJOR_VERSION;
  attribs[i++] = 3;
  attribs[i++] = EGL_CONTEXT_MINOR_VERSION;
  attribs[i++] = gles ? 0 : 3;
  if (!gles)
    {
      attribs[i++] = EGL_CONTEXT_OPENGL_PROFILE_MASK;
      attribs[i++] = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
    }
#ifndef NDEBUG
  /* Debug builds check every error; a debug context reports them with
   * a message through KHR_debug */
  attribs[i++] = EGL_CONTEXT_OPENGL_DEBUG;
  attribs[i++] = EGL_TRUE;
#endif
  attribs[i++] = EGL_NONE;

  context = eglCreateContext (display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
  if (context == EGL_NO_CONTEXT)
    g_string_append_printf (errors, "%s: eglCreateContext failed (%s); ",
                            gles ? "OpenGL ES 3.0" : "OpenGL 3.3 core",
                            egl_error_string (eglGetError ()));

  return context;
}

#ifndef NDEBUG
static void GLAPIENTRY
debug_callback (GLenum        source,
                GLenum        type,
                GLuint        id,
                GLenum        severity,
                GLsizei       length,
                const GLchar *message,
                const void   *user_data)
{
  /* Errors are programming mistakes in this backend: make them loud, so
   * tests fail on them. Performance notes are only for debugging. */
  if (type == GL_DEBUG_TYPE_ERROR)
    g_warning ("GL error: %.*s", length < 0 ? (int) strlen (message) : (int) length, message);
  else if (severity == GL_DEBUG_SEVERITY_HIGH || severity == GL_DEBUG_SEVERITY_MEDIUM)
    g_debug ("GL: %.*s", length < 0 ? (int) strlen (message) : (int) length, message);
}
#endif

/*
 * gsk_layer_gl_context_new:
 * @error: return location for an error
 *
 * Creates a context on the surfaceless EGL display and makes it
 * current. Returns NULL with @error set, and a message saying what was
 * tried, when there is no GL.
 */
GskLayerGLContext *
gsk_layer_gl_context_new (GError **error)
{
  g_autoptr (GskLayerGLContext) self = NULL;
  g_autoptr (GString) errors = g_string_new (NULL);
  const char *mode = get_gl_mode ();
  DisplayInfo *info;
  EGLContext context = EGL_NO_CONTEXT;
  gboolean gles = FALSE;

  if (g_str_equal (mode, "disable"))
    {
      g_set_error_literal (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                           "OpenGL is disabled (GSK_LAYER_GL=disable)");
      return NULL;
    }

  info = get_display ();
  if (info->display == EGL_NO_DISPLAY)
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                   "No OpenGL: %s", info->error);
      return NULL;
    }

  if (!g_str_equal (mode, "gles"))
    context = create_context (info->display, FALSE, errors);
  if (context == EGL_NO_CONTEXT && !g_str_equal (mode, "gl"))
    {
      gles = TRUE;
      context = create_context (info->display, TRUE, errors);
    }
  if (context == EGL_NO_CONTEXT)
    {
      g_strchomp (errors->str);
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                   "No OpenGL context: %s", errors->str);
      return NULL;
    }

  self = g_new0 (GskLayerGLContext, 1);
  self->display = info->display;
  self->context = context;
  self->is_gles = gles;

  if (!gsk_layer_gl_context_make_current (self))
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                   "Cannot make the OpenGL context current (%s)",
                   egl_error_string (eglGetError ()));
      return NULL;
    }

  self->version = epoxy_gl_version ();
  if (self->version < 30 || (!gles && self->version < 33))
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                   "OpenGL%s %d.%d is too old (OpenGL 3.3 or OpenGL ES 3.0 needed)",
                   gles ? " ES" : "", self->version / 10, self->version % 10);
      return NULL;
    }

  query_max_texture_size (self);

#ifndef NDEBUG
  if ((!gles && self->version >= 43) || (gles && self->version >= 32) ||
      epoxy_has_gl_extension ("GL_KHR_debug"))
    {
      self->has_debug_output = TRUE;
      glEnable (GL_DEBUG_OUTPUT);
      /* Synchronous, so that a breakpoint in the callback shows the call */
      glEnable (GL_DEBUG_OUTPUT_SYNCHRONOUS);
      glDebugMessageCallback (debug_callback, self);
    }
#endif

  return g_steal_pointer (&self);
}

/* The handle of the current EGL or GLX context, or NULL */
static gpointer
get_current_context (void)
{
  EGLContext egl_context;

  if (epoxy_has_egl () && (egl_context = eglGetCurrentContext ()) != EGL_NO_CONTEXT)
    return egl_context;

#ifdef HAVE_GLX
  {
    /* No GLX context can be current in a process that has not loaded
     * libGL; and epoxy aborts if it cannot load it */
    void *libgl = dlopen ("libGL.so.1", RTLD_LAZY | RTLD_NOLOAD);

    if (libgl != NULL)
      {
        gpointer glx_context;

        dlclose (libgl);
        glx_context = glXGetCurrentContext ();
        if (glx_context != NULL)
          return glx_context;
      }
  }
#endif

  return NULL;
}

/*
 * gsk_layer_gl_context_new_for_current:
 * @error: return location for an error
 *
 * Wraps the context current on this thread, through EGL or GLX. Fails
 * if none is, or if it is older than OpenGL 3.3 / OpenGL ES 3.0.
 */
GskLayerGLContext *
gsk_layer_gl_context_new_for_current (GError **error)
{
  g_autoptr (GskLayerGLContext) self = NULL;
  gpointer handle;

  if (g_str_equal (get_gl_mode (), "disable"))
    {
      g_set_error_literal (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                           "OpenGL is disabled (GSK_LAYER_GL=disable)");
      return NULL;
    }

  handle = get_current_context ();
  if (handle == NULL)
    {
      g_set_error_literal (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                           "No OpenGL context is current (neither through EGL nor GLX)");
      return NULL;
    }

  self = g_new0 (GskLayerGLContext, 1);
  self->borrowed = TRUE;
  self->context = handle;
  self->is_gles = !epoxy_is_desktop_gl ();
  self->version = epoxy_gl_version ();
  if (self->version < 30 || (!self->is_gles && self->version < 33))
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                   "The current context has OpenGL%s %d.%d, which is too old "
                   "(OpenGL 3.3 or OpenGL ES 3.0 needed)",
                   self->is_gles ? " ES" : "", self->version / 10, self->version % 10);
      return NULL;
    }

  query_max_texture_size (self);

  return g_steal_pointer (&self);
}

void
gsk_layer_gl_context_free (GskLayerGLContext *self)
{
  if (self == NULL)
    return;

  if (self->borrowed)
    {
      g_free (self);
      return;
    }

  if (self->context != EGL_NO_CONTEXT)
    {
      if (eglGetCurrentContext () == self->context)
        {
#ifndef NDEBUG
          if (self->has_debug_output)
            glDebugMessageCallback (NULL, NULL);
#endif
          eglMakeCurrent (self->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        }
      eglDestroyContext (self->display, self->context);
    }

  g_free (self);
}

gboolean
gsk_layer_gl_context_is_current (GskLayerGLContext *self)
{
  if (self->borrowed)
    return get_current_context () == self->context;

  return eglGetCurrentContext () == self->context;
}

gboolean
gsk_layer_gl_context_make_current (GskLayerGLContext *self)
{
  if (self->borrowed)
    return gsk_layer_gl_context_is_current (self);

  if (eglGetCurrentContext () == self->context)
    return TRUE;

  return eglMakeCurrent (self->display, EGL_NO_SURFACE, EGL_NO_SURFACE, self->context);
}

char *
gsk_layer_gl_context_describe (GskLayerGLContext *self)
{
  /* An ES version string says “OpenGL ES” itself */
  return g_strdup_printf ("%s%s, %s", self->is_gles ? "" : "OpenGL ",
                          (const char *) glGetString (GL_VERSION),
                          (const char *) glGetString (GL_RENDERER));
}

static const char *
gl_error_string (GLenum error)
{
  switch (error)
    {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    default: return "unknown GL error";
    }
}

gboolean
gsk_layer_gl_check_error (const char *what)
{
#ifndef NDEBUG
  gboolean ok = TRUE;
  GLenum error;
  int n = 0;

  /* Bounded: a lost context may report errors forever */
  while ((error = glGetError ()) != GL_NO_ERROR && n++ < 8)
    {
      g_warning ("GL error %s (0x%x) after %s", gl_error_string (error), error, what);
      ok = FALSE;
    }

  return ok;
#else
  return TRUE;
#endif
}
