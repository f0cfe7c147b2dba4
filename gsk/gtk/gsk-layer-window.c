/* gsk-layer-window.c: a top-level window that is a layer tree
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-window.h"
#include "gsk-layer.h"
#include "gsk-layer-private.h"

/**
 * GskLayerWindow:
 *
 * A window whose content is a layer tree: what a Clutter program's stage
 * was, in one call.
 *
 * ```c
 * GskLayer *root = gsk_layer_new ();
 * GtkWidget *window = gsk_layer_window_new (root);
 *
 * gtk_window_present (GTK_WINDOW (window));
 * ```
 *
 * The window holds a [class@LayerView] of the root, which follows the
 * window's size; it opens at the root's size if the root has one. It is
 * an ordinary `GtkWindow` otherwise: give it a title, add it to a
 * `GtkApplication`, close it.
 *
 * Since: 0.1
 */
struct _GskLayerWindow
{
  GtkWindow parent_instance;

  GskLayerView *view;
};

enum {
  PROP_0,
  PROP_ROOT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerWindow, gsk_layer_window, GTK_TYPE_WINDOW)

static void
set_root (GskLayerWindow *self,
          GskLayer       *root)
{
  graphene_size_t size = { 0, 0 };

  gsk_layer_view_set_root (self->view, root);
  if (root)
    gsk_layer_get_size (root, &size);
  if (size.width >= 1 && size.height >= 1)
    gtk_window_set_default_size (GTK_WINDOW (self),
                                 MIN ((int) ceilf (size.width), GSK_LAYER_MAX_SURFACE_SIZE),
                                 MIN ((int) ceilf (size.height), GSK_LAYER_MAX_SURFACE_SIZE));
}

static void
gsk_layer_window_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GskLayerWindow *self = GSK_LAYER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_ROOT:
      g_value_set_object (value, gsk_layer_view_get_root (self->view));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_window_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GskLayerWindow *self = GSK_LAYER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_ROOT:
      set_root (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_window_class_init (GskLayerWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gsk_layer_window_get_property;
  object_class->set_property = gsk_layer_window_set_property;

  /**
   * GskLayerWindow:root:
   *
   * The top-level layer the window shows, set at construction.
   *
   * Since: 0.1
   */
  properties[PROP_ROOT] =
    g_param_spec_object ("root", NULL, "The top-level layer the window shows, set at construction",
                         GSK_TYPE_LAYER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_window_init (GskLayerWindow *self)
{
  self->view = GSK_LAYER_VIEW (gsk_layer_view_new (NULL));
  gtk_window_set_child (GTK_WINDOW (self), GTK_WIDGET (self->view));
}

/**
 * gsk_layer_window_new:
 * @root: a layer without a parent
 *
 * Creates a window that shows @root, sized to @root's size.
 *
 * Returns: the new window
 *
 * Since: 0.1
 */
GtkWidget *
gsk_layer_window_new (GskLayer *root)
{
  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);
  g_return_val_if_fail (gsk_layer_is_top_level (root), NULL);

  return g_object_new (GSK_TYPE_LAYER_WINDOW, "root", root, NULL);
}

/**
 * gsk_layer_window_get_root:
 * @self: a layer window
 *
 * Gets the top-level layer @self shows: the root of its view (see
 * [method@LayerWindow.get_view]), which is the one given to
 * [ctor@LayerWindow.new] unless the view was given another.
 *
 * Returns: (transfer none) (nullable): the top-level layer the window
 *   shows, or %NULL if its view shows none
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_window_get_root (GskLayerWindow *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_WINDOW (self), NULL);

  return gsk_layer_view_get_root (self->view);
}

/**
 * gsk_layer_window_get_view:
 * @self: a layer window
 *
 * Gets the [class@LayerView] that fills @self and shows its root. The
 * window made it, and it is the window's child.
 *
 * Returns: (transfer none): the view that fills the window
 *
 * Since: 0.1
 */
GskLayerView *
gsk_layer_window_get_view (GskLayerWindow *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_WINDOW (self), NULL);

  return self->view;
}
