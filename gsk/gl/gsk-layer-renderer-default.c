/* gsk-layer-renderer-default.c: the renderer for callers that do not
 * choose one: GL wherever it can run, else software
 *
 * It sits with the GL backend, which is the default and the one that
 * falls back to the software backend; the core knows no backend.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-renderer.h"

/**
 * gsk_layer_renderer_new_default:
 *
 * Creates the renderer GSK draws best with here: the GL renderer
 * wherever an OpenGL or OpenGL ES context can be created, else the
 * software renderer, after a message saying why GL cannot run.
 *
 * The environment variable `GSK_LAYER_RENDERER` chooses instead:
 * `software`, or `gl` (which still falls back to software, with the
 * message, where GL cannot run). Other values are ignored with a
 * warning.
 *
 * Returns: (transfer full): the renderer, never %NULL
 *
 * Since: 0.1
 */
GskLayerRenderer *
gsk_layer_renderer_new_default (void)
{
  const char *choice = g_getenv ("GSK_LAYER_RENDERER");
  GskLayerRenderer *renderer;
  GError *error = NULL;

  if (choice != NULL && *choice != '\0')
    {
      if (g_str_equal (choice, "software"))
        return gsk_layer_software_renderer_new ();
      if (!g_str_equal (choice, "gl"))
        g_warning ("GSK_LAYER_RENDERER=%s: unknown renderer (expected “gl” or “software”); "
                   "choosing one as without it", choice);
    }

  renderer = gsk_layer_gl_renderer_new (&error);
  if (renderer != NULL)
    return renderer;

  g_message ("Cannot use the GL renderer (%s): using the software renderer", error->message);
  g_error_free (error);

  return gsk_layer_software_renderer_new ();
}

/**
 * gsk_layer_renderer_new_for_backend:
 * @backend: the name of a backend: `software`, `gl`, or `auto` for
 *   [ctor@LayerRenderer.new_default]
 * @error: return location for an error
 *
 * Creates a renderer for the named backend.
 *
 * `gl` fails, with @error saying why, when no OpenGL context can be
 * had here (see [ctor@LayerGLRenderer.new]); `auto` never fails.
 *
 * Returns: (transfer full) (nullable): the renderer, or %NULL if there
 *   is no such backend here or it cannot run
 *
 * Since: 0.1
 */
GskLayerRenderer *
gsk_layer_renderer_new_for_backend (const char  *backend,
                                    GError     **error)
{
  g_return_val_if_fail (backend != NULL, NULL);

  if (g_str_equal (backend, "software"))
    return gsk_layer_software_renderer_new ();
  if (g_str_equal (backend, "gl"))
    return gsk_layer_gl_renderer_new (error);
  if (g_str_equal (backend, "auto"))
    return gsk_layer_renderer_new_default ();

  g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE,
               "unknown backend “%s” (expected “software”, “gl” or “auto”)", backend);
  return NULL;
}
