/* gsk-layer-view-focus.c: Tab through a view's layers and hosted widgets
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-view-focus-private.h"
#include "gsk-layer-widget-private.h"
#include "gsk-layer-accessible-proxy-private.h"
#include "gsk-layer-input-private.h"
#include "gsk-layer-widget.h"
#include "gsk-layer-input.h"

/* The host among @hosts of @widget, a child of the view */
static GskLayerWidget *
host_of (GPtrArray *hosts,
         GtkWidget *widget)
{
  guint i;

  for (i = 0; i < hosts->len; i++)
    {
      GskLayerWidget *host = g_ptr_array_index (hosts, i);

      if (gsk_layer_widget_get_widget (host) == widget)
        return host;
    }

  return NULL;
}

/* The Tab order: focusable layers and hosted widgets, in tree order
 * (depth first, children in their order), hidden subtrees left out */
static GPtrArray *
collect_focus_stops (GskLayer  *root,
                     GPtrArray *hosts)
{
  GPtrArray *stops = g_ptr_array_new ();
  GskLayer *l = root;

  while (l != NULL)
    {
      GskLayer *next = NULL;

      if (gsk_layer_get_visible (l))
        {
          if (gsk_layer_get_focusable (l) ||
              (GSK_IS_LAYER_WIDGET (l) && g_ptr_array_find (hosts, l, NULL)))
            g_ptr_array_add (stops, l);
          next = gsk_layer_get_first_child (l);
          if (next)
            {
              l = next;
              continue;
            }
        }

      for (; l != NULL && l != root; l = gsk_layer_get_parent (l))
        if ((next = gsk_layer_get_next_sibling (l)) != NULL)
          break;
      l = (l == NULL || l == root) ? NULL : next;
    }

  return stops;
}

/* Into the view from either end, and on out of it after the last stop */
gboolean
gsk_layer_view_move_focus (GskLayerView     *view,
                           GskLayer         *root,
                           GPtrArray        *hosts,
                           GtkDirectionType  direction,
                           void            (*focus_changed) (GskLayer *root,
                                                             gpointer  data))
{
  GtkWidget *widget = GTK_WIDGET (view);
  gboolean backward = direction == GTK_DIR_TAB_BACKWARD;
  GskLayerInputState *state;
  GtkWidget *focus_child, *innermost;
  GPtrArray *stops;
  GskLayer *from = NULL;
  gboolean moved = FALSE;
  guint index;
  int i;

  state = gsk_layer_input_get_state (root);
  focus_child = gtk_widget_get_focus_child (widget);
  /* Down the proxies of accessible layers (gsk-layer-view-accessible.c)
   * to the hosted widget, if any, that has the focus within them */
  innermost = focus_child;
  while (innermost && GSK_IS_LAYER_ACCESSIBLE_PROXY (innermost) && gtk_widget_get_focus_child (innermost))
    innermost = gtk_widget_get_focus_child (innermost);
  if (innermost && GSK_IS_LAYER_ACCESSIBLE_PROXY (innermost))
    /* The focus layer's proxy */
    from = gsk_layer_get_focus (root);
  else if (focus_child)
    {
      /* First within the hosted widget, then on from its layer */
      if (gtk_widget_child_focus (focus_child, direction))
        return TRUE;
      from = GSK_LAYER (host_of (hosts, innermost));
    }
  else if (gtk_widget_has_focus (widget))
    from = gsk_layer_get_focus (root);

  stops = collect_focus_stops (root, hosts);
  if (from && g_ptr_array_find (stops, from, &index))
    i = backward ? (int) index - 1 : (int) index + 1;
  else
    i = backward ? (int) stops->len - 1 : 0;

  for (; i >= 0 && i < (int) stops->len && !moved; i += backward ? -1 : 1)
    {
      GskLayer *stop = g_ptr_array_index (stops, i);

      if (GSK_IS_LAYER_WIDGET (stop))
        {
          if (gtk_widget_child_focus (gsk_layer_widget_get_widget (GSK_LAYER_WIDGET (stop)), direction))
            {
              gsk_layer_input_set_focus (root, state, NULL);
              moved = TRUE;
            }
        }
      else
        {
          gtk_widget_grab_focus (widget);
          gsk_layer_input_set_focus (root, state, stop);
          focus_changed (root, view);
          moved = TRUE;
        }
    }

  /* Nothing to focus within: the view itself takes the keys, once */
  if (!moved && stops->len == 0 && !gtk_widget_has_focus (widget) && focus_child == NULL &&
      gtk_widget_get_focusable (widget))
    moved = gtk_widget_grab_focus (widget);

  g_ptr_array_unref (stops);
  return moved;
}
