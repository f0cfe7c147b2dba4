/* gsk-layer-blur.c: Gaussian blurs of images, as CSS blurs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-blur-private.h"

#include <math.h>

/* One box blur pass of width d over the lines of @data: rows when
 * @horizontal, else columns; each of @bpp channels alike */
static void
box_blur (guint8  *data,
          int      width,
          int      height,
          int      stride,
          int      bpp,
          int      d,
          gboolean horizontal)
{
  int n = horizontal ? width : height, lines = horizontal ? height : width;
  int step = horizontal ? bpp : stride, next = horizontal ? stride : bpp;
  guint8 *tmp = g_malloc (n);
  int line, channel, pass, i;

  for (line = 0; line < lines; line++)
    for (channel = 0; channel < bpp; channel++)
      {
        guint8 *p = data + line * next + channel;

        for (pass = 0; pass < 3; pass++)
          {
            /* The window [i + lo, i + hi]: d wide and centred when d is
             * odd; when even, d wide left and then right of the centre,
             * then d + 1 wide and centred, as SVG says */
            int lo = -(d / 2), hi = d / 2;
            int size, sum = 0;

            if (d % 2 == 0 && pass == 0)
              hi--;
            else if (d % 2 == 0 && pass == 1)
              lo++;
            size = hi - lo + 1;

            for (i = 0; i < n; i++)
              tmp[i] = p[i * step];
            /* Zero outside; the window for i = 0 less its last sample */
            for (i = MAX (lo, 0); i < MIN (hi, n); i++)
              sum += tmp[i];
            for (i = 0; i < n; i++)
              {
                if (i + hi < n)
                  sum += tmp[i + hi];
                p[i * step] = (sum + size / 2) / size;
                if (i + lo >= 0)
                  sum -= tmp[i + lo];
              }
          }
      }
  g_free (tmp);
}

void
gsk_layer_blur_image (guint8 *data,
                      int     width,
                      int     height,
                      int     stride,
                      int     bpp,
                      double  sigma)
{
  int d;

  g_return_if_fail (bpp == 1 || bpp == 4);

  if (!(sigma > 0) || width <= 0 || height <= 0)
    return;

  /* Boxes that add up to the Gaussian's variance */
  d = (int) floor (MIN (sigma, 1e4) * 3 * sqrt (2 * G_PI) / 4 + 0.5);
  if (d < 2)
    return;

  box_blur (data, width, height, stride, bpp, d, TRUE);
  box_blur (data, width, height, stride, bpp, d, FALSE);
}
