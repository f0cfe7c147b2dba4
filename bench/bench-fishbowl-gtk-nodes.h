/* bench-fishbowl-gtk-nodes.h: the fishbowl as GTK 4 render nodes, as a
 * widget's snapshot gives them: a white color node under the icons, and
 * for each icon a texture node (one shared GdkTexture) under a transform
 * node (translate to the icon, rotate about its centre), the odd ones
 * in an opacity node of 0.7. bench-fishbowl-gtk renders them headless,
 * bench-view in a widget.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "bench-fishbowl-scene.h"

static inline GskRenderNode *
fishbowl_build_nodes (const Fish *fish,
                      int         n,
                      GdkTexture *icon)
{
  GskRenderNode **nodes = g_new (GskRenderNode *, n + 1);
  GskRenderNode *root;
  int i;

  nodes[0] = gsk_color_node_new (&(GdkRGBA) { 1, 1, 1, 1 },
                                 &GRAPHENE_RECT_INIT (0, 0, FISHBOWL_WIDTH, FISHBOWL_HEIGHT));
  for (i = 0; i < n; i++)
    {
      GskTransform *t = NULL;
      GskRenderNode *texture, *node;

      float w = fishbowl_scene.width, h = fishbowl_scene.height;

      t = gsk_transform_translate (t, &GRAPHENE_POINT_INIT (fish[i].x + w / 2.f, fish[i].y + h / 2.f));
      t = gsk_transform_rotate (t, fish[i].angle);
      t = gsk_transform_translate (t, &GRAPHENE_POINT_INIT (-w / 2.f, -h / 2.f));
      texture = gsk_texture_node_new (icon, &GRAPHENE_RECT_INIT (0, 0, w, h));
      node = gsk_transform_node_new (texture, t);
      gsk_render_node_unref (texture);
      gsk_transform_unref (t);
      if (fishbowl_opacity (i) < 1.f)
        {
          GskRenderNode *opacity = gsk_opacity_node_new (node, fishbowl_opacity (i));

          gsk_render_node_unref (node);
          node = opacity;
        }
      nodes[i + 1] = node;
    }

  root = gsk_container_node_new (nodes, n + 1);
  for (i = 0; i < n + 1; i++)
    gsk_render_node_unref (nodes[i]);
  g_free (nodes);

  return root;
}


/* The icon as a GDK texture (cairo's ARGB32 is GDK's default format) */
static inline GdkTexture *
fishbowl_icon_texture (cairo_surface_t *icon)
{
  int w = cairo_image_surface_get_width (icon), h = cairo_image_surface_get_height (icon);
  GBytes *bytes = g_bytes_new (cairo_image_surface_get_data (icon),
                               cairo_image_surface_get_stride (icon) * h);
  GdkTexture *texture = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes,
                                                cairo_image_surface_get_stride (icon));

  g_bytes_unref (bytes);
  return texture;
}
