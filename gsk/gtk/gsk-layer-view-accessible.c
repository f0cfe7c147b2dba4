/* gsk-layer-view-accessible.c: a view's layers before assistive technology
 *
 * While assistive technology listens (gsk-layer-accessible-bus.c), a view
 * keeps one proxy widget (gsk-layer-accessible-proxy.c) for each layer of
 * its tree that has an accessible role, nested as the layers are: each is
 * a child of the proxy of its nearest accessible ancestor, or of the view,
 * in tree order, with the hosted widgets among them where their layers
 * are. Each sync, at the view's size_allocate (which every frame of the
 * tree queues while this is active), proxies are made for new accessible
 * layers and dropped for gone ones, given the layer's attributes when
 * they changed, and placed at the screen box of what the layer shows:
 * its bounds projected through every transform, clipped by its clipping
 * ancestors and the view. A layer that shows nothing (hidden, fully
 * transparent, clipped out, off the view, or its back turned and hidden)
 * is hidden from assistive technology (GTK_ACCESSIBLE_STATE_HIDDEN: GTK
 * 4.8 reports every widget it presents as visible).
 *
 * With no listener, nothing here runs and no proxy exists.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-view-accessible-private.h"
#include "gsk-layer-accessible-bus-private.h"
#include "gsk-layer-accessible-proxy-private.h"
#include "gsk-layer-accessible-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-input.h"
#include "gsk-layer-text.h"
#include "gsk-layer-widget.h"

struct _GskLayerViewAccessible
{
  GtkWidget *view;              /* unowned: it owns this */
  GPtrArray *hosts;             /* the view's */
  GskLayer *root;               /* unowned: the root of the last sync */
  /* The frame clock whose layout phase syncs, and the frame last synced */
  GdkFrameClock *clock;
  gulong layout_handler;
  gint64 synced_frame;
  gboolean sync_queued;
  /* A hosted widget changed parent in the sync: the view allocates it */
  gboolean hosts_moved;
  /* GskLayer → Entry, which holds the layer's proxy */
  GHashTable *proxies;
  guint sync_serial;
  /* Proxies were made or dropped: relations are replayed */
  gboolean proxies_changed;
  gboolean active;
};

typedef struct
{
  GskLayerAccessibleProxy *proxy;
  guint seen;
  /* What was last set on the proxy, to set only what changed */
  GArray *applied;              /* (kind << 16 | attribute) */
  char *default_label;
  int hidden;                   /* -1 before the first sync */
  gboolean has_relations;
  GtkAccessibleRole role;
  int focusable;                /* -1 before the first sync */
  gboolean has_click;
  cairo_rectangle_int_t allocated;
} Entry;

/* Every active one, for the core's change hook */
static GList *actives;

/* {{{ Entries */

static void
entry_free (Entry *entry)
{
  g_object_unref (entry->proxy);
  g_clear_pointer (&entry->applied, g_array_unref);
  g_free (entry->default_label);
  g_free (entry);
}

/* Takes the proxy out of the widget tree; hosted widgets within it go
 * back to the view first */
static void
drop_proxy (GskLayerViewAccessible  *self,
            GskLayerAccessibleProxy *proxy)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (proxy));

  while (child)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      if (GSK_IS_LAYER_ACCESSIBLE_PROXY (child))
        drop_proxy (self, GSK_LAYER_ACCESSIBLE_PROXY (child));
      else
        {
          g_object_ref (child);
          gtk_widget_unparent (child);
          gtk_widget_set_parent (child, self->view);
          g_object_unref (child);
        }
      child = next;
    }

  gsk_layer_accessible_proxy_forget (proxy);
  if (gtk_widget_get_parent (GTK_WIDGET (proxy)))
    gtk_widget_unparent (GTK_WIDGET (proxy));
  self->proxies_changed = TRUE;
}

static void
drop_all (GskLayerViewAccessible *self)
{
  GtkWidget *child = gtk_widget_get_first_child (self->view);

  while (child)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      if (GSK_IS_LAYER_ACCESSIBLE_PROXY (child))
        drop_proxy (self, GSK_LAYER_ACCESSIBLE_PROXY (child));
      child = next;
    }
  g_hash_table_remove_all (self->proxies);
}

/* }}} */
/* {{{ Attributes */

typedef struct
{
  GskLayerViewAccessible *self;
  Entry *entry;
  gboolean relations;           /* this pass sets relations, not the rest */
} Replay;

static GtkWidget *
accessible_of (GskLayerViewAccessible *self,
               GskLayer               *layer)
{
  if (GSK_IS_LAYER_WIDGET (layer))
    return gsk_layer_widget_get_widget (GSK_LAYER_WIDGET (layer));

  return gsk_layer_view_accessible_get_proxy (self, layer);
}

#define UPDATE(accessible, kind, attribute, v) \
  G_STMT_START { \
    if ((kind) == GSK_LAYER_ACCESSIBLE_PROPERTY) \
      gtk_accessible_update_property ((accessible), (attribute), (v), -1); \
    else if ((kind) == GSK_LAYER_ACCESSIBLE_STATE) \
      gtk_accessible_update_state ((accessible), (attribute), (v), -1); \
    else \
      gtk_accessible_update_relation ((accessible), (attribute), (v), -1); \
  } G_STMT_END

static void
replay_one (GskLayer               *layer,
            GskLayerAccessibleKind  kind,
            int                     attribute,
            const GValue           *value,
            GskLayer              **refs,
            guint                   n_refs,
            gpointer                data)
{
  Replay *r = data;
  GtkAccessible *accessible = GTK_ACCESSIBLE (r->entry->proxy);
  guint key = kind << 16 | attribute;

  if ((kind == GSK_LAYER_ACCESSIBLE_RELATION) != r->relations)
    return;

  /* GTK 4.8's *_value () forms read enumerations and tristates as ints,
   * though its *_init_value () types them as enumerations: the variadic
   * forms take each as the C type it is */
  if (value)
    {
      switch (G_TYPE_FUNDAMENTAL (G_VALUE_TYPE (value)))
        {
        case G_TYPE_BOOLEAN:
          UPDATE (accessible, kind, attribute, (int) g_value_get_boolean (value));
          break;
        case G_TYPE_INT:
          UPDATE (accessible, kind, attribute, g_value_get_int (value));
          break;
        case G_TYPE_ENUM:
          UPDATE (accessible, kind, attribute, g_value_get_enum (value));
          break;
        case G_TYPE_DOUBLE:
          UPDATE (accessible, kind, attribute, g_value_get_double (value));
          break;
        case G_TYPE_STRING:
          UPDATE (accessible, kind, attribute, g_value_get_string (value));
          break;
        default:
          g_warn_if_reached ();
          return;
        }
    }
  else
    {
      GValue v = G_VALUE_INIT;
      GList *list = NULL;

      gtk_accessible_relation_init_value (attribute, &v);
      for (guint i = n_refs; i-- > 0; )
        {
          GtkWidget *target = accessible_of (r->self, refs[i]);

          if (target)
            list = g_list_prepend (list, target);
        }
      if (gsk_layer_accessible_relation_refs (attribute) == 1)
        {
          g_value_set_object (&v, list ? list->data : NULL);
          g_list_free (list);
        }
      else
        /* GTK takes the list */
        g_value_set_pointer (&v, list);
      if (G_VALUE_HOLDS_OBJECT (&v) ? g_value_get_object (&v) != NULL : list != NULL)
        gtk_accessible_update_relation_value (accessible, 1, (GtkAccessibleRelation[]) { attribute }, &v);
      else
        gtk_accessible_reset_relation (accessible, attribute);
      g_value_unset (&v);
    }

  g_array_append_val (r->entry->applied, key);
}

/* Gives the proxy the layer's attributes, unsetting those it lost */
static void
replay (GskLayerViewAccessible *self,
        GskLayer               *layer,
        Entry                  *entry,
        gboolean                relations)
{
  GtkAccessible *accessible = GTK_ACCESSIBLE (entry->proxy);
  Replay r = { self, entry, relations };
  guint i = 0;

  /* Unset what this pass sets, then set what there is */
  while (i < entry->applied->len)
    {
      guint key = g_array_index (entry->applied, guint, i);
      GskLayerAccessibleKind kind = key >> 16;
      int attribute = key & 0xffff;

      if ((kind == GSK_LAYER_ACCESSIBLE_RELATION) != relations)
        {
          i++;
          continue;
        }
      if (kind == GSK_LAYER_ACCESSIBLE_PROPERTY)
        gtk_accessible_reset_property (accessible, attribute);
      else if (kind == GSK_LAYER_ACCESSIBLE_STATE)
        gtk_accessible_reset_state (accessible, attribute);
      else
        gtk_accessible_reset_relation (accessible, attribute);
      g_array_remove_index (entry->applied, i);
    }

  gsk_layer_accessible_foreach (layer, replay_one, &r);
}

/* A text layer is named after its text, unless it has a label */
static void
update_default_label (Entry    *entry,
                      GskLayer *layer)
{
  const char *label = NULL;

  if (GSK_IS_LAYER_TEXT (layer) && gsk_layer_get_accessible_label (layer) == NULL)
    label = gsk_layer_text_get_text (GSK_LAYER_TEXT (layer));

  if (g_strcmp0 (label, entry->default_label) == 0)
    return;

  g_free (entry->default_label);
  entry->default_label = g_strdup (label);
  /* An explicit label replays after this, and wins */
  if (label)
    gtk_accessible_update_property (GTK_ACCESSIBLE (entry->proxy), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  else if (gsk_layer_get_accessible_label (layer) == NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (entry->proxy), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static void
find_relation (GskLayer               *layer,
               GskLayerAccessibleKind  kind,
               int                     attribute,
               const GValue           *value,
               GskLayer              **refs,
               guint                   n_refs,
               gpointer                data)
{
  if (kind == GSK_LAYER_ACCESSIBLE_RELATION && value == NULL)
    *(gboolean *) data = TRUE;
}

/* }}} */
/* {{{ The walk */

/* What an accessible layer is: its role, else a focusable layer is a
 * widget (GTK's role for what it cannot name better) */
static GtkAccessibleRole
role_of (GskLayer *layer)
{
  GtkAccessibleRole role = gsk_layer_get_accessible_role (layer);

  if (role == GTK_ACCESSIBLE_ROLE_NONE && !gsk_layer_accessible_role_is_set (layer) &&
      gsk_layer_get_focusable (layer))
    return GTK_ACCESSIBLE_ROLE_WIDGET;

  return role;
}

typedef struct
{
  GskLayerViewAccessible *self;
  GPtrArray *hosts;
  graphene_rect_t view;
} Walk;

typedef struct
{
  GskLayerViewAccessible *self;
  GtkWidget *widget;            /* the view or a proxy */
  GPtrArray *children;          /* widgets, in tree order */
} Container;

/* The layer's box on screen, unclipped: its bounds projected, or for a
 * layer of no size, the box its subtree drew in the last frame */
static gboolean
screen_box (GskLayer        *layer,
            graphene_rect_t *box)
{
  GskLayerPrivate *priv = gsk_layer_get_private (layer);

  if (priv->size.width > 0 && priv->size.height > 0)
    {
      /* The world matrix, cached along the walk down the tree */
      gsk_layer_update_world (layer);
      if (priv->world_singular)
        return FALSE;
      return gsk_layer_project_rect (&priv->world, &GRAPHENE_RECT_INIT (0, 0, priv->size.width, priv->size.height),
                                     box, NULL, NULL);
    }

  if (!priv->bounds_valid || priv->subtree_bounds.x0 >= priv->subtree_bounds.x1 ||
      priv->subtree_bounds.y0 >= priv->subtree_bounds.y1)
    return FALSE;

  graphene_rect_init (box, priv->subtree_bounds.x0, priv->subtree_bounds.y0,
                      priv->subtree_bounds.x1 - priv->subtree_bounds.x0,
                      priv->subtree_bounds.y1 - priv->subtree_bounds.y0);
  return TRUE;
}

static Entry *
ensure_entry (GskLayerViewAccessible *self,
              GskLayer               *layer,
              GtkAccessibleRole       role)
{
  Entry *entry = g_hash_table_lookup (self->proxies, layer);

  if (entry && gsk_layer_accessible_proxy_get_layer (entry->proxy) == layer && entry->role == role)
    return entry;

  /* Gone (another layer took its address), or its role changed */
  if (entry)
    {
      drop_proxy (self, entry->proxy);
      g_hash_table_remove (self->proxies, layer);
    }

  entry = g_new0 (Entry, 1);
  entry->proxy = GSK_LAYER_ACCESSIBLE_PROXY (gsk_layer_accessible_proxy_new (layer, role));
  entry->applied = g_array_new (FALSE, FALSE, sizeof (guint));
  entry->hidden = -1;
  entry->focusable = -1;
  entry->role = role;
  entry->allocated.width = -1;
  /* Kept alive while in the table, whoever its parent */
  g_object_ref_sink (entry->proxy);
  g_hash_table_insert (self->proxies, layer, entry);
  self->proxies_changed = TRUE;

  return entry;
}

/* Most accessible layers hold none: the array comes with the first */
static inline void
add_child (Container *container,
           GtkWidget *child)
{
  if (container->children == NULL)
    container->children = g_ptr_array_new ();
  g_ptr_array_add (container->children, child);
}

/* Puts @container's children in the order of the walk; other children
 * stay after them (dropped at the end of the sync, if stale) */
static void
order_children (Container *container)
{
  GtkWidget *prev = NULL;

  if (container->children == NULL)
    return;

  for (guint i = 0; i < container->children->len; i++)
    {
      GtkWidget *child = g_ptr_array_index (container->children, i);

      if (gtk_widget_get_parent (child) != container->widget)
        {
          if (!GSK_IS_LAYER_ACCESSIBLE_PROXY (child))
            container->self->hosts_moved = TRUE;
          else
            {
              /* A new parent queues a resize: measured again */
              Entry *entry = g_hash_table_lookup (container->self->proxies,
                                                  gsk_layer_accessible_proxy_get_layer (GSK_LAYER_ACCESSIBLE_PROXY (child)));

              if (entry && entry->proxy == (GskLayerAccessibleProxy *) child)
                entry->allocated.width = -1;
            }
          g_object_ref (child);
          if (gtk_widget_get_parent (child))
            gtk_widget_unparent (child);
          gtk_widget_insert_after (child, container->widget, prev);
          g_object_unref (child);
        }
      else if (gtk_widget_get_prev_sibling (child) != prev)
        gtk_widget_insert_after (child, container->widget, prev);
      prev = child;
    }
}

static void
visit (Walk                  *walk,
       GskLayer              *layer,
       Container             *container,
       const graphene_rect_t *clip,
       float                  alpha,
       gboolean               shown)
{
  GskLayerViewAccessible *self = walk->self;
  GskLayerPrivate *priv = gsk_layer_get_private (layer);
  GtkAccessibleRole role;
  graphene_rect_t box, child_clip = *clip;
  gboolean has_box = FALSE;
  Container own = { self, NULL, NULL }, *inner = container;

  shown = shown && priv->visible && !(priv->backface_hidden && gsk_layer_shows_back (layer));
  alpha *= CLAMP (priv->opacity, 0.f, 1.f);

  /* A hosted widget is its own accessible */
  if (GSK_IS_LAYER_WIDGET (layer) && g_ptr_array_find (walk->hosts, layer, NULL))
    {
      add_child (container, gsk_layer_widget_get_widget (GSK_LAYER_WIDGET (layer)));
      role = GTK_ACCESSIBLE_ROLE_NONE;
    }
  else
    role = role_of (layer);

  if (role != GTK_ACCESSIBLE_ROLE_NONE && role != GTK_ACCESSIBLE_ROLE_PRESENTATION)
    {
      Entry *entry = ensure_entry (self, layer, role);
      cairo_rectangle_int_t rect = { 0, 0, 0, 0 };
      gboolean hidden;
      guint age;

      entry->seen = self->sync_serial;
      has_box = screen_box (layer, &box);
      if (has_box)
        {
          graphene_rect_t visible;

          has_box = graphene_rect_intersection (&box, clip, &visible) &&
                    graphene_rect_intersection (&visible, &walk->view, &visible) &&
                    visible.size.width > 0 && visible.size.height > 0;
          if (has_box)
            {
              rect.x = floorf (visible.origin.x);
              rect.y = floorf (visible.origin.y);
              rect.width = ceilf (visible.origin.x + visible.size.width) - rect.x;
              rect.height = ceilf (visible.origin.y + visible.size.height) - rect.y;
            }
        }
      gsk_layer_accessible_proxy_set_box (entry->proxy, &rect);

      hidden = !(shown && alpha > 0 && has_box);
      if ((int) hidden != entry->hidden)
        {
          entry->hidden = hidden;
          gtk_accessible_update_state (GTK_ACCESSIBLE (entry->proxy), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
        }

      /* Set only on change: this runs for every layer every frame */
      if (entry->focusable != (int) gsk_layer_get_focusable (layer))
        {
          entry->focusable = gsk_layer_get_focusable (layer);
          gtk_widget_set_focusable (GTK_WIDGET (entry->proxy), entry->focusable);
        }
      entry->has_click = gsk_layer_accessible_proxy_update_actions (entry->proxy, entry->has_click);
      if (entry->default_label || GSK_IS_LAYER_TEXT (layer))
        update_default_label (entry, layer);
      age = gsk_layer_accessible_get_age (layer);
      if (age != gsk_layer_accessible_proxy_get_age (entry->proxy))
        {
          gboolean relations = FALSE;

          replay (self, layer, entry, FALSE);
          gsk_layer_accessible_foreach (layer, find_relation, &relations);
          entry->has_relations = relations;
          /* Relations replay once every proxy of the walk exists */
          self->proxies_changed |= relations;
          gsk_layer_accessible_proxy_set_age (entry->proxy, age);
        }

      add_child (container, GTK_WIDGET (entry->proxy));
      own.widget = GTK_WIDGET (entry->proxy);
      inner = &own;
    }

  if (priv->clip_to_bounds)
    {
      if (!has_box && !screen_box (layer, &box))
        graphene_rect_init (&box, 0, 0, 0, 0);
      if (!graphene_rect_intersection (&child_clip, &box, &child_clip))
        graphene_rect_init (&child_clip, 0, 0, 0, 0);
    }

  /* (This runs for every layer every frame: the tree's fields, not its
   * checked getters) */
  for (GskLayer *child = priv->first_child; child; child = gsk_layer_get_private (child)->next_sibling)
    visit (walk, child, inner, &child_clip, alpha, shown);

  if (own.widget)
    {
      order_children (&own);
      g_clear_pointer (&own.children, g_ptr_array_unref);
    }
}

/* Proxies at their boxes, top down: a proxy's allocation is relative to
 * its parent's */
static void
allocate_proxies (GskLayerViewAccessible *self,
                  GtkWidget              *parent,
                  int                     origin_x,
                  int                     origin_y,
                  gboolean                moved)
{
  for (GtkWidget *child = gtk_widget_get_first_child (parent); child; child = gtk_widget_get_next_sibling (child))
    {
      GskLayerAccessibleProxy *proxy;
      cairo_rectangle_int_t box;
      Entry *entry;
      int min, nat;

      if (!GSK_IS_LAYER_ACCESSIBLE_PROXY (child))
        continue;

      proxy = GSK_LAYER_ACCESSIBLE_PROXY (child);
      gsk_layer_accessible_proxy_get_box (proxy, &box);
      entry = g_hash_table_lookup (self->proxies, gsk_layer_accessible_proxy_get_layer (proxy));
      /* Where nothing moved, GTK keeps the last allocation */
      if (moved || entry == NULL || entry->proxy != proxy ||
          memcmp (&entry->allocated, &box, sizeof box) != 0)
        {
          /* GTK wants a widget measured before it is allocated; a proxy
           * asks for nothing, and once measured it stays so (nothing
           * of it queues a resize but a new parent or a hosted child) */
          if (entry == NULL || entry->proxy != proxy || entry->allocated.width < 0 ||
              gtk_widget_get_first_child (child) != NULL)
            {
              gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
              gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
            }
          gtk_widget_allocate (child, box.width, box.height, -1,
                               gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (box.x - origin_x,
                                                                                    box.y - origin_y)));
          if (entry && entry->proxy == proxy)
            entry->allocated = box;
          /* Its children are placed from its corner */
          allocate_proxies (self, child, box.x, box.y, TRUE);
        }
      else
        allocate_proxies (self, child, box.x, box.y, FALSE);
    }
}

static void
replay_relations (GskLayerViewAccessible *self)
{
  GHashTableIter iter;
  gpointer layer, value;

  g_hash_table_iter_init (&iter, self->proxies);
  while (g_hash_table_iter_next (&iter, &layer, &value))
    {
      Entry *entry = value;

      if (entry->has_relations && gsk_layer_accessible_proxy_get_layer (entry->proxy) == layer)
        replay (self, layer, entry, TRUE);
    }
}

void
gsk_layer_view_accessible_sync (GskLayerViewAccessible *self,
                                GskLayer               *root,
                                int                     width,
                                int                     height)
{
  Walk walk = { self, self->hosts, GRAPHENE_RECT_INIT (0, 0, width, height) };
  Container top = { self, self->view, NULL };
  graphene_rect_t everywhere = GRAPHENE_RECT_INIT (-1e9f, -1e9f, 2e9f, 2e9f);
  GHashTableIter iter;
  gpointer layer, value;

  self->root = root;
  self->sync_queued = FALSE;
  if (self->clock)
    self->synced_frame = gdk_frame_clock_get_frame_counter (self->clock);
  if (!self->active || root == NULL)
    {
      if (g_hash_table_size (self->proxies) > 0)
        drop_all (self);
      return;
    }

  if (++self->sync_serial == 0)
    self->sync_serial = 2;

  top.children = g_ptr_array_new ();
  visit (&walk, root, &top, &everywhere, 1.f, TRUE);
  order_children (&top);
  g_ptr_array_unref (top.children);

  /* Proxies of layers that left the tree, lost their role or died */
  g_hash_table_iter_init (&iter, self->proxies);
  while (g_hash_table_iter_next (&iter, &layer, &value))
    {
      Entry *entry = value;

      if (entry->seen != self->sync_serial || gsk_layer_accessible_proxy_get_layer (entry->proxy) != layer)
        {
          drop_proxy (self, entry->proxy);
          g_hash_table_iter_remove (&iter);
        }
    }

  if (self->proxies_changed)
    {
      self->proxies_changed = FALSE;
      replay_relations (self);
    }

  allocate_proxies (self, self->view, 0, 0, FALSE);
  /* The focus layer may have got its proxy only now */
  gsk_layer_view_accessible_follow_focus (self, gsk_layer_get_focus (root));
}

static void
on_layout (GdkFrameClock          *clock,
           GskLayerViewAccessible *self)
{
  /* GTK's layout ran first (its handler is older): where it allocated
   * the view, the proxies are synced already */
  if (!self->sync_queued || !self->active ||
      gdk_frame_clock_get_frame_counter (clock) == self->synced_frame)
    return;

  self->hosts_moved = FALSE;
  gsk_layer_view_accessible_sync (self, self->root, gtk_widget_get_width (self->view),
                                  gtk_widget_get_height (self->view));
  if (self->hosts_moved)
    gtk_widget_queue_allocate (self->view);
}

void
gsk_layer_view_accessible_queue_sync (GskLayerViewAccessible *self)
{
  if (!self->active || self->sync_queued)
    return;

  self->sync_queued = TRUE;
  if (self->clock)
    gdk_frame_clock_request_phase (self->clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
  else
    gtk_widget_queue_allocate (self->view);
}

void
gsk_layer_view_accessible_realize (GskLayerViewAccessible *self)
{
  self->clock = g_object_ref (gtk_widget_get_frame_clock (self->view));
  self->layout_handler = g_signal_connect (self->clock, "layout", G_CALLBACK (on_layout), self);
}

void
gsk_layer_view_accessible_unrealize (GskLayerViewAccessible *self)
{
  if (self->clock)
    g_clear_signal_handler (&self->layout_handler, self->clock);
  g_clear_object (&self->clock);
}

/* }}} */
/* {{{ Focus */

void
gsk_layer_view_accessible_follow_focus (GskLayerViewAccessible *self,
                                        GskLayer               *focus)
{
  GtkRoot *root = gtk_widget_get_root (self->view);
  GtkWidget *current = root ? gtk_root_get_focus (root) : NULL;
  GtkWidget *target;

  if (!self->active || current == NULL)
    return;
  /* Only when the keys are the layers': the view's or a proxy's */
  if (current != self->view &&
      !(GSK_IS_LAYER_ACCESSIBLE_PROXY (current) && gtk_widget_is_ancestor (current, self->view)))
    return;

  target = focus ? gsk_layer_view_accessible_get_proxy (self, focus) : NULL;
  if (target == NULL || !gtk_widget_get_focusable (target))
    target = self->view;
  if (target != current)
    gtk_widget_grab_focus (target);
}

/* }}} */
/* {{{ Life */

static void
on_listening_changed (gpointer data)
{
  GskLayerViewAccessible *self = data;
  gboolean active = gsk_layer_accessible_bus_is_listening ();

  if (active == self->active)
    return;

  self->active = active;
  if (active)
    actives = g_list_prepend (actives, self);
  else
    actives = g_list_remove (actives, self);
  gtk_widget_queue_allocate (self->view);
}

/* A layer's role or attributes changed: its view syncs */
static void
on_layer_changed (GskLayer *layer)
{
  GskLayer *root = gsk_layer_get_root (layer);

  for (GList *l = actives; l != NULL; l = l->next)
    {
      GskLayerViewAccessible *self = l->data;

      if (self->root == root)
        gsk_layer_view_accessible_queue_sync (self);
    }
}

GskLayerViewAccessible *
gsk_layer_view_accessible_new (GtkWidget *view,
                               GPtrArray *hosts)
{
  GskLayerViewAccessible *self = g_new0 (GskLayerViewAccessible, 1);

  self->view = view;
  self->hosts = hosts;
  self->synced_frame = -1;
  self->proxies = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) entry_free);
  gsk_layer_accessible_changed_hook = on_layer_changed;
  gsk_layer_accessible_bus_watch (on_listening_changed, self);
  on_listening_changed (self);

  return self;
}

void
gsk_layer_view_accessible_free (GskLayerViewAccessible *self)
{
  gsk_layer_accessible_bus_unwatch (on_listening_changed, self);
  gsk_layer_view_accessible_unrealize (self);
  actives = g_list_remove (actives, self);
  drop_all (self);
  g_hash_table_unref (self->proxies);
  g_free (self);
}

gboolean
gsk_layer_view_accessible_is_active (GskLayerViewAccessible *self)
{
  return self->active;
}

GtkWidget *
gsk_layer_view_accessible_get_proxy (GskLayerViewAccessible *self,
                                     GskLayer               *layer)
{
  Entry *entry = g_hash_table_lookup (self->proxies, layer);

  if (entry == NULL || gsk_layer_accessible_proxy_get_layer (entry->proxy) != layer)
    return NULL;

  return GTK_WIDGET (entry->proxy);
}

/* }}} */
