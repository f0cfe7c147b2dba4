/* test-bind-model.c: children that follow a GListModel (issue 31)
 *
 * gsk_layer_bind_model () as clutter_actor_bind_model (): one child per
 * item in the model's order, kept so through splices, a new binding or
 * none, children added by hand, and bad input (a model whose
 * items-changed says more than it has, a function that makes no layer
 * or one with a parent, a model changed from inside a create function):
 * a critical and one child per item still, never a crash.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gsklayer.h>
#include <gtk/gtk.h>

static GskLayer *
make_named (gpointer item,
            gpointer user_data)
{
  GskLayer *layer = gsk_layer_new ();
  guint *made = user_data;

  gsk_layer_set_name (layer, gtk_string_object_get_string (item));
  if (made)
    (*made)++;
  return layer;
}

/* The children's names, in order, joined by spaces */
static char *
names (GskLayer *layer)
{
  GString *s = g_string_new (NULL);

  for (GskLayer *c = gsk_layer_get_first_child (layer); c; c = gsk_layer_get_next_sibling (c))
    g_string_append_printf (s, "%s%s", s->len ? " " : "", gsk_layer_get_name (c) ? gsk_layer_get_name (c) : "-");
  return g_string_free (s, FALSE);
}

static void
assert_names (GskLayer   *layer,
              const char *expected)
{
  g_autofree char *got = names (layer);

  g_assert_cmpstr (got, ==, expected);
}

static void
count_notify (gpointer data)
{
  (*(guint *) data)++;
}

static void
test_follows (void)
{
  const char *const items[] = { "a", "b", "c", NULL };
  GtkStringList *list = gtk_string_list_new (items);
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GskLayer *old = gsk_layer_new ();
  guint made = 0;

  /* The children it had go */
  gsk_layer_set_name (old, "old");
  gsk_layer_add_child (layer, old);
  gsk_layer_bind_model (layer, G_LIST_MODEL (list), make_named, &made, NULL);
  g_assert_true (gsk_layer_get_model (layer) == G_LIST_MODEL (list));
  assert_names (layer, "a b c");
  g_assert_cmpuint (made, ==, 3);

  /* A splice: b out, x and y in its place */
  gtk_string_list_splice (list, 1, 1, (const char *const[]) { "x", "y", NULL });
  assert_names (layer, "a x y c");
  g_assert_cmpuint (made, ==, 5);

  /* At both ends */
  gtk_string_list_splice (list, 0, 0, (const char *const[]) { "first", NULL });
  gtk_string_list_append (list, "last");
  assert_names (layer, "first a x y c last");
  gtk_string_list_remove (list, 0);
  gtk_string_list_remove (list, 4);
  assert_names (layer, "a x y c");

  /* A child added by hand stays where it is; the bound keep their order */
  {
    GskLayer *extra = gsk_layer_new ();

    gsk_layer_set_name (extra, "extra");
    gsk_layer_insert_child_at_index (layer, extra, 2);
    gtk_string_list_splice (list, 2, 0, (const char *const[]) { "z", NULL });
    assert_names (layer, "a x z extra y c");
    gsk_layer_remove_child (layer, extra);
  }

  /* Everything out, and in again */
  gtk_string_list_splice (list, 0, g_list_model_get_n_items (G_LIST_MODEL (list)), NULL);
  assert_names (layer, "");
  gtk_string_list_append (list, "again");
  assert_names (layer, "again");

  g_object_unref (layer);
  /* The layer gone, the model changes with no one listening */
  gtk_string_list_append (list, "after");
  g_object_unref (list);
}

static GskLayer *
make_plain (gpointer item,
            gpointer user_data)
{
  return make_named (item, NULL);
}

static void
test_rebind (void)
{
  const char *const one[] = { "a", "b", NULL }, *const two[] = { "p", "q", "r", NULL };
  GtkStringList *first = gtk_string_list_new (one), *second = gtk_string_list_new (two);
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  guint ended = 0;

  gsk_layer_bind_model (layer, G_LIST_MODEL (first), make_plain, &ended, count_notify);
  assert_names (layer, "a b");
  g_assert_cmpuint (ended, ==, 0);

  /* A new binding ends the one before */
  gsk_layer_bind_model (layer, G_LIST_MODEL (second), make_plain, &ended, count_notify);
  g_assert_cmpuint (ended, ==, 1);
  assert_names (layer, "p q r");
  /* The old model no longer drives the children */
  gtk_string_list_append (first, "c");
  assert_names (layer, "p q r");

  /* Unbound: no children, no model */
  gsk_layer_bind_model (layer, NULL, NULL, NULL, NULL);
  g_assert_cmpuint (ended, ==, 2);
  g_assert_null (gsk_layer_get_model (layer));
  assert_names (layer, "");
  gtk_string_list_append (second, "s");
  assert_names (layer, "");

  /* The layer finalized ends the binding */
  gsk_layer_bind_model (layer, G_LIST_MODEL (second), make_plain, &ended, count_notify);
  assert_names (layer, "p q r s");
  g_object_unref (layer);
  g_assert_cmpuint (ended, ==, 3);

  g_object_unref (first);
  g_object_unref (second);
}

/* A layout manager places the bound children */
static void
test_with_layout (void)
{
  const char *const items[] = { "a", "b", "c", NULL };
  GtkStringList *list = gtk_string_list_new (items);
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *surface;
  graphene_point_t p;

  GskLayerLayoutManager *row = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL);

  gsk_layer_set_layout_manager (layer, row);
  g_object_unref (row);
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (300, 50));
  gsk_layer_bind_model (layer, G_LIST_MODEL (list), make_named, NULL, NULL);
  for (GskLayer *c = gsk_layer_get_first_child (layer); c; c = gsk_layer_get_next_sibling (c))
    gsk_layer_set_preferred_size (c, &GRAPHENE_SIZE_INIT (40, 20));
  surface = gsk_layer_renderer_render_to_surface (renderer, layer, 300, 50);
  cairo_surface_destroy (surface);
  gsk_layer_get_position (gsk_layer_get_last_child (layer), &p);
  g_assert_cmpfloat (p.x, ==, 80);

  g_object_unref (renderer);
  g_object_unref (layer);
  g_object_unref (list);
}

static GskLayer *
make_bad (gpointer item,
          gpointer user_data)
{
  const char *name = gtk_string_object_get_string (item);

  if (g_str_equal (name, "null"))
    return NULL;
  if (g_str_equal (name, "parented"))
    {
      GskLayer *parent = user_data, *child = gsk_layer_new ();

      gsk_layer_add_child (parent, child);
      return g_object_ref (child);
    }
  return make_named (item, NULL);
}

/* Functions that make no layer, or one with a parent: a critical, and
 * an empty layer for the item */
static void
test_bad_functions (void)
{
  const char *const items[] = { "a", "null", "parented", "d", NULL };
  GtkStringList *list = gtk_string_list_new (items);
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GskLayer *elsewhere = g_object_ref_sink (gsk_layer_new ());

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*made no layer for item 1*");
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*item 2 already has a parent*");
  gsk_layer_bind_model (layer, G_LIST_MODEL (list), make_bad, elsewhere, NULL);
  g_test_assert_expected_messages ();
  assert_names (layer, "a - - d");

  /* Removing them works as for the others */
  gtk_string_list_splice (list, 1, 2, NULL);
  assert_names (layer, "a d");

  g_object_unref (layer);
  g_object_unref (elsewhere);
  g_object_unref (list);
}

/* A model that lies: items-changed beyond the items it had */
typedef struct
{
  GObject parent_instance;
  guint n;
} LyingModel;

typedef GObjectClass LyingModelClass;

static GType lying_model_get_type (void);
static void lying_model_iface_init (GListModelInterface *iface);
G_DEFINE_TYPE_WITH_CODE (LyingModel, lying_model, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, lying_model_iface_init))

static GType
lying_model_get_item_type (GListModel *model)
{
  return GTK_TYPE_STRING_OBJECT;
}

static guint
lying_model_get_n_items (GListModel *model)
{
  return ((LyingModel *) model)->n;
}

static gpointer
lying_model_get_item (GListModel *model,
                      guint       position)
{
  return position < ((LyingModel *) model)->n ? gtk_string_object_new ("item") : NULL;
}

static void
lying_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = lying_model_get_item_type;
  iface->get_n_items = lying_model_get_n_items;
  iface->get_item = lying_model_get_item;
}

static void
lying_model_class_init (LyingModelClass *klass)
{
}

static void
lying_model_init (LyingModel *self)
{
}

static void
test_lying_model (void)
{
  LyingModel *model = g_object_new (lying_model_get_type (), NULL);
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());

  model->n = 3;
  gsk_layer_bind_model (layer, G_LIST_MODEL (model), make_named, NULL, NULL);
  g_assert_cmpuint (gsk_layer_get_n_children (layer), ==, 3);

  /* 5 removed at 2 of 3, 1 added: clamped to the 1 it had */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*5 items changed at 2, but it had 3*");
  model->n = 3;
  g_list_model_items_changed (G_LIST_MODEL (model), 2, 5, 1);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (gsk_layer_get_n_children (layer), ==, 3);

  /* Past its end */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*5 items changed at 9, but it had 3*");
  g_list_model_items_changed (G_LIST_MODEL (model), 9, 5, 0);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (gsk_layer_get_n_children (layer), ==, 3);

  /* Added items it cannot give (get_item () answers NULL): an empty
   * layer each, with a critical */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*no item at 3*");
  g_list_model_items_changed (G_LIST_MODEL (model), 3, 0, 1);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (gsk_layer_get_n_children (layer), ==, 4);

  g_object_unref (layer);
  g_object_unref (model);
}

/* A create function that changes the model: taken from scratch after */
static GskLayer *
make_and_change (gpointer item,
                 gpointer user_data)
{
  GtkStringList *list = user_data;

  if (g_str_equal (gtk_string_object_get_string (item), "grow"))
    gtk_string_list_splice (list, 0, 1, (const char *const[]) { "grown", NULL });
  return make_named (item, NULL);
}

static void
test_changed_while_making (void)
{
  const char *const items[] = { "a", NULL };
  GtkStringList *list = gtk_string_list_new (items);
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_bind_model (layer, G_LIST_MODEL (list), make_and_change, list, NULL);
  gtk_string_list_append (list, "grow");
  assert_names (layer, "grown grow");

  g_object_unref (layer);
  g_object_unref (list);
}

/* Many items: one layer each, made once */
static void
test_many (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  guint made = 0;

  for (guint i = 0; i < 10000; i++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "%u", i);
      gtk_string_list_append (list, name);
    }
  gsk_layer_bind_model (layer, G_LIST_MODEL (list), make_named, &made, NULL);
  g_assert_cmpuint (gsk_layer_get_n_children (layer), ==, 10000);
  g_assert_cmpuint (made, ==, 10000);
  gtk_string_list_remove (list, 5000);
  g_assert_cmpuint (gsk_layer_get_n_children (layer), ==, 9999);
  g_assert_cmpuint (made, ==, 10000);
  g_assert_cmpstr (gsk_layer_get_name (gsk_layer_get_child_at_index (layer, 5000)), ==, "5001");

  g_object_unref (layer);
  g_object_unref (list);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bind-model/follows", test_follows);
  g_test_add_func ("/bind-model/rebind", test_rebind);
  g_test_add_func ("/bind-model/with-layout", test_with_layout);
  g_test_add_func ("/bind-model/bad-functions", test_bad_functions);
  g_test_add_func ("/bind-model/lying-model", test_lying_model);
  g_test_add_func ("/bind-model/changed-while-making", test_changed_while_making);
  g_test_add_func ("/bind-model/many", test_many);

  return g_test_run ();
}
