/* gsk-layer-fixed-layout.c: children where they were put
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-fixed-layout.h"
#include "gsk-layer.h"
#include "gsk-layer-layout-private.h"

/**
 * GskLayerFixedLayout:
 *
 * Leaves the children where the application put them, as Clutter's
 * ClutterFixedLayout: a child whose size the application did not set
 * takes its natural size (see [method@Layer.set_size]), and the layer
 * asks for the extent of its visible children (from its origin to the
 * farthest right and bottom edge, their margins included).
 *
 * Since: 0.1
 */
struct _GskLayerFixedLayout
{
  GskLayerLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE (GskLayerFixedLayout, gsk_layer_fixed_layout, GSK_TYPE_LAYER_LAYOUT_MANAGER)

static void
gsk_layer_fixed_layout_measure (GskLayerLayoutManager *manager,
                                GskLayer              *container,
                                GskLayerOrientation    orientation,
                                float                  for_size,
                                float                 *minimum,
                                float                 *natural)
{
  GskLayer *child;
  float extent = 0.f;

  for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    {
      graphene_point_t p;
      graphene_size_t s;
      float right, bottom;

      if (!gsk_layer_get_visible (child))
        continue;
      gsk_layer_get_position (child, &p);
      gsk_layer_layout_get_natural_size (child, &s);
      gsk_layer_get_margin (child, NULL, &right, &bottom, NULL);
      extent = MAX (extent, orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? p.x + s.width + right
                                                                             : p.y + s.height + bottom);
    }

  *minimum = *natural = extent;
}

static void
gsk_layer_fixed_layout_allocate (GskLayerLayoutManager *manager,
                                 GskLayer              *container,
                                 float                  width,
                                 float                  height)
{
  GskLayer *child, *next;

  /* Handlers of the size's notification may change the children */
  for (child = gsk_layer_get_first_child (container); child; child = next)
    {
      g_object_ref (child);
      gsk_layer_layout_size_naturally (child);
      next = gsk_layer_get_parent (child) == container ? gsk_layer_get_next_sibling (child) : NULL;
      g_object_unref (child);
    }
}

static void
gsk_layer_fixed_layout_class_init (GskLayerFixedLayoutClass *klass)
{
  GSK_LAYER_LAYOUT_MANAGER_CLASS (klass)->measure = gsk_layer_fixed_layout_measure;
  GSK_LAYER_LAYOUT_MANAGER_CLASS (klass)->allocate = gsk_layer_fixed_layout_allocate;
}

static void
gsk_layer_fixed_layout_init (GskLayerFixedLayout *self)
{
}

/**
 * gsk_layer_fixed_layout_new:
 *
 * Creates a layout manager that leaves the children at the positions
 * and sizes the application gave them ([method@Layer.set_position]),
 * and asks for the extent of the visible ones. Set it on a layer with
 * [method@Layer.set_layout_manager].
 *
 * Returns: (transfer full): a new fixed layout
 *
 * Since: 0.1
 */
GskLayerLayoutManager *
gsk_layer_fixed_layout_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_FIXED_LAYOUT, NULL);
}
