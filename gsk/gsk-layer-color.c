/* gsk-layer-color.c: colours as text that reads back exactly, and between two colours
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-private.h"

#define LERP(a, b, t) ((a) + ((b) - (a)) * (t))

/* The fewest digits of @c × @scale that gdk_rgba_parse() reads back as @c */
static void
format_channel (char   *buf,
                float   c,
                double  scale)
{
  static const char * const formats[] = { "%.6g", "%.9g", "%.17g" };

  /* c × scale is exact in a double, so 17 digits always do */
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, formats[i], c * scale);
      if ((float) (g_ascii_strtod (buf, NULL) / scale) == c)
        break;
    }
}

/* Like gdk_rgba_to_string(), which rounds to 8 bits and 6 digits, but
 * lossless */
char *
gsk_layer_color_to_string (const GdkRGBA *color)
{
  char c[4][G_ASCII_DTOSTR_BUF_SIZE];

  format_channel (c[0], color->red, 255.);
  format_channel (c[1], color->green, 255.);
  format_channel (c[2], color->blue, 255.);
  if (color->alpha == 1.f)
    return g_strdup_printf ("rgb(%s,%s,%s)", c[0], c[1], c[2]);

  format_channel (c[3], color->alpha, 1.);
  return g_strdup_printf ("rgba(%s,%s,%s,%s)", c[0], c[1], c[2], c[3]);
}

GdkRGBA
gsk_layer_rgba_interpolate (const GdkRGBA *a,
                            const GdkRGBA *b,
                            double         t)
{
  /* CSS Color 4: in premultiplied space, then back */
  double alpha = LERP (a->alpha, b->alpha, t);
  GdkRGBA r;

  alpha = CLAMP (alpha, 0.0, 1.0);
  r.alpha = alpha;
  if (alpha <= 0)
    {
      r.red = r.green = r.blue = 0;
      return r;
    }

  r.red = CLAMP (LERP (a->red * a->alpha, b->red * b->alpha, t) / alpha, 0.0, 1.0);
  r.green = CLAMP (LERP (a->green * a->alpha, b->green * b->alpha, t) / alpha, 0.0, 1.0);
  r.blue = CLAMP (LERP (a->blue * a->alpha, b->blue * b->alpha, t) / alpha, 0.0, 1.0);

  return r;
}
