/* test-accessible.c: a layer's accessible role, properties, states and
 * relations, as the application sets them (issue 30)
 *
 * What a screen reader sees of them is test-accessible-atspi.py's; here,
 * the API: defaults (a plain layer presentational, a text layer a
 * label, a class's role inherited), notification on real change only,
 * GTK's variadic forms and their value forms, bad values refused with
 * nothing changed, relations that do not keep their targets alive, and
 * the scene file's "accessible-role" and "accessible-label".
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

#include "font-caches.h"

/* The private view of the description, as the GTK bridge reads it */
#include "gsk-layer-accessible-private.h"

typedef struct
{
  GskLayerAccessibleKind kind;
  int attribute;
  GValue value;
  GPtrArray *refs;
} Seen;

static void
collect (GskLayer               *layer,
         GskLayerAccessibleKind  kind,
         int                     attribute,
         const GValue           *value,
         GskLayer              **refs,
         guint                   n_refs,
         gpointer                data)
{
  GArray *seen = data;
  Seen s = { kind, attribute, G_VALUE_INIT, NULL };

  if (value)
    {
      g_value_init (&s.value, G_VALUE_TYPE (value));
      g_value_copy (value, &s.value);
    }
  else
    {
      s.refs = g_ptr_array_new ();
      for (guint i = 0; i < n_refs; i++)
        g_ptr_array_add (s.refs, refs[i]);
    }
  g_array_append_val (seen, s);
}

static void
seen_clear (Seen *s)
{
  if (G_IS_VALUE (&s->value))
    g_value_unset (&s->value);
  g_clear_pointer (&s->refs, g_ptr_array_unref);
}

static GArray *
describe (GskLayer *layer)
{
  GArray *seen = g_array_new (FALSE, TRUE, sizeof (Seen));

  g_array_set_clear_func (seen, (GDestroyNotify) seen_clear);
  gsk_layer_accessible_foreach (layer, collect, seen);
  return seen;
}

static const Seen *
find (GArray                 *seen,
      GskLayerAccessibleKind  kind,
      int                     attribute)
{
  for (guint i = 0; i < seen->len; i++)
    {
      const Seen *s = &g_array_index (seen, Seen, i);

      if (s->kind == kind && s->attribute == attribute)
        return s;
    }
  return NULL;
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

static void
test_roles (void)
{
  GskLayer *plain = g_object_ref_sink (gsk_layer_new ());
  GskLayer *text = g_object_ref_sink (gsk_layer_text_new ("Play"));
  guint notified = 0;

  g_assert_cmpint (gsk_layer_get_accessible_role (plain), ==, GTK_ACCESSIBLE_ROLE_NONE);
  g_assert_false (gsk_layer_accessible_role_is_set (plain));
  g_assert_cmpint (gsk_layer_get_accessible_role (text), ==, GTK_ACCESSIBLE_ROLE_LABEL);
  g_assert_cmpint (gsk_layer_class_get_accessible_role (GSK_LAYER_GET_CLASS (text)), ==,
                   GTK_ACCESSIBLE_ROLE_LABEL);
  g_assert_cmpint (gsk_layer_class_get_accessible_role (g_type_class_peek (GSK_TYPE_LAYER)), ==,
                   GTK_ACCESSIBLE_ROLE_NONE);

  g_signal_connect (plain, "notify::accessible-role", G_CALLBACK (count_notify), &notified);
  /* The role it has already: set, but no change to notify */
  gsk_layer_set_accessible_role (plain, GTK_ACCESSIBLE_ROLE_NONE);
  g_assert_cmpuint (notified, ==, 0);
  g_assert_true (gsk_layer_accessible_role_is_set (plain));
  gsk_layer_set_accessible_role (plain, GTK_ACCESSIBLE_ROLE_BUTTON);
  gsk_layer_set_accessible_role (plain, GTK_ACCESSIBLE_ROLE_BUTTON);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpint (gsk_layer_get_accessible_role (plain), ==, GTK_ACCESSIBLE_ROLE_BUTTON);

  /* The property, as bindings and scene files set it */
  g_object_set (plain, "accessible-role", GTK_ACCESSIBLE_ROLE_IMG, NULL);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_cmpint (gsk_layer_get_accessible_role (plain), ==, GTK_ACCESSIBLE_ROLE_IMG);

  /* A text layer set to something else is that */
  gsk_layer_set_accessible_role (text, GTK_ACCESSIBLE_ROLE_HEADING);
  g_assert_cmpint (gsk_layer_get_accessible_role (text), ==, GTK_ACCESSIBLE_ROLE_HEADING);

  /* Not a role */
  if (g_test_undefined ())
    {
      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*role*");
      gsk_layer_set_accessible_role (plain, (GtkAccessibleRole) 9999);
      g_test_assert_expected_messages ();
      g_assert_cmpint (gsk_layer_get_accessible_role (plain), ==, GTK_ACCESSIBLE_ROLE_IMG);
    }

  g_object_unref (plain);
  g_object_unref (text);
}

static void
test_label (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  guint notified = 0, age;
  GArray *seen;
  char *label;

  g_signal_connect (layer, "notify::accessible-label", G_CALLBACK (count_notify), &notified);
  g_assert_null (gsk_layer_get_accessible_label (layer));
  gsk_layer_set_accessible_label (layer, "Play");
  gsk_layer_set_accessible_label (layer, "Play");
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpstr (gsk_layer_get_accessible_label (layer), ==, "Play");
  g_object_get (layer, "accessible-label", &label, NULL);
  g_assert_cmpstr (label, ==, "Play");
  g_free (label);

  /* The label is GTK's label property */
  seen = describe (layer);
  g_assert_cmpuint (seen->len, ==, 1);
  g_assert_cmpstr (g_value_get_string (&find (seen, GSK_LAYER_ACCESSIBLE_PROPERTY,
                                              GTK_ACCESSIBLE_PROPERTY_LABEL)->value), ==, "Play");
  g_array_unref (seen);

  age = gsk_layer_accessible_get_age (layer);
  gsk_layer_update_accessible_property (layer, GTK_ACCESSIBLE_PROPERTY_LABEL, "Pause", -1);
  g_assert_cmpuint (gsk_layer_accessible_get_age (layer), >, age);
  g_assert_cmpstr (gsk_layer_get_accessible_label (layer), ==, "Pause");

  gsk_layer_set_accessible_label (layer, NULL);
  g_assert_null (gsk_layer_get_accessible_label (layer));
  g_assert_cmpuint (notified, ==, 2);

  g_object_unref (layer);
}

static void
test_properties_and_states (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GArray *seen;

  g_assert_cmpuint (gsk_layer_accessible_get_age (layer), ==, 0);
  gsk_layer_update_accessible_property (layer,
                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "John Coltrane, 1958",
                                        GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, 0.25,
                                        GTK_ACCESSIBLE_PROPERTY_ORIENTATION, GTK_ORIENTATION_VERTICAL,
                                        GTK_ACCESSIBLE_PROPERTY_LEVEL, 2,
                                        -1);
  gsk_layer_update_accessible_state (layer,
                                     GTK_ACCESSIBLE_STATE_CHECKED, GTK_ACCESSIBLE_TRISTATE_MIXED,
                                     GTK_ACCESSIBLE_STATE_DISABLED, TRUE,
                                     GTK_ACCESSIBLE_STATE_EXPANDED, FALSE,
                                     -1);
  g_assert_cmpuint (gsk_layer_accessible_get_age (layer), ==, 2);

  seen = describe (layer);
  g_assert_cmpuint (seen->len, ==, 7);
  g_assert_cmpstr (g_value_get_string (&find (seen, GSK_LAYER_ACCESSIBLE_PROPERTY,
                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)->value), ==,
                   "John Coltrane, 1958");
  g_assert_cmpfloat (g_value_get_double (&find (seen, GSK_LAYER_ACCESSIBLE_PROPERTY,
                                                GTK_ACCESSIBLE_PROPERTY_VALUE_NOW)->value), ==, 0.25);
  g_assert_cmpint (g_value_get_enum (&find (seen, GSK_LAYER_ACCESSIBLE_PROPERTY,
                                            GTK_ACCESSIBLE_PROPERTY_ORIENTATION)->value), ==,
                   GTK_ORIENTATION_VERTICAL);
  g_assert_cmpint (g_value_get_int (&find (seen, GSK_LAYER_ACCESSIBLE_PROPERTY,
                                           GTK_ACCESSIBLE_PROPERTY_LEVEL)->value), ==, 2);
  g_assert_cmpint (g_value_get_enum (&find (seen, GSK_LAYER_ACCESSIBLE_STATE,
                                            GTK_ACCESSIBLE_STATE_CHECKED)->value), ==,
                   GTK_ACCESSIBLE_TRISTATE_MIXED);
  g_assert_true (g_value_get_boolean (&find (seen, GSK_LAYER_ACCESSIBLE_STATE,
                                             GTK_ACCESSIBLE_STATE_DISABLED)->value));
  /* GTK's expanded is a boolean that may be undefined: an int */
  g_assert_cmpint (g_value_get_int (&find (seen, GSK_LAYER_ACCESSIBLE_STATE,
                                           GTK_ACCESSIBLE_STATE_EXPANDED)->value), ==, FALSE);
  g_array_unref (seen);

  /* Setting again replaces */
  gsk_layer_update_accessible_state (layer, GTK_ACCESSIBLE_STATE_CHECKED, GTK_ACCESSIBLE_TRISTATE_TRUE, -1);
  seen = describe (layer);
  g_assert_cmpuint (seen->len, ==, 7);
  g_assert_cmpint (g_value_get_enum (&find (seen, GSK_LAYER_ACCESSIBLE_STATE,
                                            GTK_ACCESSIBLE_STATE_CHECKED)->value), ==,
                   GTK_ACCESSIBLE_TRISTATE_TRUE);
  g_array_unref (seen);

  /* Reset */
  gsk_layer_reset_accessible_state (layer, GTK_ACCESSIBLE_STATE_DISABLED);
  gsk_layer_reset_accessible_property (layer, GTK_ACCESSIBLE_PROPERTY_LEVEL);
  /* Not set: nothing to do */
  gsk_layer_reset_accessible_property (layer, GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER);
  seen = describe (layer);
  g_assert_cmpuint (seen->len, ==, 5);
  g_assert_null (find (seen, GSK_LAYER_ACCESSIBLE_STATE, GTK_ACCESSIBLE_STATE_DISABLED));
  g_assert_null (find (seen, GSK_LAYER_ACCESSIBLE_PROPERTY, GTK_ACCESSIBLE_PROPERTY_LEVEL));
  g_array_unref (seen);

  g_object_unref (layer);
}

static void
test_values (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GtkAccessibleProperty properties[] = { GTK_ACCESSIBLE_PROPERTY_LABEL, GTK_ACCESSIBLE_PROPERTY_VALUE_MAX };
  GtkAccessibleState states[] = { GTK_ACCESSIBLE_STATE_PRESSED };
  GValue values[2] = { G_VALUE_INIT, G_VALUE_INIT };
  GArray *seen;

  g_value_init (&values[0], G_TYPE_STRING);
  g_value_set_string (&values[0], "Volume");
  /* An int where GTK takes a double: converted, as bindings pass them */
  g_value_init (&values[1], G_TYPE_INT);
  g_value_set_int (&values[1], 11);
  gsk_layer_update_accessible_property_value (layer, 2, properties, values);
  g_value_unset (&values[0]);
  g_value_unset (&values[1]);

  g_value_init (&values[0], GTK_TYPE_ACCESSIBLE_TRISTATE);
  g_value_set_enum (&values[0], GTK_ACCESSIBLE_TRISTATE_TRUE);
  gsk_layer_update_accessible_state_value (layer, 1, states, values);
  g_value_unset (&values[0]);

  seen = describe (layer);
  g_assert_cmpuint (seen->len, ==, 3);
  g_assert_cmpstr (gsk_layer_get_accessible_label (layer), ==, "Volume");
  g_assert_cmpfloat (g_value_get_double (&find (seen, GSK_LAYER_ACCESSIBLE_PROPERTY,
                                                GTK_ACCESSIBLE_PROPERTY_VALUE_MAX)->value), ==, 11);
  g_assert_cmpint (g_value_get_enum (&find (seen, GSK_LAYER_ACCESSIBLE_STATE,
                                            GTK_ACCESSIBLE_STATE_PRESSED)->value), ==,
                   GTK_ACCESSIBLE_TRISTATE_TRUE);
  g_array_unref (seen);

  g_object_unref (layer);
}

/* Bad values: refused with a critical, and nothing of the call is set,
 * not even the good pairs before the bad one */
static void
test_refused (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GtkAccessibleProperty properties[] = { GTK_ACCESSIBLE_PROPERTY_LABEL, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW };
  GValue values[2] = { G_VALUE_INIT, G_VALUE_INIT };
  GskLayer *not_a_layer[2];

  if (!g_test_undefined ())
    {
      g_object_unref (layer);
      return;
    }

  gsk_layer_set_accessible_label (layer, "Before");

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*invalid value*");
  gsk_layer_update_accessible_property (layer,
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, "After",
                                        GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, NAN,
                                        -1);
  g_test_assert_expected_messages ();

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*invalid value*");
  gsk_layer_update_accessible_state (layer, GTK_ACCESSIBLE_STATE_CHECKED, 17, -1);
  g_test_assert_expected_messages ();

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*not an accessible property*");
  gsk_layer_update_accessible_property (layer, GTK_ACCESSIBLE_PROPERTY_LABEL, "After", 4000, 1, -1);
  g_test_assert_expected_messages ();

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*not an accessible state*");
  gsk_layer_reset_accessible_state (layer, 4000);
  g_test_assert_expected_messages ();

  /* A relation to something that is not a layer */
  not_a_layer[0] = layer;
  not_a_layer[1] = (GskLayer *) g_object_new (G_TYPE_OBJECT, NULL);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*not a layer*");
  gsk_layer_update_accessible_relation (layer, GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                        not_a_layer[0], not_a_layer[1], NULL, -1);
  g_test_assert_expected_messages ();
  g_object_unref (not_a_layer[1]);

  /* Values of the wrong type */
  g_value_init (&values[0], G_TYPE_STRING);
  g_value_set_string (&values[0], "After");
  g_value_init (&values[1], G_TYPE_STRING);
  g_value_set_string (&values[1], "a lot");
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*wrong type*");
  gsk_layer_update_accessible_property_value (layer, 2, properties, values);
  g_test_assert_expected_messages ();
  g_value_unset (&values[0]);
  g_value_unset (&values[1]);

  g_assert_cmpstr (gsk_layer_get_accessible_label (layer), ==, "Before");
  g_assert_cmpuint (gsk_layer_accessible_get_age (layer), ==, 1);

  g_object_unref (layer);
}

static void
test_relations (void)
{
  GskLayer *slider = g_object_ref_sink (gsk_layer_new ());
  GskLayer *caption = g_object_ref_sink (gsk_layer_text_new ("Volume"));
  GskLayer *hint = g_object_ref_sink (gsk_layer_text_new ("Up and down change it"));
  GskLayer *item = g_object_ref_sink (gsk_layer_new ());
  GList *list;
  GValue value = G_VALUE_INIT;
  GtkAccessibleRelation relation = GTK_ACCESSIBLE_RELATION_DESCRIBED_BY;
  const Seen *s;
  GArray *seen;

  gsk_layer_update_accessible_relation (slider,
                                        GTK_ACCESSIBLE_RELATION_LABELLED_BY, caption, hint, NULL,
                                        GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT, item,
                                        GTK_ACCESSIBLE_RELATION_ROW_COUNT, 12,
                                        -1);
  seen = describe (slider);
  g_assert_cmpuint (seen->len, ==, 3);
  s = find (seen, GSK_LAYER_ACCESSIBLE_RELATION, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  g_assert_nonnull (s->refs);
  g_assert_cmpuint (s->refs->len, ==, 2);
  g_assert_true (g_ptr_array_index (s->refs, 0) == caption);
  g_assert_true (g_ptr_array_index (s->refs, 1) == hint);
  s = find (seen, GSK_LAYER_ACCESSIBLE_RELATION, GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT);
  g_assert_cmpuint (s->refs->len, ==, 1);
  g_assert_true (g_ptr_array_index (s->refs, 0) == item);
  s = find (seen, GSK_LAYER_ACCESSIBLE_RELATION, GTK_ACCESSIBLE_RELATION_ROW_COUNT);
  g_assert_null (s->refs);
  g_assert_cmpint (g_value_get_int (&s->value), ==, 12);
  g_array_unref (seen);

  /* Targets are not kept alive: one destroyed leaves the list */
  g_object_add_weak_pointer (G_OBJECT (hint), (gpointer *) &hint);
  g_object_unref (hint);
  g_assert_null (hint);
  seen = describe (slider);
  s = find (seen, GSK_LAYER_ACCESSIBLE_RELATION, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  g_assert_cmpuint (s->refs->len, ==, 1);
  g_assert_true (g_ptr_array_index (s->refs, 0) == caption);
  g_array_unref (seen);

  /* The value form: a GList of layers */
  list = g_list_prepend (NULL, caption);
  g_value_init (&value, G_TYPE_POINTER);
  g_value_set_pointer (&value, list);
  gsk_layer_update_accessible_relation_value (slider, 1, &relation, &value);
  g_value_unset (&value);
  g_list_free (list);
  seen = describe (slider);
  g_assert_cmpuint (seen->len, ==, 4);
  s = find (seen, GSK_LAYER_ACCESSIBLE_RELATION, GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);
  g_assert_cmpuint (s->refs->len, ==, 1);
  g_assert_true (g_ptr_array_index (s->refs, 0) == caption);
  g_array_unref (seen);

  gsk_layer_reset_accessible_relation (slider, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  seen = describe (slider);
  g_assert_cmpuint (seen->len, ==, 3);
  g_array_unref (seen);

  /* Destroying the layer with relations set frees them (ASan, valgrind) */
  g_object_unref (slider);
  g_object_unref (caption);
  g_object_unref (item);
}

static void
test_scene (void)
{
  const char *text =
    "{ \"size\": [200, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [200, 100], \"children\": [\n"
    "  { \"type\": \"GskLayer\", \"id\": \"play\", \"size\": [40, 40],\n"
    "    \"accessible-role\": \"button\", \"accessible-label\": \"Play\" },\n"
    "  { \"type\": \"GskLayerText\", \"id\": \"title\", \"text\": \"Blue Train\" } ] } }";
  GError *error = NULL;
  GskLayerScene *scene = gsk_layer_scene_new_from_data (text, -1, "scene", &error);
  GskLayerScene *again;
  GskLayer *play, *title;
  char *saved;

  g_assert_no_error (error);
  play = gsk_layer_scene_get_layer_by_id (scene, "play");
  title = gsk_layer_scene_get_layer_by_id (scene, "title");
  g_assert_cmpint (gsk_layer_get_accessible_role (play), ==, GTK_ACCESSIBLE_ROLE_BUTTON);
  g_assert_cmpstr (gsk_layer_get_accessible_label (play), ==, "Play");
  g_assert_cmpint (gsk_layer_get_accessible_role (title), ==, GTK_ACCESSIBLE_ROLE_LABEL);

  /* Saved and loaded back: the same; the text layer's role is its
   * class's, so not written */
  saved = gsk_layer_scene_to_data (scene, NULL);
  g_assert_nonnull (strstr (saved, "\"accessible-role\" : \"button\""));
  g_assert_nonnull (strstr (saved, "\"accessible-label\" : \"Play\""));
  g_assert_null (strstr (saved, "\"accessible-role\" : \"label\""));
  again = gsk_layer_scene_new_from_data (saved, -1, "saved", &error);
  g_assert_no_error (error);
  g_assert_cmpint (gsk_layer_get_accessible_role (gsk_layer_scene_get_layer_by_id (again, "play")), ==,
                   GTK_ACCESSIBLE_ROLE_BUTTON);
  g_free (saved);
  g_object_unref (again);
  g_object_unref (scene);

  /* Not a role: an error where it is */
  scene = gsk_layer_scene_new_from_data ("{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayer\",\n"
                                         "  \"accessible-role\": \"buton\" } }", -1, "bad", &error);
  g_assert_null (scene);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "bad:2:"));
  g_clear_error (&error);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/accessible/roles", test_roles);
  g_test_add_func ("/accessible/label", test_label);
  g_test_add_func ("/accessible/properties-and-states", test_properties_and_states);
  g_test_add_func ("/accessible/values", test_values);
  g_test_add_func ("/accessible/refused", test_refused);
  g_test_add_func ("/accessible/relations", test_relations);
  g_test_add_func ("/accessible/scene", test_scene);

  status = g_test_run ();
  /* Text layers were measured: fontconfig's caches, for the leak check */
  free_font_caches ();
  return status;
}
