/* gsk-layer-glyph-renderer.c: a Pango layout as a glyph run
 *
 * A PangoRenderer that records, rather than draws: Pango walks the
 * layout (runs, attributes, underlines, backgrounds) and this takes each
 * glyph's image from the cache and each rectangle as it is. Positions
 * and colours follow pango-cairo's renderer step for step, so that the
 * run shows what pango_cairo_show_layout() would have drawn.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-glyph-renderer-private.h"
#include "gsk-layer-glyph-cache-private.h"

#include <math.h>

/* By hand: Pango 1.50's PangoRenderer has no autoptr cleanup, which
 * G_DECLARE_FINAL_TYPE needs */
typedef struct _GskLayerGlyphRenderer GskLayerGlyphRenderer;
typedef struct { PangoRendererClass parent_class; } GskLayerGlyphRendererClass;

static GType gsk_layer_glyph_renderer_get_type (void);
#define GSK_TYPE_LAYER_GLYPH_RENDERER (gsk_layer_glyph_renderer_get_type ())
#define GSK_LAYER_GLYPH_RENDERER(obj) (G_TYPE_CHECK_INSTANCE_CAST ((obj), GSK_TYPE_LAYER_GLYPH_RENDERER, GskLayerGlyphRenderer))

struct _GskLayerGlyphRenderer
{
  PangoRenderer parent_instance;

  GskLayerGlyphRun *run;
  /* Where the layout's origin is, in units from the clip's corner */
  double x, y;
  /* Straight RGBA of what no attribute colours */
  float color[4];
  /* The layout has what a run cannot show */
  gboolean unsupported;
};

G_DEFINE_FINAL_TYPE (GskLayerGlyphRenderer, gsk_layer_glyph_renderer, PANGO_TYPE_RENDERER)

/* As pango-cairo's set_color(): an attribute's colour is opaque unless
 * an alpha attribute says otherwise */
static void
part_color (GskLayerGlyphRenderer *self,
            PangoRenderPart        part,
            float                  color[4])
{
  PangoColor *c = pango_renderer_get_color (PANGO_RENDERER (self), part);
  guint16 alpha = pango_renderer_get_alpha (PANGO_RENDERER (self), part);

  if (c != NULL)
    {
      color[0] = c->red / 65535.f;
      color[1] = c->green / 65535.f;
      color[2] = c->blue / 65535.f;
      color[3] = 1.f;
    }
  else
    memcpy (color, self->color, sizeof self->color);

  if (alpha != 0)
    color[3] = alpha / 65535.f;
}

static void
gsk_layer_glyph_renderer_draw_glyphs (PangoRenderer    *renderer,
                                      PangoFont        *font,
                                      PangoGlyphString *glyphs,
                                      int               x,
                                      int               y)
{
  GskLayerGlyphRenderer *self = GSK_LAYER_GLYPH_RENDERER (renderer);
  GskLayerGlyphRun *run = self->run;
  double base_x = self->x + (double) x / PANGO_SCALE;
  double base_y = self->y + (double) y / PANGO_SCALE;
  int clip_width = (int) ceilf (run->clip.size.width * run->scale - 0.01f);
  int clip_height = (int) ceilf (run->clip.size.height * run->scale - 0.01f);
  int x_position = 0;
  int phases = gsk_layer_glyph_cache_get_phases ();
  float color[4];
  int i;

  part_color (self, PANGO_RENDER_PART_FOREGROUND, color);

  for (i = 0; i < glyphs->num_glyphs; i++)
    {
      const PangoGlyphInfo *gi = &glyphs->glyphs[i];

      if (gi->glyph != PANGO_GLYPH_EMPTY)
        {
          double cx = base_x + (double) (x_position + gi->geometry.x_offset) / PANGO_SCALE;
          double cy = base_y + (double) gi->geometry.y_offset / PANGO_SCALE;
          GskLayerGlyphImage image;

          int x_phase, y_phase;
          /* Where cairo puts a glyph's origin: the nearest pixel, or
           * the nearest quarter of one, an image for each quarter */
          int ox = gsk_layer_glyph_snap (cx * run->scale, phases, &x_phase);
          int oy = gsk_layer_glyph_snap (cy * run->scale, phases, &y_phase);

          gsk_layer_glyph_cache_lookup (font, gi->glyph, run->scale, x_phase, y_phase, &image);
          if (image.image != NULL)
            {
              int px = ox + image.x;
              int py = oy + image.y;

              if (px < clip_width && py < clip_height &&
                  px + cairo_image_surface_get_width (image.image) > 0 &&
                  py + cairo_image_surface_get_height (image.image) > 0)
                gsk_layer_glyph_run_add_glyph (run, image.image, image.colored, px, py, color);
              cairo_surface_destroy (image.image);
            }
        }

      x_position += gi->geometry.width;
    }
}

static void
gsk_layer_glyph_renderer_draw_rectangle (PangoRenderer   *renderer,
                                         PangoRenderPart  part,
                                         int              x,
                                         int              y,
                                         int              width,
                                         int              height)
{
  GskLayerGlyphRenderer *self = GSK_LAYER_GLYPH_RENDERER (renderer);
  GskLayerGlyphRun *run = self->run;
  graphene_rect_t rect;
  float color[4];

  part_color (self, part, color);
  rect = GRAPHENE_RECT_INIT (run->clip.origin.x + self->x + (double) x / PANGO_SCALE,
                             run->clip.origin.y + self->y + (double) y / PANGO_SCALE,
                             (double) width / PANGO_SCALE,
                             (double) height / PANGO_SCALE);
  gsk_layer_glyph_run_add_rect (run, &rect, color);
}

static void
gsk_layer_glyph_renderer_draw_trapezoid (PangoRenderer   *renderer,
                                         PangoRenderPart  part,
                                         double           y1,
                                         double           x11,
                                         double           x21,
                                         double           y2,
                                         double           x12,
                                         double           x22)
{
  GSK_LAYER_GLYPH_RENDERER (renderer)->unsupported = TRUE;
}

static void
gsk_layer_glyph_renderer_draw_error_underline (PangoRenderer *renderer,
                                               int            x,
                                               int            y,
                                               int            width,
                                               int            height)
{
  GSK_LAYER_GLYPH_RENDERER (renderer)->unsupported = TRUE;
}

static void
gsk_layer_glyph_renderer_draw_shape (PangoRenderer  *renderer,
                                     PangoAttrShape *attr,
                                     int             x,
                                     int             y)
{
  GSK_LAYER_GLYPH_RENDERER (renderer)->unsupported = TRUE;
}

static void
gsk_layer_glyph_renderer_class_init (GskLayerGlyphRendererClass *klass)
{
  PangoRendererClass *renderer_class = PANGO_RENDERER_CLASS (klass);

  renderer_class->draw_glyphs = gsk_layer_glyph_renderer_draw_glyphs;
  renderer_class->draw_rectangle = gsk_layer_glyph_renderer_draw_rectangle;
  renderer_class->draw_trapezoid = gsk_layer_glyph_renderer_draw_trapezoid;
  renderer_class->draw_error_underline = gsk_layer_glyph_renderer_draw_error_underline;
  renderer_class->draw_shape = gsk_layer_glyph_renderer_draw_shape;
}

static void
gsk_layer_glyph_renderer_init (GskLayerGlyphRenderer *self)
{
}

GskLayerGlyphRun *
gsk_layer_glyph_run_new_for_layout (PangoLayout           *layout,
                                    double                 x,
                                    double                 y,
                                    const GdkRGBA         *color,
                                    float                  scale,
                                    const graphene_rect_t *clip)
{
  GskLayerGlyphRenderer *self;
  GskLayerGlyphRun *run;

  g_return_val_if_fail (PANGO_IS_LAYOUT (layout), NULL);

  self = g_object_new (GSK_TYPE_LAYER_GLYPH_RENDERER, NULL);
  self->run = run = gsk_layer_glyph_run_new (scale, clip);
  self->x = x;
  self->y = y;
  self->color[0] = color->red;
  self->color[1] = color->green;
  self->color[2] = color->blue;
  self->color[3] = color->alpha;

  pango_renderer_draw_layout (PANGO_RENDERER (self), layout, 0, 0);

  if (self->unsupported)
    g_clear_pointer (&run, gsk_layer_glyph_run_unref);

  g_object_unref (self);

  return run;
}
