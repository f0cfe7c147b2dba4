/* gsk-layer-accessible-proxy.c: the widget that stands for an accessible
 * layer before assistive technology
 *
 * GTK 4.8 lets no object but a widget be accessible, so a view shows each
 * accessible layer of its tree as one of these (gsk-layer-view-accessible.c):
 * a widget with the layer's role, properties, states and relations,
 * allocated where the layer shows on screen, neither drawn nor picked,
 * and taking the keyboard focus only when the view gives it the focus
 * layer's. Its one action, "click", fires the layer's click gesture as
 * a pointer click would.
 *
 * With GTK 4.10's public GtkAccessible interface, the layers' accessible
 * objects could be made without widgets; this file and the widget tree
 * it makes are what that would replace.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-accessible-proxy-private.h"
#include "gsk-layer-click-gesture.h"
#include "gsk-layer-click-gesture-private.h"
#include "gsk-layer-event-controller-private.h"

struct _GskLayerAccessibleProxy
{
  GtkWidget parent_instance;

  GskLayer *layer;              /* weak */
  guint age;
  cairo_rectangle_int_t box;
};

G_DEFINE_FINAL_TYPE (GskLayerAccessibleProxy, gsk_layer_accessible_proxy, GTK_TYPE_WIDGET)

static void
gsk_layer_accessible_proxy_dispose (GObject *object)
{
  GskLayerAccessibleProxy *self = GSK_LAYER_ACCESSIBLE_PROXY (object);
  GtkWidget *child;

  gsk_layer_accessible_proxy_forget (self);
  /* Hosted widgets are moved out before; nested proxies go with it */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (gsk_layer_accessible_proxy_parent_class)->dispose (object);
}

/* Never drawn: what it stands for is in the layer tree's picture */
static void
gsk_layer_accessible_proxy_snapshot (GtkWidget   *widget,
                                     GtkSnapshot *snapshot)
{
}

static void
gsk_layer_accessible_proxy_measure (GtkWidget      *widget,
                                    GtkOrientation  orientation,
                                    int             for_size,
                                    int            *minimum,
                                    int            *natural,
                                    int            *minimum_baseline,
                                    int            *natural_baseline)
{
  *minimum = *natural = 0;
}

/* Never picked itself; hosted widgets within it are */
static gboolean
gsk_layer_accessible_proxy_contains (GtkWidget *widget,
                                     double     x,
                                     double     y)
{
  return FALSE;
}

/* GTK's focus chain does not stop here: the view moves the focus among
 * layers, and gives it to the proxy of the focus layer. Within a hosted
 * widget it holds, Tab moves as the widget wants. */
static gboolean
gsk_layer_accessible_proxy_focus (GtkWidget        *widget,
                                  GtkDirectionType  direction)
{
  GtkWidget *focus_child = gtk_widget_get_focus_child (widget);

  return focus_child != NULL && gtk_widget_child_focus (focus_child, direction);
}

static GskLayerClickGesture *
find_click (GskLayerAccessibleProxy *self)
{
  GPtrArray *controllers = self->layer ? gsk_layer_peek_controllers (self->layer) : NULL;

  if (controllers == NULL)
    return NULL;

  for (guint i = 0; i < controllers->len; i++)
    if (GSK_IS_LAYER_CLICK_GESTURE (g_ptr_array_index (controllers, i)))
      return g_ptr_array_index (controllers, i);

  return NULL;
}

static void
click (GtkWidget  *widget,
       const char *action_name,
       GVariant   *parameter)
{
  GskLayerAccessibleProxy *self = GSK_LAYER_ACCESSIBLE_PROXY (widget);
  GskLayerClickGesture *gesture = find_click (self);

  if (gesture)
    gsk_layer_click_gesture_activate (gesture);
}

static void
gsk_layer_accessible_proxy_class_init (GskLayerAccessibleProxyClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gsk_layer_accessible_proxy_dispose;
  widget_class->snapshot = gsk_layer_accessible_proxy_snapshot;
  widget_class->measure = gsk_layer_accessible_proxy_measure;
  widget_class->contains = gsk_layer_accessible_proxy_contains;
  widget_class->focus = gsk_layer_accessible_proxy_focus;

  /* What AT-SPI's Action interface offers, as GtkButton's "click" */
  gtk_widget_class_install_action (widget_class, "click", NULL, click);
}

static void
gsk_layer_accessible_proxy_init (GskLayerAccessibleProxy *self)
{
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), FALSE);
  /* Until the view finds a click gesture on the layer */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "click", FALSE);
}

GtkWidget *
gsk_layer_accessible_proxy_new (GskLayer          *layer,
                                GtkAccessibleRole  role)
{
  GskLayerAccessibleProxy *self;

  /* The role of a widget is fixed once assistive technology saw it:
   * another role is another proxy */
  self = g_object_new (GSK_TYPE_LAYER_ACCESSIBLE_PROXY, "accessible-role", role, NULL);
  self->layer = layer;
  g_object_add_weak_pointer (G_OBJECT (layer), (gpointer *) &self->layer);

  return GTK_WIDGET (self);
}

GskLayer *
gsk_layer_accessible_proxy_get_layer (GskLayerAccessibleProxy *self)
{
  return self->layer;
}

void
gsk_layer_accessible_proxy_forget (GskLayerAccessibleProxy *self)
{
  if (self->layer)
    g_object_remove_weak_pointer (G_OBJECT (self->layer), (gpointer *) &self->layer);
  self->layer = NULL;
}

/* "click" is offered while the layer has a click gesture: returns
 * whether it has one, setting the action's state if that changed from
 * @had */
gboolean
gsk_layer_accessible_proxy_update_actions (GskLayerAccessibleProxy *self,
                                           gboolean                 had)
{
  gboolean has = find_click (self) != NULL;

  if (has != had)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "click", has);

  return has;
}

guint
gsk_layer_accessible_proxy_get_age (GskLayerAccessibleProxy *self)
{
  return self->age;
}

void
gsk_layer_accessible_proxy_set_age (GskLayerAccessibleProxy *self,
                                    guint                    age)
{
  self->age = age;
}

void
gsk_layer_accessible_proxy_get_box (GskLayerAccessibleProxy *self,
                                    cairo_rectangle_int_t   *box)
{
  *box = self->box;
}

void
gsk_layer_accessible_proxy_set_box (GskLayerAccessibleProxy     *self,
                                    const cairo_rectangle_int_t *box)
{
  self->box = *box;
}
