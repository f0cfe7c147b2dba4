/* gsk-layer-constraint.c: a layer's position or size tied to another's
 *
 * Constraints are evaluated in the layout pass, once per frame where
 * something they read changed: after a layer's children were laid out
 * (by its manager, if any), the constraints of those children run, a
 * child after the siblings it reads. The concrete constraints (align,
 * bind, snap) are in gsk/layout/.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-private.h"
#include "gsk-layer-constraint.h"
#include "gsk-layer-layout-manager.h"
#include "gsk-layer-constraint-private.h"

/**
 * GskLayerConstraint:
 *
 * Ties the position or size of the layer it is added to
 * ([method@Layer.add_constraint]) to those of a source layer: its parent
 * or a sibling, as Clutter's constraints did. Constraints run in the
 * layout pass, after the parent's layout manager, in the order they
 * were added, a layer's after those of the siblings it reads; they
 * place the layer with [method@Layer.allocate], so an easing state in
 * force on it animates what they change. They read their sources as
 * they are on screen, so a layer follows a source that animates frame
 * by frame. Transforms are not taken into account: constraints read
 * and write positions and sizes.
 *
 * Constraints that read each other in a circle are an error, reported
 * with the layers' names when the layout pass meets them; those
 * constraints are then left out until the circle is broken.
 *
 * Since: 0.1
 */

typedef struct
{
  GskLayer *layer;   /* not a reference: the layer holds the constraint */
  GskLayer *source;  /* a weak pointer */
} GskLayerConstraintPrivate;

enum {
  PROP_0,
  PROP_SOURCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (GskLayerConstraint, gsk_layer_constraint, G_TYPE_OBJECT)

static void
gsk_layer_constraint_real_update (GskLayerConstraint    *self,
                                  GskLayer              *layer,
                                  const graphene_rect_t *source_rect,
                                  graphene_rect_t       *rect)
{
}

static void
set_source_pointer (GskLayerConstraint *self,
                    GskLayer           *source)
{
  GskLayerConstraintPrivate *priv = gsk_layer_constraint_get_instance_private (self);

  if (priv->source)
    gsk_layer_get_private (priv->source)->n_constraint_readers--;
  g_set_weak_pointer (&priv->source, source);
  if (priv->source)
    gsk_layer_get_private (priv->source)->n_constraint_readers++;
}

static void
gsk_layer_constraint_dispose (GObject *object)
{
  set_source_pointer (GSK_LAYER_CONSTRAINT (object), NULL);

  G_OBJECT_CLASS (gsk_layer_constraint_parent_class)->dispose (object);
}

static void
gsk_layer_constraint_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  GskLayerConstraint *self = GSK_LAYER_CONSTRAINT (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      g_value_set_object (value, gsk_layer_constraint_get_source (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_constraint_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  GskLayerConstraint *self = GSK_LAYER_CONSTRAINT (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      gsk_layer_constraint_set_source (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_constraint_class_init (GskLayerConstraintClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gsk_layer_constraint_dispose;
  object_class->get_property = gsk_layer_constraint_get_property;
  object_class->set_property = gsk_layer_constraint_set_property;
  klass->update = gsk_layer_constraint_real_update;

  /**
   * GskLayerConstraint:source:
   *
   * The layer whose position and size the constraint reads: the
   * constrained layer's parent or a sibling.
   *
   * Since: 0.1
   */
  properties[PROP_SOURCE] =
    g_param_spec_object ("source", NULL, "The layer whose position and size the constraint reads: the constrained layer's parent or a sibling", GSK_TYPE_LAYER,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_constraint_init (GskLayerConstraint *self)
{
}

/* Whether @source may be read by a constraint of @layer: its parent or
 * a sibling (or anything, while @layer is not in a tree) */
static gboolean
source_is_near (GskLayer *layer,
                GskLayer *source)
{
  GskLayer *parent;

  if (layer == NULL || source == NULL)
    return TRUE;
  parent = gsk_layer_get_parent (layer);
  return parent == NULL || source == parent || (source != layer && gsk_layer_get_parent (source) == parent);
}

/**
 * gsk_layer_constraint_set_source:
 * @self: a constraint
 * @source: (nullable): the layer it reads: the constrained layer's
 *   parent or a sibling
 *
 * Sets the layer @self reads. A source that is neither the parent nor a
 * sibling of the layer @self is on is refused with a critical warning,
 * and nothing changes; one that stops being either is left out, with a
 * critical warning, when the layout pass meets it.
 *
 * Since: 0.1
 */
void
gsk_layer_constraint_set_source (GskLayerConstraint *self,
                                 GskLayer           *source)
{
  GskLayerConstraintPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_CONSTRAINT (self));
  g_return_if_fail (source == NULL || GSK_IS_LAYER (source));

  priv = gsk_layer_constraint_get_instance_private (self);
  g_return_if_fail (source_is_near (priv->layer, source));

  if (priv->source == source)
    return;

  set_source_pointer (self, source);
  gsk_layer_constraint_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCE]);
}

/**
 * gsk_layer_constraint_get_source:
 * @self: a constraint
 *
 * Gets the layer whose position and size @self reads, as set with
 * [method@LayerConstraint.set_source]. The constraint does not keep its
 * source alive: this becomes %NULL when the source is finalized.
 *
 * Returns: (transfer none) (nullable): the layer @self reads, or %NULL
 *   if it has none
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_constraint_get_source (GskLayerConstraint *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_CONSTRAINT (self), NULL);

  return ((GskLayerConstraintPrivate *) gsk_layer_constraint_get_instance_private (self))->source;
}

/**
 * gsk_layer_constraint_get_layer:
 * @self: a constraint
 *
 * Gets the layer @self was added to with [method@Layer.add_constraint]:
 * the one it places.
 *
 * Returns: (transfer none) (nullable): the layer @self places, or %NULL
 *   if it is on no layer
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_constraint_get_layer (GskLayerConstraint *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_CONSTRAINT (self), NULL);

  return ((GskLayerConstraintPrivate *) gsk_layer_constraint_get_instance_private (self))->layer;
}

/**
 * gsk_layer_constraint_changed:
 * @self: a constraint
 *
 * Tells the layout that one of @self's own properties changed (a
 * factor, an offset): it runs again before the next frame.
 *
 * Since: 0.1
 */
void
gsk_layer_constraint_changed (GskLayerConstraint *self)
{
  GskLayerConstraintPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_CONSTRAINT (self));

  priv = gsk_layer_constraint_get_instance_private (self);
  if (priv->layer && gsk_layer_get_parent (priv->layer))
    gsk_layer_queue_relayout (gsk_layer_get_parent (priv->layer));
}

/**
 * gsk_layer_add_constraint:
 * @self: a layer
 * @constraint: (transfer none): a constraint on no other layer
 *
 * Adds @constraint to @self; it runs after those added before. A
 * constraint already on a layer, or whose source is neither the parent
 * nor a sibling of @self, is refused with a critical warning, and
 * nothing changes.
 *
 * Since: 0.1
 */
void
gsk_layer_add_constraint (GskLayer           *self,
                          GskLayerConstraint *constraint)
{
  GskLayerPrivate *priv;
  GskLayerConstraintPrivate *cpriv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (GSK_IS_LAYER_CONSTRAINT (constraint));

  cpriv = gsk_layer_constraint_get_instance_private (constraint);
  g_return_if_fail (cpriv->layer == NULL);
  g_return_if_fail (source_is_near (self, cpriv->source));

  priv = gsk_layer_get_private (self);
  if (priv->constraints == NULL)
    priv->constraints = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (priv->constraints, g_object_ref (constraint));
  cpriv->layer = self;
  /* The constraints start again from where the layer is */
  priv->has_constraint_base = FALSE;
  gsk_layer_constraint_changed (constraint);
}

/**
 * gsk_layer_remove_constraint:
 * @self: a layer
 * @constraint: one of its constraints
 *
 * Removes @constraint from @self. The layer stays where it is.
 *
 * Since: 0.1
 */
void
gsk_layer_remove_constraint (GskLayer           *self,
                             GskLayerConstraint *constraint)
{
  GskLayerPrivate *priv;
  GskLayerConstraintPrivate *cpriv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (GSK_IS_LAYER_CONSTRAINT (constraint));

  priv = gsk_layer_get_private (self);
  cpriv = gsk_layer_constraint_get_instance_private (constraint);
  g_return_if_fail (cpriv->layer == self);

  cpriv->layer = NULL;
  /* The rest start again from where the layer is, which stays */
  priv->has_constraint_base = FALSE;
  g_ptr_array_remove (priv->constraints, constraint);
}

/**
 * gsk_layer_get_constraints:
 * @self: a layer
 *
 * Gets the constraints added to @self with [method@Layer.add_constraint].
 *
 * Returns: (transfer container) (element-type GskLayerConstraint): the
 *   constraints of @self, in the order they run; %NULL if it has none.
 *   Free the list with g_list_free()
 *
 * Since: 0.1
 */
GList *
gsk_layer_get_constraints (GskLayer *self)
{
  GskLayerPrivate *priv;
  GList *list = NULL;
  guint i;

  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  priv = gsk_layer_get_private (self);
  for (i = priv->constraints ? priv->constraints->len : 0; i > 0; i--)
    list = g_list_prepend (list, g_ptr_array_index (priv->constraints, i - 1));
  return list;
}

void
gsk_layer_free_constraints (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  guint i;

  if (priv->constraints == NULL)
    return;
  for (i = 0; i < priv->constraints->len; i++)
    {
      GskLayerConstraint *c = g_ptr_array_index (priv->constraints, i);

      ((GskLayerConstraintPrivate *) gsk_layer_constraint_get_instance_private (c))->layer = NULL;
    }
  g_clear_pointer (&priv->constraints, g_ptr_array_unref);
}

/* {{{ Evaluation */

static const char *
layer_label (GskLayer *layer)
{
  const char *name = gsk_layer_get_name (layer);

  return name ? name : G_OBJECT_TYPE_NAME (layer);
}

typedef enum { UNSEEN, VISITING, DONE } Mark;

/* Runs @child's constraints after those of the siblings they read;
 * FALSE on a circle, which @path names */
static gboolean
run_child (GskLayer   *parent,
           GskLayer   *child,
           GHashTable *marks,
           GString    *path)
{
  GskLayerPrivate *priv = gsk_layer_get_private (child);
  graphene_point_t position;
  graphene_size_t size, own_size, model;
  graphene_rect_t rect;
  guint i;

  switch (GPOINTER_TO_INT (g_hash_table_lookup (marks, child)))
    {
    case DONE:
      return TRUE;
    case VISITING:
      g_string_append_printf (path, "“%s”", layer_label (child));
      return FALSE;
    default:
      break;
    }

  g_hash_table_insert (marks, child, GINT_TO_POINTER (VISITING));
  for (i = 0; i < priv->constraints->len; i++)
    {
      GskLayer *source = gsk_layer_constraint_get_source (g_ptr_array_index (priv->constraints, i));

      if (source != NULL && source != parent && gsk_layer_get_parent (source) == parent &&
          gsk_layer_get_private (source)->constraints != NULL &&
          !run_child (parent, source, marks, path))
        {
          g_autofree char *step = g_strdup_printf ("“%s” → ", layer_label (child));

          g_string_prepend (path, step);
          g_hash_table_insert (marks, child, GINT_TO_POINTER (DONE));
          return FALSE;
        }
    }

  /* Its own size as on screen too, so that a layer whose size
   * animates stays aligned frame by frame; a size no constraint
   * changed is left as the model has it, animation and all */
  gsk_layer_get_position (child, &position);
  gsk_layer_get_size (child, &model);
  if (!priv->has_constraint_base)
    {
      priv->constraint_base_position = position;
      priv->constraint_base = model;
      priv->has_constraint_base = TRUE;
    }
  /* From the start, not from the last result; a size that animates
   * from where it is on screen */
  position = priv->constraint_base_position;
  own_size = graphene_size_equal (&priv->size, &model) ? priv->constraint_base : priv->size;
  rect = GRAPHENE_RECT_INIT (position.x, position.y, own_size.width, own_size.height);
  for (i = 0; i < priv->constraints->len; i++)
    {
      GskLayerConstraint *c = g_ptr_array_index (priv->constraints, i);
      GskLayer *source = gsk_layer_constraint_get_source (c);
      graphene_rect_t source_rect;

      if (source == NULL)
        continue;
      /* Sources as they are on screen: a constraint follows a source
       * that animates frame by frame, as a layout follows its
       * container's size */
      if (source == parent)
        {
          size = gsk_layer_get_private (parent)->size;
          source_rect = GRAPHENE_RECT_INIT (0, 0, size.width, size.height);
        }
      else if (source != child && gsk_layer_get_parent (source) == parent)
        {
          position = gsk_layer_get_private (source)->position;
          size = gsk_layer_get_private (source)->size;
          source_rect = GRAPHENE_RECT_INIT (position.x, position.y, size.width, size.height);
        }
      else
        {
          g_critical ("A constraint of “%s” reads “%s”, which is neither its parent nor a sibling: left out",
                      layer_label (child), layer_label (source));
          continue;
        }
      GSK_LAYER_CONSTRAINT_GET_CLASS (c)->update (c, child, &source_rect, &rect);
    }
  /* Snaps leave a box inside out where their edges crossed */
  rect.size.width = MAX (rect.size.width, 0.f);
  rect.size.height = MAX (rect.size.height, 0.f);
  if (graphene_size_equal (&rect.size, &own_size) && !graphene_size_equal (&priv->size, &model))
    rect.size = model;
  priv->in_allocate = TRUE;
  gsk_layer_allocate (child, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height);
  priv->in_allocate = FALSE;

  g_hash_table_insert (marks, child, GINT_TO_POINTER (DONE));
  return TRUE;
}

void
gsk_layer_run_constraints (GskLayer *parent)
{
  GHashTable *marks = NULL;
  GskLayer *child;

  for (child = gsk_layer_get_first_child (parent); child; child = gsk_layer_get_next_sibling (child))
    {
      GString *path;

      if (gsk_layer_get_private (child)->constraints == NULL ||
          gsk_layer_get_private (child)->constraints->len == 0)
        continue;
      if (marks == NULL)
        marks = g_hash_table_new (NULL, NULL);
      path = g_string_new (NULL);
      if (!run_child (parent, child, marks, path))
        g_critical ("Constraints read each other in a circle: %s; left out", path->str);
      g_string_free (path, TRUE);
    }
  g_clear_pointer (&marks, g_hash_table_unref);
}

/* }}} */
