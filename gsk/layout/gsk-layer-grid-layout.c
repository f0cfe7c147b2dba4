/* gsk-layer-grid-layout.c: children in the cells of a grid
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-grid-layout.h"
#include "gsk-layer-layout-common-private.h"

/**
 * GskLayerGridLayout:
 *
 * Lays the children out in the cells of a grid, as Clutter's
 * ClutterGridLayout and GTK's GtkGridLayout: each child placed with
 * [method@LayerGridLayout.attach] at a column and a row, spanning one
 * or more of each (a child never attached takes the cell at column 0,
 * row 0). A column is as wide as the widest child alone in it needs,
 * with its margins; a child spanning several columns that are too
 * narrow for it widens those of them that expand, or all of them
 * equally if none does, as GTK's and Clutter's grids do; rows the same.
 * A column (row) expands when a child alone in it expands, or when a
 * spanning child that expands covers it and no other of its columns
 * expands. Room left over goes in equal shares to the columns (rows)
 * that expand; with [property@LayerGridLayout:column-homogeneous] (or
 * row-homogeneous) all columns (rows) share the room equally. A child
 * fills its cells unless its alignments say otherwise.
 *
 * Since: 0.1
 */
struct _GskLayerGridLayout
{
  GskLayerLayoutManager parent_instance;

  float column_spacing;
  float row_spacing;
  gboolean column_homogeneous;
  gboolean row_homogeneous;
};

enum {
  PROP_0,
  PROP_COLUMN_SPACING,
  PROP_ROW_SPACING,
  PROP_COLUMN_HOMOGENEOUS,
  PROP_ROW_HOMOGENEOUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A child's cell, kept on the child: it goes where the child goes */
typedef struct
{
  guint column, row, column_span, row_span;
} Cell;

static GQuark cell_quark;

G_DEFINE_FINAL_TYPE (GskLayerGridLayout, gsk_layer_grid_layout, GSK_TYPE_LAYER_LAYOUT_MANAGER)

static Cell
child_cell (GskLayer *child)
{
  Cell *cell = g_object_get_qdata (G_OBJECT (child), cell_quark);

  return cell ? *cell : (Cell) { 0, 0, 1, 1 };
}

/* The sizes of the lines (columns along x, rows along y) along
 * @orientation: each at least what its children alone in it ask for,
 * spanning children spread over theirs; @n_lines is set */
static float *
line_sizes (GskLayerGridLayout  *self,
            GskLayer            *container,
            GskLayerOrientation  orientation,
            guint               *n_lines,
            gboolean           **expands)
{
  gboolean horizontal = orientation == GSK_LAYER_ORIENTATION_HORIZONTAL;
  float spacing = horizontal ? self->column_spacing : self->row_spacing;
  float *sizes;
  guint n = 0, pass;
  GskLayer *child;

  for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    {
      Cell cell = child_cell (child);

      if (gsk_layer_get_visible (child))
        n = MAX (n, horizontal ? cell.column + cell.column_span : cell.row + cell.row_span);
    }
  sizes = g_new0 (float, MAX (n, 1));
  *expands = g_new0 (gboolean, MAX (n, 1));
  *n_lines = n;

  /* Which lines expand, as GTK's grids decide: those holding a child
   * alone in them that expands; then, for a spanning child that
   * expands, all its lines if none of them does yet */
  for (pass = 0; pass < 2; pass++)
    {
      gboolean *spanned = pass == 1 ? g_new0 (gboolean, MAX (n, 1)) : NULL;

      for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
        {
          Cell cell = child_cell (child);
          guint first = horizontal ? cell.column : cell.row, span = horizontal ? cell.column_span : cell.row_span;
          gboolean any = FALSE;
          guint i;

          if (!gsk_layer_get_visible (child) || (pass == 0) != (span == 1) ||
              !(horizontal ? gsk_layer_get_x_expand (child) : gsk_layer_get_y_expand (child)))
            continue;
          if (pass == 0)
            {
              (*expands)[first] = TRUE;
              continue;
            }
          for (i = first; i < first + span; i++)
            any |= (*expands)[i];
          if (!any)
            for (i = first; i < first + span; i++)
              spanned[i] = TRUE;
        }
      if (spanned)
        {
          for (guint i = 0; i < n; i++)
            (*expands)[i] |= spanned[i];
          g_free (spanned);
        }
    }

  /* Children alone in a line first, then those that span: what a
   * spanning child needs past its lines goes to those of them that
   * expand, or to all of them if none does (as GTK's and Clutter's
   * grids give it) */
  for (pass = 0; pass < 2; pass++)
    for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
      {
        Cell cell = child_cell (child);
        guint first = horizontal ? cell.column : cell.row, span = horizontal ? cell.column_span : cell.row_span;
        float nat, before, after, have = 0.f;
        guint i, n_expand = 0;

        if (!gsk_layer_get_visible (child) || (pass == 0) != (span == 1))
          continue;
        gsk_layer_layout_child_margins (child, orientation, &before, &after);
        gsk_layer_measure (child, orientation, -1, NULL, &nat);
        nat += before + after;
        for (i = first; i < first + span; i++)
          {
            have += sizes[i];
            n_expand += (*expands)[i] ? 1 : 0;
          }
        have += spacing * (span - 1);
        if (nat > have)
          for (i = first; i < first + span; i++)
            if (n_expand == 0 || (*expands)[i])
              sizes[i] += (nat - have) / (n_expand > 0 ? n_expand : span);
      }

  if (horizontal ? self->column_homogeneous : self->row_homogeneous)
    {
      float largest = 0.f;
      guint i;

      for (i = 0; i < n; i++)
        largest = MAX (largest, sizes[i]);
      for (i = 0; i < n; i++)
        sizes[i] = largest;
    }

  return sizes;
}

static void
gsk_layer_grid_layout_measure (GskLayerLayoutManager *manager,
                               GskLayer              *container,
                               GskLayerOrientation    orientation,
                               float                  for_size,
                               float                 *minimum,
                               float                 *natural)
{
  GskLayerGridLayout *self = GSK_LAYER_GRID_LAYOUT (manager);
  float spacing = orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? self->column_spacing : self->row_spacing;
  gboolean *expands;
  guint n, i;
  float *sizes = line_sizes (self, container, orientation, &n, &expands);
  float total = n > 0 ? spacing * (n - 1) : 0.f;

  for (i = 0; i < n; i++)
    total += sizes[i];
  *minimum = *natural = total;
  g_free (sizes);
  g_free (expands);
}

/* Where each line starts, the room @length left over given to the lines
 * that expand (or to all, homogeneous) */
static void
lay_lines (float       *sizes,
           gboolean    *expands,
           guint        n,
           float        spacing,
           float        length,
           gboolean     homogeneous,
           float       *starts)
{
  float used = n > 0 ? spacing * (n - 1) : 0.f, extra;
  guint i, n_expand = 0;

  for (i = 0; i < n; i++)
    {
      used += sizes[i];
      n_expand += expands[i] ? 1 : 0;
    }
  extra = length - used;
  if (homogeneous && n > 0)
    for (i = 0; i < n; i++)
      sizes[i] = MAX ((length - spacing * (n - 1)) / n, 0.f);
  else if (extra > 0 && n_expand > 0)
    for (i = 0; i < n; i++)
      if (expands[i])
        sizes[i] += extra / n_expand;

  for (i = 0; i < n; i++)
    starts[i] = i == 0 ? 0.f : starts[i - 1] + sizes[i - 1] + spacing;
}

static void
gsk_layer_grid_layout_allocate (GskLayerLayoutManager *manager,
                                GskLayer              *container,
                                float                  width,
                                float                  height)
{
  GskLayerGridLayout *self = GSK_LAYER_GRID_LAYOUT (manager);
  gboolean *col_expands, *row_expands;
  guint n_cols, n_rows;
  float *cols = line_sizes (self, container, GSK_LAYER_ORIENTATION_HORIZONTAL, &n_cols, &col_expands);
  float *rows = line_sizes (self, container, GSK_LAYER_ORIENTATION_VERTICAL, &n_rows, &row_expands);
  float *col_x = g_new0 (float, MAX (n_cols, 1)), *row_y = g_new0 (float, MAX (n_rows, 1));
  GskLayer *child;

  lay_lines (cols, col_expands, n_cols, self->column_spacing, width, self->column_homogeneous, col_x);
  lay_lines (rows, row_expands, n_rows, self->row_spacing, height, self->row_homogeneous, row_y);

  for (child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    {
      Cell cell = child_cell (child);
      guint last_col, last_row;
      float x, y, w, h, cell_w, cell_h;

      if (!gsk_layer_get_visible (child))
        continue;
      last_col = cell.column + cell.column_span - 1;
      last_row = cell.row + cell.row_span - 1;
      cell_w = col_x[last_col] + cols[last_col] - col_x[cell.column];
      cell_h = row_y[last_row] + rows[last_row] - row_y[cell.row];
      gsk_layer_layout_place (child, GSK_LAYER_ORIENTATION_HORIZONTAL, col_x[cell.column], cell_w,
                              gsk_layer_get_x_align (child), &x, &w);
      gsk_layer_layout_place (child, GSK_LAYER_ORIENTATION_VERTICAL, row_y[cell.row], cell_h,
                              gsk_layer_get_y_align (child), &y, &h);
      gsk_layer_allocate (child, x, y, w, h);
    }

  g_free (cols);
  g_free (rows);
  g_free (col_expands);
  g_free (row_expands);
  g_free (col_x);
  g_free (row_y);
}

static void
gsk_layer_grid_layout_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  GskLayerGridLayout *self = GSK_LAYER_GRID_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_COLUMN_SPACING:
      g_value_set_float (value, self->column_spacing);
      break;
    case PROP_ROW_SPACING:
      g_value_set_float (value, self->row_spacing);
      break;
    case PROP_COLUMN_HOMOGENEOUS:
      g_value_set_boolean (value, self->column_homogeneous);
      break;
    case PROP_ROW_HOMOGENEOUS:
      g_value_set_boolean (value, self->row_homogeneous);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_grid_layout_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  GskLayerGridLayout *self = GSK_LAYER_GRID_LAYOUT (object);

  switch (prop_id)
    {
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
    case PROP_COLUMN_HOMOGENEOUS:
      if (self->column_homogeneous == g_value_get_boolean (value))
        return;
      self->column_homogeneous = g_value_get_boolean (value);
      break;
    case PROP_ROW_HOMOGENEOUS:
      if (self->row_homogeneous == g_value_get_boolean (value))
        return;
      self->row_homogeneous = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  gsk_layer_layout_manager_layout_changed (GSK_LAYER_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (object, pspec);
}

static void
gsk_layer_grid_layout_class_init (GskLayerGridLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerLayoutManagerClass *manager_class = GSK_LAYER_LAYOUT_MANAGER_CLASS (klass);

  object_class->get_property = gsk_layer_grid_layout_get_property;
  object_class->set_property = gsk_layer_grid_layout_set_property;
  manager_class->measure = gsk_layer_grid_layout_measure;
  manager_class->allocate = gsk_layer_grid_layout_allocate;
  cell_quark = g_quark_from_static_string ("gsk-layer-grid-cell");

  /**
   * GskLayerGridLayout:column-spacing:
   *
   * Room between columns, 0 or more.
   *
   * Since: 0.1
   */
  properties[PROP_COLUMN_SPACING] =
    g_param_spec_float ("column-spacing", NULL, "Room between columns, 0 or more", 0.f, 1e6f, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerGridLayout:row-spacing:
   *
   * Room between rows, 0 or more.
   *
   * Since: 0.1
   */
  properties[PROP_ROW_SPACING] =
    g_param_spec_float ("row-spacing", NULL, "Room between rows, 0 or more", 0.f, 1e6f, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerGridLayout:column-homogeneous:
   *
   * Whether all columns share the width equally.
   *
   * Since: 0.1
   */
  properties[PROP_COLUMN_HOMOGENEOUS] =
    g_param_spec_boolean ("column-homogeneous", NULL, "Whether all columns share the width equally", FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerGridLayout:row-homogeneous:
   *
   * Whether all rows share the height equally.
   *
   * Since: 0.1
   */
  properties[PROP_ROW_HOMOGENEOUS] =
    g_param_spec_boolean ("row-homogeneous", NULL, "Whether all rows share the height equally", FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_grid_layout_init (GskLayerGridLayout *self)
{
}

/**
 * gsk_layer_grid_layout_new:
 *
 * Creates a layout manager that lays the children out in the cells of
 * a grid, with no spacing and neither columns nor rows homogeneous.
 * Place the children with [method@LayerGridLayout.attach], and set it
 * on a layer with [method@Layer.set_layout_manager].
 *
 * Returns: (transfer full): a new grid layout
 *
 * Since: 0.1
 */
GskLayerLayoutManager *
gsk_layer_grid_layout_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_GRID_LAYOUT, NULL);
}

/**
 * gsk_layer_grid_layout_attach:
 * @self: a grid layout
 * @child: (transfer none): a layer, a child of the layer @self lays out (or to be one)
 * @column: its first column, from 0
 * @row: its first row, from 0
 * @column_span: how many columns it takes, 1 or more
 * @row_span: how many rows, 1 or more
 *
 * Puts @child in the cells from (@column, @row), @column_span wide and
 * @row_span tall. The cell is kept on @child. A @child with no parent
 * is added to the layer @self lays out, if any, after its other
 * children (as `gtk_grid_attach()` does). A span of 0, or cells past
 * 65535, are refused with a critical warning, and nothing changes.
 *
 * Since: 0.1
 */
void
gsk_layer_grid_layout_attach (GskLayerGridLayout *self,
                              GskLayer           *child,
                              guint               column,
                              guint               row,
                              guint               column_span,
                              guint               row_span)
{
  GskLayer *layer;
  Cell *cell;

  g_return_if_fail (GSK_IS_LAYER_GRID_LAYOUT (self));
  g_return_if_fail (GSK_IS_LAYER (child));
  g_return_if_fail (column_span > 0 && row_span > 0);
  /* Written so that no sum wraps around: column + column_span <= 65536 */
  g_return_if_fail (column < 65536 && column_span <= 65536 - column);
  g_return_if_fail (row < 65536 && row_span <= 65536 - row);

  cell = g_new (Cell, 1);
  *cell = (Cell) { column, row, column_span, row_span };
  g_object_set_qdata_full (G_OBJECT (child), cell_quark, cell, g_free);
  layer = gsk_layer_layout_manager_get_layer (GSK_LAYER_LAYOUT_MANAGER (self));
  if (layer != NULL && gsk_layer_get_parent (child) == NULL)
    gsk_layer_add_child (layer, child);
  gsk_layer_queue_resize (child);
}

/**
 * gsk_layer_grid_layout_get_cell:
 * @self: a grid layout
 * @child: a layer
 * @column: (out) (optional): its first column, from 0
 * @row: (out) (optional): its first row, from 0
 * @column_span: (out) (optional): how many columns it takes
 * @row_span: (out) (optional): how many rows
 *
 * Gets the cells @child takes, as set with
 * [method@LayerGridLayout.attach].
 *
 * Returns: whether @child was attached; an unattached child is in the
 *   cell (0, 0), 1 × 1
 *
 * Since: 0.1
 */
gboolean
gsk_layer_grid_layout_get_cell (GskLayerGridLayout *self,
                                GskLayer           *child,
                                guint              *column,
                                guint              *row,
                                guint              *column_span,
                                guint              *row_span)
{
  Cell cell;

  g_return_val_if_fail (GSK_IS_LAYER_GRID_LAYOUT (self), FALSE);
  g_return_val_if_fail (GSK_IS_LAYER (child), FALSE);

  cell = child_cell (child);
  if (column)
    *column = cell.column;
  if (row)
    *row = cell.row;
  if (column_span)
    *column_span = cell.column_span;
  if (row_span)
    *row_span = cell.row_span;
  return g_object_get_qdata (G_OBJECT (child), cell_quark) != NULL;
}
