/* filter-test-utils.h: the filtered cards the GL and software filter
 * cache tests move about
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gsklayer.h>

/* A 90×60 card styled by @style (a filter, typically) at (@x, @y) in
 * @root, with a dark 40×30 child in it */
static inline GskLayer *
blurred_card (GskLayer   *root,
              float       x,
              float       y,
              const char *style)
{
  GskLayer *card = gsk_layer_new ();
  GskLayer *child = gsk_layer_new ();
  g_autoptr (GError) error = NULL;

  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (90, 60));
  g_assert_true (gsk_layer_set_style_from_string (card, style, &error));
  gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (20, 15));
  gsk_layer_set_size (child, &GRAPHENE_SIZE_INIT (40, 30));
  gsk_layer_set_background_color (child, &(GdkRGBA) { 0.1f, 0.1f, 0.2f, 1 });
  gsk_layer_add_child (card, child);
  gsk_layer_add_child (root, card);
  return card;
}
