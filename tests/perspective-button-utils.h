/* perspective-button-utils.h: a widget hosted under perspective, and
 * where its points are on screen, for the view's pointer and touch tests
 *
 * The including test defines WIDTH and HEIGHT, its view's size.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <math.h>
#include <gsklayer.h>

#if !defined (WIDTH) || !defined (HEIGHT)
#error "define the view's WIDTH and HEIGHT first"
#endif

/* The hosted widget: 240×120, centred in the view, under
 * perspective(400px) (the root's child transform, origin at the root's
 * centre) and rotateY(40deg) about its own centre */
#define BUTTON_W 240
#define BUTTON_H 120
#define ANGLE (40 * G_PI / 180)

/* Where the widget's own point (u, v) is on screen, worked out here by
 * hand rather than with GSK's matrices: rotate about the y axis through
 * the centre, which sits at the perspective origin, then divide by the
 * depth (CSS: a point at z is scaled by d / (d - z)) */
static inline void
button_point_on_screen (double  u,
                        double  v,
                        double *x,
                        double *y)
{
  double dx = u - BUTTON_W / 2.0, dy = v - BUTTON_H / 2.0;
  double xr = dx * cos (ANGLE), zr = -dx * sin (ANGLE);
  double k = 400 / (400 - zr);

  *x = WIDTH / 2.0 + xr * k;
  *y = HEIGHT / 2.0 + dy * k;
}

static inline void
on_button_clicked (GtkButton *button,
                   int       *n)
{
  (*n)++;
}

/* Hosts @widget in @root as above; returns its layer */
static inline GskLayer *
add_perspective_button (GskLayer  *root,
                        GtkWidget *widget)
{
  GskLayer *host = gsk_layer_widget_new (widget);
  GskLayerTransform *t = NULL;

  g_assert_true (gsk_layer_transform_parse ("perspective(400px)", &t, NULL));
  gsk_layer_set_child_transform (root, t);
  gsk_layer_transform_unref (t);
  gsk_layer_set_size (host, &GRAPHENE_SIZE_INIT (BUTTON_W, BUTTON_H));
  gsk_layer_set_position (host, &GRAPHENE_POINT_INIT ((WIDTH - BUTTON_W) / 2, (HEIGHT - BUTTON_H) / 2));
  g_assert_true (gsk_layer_transform_parse ("rotateY(40deg)", &t, NULL));
  gsk_layer_set_transform (host, t);
  gsk_layer_transform_unref (t);
  gsk_layer_add_child (root, host);
  return host;
}
