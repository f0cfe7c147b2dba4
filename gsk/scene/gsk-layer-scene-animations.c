/* gsk-layer-scene-animations.c: the animations of scene files
 *
 * A scene file may end with an "animations" array: transitions and
 * keyframe transitions of layer properties, by layer id and property
 * name. They are kept as the file gave them, so that saving writes
 * them back, and become transitions on the layers when the scene gets a
 * frame clock.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-scene-private.h"
#include "gsk-layer-easing-private.h"
#include "gsk-layer-animation-private.h"
#include "gsk-layer-style-private.h"

typedef struct
{
  double at;
  GValue value;
  GskLayerEasing *easing;  /* of the segment ending here; NULL: linear */
} Key;

struct _GskLayerSceneAnimation
{
  char *target;            /* a layer id */
  GType layer_type;        /* of the target, for its own properties */
  GParamSpec *pspec;       /* an animatable GskLayer property */
  /* A CSS property ("box-shadow"): the animation is of "style", its
   * values (strings) that property's, on the style the layer has when
   * the scene starts it */
  char *css_property;
  char *name;              /* NULL: the property's name */
  GValue from;             /* unset: the value on screen at the start */
  GValue to;               /* unset: keyframes only */
  GArray *keys;            /* of Key, NULL without "keyframes" */
  guint duration;          /* ms */
  guint delay;             /* ms */
  GskLayerEasing *easing;  /* NULL: linear */
  int repeat;
  GskLayerTimelineDirection direction;
  guint has_duration : 1;  /* or it is a spring's settle time */
  guint auto_reverse : 1;

  /* Without "from": the value on screen when the scene first started
   * the animation, which a restart starts from again */
  GValue start;
};

static void
key_clear (gpointer data)
{
  Key *key = data;

  g_value_unset (&key->value);
  g_clear_pointer (&key->easing, gsk_layer_easing_unref);
}

static void
value_clear (GValue *value)
{
  if (G_IS_VALUE (value))
    g_value_unset (value);
}

void
gsk_layer_scene_animation_free (GskLayerSceneAnimation *a)
{
  g_free (a->target);
  g_free (a->css_property);
  g_free (a->name);
  value_clear (&a->from);
  value_clear (&a->to);
  value_clear (&a->start);
  g_clear_pointer (&a->keys, g_array_unref);
  g_clear_pointer (&a->easing, gsk_layer_easing_unref);
  g_free (a);
}

static const char *
animation_name (GskLayerSceneAnimation *a)
{
  return a->name ? a->name : a->css_property ? a->css_property : a->pspec->name;
}

/* What the file calls the property */
static const char *
property_name (GskLayerSceneAnimation *a)
{
  return a->css_property ? a->css_property : a->pspec->name;
}


/* {{{ Loading */

#define value_error gsk_layer_scene_value_error
#define key_error gsk_layer_scene_key_error
#define node_holds gsk_layer_scene_node_holds

typedef GskLayerSceneLoader Loader;

/* A value of @a as the file gives it */
static gboolean
parse_value (Loader                 *l,
             GskLayerSceneAnimation *a,
             JsonNode               *node,
             GskLayerJsonPos        *pos,
             GValue                 *value)
{
  if (a->css_property)
    return gsk_layer_scene_parse_css_value (l, a->css_property, node, pos, value);
  return gsk_layer_scene_parse_value (l, a->pspec, node, pos, value);
}

enum {
  TARGET, PROPERTY, NAME, FROM, TO, KEYFRAMES, DURATION, DELAY, EASING,
  REPEAT, AUTO_REVERSE, DIRECTION, N_MEMBERS
};

static const char * const member_names[N_MEMBERS] = {
  "target", "property", "name", "from", "to", "keyframes", "duration", "delay",
  "easing", "repeat", "auto-reverse", "direction",
};

/* Reads the members of the object at @pos into @nodes and @items by
 * their index in @names; fails on a member not in @names */
static gboolean
load_members (Loader             *l,
              JsonNode           *node,
              GskLayerJsonPos    *pos,
              const char         *what,
              const char * const *names,
              guint               n_names,
              JsonNode          **nodes,
              GskLayerJsonPos   **items)
{
  for (guint i = 0; i < pos->items->len; i++)
    {
      GskLayerJsonPos *item = g_ptr_array_index (pos->items, i);
      guint k = 0;

      while (k < n_names && !g_str_equal (item->key, names[k]))
        k++;
      if (k == n_names)
        {
          GString *expected = g_string_new (NULL);

          for (k = 0; k < n_names; k++)
            g_string_append_printf (expected, "%s%s", k == 0 ? "" : k + 1 < n_names ? ", " : " or ",
                                    names[k]);
          key_error (l, item, GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "unknown %s member “%s” (expected %s)",
                     what, item->key, expected->str);
          g_string_free (expected, TRUE);
          return FALSE;
        }
      items[k] = item;
      if ((nodes[k] = gsk_layer_scene_child_node (l, node, pos, i)) == NULL)
        return FALSE;
    }

  return TRUE;
}

/* A whole number of milliseconds, at least @min */
static gboolean
load_ms (Loader          *l,
         JsonNode        *node,
         GskLayerJsonPos *pos,
         const char      *name,
         double           min,
         guint           *ms)
{
  double d;

  if (!gsk_layer_scene_node_get_number (node, &d))
    return gsk_layer_scene_wrong_kind (l, pos, name, "a number of milliseconds", node);
  if (!(d >= min))
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“%s” must be %s, not %g",
                        name, min > 0 ? "positive" : "at least 0", d);
  if (d > G_MAXUINT)
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "%g is out of range for “%s”", d, name);
  if (d != floor (d))
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                        "“%s” must be a whole number of milliseconds, not %g", name, d);

  *ms = d;
  return TRUE;
}

static gboolean
load_easing (Loader           *l,
             JsonNode         *node,
             GskLayerJsonPos  *pos,
             GskLayerEasing  **easing)
{
  GError *local_error = NULL;
  guint line, column;
  glong start = 0;

  if (!node_holds (node, G_TYPE_STRING))
    return gsk_layer_scene_wrong_kind (l, pos, "easing", "an easing function", node);
  if (gsk_layer_easing_parse_with_range (json_node_get_string (node), easing, &start, NULL, &local_error))
    return TRUE;

  /* Pointing at the first character of the problem in the file */
  gsk_layer_json_string_position (l->text, l->length, pos, start, &line, &column);
  gsk_layer_scene_loader_error (l, line, column, local_error->code, "invalid “easing”: %s", local_error->message);
  g_error_free (local_error);

  return FALSE;
}

static gboolean
load_keyframes (Loader                 *l,
                GskLayerSceneAnimation *a,
                JsonNode               *node,
                GskLayerJsonPos        *pos)
{
  enum { AT, VALUE, KEY_EASING, N_KEY_MEMBERS };
  static const char * const key_names[N_KEY_MEMBERS] = { "at", "value", "easing" };

  if (!JSON_NODE_HOLDS_ARRAY (node))
    return gsk_layer_scene_wrong_kind (l, pos, "keyframes", "an array of keyframes", node);
  if (pos->items->len == 0)
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "“keyframes” cannot be empty");

  a->keys = g_array_new (FALSE, TRUE, sizeof (Key));
  g_array_set_clear_func (a->keys, key_clear);

  for (guint i = 0; i < pos->items->len; i++)
    {
      GskLayerJsonPos *key_pos = g_ptr_array_index (pos->items, i);
      JsonNode *key_node = gsk_layer_scene_child_node (l, node, pos, i);
      JsonNode *nodes[N_KEY_MEMBERS] = { NULL, };
      GskLayerJsonPos *items[N_KEY_MEMBERS] = { NULL, };
      Key key = { 0, G_VALUE_INIT, NULL };

      if (key_node == NULL)
        return FALSE;
      if (!JSON_NODE_HOLDS_OBJECT (key_node))
        return gsk_layer_scene_wrong_kind (l, key_pos, "keyframes", "an array of objects", key_node);
      if (!load_members (l, key_node, key_pos, "keyframe", key_names, N_KEY_MEMBERS, nodes, items))
        return FALSE;
      if (nodes[AT] == NULL || nodes[VALUE] == NULL)
        return value_error (l, key_pos, GSK_LAYER_ERROR_INVALID_VALUE, "a keyframe needs “%s”",
                            nodes[AT] == NULL ? "at" : "value");

      if (!gsk_layer_scene_node_get_number (nodes[AT], &key.at))
        return gsk_layer_scene_wrong_kind (l, items[AT], "at", "a number from 0 to 1", nodes[AT]);
      if (!(key.at >= 0.0 && key.at <= 1.0))
        return value_error (l, items[AT], GSK_LAYER_ERROR_INVALID_VALUE,
                            "“at” must be between 0 and 1, not %g", key.at);
      if (i > 0 && key.at <= g_array_index (a->keys, Key, i - 1).at)
        return value_error (l, items[AT], GSK_LAYER_ERROR_INVALID_VALUE,
                            "keyframe at %g does not come after the one at %g: "
                            "keyframes must be in increasing order",
                            key.at, g_array_index (a->keys, Key, i - 1).at);

      if (nodes[KEY_EASING] && !load_easing (l, nodes[KEY_EASING], items[KEY_EASING], &key.easing))
        return FALSE;
      if (!parse_value (l, a, nodes[VALUE], items[VALUE], &key.value))
        {
          key_clear (&key);
          return FALSE;
        }
      g_array_append_val (a->keys, key);
    }

  return TRUE;
}

/* The property @node names; for a CSS property, "style", with the
 * name in @css_property */
static GParamSpec *
load_property (Loader          *l,
               GType            layer_type,
               JsonNode        *node,
               GskLayerJsonPos *pos,
               char           **css_property)
{
  GError *local_error = NULL;
  GParamSpec *pspec;
  const char *name;

  if (!node_holds (node, G_TYPE_STRING))
    {
      gsk_layer_scene_wrong_kind (l, pos, "property", "a property name", node);
      return NULL;
    }

  name = json_node_get_string (node);
  if (css_property != NULL && gsk_layer_style_names_property (name) &&
      g_object_class_find_property (g_type_class_peek (layer_type), name) == NULL)
    {
      *css_property = g_strdup (name);
      return g_object_class_find_property (g_type_class_peek (layer_type), "style");
    }
  pspec = gsk_layer_find_animatable_property (layer_type, name, &local_error);
  if (pspec == NULL)
    {
      value_error (l, pos, local_error->code, "%s", local_error->message);
      g_error_free (local_error);
    }
  else if (!g_str_equal (pspec->name, name))
    {
      /* Only canonical names, as for the layers' own members */
      value_error (l, pos, GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "%s has no property “%s” (did you mean “%s”?)",
                   g_type_name (layer_type), name, pspec->name);
      pspec = NULL;
    }

  return pspec;
}

static gboolean
load_timing (Loader                 *l,
             GskLayerSceneAnimation *a,
             GskLayerJsonPos        *pos,
             JsonNode              **nodes,
             GskLayerJsonPos       **items)
{
  if (nodes[EASING] && !load_easing (l, nodes[EASING], items[EASING], &a->easing))
    return FALSE;

  if (nodes[DURATION])
    {
      if (!load_ms (l, nodes[DURATION], items[DURATION], "duration", 1, &a->duration))
        return FALSE;
      a->has_duration = TRUE;
    }
  else if (a->easing && gsk_layer_easing_get_mode (a->easing) == GSK_LAYER_EASING_SPRING)
    {
      double ms = ceil (gsk_layer_easing_get_settle_time (a->easing) * 1000.0);

      /* The easing parser refuses springs that never settle */
      if (!(ms >= 1 && ms <= G_MAXUINT))
        return value_error (l, items[EASING], GSK_LAYER_ERROR_INVALID_VALUE,
                            "this spring takes too long to settle");
      a->duration = ms;
    }
  else
    return value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                        "animation has no “duration” (only a spring easing can go without one)");

  if (nodes[DELAY] && !load_ms (l, nodes[DELAY], items[DELAY], "delay", 0, &a->delay))
    return FALSE;

  if (nodes[REPEAT])
    {
      double d;

      if (!gsk_layer_scene_node_get_number (nodes[REPEAT], &d))
        return gsk_layer_scene_wrong_kind (l, items[REPEAT], "repeat", "a whole number", nodes[REPEAT]);
      if (d != floor (d))
        return value_error (l, items[REPEAT], GSK_LAYER_ERROR_INVALID_VALUE,
                            "“repeat” must be a whole number, not %g", d);
      if (!(d >= -1 && d <= G_MAXINT))
        return value_error (l, items[REPEAT], GSK_LAYER_ERROR_INVALID_VALUE,
                            "“repeat” must be -1 (forever) or a count from 0, not %g", d);
      a->repeat = d;
    }

  if (nodes[AUTO_REVERSE])
    {
      if (!node_holds (nodes[AUTO_REVERSE], G_TYPE_BOOLEAN))
        return gsk_layer_scene_wrong_kind (l, items[AUTO_REVERSE], "auto-reverse", "true or false",
                                           nodes[AUTO_REVERSE]);
      a->auto_reverse = json_node_get_boolean (nodes[AUTO_REVERSE]);
    }

  if (nodes[DIRECTION])
    {
      const char *text = node_holds (nodes[DIRECTION], G_TYPE_STRING) ? json_node_get_string (nodes[DIRECTION]) : NULL;

      if (g_strcmp0 (text, "forward") == 0)
        a->direction = GSK_LAYER_TIMELINE_FORWARD;
      else if (g_strcmp0 (text, "backward") == 0)
        a->direction = GSK_LAYER_TIMELINE_BACKWARD;
      else if (text)
        return value_error (l, items[DIRECTION], GSK_LAYER_ERROR_INVALID_VALUE,
                            "unknown direction “%s” (expected forward or backward)", text);
      else
        return gsk_layer_scene_wrong_kind (l, items[DIRECTION], "direction", "forward or backward",
                                           nodes[DIRECTION]);
    }

  return TRUE;
}

static GskLayerSceneAnimation *
load_animation (Loader          *l,
                GskLayerScene   *self,
                JsonNode        *node,
                GskLayerJsonPos *pos)
{
  JsonNode *nodes[N_MEMBERS] = { NULL, };
  GskLayerJsonPos *items[N_MEMBERS] = { NULL, };
  GskLayerSceneAnimation *a;
  const char *id;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      gsk_layer_scene_wrong_kind (l, pos, "animations", "an array of objects", node);
      return NULL;
    }
  if (!load_members (l, node, pos, "animation", member_names, N_MEMBERS, nodes, items))
    return NULL;

  if (nodes[TARGET] == NULL || nodes[PROPERTY] == NULL)
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "animation has no “%s”",
                   nodes[TARGET] == NULL ? "target" : "property");
      return NULL;
    }
  if (!node_holds (nodes[TARGET], G_TYPE_STRING))
    {
      gsk_layer_scene_wrong_kind (l, items[TARGET], "target", "a layer id", nodes[TARGET]);
      return NULL;
    }
  id = json_node_get_string (nodes[TARGET]);
  if (gsk_layer_scene_get_layer_by_id (self, id) == NULL)
    {
      value_error (l, items[TARGET], GSK_LAYER_ERROR_INVALID_VALUE, "no layer has the id “%s”", id);
      return NULL;
    }

  a = g_new0 (GskLayerSceneAnimation, 1);
  a->target = g_strdup (id);
  a->layer_type = G_OBJECT_TYPE (gsk_layer_scene_get_layer_by_id (self, id));
  if ((a->pspec = load_property (l, a->layer_type, nodes[PROPERTY], items[PROPERTY], &a->css_property)) == NULL)
    goto fail;

  if (nodes[NAME])
    {
      if (!node_holds (nodes[NAME], G_TYPE_STRING))
        {
          gsk_layer_scene_wrong_kind (l, items[NAME], "name", "a string", nodes[NAME]);
          goto fail;
        }
      if (*json_node_get_string (nodes[NAME]) == '\0')
        {
          value_error (l, items[NAME], GSK_LAYER_ERROR_INVALID_VALUE, "“name” cannot be empty");
          goto fail;
        }
      /* The default name is written as no name: saving is stable */
      if (!g_str_equal (json_node_get_string (nodes[NAME]), property_name (a)))
        a->name = g_strdup (json_node_get_string (nodes[NAME]));
    }

  if (nodes[TO] == NULL && nodes[KEYFRAMES] == NULL)
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "animation needs “to” or “keyframes”");
      goto fail;
    }
  if (nodes[FROM] && !parse_value (l, a, nodes[FROM], items[FROM], &a->from))
    goto fail;
  if (nodes[TO] && !parse_value (l, a, nodes[TO], items[TO], &a->to))
    goto fail;
  if (nodes[KEYFRAMES] && !load_keyframes (l, a, nodes[KEYFRAMES], items[KEYFRAMES]))
    goto fail;

  if (!load_timing (l, a, pos, nodes, items))
    goto fail;

  return a;

fail:
  gsk_layer_scene_animation_free (a);
  return NULL;
}

GPtrArray *
gsk_layer_scene_load_animations (GskLayerSceneLoader *l,
                                 GskLayerScene       *self,
                                 JsonNode            *node,
                                 GskLayerJsonPos     *pos)
{
  GPtrArray *animations;
  GHashTable *names;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      gsk_layer_scene_wrong_kind (l, pos, "animations", "an array of animations", node);
      return NULL;
    }

  animations = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_layer_scene_animation_free);
  names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < pos->items->len; i++)
    {
      GskLayerJsonPos *item = g_ptr_array_index (pos->items, i);
      JsonNode *element = gsk_layer_scene_child_node (l, node, pos, i);
      GskLayerSceneAnimation *a;
      char *key;

      if (element == NULL || (a = load_animation (l, self, element, item)) == NULL)
        {
          g_clear_pointer (&animations, g_ptr_array_unref);
          break;
        }
      g_ptr_array_add (animations, a);

      /* One would replace the other on the layer. The target's length
       * first: ids and names may hold any character */
      if (a->css_property)
        {
          /* Each sets the whole style: a second would undo the first */
          char *css_key = g_strdup_printf ("css:%s", a->target);

          if (!g_hash_table_add (names, css_key))
            {
              value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE,
                           "a second CSS property animated on “%s”: animate “style” with both instead",
                           a->target);
              g_clear_pointer (&animations, g_ptr_array_unref);
              break;
            }
        }
      key = g_strdup_printf ("%zu:%s%s", strlen (a->target), a->target, animation_name (a));
      if (!g_hash_table_add (names, key))
        {
          value_error (l, item, GSK_LAYER_ERROR_INVALID_VALUE,
                       "a second animation called “%s” on “%s” (give one a different “name”)",
                       animation_name (a), a->target);
          g_clear_pointer (&animations, g_ptr_array_unref);
          break;
        }
    }

  g_hash_table_unref (names);

  return animations;
}

/* }}} */
/* {{{ Saving */

static void
add_number (JsonBuilder *builder,
            double       d)
{
  if (d == floor (d) && fabs (d) < 0x1p53)
    json_builder_add_int_value (builder, (gint64) d);
  else
    json_builder_add_double_value (builder, d);
}

static void
add_easing (JsonBuilder    *builder,
            GskLayerEasing *easing)
{
  char *text = gsk_layer_easing_to_string (easing);

  json_builder_set_member_name (builder, "easing");
  json_builder_add_string_value (builder, text);
  g_free (text);
}

static void
save_animation (GskLayerSceneSaver     *s,
                JsonBuilder            *builder,
                GskLayerSceneAnimation *a)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "target");
  json_builder_add_string_value (builder, a->target);
  json_builder_set_member_name (builder, "property");
  json_builder_add_string_value (builder, property_name (a));
  if (a->name)
    {
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, a->name);
    }
  if (G_IS_VALUE (&a->from))
    {
      json_builder_set_member_name (builder, "from");
      gsk_layer_scene_add_value (s, builder, &a->from);
    }
  if (G_IS_VALUE (&a->to))
    {
      json_builder_set_member_name (builder, "to");
      gsk_layer_scene_add_value (s, builder, &a->to);
    }
  if (a->keys)
    {
      json_builder_set_member_name (builder, "keyframes");
      json_builder_begin_array (builder);
      for (guint i = 0; i < a->keys->len; i++)
        {
          Key *key = &g_array_index (a->keys, Key, i);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "at");
          add_number (builder, key->at);
          json_builder_set_member_name (builder, "value");
          gsk_layer_scene_add_value (s, builder, &key->value);
          if (key->easing)
            add_easing (builder, key->easing);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }
  if (a->has_duration)
    {
      json_builder_set_member_name (builder, "duration");
      add_number (builder, a->duration);
    }
  if (a->delay)
    {
      json_builder_set_member_name (builder, "delay");
      add_number (builder, a->delay);
    }
  if (a->easing)
    add_easing (builder, a->easing);
  if (a->repeat)
    {
      json_builder_set_member_name (builder, "repeat");
      json_builder_add_int_value (builder, a->repeat);
    }
  if (a->auto_reverse)
    {
      json_builder_set_member_name (builder, "auto-reverse");
      json_builder_add_boolean_value (builder, TRUE);
    }
  if (a->direction == GSK_LAYER_TIMELINE_BACKWARD)
    {
      json_builder_set_member_name (builder, "direction");
      json_builder_add_string_value (builder, "backward");
    }
  json_builder_end_object (builder);
}

void
gsk_layer_scene_save_animations (GskLayerSceneSaver *s,
                                 GskLayerScene      *self,
                                 JsonBuilder        *builder)
{
  gboolean begun = FALSE;

  if (self->animations == NULL)
    return;

  /* A target that left the tree is not in the file: neither is its
   * animation, or the file would not load */
  for (guint i = 0; i < self->animations->len; i++)
    {
      GskLayerSceneAnimation *a = g_ptr_array_index (self->animations, i);

      if (!g_hash_table_contains (s->ids, a->target))
        continue;
      if (!begun)
        {
          json_builder_set_member_name (builder, "animations");
          json_builder_begin_array (builder);
          begun = TRUE;
        }
      save_animation (s, builder, a);
    }

  if (begun)
    json_builder_end_array (builder);
}

/* }}} */
/* {{{ Running */

/* A CSS property's value, as @a holds it, on @base: the style @base
 * with that declaration last */
static void
css_value_on (GskLayerSceneAnimation *a,
              GskLayerStyle          *base,
              const GValue           *text,
              GValue                 *style)
{
  g_autofree char *base_text = base ? gsk_layer_style_to_string (base) : NULL;
  g_autofree char *declarations = g_strdup_printf ("%s; %s: %s", base_text ? base_text : "", a->css_property,
                                                   g_value_get_string (text));

  g_value_init (style, GSK_TYPE_LAYER_STYLE);
  /* Both parts were read back or checked when loading */
  g_value_take_boxed (style, gsk_layer_style_new_from_string (declarations, NULL));
  if (g_value_get_boxed (style) == NULL)
    g_warn_if_reached ();
}

static GskLayerTransition *
create_transition (GskLayerSceneAnimation *a,
                   GskLayer               *layer)
{
  GskLayerTransition *transition;
  GskLayerTimeline *timeline;
  const GValue *from;
  GValue css_from = G_VALUE_INIT, css_to = G_VALUE_INIT;
  GskLayerStyle *base = a->css_property ? gsk_layer_get_style (layer) : NULL;

  if (a->keys)
    {
      transition = gsk_layer_keyframe_transition_new_for_type (a->layer_type, a->pspec->name, NULL);
      for (guint i = 0; i < a->keys->len; i++)
        {
          Key *key = &g_array_index (a->keys, Key, i);
          GValue css_value = G_VALUE_INIT;

          if (a->css_property)
            css_value_on (a, base, &key->value, &css_value);
          /* Checked when loading */
          if (!gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (transition), key->at,
                                                      a->css_property ? &css_value : &key->value,
                                                      key->easing, NULL))
            g_warn_if_reached ();
          if (a->css_property)
            g_value_unset (&css_value);
        }
    }
  else
    transition = gsk_layer_property_transition_new_for_type (a->layer_type, a->pspec->name, NULL);

  from = G_IS_VALUE (&a->from) ? &a->from : G_IS_VALUE (&a->start) ? &a->start : NULL;
  if (a->css_property && from == &a->from)
    {
      css_value_on (a, base, &a->from, &css_from);
      from = &css_from;
    }
  if (from)
    gsk_layer_property_transition_set_from_value (GSK_LAYER_PROPERTY_TRANSITION (transition), from);
  if (a->css_property && G_IS_VALUE (&a->to))
    {
      css_value_on (a, base, &a->to, &css_to);
      gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &css_to);
    }
  else if (G_IS_VALUE (&a->to))
    gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &a->to);
  if (G_IS_VALUE (&css_from))
    g_value_unset (&css_from);
  if (G_IS_VALUE (&css_to))
    g_value_unset (&css_to);

  timeline = GSK_LAYER_TIMELINE (transition);
  gsk_layer_timeline_set_duration (timeline, a->duration);
  gsk_layer_timeline_set_delay (timeline, a->delay);
  gsk_layer_timeline_set_easing (timeline, a->easing);
  gsk_layer_timeline_set_repeat_count (timeline, a->repeat);
  gsk_layer_timeline_set_auto_reverse (timeline, a->auto_reverse);
  gsk_layer_timeline_set_direction (timeline, a->direction);

  return transition;
}

/**
 * gsk_layer_scene_set_frame_clock:
 * @self: a scene
 * @clock: (nullable): the clock that times the scene, or %NULL
 *
 * Sets the frame clock of the root layer ([method@Layer.set_frame_clock])
 * and starts the animations of the scene file on their layers, from the
 * clock's current frame time: with a [class@LayerManualClock], moving the
 * clock by 350 ms shows the scene 350 ms into its animations. Calling
 * this again restarts them, each replacing the transition it added
 * before. With %NULL, the root has no clock and the animations stop.
 *
 * The `animations` member of a scene file is an array of objects:
 *
 * ```json
 * "animations": [
 *   { "target": "card", "property": "position", "from": [0, 0], "to": [200, 0],
 *     "duration": 1000, "easing": "ease-in-out", "repeat": -1, "auto-reverse": true },
 *   { "target": "card", "property": "transform", "duration": 2000,
 *     "keyframes": [ { "at": 0.5, "value": "rotate(90deg)", "easing": "ease-out" },
 *                    { "at": 1, "value": "rotate(0deg)" } ] }
 * ]
 * ```
 *
 * - `target`: the id of a layer of the scene;
 * - `property`: the canonical name of an animatable [class@Layer]
 *   property, such as `opacity`, `position`, `transform` or `style`
 *   (whose values are declarations, `"padding: 4px; opacity: 0.5"`), or
 *   the name of one CSS property that styles take, such as `box-shadow`
 *   or `filter`, whose values are that property's (`"0 2px 8px black"`):
 *   the layer's style animates, with that declaration added to the
 *   style it has when the animation starts. One layer can have one such
 *   animation; to animate two CSS properties of it, animate `style`;
 * - `to`, and optionally `from`, in the syntax the scene gives that
 *   property: a [class@LayerPropertyTransition]. Without `from`, the
 *   animation starts from the value on screen when the scene first
 *   starts it, and a restart starts from that value again;
 * - or `keyframes`: a [class@LayerKeyframeTransition], keys with `at`,
 *   a fraction from 0 to 1 in increasing order, a `value`, and
 *   optionally the `easing` of the segment that ends at the key. `from`
 *   and `to` may stand for keys at 0 and 1 that the list does not have;
 * - `duration`, in milliseconds, a positive whole number; it may be
 *   left out when the easing is a spring, which then lasts until it
 *   settles ([method@LayerEasing.get_settle_time]);
 * - `delay`, in milliseconds; `easing`, any text that
 *   [func@LayerEasing.parse] reads; `repeat`, the number of runs after
 *   the first, -1 for forever; `auto-reverse`, a boolean; `direction`,
 *   `forward` or `backward` ([class@LayerTimeline]);
 * - `name`, the name of the transition on its layer
 *   ([method@Layer.get_transition]), the property name by default. Two
 *   animations of one layer cannot have the same name.
 *
 * Saving writes the animations back, except those whose target is no
 * longer in the tree.
 *
 * Since: 0.1
 */
void
gsk_layer_scene_set_frame_clock (GskLayerScene      *self,
                                 GskLayerFrameClock *clock)
{
  g_return_if_fail (GSK_IS_LAYER_SCENE (self));
  g_return_if_fail (clock == NULL || GSK_IS_LAYER_FRAME_CLOCK (clock));

  gsk_layer_set_frame_clock (self->root, clock);
  if (clock == NULL || self->animations == NULL)
    return;

  /* Every start value first, before any animation changes the screen */
  for (guint i = 0; i < self->animations->len; i++)
    {
      GskLayerSceneAnimation *a = g_ptr_array_index (self->animations, i);
      GskLayer *layer = gsk_layer_scene_get_layer_by_id (self, a->target);

      if (layer && !G_IS_VALUE (&a->from) && !G_IS_VALUE (&a->start))
        gsk_layer_get_presentation_value (layer, a->pspec->name, &a->start);
    }

  for (guint i = 0; i < self->animations->len; i++)
    {
      GskLayerSceneAnimation *a = g_ptr_array_index (self->animations, i);
      GskLayer *layer = gsk_layer_scene_get_layer_by_id (self, a->target);
      GskLayerTransition *transition;

      if (layer == NULL)
        continue;

      transition = create_transition (a, layer);
      gsk_layer_add_transition (layer, animation_name (a), transition);
      g_object_unref (transition);
    }
}

/**
 * gsk_layer_scene_get_n_animations:
 * @self: a scene
 *
 * Gets the number of animations the scene file had.
 *
 * Returns: the number of entries of the file's `animations` array; 0
 *   for a scene made with [ctor@LayerScene.new]
 *
 * Since: 0.1
 */
guint
gsk_layer_scene_get_n_animations (GskLayerScene *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SCENE (self), 0);

  return self->animations ? self->animations->len : 0;
}

/* }}} */
