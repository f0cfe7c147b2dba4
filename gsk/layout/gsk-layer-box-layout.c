/* gsk-layer-box-layout.c: children in a row or a column
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-box-layout.h"
#include "gsk-layer-layout-common-private.h"

/**
 * GskLayerBoxLayout:
 *
 * Lays the children out one after the other along its orientation,
 * with [property@LayerBoxLayout:spacing] between them, as Clutter's
 * ClutterBoxLayout and GTK's GtkBoxLayout: each takes its natural size
 * with its margins; the room left over goes in equal shares to the
 * children that expand ([property@Layer:x-expand] in a row,
 * [property@Layer:y-expand] in a column), and when there is too little,
 * children shrink toward their minimum sizes in proportion. A child
 * fills its share unless its alignment along the box says otherwise;
 * across the box it is placed as its other alignment says. With
 * [property@LayerBoxLayout:homogeneous], every child gets the same
 * share. Hidden children take no room.
 *
 * Since: 0.1
 */
struct _GskLayerBoxLayout
{
  GskLayerLayoutManager parent_instance;

  GskLayerOrientation orientation;
  float spacing;
  gboolean homogeneous;
};

enum {
  PROP_0,
  PROP_ORIENTATION,
  PROP_SPACING,
  PROP_HOMOGENEOUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerBoxLayout, gsk_layer_box_layout, GSK_TYPE_LAYER_LAYOUT_MANAGER)

static inline GskLayerOrientation
other (GskLayerOrientation orientation)
{
  return orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? GSK_LAYER_ORIENTATION_VERTICAL
                                                         : GSK_LAYER_ORIENTATION_HORIZONTAL;
}

static guint
count_visible (GskLayer *container)
{
  GskLayer *child;
  guint n = 0;

  for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    n += gsk_layer_get_visible (child) ? 1 : 0;
  return n;
}

static void
gsk_layer_box_layout_measure (GskLayerLayoutManager *manager,
                              GskLayer              *container,
                              GskLayerOrientation    orientation,
                              float                  for_size,
                              float                 *minimum,
                              float                 *natural)
{
  GskLayerBoxLayout *self = GSK_LAYER_BOX_LAYOUT (manager);
  guint n = count_visible (container);
  float max_min = 0.f, max_nat = 0.f;
  GskLayer *child;

  *minimum = *natural = 0.f;
  for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    {
      float min, nat, before, after;

      if (!gsk_layer_get_visible (child))
        continue;
      gsk_layer_layout_child_margins (child, orientation, &before, &after);
      gsk_layer_measure (child, orientation, -1, &min, &nat);
      min += before + after;
      nat += before + after;
      if (orientation == self->orientation)
        {
          *minimum += min;
          *natural += nat;
          max_min = MAX (max_min, min);
          max_nat = MAX (max_nat, nat);
        }
      else
        {
          *minimum = MAX (*minimum, min);
          *natural = MAX (*natural, nat);
        }
    }

  if (orientation == self->orientation && n > 0)
    {
      if (self->homogeneous)
        {
          *minimum = max_min * n;
          *natural = max_nat * n;
        }
      *minimum += self->spacing * (n - 1);
      *natural += self->spacing * (n - 1);
    }
}

static void
gsk_layer_box_layout_allocate (GskLayerLayoutManager *manager,
                               GskLayer              *container,
                               float                  width,
                               float                  height)
{
  GskLayerBoxLayout *self = GSK_LAYER_BOX_LAYOUT (manager);
  gboolean horizontal = self->orientation == GSK_LAYER_ORIENTATION_HORIZONTAL;
  float length = horizontal ? width : height, across = horizontal ? height : width;
  guint n = count_visible (container), n_expand = 0, i;
  float *mins, *nats, *shares, room, sum_nat = 0.f, sum_min = 0.f, pos;
  GskLayer *child;

  if (n == 0)
    return;

  mins = g_newa (float, n);
  nats = g_newa (float, n);
  shares = g_newa (float, n);
  room = MAX (length - self->spacing * (n - 1), 0.f);

  /* What each asks for along the box, its margins included */
  i = 0;
  for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    {
      float before, after;

      if (!gsk_layer_get_visible (child))
        continue;
      gsk_layer_layout_child_margins (child, self->orientation, &before, &after);
      gsk_layer_measure (child, self->orientation, -1, &mins[i], &nats[i]);
      mins[i] += before + after;
      nats[i] += before + after;
      sum_min += mins[i];
      sum_nat += nats[i];
      if (horizontal ? gsk_layer_get_x_expand (child) : gsk_layer_get_y_expand (child))
        n_expand++;
      i++;
    }

  /* Each child's share of the box */
  for (i = 0; i < n; i++)
    {
      if (self->homogeneous)
        shares[i] = room / n;
      else if (room >= sum_nat)
        shares[i] = nats[i];
      else if (sum_nat > sum_min && room > sum_min)
        /* Too little: from natural toward minimum, in proportion */
        shares[i] = mins[i] + (nats[i] - mins[i]) * (room - sum_min) / (sum_nat - sum_min);
      else
        shares[i] = sum_min > 0 ? mins[i] * room / sum_min : 0.f;
    }
  if (!self->homogeneous && room > sum_nat && n_expand > 0)
    {
      float extra = (room - sum_nat) / n_expand;

      i = 0;
      for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
        {
          if (!gsk_layer_get_visible (child))
            continue;
          if (horizontal ? gsk_layer_get_x_expand (child) : gsk_layer_get_y_expand (child))
            shares[i] += extra;
          i++;
        }
    }

  /* Placed one after the other */
  pos = 0.f;
  i = 0;
  for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    {
      float along, along_size, cross, cross_size;

      if (!gsk_layer_get_visible (child))
        continue;
      gsk_layer_layout_place (child, self->orientation, pos, shares[i],
                              horizontal ? gsk_layer_get_x_align (child) : gsk_layer_get_y_align (child),
                              &along, &along_size);
      gsk_layer_layout_place (child, other (self->orientation), 0, across,
                              horizontal ? gsk_layer_get_y_align (child) : gsk_layer_get_x_align (child),
                              &cross, &cross_size);
      if (horizontal)
        gsk_layer_allocate (child, along, cross, along_size, cross_size);
      else
        gsk_layer_allocate (child, cross, along, cross_size, along_size);
      pos += shares[i] + self->spacing;
      i++;
    }
}

static void
gsk_layer_box_layout_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  GskLayerBoxLayout *self = GSK_LAYER_BOX_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_ORIENTATION:
      g_value_set_enum (value, self->orientation);
      break;
    case PROP_SPACING:
      g_value_set_float (value, self->spacing);
      break;
    case PROP_HOMOGENEOUS:
      g_value_set_boolean (value, self->homogeneous);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_box_layout_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  GskLayerBoxLayout *self = GSK_LAYER_BOX_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_ORIENTATION:
      gsk_layer_box_layout_set_orientation (self, g_value_get_enum (value));
      break;
    case PROP_SPACING:
      gsk_layer_box_layout_set_spacing (self, g_value_get_float (value));
      break;
    case PROP_HOMOGENEOUS:
      gsk_layer_box_layout_set_homogeneous (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_box_layout_class_init (GskLayerBoxLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerLayoutManagerClass *manager_class = GSK_LAYER_LAYOUT_MANAGER_CLASS (klass);

  object_class->get_property = gsk_layer_box_layout_get_property;
  object_class->set_property = gsk_layer_box_layout_set_property;
  manager_class->measure = gsk_layer_box_layout_measure;
  manager_class->allocate = gsk_layer_box_layout_allocate;

  /**
   * GskLayerBoxLayout:orientation:
   *
   * Whether the children go in a row (horizontal, the default) or a
   * column.
   *
   * Since: 0.1
   */
  properties[PROP_ORIENTATION] =
    g_param_spec_enum ("orientation", NULL, "Whether the children go in a row (horizontal, the default) or a column", GSK_TYPE_LAYER_ORIENTATION, GSK_LAYER_ORIENTATION_HORIZONTAL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerBoxLayout:spacing:
   *
   * Room between one child and the next, in layout units, 0 or more.
   *
   * Since: 0.1
   */
  properties[PROP_SPACING] =
    g_param_spec_float ("spacing", NULL, "Room between one child and the next, in layout units, 0 or more", 0.f, 1e6f, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerBoxLayout:homogeneous:
   *
   * Whether every child gets the same share of the box.
   *
   * Since: 0.1
   */
  properties[PROP_HOMOGENEOUS] =
    g_param_spec_boolean ("homogeneous", NULL, "Whether every child gets the same share of the box", FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_box_layout_init (GskLayerBoxLayout *self)
{
}

/**
 * gsk_layer_box_layout_new:
 * @orientation: a row or a column
 *
 * Creates a layout manager that lays the children out one after the
 * other, in a row (%GSK_LAYER_ORIENTATION_HORIZONTAL) or a column
 * (%GSK_LAYER_ORIENTATION_VERTICAL), with no spacing and not
 * homogeneous. Set it on a layer with [method@Layer.set_layout_manager].
 *
 * Returns: (transfer full): a new box layout
 *
 * Since: 0.1
 */
GskLayerLayoutManager *
gsk_layer_box_layout_new (GskLayerOrientation orientation)
{
  return g_object_new (GSK_TYPE_LAYER_BOX_LAYOUT, "orientation", orientation, NULL);
}

/**
 * gsk_layer_box_layout_set_orientation:
 * @self: a box layout
 * @orientation: a row or a column
 *
 * Sets whether the children go in a row or a column.
 *
 * Since: 0.1
 */
void
gsk_layer_box_layout_set_orientation (GskLayerBoxLayout   *self,
                                      GskLayerOrientation  orientation)
{
  g_return_if_fail (GSK_IS_LAYER_BOX_LAYOUT (self));
  g_return_if_fail (orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ||
                    orientation == GSK_LAYER_ORIENTATION_VERTICAL);

  if (self->orientation == orientation)
    return;
  self->orientation = orientation;
  gsk_layer_layout_manager_layout_changed (GSK_LAYER_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ORIENTATION]);
}

/**
 * gsk_layer_box_layout_get_orientation:
 * @self: a box layout
 *
 * Gets whether the children go in a row or a column, as set with
 * [method@LayerBoxLayout.set_orientation].
 *
 * Returns: %GSK_LAYER_ORIENTATION_HORIZONTAL for a row (the default),
 *   %GSK_LAYER_ORIENTATION_VERTICAL for a column
 *
 * Since: 0.1
 */
GskLayerOrientation
gsk_layer_box_layout_get_orientation (GskLayerBoxLayout *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_BOX_LAYOUT (self), GSK_LAYER_ORIENTATION_HORIZONTAL);

  return self->orientation;
}

/**
 * gsk_layer_box_layout_set_spacing:
 * @self: a box layout
 * @spacing: room between children, in layout units
 *
 * Sets the room between one child and the next. A negative or NaN
 * spacing is refused with a critical warning, and nothing changes.
 *
 * Since: 0.1
 */
void
gsk_layer_box_layout_set_spacing (GskLayerBoxLayout *self,
                                  float              spacing)
{
  g_return_if_fail (GSK_IS_LAYER_BOX_LAYOUT (self));
  g_return_if_fail (spacing >= 0.f && spacing <= 1e6f);

  if (self->spacing == spacing)
    return;
  self->spacing = spacing;
  gsk_layer_layout_manager_layout_changed (GSK_LAYER_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPACING]);
}

/**
 * gsk_layer_box_layout_get_spacing:
 * @self: a box layout
 *
 * Gets the room between one child and the next, as set with
 * [method@LayerBoxLayout.set_spacing].
 *
 * Returns: the spacing, in layout units, 0 or more; 0 by default
 *
 * Since: 0.1
 */
float
gsk_layer_box_layout_get_spacing (GskLayerBoxLayout *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_BOX_LAYOUT (self), 0.f);

  return self->spacing;
}

/**
 * gsk_layer_box_layout_set_homogeneous:
 * @self: a box layout
 * @homogeneous: whether every child gets the same share
 *
 * Sets whether every child gets the same share of the box, whatever it
 * asks for.
 *
 * Since: 0.1
 */
void
gsk_layer_box_layout_set_homogeneous (GskLayerBoxLayout *self,
                                      gboolean           homogeneous)
{
  g_return_if_fail (GSK_IS_LAYER_BOX_LAYOUT (self));

  if (self->homogeneous == !!homogeneous)
    return;
  self->homogeneous = !!homogeneous;
  gsk_layer_layout_manager_layout_changed (GSK_LAYER_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOMOGENEOUS]);
}

/**
 * gsk_layer_box_layout_get_homogeneous:
 * @self: a box layout
 *
 * Gets whether every child gets the same share of the box, as set with
 * [method@LayerBoxLayout.set_homogeneous].
 *
 * Returns: %TRUE if every child gets the same share; %FALSE (the
 *   default) if each gets what it asks for
 *
 * Since: 0.1
 */
gboolean
gsk_layer_box_layout_get_homogeneous (GskLayerBoxLayout *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_BOX_LAYOUT (self), FALSE);

  return self->homogeneous;
}
