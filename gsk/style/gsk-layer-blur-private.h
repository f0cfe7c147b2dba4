/* gsk-layer-blur-private.h: Gaussian blurs of images, as CSS blurs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How far a blur of @sigma pixels reaches: three sigmas, where the
 * Gaussian has fallen below 1/255 of its weight */
#define GSK_LAYER_BLUR_REACH(sigma) (3.0 * (sigma))

/* Blurs @data, @width × @height pixels of @bpp bytes (1: A8; 4: ARGB32,
 * premultiplied, each channel alike) @stride apart, with a Gaussian of
 * @sigma pixels, as three box blurs each way (SVG feGaussianBlur's
 * recipe); zero outside the image */
void gsk_layer_blur_image (guint8 *data,
                           int     width,
                           int     height,
                           int     stride,
                           int     bpp,
                           double  sigma);

G_END_DECLS
