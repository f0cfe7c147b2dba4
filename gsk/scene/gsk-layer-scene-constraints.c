/* gsk-layer-scene-constraints.c: the constraints of scene files
 *
 * A layer's "constraints" member is an array of objects, each a type
 * and that type's properties, its "source" a layer id or "parent":
 *
 *   "constraints": [ { "type": "GskLayerAlignConstraint", "source": "parent",
 *                      "axis": "horizontal", "factor": 0.5 } ]
 *
 * They are read once the whole tree is, so that a source may come
 * after the layer that reads it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-scene-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-align-constraint.h"
#include "gsk-layer-bind-constraint.h"
#include "gsk-layer-snap-constraint.h"

#define value_error gsk_layer_scene_value_error
#define key_error gsk_layer_scene_key_error
#define node_holds gsk_layer_scene_node_holds

typedef GskLayerSceneLoader Loader;

/* The layer "source" names for a constraint of @layer: its parent or a
 * sibling */
static GskLayer *
load_source (Loader          *l,
             GskLayerScene   *scene,
             GskLayer        *layer,
             JsonNode        *node,
             GskLayerJsonPos *pos)
{
  GskLayer *source;
  const char *id;

  if (!node_holds (node, G_TYPE_STRING))
    {
      gsk_layer_scene_wrong_kind (l, pos, "source", "a layer id or \"parent\"", node);
      return NULL;
    }
  id = json_node_get_string (node);
  if (g_str_equal (id, "parent"))
    {
      if ((source = gsk_layer_get_parent (layer)) == NULL)
        value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "the root layer has no parent to read");
      return source;
    }
  if ((source = gsk_layer_scene_get_layer_by_id (scene, id)) == NULL)
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "no layer has the id “%s”", id);
      return NULL;
    }
  if (source == layer || gsk_layer_get_parent (source) != gsk_layer_get_parent (layer))
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE,
                   "“%s” is neither the parent nor a sibling of the layer it constrains", id);
      return NULL;
    }
  return source;
}

static GskLayerConstraint *
load_constraint (Loader          *l,
                 GskLayerScene   *scene,
                 GskLayer        *layer,
                 JsonNode        *node,
                 GskLayerJsonPos *pos)
{
  static const char * const skip[] = { "source", NULL };
  guint index_;
  GskLayer *source;
  GObject *constraint;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      gsk_layer_scene_wrong_kind (l, pos, "constraints", "an array of constraints", node);
      return NULL;
    }

  index_ = gsk_layer_json_pos_find_member (pos, "source");
  if (index_ == G_MAXUINT)
    {
      value_error (l, pos, GSK_LAYER_ERROR_INVALID_VALUE, "a constraint needs a “source”");
      return NULL;
    }
  source = load_source (l, scene, layer, gsk_layer_scene_child_node (l, node, pos, index_),
                        g_ptr_array_index (pos->items, index_));
  if (source == NULL)
    return NULL;

  g_type_ensure (GSK_TYPE_LAYER_ALIGN_CONSTRAINT);
  g_type_ensure (GSK_TYPE_LAYER_BIND_CONSTRAINT);
  g_type_ensure (GSK_TYPE_LAYER_SNAP_CONSTRAINT);
  constraint = gsk_layer_scene_load_object (l, node, pos, GSK_TYPE_LAYER_CONSTRAINT, "constraint", skip);
  if (constraint == NULL)
    return NULL;
  gsk_layer_constraint_set_source (GSK_LAYER_CONSTRAINT (constraint), source);

  return GSK_LAYER_CONSTRAINT (constraint);
}

/* Whether following @layer's constraints to the siblings they read
 * comes back to @start */
static gboolean
reads_back (GskLayer   *start,
            GskLayer   *layer,
            GHashTable *seen)
{
  GList *constraints, *c;
  gboolean found = FALSE;

  if (!g_hash_table_add (seen, layer))
    return FALSE;
  constraints = gsk_layer_get_constraints (layer);
  for (c = constraints; c != NULL && !found; c = c->next)
    {
      GskLayer *source = gsk_layer_constraint_get_source (c->data);

      if (source == NULL || source == gsk_layer_get_parent (layer))
        continue;
      found = source == start || reads_back (start, source, seen);
    }
  g_list_free (constraints);

  return found;
}

gboolean
gsk_layer_scene_load_constraints (Loader        *l,
                                  GskLayerScene *scene)
{
  guint i, j;

  for (i = 0; i < l->constraints->len; i++)
    {
      GskLayerScenePendingConstraints *pending = &g_array_index (l->constraints, GskLayerScenePendingConstraints, i);

      for (j = 0; j < pending->pos->items->len; j++)
        {
          JsonNode *element = gsk_layer_scene_child_node (l, pending->node, pending->pos, j);
          GskLayerConstraint *constraint;

          if (element == NULL)
            return FALSE;
          constraint = load_constraint (l, scene, pending->layer, element, g_ptr_array_index (pending->pos->items, j));
          if (constraint == NULL)
            return FALSE;
          gsk_layer_add_constraint (pending->layer, constraint);
          g_object_unref (constraint);
        }
    }

  /* Constraints that read each other in a circle can never be met */
  for (i = 0; i < l->constraints->len; i++)
    {
      GskLayerScenePendingConstraints *pending = &g_array_index (l->constraints, GskLayerScenePendingConstraints, i);
      g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);

      if (reads_back (pending->layer, pending->layer, seen))
        {
          const char *id = g_object_get_qdata (G_OBJECT (pending->layer), gsk_layer_scene_id_quark ());

          return value_error (l, pending->pos, GSK_LAYER_ERROR_INVALID_VALUE,
                              "the constraints of “%s” read it back through their sources, in a circle",
                              id ? id : G_OBJECT_TYPE_NAME (pending->layer));
        }
    }

  return TRUE;
}

void
gsk_layer_scene_save_constraints (GskLayerSceneSaver *s,
                                  JsonBuilder        *builder,
                                  GskLayer           *layer)
{
  GList *constraints = gsk_layer_get_constraints (layer), *c;
  gboolean begun = FALSE;

  for (c = constraints; c != NULL; c = c->next)
    {
      GskLayerConstraint *constraint = c->data;
      GskLayer *source = gsk_layer_constraint_get_source (constraint);
      const char *source_id = NULL;

      /* A source a file can name: the parent, or a layer with an id */
      if (source == NULL)
        continue;
      if (source == gsk_layer_get_parent (layer))
        source_id = "parent";
      else if ((source_id = g_object_get_qdata (G_OBJECT (source), gsk_layer_scene_id_quark ())) == NULL)
        continue;

      if (!begun)
        {
          json_builder_set_member_name (builder, "constraints");
          json_builder_begin_array (builder);
          begun = TRUE;
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "type");
      json_builder_add_string_value (builder, G_OBJECT_TYPE_NAME (constraint));
      json_builder_set_member_name (builder, "source");
      json_builder_add_string_value (builder, source_id);

      gsk_layer_scene_add_object_properties (s, builder, G_OBJECT (constraint));
      json_builder_end_object (builder);
    }
  if (begun)
    json_builder_end_array (builder);
  g_list_free (constraints);
}
