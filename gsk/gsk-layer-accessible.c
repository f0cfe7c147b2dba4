/* gsk-layer-accessible.c: what a layer is to assistive technology
 *
 * A layer's role and its accessible properties, states and relations,
 * in GTK's terms and kept as set; the GTK bridge
 * (gsk/gtk/gsk-layer-view-accessible.c) shows them to assistive
 * technology through the view, while one listens.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <gobject/gvaluecollector.h>

#include "gsk-layer-accessible-private.h"
#include "gsk-layer-impl-private.h"

typedef struct
{
  GskLayerAccessibleKind kind;
  int attribute;
  GValue value;
  /* Relations to layers: GWeakRef */
  GArray *refs;
} Attribute;

struct _GskLayerAccessible
{
  GtkAccessibleRole role;
  gboolean role_set;
  guint age;
  GArray *attributes;           /* Attribute */
};

void (* gsk_layer_accessible_changed_hook) (GskLayer *self);

static GQuark class_role_quark;

/* {{{ Storage */

static void
attribute_clear (Attribute *a)
{
  if (G_IS_VALUE (&a->value))
    g_value_unset (&a->value);
  g_clear_pointer (&a->refs, g_array_unref);
}

static GskLayerAccessible *
ensure_description (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->accessible == NULL)
    {
      priv->accessible = g_new0 (GskLayerAccessible, 1);
      priv->accessible->role = GTK_ACCESSIBLE_ROLE_NONE;
      priv->accessible->attributes = g_array_new (FALSE, TRUE, sizeof (Attribute));
      g_array_set_clear_func (priv->accessible->attributes, (GDestroyNotify) attribute_clear);
    }

  return priv->accessible;
}

void
gsk_layer_accessible_free (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->accessible == NULL)
    return;

  g_array_unref (priv->accessible->attributes);
  g_clear_pointer (&priv->accessible, g_free);
}

static Attribute *
find_attribute (GskLayer               *self,
                GskLayerAccessibleKind  kind,
                int                     attribute,
                guint                  *index)
{
  GskLayerAccessible *description = gsk_layer_get_private (self)->accessible;

  if (description == NULL)
    return NULL;

  for (guint i = 0; i < description->attributes->len; i++)
    {
      Attribute *a = &g_array_index (description->attributes, Attribute, i);

      if (a->kind == kind && a->attribute == attribute)
        {
          if (index)
            *index = i;
          return a;
        }
    }

  return NULL;
}

static void
changed (GskLayer *self)
{
  GskLayerAccessible *description = ensure_description (self);

  /* 0 is for never described */
  if (++description->age == 0)
    description->age = 1;
  if (gsk_layer_accessible_changed_hook)
    gsk_layer_accessible_changed_hook (self);
}

guint
gsk_layer_accessible_get_age (GskLayer *self)
{
  GskLayerAccessible *description = gsk_layer_get_private (self)->accessible;

  return description ? description->age : 0;
}

gboolean
gsk_layer_accessible_role_is_set (GskLayer *self)
{
  GskLayerAccessible *description = gsk_layer_get_private (self)->accessible;

  return description && description->role_set;
}

guint
gsk_layer_accessible_relation_refs (GtkAccessibleRelation relation)
{
  switch (relation)
    {
    case GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT:
    case GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE:
      return 1;
    case GTK_ACCESSIBLE_RELATION_CONTROLS:
    case GTK_ACCESSIBLE_RELATION_DESCRIBED_BY:
    case GTK_ACCESSIBLE_RELATION_DETAILS:
    case GTK_ACCESSIBLE_RELATION_FLOW_TO:
    case GTK_ACCESSIBLE_RELATION_LABELLED_BY:
    case GTK_ACCESSIBLE_RELATION_OWNS:
      return 2;
    default:
      return 0;
    }
}

void
gsk_layer_accessible_foreach (GskLayer               *self,
                              GskLayerAccessibleFunc  func,
                              gpointer                data)
{
  GskLayerAccessible *description = gsk_layer_get_private (self)->accessible;
  GPtrArray *alive;

  if (description == NULL)
    return;

  alive = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < description->attributes->len; i++)
    {
      Attribute *a = &g_array_index (description->attributes, Attribute, i);

      g_ptr_array_set_size (alive, 0);
      if (a->refs)
        for (guint j = 0; j < a->refs->len; j++)
          {
            GskLayer *target = g_weak_ref_get (&g_array_index (a->refs, GWeakRef, j));

            if (target)
              g_ptr_array_add (alive, target);
          }
      func (self, a->kind, a->attribute, a->refs ? NULL : &a->value,
            (GskLayer **) alive->pdata, alive->len, data);
    }
  g_ptr_array_unref (alive);
}

/* }}} */
/* {{{ Values */

static gboolean
kind_is_valid (GskLayerAccessibleKind kind,
               int                    attribute)
{
  switch (kind)
    {
    case GSK_LAYER_ACCESSIBLE_PROPERTY:
      return attribute >= GTK_ACCESSIBLE_PROPERTY_AUTOCOMPLETE && attribute <= GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT;
    case GSK_LAYER_ACCESSIBLE_STATE:
      return attribute >= GTK_ACCESSIBLE_STATE_BUSY && attribute <= GTK_ACCESSIBLE_STATE_SELECTED;
    case GSK_LAYER_ACCESSIBLE_RELATION:
      return attribute >= GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT && attribute <= GTK_ACCESSIBLE_RELATION_SET_SIZE;
    default:
      return FALSE;
    }
}

static const char *
kind_name (GskLayerAccessibleKind kind)
{
  return kind == GSK_LAYER_ACCESSIBLE_PROPERTY ? "property" :
         kind == GSK_LAYER_ACCESSIBLE_STATE ? "state" : "relation";
}

/* @value typed as GTK types the attribute's values */
static void
init_value (GskLayerAccessibleKind  kind,
            int                     attribute,
            GValue                 *value)
{
  if (kind == GSK_LAYER_ACCESSIBLE_PROPERTY)
    gtk_accessible_property_init_value (attribute, value);
  else if (kind == GSK_LAYER_ACCESSIBLE_STATE)
    gtk_accessible_state_init_value (attribute, value);
  else
    gtk_accessible_relation_init_value (attribute, value);
}

/* What GTK would refuse to show: numbers that are not, tokens outside
 * their enumeration (tristates may be undefined, -1) */
static gboolean
value_is_valid (const GValue *value)
{
  if (G_VALUE_HOLDS_DOUBLE (value))
    return isfinite (g_value_get_double (value));
  if (G_VALUE_HOLDS_ENUM (value))
    {
      GEnumClass *enum_class = g_type_class_ref (G_VALUE_TYPE (value));
      int v = g_value_get_enum (value);
      gboolean valid = g_enum_get_value (enum_class, v) != NULL ||
                       (v == -1 && G_VALUE_TYPE (value) == GTK_TYPE_ACCESSIBLE_TRISTATE);

      g_type_class_unref (enum_class);
      return valid;
    }

  return TRUE;
}

/* One attribute and its value, read and checked before any is set */
typedef struct
{
  GskLayerAccessibleKind kind;
  int attribute;
  GValue value;
  GPtrArray *refs;              /* GskLayer, for relations to layers */
} Update;

static void
update_clear (Update *u)
{
  if (G_IS_VALUE (&u->value))
    g_value_unset (&u->value);
  g_clear_pointer (&u->refs, g_ptr_array_unref);
}

static gboolean
refs_are_valid (GskLayer  *self,
                GPtrArray *refs)
{
  for (guint i = 0; i < refs->len; i++)
    if (!GSK_IS_LAYER (g_ptr_array_index (refs, i)))
      {
        g_critical ("%s: a relation of layer %p refers to something that is not a layer",
                    G_STRFUNC, (void *) self);
        return FALSE;
      }

  return TRUE;
}

static void
apply_update (GskLayer *self,
              Update   *u)
{
  GskLayerAccessible *description = ensure_description (self);
  Attribute *a;
  guint index;

  a = find_attribute (self, u->kind, u->attribute, &index);
  if (a == NULL)
    {
      Attribute fresh = { u->kind, u->attribute, G_VALUE_INIT, NULL };

      g_array_append_val (description->attributes, fresh);
      a = &g_array_index (description->attributes, Attribute, description->attributes->len - 1);
    }
  attribute_clear (a);

  if (u->refs)
    {
      a->refs = g_array_new (FALSE, TRUE, sizeof (GWeakRef));
      g_array_set_clear_func (a->refs, (GDestroyNotify) g_weak_ref_clear);
      g_array_set_size (a->refs, u->refs->len);
      for (guint i = 0; i < u->refs->len; i++)
        g_weak_ref_init (&g_array_index (a->refs, GWeakRef, i), g_ptr_array_index (u->refs, i));
    }
  else
    {
      g_value_init (&a->value, G_VALUE_TYPE (&u->value));
      g_value_copy (&u->value, &a->value);
    }
}

/* Reads the (attribute, value) pairs of @args up to -1, as GTK's
 * gtk_accessible_update_* () do, except that references are layers;
 * sets them all if they all check out, else none */
static void
update_valist (GskLayer               *self,
               GskLayerAccessibleKind  kind,
               int                     first,
               va_list                *args)
{
  GArray *updates = g_array_new (FALSE, TRUE, sizeof (Update));
  gboolean valid = TRUE;
  int attribute;

  g_array_set_clear_func (updates, (GDestroyNotify) update_clear);

  for (attribute = first; attribute != -1 && valid; attribute = va_arg (*args, int))
    {
      Update u = { kind, attribute, G_VALUE_INIT, NULL };
      guint n_refs;

      if (!kind_is_valid (kind, attribute))
        {
          g_critical ("%s: %d is not an accessible %s", G_STRFUNC, attribute, kind_name (kind));
          valid = FALSE;
          break;
        }

      n_refs = kind == GSK_LAYER_ACCESSIBLE_RELATION ? gsk_layer_accessible_relation_refs (attribute) : 0;
      if (n_refs > 0)
        {
          gpointer target;

          /* Held only while checked and set: layers referred to are
           * kept as weak references */
          u.refs = g_ptr_array_new ();
          if (n_refs == 1)
            {
              if ((target = va_arg (*args, gpointer)) != NULL)
                g_ptr_array_add (u.refs, target);
            }
          else
            while ((target = va_arg (*args, gpointer)) != NULL)
              g_ptr_array_add (u.refs, target);
        }
      else
        {
          GValue model = G_VALUE_INIT;
          char *error = NULL;

          init_value (kind, attribute, &model);
          G_VALUE_COLLECT_INIT (&u.value, G_VALUE_TYPE (&model), *args, 0, &error);
          g_value_unset (&model);
          if (error)
            {
              g_critical ("%s: %s", G_STRFUNC, error);
              g_free (error);
              update_clear (&u);
              valid = FALSE;
              break;
            }
        }

      g_array_append_val (updates, u);
    }

  for (guint i = 0; i < updates->len && valid; i++)
    {
      Update *u = &g_array_index (updates, Update, i);

      if (u->refs)
        valid = refs_are_valid (self, u->refs);
      else if (!value_is_valid (&u->value))
        {
          g_critical ("%s: invalid value for accessible %s %d", G_STRFUNC, kind_name (u->kind), u->attribute);
          valid = FALSE;
        }
    }

  if (valid && updates->len > 0)
    {
      for (guint i = 0; i < updates->len; i++)
        apply_update (self, &g_array_index (updates, Update, i));
      changed (self);
    }

  g_array_unref (updates);
}

/* As update_valist (), from arrays of values */
static void
update_values (GskLayer               *self,
               GskLayerAccessibleKind  kind,
               int                     n,
               const int              *attributes,
               const GValue           *values)
{
  GArray *updates = g_array_new (FALSE, TRUE, sizeof (Update));
  gboolean valid = TRUE;

  g_array_set_clear_func (updates, (GDestroyNotify) update_clear);

  for (int i = 0; i < n && valid; i++)
    {
      Update u = { kind, attributes[i], G_VALUE_INIT, NULL };
      guint n_refs;

      if (!kind_is_valid (kind, attributes[i]))
        {
          g_critical ("%s: %d is not an accessible %s", G_STRFUNC, attributes[i], kind_name (kind));
          valid = FALSE;
          break;
        }

      n_refs = kind == GSK_LAYER_ACCESSIBLE_RELATION ? gsk_layer_accessible_relation_refs (attributes[i]) : 0;
      if (n_refs == 1)
        {
          GObject *target = G_VALUE_HOLDS_OBJECT (&values[i]) ? g_value_get_object (&values[i]) : NULL;

          u.refs = g_ptr_array_new ();
          if (!G_VALUE_HOLDS_OBJECT (&values[i]) || (target && !GSK_IS_LAYER (target)))
            valid = FALSE;
          else if (target)
            g_ptr_array_add (u.refs, target);
        }
      else if (n_refs == 2)
        {
          u.refs = g_ptr_array_new ();
          if (!G_VALUE_HOLDS_POINTER (&values[i]))
            valid = FALSE;
          else
            for (GList *l = g_value_get_pointer (&values[i]); l != NULL; l = l->next)
              {
                if (!GSK_IS_LAYER (l->data))
                  {
                    valid = FALSE;
                    break;
                  }
                g_ptr_array_add (u.refs, l->data);
              }
        }
      else
        {
          init_value (kind, attributes[i], &u.value);
          if (!g_value_type_transformable (G_VALUE_TYPE (&values[i]), G_VALUE_TYPE (&u.value)) ||
              !g_value_transform (&values[i], &u.value))
            valid = FALSE;
        }

      if (!valid)
        g_critical ("%s: the value of accessible %s %d has the wrong type (%s)",
                    G_STRFUNC, kind_name (kind), attributes[i], G_VALUE_TYPE_NAME (&values[i]));
      else if (u.refs == NULL && !value_is_valid (&u.value))
        {
          g_critical ("%s: invalid value for accessible %s %d", G_STRFUNC, kind_name (kind), attributes[i]);
          valid = FALSE;
        }
      g_array_append_val (updates, u);
    }

  if (valid && updates->len > 0)
    {
      for (guint i = 0; i < updates->len; i++)
        apply_update (self, &g_array_index (updates, Update, i));
      changed (self);
    }

  g_array_unref (updates);
}

static void
reset (GskLayer               *self,
       GskLayerAccessibleKind  kind,
       int                     attribute)
{
  GskLayerAccessible *description = gsk_layer_get_private (self)->accessible;
  guint index;

  if (!kind_is_valid (kind, attribute))
    {
      g_critical ("%s: %d is not an accessible %s", G_STRFUNC, attribute, kind_name (kind));
      return;
    }

  if (find_attribute (self, kind, attribute, &index) == NULL)
    return;

  g_array_remove_index (description->attributes, index);
  changed (self);
}

/* }}} */
/* {{{ Role */

/**
 * gsk_layer_class_set_accessible_role:
 * @layer_class: a layer class
 * @role: the accessible role of the class's layers
 *
 * Sets the role that layers of @layer_class (and of its subclasses,
 * unless they set their own) have when none is set on them, as
 * [method@Gtk.WidgetClass.set_accessible_role] does for widgets. Call it
 * in the class's `class_init`.
 *
 * Since: 0.1
 */
void
gsk_layer_class_set_accessible_role (GskLayerClass     *layer_class,
                                     GtkAccessibleRole  role)
{
  g_return_if_fail (GSK_IS_LAYER_CLASS (layer_class));
  g_return_if_fail (role >= GTK_ACCESSIBLE_ROLE_ALERT && role <= GTK_ACCESSIBLE_ROLE_WINDOW);

  if (class_role_quark == 0)
    class_role_quark = g_quark_from_static_string ("gsk-layer-class-accessible-role");
  g_type_set_qdata (G_TYPE_FROM_CLASS (layer_class), class_role_quark, GUINT_TO_POINTER (role + 1));
}

/**
 * gsk_layer_class_get_accessible_role:
 * @layer_class: a layer class
 *
 * Gets the role that layers of @layer_class have when none is set on
 * them: the one [method@LayerClass.set_accessible_role] set on the class
 * or its nearest ancestor, or %GTK_ACCESSIBLE_ROLE_NONE.
 *
 * Returns: the accessible role of the class's layers
 *
 * Since: 0.1
 */
GtkAccessibleRole
gsk_layer_class_get_accessible_role (GskLayerClass *layer_class)
{
  g_return_val_if_fail (GSK_IS_LAYER_CLASS (layer_class), GTK_ACCESSIBLE_ROLE_NONE);

  if (class_role_quark == 0)
    return GTK_ACCESSIBLE_ROLE_NONE;

  for (GType type = G_TYPE_FROM_CLASS (layer_class); type != 0; type = g_type_parent (type))
    {
      guint role = GPOINTER_TO_UINT (g_type_get_qdata (type, class_role_quark));

      if (role != 0)
        return role - 1;
    }

  return GTK_ACCESSIBLE_ROLE_NONE;
}

/**
 * gsk_layer_set_accessible_role:
 * @self: a layer
 * @role: what @self is to assistive technology
 *
 * Sets the accessible role of @self: what a screen reader says it is (a
 * button, an image, a list item…). A layer whose role is
 * %GTK_ACCESSIBLE_ROLE_NONE or %GTK_ACCESSIBLE_ROLE_PRESENTATION is not
 * shown to assistive technology, though its children may be; that is the
 * role of a plain layer unless it is focusable.
 *
 * Since: 0.1
 */
void
gsk_layer_set_accessible_role (GskLayer          *self,
                               GtkAccessibleRole  role)
{
  GskLayerAccessible *description;
  GtkAccessibleRole old_role;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (role >= GTK_ACCESSIBLE_ROLE_ALERT && role <= GTK_ACCESSIBLE_ROLE_WINDOW);

  description = ensure_description (self);
  if (description->role_set && description->role == role)
    return;

  old_role = gsk_layer_get_accessible_role (self);
  description->role = role;
  description->role_set = TRUE;
  changed (self);
  if (role != old_role)
    g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_ACCESSIBLE_ROLE]);
}

/**
 * gsk_layer_get_accessible_role:
 * @self: a layer
 *
 * Gets the accessible role of @self: the one set with
 * [method@Layer.set_accessible_role], else its class's
 * ([method@LayerClass.set_accessible_role]).
 *
 * Returns: the accessible role
 *
 * Since: 0.1
 */
GtkAccessibleRole
gsk_layer_get_accessible_role (GskLayer *self)
{
  GskLayerAccessible *description;

  g_return_val_if_fail (GSK_IS_LAYER (self), GTK_ACCESSIBLE_ROLE_NONE);

  description = gsk_layer_get_private (self)->accessible;
  if (description && description->role_set)
    return description->role;

  return gsk_layer_class_get_accessible_role (GSK_LAYER_GET_CLASS (self));
}

/* }}} */
/* {{{ Label */

/**
 * gsk_layer_set_accessible_label:
 * @self: a layer
 * @label: (nullable): the name assistive technology gives @self
 *
 * Sets %GTK_ACCESSIBLE_PROPERTY_LABEL, or resets it for %NULL: a
 * shorthand for [method@Layer.update_accessible_property], and the
 * `accessible-label` property of scene files.
 *
 * Since: 0.1
 */
void
gsk_layer_set_accessible_label (GskLayer   *self,
                                const char *label)
{
  g_return_if_fail (GSK_IS_LAYER (self));

  if (g_strcmp0 (label, gsk_layer_get_accessible_label (self)) == 0)
    return;

  if (label)
    gsk_layer_update_accessible_property (self, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  else
    gsk_layer_reset_accessible_property (self, GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_ACCESSIBLE_LABEL]);
}

/**
 * gsk_layer_get_accessible_label:
 * @self: a layer
 *
 * Gets the %GTK_ACCESSIBLE_PROPERTY_LABEL set on @self.
 *
 * Returns: (nullable): the label, or %NULL if none is set
 *
 * Since: 0.1
 */
const char *
gsk_layer_get_accessible_label (GskLayer *self)
{
  Attribute *a;

  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  a = find_attribute (self, GSK_LAYER_ACCESSIBLE_PROPERTY, GTK_ACCESSIBLE_PROPERTY_LABEL, NULL);

  return a ? g_value_get_string (&a->value) : NULL;
}

/* }}} */
/* {{{ Properties, states and relations */

/**
 * gsk_layer_update_accessible_property: (skip)
 * @self: a layer
 * @first_property: the first property
 * @...: its value, then more pairs of property and value, ending with -1
 *
 * Sets accessible properties of @self, as [method@Gtk.Accessible.update_property]
 * does for a widget, with the same values:
 *
 * ```c
 * gsk_layer_update_accessible_property (cover,
 *                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Blue Train",
 *                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "John Coltrane, 1958",
 *                                       -1);
 * ```
 *
 * If any value is invalid, none is set.
 *
 * For C only: bindings cannot call variadic functions, and use
 * [method@Layer.update_accessible_property_value].
 *
 * Since: 0.1
 */
void
gsk_layer_update_accessible_property (GskLayer              *self,
                                      GtkAccessibleProperty  first_property,
                                      ...)
{
  va_list args;

  g_return_if_fail (GSK_IS_LAYER (self));

  va_start (args, first_property);
  update_valist (self, GSK_LAYER_ACCESSIBLE_PROPERTY, first_property, &args);
  va_end (args);
}

/**
 * gsk_layer_update_accessible_property_value: (rename-to gsk_layer_update_accessible_property)
 * @self: a layer
 * @n_properties: how many properties
 * @properties: (array length=n_properties): the properties
 * @values: (array length=n_properties): a value for each, of the type
 *   [func@Gtk.AccessibleProperty.init_value] gives
 *
 * Sets accessible properties of @self from values, for bindings.
 *
 * Since: 0.1
 */
void
gsk_layer_update_accessible_property_value (GskLayer                    *self,
                                            int                          n_properties,
                                            const GtkAccessibleProperty  properties[],
                                            const GValue                 values[])
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (n_properties >= 0);
  g_return_if_fail (n_properties == 0 || (properties != NULL && values != NULL));

  update_values (self, GSK_LAYER_ACCESSIBLE_PROPERTY, n_properties, (const int *) properties, values);
}

/**
 * gsk_layer_reset_accessible_property:
 * @self: a layer
 * @property: a property
 *
 * Unsets an accessible property of @self.
 *
 * Since: 0.1
 */
void
gsk_layer_reset_accessible_property (GskLayer              *self,
                                     GtkAccessibleProperty  property)
{
  g_return_if_fail (GSK_IS_LAYER (self));

  reset (self, GSK_LAYER_ACCESSIBLE_PROPERTY, property);
}

/**
 * gsk_layer_update_accessible_state: (skip)
 * @self: a layer
 * @first_state: the first state
 * @...: its value, then more pairs of state and value, ending with -1
 *
 * Sets accessible states of @self, as [method@Gtk.Accessible.update_state]
 * does for a widget: %GTK_ACCESSIBLE_STATE_CHECKED, `_PRESSED`,
 * `_DISABLED`, `_EXPANDED`, `_SELECTED`… Whether a layer is shown and
 * whether it has the focus follow the tree, without setting them. If any
 * value is invalid, none is set.
 *
 * For C only: bindings cannot call variadic functions, and use
 * [method@Layer.update_accessible_state_value].
 *
 * Since: 0.1
 */
void
gsk_layer_update_accessible_state (GskLayer           *self,
                                   GtkAccessibleState  first_state,
                                   ...)
{
  va_list args;

  g_return_if_fail (GSK_IS_LAYER (self));

  va_start (args, first_state);
  update_valist (self, GSK_LAYER_ACCESSIBLE_STATE, first_state, &args);
  va_end (args);
}

/**
 * gsk_layer_update_accessible_state_value: (rename-to gsk_layer_update_accessible_state)
 * @self: a layer
 * @n_states: how many states
 * @states: (array length=n_states): the states
 * @values: (array length=n_states): a value for each, of the type
 *   [func@Gtk.AccessibleState.init_value] gives
 *
 * Sets accessible states of @self from values, for bindings.
 *
 * Since: 0.1
 */
void
gsk_layer_update_accessible_state_value (GskLayer                 *self,
                                         int                       n_states,
                                         const GtkAccessibleState  states[],
                                         const GValue              values[])
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (n_states >= 0);
  g_return_if_fail (n_states == 0 || (states != NULL && values != NULL));

  update_values (self, GSK_LAYER_ACCESSIBLE_STATE, n_states, (const int *) states, values);
}

/**
 * gsk_layer_reset_accessible_state:
 * @self: a layer
 * @state: a state
 *
 * Unsets an accessible state of @self.
 *
 * Since: 0.1
 */
void
gsk_layer_reset_accessible_state (GskLayer           *self,
                                  GtkAccessibleState  state)
{
  g_return_if_fail (GSK_IS_LAYER (self));

  reset (self, GSK_LAYER_ACCESSIBLE_STATE, state);
}

/**
 * gsk_layer_update_accessible_relation: (skip)
 * @self: a layer
 * @first_relation: the first relation
 * @...: its value, then more pairs of relation and value, ending with -1
 *
 * Sets accessible relations of @self, as [method@Gtk.Accessible.update_relation]
 * does for a widget, except that the accessibles referred to are layers:
 * one layer for %GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT and
 * %GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE, a list of layers ending with
 * %NULL for the others that refer (`_LABELLED_BY`, `_DESCRIBED_BY`,
 * `_CONTROLS`, `_FLOW_TO`, `_OWNS`, `_DETAILS`):
 *
 * ```c
 * gsk_layer_update_accessible_relation (slider,
 *                                       GTK_ACCESSIBLE_RELATION_LABELLED_BY, caption, NULL,
 *                                       -1);
 * ```
 *
 * A layer's hosted widget ([class@LayerWidget]) stands for it. Layers
 * referred to are not kept alive. If any value is invalid, none is set.
 *
 * For C only: bindings cannot call variadic functions, and use
 * [method@Layer.update_accessible_relation_value].
 *
 * Since: 0.1
 */
void
gsk_layer_update_accessible_relation (GskLayer              *self,
                                      GtkAccessibleRelation  first_relation,
                                      ...)
{
  va_list args;

  g_return_if_fail (GSK_IS_LAYER (self));

  va_start (args, first_relation);
  update_valist (self, GSK_LAYER_ACCESSIBLE_RELATION, first_relation, &args);
  va_end (args);
}

/**
 * gsk_layer_update_accessible_relation_value: (rename-to gsk_layer_update_accessible_relation)
 * @self: a layer
 * @n_relations: how many relations
 * @relations: (array length=n_relations): the relations
 * @values: (array length=n_relations): a value for each: a layer for a
 *   single reference, a `GList` of layers (as a pointer) for a list,
 *   else of the type [func@Gtk.AccessibleRelation.init_value] gives
 *
 * Sets accessible relations of @self from values, for bindings.
 *
 * Since: 0.1
 */
void
gsk_layer_update_accessible_relation_value (GskLayer                    *self,
                                            int                          n_relations,
                                            const GtkAccessibleRelation  relations[],
                                            const GValue                 values[])
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (n_relations >= 0);
  g_return_if_fail (n_relations == 0 || (relations != NULL && values != NULL));

  update_values (self, GSK_LAYER_ACCESSIBLE_RELATION, n_relations, (const int *) relations, values);
}

/**
 * gsk_layer_reset_accessible_relation:
 * @self: a layer
 * @relation: a relation
 *
 * Unsets an accessible relation of @self.
 *
 * Since: 0.1
 */
void
gsk_layer_reset_accessible_relation (GskLayer              *self,
                                     GtkAccessibleRelation  relation)
{
  g_return_if_fail (GSK_IS_LAYER (self));

  reset (self, GSK_LAYER_ACCESSIBLE_RELATION, relation);
}

/* }}} */
