/* gsk-layer-impl-private.h: what the files of the layer share
 *
 * gsk-layer.c (the class and its properties), gsk-layer-tree.c,
 * gsk-layer-requests.c, and the files of its groups of properties
 * (appearance, individual transforms, presentation values); the rest of the library sees only
 * gsk-layer-private.h.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"

G_BEGIN_DECLS

/* Hidden, so that these files read it as directly as gsk-layer.c reads
 * G_DEFINE_TYPE's own copy: every access to a layer's fields goes
 * through it */
G_GNUC_INTERNAL extern int gsk_layer_private_offset;

struct _GskLayerTopLevel
{
  cairo_region_t *damage;
  gpointer consumer;
  GskLayerFrameClock *clock;
  gboolean frame_pending;
  /* The host that shows the tree (a GskLayerView) hears of each frame
   * the tree needs */
  GskLayerFrameRequestFunc frame_request_func;
  gpointer frame_request_data;
};

/* The top level's record: gsk-layer-requests.c */
GskLayerTopLevel *gsk_layer_ensure_top_level (GskLayer *self);

/* The helpers below are inline, as they were while all of this was one
 * file: a layer that was a top level frees its record when it joins a
 * tree, every finalize checks for one, and every change marks the path
 * to the top level */
static inline void
gsk_layer_top_level_free (GskLayerTopLevel *top_level)
{
  if (top_level == NULL)
    return;

  g_clear_object (&top_level->clock);
  cairo_region_destroy (top_level->damage);
  g_free (top_level);
}

static inline void
gsk_layer_mark_subtree_dirty (GskLayer *self)
{
  GskLayer *l;

  /* After each compile no layer is subtree_dirty, so an ancestor that
   * already is has all of its own ancestors marked too */
  for (l = self; l != NULL; )
    {
      GskLayerPrivate *p = gsk_layer_get_private (l);
      gboolean tell_clones;

      if (l != self && p->subtree_dirty)
        break;
      tell_clones = G_UNLIKELY (p->clones != NULL) && !p->subtree_dirty;
      p->bounds_valid = FALSE;
      if (!p->subtree_dirty && p->parent != NULL)
        gsk_layer_note_dirty_child (gsk_layer_get_private (p->parent), l);
      p->subtree_dirty = TRUE;
      /* Marked first: a clone that has come under its source marks its
       * way up to it, and stops there */
      if (tell_clones)
        gsk_layer_clones_changed (l);
      l = p->parent;
    }
}

/* {{{ GskLayer's properties, which gsk-layer.c installs and the files of
 * the layer notify */

enum {
  PROP_0,
  PROP_POSITION,
  PROP_SIZE,
  PROP_PIVOT_POINT,
  PROP_TRANSFORM,
  PROP_CHILD_TRANSFORM,
  PROP_Z_POSITION,
  PROP_VISIBLE,
  PROP_OPACITY,
  PROP_CLIP_TO_BOUNDS,
  PROP_BACKGROUND_COLOR,
  PROP_BLEND_MODE,
  PROP_REACTIVE,
  PROP_NAME,
  PROP_CONTENT,
  PROP_CORNER_RADIUS,
  PROP_STYLE,
  PROP_TRANSLATE,
  PROP_ROTATE,
  PROP_ROTATE_AXIS,
  PROP_SCALE,
  PROP_TRANSFORM_STYLE,
  PROP_BACKFACE_VISIBILITY,
  PROP_CHILD_TRANSFORM_ORIGIN,
  PROP_ACCESSIBLE_ROLE,
  PROP_ACCESSIBLE_LABEL,
  PROP_MASK,
  /* gsk-layer-layout-manager.c's, in the order of its indices */
  PROP_LAYOUT_FIRST,
  N_PROPS = PROP_LAYOUT_FIRST + GSK_LAYER_N_LAYOUT_PROPS
};

G_GNUC_INTERNAL extern GParamSpec *gsk_layer_properties[N_PROPS];

/* With an easing state in force, an animatable setter hands its value to
 * a transition instead of setting it */
#define ANIMATE_OR_CONTINUE(self, prop, gtype, value_setter, val)            \
  G_STMT_START {                                                            \
    if (G_UNLIKELY (gsk_layer_get_private (self)->animation != NULL &&     \
                    !gsk_layer_get_private (self)->updating_presentation))  \
      {                                                                     \
        GValue v_ = G_VALUE_INIT;                                           \
        gboolean handled_;                                                  \
                                                                            \
        g_value_init (&v_, gtype);                                          \
        value_setter (&v_, val);                                            \
        handled_ = gsk_layer_animation_hooks->animate_property (self, gsk_layer_properties[prop], &v_);\
        g_value_unset (&v_);                                                \
        if (handled_)                                                       \
          return;                                                           \
      }                                                                     \
  } G_STMT_END

/* Transitions set what is on screen; only the model notifies */
static inline void
notify_model (GskLayer *self,
              guint     prop)
{
  if (!gsk_layer_get_private (self)->updating_presentation)
    g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[prop]);
}

/* The model value while an animation runs, else NULL */
static inline const GValue *
model_value (GskLayer *self,
             guint     prop)
{
  if (G_LIKELY (gsk_layer_get_private (self)->animation == NULL))
    return NULL;
  return gsk_layer_animation_hooks->get_model_value (self, gsk_layer_properties[prop]);
}

static inline gboolean
coordinate_is_valid (float v)
{
  return v >= -GSK_LAYER_MAX_COORDINATE && v <= GSK_LAYER_MAX_COORDINATE;
}

static inline gboolean
length_is_valid (float v)
{
  return v >= 0.f && v <= GSK_LAYER_MAX_COORDINATE;
}

/* The application (not gsk_layer_allocate(), nor an animation's frame)
 * sets the position or size: the layer's constraints start from it,
 * even where it is where they put it */

/* }}} */

/* The corner-radius property: the top-left corner's horizontal radius,
 * the one value of a uniform border-radius. gsk-layer-appearance.c */
float gsk_layer_corner_radius_value (GskLayerPrivate *priv);

/* Dirty tracking and requests: gsk-layer-requests.c */

/* Records a change of every child of @self */
void gsk_layer_children_changed (GskLayer           *self,
                                 GskLayerDirtyFlags  flags);

/* Sends a redraw request up the tree, without marking anything dirty */
void gsk_layer_send_redraw_request (GskLayer                    *self,
                                    const cairo_rectangle_int_t *area);

/* GskLayer's own queue_redraw and queue_relayout */
gboolean gsk_layer_real_queue_redraw (GskLayer                    *self,
                                      GskLayer                    *origin,
                                      const cairo_rectangle_int_t *area);
gboolean gsk_layer_real_queue_relayout (GskLayer *self,
                                        GskLayer *origin);

/* The tree: gsk-layer-tree.c */
void gsk_layer_update_subtree_clocks (GskLayer *self);
/* Adds what the subtree of @self (its masks too) last drew to the
 * damage of @old_root, if any, and marks it to be drawn afresh */
void gsk_layer_forget_subtree (GskLayer *self,
                               GskLayer *old_root);
/* Lets go of the mask of @self, or of @self as a mask (dispose) */
void gsk_layer_release_mask (GskLayer *self);
void gsk_layer_update_children_have_z (GskLayer *self);
/* Removes @child from @self; @emit: with the child-removed signal */
void gsk_layer_unlink_child (GskLayer *self,
                             GskLayer *child,
                             gboolean  emit);

/* The signals the tree emits, whose ids gsk-layer.c keeps with the
 * class */
void gsk_layer_emit_child_added (GskLayer *self,
                                 GskLayer *child);
void gsk_layer_emit_child_removed (GskLayer *self,
                                   GskLayer *child);

G_END_DECLS
