/* gsk-layer-constraint-private.h: constraints, for the layout pass
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"

G_BEGIN_DECLS

/* Runs the constraints of @parent's children, after its own layout */
void gsk_layer_run_constraints  (GskLayer *parent);
/* When @self goes: its constraints let go of it */
void gsk_layer_free_constraints (GskLayer *self);

G_END_DECLS
