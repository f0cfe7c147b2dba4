/* gsk-layer-scroll-model.c: a scroll layer's cells, bound to the items
 * of a list model that are in view
 *
 * Only the items in view, and half a view's length before and after,
 * have a cell; a cell that leaves that window is unbound and kept
 * hidden for the next item that enters it, so that scrolling a model
 * of any size makes and binds as many layers as fill the view. Cells
 * are uniform: laid out in lines across the layer, as many as fit.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-scroll-private.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-layout-manager.h"
#include "gsk-layer-frame-clock.h"

typedef struct
{
  GskLayer *layer;              /* owned; a child of the scroll layer */
  gpointer item;                /* owned; NULL while spare */
  guint position;
} Cell;

struct _GskLayerScrollCells
{
  GskLayerScroll *scroll;       /* unowned: the cells are the layer's */
  GListModel *model;
  gulong items_changed_id;
  graphene_size_t cell_size;
  GskLayerCreateCellFunc create_cell_func;
  GskLayerBindCellFunc bind_cell_func;
  GskLayerBindCellFunc unbind_cell_func;
  gpointer user_data;
  GDestroyNotify notify;
  guint n_items;
  GPtrArray *bound;             /* of Cell, in no order */
  GPtrArray *spare;             /* of Cell, hidden, bound to nothing */
  /* Following a scroll that animates, frame by frame */
  GskLayerFrameClock *clock;
  gulong tick_id;
  /* Held while it calls out: a handler may end the binding, change the
   * model or scroll */
  guint ref_count;
  gboolean ended;
  gboolean updating;
  gboolean update_again;
  gboolean rebind_all;          /* the model changed while it called out */
};

/* Spare cells kept beyond those bound: enough for a line or two */
#define MIN_SPARE 8

static GskLayerScrollCells *
cells_ref (GskLayerScrollCells *cells)
{
  cells->ref_count++;
  return cells;
}

static void
cell_free (Cell *cell)
{
  g_clear_object (&cell->item);
  g_object_unref (cell->layer);
  g_free (cell);
}

static void
cells_unref (GskLayerScrollCells *cells)
{
  if (--cells->ref_count > 0)
    return;
  g_ptr_array_unref (cells->bound);
  g_ptr_array_unref (cells->spare);
  g_free (cells);
}

/* {{{ Geometry */

typedef struct
{
  guint across;                 /* cells in a line */
  double line;                  /* a line's length along the axis */
  double cell_across;           /* a cell's length across it */
  guint64 max_lines;            /* lines within GSK_LAYER_MAX_COORDINATE */
} Lines;

static void
get_lines (GskLayerScroll *self,
           Lines          *lines)
{
  GskLayerScrollCells *cells = self->cells;
  gboolean horizontal = gsk_layer_scroll_is_horizontal (self);
  graphene_size_t size;
  double room, cell_across;

  gsk_layer_get_size (GSK_LAYER (self), &size);
  room = horizontal ? size.height : size.width;
  cell_across = horizontal ? cells->cell_size.height : cells->cell_size.width;
  lines->line = horizontal ? cells->cell_size.width : cells->cell_size.height;
  if (cell_across <= 0)
    {
      lines->across = 1;
      lines->cell_across = room;
    }
  else if (room < cell_across)
    {
      lines->across = 1;
      lines->cell_across = cell_across;
    }
  else
    {
      lines->across = (guint) MIN (floor (room / cell_across), 65536);
      lines->cell_across = room / lines->across;
    }
  /* Items past GSK_LAYER_MAX_COORDINATE are not shown; nor are more
   * lines than a model has items */
  lines->max_lines = (guint64) MIN (floor (GSK_LAYER_MAX_COORDINATE / lines->line), (double) G_MAXUINT);
}

static guint64
n_lines (GskLayerScrollCells *cells,
         const Lines         *lines)
{
  return MIN (((guint64) cells->n_items + lines->across - 1) / lines->across, lines->max_lines);
}

static guint64
window_line (double   line,
             guint64  total)
{
  return isnan (line) || line <= 0 ? 0 : line >= (double) total ? total : (guint64) line;
}

/* The items from @first to before @end have cells when scrolled to
 * @offset at @zoom */
static void
get_window (GskLayerScroll *self,
            double          offset,
            double          zoom,
            guint          *first,
            guint          *end)
{
  GskLayerScrollCells *cells = self->cells;
  /* In the children's space */
  double viewport = gsk_layer_scroll_viewport_length (self) / zoom, margin = viewport / 2;
  guint64 first_line, end_line, total;
  Lines lines;

  offset /= zoom;
  get_lines (self, &lines);
  total = n_lines (cells, &lines);
  first_line = window_line (floor ((offset - margin) / lines.line), total);
  end_line = window_line (ceil ((offset + viewport + margin) / lines.line), total);
  *first = (guint) MIN (first_line * lines.across, cells->n_items);
  *end = (guint) MIN (end_line * lines.across, cells->n_items);
}

static void
item_bounds (GskLayerScroll  *self,
             const Lines     *lines,
             guint            position,
             graphene_rect_t *bounds)
{
  double along = (double) (position / lines->across) * lines->line;
  double across = (double) (position % lines->across) * lines->cell_across;

  if (gsk_layer_scroll_is_horizontal (self))
    graphene_rect_init (bounds, along, across, lines->line, lines->cell_across);
  else
    graphene_rect_init (bounds, across, along, lines->cell_across, lines->line);
}

static void
place (GskLayerScroll *self,
       const Lines    *lines,
       Cell           *cell)
{
  graphene_rect_t r;

  item_bounds (self, lines, cell->position, &r);
  gsk_layer_allocate (cell->layer, r.origin.x, r.origin.y, r.size.width, r.size.height);
}

/* }}} */
/* {{{ Binding cells */

static void
unbind (GskLayerScrollCells *cells,
        Cell                *cell)
{
  gpointer item = g_steal_pointer (&cell->item);

  gsk_layer_set_visible (cell->layer, FALSE);
  g_ptr_array_add (cells->spare, cell);
  if (cells->unbind_cell_func != NULL && !cells->ended)
    cells->unbind_cell_func (cell->layer, item, cells->user_data);
  g_object_unref (item);
}

/* A spare cell, or a new one; NULL if the application gave none */
static Cell *
take_cell (GskLayerScrollCells *cells)
{
  GskLayer *layer;
  Cell *cell;

  if (cells->spare->len > 0)
    return g_ptr_array_steal_index (cells->spare, cells->spare->len - 1);

  layer = cells->create_cell_func (cells->user_data);
  if (layer == NULL)
    {
      g_critical ("GskLayerScroll: the function that creates cells returned NULL");
      return NULL;
    }
  g_object_ref_sink (layer);
  if (gsk_layer_get_parent (layer) != NULL)
    {
      g_critical ("GskLayerScroll: the function that creates cells returned a layer that has a parent");
      g_object_unref (layer);
      return NULL;
    }
  if (cells->ended)
    {
      g_object_unref (layer);
      return NULL;
    }
  gsk_layer_add_child (GSK_LAYER (cells->scroll), layer);
  cell = g_new0 (Cell, 1);
  cell->layer = layer;
  return cell;
}

static void
unbind_all (GskLayerScrollCells *cells)
{
  while (cells->bound->len > 0 && !cells->ended)
    unbind (cells, g_ptr_array_steal_index (cells->bound, cells->bound->len - 1));
}

/* Unbinds the cells that left the window for @offset, binds the items
 * that entered it (placing them; all of them with @place_all) */
static void
update (GskLayerScroll *self,
        double          offset,
        double          zoom,
        gboolean        place_all)
{
  GskLayerScrollCells *cells = self->cells;
  guint first, end, i, keep;
  Cell **slots;
  Lines lines;

  if (cells->updating)
    {
      cells->update_again = TRUE;
      return;
    }

  cells_ref (cells);
  cells->updating = TRUE;
  g_object_ref (self);
  do
    {
      cells->update_again = FALSE;
      if (cells->rebind_all)
        {
          cells->rebind_all = FALSE;
          unbind_all (cells);
          place_all = TRUE;
        }

      get_window (self, offset, zoom, &first, &end);
      get_lines (self, &lines);

      for (i = cells->bound->len; i-- > 0 && !cells->ended;)
        {
          Cell *cell = g_ptr_array_index (cells->bound, i);

          if (cell->position < first || cell->position >= end)
            unbind (cells, g_ptr_array_steal_index_fast (cells->bound, i));
        }
      if (cells->ended || cells->rebind_all)
        continue;

      slots = g_new0 (Cell *, end - first + 1);
      for (i = 0; i < cells->bound->len; i++)
        {
          Cell *cell = g_ptr_array_index (cells->bound, i);

          slots[cell->position - first] = cell;
          if (place_all)
            place (self, &lines, cell);
        }
      for (i = first; i < end && !cells->ended && !cells->rebind_all; i++)
        {
          gpointer item;
          Cell *cell;

          if (slots[i - first] != NULL)
            continue;
          item = g_list_model_get_item (cells->model, i);
          if (item == NULL)
            continue;
          cell = take_cell (cells);
          if (cell == NULL)
            {
              /* Once: the others would fail alike */
              g_object_unref (item);
              break;
            }
          cell->item = item;
          cell->position = i;
          g_ptr_array_add (cells->bound, cell);
          slots[i - first] = cell;
          place (self, &lines, cell);
          gsk_layer_set_visible (cell->layer, TRUE);
          cells->bind_cell_func (cell->layer, item, cells->user_data);
        }
      g_free (slots);
    }
  while (!cells->ended && (cells->update_again || cells->rebind_all));

  /* Spare cells beyond a few are let go */
  keep = MAX (MIN_SPARE, cells->bound->len / 4);
  while (!cells->ended && cells->spare->len > keep)
    {
      Cell *cell = g_ptr_array_steal_index (cells->spare, cells->spare->len - 1);

      if (gsk_layer_get_parent (cell->layer) == GSK_LAYER (self))
        gsk_layer_remove_child (GSK_LAYER (self), cell->layer);
      cell_free (cell);
    }

  cells->updating = FALSE;
  g_object_unref (self);
  cells_unref (cells);
}

static void
on_items_changed (GListModel          *model,
                  guint                position,
                  guint                removed,
                  guint                added,
                  GskLayerScrollCells *cells)
{
  GskLayerScroll *self = cells->scroll;
  guint n = g_list_model_get_n_items (model);
  guint i;

  if ((guint64) position + removed > cells->n_items ||
      (guint64) cells->n_items - removed + added != n)
    {
      g_critical ("GskLayerScroll: the model's items-changed (position %u, %u removed, %u added) "
                  "does not match its %u items, %u before: every cell is bound again",
                  position, removed, added, n, cells->n_items);
      cells->rebind_all = TRUE;
    }
  else if (cells->updating)
    cells->rebind_all = TRUE;
  else
    {
      cells_ref (cells);
      for (i = cells->bound->len; i-- > 0 && !cells->ended;)
        {
          Cell *cell = g_ptr_array_index (cells->bound, i);

          if (cell->position < position)
            continue;
          if (cell->position >= position + removed)
            cell->position = cell->position - removed + added;
          else
            unbind (cells, g_ptr_array_steal_index_fast (cells->bound, i));
        }
      if (cells->ended)
        {
          cells_unref (cells);
          return;
        }
      cells_unref (cells);
    }
  cells->n_items = n;

  /* The cells after the change move up or down, the range changes */
  update (self, self->offset, self->zoom, TRUE);
  gsk_layer_queue_resize (GSK_LAYER (self));
}

/* }}} */
/* {{{ Following an animated scroll */

/* The offset along the axis and the zoom on screen, which differ from
 * the layer's while they animate */
static void
get_shown (GskLayerScroll *self,
           double         *offset,
           double         *zoom)
{
  GValue value = G_VALUE_INIT;
  graphene_matrix_t m;

  *offset = self->offset;
  *zoom = self->zoom;
  if (gsk_layer_get_presentation_value (GSK_LAYER (self), "child-transform", &value))
    {
      GskLayerTransform *t = g_value_get_boxed (&value);

      if (t != NULL)
        {
          gsk_layer_transform_to_matrix (t, &m);
          *offset = gsk_layer_scroll_is_horizontal (self) ? -graphene_matrix_get_x_translation (&m)
                                                          : -graphene_matrix_get_y_translation (&m);
          *zoom = graphene_matrix_get_value (&m, 0, 0);
          if (!(*zoom > 0))
            *zoom = self->zoom;
        }
      g_value_unset (&value);
    }
}

static void
stop_following (GskLayerScrollCells *cells)
{
  if (cells->clock == NULL)
    return;
  g_clear_signal_handler (&cells->tick_id, cells->clock);
  g_clear_object (&cells->clock);
}

static void
on_tick (GskLayerFrameClock  *clock,
         GskLayerScrollCells *cells)
{
  GskLayerScroll *self = cells->scroll;
  double offset, zoom;

  get_shown (self, &offset, &zoom);
  /* At rest: the window where it came to */
  if (fabs (offset - self->offset) < 0.5 && fabs (zoom - self->zoom) < 1e-4)
    {
      stop_following (cells);
      offset = self->offset;
      zoom = self->zoom;
    }
  update (self, offset, zoom, FALSE);
}

/* }}} */

void
gsk_layer_scroll_cells_free (GskLayerScrollCells *cells)
{
  GskLayer *layer = GSK_LAYER (cells->scroll);
  GDestroyNotify notify = cells->notify;
  gpointer user_data = cells->user_data;
  guint i;

  stop_following (cells);
  g_clear_signal_handler (&cells->items_changed_id, cells->model);
  /* Unbound while the application's data is there, even when this is
   * its bind function ending the binding: the update under way stops */
  unbind_all (cells);
  cells->ended = TRUE;
  cells->notify = NULL;
  for (i = 0; i < cells->bound->len; i++)
    g_ptr_array_add (cells->spare, g_ptr_array_index (cells->bound, i));
  g_ptr_array_set_size (cells->bound, 0);
  g_ptr_array_set_free_func (cells->spare, (GDestroyNotify) cell_free);
  for (i = 0; i < cells->spare->len; i++)
    {
      Cell *cell = g_ptr_array_index (cells->spare, i);

      if (gsk_layer_get_parent (cell->layer) == layer)
        gsk_layer_remove_child (layer, cell->layer);
    }
  g_clear_object (&cells->model);
  if (notify != NULL)
    notify (user_data);
  cells_unref (cells);
}

double
gsk_layer_scroll_cells_extent (GskLayerScroll *self)
{
  Lines lines;

  get_lines (self, &lines);
  return (double) n_lines (self->cells, &lines) * lines.line;
}

/* A cell: its length along the axis, and across it, what it asks */
void
gsk_layer_scroll_cells_measure (GskLayerScroll      *self,
                                GskLayerOrientation  orientation,
                                float               *minimum,
                                float               *natural)
{
  const graphene_size_t *cell = &self->cells->cell_size;

  *minimum = *natural = orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? cell->width : cell->height;
}

void
gsk_layer_scroll_cells_layout (GskLayerScroll *self)
{
  double offset = self->offset, zoom = self->zoom;

  if (self->cells->clock != NULL)
    get_shown (self, &offset, &zoom);
  update (self, offset, zoom, TRUE);
}

void
gsk_layer_scroll_cells_scrolled (GskLayerScroll *self,
                                 gboolean        animated)
{
  GskLayerScrollCells *cells = self->cells;
  GskLayerFrameClock *clock;
  double offset, zoom;

  get_shown (self, &offset, &zoom);
  if (!animated || (fabs (offset - self->offset) < 0.5 && fabs (zoom - self->zoom) < 1e-4) ||
      (clock = gsk_layer_get_frame_clock (GSK_LAYER (self))) == NULL)
    {
      stop_following (cells);
      update (self, self->offset, self->zoom, FALSE);
      return;
    }

  /* The window follows the offset on screen, frame by frame */
  if (cells->clock != clock)
    {
      stop_following (cells);
      cells->clock = g_object_ref (clock);
      cells->tick_id = g_signal_connect (clock, "tick", G_CALLBACK (on_tick), cells);
    }
}

void
gsk_layer_scroll_cells_snap (GskLayerScroll *self,
                             double          start,
                             double          end,
                             double         *best,
                             double         *next,
                             double         *previous)
{
  Lines lines;

  get_lines (self, &lines);
  /* Zoomed */
  lines.line *= self->zoom;
  *best = round (end / lines.line) * lines.line;
  *next = (floor (start / lines.line + 0.5) + 1) * lines.line;
  *previous = (ceil (start / lines.line - 0.5) - 1) * lines.line;
}

/**
 * gsk_layer_scroll_bind_model:
 * @self: a scroll layer
 * @model: (nullable): the items to show, or %NULL to show none
 * @cell_size: (nullable): a cell's size: its length along the axis, and
 *   across it the least it takes (0 for a whole line), or %NULL with no
 *   @model
 * @create_cell_func: (scope notified) (closure user_data) (destroy notify) (nullable):
 *   makes a cell; required with a model
 * @bind_cell_func: (scope notified) (closure user_data) (nullable): makes
 *   a cell show an item; required with a model
 * @unbind_cell_func: (scope notified) (closure user_data) (nullable): lets
 *   a cell stop showing an item, or %NULL
 * @user_data: data for the functions
 * @notify: (nullable): frees @user_data when the binding ends
 *
 * Shows the items of @model in cells of one size, in lines across
 * @self, as many in a line as fit (each stretched to an equal share of
 * the line), as GTK's `GtkGridView` and `GtkListView` do; a @cell_size
 * with no length across gives a list, a cell a line. Only the items in
 * view, and half a view's length before and after, have cells: a cell
 * that leaves that window is unbound and hidden, then bound to an item
 * that enters it, so that a model of a hundred thousand items makes as
 * many layers as fill the view, once. The cells follow the model's
 * changes; the range of [property@LayerScroll:scroll-offset] is the
 * lines' extent (at most %GSK_LAYER_MAX_COORDINATE: items beyond it are
 * not shown), and snapping rests at the start of a line.
 *
 * The cells are children of @self that it places itself, with
 * [method@Layer.allocate]; its layout manager, if any, is not used
 * while a model is bound. Other children keep their places. A previous
 * binding ends (its cells unbound and removed, its @notify called) and
 * so does this one when @self is disposed.
 *
 * A function that makes no cell, or one with a parent, is refused with
 * a critical warning (the item shows nothing); so is a model whose
 * items-changed does not match its items, after which every cell is
 * bound again.
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_bind_model (GskLayerScroll         *self,
                             GListModel             *model,
                             const graphene_size_t  *cell_size,
                             GskLayerCreateCellFunc  create_cell_func,
                             GskLayerBindCellFunc    bind_cell_func,
                             GskLayerBindCellFunc    unbind_cell_func,
                             gpointer                user_data,
                             GDestroyNotify          notify)
{
  GskLayerScrollCells *cells;

  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));
  g_return_if_fail (model == NULL || G_IS_LIST_MODEL (model));
  g_return_if_fail (model == NULL || (create_cell_func != NULL && bind_cell_func != NULL));
  g_return_if_fail (model == NULL ||
                    (cell_size != NULL && isfinite (cell_size->width) && isfinite (cell_size->height) &&
                     cell_size->width >= 0 && cell_size->height >= 0 &&
                     cell_size->width <= GSK_LAYER_MAX_COORDINATE &&
                     cell_size->height <= GSK_LAYER_MAX_COORDINATE &&
                     (gsk_layer_scroll_is_horizontal (self) ? cell_size->width : cell_size->height) > 0));

  if (self->cells != NULL)
    gsk_layer_scroll_cells_free (g_steal_pointer (&self->cells));

  if (model != NULL)
    {
      cells = g_new0 (GskLayerScrollCells, 1);
      cells->ref_count = 1;
      cells->scroll = self;
      cells->model = g_object_ref (model);
      cells->cell_size = *cell_size;
      cells->create_cell_func = create_cell_func;
      cells->bind_cell_func = bind_cell_func;
      cells->unbind_cell_func = unbind_cell_func;
      cells->user_data = user_data;
      cells->notify = notify;
      cells->n_items = g_list_model_get_n_items (model);
      cells->bound = g_ptr_array_new ();
      cells->spare = g_ptr_array_new ();
      cells->items_changed_id = g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), cells);
      self->cells = cells;
      update (self, self->offset, self->zoom, TRUE);
    }
  else if (notify != NULL)
    notify (user_data);

  gsk_layer_queue_resize (GSK_LAYER (self));
}

/**
 * gsk_layer_scroll_get_model:
 * @self: a scroll layer
 *
 * Gives the model bound with [method@LayerScroll.bind_model].
 *
 * Returns: (transfer none) (nullable): the model, or %NULL
 *
 * Since: 0.1
 */
GListModel *
gsk_layer_scroll_get_model (GskLayerScroll *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), NULL);

  return self->cells ? self->cells->model : NULL;
}

/**
 * gsk_layer_scroll_get_cell_position:
 * @self: a scroll layer
 * @cell: a layer
 *
 * Gives the position in the model of the item @cell shows, for a cell
 * of the model bound with [method@LayerScroll.bind_model] (a layer
 * picked under the pointer, say).
 *
 * Returns: the item's position, or `G_MAXUINT` when @cell shows no item
 *
 * Since: 0.1
 */
guint
gsk_layer_scroll_get_cell_position (GskLayerScroll *self,
                                    GskLayer       *cell)
{
  guint i;

  g_return_val_if_fail (GSK_IS_LAYER_SCROLL (self), G_MAXUINT);
  g_return_val_if_fail (GSK_IS_LAYER (cell), G_MAXUINT);

  if (self->cells == NULL)
    return G_MAXUINT;
  for (i = 0; i < self->cells->bound->len; i++)
    {
      Cell *c = g_ptr_array_index (self->cells->bound, i);

      if (c->layer == cell)
        return c->position;
    }

  return G_MAXUINT;
}

/**
 * gsk_layer_scroll_get_item_bounds:
 * @self: a scroll layer
 * @position: an item's position in the bound model
 * @bounds: (out caller-allocates): return location for its cell's bounds
 *
 * Gives where the cell of the item at @position is, or would be, in
 * the children's space (the layer's, unscrolled), whether it has a
 * cell now or not. An empty rectangle when no model is bound or
 * @position is past its items.
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_get_item_bounds (GskLayerScroll  *self,
                                  guint            position,
                                  graphene_rect_t *bounds)
{
  Lines lines;

  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));
  g_return_if_fail (bounds != NULL);

  graphene_rect_init (bounds, 0, 0, 0, 0);
  if (self->cells == NULL || position >= self->cells->n_items)
    return;
  get_lines (self, &lines);
  if (position / lines.across >= lines.max_lines)
    return;
  item_bounds (self, &lines, position, bounds);
}

/**
 * gsk_layer_scroll_scroll_to_item:
 * @self: a scroll layer
 * @position: an item's position in the bound model
 *
 * Scrolls as little as shows the item at @position whole, as
 * [method@LayerScroll.scroll_to_rect] does with its bounds
 * ([method@LayerScroll.get_item_bounds]), with the easing state in
 * force. Nothing happens for a position past the model's items.
 *
 * Since: 0.1
 */
void
gsk_layer_scroll_scroll_to_item (GskLayerScroll *self,
                                 guint           position)
{
  graphene_rect_t bounds;

  g_return_if_fail (GSK_IS_LAYER_SCROLL (self));

  if (self->cells == NULL || position >= self->cells->n_items)
    return;
  gsk_layer_scroll_get_item_bounds (self, position, &bounds);
  if (bounds.size.width > 0 || bounds.size.height > 0)
    gsk_layer_scroll_scroll_to_rect (self, &bounds);
}
