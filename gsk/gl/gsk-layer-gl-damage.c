/* gsk-layer-gl-damage.c: damage, merged into the boxes a frame is drawn in
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-damage-private.h"

/* Damage comes as many rectangles (a cairo region); each pixel of a box
 * that is not damaged costs fill, and each pass costs a scissored clear
 * (on llvmpipe, Mesa draws it as a quad with its own shaders: about
 * what filling DAMAGE_PASS_PIXELS costs) and its draw calls. Merges the
 * rectangles greedily, the pair that wastes the fewest pixels first,
 * into at most MAX_DAMAGE_PASSES boxes, and further while merging
 * wastes fewer pixels than a pass costs; if the boxes still cover more
 * than half the extents, or the region has more than MAX_DAMAGE_RECTS
 * rectangles, the extents are one box. Boxes may overlap: a pixel in
 * two is cleared and redrawn the same way twice. */
#define MAX_DAMAGE_RECTS 64
#define MAX_DAMAGE_PASSES 8
#define DAMAGE_PASS_PIXELS (128 * 256)

static gint64
box_area (const GskLayerGLBox *box)
{
  return (gint64) (box->x2 - box->x1) * (box->y2 - box->y1);
}

static GskLayerGLBox
box_union (const GskLayerGLBox *a,
           const GskLayerGLBox *b)
{
  return (GskLayerGLBox) { MIN (a->x1, b->x1), MIN (a->y1, b->y1),
                           MAX (a->x2, b->x2), MAX (a->y2, b->y2) };
}

GskLayerGLBox *
gsk_layer_gl_damage_passes (const cairo_region_t *region,
                            guint                *n_passes)
{
  int n = cairo_region_num_rectangles (region);
  cairo_rectangle_int_t r;
  GskLayerGLBox *boxes, extents;
  gint64 area;
  int i, j;

  cairo_region_get_extents (region, &r);
  extents = (GskLayerGLBox) { r.x, r.y, r.x + r.width, r.y + r.height };

  if (n > MAX_DAMAGE_RECTS || n <= 1)
    goto use_extents;

  boxes = g_new (GskLayerGLBox, n);
  for (i = 0; i < n; i++)
    {
      cairo_region_get_rectangle (region, i, &r);
      boxes[i] = (GskLayerGLBox) { r.x, r.y, r.x + r.width, r.y + r.height };
    }

  while (n > 1)
    {
      gint64 best_waste = G_MAXINT64;
      int best_i = 0, best_j = 1;

      for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
          {
            GskLayerGLBox u = box_union (&boxes[i], &boxes[j]);
            gint64 waste = box_area (&u) - box_area (&boxes[i]) - box_area (&boxes[j]);

            if (waste < best_waste)
              {
                best_waste = waste;
                best_i = i;
                best_j = j;
              }
          }

      if (n <= MAX_DAMAGE_PASSES && best_waste > DAMAGE_PASS_PIXELS)
        break;

      boxes[best_i] = box_union (&boxes[best_i], &boxes[best_j]);
      boxes[best_j] = boxes[n - 1];
      n--;
    }

  for (i = 0, area = 0; i < n; i++)
    area += box_area (&boxes[i]);
  if (n == 1 || 2 * area > box_area (&extents))
    {
      g_free (boxes);
      goto use_extents;
    }

  *n_passes = n;
  return boxes;

use_extents:
  boxes = g_new (GskLayerGLBox, 1);
  boxes[0] = extents;
  *n_passes = 1;
  return boxes;
}
