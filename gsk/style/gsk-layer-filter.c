/* gsk-layer-filter.c: CSS filter functions as the render list takes them
 *
 * Colour functions become the matrices of the Filter Effects spec; blur
 * and drop-shadow their lengths on the target.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-style-private.h"
#include "gsk-layer-blur-private.h"

/* {{{ Filters */

/* The 3×3 part of a colour matrix that mixes red, green and blue */
static void
set_rgb (float       *m,
         const float  rgb[9])
{
  int i;

  for (i = 0; i < 9; i++)
    m[(i / 3) * 5 + i % 3] = rgb[i];
}

static void
filter_matrix (const GskLayerFilter *filter,
               GskLayerColorMatrix  *matrix)
{
  float a = filter->amount, *m = matrix->m;
  float r = 1 - a;
  int i;

  memset (m, 0, sizeof matrix->m);
  for (i = 0; i < 4; i++)
    m[i * 5 + i] = 1;

  switch (filter->kind)
    {
    case GSK_LAYER_FILTER_BRIGHTNESS:
      m[0] = m[6] = m[12] = a;
      break;

    case GSK_LAYER_FILTER_CONTRAST:
      m[0] = m[6] = m[12] = a;
      m[4] = m[9] = m[14] = 0.5f - 0.5f * a;
      break;

    case GSK_LAYER_FILTER_GRAYSCALE:
      {
        const float g[9] = {
          0.2126f + 0.7874f * r, 0.7152f - 0.7152f * r, 0.0722f - 0.0722f * r,
          0.2126f - 0.2126f * r, 0.7152f + 0.2848f * r, 0.0722f - 0.0722f * r,
          0.2126f - 0.2126f * r, 0.7152f - 0.7152f * r, 0.0722f + 0.9278f * r,
        };

        set_rgb (m, g);
      }
      break;

    case GSK_LAYER_FILTER_SEPIA:
      {
        const float g[9] = {
          0.393f + 0.607f * r, 0.769f - 0.769f * r, 0.189f - 0.189f * r,
          0.349f - 0.349f * r, 0.686f + 0.314f * r, 0.168f - 0.168f * r,
          0.272f - 0.272f * r, 0.534f - 0.534f * r, 0.131f + 0.869f * r,
        };

        set_rgb (m, g);
      }
      break;

    case GSK_LAYER_FILTER_SATURATE:
      {
        const float g[9] = {
          0.213f + 0.787f * a, 0.715f - 0.715f * a, 0.072f - 0.072f * a,
          0.213f - 0.213f * a, 0.715f + 0.285f * a, 0.072f - 0.072f * a,
          0.213f - 0.213f * a, 0.715f - 0.715f * a, 0.072f + 0.928f * a,
        };

        set_rgb (m, g);
      }
      break;

    case GSK_LAYER_FILTER_HUE_ROTATE:
      {
        double c = cos (a * G_PI / 180), s = sin (a * G_PI / 180);
        const float g[9] = {
          0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
          0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
          0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
        };

        set_rgb (m, g);
      }
      break;

    case GSK_LAYER_FILTER_INVERT:
      m[0] = m[6] = m[12] = 1 - 2 * a;
      m[4] = m[9] = m[14] = a;
      break;

    case GSK_LAYER_FILTER_OPACITY:
      m[18] = a;
      break;

    case GSK_LAYER_FILTER_BLUR:
    case GSK_LAYER_FILTER_DROP_SHADOW:
    default:
      g_assert_not_reached ();
    }
}

float
gsk_layer_filter_to_render (const GskLayerFilter *filter,
                            float                 stretch,
                            const double          jacobian[4],
                            GskLayerRenderFilter *out)
{
  memset (out, 0, sizeof *out);

  switch (filter->kind)
    {
    case GSK_LAYER_FILTER_BLUR:
      out->kind = GSK_LAYER_RENDER_FILTER_BLUR;
      out->sigma = filter->amount * stretch;
      return GSK_LAYER_BLUR_REACH (out->sigma);

    case GSK_LAYER_FILTER_DROP_SHADOW:
      {
        const GskLayerShadow *shadow = &filter->shadow;

        out->kind = GSK_LAYER_RENDER_FILTER_DROP_SHADOW;
        /* Unlike box-shadow's blur radius, drop-shadow()'s third length
         * is the deviation itself (the Filter Effects spec; Chromium) */
        out->sigma = shadow->blur * stretch;
        out->dx = jacobian[0] * shadow->dx + jacobian[1] * shadow->dy;
        out->dy = jacobian[2] * shadow->dx + jacobian[3] * shadow->dy;
        out->color[0] = shadow->color.red;
        out->color[1] = shadow->color.green;
        out->color[2] = shadow->color.blue;
        out->color[3] = shadow->color.alpha;
        return GSK_LAYER_BLUR_REACH (out->sigma) + MAX (fabsf (out->dx), fabsf (out->dy));
      }

    default:
      out->kind = GSK_LAYER_RENDER_FILTER_COLOR;
      filter_matrix (filter, &out->matrix);
      return 0;
    }
}

/* }}} */
