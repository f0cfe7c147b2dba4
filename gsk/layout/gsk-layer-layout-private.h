/* gsk-layer-layout-private.h: the layout pass, for the frame pipeline
 * and benchmarks
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"

G_BEGIN_DECLS

/* The layout pass of a frame, on its own (gsk-layer-compile.c); for
 * benchmarks */
void     gsk_layer_run_layout                (GskLayer            *root);
/* How many times layout managers placed children, since the start */
guint    gsk_layer_layout_get_n_allocations  (void);

/* The size @child takes where no layout manager sizes it: its size on
 * the axes the application set, its natural size on the others */
void     gsk_layer_layout_get_natural_size   (GskLayer            *child,
                                              graphene_size_t     *size);
/* Gives @child that size where it is (no layout manager, the fixed
 * layout) */
void     gsk_layer_layout_size_naturally     (GskLayer            *child);

G_END_DECLS
