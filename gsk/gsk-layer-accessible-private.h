/* gsk-layer-accessible-private.h: a layer's accessible description, as
 * the GTK bridge (gsk/gtk/gsk-layer-view-accessible.c) reads it
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-accessible.h"
#include "gsk-layer-private.h"

G_BEGIN_DECLS

typedef enum {
  GSK_LAYER_ACCESSIBLE_PROPERTY,
  GSK_LAYER_ACCESSIBLE_STATE,
  GSK_LAYER_ACCESSIBLE_RELATION,
} GskLayerAccessibleKind;

/* One attribute as set. A relation to layers has @refs (the layers still
 * alive, in order; a single reference has at most one) and an unset
 * @value; any other has its @value, typed as GTK's *_init_value ()
 * types it. */
typedef void (* GskLayerAccessibleFunc) (GskLayer               *layer,
                                         GskLayerAccessibleKind  kind,
                                         int                     attribute,
                                         const GValue           *value,
                                         GskLayer              **refs,
                                         guint                   n_refs,
                                         gpointer                data);

void     gsk_layer_accessible_foreach    (GskLayer               *self,
                                          GskLayerAccessibleFunc  func,
                                          gpointer                data);

/* The role set on @self, GTK_ACCESSIBLE_ROLE_NONE when unset: its class's
 * then applies (gsk_layer_get_accessible_role () gives the result) */
gboolean gsk_layer_accessible_role_is_set (GskLayer *self);

/* Bumped on every change of @self's role or attributes (0 while it
 * never had any) */
guint    gsk_layer_accessible_get_age    (GskLayer *self);

/* Called (when set) after any change of a layer's role or attributes:
 * the bridge installs it while assistive technology listens */
extern void (* gsk_layer_accessible_changed_hook) (GskLayer *self);

/* Whether a relation takes references to layers: 1 a single one, 2 a
 * list, 0 a value */
guint    gsk_layer_accessible_relation_refs (GtkAccessibleRelation relation);

/* Frees @self's description: at finalize */
void     gsk_layer_accessible_free       (GskLayer *self);

G_END_DECLS
