/* gsk-layer-layout-manager.c: the sizes layers ask for, and the
 * delegates that size and place children with them
 *
 * A layer asks for a size along each axis (gsk_layer_measure()): the
 * one set by hand, else its layout manager's answer from its children,
 * else its class's (content and text). A layout manager places the
 * children of its layer in the layout pass, reading each child's
 * measure, margins, alignments and expansion, which live on the child.
 * The managers themselves are in gsk/layout/.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-private.h"
#include "gsk-layer-layout-manager.h"
#include "gsk-layer-layout-private.h"
#include "gsk-layer-constraint-private.h"
#include "gsk-layer-style-private.h"
#include "gsk-layer-enum-types.h"

/* {{{ GskLayerLayoutManager */

/**
 * GskLayerLayoutManager:
 *
 * Sizes and places the children of one layer, once per frame when
 * something it depends on changed: the layer's size, its children, or
 * their preferred sizes and layout properties ([property@Layer:x-align],
 * [property@Layer:margin-top] …). Set it with
 * [method@Layer.set_layout_manager]; GSK has box and bin managers
 * ([class@LayerBoxLayout], [class@LayerBinLayout]), and applications
 * subclass this for their own, as Clutter's layout managers were.
 *
 * A manager serves one layer at a time.
 *
 * Since: 0.1
 */

typedef struct
{
  GskLayer *layer;  /* not a reference: the layer holds the manager */
} GskLayerLayoutManagerPrivate;

static const GskLayerLayoutHooks layout_hooks;

/* GskLayer registers the type for its layout-manager property, in its
 * class_init: the hooks are in place before any layer exists */
G_DEFINE_ABSTRACT_TYPE_WITH_CODE (GskLayerLayoutManager, gsk_layer_layout_manager, G_TYPE_OBJECT,
                                  G_ADD_PRIVATE (GskLayerLayoutManager)
                                  gsk_layer_layout_hooks = &layout_hooks)

static void
gsk_layer_layout_manager_real_measure (GskLayerLayoutManager *self,
                                       GskLayer              *container,
                                       GskLayerOrientation    orientation,
                                       float                  for_size,
                                       float                 *minimum,
                                       float                 *natural)
{
  *minimum = *natural = 0.f;
}

static void
gsk_layer_layout_manager_real_allocate (GskLayerLayoutManager *self,
                                        GskLayer              *container,
                                        float                  width,
                                        float                  height)
{
}

static void
gsk_layer_layout_manager_class_init (GskLayerLayoutManagerClass *klass)
{
  klass->measure = gsk_layer_layout_manager_real_measure;
  klass->allocate = gsk_layer_layout_manager_real_allocate;
}

static void
gsk_layer_layout_manager_init (GskLayerLayoutManager *self)
{
}

/**
 * gsk_layer_layout_manager_get_layer:
 * @self: a layout manager
 *
 * Gets the layer @self is the layout manager of (see
 * [method@Layer.set_layout_manager]).
 *
 * Returns: (transfer none) (nullable): the layer whose children @self
 *   lays out, or %NULL if it serves none
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_layout_manager_get_layer (GskLayerLayoutManager *self)
{
  GskLayerLayoutManagerPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_LAYOUT_MANAGER (self), NULL);

  priv = gsk_layer_layout_manager_get_instance_private (self);
  return priv->layer;
}

/**
 * gsk_layer_layout_manager_layout_changed:
 * @self: a layout manager
 *
 * Tells the layer that its layout changed: one of @self's own
 * properties (a spacing, an orientation). The layer and its ancestors
 * are laid out again before the next frame.
 *
 * Since: 0.1
 */
void
gsk_layer_layout_manager_layout_changed (GskLayerLayoutManager *self)
{
  GskLayerLayoutManagerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_LAYOUT_MANAGER (self));

  priv = gsk_layer_layout_manager_get_instance_private (self);
  if (priv->layer)
    gsk_layer_queue_resize (priv->layer);
}

/* }}} */
/* {{{ On the layer */

/**
 * gsk_layer_set_layout_manager:
 * @self: a layer
 * @manager: (nullable): the manager of @self's children, or %NULL for
 *   none: children then keep the positions and sizes they are given
 *
 * Gives @self a layout manager, which sizes and places its children
 * from now on. A manager already serving another layer is refused with
 * a critical warning, and nothing changes.
 *
 * Since: 0.1
 */
void
gsk_layer_set_layout_manager (GskLayer              *self,
                              GskLayerLayoutManager *manager)
{
  GskLayerPrivate *priv;
  GskLayerLayoutManagerPrivate *mpriv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (manager == NULL || GSK_IS_LAYER_LAYOUT_MANAGER (manager));
  g_return_if_fail (manager == NULL ||
                    ((GskLayerLayoutManagerPrivate *) gsk_layer_layout_manager_get_instance_private (manager))->layer == NULL ||
                    ((GskLayerLayoutManagerPrivate *) gsk_layer_layout_manager_get_instance_private (manager))->layer == self);

  priv = gsk_layer_get_private (self);
  if (priv->layout_manager == manager)
    return;

  if (priv->layout_manager)
    {
      mpriv = gsk_layer_layout_manager_get_instance_private (priv->layout_manager);
      mpriv->layer = NULL;
      g_clear_object (&priv->layout_manager);
    }
  if (manager)
    {
      priv->layout_manager = g_object_ref (manager);
      mpriv = gsk_layer_layout_manager_get_instance_private (manager);
      mpriv->layer = self;
    }

  gsk_layer_queue_resize (self);
  gsk_layer_notify_layout (self, GSK_LAYER_LAYOUT_PROP_LAYOUT_MANAGER);
}

/**
 * gsk_layer_get_layout_manager:
 * @self: a layer
 *
 * Gets the layout manager that sizes and places the children of @self,
 * as set with [method@Layer.set_layout_manager].
 *
 * Returns: (transfer none) (nullable): the layout manager of @self, or
 *   %NULL if it has none (the default)
 *
 * Since: 0.1
 */
GskLayerLayoutManager *
gsk_layer_get_layout_manager (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return gsk_layer_get_private (self)->layout_manager;
}

static guint n_allocations;

guint
gsk_layer_layout_get_n_allocations (void)
{
  return n_allocations;
}

void
gsk_layer_layout_get_natural_size (GskLayer        *child,
                                   graphene_size_t *size)
{
  GskLayerPrivate *priv = gsk_layer_get_private (child);
  graphene_size_t natural;

  gsk_layer_get_size (child, size);
  if (priv->width_set && priv->height_set)
    return;

  if (priv->width_set)
    {
      /* The height for the width set */
      gsk_layer_measure (child, GSK_LAYER_ORIENTATION_VERTICAL, size->width, NULL, &size->height);
      return;
    }
  if (priv->height_set)
    {
      gsk_layer_measure (child, GSK_LAYER_ORIENTATION_HORIZONTAL, size->height, NULL, &size->width);
      return;
    }
  gsk_layer_get_preferred_size (child, NULL, &natural);
  *size = natural;
}

void
gsk_layer_layout_size_naturally (GskLayer *child)
{
  GskLayerPrivate *priv = gsk_layer_get_private (child);
  graphene_size_t size, natural;
  graphene_point_t position;

  /* Measured only when what it asks for may have changed: a thousand
   * labels in one parent are not laid out again when one changes */
  if ((priv->width_set && priv->height_set) || !priv->natural_size_dirty)
    return;
  priv->natural_size_dirty = FALSE;

  gsk_layer_get_size (child, &size);
  gsk_layer_layout_get_natural_size (child, &natural);
  if (graphene_size_equal (&size, &natural))
    return;

  /* As a layout manager would, so that it animates with the parent's
   * easing state */
  gsk_layer_get_position (child, &position);
  gsk_layer_allocate (child, position.x, position.y, natural.width, natural.height);
}

/* Lets the layer's manager place its children: the default
 * layout_children(). With none, each child whose size the application
 * did not set takes its natural size where it is */
static void
gsk_layer_run_layout_manager (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->layout_manager == NULL)
    {
      GskLayer *child, *next;

      /* Handlers of the size's notification may change the children */
      for (child = priv->first_child; child != NULL; child = next)
        {
          g_object_ref (child);
          gsk_layer_layout_size_naturally (child);
          next = gsk_layer_get_parent (child) == self ? gsk_layer_get_private (child)->next_sibling : NULL;
          g_object_unref (child);
        }
    }
  else
    {
      n_allocations++;
      GskLayerLayoutManager *manager = g_object_ref (priv->layout_manager);

      GSK_LAYER_LAYOUT_MANAGER_GET_CLASS (manager)->allocate (manager, self, priv->size.width,
                                                              priv->size.height);
      g_object_unref (manager);
    }
}

/* The default measure(): the content's preferred size in the style's
 * edges, or nothing */
static void
gsk_layer_real_measure (GskLayer            *self,
                        GskLayerOrientation  orientation,
                        float                for_size,
                        float               *minimum,
                        float               *natural)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  graphene_rect_t box;
  float w, h, size = 0.f;

  if (priv->content != NULL && gsk_layer_content_get_preferred_size (priv->content, &w, &h))
    {
      /* The edges: what the content box leaves of the border box */
      gsk_layer_style_get_content_box (priv->style, &GRAPHENE_SIZE_INIT (1e6f, 1e6f), &box);
      size = orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? w + (1e6f - box.size.width)
                                                             : h + (1e6f - box.size.height);
    }

  *minimum = *natural = size;
}

static inline gboolean
size_is_set (float size)
{
  return size >= 0.f;
}

/**
 * gsk_layer_measure:
 * @self: a layer
 * @orientation: the axis
 * @for_size: the size along the other axis it is measured for, or -1
 *   for none (text that wraps is taller in a narrower width)
 * @minimum: (out) (optional): the least it can take, in layout units
 * @natural: (out) (optional): what it would take, at least @minimum
 *
 * The size @self asks for along @orientation: its border box, without
 * its margins. It is the size set with
 * [method@Layer.set_preferred_size] where one is set on that axis, else
 * its layout manager's answer from its children, else its class's
 * ([vfunc@Layer.measure]): a text layer's text, an image's pixels, in
 * the style's border and padding; else 0. Layout managers read it to
 * size the children they place.
 *
 * Since: 0.1
 */
void
gsk_layer_measure (GskLayer            *self,
                   GskLayerOrientation  orientation,
                   float                for_size,
                   float               *minimum,
                   float               *natural)
{
  GskLayerPrivate *priv;
  float min = 0.f, nat = 0.f, set;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ||
                    orientation == GSK_LAYER_ORIENTATION_VERTICAL);

  priv = gsk_layer_get_private (self);
  set = orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? priv->preferred_size.width : priv->preferred_size.height;
  if (size_is_set (set))
    min = nat = set;
  else if (priv->layout_manager)
    GSK_LAYER_LAYOUT_MANAGER_GET_CLASS (priv->layout_manager)->measure (priv->layout_manager, self, orientation,
                                                                        for_size, &min, &nat);
  else
    GSK_LAYER_GET_CLASS (self)->measure (self, orientation, for_size, &min, &nat);

  /* What a subclass or manager answers stays in range */
  min = isfinite (min) ? CLAMP (min, 0.f, GSK_LAYER_MAX_COORDINATE) : 0.f;
  nat = isfinite (nat) ? CLAMP (nat, min, GSK_LAYER_MAX_COORDINATE) : min;
  if (minimum)
    *minimum = min;
  if (natural)
    *natural = nat;
}

/**
 * gsk_layer_get_preferred_size:
 * @self: a layer
 * @minimum: (out caller-allocates) (optional): the least it can take
 * @natural: (out caller-allocates) (optional): what it would take
 *
 * Both axes of [method@Layer.measure], in the order of
 * [property@Layer:request-mode]: by default the width for no height,
 * then the height for that natural width.
 *
 * Since: 0.1
 */
void
gsk_layer_get_preferred_size (GskLayer        *self,
                              graphene_size_t *minimum,
                              graphene_size_t *natural)
{
  float min_w, nat_w, min_h, nat_h;

  g_return_if_fail (GSK_IS_LAYER (self));

  if (gsk_layer_get_private (self)->request_mode == GSK_LAYER_REQUEST_WIDTH_FOR_HEIGHT)
    {
      gsk_layer_measure (self, GSK_LAYER_ORIENTATION_VERTICAL, -1, &min_h, &nat_h);
      gsk_layer_measure (self, GSK_LAYER_ORIENTATION_HORIZONTAL, nat_h, &min_w, &nat_w);
    }
  else
    {
      gsk_layer_measure (self, GSK_LAYER_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w);
      gsk_layer_measure (self, GSK_LAYER_ORIENTATION_VERTICAL, nat_w, &min_h, &nat_h);
    }
  if (minimum)
    graphene_size_init (minimum, min_w, min_h);
  if (natural)
    graphene_size_init (natural, nat_w, nat_h);
}

/**
 * gsk_layer_set_request_mode:
 * @self: a layer
 * @mode: which of its sizes is asked for first
 *
 * Sets the order in which [method@Layer.get_preferred_size] measures
 * @self. The default is %GSK_LAYER_REQUEST_HEIGHT_FOR_WIDTH.
 *
 * Since: 0.1
 */
void
gsk_layer_set_request_mode (GskLayer            *self,
                            GskLayerRequestMode  mode)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (mode == GSK_LAYER_REQUEST_HEIGHT_FOR_WIDTH || mode == GSK_LAYER_REQUEST_WIDTH_FOR_HEIGHT);

  priv = gsk_layer_get_private (self);
  if (priv->request_mode == mode)
    return;
  priv->request_mode = mode;
  gsk_layer_queue_resize (self);
  gsk_layer_notify_layout (self, GSK_LAYER_LAYOUT_PROP_REQUEST_MODE);
}

/**
 * gsk_layer_get_request_mode:
 * @self: a layer
 *
 * Gets the order in which [method@Layer.get_preferred_size] measures
 * @self, as set with [method@Layer.set_request_mode].
 *
 * Returns: which of the sizes of @self is asked for first;
 *   %GSK_LAYER_REQUEST_HEIGHT_FOR_WIDTH by default
 *
 * Since: 0.1
 */
GskLayerRequestMode
gsk_layer_get_request_mode (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), GSK_LAYER_REQUEST_HEIGHT_FOR_WIDTH);

  return gsk_layer_get_private (self)->request_mode;
}

/**
 * gsk_layer_set_preferred_size:
 * @self: a layer
 * @size: the size it asks for, minimum and natural: a negative width or
 *   height sets none on that axis (the default)
 *
 * Sets the size @self asks of its parent's layout manager by hand, as
 * Clutter's fixed preferred sizes (CSS `width` and `height` on an
 * element in a flex or grid layout). It does not change
 * [property@Layer:size], which layout managers set. Does nothing, with
 * a critical warning, for a size that is NaN or too large.
 *
 * Since: 0.1
 */
void
gsk_layer_set_preferred_size (GskLayer              *self,
                              const graphene_size_t *size)
{
  GskLayerPrivate *priv;
  graphene_size_t s;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (size != NULL);
  g_return_if_fail (!isnan (size->width) && !isnan (size->height) &&
                    size->width <= GSK_LAYER_MAX_COORDINATE && size->height <= GSK_LAYER_MAX_COORDINATE);

  s = GRAPHENE_SIZE_INIT (size->width >= 0 ? size->width : -1, size->height >= 0 ? size->height : -1);
  priv = gsk_layer_get_private (self);
  if (graphene_size_equal (&priv->preferred_size, &s))
    return;

  priv->preferred_size = s;
  gsk_layer_queue_resize (self);
  gsk_layer_notify_layout (self, GSK_LAYER_LAYOUT_PROP_PREFERRED_SIZE);
}

/* Within [@low, GSK_LAYER_MAX_COORDINATE]; NaN is 0 */
static inline float
clamp_coordinate (float value,
                  float low)
{
  return isnan (value) ? 0.f : CLAMP (value, low, (float) GSK_LAYER_MAX_COORDINATE);
}

/**
 * gsk_layer_allocate:
 * @self: a layer
 * @x: its position in its parent, x
 * @y: y
 * @width: its size, width
 * @height: height
 *
 * Places @self, for layout managers and constraints: sets its position
 * and size. When the layout changed inside an easing state (the
 * container's, as with Clutter's set_easing_duration() on a container,
 * or a child's whose request changed), they animate with it; a running
 * animation of them is retargeted over what is left of it, never made
 * to jump. Else they animate as those do when an easing state is in
 * force on @self.
 *
 * Margins, spacing and constraint offsets are each within
 * %GSK_LAYER_MAX_COORDINATE, but what they add up to may not be: the
 * position is clamped to ±%GSK_LAYER_MAX_COORDINATE and the size to 0
 * to %GSK_LAYER_MAX_COORDINATE (a value that is not a number counts as
 * 0), so that layout never leaves a layer where it was.
 *
 * Since: 0.1
 */
void
gsk_layer_allocate (GskLayer *self,
                    float     x,
                    float     y,
                    float     width,
                    float     height)
{
  GskLayerPrivate *priv;
  GskLayer *parent;
  gboolean nested;

  g_return_if_fail (GSK_IS_LAYER (self));

  x = clamp_coordinate (x, -GSK_LAYER_MAX_COORDINATE);
  y = clamp_coordinate (y, -GSK_LAYER_MAX_COORDINATE);
  width = clamp_coordinate (width, 0.f);
  height = clamp_coordinate (height, 0.f);

  /* Setters may run code that drops it */
  g_object_ref (self);
  priv = gsk_layer_get_private (self);
  nested = priv->in_allocate;
  /* A layout manager placing a layer that has constraints: they start
   * from the box it gives, in this same layout pass */
  if (!nested && priv->has_constraint_base)
    {
      priv->constraint_base_position = GRAPHENE_POINT_INIT (x, y);
      priv->constraint_base = GRAPHENE_SIZE_INIT (width, height);
    }
  priv->in_allocate = TRUE;

  parent = gsk_layer_get_parent (self);
  if (priv->animation != NULL || (parent != NULL && gsk_layer_get_private (parent)->animation != NULL))
    gsk_layer_animation_hooks->allocate (self, &GRAPHENE_POINT_INIT (x, y),
                                         &GRAPHENE_SIZE_INIT (width, height));
  else
    {
      gsk_layer_set_position (self, &GRAPHENE_POINT_INIT (x, y));
      gsk_layer_set_size (self, &GRAPHENE_SIZE_INIT (width, height));
    }

  if (!nested)
    priv->in_allocate = FALSE;
  g_object_unref (self);
}

/* }}} */
/* {{{ Per-child layout properties */

/**
 * gsk_layer_set_margin:
 * @self: a layer
 * @top: room kept free above it, in layout units
 * @right: to its right
 * @bottom: below it
 * @left: to its left
 *
 * Sets the room the parent's layout manager keeps around @self, as CSS
 * `margin`. Negative margins are allowed (the layer reaches past its
 * room); NaN or too large a value is refused with a critical warning,
 * and nothing changes. The default is 0 all round.
 *
 * Since: 0.1
 */
void
gsk_layer_set_margin (GskLayer *self,
                      float     top,
                      float     right,
                      float     bottom,
                      float     left)
{
  GskLayerPrivate *priv;
  float m[4] = { top, right, bottom, left };
  int i;

  g_return_if_fail (GSK_IS_LAYER (self));
  for (i = 0; i < 4; i++)
    g_return_if_fail (isfinite (m[i]) && fabsf (m[i]) <= GSK_LAYER_MAX_COORDINATE);

  priv = gsk_layer_get_private (self);
  g_object_freeze_notify (G_OBJECT (self));
  for (i = 0; i < 4; i++)
    if (priv->margin[i] != m[i])
      {
        priv->margin[i] = m[i];
        gsk_layer_notify_layout (self, GSK_LAYER_LAYOUT_PROP_MARGIN_TOP + i);
        gsk_layer_queue_resize (self);
      }
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * gsk_layer_get_margin:
 * @self: a layer
 * @top: (out) (optional): the margin above
 * @right: (out) (optional): to the right
 * @bottom: (out) (optional): below
 * @left: (out) (optional): to the left
 *
 * Gets the margins of [method@Layer.set_margin].
 *
 * Since: 0.1
 */
void
gsk_layer_get_margin (GskLayer *self,
                      float    *top,
                      float    *right,
                      float    *bottom,
                      float    *left)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  if (top)
    *top = priv->margin[0];
  if (right)
    *right = priv->margin[1];
  if (bottom)
    *bottom = priv->margin[2];
  if (left)
    *left = priv->margin[3];
}

static void
set_align (GskLayer      *self,
           guint8        *field,
           GskLayerAlign  align,
           guint          prop)
{
  if (*field == align)
    return;
  *field = align;
  gsk_layer_queue_resize (self);
  gsk_layer_notify_layout (self, prop);
}

/**
 * gsk_layer_set_x_align:
 * @self: a layer
 * @align: where it goes across the room its parent's layout manager
 *   gives it
 *
 * Sets how @self fills the width it is given: all of it
 * (%GSK_LAYER_ALIGN_FILL, the default) or its natural width at the
 * start, end or centre.
 *
 * Since: 0.1
 */
void
gsk_layer_set_x_align (GskLayer      *self,
                       GskLayerAlign  align)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (align <= GSK_LAYER_ALIGN_CENTER);

  set_align (self, &gsk_layer_get_private (self)->x_align, align, GSK_LAYER_LAYOUT_PROP_X_ALIGN);
}

/**
 * gsk_layer_get_x_align:
 * @self: a layer
 *
 * Gets how @self fills the width its parent's layout manager gives it,
 * as set with [method@Layer.set_x_align].
 *
 * Returns: the horizontal alignment of @self; %GSK_LAYER_ALIGN_FILL by
 *   default
 *
 * Since: 0.1
 */
GskLayerAlign
gsk_layer_get_x_align (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), GSK_LAYER_ALIGN_FILL);

  return gsk_layer_get_private (self)->x_align;
}

/**
 * gsk_layer_set_y_align:
 * @self: a layer
 * @align: where it goes down the room its parent's layout manager gives
 *   it
 *
 * As [method@Layer.set_x_align], for the height.
 *
 * Since: 0.1
 */
void
gsk_layer_set_y_align (GskLayer      *self,
                       GskLayerAlign  align)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (align <= GSK_LAYER_ALIGN_CENTER);

  set_align (self, &gsk_layer_get_private (self)->y_align, align, GSK_LAYER_LAYOUT_PROP_Y_ALIGN);
}

/**
 * gsk_layer_get_y_align:
 * @self: a layer
 *
 * Gets how @self fills the height its parent's layout manager gives it,
 * as set with [method@Layer.set_y_align].
 *
 * Returns: the vertical alignment of @self; %GSK_LAYER_ALIGN_FILL by
 *   default
 *
 * Since: 0.1
 */
GskLayerAlign
gsk_layer_get_y_align (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), GSK_LAYER_ALIGN_FILL);

  return gsk_layer_get_private (self)->y_align;
}

/**
 * gsk_layer_set_x_expand:
 * @self: a layer
 * @expand: whether it takes a share of the width left over
 *
 * Sets whether a horizontal layout gives @self a share of the room its
 * children leave, as GTK's hexpand. The default is %FALSE.
 *
 * Since: 0.1
 */
void
gsk_layer_set_x_expand (GskLayer *self,
                        gboolean  expand)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  if (priv->x_expand == !!expand)
    return;
  priv->x_expand = !!expand;
  gsk_layer_queue_resize (self);
  gsk_layer_notify_layout (self, GSK_LAYER_LAYOUT_PROP_X_EXPAND);
}

/**
 * gsk_layer_get_x_expand:
 * @self: a layer
 *
 * Gets whether a horizontal layout gives @self a share of the width
 * left over, as set with [method@Layer.set_x_expand].
 *
 * Returns: whether @self takes a share of the width left over; %FALSE
 *   by default
 *
 * Since: 0.1
 */
gboolean
gsk_layer_get_x_expand (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  return gsk_layer_get_private (self)->x_expand;
}

/**
 * gsk_layer_set_y_expand:
 * @self: a layer
 * @expand: whether it takes a share of the height left over
 *
 * As [method@Layer.set_x_expand], for vertical layouts.
 *
 * Since: 0.1
 */
void
gsk_layer_set_y_expand (GskLayer *self,
                        gboolean  expand)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  if (priv->y_expand == !!expand)
    return;
  priv->y_expand = !!expand;
  gsk_layer_queue_resize (self);
  gsk_layer_notify_layout (self, GSK_LAYER_LAYOUT_PROP_Y_EXPAND);
}

/**
 * gsk_layer_get_y_expand:
 * @self: a layer
 *
 * Gets whether a vertical layout gives @self a share of the height left
 * over, as set with [method@Layer.set_y_expand].
 *
 * Returns: whether @self takes a share of the height left over; %FALSE
 *   by default
 *
 * Since: 0.1
 */
gboolean
gsk_layer_get_y_expand (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  return gsk_layer_get_private (self)->y_expand;
}

/* }}} */
/* {{{ Properties, installed and dispatched by GskLayer */

static void
gsk_layer_layout_install_properties (GParamSpec **pspecs)
{
  static const char * const margins[4] = { "margin-top", "margin-right", "margin-bottom", "margin-left" };
  static const char * const margin_blurbs[4] = {
    "Room kept free above the layer by its parent's layout manager, in layout units",
    "Room kept free to the right of the layer by its parent's layout manager, in layout units",
    "Room kept free below the layer by its parent's layout manager, in layout units",
    "Room kept free to the left of the layer by its parent's layout manager, in layout units",
  };
  int i;

  /**
   * GskLayer:layout-manager:
   *
   * The layout manager of the layer's children, or %NULL.
   *
   * Since: 0.1
   */
  pspecs[GSK_LAYER_LAYOUT_PROP_LAYOUT_MANAGER] =
    g_param_spec_object ("layout-manager", NULL, "The layout manager of the layer's children, or NULL", GSK_TYPE_LAYER_LAYOUT_MANAGER,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:preferred-size:
   *
   * The size the layer asks of its parent's layout manager, set by hand;
   * -1 on an axis for none (the default). See
   * [method@Layer.set_preferred_size].
   *
   * Since: 0.1
   */
  pspecs[GSK_LAYER_LAYOUT_PROP_PREFERRED_SIZE] =
    g_param_spec_boxed ("preferred-size", NULL, "The size the layer asks of its parent's layout manager, set by hand; -1 on an axis for none (the default)", GRAPHENE_TYPE_SIZE,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:margin-top:
   *
   * Room kept free above the layer by its parent's layout manager.
   *
   * Since: 0.1
   */
  /**
   * GskLayer:margin-right:
   *
   * Room kept free to the right of the layer.
   *
   * Since: 0.1
   */
  /**
   * GskLayer:margin-bottom:
   *
   * Room kept free below the layer.
   *
   * Since: 0.1
   */
  /**
   * GskLayer:margin-left:
   *
   * Room kept free to the left of the layer.
   *
   * Since: 0.1
   */
  for (i = 0; i < 4; i++)
    pspecs[GSK_LAYER_LAYOUT_PROP_MARGIN_TOP + i] =
      g_param_spec_float (margins[i], NULL, margin_blurbs[i], -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE, 0.f,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:x-align:
   *
   * How the layer fills the width its parent's layout manager gives it.
   *
   * Since: 0.1
   */
  pspecs[GSK_LAYER_LAYOUT_PROP_X_ALIGN] =
    g_param_spec_enum ("x-align", NULL, "How the layer fills the width its parent's layout manager gives it", GSK_TYPE_LAYER_ALIGN, GSK_LAYER_ALIGN_FILL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:y-align:
   *
   * How the layer fills the height its parent's layout manager gives it.
   *
   * Since: 0.1
   */
  pspecs[GSK_LAYER_LAYOUT_PROP_Y_ALIGN] =
    g_param_spec_enum ("y-align", NULL, "How the layer fills the height its parent's layout manager gives it", GSK_TYPE_LAYER_ALIGN, GSK_LAYER_ALIGN_FILL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:x-expand:
   *
   * Whether a horizontal layout gives the layer a share of the width
   * left over.
   *
   * Since: 0.1
   */
  pspecs[GSK_LAYER_LAYOUT_PROP_X_EXPAND] =
    g_param_spec_boolean ("x-expand", NULL, "Whether a horizontal layout gives the layer a share of the width left over", FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:y-expand:
   *
   * Whether a vertical layout gives the layer a share of the height
   * left over.
   *
   * Since: 0.1
   */
  /**
   * GskLayer:request-mode:
   *
   * Which of the layer's sizes [method@Layer.get_preferred_size] asks
   * for first.
   *
   * Since: 0.1
   */
  pspecs[GSK_LAYER_LAYOUT_PROP_REQUEST_MODE] =
    g_param_spec_enum ("request-mode", NULL, "Which of the layer's sizes get_preferred_size asks for first", GSK_TYPE_LAYER_REQUEST_MODE, GSK_LAYER_REQUEST_HEIGHT_FOR_WIDTH,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  pspecs[GSK_LAYER_LAYOUT_PROP_Y_EXPAND] =
    g_param_spec_boolean ("y-expand", NULL, "Whether a vertical layout gives the layer a share of the height left over", FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
}

static gboolean
gsk_layer_layout_set_property (GskLayer     *self,
                               guint         prop,
                               const GValue *value)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  float m[4];

  switch (prop)
    {
    case GSK_LAYER_LAYOUT_PROP_LAYOUT_MANAGER:
      gsk_layer_set_layout_manager (self, g_value_get_object (value));
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_PREFERRED_SIZE:
      if (g_value_get_boxed (value))
        gsk_layer_set_preferred_size (self, g_value_get_boxed (value));
      else
        gsk_layer_set_preferred_size (self, &GRAPHENE_SIZE_INIT (-1, -1));
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_MARGIN_TOP:
    case GSK_LAYER_LAYOUT_PROP_MARGIN_RIGHT:
    case GSK_LAYER_LAYOUT_PROP_MARGIN_BOTTOM:
    case GSK_LAYER_LAYOUT_PROP_MARGIN_LEFT:
      memcpy (m, priv->margin, sizeof m);
      m[prop - GSK_LAYER_LAYOUT_PROP_MARGIN_TOP] = g_value_get_float (value);
      gsk_layer_set_margin (self, m[0], m[1], m[2], m[3]);
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_X_ALIGN:
      gsk_layer_set_x_align (self, g_value_get_enum (value));
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_Y_ALIGN:
      gsk_layer_set_y_align (self, g_value_get_enum (value));
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_X_EXPAND:
      gsk_layer_set_x_expand (self, g_value_get_boolean (value));
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_Y_EXPAND:
      gsk_layer_set_y_expand (self, g_value_get_boolean (value));
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_REQUEST_MODE:
      gsk_layer_set_request_mode (self, g_value_get_enum (value));
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
gsk_layer_layout_get_property (GskLayer *self,
                               guint     prop,
                               GValue   *value)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  switch (prop)
    {
    case GSK_LAYER_LAYOUT_PROP_LAYOUT_MANAGER:
      g_value_set_object (value, priv->layout_manager);
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_PREFERRED_SIZE:
      g_value_set_boxed (value, &priv->preferred_size);
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_MARGIN_TOP:
    case GSK_LAYER_LAYOUT_PROP_MARGIN_RIGHT:
    case GSK_LAYER_LAYOUT_PROP_MARGIN_BOTTOM:
    case GSK_LAYER_LAYOUT_PROP_MARGIN_LEFT:
      g_value_set_float (value, priv->margin[prop - GSK_LAYER_LAYOUT_PROP_MARGIN_TOP]);
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_X_ALIGN:
      g_value_set_enum (value, priv->x_align);
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_Y_ALIGN:
      g_value_set_enum (value, priv->y_align);
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_X_EXPAND:
      g_value_set_boolean (value, priv->x_expand);
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_Y_EXPAND:
      g_value_set_boolean (value, priv->y_expand);
      return TRUE;
    case GSK_LAYER_LAYOUT_PROP_REQUEST_MODE:
      g_value_set_enum (value, priv->request_mode);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
gsk_layer_layout_init (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  priv->preferred_size = GRAPHENE_SIZE_INIT (-1, -1);
  priv->x_align = GSK_LAYER_ALIGN_FILL;
  priv->y_align = GSK_LAYER_ALIGN_FILL;
}

static void
gsk_layer_layout_dispose (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->layout_manager)
    {
      GskLayerLayoutManagerPrivate *mpriv = gsk_layer_layout_manager_get_instance_private (priv->layout_manager);

      mpriv->layer = NULL;
      g_clear_object (&priv->layout_manager);
    }
  gsk_layer_free_constraints (self);
}

static const GskLayerLayoutHooks layout_hooks = {
  .install_properties = gsk_layer_layout_install_properties,
  .set_property = gsk_layer_layout_set_property,
  .get_property = gsk_layer_layout_get_property,
  .init = gsk_layer_layout_init,
  .dispose = gsk_layer_layout_dispose,
  .measure = gsk_layer_real_measure,
  .layout_children = gsk_layer_run_layout_manager,
};

/* }}} */
