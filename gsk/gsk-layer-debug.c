/* gsk-layer-debug.c: switches read from GSK_LAYER_DEBUG
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-debug-private.h"

static const GDebugKey debug_keys[] = {
  { "full-redraw", GSK_LAYER_DEBUG_FULL_REDRAW },
  { "no-cull", GSK_LAYER_DEBUG_NO_CULL },
  { "no-cache", GSK_LAYER_DEBUG_NO_CACHE },
  { "check-damage", GSK_LAYER_DEBUG_CHECK_DAMAGE },
  { "no-threads", GSK_LAYER_DEBUG_NO_THREADS },
  { "no-atlas", GSK_LAYER_DEBUG_NO_ATLAS },
  { "full-res-blur", GSK_LAYER_DEBUG_FULL_RES_BLUR },
  { "vector-style", GSK_LAYER_DEBUG_VECTOR_STYLE },
  { "raster-style", GSK_LAYER_DEBUG_RASTER_STYLE },
};

GskLayerDebugFlags
gsk_layer_get_debug_flags (void)
{
  static gsize flags;

  if (g_once_init_enter (&flags))
    {
      guint f = g_parse_debug_string (g_getenv ("GSK_LAYER_DEBUG"),
                                      debug_keys, G_N_ELEMENTS (debug_keys));

      /* Keep the value non-zero for g_once_init_leave() */
      g_once_init_leave (&flags, f | (1u << 31));
    }

  return flags & ~(1u << 31);
}
