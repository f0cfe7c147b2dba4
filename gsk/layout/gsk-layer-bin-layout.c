/* gsk-layer-bin-layout.c: children stacked, each aligned in the layer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-bin-layout.h"
#include "gsk-layer-layout-common-private.h"

/**
 * GskLayerBinLayout:
 *
 * Lays every child over the whole layer, inside its margins, as
 * Clutter's ClutterBinLayout: a child whose [property@Layer:x-align]
 * (or y-align) is %GSK_LAYER_ALIGN_FILL takes the whole width (height);
 * others take their natural size, at the start, end or centre. The
 * layer asks for the largest of its children's sizes with their margins.
 *
 * Since: 0.1
 */
struct _GskLayerBinLayout
{
  GskLayerLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE (GskLayerBinLayout, gsk_layer_bin_layout, GSK_TYPE_LAYER_LAYOUT_MANAGER)

static void
gsk_layer_bin_layout_measure (GskLayerLayoutManager *manager,
                              GskLayer              *container,
                              GskLayerOrientation    orientation,
                              float                  for_size,
                              float                 *minimum,
                              float                 *natural)
{
  GskLayer *child;

  *minimum = *natural = 0.f;
  for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    {
      float min, nat, before, after;

      if (!gsk_layer_get_visible (child))
        continue;
      gsk_layer_layout_child_margins (child, orientation, &before, &after);
      gsk_layer_measure (child, orientation, -1, &min, &nat);
      *minimum = MAX (*minimum, min + before + after);
      *natural = MAX (*natural, nat + before + after);
    }
}

static void
gsk_layer_bin_layout_allocate (GskLayerLayoutManager *manager,
                               GskLayer              *container,
                               float                  width,
                               float                  height)
{
  GskLayer *child;

  for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    {
      float x, y, w, h;

      if (!gsk_layer_get_visible (child))
        continue;
      gsk_layer_layout_place (child, GSK_LAYER_ORIENTATION_HORIZONTAL, 0, width, gsk_layer_get_x_align (child),
                              &x, &w);
      gsk_layer_layout_place (child, GSK_LAYER_ORIENTATION_VERTICAL, 0, height, gsk_layer_get_y_align (child),
                              &y, &h);
      gsk_layer_allocate (child, x, y, w, h);
    }
}

static void
gsk_layer_bin_layout_class_init (GskLayerBinLayoutClass *klass)
{
  GskLayerLayoutManagerClass *manager_class = GSK_LAYER_LAYOUT_MANAGER_CLASS (klass);

  manager_class->measure = gsk_layer_bin_layout_measure;
  manager_class->allocate = gsk_layer_bin_layout_allocate;
}

static void
gsk_layer_bin_layout_init (GskLayerBinLayout *self)
{
}

/**
 * gsk_layer_bin_layout_new:
 *
 * Creates a layout manager that lays every child over the whole layer,
 * inside its margins, placed as its [property@Layer:x-align] and
 * [property@Layer:y-align] say. Set it on a layer with
 * [method@Layer.set_layout_manager].
 *
 * Returns: (transfer full): a new bin layout
 *
 * Since: 0.1
 */
GskLayerLayoutManager *
gsk_layer_bin_layout_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_BIN_LAYOUT, NULL);
}
