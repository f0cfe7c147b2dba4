/* gsk-layer-mask-image.c: CSS mask-image and its longhands
 *
 * A mask is a stack of images, each sized (mask-size), placed
 * (mask-position) and tiled (mask-repeat) over the layer's border box,
 * as backgrounds are, and read for their alpha or their luminance
 * (mask-mode). Layers add up (mask-composite: add): the coverage is the
 * images drawn over each other. The frame pipeline rasterizes it at the
 * scale shown; the compile draws it as a mask group (see
 * GskLayerRenderOp.mask).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-style-private.h"

/* The most tiles a `space` axis lays out */
#define MAX_SPACED_TILES 256

GskLayerMask *
gsk_layer_mask_new (void)
{
  GskLayerMask *self = g_new0 (GskLayerMask, 1);

  g_ref_count_init (&self->ref_count);
  return self;
}

GskLayerMask *
gsk_layer_mask_copy (const GskLayerMask *self)
{
  GskLayerMask *copy = g_memdup2 (self, sizeof *self);
  guint i;

  g_ref_count_init (&copy->ref_count);
  for (i = 0; i < copy->n_images; i++)
    {
      if (copy->images[i].surface != NULL)
        cairo_surface_reference (copy->images[i].surface);
      copy->images[i].url = g_strdup (copy->images[i].url);
    }
  return copy;
}

GskLayerMask *
gsk_layer_mask_ref (GskLayerMask *self)
{
  g_ref_count_inc (&self->ref_count);
  return self;
}

void
gsk_layer_mask_unref (GskLayerMask *self)
{
  guint i;

  if (!g_ref_count_dec (&self->ref_count))
    return;

  for (i = 0; i < self->n_images; i++)
    {
      g_clear_pointer (&self->images[i].surface, cairo_surface_destroy);
      g_free (self->images[i].url);
    }
  g_free (self);
}

static gboolean
sources_equal (const GskLayerMaskSource *a,
               const GskLayerMaskSource *b)
{
  if (a->none || b->none)
    return a->none == b->none;
  if ((a->url != NULL) != (b->url != NULL))
    return FALSE;
  if (a->url != NULL)
    return g_str_equal (a->url, b->url);
  /* Gradients are parsed and interpolated into zeroed memory */
  return memcmp (&a->gradient, &b->gradient, sizeof a->gradient) == 0;
}

gboolean
gsk_layer_mask_equal (const GskLayerMask *a,
                      const GskLayerMask *b)
{
  guint i;

  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;
  if (a->n_images != b->n_images || a->n_modes != b->n_modes || a->n_sizes != b->n_sizes ||
      a->n_positions != b->n_positions || a->n_repeats != b->n_repeats)
    return FALSE;
  for (i = 0; i < a->n_images; i++)
    if (!sources_equal (&a->images[i], &b->images[i]))
      return FALSE;
  return memcmp (a->modes, b->modes, a->n_modes * sizeof a->modes[0]) == 0 &&
         memcmp (a->sizes, b->sizes, a->n_sizes * sizeof a->sizes[0]) == 0 &&
         memcmp (a->positions, b->positions, a->n_positions * sizeof a->positions[0]) == 0 &&
         memcmp (a->position_percent, b->position_percent, a->n_positions) == 0 &&
         memcmp (a->repeats, b->repeats, a->n_repeats * sizeof a->repeats[0]) == 0;
}

gboolean
gsk_layer_mask_shows (const GskLayerMask *self)
{
  guint i;

  for (i = 0; i < self->n_images; i++)
    if (!self->images[i].none)
      return TRUE;
  return FALSE;
}

/* {{{ Printing */

static void
append_length (GString *s,
               float    value,
               gboolean percent)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%.6g", value);
  g_string_append (s, buf);
  if (percent)
    g_string_append_c (s, '%');
  else if (value != 0)
    g_string_append (s, "px");
}

void
gsk_layer_mask_print (const GskLayerMask *self,
                      GString            *s)
{
  static const char * const modes[] = { "match-source", "alpha", "luminance" };
  static const char * const repeats[] = { "repeat", "no-repeat", "space", "round" };
  guint i;
  int axis;

  if (self->n_images > 0)
    {
      g_string_append (s, "mask-image: ");
      for (i = 0; i < self->n_images; i++)
        {
          const GskLayerMaskSource *source = &self->images[i];

          if (i > 0)
            g_string_append (s, ", ");
          if (source->none)
            g_string_append (s, "none");
          else if (source->url != NULL)
            {
              char *escaped = g_strescape (source->url, NULL);

              g_string_append_printf (s, "url(\"%s\")", escaped);
              g_free (escaped);
            }
          else
            gsk_layer_gradient_print (&source->gradient, s);
        }
      g_string_append (s, "; ");
    }
  if (self->n_modes > 0)
    {
      g_string_append (s, "mask-mode: ");
      for (i = 0; i < self->n_modes; i++)
        g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", modes[self->modes[i]]);
      g_string_append (s, "; ");
    }
  if (self->n_sizes > 0)
    {
      g_string_append (s, "mask-size: ");
      for (i = 0; i < self->n_sizes; i++)
        {
          const GskLayerMaskSize *size = &self->sizes[i];

          if (i > 0)
            g_string_append (s, ", ");
          if (size->kind != GSK_LAYER_MASK_SIZE_EXPLICIT)
            {
              g_string_append (s, size->kind == GSK_LAYER_MASK_SIZE_COVER ? "cover" : "contain");
              continue;
            }
          for (axis = 0; axis < 2; axis++)
            {
              if (axis > 0)
                g_string_append_c (s, ' ');
              if (size->automatic & (1 << axis))
                g_string_append (s, "auto");
              else
                append_length (s, size->value[axis], size->percent & (1 << axis));
            }
        }
      g_string_append (s, "; ");
    }
  if (self->n_positions > 0)
    {
      g_string_append (s, "mask-position: ");
      for (i = 0; i < self->n_positions; i++)
        {
          if (i > 0)
            g_string_append (s, ", ");
          for (axis = 0; axis < 2; axis++)
            {
              if (axis > 0)
                g_string_append_c (s, ' ');
              append_length (s, self->positions[i][axis], self->position_percent[i] & (1 << axis));
            }
        }
      g_string_append (s, "; ");
    }
  if (self->n_repeats > 0)
    {
      g_string_append (s, "mask-repeat: ");
      for (i = 0; i < self->n_repeats; i++)
        g_string_append_printf (s, "%s%s %s", i > 0 ? ", " : "",
                                repeats[self->repeats[i][0]], repeats[self->repeats[i][1]]);
      g_string_append (s, "; ");
    }
}

/* }}} */
/* {{{ Interpolation */

GskLayerMask *
gsk_layer_mask_interpolate (const GskLayerMask *a,
                            const GskLayerMask *b,
                            double              t)
{
  GskLayerMask *r = gsk_layer_mask_copy (t < 0.5 ? a : b);
  guint i;
  int axis;

  if (a->n_positions == b->n_positions &&
      memcmp (a->position_percent, b->position_percent, a->n_positions) == 0)
    for (i = 0; i < a->n_positions; i++)
      {
        for (axis = 0; axis < 2; axis++)
          r->positions[i][axis] = a->positions[i][axis] + (b->positions[i][axis] - a->positions[i][axis]) * t;
        r->position_percent[i] = a->position_percent[i];
      }

  if (a->n_sizes == b->n_sizes)
    for (i = 0; i < a->n_sizes; i++)
      {
        const GskLayerMaskSize *x = &a->sizes[i], *y = &b->sizes[i];

        if (x->kind != GSK_LAYER_MASK_SIZE_EXPLICIT || y->kind != GSK_LAYER_MASK_SIZE_EXPLICIT ||
            x->percent != y->percent || x->automatic != y->automatic)
          continue;
        r->sizes[i] = *x;
        /* Easings that overshoot take sizes past 0: CSS clamps them */
        for (axis = 0; axis < 2; axis++)
          r->sizes[i].value[axis] = MAX (0, x->value[axis] + (y->value[axis] - x->value[axis]) * t);
      }

  return r;
}

/* }}} */
/* {{{ Drawing */

/* A tile's size on a border box of @area, as mask-size says, for an
 * image of @intrinsic size (0 × 0 for a gradient, which has none) */
static void
tile_size (const GskLayerMaskSize *size,
           const graphene_size_t  *area,
           const graphene_size_t  *intrinsic,
           double                 *tw,
           double                 *th)
{
  gboolean has_size = intrinsic->width > 0 && intrinsic->height > 0;
  double v[2];
  int axis;

  if (size->kind != GSK_LAYER_MASK_SIZE_EXPLICIT)
    {
      double sx, sy, s;

      if (!has_size)
        {
          *tw = area->width;
          *th = area->height;
          return;
        }
      sx = area->width / intrinsic->width;
      sy = area->height / intrinsic->height;
      s = size->kind == GSK_LAYER_MASK_SIZE_COVER ? MAX (sx, sy) : MIN (sx, sy);
      *tw = intrinsic->width * s;
      *th = intrinsic->height * s;
      return;
    }

  for (axis = 0; axis < 2; axis++)
    {
      double room = axis == 0 ? area->width : area->height;

      v[axis] = size->percent & (1 << axis) ? size->value[axis] / 100 * room : size->value[axis];
    }

  switch (size->automatic)
    {
    case 3:
      *tw = has_size ? intrinsic->width : area->width;
      *th = has_size ? intrinsic->height : area->height;
      break;
    case 1:
      /* auto width: the image's ratio, or the area's */
      *th = v[1];
      *tw = has_size ? v[1] * intrinsic->width / intrinsic->height : area->width;
      break;
    case 2:
      *tw = v[0];
      *th = has_size ? v[0] * intrinsic->height / intrinsic->width : area->height;
      break;
    default:
      *tw = v[0];
      *th = v[1];
      break;
    }
}

/* Where tiles start along an axis of @room: a repeating axis gives one
 * start (the pattern repeats from it), a spaced one several */
static guint
tile_starts (GskLayerMaskRepeat  repeat,
             double              room,
             double             *tile,
             double              position,
             gboolean            percent,
             double             *starts,
             gboolean           *repeats)
{
  double offset;
  guint n, i;

  if (repeat == GSK_LAYER_MASK_REPEAT_ROUND)
    {
      /* As many whole tiles as fit best, stretched to fill */
      n = MAX (1, (guint) lround (room / *tile));
      *tile = room / n;
    }
  offset = percent ? (room - *tile) * position / 100 : position;

  if (repeat == GSK_LAYER_MASK_REPEAT_SPACE && *tile <= room)
    {
      n = MIN ((guint) floor (room / *tile), MAX_SPACED_TILES);
      *repeats = FALSE;
      if (n <= 1)
        {
          starts[0] = offset;
          return 1;
        }
      for (i = 0; i < n; i++)
        starts[i] = i * (*tile + (room - n * *tile) / (n - 1));
      return n;
    }

  *repeats = repeat == GSK_LAYER_MASK_REPEAT_REPEAT || repeat == GSK_LAYER_MASK_REPEAT_ROUND;
  starts[0] = offset;
  return 1;
}

/* Keeps the luminance of the premultiplied pixels as their alpha, as
 * CSS Masking's luminance mode does (Rec. 709 weights) */
static void
luminance_to_alpha (cairo_surface_t *surface)
{
  guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int x, y;

  cairo_surface_flush (surface);
  for (y = 0; y < height; y++)
    {
      guint32 *row = (guint32 *) (data + (gsize) y * stride);

      for (x = 0; x < width; x++)
        {
          guint32 p = row[x];
          guint32 l = (guint32) (0.2125 * ((p >> 16) & 0xff) + 0.7154 * ((p >> 8) & 0xff) + 0.0721 * (p & 0xff) + 0.5);

          l = MIN (l, 255);
          row[x] = l << 24 | l << 16 | l << 8 | l;
        }
    }
  cairo_surface_mark_dirty (surface);
}

/* How layer @i of a mask lays its tiles on a border box of @area */
typedef struct {
  double tw, th;
  double xs[MAX_SPACED_TILES], ys[MAX_SPACED_TILES];
  guint nx, ny;
  gboolean repeats_x, repeats_y;
} Tiling;

static gboolean
lay_tiles (const GskLayerMask    *self,
           guint                  i,
           const graphene_size_t *area,
           Tiling                *t)
{
  static const GskLayerMaskSize auto_size = { GSK_LAYER_MASK_SIZE_EXPLICIT, { 0, 0 }, 0, 3 };
  const GskLayerMaskSource *source = &self->images[i];
  const GskLayerMaskSize *size = self->n_sizes > 0 ? &self->sizes[i % self->n_sizes] : &auto_size;
  const float zero[2] = { 0, 0 };
  const float *position = self->n_positions > 0 ? self->positions[i % self->n_positions] : zero;
  guint8 percent = self->n_positions > 0 ? self->position_percent[i % self->n_positions] : 3;
  GskLayerMaskRepeat repeat_x = self->n_repeats > 0 ? self->repeats[i % self->n_repeats][0] : GSK_LAYER_MASK_REPEAT_REPEAT;
  GskLayerMaskRepeat repeat_y = self->n_repeats > 0 ? self->repeats[i % self->n_repeats][1] : GSK_LAYER_MASK_REPEAT_REPEAT;
  graphene_size_t intrinsic = GRAPHENE_SIZE_INIT (0, 0);

  if (source->none)
    return FALSE;
  if (source->surface != NULL)
    intrinsic = GRAPHENE_SIZE_INIT (cairo_image_surface_get_width (source->surface),
                                    cairo_image_surface_get_height (source->surface));

  tile_size (size, area, &intrinsic, &t->tw, &t->th);
  if (!(t->tw > 0 && t->th > 0 && t->tw < 1e6 && t->th < 1e6))
    return FALSE;
  t->nx = tile_starts (repeat_x, area->width, &t->tw, position[0], percent & 1, t->xs, &t->repeats_x);
  t->ny = tile_starts (repeat_y, area->height, &t->th, position[1], percent & 2, t->ys, &t->repeats_y);
  return TRUE;
}

gboolean
gsk_layer_mask_get_bounds (const GskLayerMask    *self,
                           const graphene_size_t *size,
                           graphene_rect_t       *bounds)
{
  graphene_rect_t area = GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
  gboolean any = FALSE;
  Tiling t;
  guint i;

  for (i = 0; i < self->n_images; i++)
    {
      graphene_rect_t r, shown;

      if (!lay_tiles (self, i, size, &t))
        continue;
      r.origin.x = t.repeats_x ? 0 : t.xs[0];
      r.origin.y = t.repeats_y ? 0 : t.ys[0];
      r.size.width = t.repeats_x ? size->width : t.xs[t.nx - 1] + t.tw - r.origin.x;
      r.size.height = t.repeats_y ? size->height : t.ys[t.ny - 1] + t.th - r.origin.y;
      if (!graphene_rect_intersection (&r, &area, &shown))
        continue;
      if (any)
        graphene_rect_union (bounds, &shown, bounds);
      else
        *bounds = shown;
      any = TRUE;
    }
  return any;
}

static void
draw_layer (const GskLayerMask    *self,
            guint                  i,
            cairo_t               *cr,
            const graphene_size_t *area)
{
  const GskLayerMaskSource *source = &self->images[i];
  GskLayerMaskMode mode = self->n_modes > 0 ? self->modes[i % self->n_modes] : GSK_LAYER_MASK_MODE_MATCH_SOURCE;
  graphene_size_t intrinsic = GRAPHENE_SIZE_INIT (0, 0);
  Tiling t;
  double tw, th, sx, sy;
  guint ix, iy;
  cairo_surface_t *tile;
  cairo_t *tcr;
  int pw, ph;

  if (!lay_tiles (self, i, area, &t))
    return;
  if (source->surface != NULL)
    intrinsic = GRAPHENE_SIZE_INIT (cairo_image_surface_get_width (source->surface),
                                    cairo_image_surface_get_height (source->surface));
  tw = t.tw;
  th = t.th;

  /* The tile at the raster's resolution */
  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  pw = CLAMP ((int) ceil (tw * sx - 0.01), 1, 8192);
  ph = CLAMP ((int) ceil (th * sy - 0.01), 1, 8192);
  tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cairo_surface_set_device_scale (tile, pw / tw, ph / th);
  tcr = cairo_create (tile);
  if (source->surface != NULL)
    {
      cairo_scale (tcr, tw / intrinsic.width, th / intrinsic.height);
      cairo_set_source_surface (tcr, source->surface, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (tcr), CAIRO_FILTER_GOOD);
      cairo_pattern_set_extend (cairo_get_source (tcr), CAIRO_EXTEND_PAD);
      cairo_paint (tcr);
    }
  else
    {
      graphene_size_t box_size = GRAPHENE_SIZE_INIT (tw, th);
      graphene_rect_t box = GRAPHENE_RECT_INIT (0, 0, tw, th);

      gsk_layer_gradient_paint (tcr, &source->gradient, &box_size, &box, &box,
                                (graphene_size_t[4]) { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } });
    }
  cairo_destroy (tcr);
  if (mode == GSK_LAYER_MASK_MODE_LUMINANCE)
    luminance_to_alpha (tile);

  /* Tile by tile along spaced axes; in one paint along repeating ones */
  for (iy = 0; iy < t.ny; iy++)
    for (ix = 0; ix < t.nx; ix++)
      {
        double x0 = t.repeats_x ? 0 : t.xs[ix], x1 = t.repeats_x ? area->width : t.xs[ix] + tw;
        double y0 = t.repeats_y ? 0 : t.ys[iy], y1 = t.repeats_y ? area->height : t.ys[iy] + th;

        x0 = MAX (x0, 0);
        y0 = MAX (y0, 0);
        x1 = MIN (x1, area->width);
        y1 = MIN (y1, area->height);
        if (x0 >= x1 || y0 >= y1)
          continue;
        cairo_save (cr);
        cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
        cairo_clip (cr);
        cairo_set_source_surface (cr, tile, t.xs[ix], t.ys[iy]);
        if (t.repeats_x || t.repeats_y)
          cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_REPEAT);
        cairo_paint (cr);
        cairo_restore (cr);
      }

  cairo_surface_destroy (tile);
}

void
gsk_layer_mask_draw (const GskLayerMask    *self,
                     cairo_t               *cr,
                     const graphene_size_t *size)
{
  guint i;

  /* The first image on top: added over those after it */
  for (i = self->n_images; i-- > 0; )
    draw_layer (self, i, cr, size);
}

/* }}} */
