/* gsk-layer-flow-layout.c: children in lines that wrap
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-flow-layout.h"
#include "gsk-layer-layout-common-private.h"

/**
 * GskLayerFlowLayout:
 *
 * Lays the children out one after the other in lines that wrap, as
 * Clutter's ClutterFlowLayout and CSS's `flex-wrap: wrap`: horizontal,
 * children go left to right in rows, a new row starting when the next
 * child would not fit in the layer's width (or when a row has
 * [property@LayerFlowLayout:max-children-per-line]); vertical, top to
 * bottom in columns. Each child takes its natural size with its
 * margins; [property@LayerFlowLayout:column-spacing] and
 * [property@LayerFlowLayout:row-spacing] go between them. A line is as
 * thick as its thickest child, and a child is placed across its line as
 * its alignment says.
 *
 * Since: 0.1
 */
struct _GskLayerFlowLayout
{
  GskLayerLayoutManager parent_instance;

  GskLayerOrientation orientation;
  float column_spacing;
  float row_spacing;
  guint max_per_line;
};

enum {
  PROP_0,
  PROP_ORIENTATION,
  PROP_COLUMN_SPACING,
  PROP_ROW_SPACING,
  PROP_MAX_CHILDREN_PER_LINE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerFlowLayout, gsk_layer_flow_layout, GSK_TYPE_LAYER_LAYOUT_MANAGER)

static inline GskLayerOrientation
across (GskLayerOrientation orientation)
{
  return orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? GSK_LAYER_ORIENTATION_VERTICAL
                                                         : GSK_LAYER_ORIENTATION_HORIZONTAL;
}

/* A child's natural size along and across the flow, margins included */
static void
child_extent (GskLayer            *child,
              GskLayerOrientation  orientation,
              float               *along,
              float               *thick)
{
  float before, after;

  gsk_layer_layout_child_margins (child, orientation, &before, &after);
  gsk_layer_measure (child, orientation, -1, NULL, along);
  *along += before + after;
  gsk_layer_layout_child_margins (child, across (orientation), &before, &after);
  gsk_layer_measure (child, across (orientation), -1, NULL, thick);
  *thick += before + after;
}

/* Walks the children in lines within @room along the flow: places them
 * if @place, and returns the total thickness of the lines */
static float
flow (GskLayerFlowLayout *self,
      GskLayer           *container,
      float               room,
      gboolean            place)
{
  GskLayerOrientation o = self->orientation;
  gboolean horizontal = o == GSK_LAYER_ORIENTATION_HORIZONTAL;
  float spacing = horizontal ? self->column_spacing : self->row_spacing;
  float line_spacing = horizontal ? self->row_spacing : self->column_spacing;
  float pos = 0.f, line_start = 0.f, line_thick = 0.f;
  guint in_line = 0;
  GskLayer *child, *first_in_line = NULL;

  for (child = gsk_layer_get_first_child (container); ; child = gsk_layer_get_next_sibling (child))
    {
      float along = 0.f, thick = 0.f;
      gboolean wrap;

      if (child != NULL && !gsk_layer_get_visible (child))
        continue;
      if (child != NULL)
        child_extent (child, o, &along, &thick);

      wrap = child == NULL ||
             (in_line > 0 && (pos + along > room || (self->max_per_line > 0 && in_line >= self->max_per_line)));
      if (wrap && in_line > 0)
        {
          /* The line is done: its children placed across it */
          if (place)
            {
              GskLayer *c;
              float at = 0.f;

              for (c = first_in_line; c != child; c = gsk_layer_get_next_sibling (c))
                {
                  float a = 0.f, t = 0.f, x, w, y, h;

                  if (!gsk_layer_get_visible (c))
                    continue;
                  child_extent (c, o, &a, &t);
                  gsk_layer_layout_place (c, o, at, a, GSK_LAYER_ALIGN_FILL, &x, &w);
                  gsk_layer_layout_place (c, across (o), line_start, line_thick,
                                          horizontal ? gsk_layer_get_y_align (c) : gsk_layer_get_x_align (c),
                                          &y, &h);
                  if (horizontal)
                    gsk_layer_allocate (c, x, y, w, h);
                  else
                    gsk_layer_allocate (c, y, x, h, w);
                  at += a + spacing;
                }
            }
          line_start += line_thick + line_spacing;
          pos = 0.f;
          line_thick = 0.f;
          in_line = 0;
        }
      if (child == NULL)
        break;

      if (in_line == 0)
        first_in_line = child;
      pos += along + spacing;
      line_thick = MAX (line_thick, thick);
      in_line++;
    }

  return line_start > 0 ? line_start - line_spacing : 0.f;
}

static void
gsk_layer_flow_layout_measure (GskLayerLayoutManager *manager,
                               GskLayer              *container,
                               GskLayerOrientation    orientation,
                               float                  for_size,
                               float                 *minimum,
                               float                 *natural)
{
  GskLayerFlowLayout *self = GSK_LAYER_FLOW_LAYOUT (manager);
  float spacing = self->orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? self->column_spacing : self->row_spacing;
  GskLayer *child;
  guint n = 0;

  if (orientation == self->orientation)
    {
      /* Along the flow: at least the longest child; at most all in a
       * line (or as many as a line takes) */
      float longest = 0.f, line = 0.f, widest_line = 0.f;

      for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
        {
          float along, thick;

          if (!gsk_layer_get_visible (child))
            continue;
          child_extent (child, self->orientation, &along, &thick);
          longest = MAX (longest, along);
          if (self->max_per_line > 0 && n > 0 && n % self->max_per_line == 0)
            {
              widest_line = MAX (widest_line, line - spacing);
              line = 0.f;
            }
          line += along + spacing;
          n++;
        }
      widest_line = MAX (widest_line, line - spacing);
      *minimum = longest;
      *natural = MAX (widest_line, longest);
    }
  else
    {
      /* Across: the lines' thickness in the room given, or in the
       * natural length */
      float room = for_size;

      if (room < 0)
        gsk_layer_flow_layout_measure (manager, container, self->orientation, -1, &(float) { 0 }, &room);
      *minimum = *natural = flow (self, container, room, FALSE);
    }
}

static void
gsk_layer_flow_layout_allocate (GskLayerLayoutManager *manager,
                                GskLayer              *container,
                                float                  width,
                                float                  height)
{
  GskLayerFlowLayout *self = GSK_LAYER_FLOW_LAYOUT (manager);

  flow (self, container, self->orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? width : height, TRUE);
}

static void
gsk_layer_flow_layout_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  GskLayerFlowLayout *self = GSK_LAYER_FLOW_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_ORIENTATION:
      g_value_set_enum (value, self->orientation);
      break;
    case PROP_COLUMN_SPACING:
      g_value_set_float (value, self->column_spacing);
      break;
    case PROP_ROW_SPACING:
      g_value_set_float (value, self->row_spacing);
      break;
    case PROP_MAX_CHILDREN_PER_LINE:
      g_value_set_uint (value, self->max_per_line);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_flow_layout_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  GskLayerFlowLayout *self = GSK_LAYER_FLOW_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_ORIENTATION:
      if (self->orientation == (GskLayerOrientation) g_value_get_enum (value))
        return;
      self->orientation = g_value_get_enum (value);
      break;
    case PROP_COLUMN_SPACING:
      if (self->column_spacing == g_value_get_float (value))
        return;
      self->column_spacing = g_value_get_float (value);
      break;
    case PROP_ROW_SPACING:
      if (self->row_spacing == g_value_get_float (value))
        return;
      self->row_spacing = g_value_get_float (value);
      break;
    case PROP_MAX_CHILDREN_PER_LINE:
      if (self->max_per_line == g_value_get_uint (value))
        return;
      self->max_per_line = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  gsk_layer_layout_manager_layout_changed (GSK_LAYER_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (object, pspec);
}

static void
gsk_layer_flow_layout_class_init (GskLayerFlowLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerLayoutManagerClass *manager_class = GSK_LAYER_LAYOUT_MANAGER_CLASS (klass);

  object_class->get_property = gsk_layer_flow_layout_get_property;
  object_class->set_property = gsk_layer_flow_layout_set_property;
  manager_class->measure = gsk_layer_flow_layout_measure;
  manager_class->allocate = gsk_layer_flow_layout_allocate;

  /**
   * GskLayerFlowLayout:orientation:
   *
   * Horizontal: rows that wrap (the default); vertical: columns.
   *
   * Since: 0.1
   */
  properties[PROP_ORIENTATION] =
    g_param_spec_enum ("orientation", NULL, "Horizontal: rows that wrap (the default); vertical: columns", GSK_TYPE_LAYER_ORIENTATION, GSK_LAYER_ORIENTATION_HORIZONTAL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerFlowLayout:column-spacing:
   *
   * Room between columns (children side by side), 0 or more.
   *
   * Since: 0.1
   */
  properties[PROP_COLUMN_SPACING] =
    g_param_spec_float ("column-spacing", NULL, "Room between columns (children side by side), 0 or more", 0.f, 1e6f, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerFlowLayout:row-spacing:
   *
   * Room between rows, 0 or more.
   *
   * Since: 0.1
   */
  properties[PROP_ROW_SPACING] =
    g_param_spec_float ("row-spacing", NULL, "Room between rows, 0 or more", 0.f, 1e6f, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerFlowLayout:max-children-per-line:
   *
   * At most this many children in a line; 0 (the default) for as many
   * as fit.
   *
   * Since: 0.1
   */
  properties[PROP_MAX_CHILDREN_PER_LINE] =
    g_param_spec_uint ("max-children-per-line", NULL, "At most this many children in a line; 0 (the default) for as many as fit", 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_flow_layout_init (GskLayerFlowLayout *self)
{
}

/**
 * gsk_layer_flow_layout_new:
 * @orientation: rows (horizontal) or columns (vertical)
 *
 * Creates a layout manager that lays the children out in rows that wrap
 * (%GSK_LAYER_ORIENTATION_HORIZONTAL) or in columns
 * (%GSK_LAYER_ORIENTATION_VERTICAL), with no spacing and as many
 * children in a line as fit. Set it on a layer with
 * [method@Layer.set_layout_manager].
 *
 * Returns: (transfer full): a new flow layout; its spacings and the
 *   number of children per line are properties
 *
 * Since: 0.1
 */
GskLayerLayoutManager *
gsk_layer_flow_layout_new (GskLayerOrientation orientation)
{
  return g_object_new (GSK_TYPE_LAYER_FLOW_LAYOUT, "orientation", orientation, NULL);
}
