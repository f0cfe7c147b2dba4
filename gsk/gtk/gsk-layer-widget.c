/* gsk-layer-widget.c: a layer that hosts a GTK widget
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-widget-private.h"
#include "gsk-layer-private.h"

/**
 * GskLayerWidget:
 *
 * A layer that shows a real GTK widget: the widget in a scene graph.
 *
 * Once the layer is in the tree of a [class@LayerView], its widget is a
 * child of the view: styled by GTK's CSS, focusable (Tab reaches it in
 * the tree's order), accessible, with its own animations and states
 * (hover, pressed) live. It is drawn as the layer's content, so it takes
 * the layer's full 3D transform, opacity and clips, in the tree's paint
 * order: layers above it cover it, its children included.
 *
 * Input reaches it exactly through any transform, perspective included:
 * a click lands in the widget where the pointer is on its drawn
 * picture. (GTK 4.8 maps points into a child through a perspective
 * transform wrongly; the view gives the widget the transform's tangent
 * at the pointer, which is exact there, before GTK picks.)
 *
 * The layer's size is the widget's natural size until the application
 * sets a size; the widget is then given that size, but never less than
 * its minimum.
 *
 * Since: 0.1
 */
struct _GskLayerWidget
{
  GskLayer parent_instance;

  GtkWidget *widget;
  GskRenderNode *node;
  /* Where the widget's own origin (its content box) is in the layer,
   * whose origin is the widget's margin box */
  graphene_point_t node_origin;
  /* The size is the widget's until the application sets one; the last
   * size the layer gave itself tells its own notifications (which may
   * come late, queued while notifications were frozen) from others */
  gboolean size_is_widgets;
  graphene_size_t own_size;
};

enum {
  PROP_0,
  PROP_WIDGET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static GList *alive;
static guint n_alive;

G_DEFINE_FINAL_TYPE (GskLayerWidget, gsk_layer_widget, GSK_TYPE_LAYER)

static void
gsk_layer_widget_draw (GskLayer *layer,
                       cairo_t  *cr)
{
  GskLayerWidget *self = GSK_LAYER_WIDGET (layer);

  if (self->node == NULL)
    return;

  cairo_translate (cr, self->node_origin.x, self->node_origin.y);
  gsk_render_node_draw (self->node, cr);
}

static void
on_size_notify (GskLayerWidget *self)
{
  graphene_size_t size;

  gsk_layer_get_size (GSK_LAYER (self), &size);
  if (!graphene_size_equal (&size, &self->own_size))
    self->size_is_widgets = FALSE;
}

static void
gsk_layer_widget_dispose (GObject *object)
{
  GskLayerWidget *self = GSK_LAYER_WIDGET (object);

  if (self->widget)
    {
      /* A view that hosted it lets it go with the layer */
      if (gtk_widget_get_parent (self->widget))
        gtk_widget_unparent (self->widget);
      g_clear_object (&self->widget);
    }
  g_clear_pointer (&self->node, gsk_render_node_unref);

  G_OBJECT_CLASS (gsk_layer_widget_parent_class)->dispose (object);
}

static void
gsk_layer_widget_finalize (GObject *object)
{
  alive = g_list_remove (alive, object);
  n_alive--;

  G_OBJECT_CLASS (gsk_layer_widget_parent_class)->finalize (object);
}

static void
gsk_layer_widget_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GskLayerWidget *self = GSK_LAYER_WIDGET (object);

  switch (prop_id)
    {
    case PROP_WIDGET:
      g_value_set_object (value, self->widget);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_widget_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GskLayerWidget *self = GSK_LAYER_WIDGET (object);

  switch (prop_id)
    {
    case PROP_WIDGET:
      self->widget = g_value_get_object (value);
      if (self->widget)
        {
          int w, h;

          g_object_ref_sink (self->widget);
          /* Its natural size from the start, as the view gives it */
          gtk_widget_measure (self->widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
          gtk_widget_measure (self->widget, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
          gsk_layer_widget_follow_size (self, &GRAPHENE_SIZE_INIT (w, h));
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The widget's size request, as GTK measures it (its margins included):
 * what a layout manager gives a layer that hosts it */
static void
gsk_layer_widget_measure (GskLayer            *layer,
                          GskLayerOrientation  orientation,
                          float                for_size,
                          float               *minimum,
                          float               *natural)
{
  GskLayerWidget *self = GSK_LAYER_WIDGET (layer);
  int min = 0, nat = 0;

  if (self->widget != NULL)
    gtk_widget_measure (self->widget,
                        orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? GTK_ORIENTATION_HORIZONTAL
                                                                        : GTK_ORIENTATION_VERTICAL,
                        for_size >= 0 ? (int) ceilf (for_size) : -1, &min, &nat, NULL, NULL);
  *minimum = min;
  *natural = nat;
}

static void
gsk_layer_widget_class_init (GskLayerWidgetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerClass *layer_class = GSK_LAYER_CLASS (klass);

  object_class->dispose = gsk_layer_widget_dispose;
  object_class->finalize = gsk_layer_widget_finalize;
  object_class->get_property = gsk_layer_widget_get_property;
  object_class->set_property = gsk_layer_widget_set_property;
  layer_class->draw = gsk_layer_widget_draw;
  layer_class->measure = gsk_layer_widget_measure;

  /**
   * GskLayerWidget:widget:
   *
   * The hosted widget, set once at construction. It must not have a
   * parent: the view that shows the layer becomes its parent.
   *
   * Since: 0.1
   */
  properties[PROP_WIDGET] =
    g_param_spec_object ("widget", NULL, "The hosted widget, set once at construction",
                         GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_widget_init (GskLayerWidget *self)
{
  self->size_is_widgets = TRUE;
  g_signal_connect (self, "notify::size", G_CALLBACK (on_size_notify), NULL);
  alive = g_list_append (alive, self);
  n_alive++;
}

/**
 * gsk_layer_widget_new:
 * @widget: a widget without a parent
 *
 * Creates a layer that hosts @widget. The layer holds a reference to
 * it (sinking a floating one).
 *
 * Returns: the new layer
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_widget_new (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (gtk_widget_get_parent (widget) == NULL, NULL);
  g_return_val_if_fail (!GTK_IS_ROOT (widget), NULL);

  return g_object_new (GSK_TYPE_LAYER_WIDGET, "widget", widget, NULL);
}

/**
 * gsk_layer_widget_get_widget:
 * @self: a widget layer
 *
 * Gets the widget @self hosts, given when it was created: see
 * [property@LayerWidget:widget]. While the layer is in the tree of a
 * [class@LayerView], the view is the widget's parent.
 *
 * Returns: (transfer none): the hosted widget
 *
 * Since: 0.1
 */
GtkWidget *
gsk_layer_widget_get_widget (GskLayerWidget *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_WIDGET (self), NULL);

  return self->widget;
}

const GList *
gsk_layer_widget_get_all (void)
{
  return alive;
}

guint
gsk_layer_widget_get_n_alive (void)
{
  return n_alive;
}

void
gsk_layer_widget_set_node (GskLayerWidget         *self,
                           GskRenderNode          *node,
                           const graphene_point_t *origin)
{
  if (self->node == node && graphene_point_equal (&self->node_origin, origin))
    return;

  g_clear_pointer (&self->node, gsk_render_node_unref);
  self->node = node ? gsk_render_node_ref (node) : NULL;
  self->node_origin = *origin;
  gsk_layer_invalidate_content (GSK_LAYER (self));
}

void
gsk_layer_widget_follow_size (GskLayerWidget        *self,
                              const graphene_size_t *size)
{
  if (!self->size_is_widgets)
    return;

  self->own_size = *size;
  gsk_layer_set_natural_size (GSK_LAYER (self), size);
}
