/* actor-model.c: Clutter's actor-model example, ported
 *
 * A menu of twelve options whose items come from a GListStore of menu
 * item models, bound with gsk_layer_bind_model () as Clutter's
 * clutter_actor_bind_model (); the view's colour follows the model's
 * "selected" state through a property binding. Up and Down select the
 * previous and the next option (round the ends) and scroll the menu to
 * it, eased over 250 ms; q quits.
 *
 * Usage: actor-model [--screenshot FILE.png [--at SECONDS]] [--keys Down,Down,...]
 *
 * --keys presses those keys, one after the other, as the window opens
 * (see examples/example-shot.h for --screenshot).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "example-shot.h"

#define PADDING 18.f

/* {{{ The model of a menu item: a label, and whether it is selected */

#define EXAMPLE_TYPE_MENU_ITEM_MODEL (example_menu_item_model_get_type ())
G_DECLARE_FINAL_TYPE (ExampleMenuItemModel, example_menu_item_model, EXAMPLE, MENU_ITEM_MODEL, GObject)

struct _ExampleMenuItemModel
{
  GObject parent_instance;
  char *label;
  gboolean selected;
};

enum {
  PROP_0,
  PROP_LABEL,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ExampleMenuItemModel, example_menu_item_model, G_TYPE_OBJECT)

static void
example_menu_item_model_finalize (GObject *object)
{
  g_free (EXAMPLE_MENU_ITEM_MODEL (object)->label);
  G_OBJECT_CLASS (example_menu_item_model_parent_class)->finalize (object);
}

static void
example_menu_item_model_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  ExampleMenuItemModel *self = EXAMPLE_MENU_ITEM_MODEL (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_free (self->label);
      self->label = g_value_dup_string (value);
      break;
    case PROP_SELECTED:
      if (self->selected == g_value_get_boolean (value))
        return;
      self->selected = g_value_get_boolean (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
example_menu_item_model_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  ExampleMenuItemModel *self = EXAMPLE_MENU_ITEM_MODEL (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_SELECTED:
      g_value_set_boolean (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
example_menu_item_model_class_init (ExampleMenuItemModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = example_menu_item_model_finalize;
  object_class->set_property = example_menu_item_model_set_property;
  object_class->get_property = example_menu_item_model_get_property;
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] = g_param_spec_boolean ("selected", NULL, NULL, FALSE,
                                                    G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                    G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
example_menu_item_model_init (ExampleMenuItemModel *self)
{
}

/* }}} */

typedef struct {
  ExampleShot shot;
  GskLayer *root;
  GskLayer *scroll;
  GskLayer *menu;
  GListModel *model;
  int current;
  char **keys;
} App;

/* Selected: light sky blue, else white, as Clutter's example */
static gboolean
selected_to_color (GBinding     *binding,
                   const GValue *from,
                   GValue       *to,
                   gpointer      data)
{
  static const GdkRGBA light_sky_blue = { 135 / 255.f, 206 / 255.f, 250 / 255.f, 1 };
  static const GdkRGBA white = { 1, 1, 1, 1 };

  g_value_set_boxed (to, g_value_get_boolean (from) ? &light_sky_blue : &white);
  return TRUE;
}

static void
on_item_selected (ExampleMenuItemModel *item)
{
  if (item->selected)
    g_print ("Item '%s' selected!\n", item->label);
}

static GskLayer *
create_menu_item (gpointer item,
                  gpointer data)
{
  GskLayer *text = gsk_layer_text_new (NULL);

  gsk_layer_text_set_font (GSK_LAYER_TEXT (text), "Sans Bold 24px");
  gsk_layer_set_margin (text, 0, 12, 0, 12);
  /* The label goes from the model to the view, and the selected state
   * shows as the text's colour */
  g_object_bind_property (item, "label", text, "text", G_BINDING_SYNC_CREATE);
  g_object_bind_property_full (item, "selected", text, "color", G_BINDING_SYNC_CREATE,
                               selected_to_color, NULL, NULL, NULL);
  g_signal_connect (item, "notify::selected", G_CALLBACK (on_item_selected), NULL);
  return text;
}

/* Round the ends, as Clutter's example */
static GskLayer *
select_item (App *app,
             int  index)
{
  int n = (int) g_list_model_get_n_items (app->model);
  g_autoptr (ExampleMenuItemModel) old = app->current >= 0 ? g_list_model_get_item (app->model, app->current) : NULL;
  g_autoptr (ExampleMenuItemModel) item = NULL;

  if (index < 0)
    index = n - 1;
  else if (index >= n)
    index = 0;
  if (old != NULL)
    g_object_set (old, "selected", FALSE, NULL);
  app->current = index;
  item = g_list_model_get_item (app->model, index);
  g_object_set (item, "selected", TRUE, NULL);

  return gsk_layer_get_child_at_index (app->menu, index);
}

static gboolean
on_key (GskLayerEventController *controller,
        GskLayerEvent           *event,
        App                     *app)
{
  GskLayer *item = NULL;
  graphene_point_t p;

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_KEY_PRESS)
    return FALSE;

  switch (gsk_layer_event_get_keyval (event))
    {
    case GDK_KEY_q:
      gtk_window_destroy (GTK_WINDOW (app->shot.window));
      return TRUE;
    case GDK_KEY_Up:
      item = select_item (app, app->current - 1);
      break;
    case GDK_KEY_Down:
      item = select_item (app, app->current + 1);
      break;
    default:
      return FALSE;
    }

  /* The scroll layer's easing state is 250 ms: the scroll eases */
  gsk_layer_get_position (item, &p);
  gsk_layer_scroll_scroll_to_point (GSK_LAYER_SCROLL (app->scroll), &p);
  return TRUE;
}

static void
press_keys (gpointer data)
{
  App *app = data;

  for (int i = 0; app->keys && app->keys[i]; i++)
    example_dispatch_key (app->root, gdk_keyval_from_name (app->keys[i]));
}

static void
on_activate (GtkApplication *application,
             App            *app)
{
  GskLayerLayoutManager *column = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_VERTICAL);
  GskLayerEventController *keys = gsk_layer_event_controller_new ();
  GListStore *store = g_list_store_new (EXAMPLE_TYPE_MENU_ITEM_MODEL);
  GskLayerConstraint *constraint;

  for (int i = 0; i < 12; i++)
    {
      g_autofree char *label = g_strdup_printf ("Option %02d", i + 1);
      g_autoptr (GObject) item = g_object_new (EXAMPLE_TYPE_MENU_ITEM_MODEL, "label", label, NULL);

      g_list_store_append (store, item);
    }
  app->model = G_LIST_MODEL (store);

  app->root = gsk_layer_new ();
  gsk_layer_set_background_color (app->root, &(GdkRGBA) { 0, 0, 0, 1 });

  app->menu = gsk_layer_new ();
  gsk_layer_box_layout_set_spacing (GSK_LAYER_BOX_LAYOUT (column), 12);
  gsk_layer_set_layout_manager (app->menu, column);
  g_object_unref (column);
  gsk_layer_set_background_color (app->menu, &(GdkRGBA) { 0, 0, 0, 1 });
  gsk_layer_bind_model (app->menu, app->model, create_menu_item, NULL, NULL);
  app->current = -1;
  select_item (app, 0);

  app->scroll = gsk_layer_scroll_new (GSK_LAYER_ORIENTATION_VERTICAL);
  gsk_layer_set_name (app->scroll, "scroll");
  /* An easing state kept for good: every change to the scroll eases */
  gsk_layer_save_easing_state (app->scroll);
  gsk_layer_set_easing_duration (app->scroll, 250);
  gsk_layer_add_child (app->scroll, app->menu);
  gsk_layer_set_position (app->scroll, &GRAPHENE_POINT_INIT (0, PADDING));
  constraint = gsk_layer_align_constraint_new (app->root, GSK_LAYER_ORIENTATION_HORIZONTAL, 0.5);
  gsk_layer_add_constraint (app->scroll, constraint);
  g_object_unref (constraint);
  constraint = gsk_layer_bind_constraint_new (app->root, GSK_LAYER_BIND_HEIGHT, -PADDING * 2);
  gsk_layer_add_constraint (app->scroll, constraint);
  g_object_unref (constraint);
  gsk_layer_add_child (app->root, app->scroll);

  g_signal_connect (keys, "event", G_CALLBACK (on_key), app);
  gsk_layer_add_controller (app->root, keys);

  app->shot.window = example_window_present (&app->shot, application, "Actor Model", 640, 480, app->root,
                                              press_keys, app);
}

int
main (int    argc,
      char **argv)
{
  App app = { { 0 } };
  int status;

  example_shot_parse (&app.shot, argc, argv);
  for (int i = 1; i + 1 < argc; i++)
    if (g_str_equal (argv[i], "--keys"))
      app.keys = g_strsplit (argv[i + 1], ",", -1);

  status = example_run ("org.gtk.GskLayer.ActorModel", argc, argv, G_CALLBACK (on_activate), &app);
  g_clear_object (&app.model);
  g_strfreev (app.keys);

  return status;
}
