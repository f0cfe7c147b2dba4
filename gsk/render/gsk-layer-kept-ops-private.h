/* gsk-layer-kept-ops-private.h: a group's ops kept from an earlier frame
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

/* A copy of the ops of a group (its PUSH_GROUP first, up to its
 * POP_GROUP) that holds the surfaces and glyph runs they name, so that a
 * pointer compared later is never one reused by something new */
typedef struct
{
  GskLayerRenderOp *ops;
  guint *serials;               /* of each op's surface when kept */
  guint n_ops;
} GskLayerKeptOps;

void     gsk_layer_kept_ops_init  (GskLayerKeptOps        *self,
                                   const GskLayerRenderOp *ops,
                                   guint                   n);
void     gsk_layer_kept_ops_clear (GskLayerKeptOps        *self);
/* Whether @ops (@n of them) draw what the kept ops drew, moved by a
 * whole number of pixels in target space, (*@dx, *@dy) */
gboolean gsk_layer_kept_ops_moved (const GskLayerKeptOps  *self,
                                   const GskLayerRenderOp *ops,
                                   guint                   n,
                                   int                    *dx,
                                   int                    *dy);

G_END_DECLS
