/* gsk-layer-glyph-cache.c: glyph images, drawn once per font and scale
 *
 * Each glyph is drawn by pango-cairo alone, in white, into an image of
 * its ink extents, its origin where cairo would put it. cairo 1.16
 * (Debian 12's) draws every glyph of a text with its origin rounded to a
 * whole pixel, from an image it renders once per scaled font; cairo 1.18
 * (Debian 13's) rounds origins to the nearest quarter pixel on each axis
 * and renders an image per quarter (a phase), as GTK 4's own glyph cache
 * does. Which of the two the cairo at hand does is found by drawing a
 * glyph a quarter pixel apart, once. A label put together from these
 * images at the same snapped origins has the pixels cairo draws for the
 * whole label.
 *
 * The images of a font hang on the PangoFont (which the font map keeps
 * while layouts use it), so they go with it and hold nothing of Pango's
 * or fontconfig's alive. A font keeps at most MAX_PER_FONT of them
 * beyond those that runs still show.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-glyph-cache-private.h"

#include <math.h>
#include <string.h>

#define MAX_PER_FONT 4096
/* Around the ink extents: antialiasing reaches past them, and Pango's
 * extents are in its units */
#define PAD 2

typedef struct
{
  guint64 key;          /* glyph << 32 | the scale's bits */
  int phases;           /* x_phase * 16 + y_phase */
  GskLayerGlyphImage image;
} Entry;

static GMutex cache_lock;
static GQuark table_quark;
static guint n_rasterized;
static guint n_images;

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_atomic_int_add (&n_images, -1);
  g_clear_pointer (&entry->image.image, cairo_surface_destroy);
  g_free (entry);
}

static guint64
make_key (PangoGlyph glyph,
          float      scale)
{
  guint32 bits;

  memcpy (&bits, &scale, sizeof bits);

  return (guint64) glyph << 32 | bits;
}

static guint
entry_hash (gconstpointer data)
{
  const Entry *entry = data;

  return g_int64_hash (&entry->key) ^ (guint) entry->phases * 0x9e3779b1u;
}

static gboolean
entry_equal (gconstpointer a,
             gconstpointer b)
{
  const Entry *ea = a, *eb = b;

  return ea->key == eb->key && ea->phases == eb->phases;
}

/* Whether @image has any ink, and colours of its own rather than white */
static void
scan_image (cairo_surface_t *image,
            gboolean        *blank,
            gboolean        *colored)
{
  const guchar *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  int width = cairo_image_surface_get_width (image);
  int height = cairo_image_surface_get_height (image);
  int x, y;

  *blank = TRUE;
  *colored = FALSE;
  for (y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *) (data + y * stride);

      for (x = 0; x < width; x++)
        {
          guint32 a = row[x] >> 24;

          *blank &= row[x] == 0;
          *colored |= ((row[x] >> 16) & 0xff) != a || ((row[x] >> 8) & 0xff) != a || (row[x] & 0xff) != a;
        }
    }
}

static void
draw_glyph (PangoFont          *font,
            PangoGlyph          glyph,
            float               scale,
            double              dx,
            double              dy,
            GskLayerGlyphImage *image)
{
  PangoGlyphInfo info = { glyph, { 0, 0, 0 }, { 1, 0 } };
  PangoGlyphString glyphs = { 1, &info, NULL, 0 };
  PangoRectangle ink;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean blank, colored;
  int x0, y0, x1, y1;

  memset (image, 0, sizeof *image);

  pango_font_get_glyph_extents (font, glyph, &ink, NULL);
  if (ink.width <= 0 || ink.height <= 0)
    return;

  x0 = (int) floor ((double) ink.x * scale / PANGO_SCALE + dx) - PAD;
  y0 = (int) floor ((double) ink.y * scale / PANGO_SCALE + dy) - PAD;
  x1 = (int) ceil ((double) (ink.x + ink.width) * scale / PANGO_SCALE + dx) + PAD;
  y1 = (int) ceil ((double) (ink.y + ink.height) * scale / PANGO_SCALE + dy) + PAD;
  if (x1 - x0 > 4096 || y1 - y0 > 4096)
    return;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, x1 - x0, y1 - y0);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return;
    }

  n_rasterized++;

  /* As a label is drawn: a device scale, not a matrix, so that cairo
   * makes the same scaled font */
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, (dx - x0) / scale, (dy - y0) / scale);
  pango_cairo_show_glyph_string (cr, font, &glyphs);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  cairo_surface_set_device_scale (surface, 1, 1);

  scan_image (surface, &blank, &colored);
  if (blank)
    {
      cairo_surface_destroy (surface);
      return;
    }

  image->image = surface;
  image->x = x0;
  image->y = y0;
  image->colored = colored;
}

/* Lets go of the images no run shows any more */
static void
trim (GHashTable *table)
{
  GHashTableIter iter;
  Entry *entry;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &entry))
    if (entry->image.image == NULL || cairo_surface_get_reference_count (entry->image.image) == 1)
      g_hash_table_iter_remove (&iter);
}

/* Draws a glyph of a font at origins @a and @b (device pixels) and says
 * whether cairo drew them differently */
static gboolean
draws_apart (PangoFont *font,
             PangoGlyph glyph,
             double     ax,
             double     ay,
             double     bx,
             double     by)
{
  PangoGlyphInfo info = { glyph, { 0, 0, 0 }, { 1, 0 } };
  PangoGlyphString glyphs = { 1, &info, NULL, 0 };
  cairo_surface_t *surfaces[2];
  gboolean apart;

  for (int i = 0; i < 2; i++)
    {
      cairo_t *cr;

      surfaces[i] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
      cr = cairo_create (surfaces[i]);
      cairo_move_to (cr, 16 + (i ? bx : ax), 40 + (i ? by : ay));
      pango_cairo_show_glyph_string (cr, font, &glyphs);
      cairo_destroy (cr);
      cairo_surface_flush (surfaces[i]);
    }
  apart = memcmp (cairo_image_surface_get_data (surfaces[0]), cairo_image_surface_get_data (surfaces[1]),
                  (gsize) cairo_image_surface_get_stride (surfaces[0]) * 64) != 0;
  cairo_surface_destroy (surfaces[0]);
  cairo_surface_destroy (surfaces[1]);

  return apart;
}

int
gsk_layer_glyph_cache_get_phases (void)
{
  static gsize phases = 0;

  if (g_once_init_enter (&phases))
    {
      PangoFontMap *map = pango_cairo_font_map_new ();
      PangoContext *context = pango_font_map_create_context (map);
      PangoLayout *layout = pango_layout_new (context);
      PangoLayoutLine *line;
      gsize found = 1;

      pango_layout_set_text (layout, "W", -1);
      line = pango_layout_get_line_readonly (layout, 0);
      if (line != NULL && line->runs != NULL)
        {
          PangoLayoutRun *run = line->runs->data;
          PangoFont *font = run->item->analysis.font;
          PangoGlyph glyph = run->glyphs->num_glyphs > 0 ? run->glyphs->glyphs[0].glyph : PANGO_GLYPH_EMPTY;

          /* A quarter pixel apart, on either axis, drawn apart: cairo
           * positions glyphs at quarter pixels */
          if (glyph != PANGO_GLYPH_EMPTY && !(glyph & PANGO_GLYPH_UNKNOWN_FLAG) &&
              (draws_apart (font, glyph, 0, 0, 0.25, 0) || draws_apart (font, glyph, 0, 0, 0, 0.25)))
            found = 4;
        }
      g_object_unref (layout);
      g_object_unref (context);
      g_object_unref (map);
      g_once_init_leave (&phases, found);
    }

  return (int) phases;
}

void
gsk_layer_glyph_cache_lookup (PangoFont          *font,
                              PangoGlyph          glyph,
                              float               scale,
                              int                 x_phase,
                              int                 y_phase,
                              GskLayerGlyphImage *out)
{
  int phases = gsk_layer_glyph_cache_get_phases ();
  Entry probe = { make_key (glyph, scale), x_phase * 16 + y_phase, { 0 } };
  GHashTable *table;
  Entry *entry;

  g_mutex_lock (&cache_lock);

  if (G_UNLIKELY (table_quark == 0))
    table_quark = g_quark_from_static_string ("gsk-layer-glyph-images");

  table = g_object_get_qdata (G_OBJECT (font), table_quark);
  if (table == NULL)
    {
      table = g_hash_table_new_full (entry_hash, entry_equal, NULL, entry_free);
      g_object_set_qdata_full (G_OBJECT (font), table_quark, table, (GDestroyNotify) g_hash_table_unref);
    }

  entry = g_hash_table_lookup (table, &probe);
  if (entry == NULL)
    {
      if (g_hash_table_size (table) >= MAX_PER_FONT)
        trim (table);

      entry = g_new (Entry, 1);
      *entry = probe;
      g_atomic_int_inc (&n_images);
      draw_glyph (font, glyph, scale, (double) x_phase / phases, (double) y_phase / phases, &entry->image);
      g_hash_table_add (table, entry);
    }

  *out = entry->image;
  if (out->image != NULL)
    cairo_surface_reference (out->image);

  g_mutex_unlock (&cache_lock);
}

guint
gsk_layer_glyph_cache_get_n_images (void)
{
  return g_atomic_int_get (&n_images);
}

guint
gsk_layer_glyph_cache_get_n_rasterized (void)
{
  return n_rasterized;
}
