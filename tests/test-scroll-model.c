/* test-scroll-model.c: a scroll layer's cells bound to a model
 * (issue 31)
 *
 * A 400×300 scroll layer over a model of 100,000 items in cells of
 * 100×50: four to a line, 25,000 lines, a range of 1,249,700. Which
 * items have cells is worked out by hand from the window (the view and
 * half its length, 150, before and after), and so is where each cell
 * is; the test counts the layers alive as it scrolls the whole model a
 * screen at a time, and checks that the cells follow the model's
 * changes, an animated scroll frame by frame, snapping to lines, and
 * bad input.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "input-test-utils.h"

#define N_ITEMS 100000
#define CELL_W 100
#define CELL_H 50

/* {{{ A model that makes its items when asked: numbers */

#define TEST_TYPE_NUMBERS (test_numbers_get_type ())
G_DECLARE_FINAL_TYPE (TestNumbers, test_numbers, TEST, NUMBERS, GObject)

struct _TestNumbers
{
  GObject parent_instance;
  guint n_items;
  guint inserted;               /* new numbers before the first */
  guint n_made;
};

static GType
test_numbers_get_item_type (GListModel *model)
{
  return G_TYPE_OBJECT;
}

static guint
test_numbers_get_n_items (GListModel *model)
{
  return TEST_NUMBERS (model)->n_items;
}

static GQuark number_quark;

static guint
number_at (TestNumbers *self,
           guint        position)
{
  return position < self->inserted ? 1000000 + position : position - self->inserted;
}

static gpointer
test_numbers_get_item (GListModel *model,
                       guint       position)
{
  TestNumbers *self = TEST_NUMBERS (model);
  GObject *item;

  if (position >= self->n_items)
    return NULL;
  item = g_object_new (G_TYPE_OBJECT, NULL);
  g_object_set_qdata (item, number_quark, GUINT_TO_POINTER (number_at (self, position)));
  self->n_made++;
  return item;
}

static void
test_numbers_model_init (GListModelInterface *iface)
{
  iface->get_item_type = test_numbers_get_item_type;
  iface->get_n_items = test_numbers_get_n_items;
  iface->get_item = test_numbers_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestNumbers, test_numbers, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, test_numbers_model_init))

static void
test_numbers_class_init (TestNumbersClass *klass)
{
  number_quark = g_quark_from_static_string ("test-number");
}

static void
test_numbers_init (TestNumbers *self)
{
}

static TestNumbers *
test_numbers_new (guint n_items)
{
  TestNumbers *self = g_object_new (TEST_TYPE_NUMBERS, NULL);

  self->n_items = n_items;
  return self;
}

static guint
number_of (gpointer item)
{
  return GPOINTER_TO_UINT (g_object_get_qdata (item, number_quark));
}

/* }}} */

typedef struct {
  GskLayer *root;
  GskLayerScroll *scroll;
  TestNumbers *model;
  GskLayerFrameClock *clock;
  GskLayerRenderer *renderer;
  guint created, alive, bound, unbound, notified;
  GskLayer *returns;            /* what the create function gives, if set */
  gboolean return_null;
} Fixture;

static GQuark shows_quark;

/* A frame, for its layout pass */
static void
frame (Fixture *f)
{
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (f->renderer, f->root, 400, 300));
}

static void
cell_finalized (gpointer  data,
                GObject  *where)
{
  ((Fixture *) data)->alive--;
}

static GskLayer *
create_cell (gpointer data)
{
  Fixture *f = data;
  GskLayer *cell;

  if (f->return_null)
    return NULL;
  if (f->returns)
    return f->returns;
  cell = gsk_layer_new ();
  f->created++;
  f->alive++;
  g_object_weak_ref (G_OBJECT (cell), cell_finalized, f);
  return cell;
}

static void
bind_cell (GskLayer *cell,
           gpointer  item,
           gpointer  data)
{
  Fixture *f = data;

  g_assert_null (g_object_get_qdata (G_OBJECT (cell), shows_quark));
  g_object_set_qdata (G_OBJECT (cell), shows_quark, GUINT_TO_POINTER (number_of (item) + 1));
  f->bound++;
}

static void
unbind_cell (GskLayer *cell,
             gpointer  item,
             gpointer  data)
{
  Fixture *f = data;

  g_assert_cmpuint (GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (cell), shows_quark)), ==, number_of (item) + 1);
  g_object_set_qdata (G_OBJECT (cell), shows_quark, NULL);
  f->unbound++;
}

static void
notified (gpointer data)
{
  ((Fixture *) data)->notified++;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  gboolean horizontal = GPOINTER_TO_INT (data);

  shows_quark = g_quark_from_static_string ("test-shows");
  f->root = new_root ();
  f->clock = gsk_layer_manual_clock_new ();
  gsk_layer_set_frame_clock (f->root, f->clock);
  f->renderer = gsk_layer_software_renderer_new ();
  f->scroll = GSK_LAYER_SCROLL (gsk_layer_scroll_new (horizontal ? GSK_LAYER_ORIENTATION_HORIZONTAL
                                                                 : GSK_LAYER_ORIENTATION_VERTICAL));
  gsk_layer_set_size (GSK_LAYER (f->scroll), &GRAPHENE_SIZE_INIT (horizontal ? 300 : 400, horizontal ? 400 : 300));
  gsk_layer_add_child (f->root, GSK_LAYER (f->scroll));
  f->model = test_numbers_new (N_ITEMS);
  gsk_layer_scroll_bind_model (f->scroll, G_LIST_MODEL (f->model),
                               horizontal ? &GRAPHENE_SIZE_INIT (CELL_H, CELL_W) : &GRAPHENE_SIZE_INIT (CELL_W, CELL_H),
                               create_cell, bind_cell, unbind_cell, f, notified);
  frame (f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gsk_layer_set_frame_clock (f->root, NULL);
  g_object_unref (f->root);
  g_object_unref (f->clock);
  g_object_unref (f->renderer);
  /* Every cell unbound and let go with the layer */
  g_assert_cmpuint (f->notified, ==, 1);
  g_assert_cmpuint (f->bound, ==, f->unbound);
  g_assert_cmpuint (f->alive, ==, 0);
  g_object_unref (f->model);
}

/* The cells shown (visible children), each checked: it shows the item
 * at its position, and sits where item @position's cell goes, worked
 * out here; @first and @end: the items that must have cells */
static void
check_cells (Fixture *f,
             guint    first,
             guint    end)
{
  gboolean horizontal = gsk_layer_scroll_get_orientation (f->scroll) == GSK_LAYER_ORIENTATION_HORIZONTAL;
  guint n = 0;

  for (GskLayer *c = gsk_layer_get_first_child (GSK_LAYER (f->scroll)); c; c = gsk_layer_get_next_sibling (c))
    {
      guint position, shows;
      graphene_point_t p;
      graphene_size_t s;
      float along, across;

      if (!gsk_layer_get_visible (c))
        {
          g_assert_null (g_object_get_qdata (G_OBJECT (c), shows_quark));
          continue;
        }
      n++;
      position = gsk_layer_scroll_get_cell_position (f->scroll, c);
      shows = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (c), shows_quark));
      g_assert_cmpuint (shows, ==, number_at (f->model, position) + 1);
      g_assert_cmpuint (position, >=, first);
      g_assert_cmpuint (position, <, end);
      gsk_layer_get_position (c, &p);
      gsk_layer_get_size (c, &s);
      along = (position / 4) * 50.f;
      across = (position % 4) * 100.f;
      g_assert_cmpfloat (horizontal ? p.x : p.y, ==, along);
      g_assert_cmpfloat (horizontal ? p.y : p.x, ==, across);
      g_assert_cmpfloat (horizontal ? s.width : s.height, ==, 50);
      g_assert_cmpfloat (horizontal ? s.height : s.width, ==, 100);
    }
  g_assert_cmpuint (n, ==, end - first);
}

/* Lines 0 to 9 at the top (0 to 300 + 150); around line 2000 (at
 * 100,000), lines 1997 to 2009; the range: 25,000 lines less the view */
static void
test_window (Fixture       *f,
             gconstpointer  data)
{
  GskLayer *picked;

  g_assert_true (gsk_layer_scroll_get_model (f->scroll) == G_LIST_MODEL (f->model));
  g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (f->scroll), ==, 25000 * 50 - 300);
  check_cells (f, 0, 36);
  g_assert_cmpuint (f->created, ==, 36);

  gsk_layer_scroll_set_scroll_offset (f->scroll, 100000);
  check_cells (f, 1997 * 4, 2009 * 4);
  g_assert_cmpuint (f->created, ==, 48);
  /* Recycled: no more layers than were made */
  g_assert_cmpuint (f->alive, <=, 48 + 8);

  /* The cell under a point through the scroll: y 120 in the view is
   * 100,120 in the lines, line 2002; x 250, the third cell */
  picked = gsk_layer_scroll_get_orientation (f->scroll) == GSK_LAYER_ORIENTATION_HORIZONTAL
           ? gsk_layer_pick (f->root, 120, 250) : gsk_layer_pick (f->root, 250, 120);
  g_assert_cmpuint (gsk_layer_scroll_get_cell_position (f->scroll, picked), ==, 2002 * 4 + 2);
  g_assert_cmpuint (gsk_layer_scroll_get_cell_position (f->scroll, f->root), ==, G_MAXUINT);
}

/* The whole model a screen at a time, and back: never more layers than
 * the window holds and the few spare, each made once */
static void
test_scroll_through (Fixture       *f,
                     gconstpointer  data)
{
  double max = gsk_layer_scroll_get_max_offset (f->scroll);
  guint most_alive = 0;
  double offset;

  for (offset = 0; offset <= max; offset += 300)
    {
      gsk_layer_scroll_set_scroll_offset (f->scroll, offset);
      most_alive = MAX (most_alive, f->alive);
    }
  gsk_layer_scroll_set_scroll_offset (f->scroll, max);
  /* The last lines: 24,991 (at 1,249,700 − 150) to the end */
  check_cells (f, 24991 * 4, N_ITEMS);
  for (; offset >= 0; offset -= 300)
    {
      gsk_layer_scroll_set_scroll_offset (f->scroll, offset);
      most_alive = MAX (most_alive, f->alive);
    }
  g_test_message ("100,000 items a screen at a time: %u layers made, %u alive at most, %u bindings",
                  f->created, most_alive, f->bound);
  /* A window is 12 or 13 lines of 4: 52 at most, and 8 spare */
  g_assert_cmpuint (most_alive, <=, 52 + 8);
  g_assert_cmpuint (f->created, <=, 52 + 8);
  g_assert_cmpuint (f->bound - f->unbound, <=, 52);
}

/* The cells follow the model: items inserted before the window push
 * the cells' items on; removed inside it, the rest move up */
static void
test_items_changed (Fixture       *f,
                    gconstpointer  data)
{
  guint n_made;

  gsk_layer_scroll_set_scroll_offset (f->scroll, 1000);
  check_cells (f, 17 * 4, 29 * 4);

  /* Two numbers before the first: the items move on two places, in
   * the cells that showed them (none made) */
  f->model->inserted = 2;
  f->model->n_items += 2;
  n_made = f->model->n_made;
  g_list_model_items_changed (G_LIST_MODEL (f->model), 0, 0, 2);
  check_cells (f, 17 * 4, 29 * 4);
  g_assert_cmpuint (f->model->n_made - n_made, ==, 2);
  frame (f);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (f->scroll), ==, 25001 * 50 - 300);
  /* Taken out again */
  f->model->inserted = 0;
  f->model->n_items -= 2;
  g_list_model_items_changed (G_LIST_MODEL (f->model), 0, 2, 0);
  check_cells (f, 17 * 4, 29 * 4);

  /* Fewer items than fill the window */
  f->model->n_items = 70;
  g_list_model_items_changed (G_LIST_MODEL (f->model), 70, N_ITEMS - 70, 0);
  frame (f);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (f->scroll), ==, 18 * 50 - 300);
  g_assert_cmpfloat (gsk_layer_scroll_get_scroll_offset (f->scroll), <=, 600);
}

/* scroll_to_item animates: on each frame, the cells under the view are
 * there for the offset on screen */
static void
test_animated (Fixture       *f,
               gconstpointer  data)
{
  gboolean horizontal = gsk_layer_scroll_get_orientation (f->scroll) == GSK_LAYER_ORIENTATION_HORIZONTAL;
  graphene_rect_t bounds;
  int frames = 0;

  gsk_layer_scroll_get_item_bounds (f->scroll, 40001, &bounds);
  g_assert_cmpfloat (horizontal ? bounds.origin.x : bounds.origin.y, ==, 10000 * 50);
  g_assert_cmpfloat (horizontal ? bounds.origin.y : bounds.origin.x, ==, 100);

  gsk_layer_save_easing_state (GSK_LAYER (f->scroll));
  gsk_layer_set_easing_duration (GSK_LAYER (f->scroll), 500);
  gsk_layer_scroll_scroll_to_item (f->scroll, 40001);
  gsk_layer_restore_easing_state (GSK_LAYER (f->scroll));
  /* It ends with line 10,000 at the bottom of the view */
  g_assert_cmpfloat (gsk_layer_scroll_get_scroll_offset (f->scroll), ==, 10001 * 50 - 300);

  for (frames = 0; frames < 40; frames++)
    {
      GskLayer *picked;
      graphene_point_t p = horizontal ? GRAPHENE_POINT_INIT (150, 250) : GRAPHENE_POINT_INIT (250, 150);

      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 16667);
      /* The middle of the view shows a cell, whatever the offset */
      picked = gsk_layer_pick (f->root, p.x, p.y);
      g_assert_true (gsk_layer_get_parent (picked) == GSK_LAYER (f->scroll));
      g_assert_cmpuint (gsk_layer_scroll_get_cell_position (f->scroll, picked), !=, G_MAXUINT);
    }
  check_cells (f, (10001 * 50 - 300 - 150) / 50 * 4, (10001 * 50 + 150) / 50 * 4);
  g_assert_cmpuint (f->alive, <=, 52 + 8);
}

/* Mandatory snapping rests at a line's start, lines with no cells as
 * well as those with */
static void
test_snap (Fixture       *f,
           gconstpointer  data)
{
  GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_SCROLL, 100, 100, 100);

  gsk_layer_scroll_set_snap (f->scroll, GSK_LAYER_SCROLL_SNAP_MANDATORY);
  gsk_layer_scroll_set_scroll_offset (f->scroll, 123456);
  gsk_layer_event_set_scroll (event, GSK_LAYER_SCROLL_DOWN, 0, 0, FALSE);
  gsk_layer_dispatch_event (f->root, event);
  gsk_layer_event_unref (event);
  g_assert_cmpfloat (gsk_layer_scroll_get_scroll_offset (f->scroll), ==, 123500);
}

/* Zoomed in twice: the window in the children's space is half as long
 * (150, and 75 around): at 1000, the children's 500, lines 8 to 15;
 * the cells keep their places and sizes, the zoom scales them */
static void
test_zoomed (Fixture       *f,
             gconstpointer  data)
{
  gsk_layer_scroll_set_zoom_limits (f->scroll, 1, 4);
  gsk_layer_scroll_zoom_to (f->scroll, 2, &GRAPHENE_POINT_INIT (0, 0));
  frame (f);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (f->scroll), ==, 25000 * 50 * 2 - 300);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_cross_offset (f->scroll), ==, 400);
  gsk_layer_scroll_set_scroll_offset (f->scroll, 1000);
  check_cells (f, 8 * 4, 15 * 4);
  /* (250, 120) on screen: the children's (125, 560), line 11, cell 1 */
  g_assert_cmpuint (gsk_layer_scroll_get_cell_position (f->scroll, gsk_layer_pick (f->root, 250, 120)), ==, 11 * 4 + 1);
}

/* Bad input: a model whose items-changed lies, functions that give no
 * cell or one with a parent, a cell size of nothing along the axis */
static void
test_bad_input (Fixture       *f,
                gconstpointer  data)
{
  GskLayer *adopted = g_object_ref_sink (gsk_layer_new ());
  GskLayer *parent = g_object_ref_sink (gsk_layer_new ());
  GListStore *store = g_list_store_new (G_TYPE_OBJECT);

  f->model->n_items = 50;
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*does not match its 50 items*");
  g_list_model_items_changed (G_LIST_MODEL (f->model), 10, 3, 0);
  g_test_assert_expected_messages ();
  check_cells (f, 0, 36);

  /* Spare cells go first: a cell is made when the window grows */
  f->model->n_items = 200;
  g_list_model_items_changed (G_LIST_MODEL (f->model), 50, 0, 150);
  f->return_null = TRUE;
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*returned NULL*");
  gsk_layer_scroll_set_scroll_offset (f->scroll, 450);
  g_test_assert_expected_messages ();
  f->return_null = FALSE;

  gsk_layer_add_child (parent, adopted);
  f->returns = adopted;
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*has a parent*");
  gsk_layer_scroll_set_scroll_offset (f->scroll, 451);
  g_test_assert_expected_messages ();
  f->returns = NULL;
  g_assert_true (gsk_layer_get_parent (adopted) == parent);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*cell_size*");
  gsk_layer_scroll_bind_model (f->scroll, G_LIST_MODEL (store), &GRAPHENE_SIZE_INIT (100, 0),
                               create_cell, bind_cell, NULL, NULL, NULL);
  g_test_assert_expected_messages ();
  g_assert_true (gsk_layer_scroll_get_model (f->scroll) == G_LIST_MODEL (f->model));

  g_object_unref (store);
  g_object_unref (parent);
  g_object_unref (adopted);
}

/* The bind function ends the binding: the update stops, every cell bound
 * so far is unbound (the tear-down checks binds and unbinds pair) */
static void
bind_and_end (GskLayer *cell,
              gpointer  item,
              gpointer  data)
{
  Fixture *f = data;

  bind_cell (cell, item, data);
  if (f->bound == 3)
    gsk_layer_scroll_bind_model (f->scroll, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
}

static void
test_end_in_bind (Fixture       *f,
                  gconstpointer  data)
{
  gsk_layer_scroll_bind_model (f->scroll, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  g_assert_cmpuint (f->bound, ==, f->unbound);
  f->bound = f->unbound = 0;
  gsk_layer_scroll_bind_model (f->scroll, G_LIST_MODEL (f->model), &GRAPHENE_SIZE_INIT (CELL_W, CELL_H),
                               create_cell, bind_and_end, unbind_cell, f, NULL);
  g_assert_cmpuint (f->bound, ==, 3);
  g_assert_cmpuint (f->unbound, ==, 3);
  g_assert_null (gsk_layer_scroll_get_model (f->scroll));
  g_assert_null (gsk_layer_get_first_child (GSK_LAYER (f->scroll)));

  /* For the tear-down's count */
  gsk_layer_scroll_bind_model (f->scroll, G_LIST_MODEL (f->model), &GRAPHENE_SIZE_INIT (CELL_W, CELL_H),
                               create_cell, bind_cell, unbind_cell, f, NULL);
}

/* Binding another model (or none) ends the first: unbound, removed,
 * notified */
static void
test_rebind (Fixture       *f,
             gconstpointer  data)
{
  TestNumbers *few = test_numbers_new (3);
  guint n_children = 0;

  gsk_layer_scroll_bind_model (f->scroll, G_LIST_MODEL (few), &GRAPHENE_SIZE_INIT (0, 40),
                               create_cell, bind_cell, unbind_cell, f, NULL);
  g_assert_cmpuint (f->notified, ==, 1);
  for (GskLayer *c = gsk_layer_get_first_child (GSK_LAYER (f->scroll)); c; c = gsk_layer_get_next_sibling (c))
    n_children++;
  g_assert_cmpuint (n_children, ==, 3);
  frame (f);
  /* A list: a cell a line, as wide as the layer */
  if (gsk_layer_scroll_get_orientation (f->scroll) == GSK_LAYER_ORIENTATION_VERTICAL)
    {
      graphene_size_t s;

      gsk_layer_get_size (gsk_layer_get_first_child (GSK_LAYER (f->scroll)), &s);
      g_assert_cmpfloat (s.width, ==, 400);
      g_assert_cmpfloat (s.height, ==, 40);
      g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (f->scroll), ==, 0);
    }

  gsk_layer_scroll_bind_model (f->scroll, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  g_assert_null (gsk_layer_get_first_child (GSK_LAYER (f->scroll)));
  g_assert_cmpuint (f->bound, ==, f->unbound);
  g_assert_cmpuint (f->alive, ==, 0);
  g_object_unref (few);

  /* For the tear-down's count */
  gsk_layer_scroll_bind_model (f->scroll, G_LIST_MODEL (f->model), &GRAPHENE_SIZE_INIT (CELL_W, CELL_H),
                               create_cell, bind_cell, unbind_cell, f, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/scroll-model/window", Fixture, NULL, fixture_set_up, test_window, fixture_tear_down);
  g_test_add ("/scroll-model/window-horizontal", Fixture, GINT_TO_POINTER (1),
              fixture_set_up, test_window, fixture_tear_down);
  g_test_add ("/scroll-model/scroll-through", Fixture, NULL, fixture_set_up, test_scroll_through, fixture_tear_down);
  g_test_add ("/scroll-model/items-changed", Fixture, NULL, fixture_set_up, test_items_changed, fixture_tear_down);
  g_test_add ("/scroll-model/animated", Fixture, NULL, fixture_set_up, test_animated, fixture_tear_down);
  g_test_add ("/scroll-model/animated-horizontal", Fixture, GINT_TO_POINTER (1),
              fixture_set_up, test_animated, fixture_tear_down);
  g_test_add ("/scroll-model/zoomed", Fixture, NULL, fixture_set_up, test_zoomed, fixture_tear_down);
  g_test_add ("/scroll-model/snap", Fixture, NULL, fixture_set_up, test_snap, fixture_tear_down);
  g_test_add ("/scroll-model/bad-input", Fixture, NULL, fixture_set_up, test_bad_input, fixture_tear_down);
  g_test_add ("/scroll-model/end-in-bind", Fixture, NULL, fixture_set_up, test_end_in_bind, fixture_tear_down);
  g_test_add ("/scroll-model/rebind", Fixture, NULL, fixture_set_up, test_rebind, fixture_tear_down);

  return g_test_run ();
}
