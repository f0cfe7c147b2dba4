/* gsk-layer-view-drop.c: data dragged onto a view, for its layers' drop
 * targets
 *
 * GTK's drags (text and files from other applications, from widgets)
 * reach the view through a GtkDropTargetAsync: as the drag moves, the
 * layer under the point and its ancestors are looked at for a
 * GskLayerDropTarget that takes one of the types the drag offers; that
 * one gets ::enter, ::motion and ::leave, and, let go over it, the data
 * read as its preferred type, in ::drop-value. Where no layer takes it,
 * the view refuses the drag there (no action), as GTK's own widgets do.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-view-drop-private.h"
#include "gsk-layer-drop-target-private.h"

typedef struct
{
  GskLayerView *view;           /* unowned: the controller is the view's */
  GskLayerDropTarget *over;     /* owned: the target the drag is over */
} ViewDrop;

static gboolean
drop_offers (GType    type,
             gpointer data)
{
  return gdk_content_formats_contain_gtype (gdk_drop_get_formats (data), type);
}

/* The target under @x, @y that takes what @drop offers, and the type it
 * takes it as */
static GskLayerDropTarget *
find_target (ViewDrop *vd,
             GdkDrop  *drop,
             double    x,
             double    y,
             GType    *type)
{
  GskLayer *root = gsk_layer_view_get_root (vd->view);

  if (root == NULL)
    return NULL;
  return gsk_layer_drop_target_find_for_data (root, x, y, drop_offers, drop, type);
}

static void
leave_target (ViewDrop *vd)
{
  GskLayerDropTarget *over = g_steal_pointer (&vd->over);

  if (over == NULL)
    return;
  gsk_layer_drop_target_data_leave (over);
  g_object_unref (over);
}

static GdkDragAction
on_drag_motion (GtkDropTargetAsync *controller,
                GdkDrop            *drop,
                double              x,
                double              y,
                ViewDrop           *vd)
{
  GType type;
  GskLayerDropTarget *target = find_target (vd, drop, x, y, &type);

  if (target != vd->over)
    {
      leave_target (vd);
      vd->over = target ? g_object_ref (target) : NULL;
    }
  if (vd->over == NULL)
    return 0;

  gsk_layer_drop_target_data_over (vd->over, gsk_layer_view_get_root (vd->view), x, y);
  return vd->over ? GDK_ACTION_COPY : 0;
}

static void
on_drag_leave (GtkDropTargetAsync *controller,
               GdkDrop            *drop,
               ViewDrop           *vd)
{
  leave_target (vd);
}

typedef struct
{
  GskLayerDropTarget *target;
  GskLayer *root;
  double x, y;
} Pending;

static void
pending_free (Pending *pending)
{
  g_object_unref (pending->target);
  g_object_unref (pending->root);
  g_free (pending);
}

static void
on_value_read (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  GdkDrop *drop = GDK_DROP (source);
  Pending *pending = data;
  g_autoptr (GError) error = NULL;
  const GValue *value = gdk_drop_read_value_finish (drop, result, &error);
  gboolean taken = FALSE;

  if (value != NULL)
    taken = gsk_layer_drop_target_drop_value (pending->target, pending->root, pending->x, pending->y, value);
  else
    {
      g_debug ("GskLayerView: the dropped data could not be read: %s", error->message);
      gsk_layer_drop_target_data_leave (pending->target);
    }
  gdk_drop_finish (drop, taken ? GDK_ACTION_COPY : 0);
  pending_free (pending);
}

static gboolean
on_drop (GtkDropTargetAsync *controller,
         GdkDrop            *drop,
         double              x,
         double              y,
         ViewDrop           *vd)
{
  GType type;
  GskLayerDropTarget *target = find_target (vd, drop, x, y, &type);
  Pending *pending;

  if (target != vd->over)
    leave_target (vd);
  if (target == NULL)
    return FALSE;

  /* Read, then dropped: the target stays "over" until then */
  g_clear_object (&vd->over);
  pending = g_new0 (Pending, 1);
  pending->target = g_object_ref (target);
  pending->root = g_object_ref (gsk_layer_view_get_root (vd->view));
  pending->x = x;
  pending->y = y;
  gdk_drop_read_value_async (drop, type, G_PRIORITY_DEFAULT, NULL, on_value_read, pending);
  return TRUE;
}

static void
view_drop_free (gpointer data)
{
  ViewDrop *vd = data;

  g_clear_object (&vd->over);
  g_free (vd);
}

void
gsk_layer_view_add_drop_target (GskLayerView *view)
{
  GtkDropTargetAsync *controller = gtk_drop_target_async_new (NULL, GDK_ACTION_COPY);
  ViewDrop *vd = g_new0 (ViewDrop, 1);

  vd->view = view;
  g_object_set_data_full (G_OBJECT (controller), "gsk-layer-view-drop", vd, view_drop_free);
  g_signal_connect (controller, "drag-enter", G_CALLBACK (on_drag_motion), vd);
  g_signal_connect (controller, "drag-motion", G_CALLBACK (on_drag_motion), vd);
  g_signal_connect (controller, "drag-leave", G_CALLBACK (on_drag_leave), vd);
  g_signal_connect (controller, "drop", G_CALLBACK (on_drop), vd);
  gtk_widget_add_controller (GTK_WIDGET (view), GTK_EVENT_CONTROLLER (controller));
}
