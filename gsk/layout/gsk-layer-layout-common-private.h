/* gsk-layer-layout-common-private.h: what every layout manager does
 * with a child's margins and alignment
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gsklayer.h>

G_BEGIN_DECLS

/* The child's margins before and after it along @orientation */
static inline void
gsk_layer_layout_child_margins (GskLayer            *child,
                                GskLayerOrientation  orientation,
                                float               *before,
                                float               *after)
{
  float top, right, bottom, left;

  gsk_layer_get_margin (child, &top, &right, &bottom, &left);
  *before = orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? left : top;
  *after = orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? right : bottom;
}

/* Where @child goes along @orientation in the room from @start, @room
 * long: inside its margins, all of it if @align fills, else its natural
 * size (at most the room) at the start, end or centre */
static inline void
gsk_layer_layout_place (GskLayer            *child,
                        GskLayerOrientation  orientation,
                        float                start,
                        float                room,
                        GskLayerAlign        align,
                        float               *pos,
                        float               *size)
{
  float before, after, inner, nat;

  gsk_layer_layout_child_margins (child, orientation, &before, &after);
  inner = MAX (room - before - after, 0.f);
  if (align == GSK_LAYER_ALIGN_FILL)
    {
      *pos = start + before;
      *size = inner;
      return;
    }

  gsk_layer_measure (child, orientation, -1, NULL, &nat);
  nat = MIN (nat, inner);
  *size = nat;
  if (align == GSK_LAYER_ALIGN_START)
    *pos = start + before;
  else if (align == GSK_LAYER_ALIGN_END)
    *pos = start + before + inner - nat;
  else
    *pos = start + before + (inner - nat) / 2;
}

G_END_DECLS
