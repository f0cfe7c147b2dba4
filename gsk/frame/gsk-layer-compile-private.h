/* gsk-layer-compile-private.h: the compile of a tree into a render list
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"
#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

typedef struct _GskLayerCompiler GskLayerCompiler;

/* Lays out, draws and compiles the tree under the top-level @root into
 * @list; returns the damage since the previous compile into the same
 * list, or NULL if nothing changed (the list is then left as it was). */
cairo_region_t *gsk_layer_compile (GskLayer           *root,
                                   GskLayerRenderList *list,
                                   gboolean            full);
/* A copy of the list the last compile of @root left, made afresh
 * (@list: its size, scale and style mode set), for checks */
void            gsk_layer_compile_again (GskLayer           *root,
                                         GskLayerRenderList *list);
/* How many times draw() content and styles' borders were rasterized,
 * in all trees: for benchmarks and tests */
guint gsk_layer_compile_get_n_rasterized (void);
/* How many layers compiles have walked (not those whose ops they kept) */
guint gsk_layer_compile_get_n_entered (void);

G_END_DECLS
