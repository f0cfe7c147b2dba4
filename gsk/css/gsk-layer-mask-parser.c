/* gsk-layer-mask-parser.c: CSS Masking's mask-image, mask-mode,
 * mask-size, mask-position and mask-repeat in style declarations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-style-parser-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-content.h"

/* The image of url(…) in [@p, @end): a PNG data: URI, or a file (any
 * format gdk-pixbuf reads) relative to the parser's base */
static gboolean
parse_url (Parser             *parser,
           const char         *p,
           const char         *end,
           GskLayerMaskSource *source)
{
  const char *a = p + 4, *b = end - 1;
  GError *local_error = NULL;
  cairo_surface_t *surface;
  char *url;

  while (a < b && g_ascii_isspace (*a))
    a++;
  while (b > a && g_ascii_isspace (b[-1]))
    b--;
  if (b - a >= 2 && (*a == '"' || *a == '\'') && b[-1] == *a)
    a++, b--;
  if (a == b)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "url() names no image");
  url = g_strndup (a, b - a);

  if (g_str_has_prefix (url, GSK_LAYER_PNG_DATA_URI))
    {
      surface = gsk_layer_png_data_uri_decode (url, &local_error);
      if (surface == NULL)
        {
          gsk_layer_style_parser_fail (parser, a, local_error->code, "%s", local_error->message);
          g_error_free (local_error);
          g_free (url);
          return FALSE;
        }
    }
  else if (g_str_has_prefix (url, "data:") || strstr (url, "://") != NULL)
    {
      g_free (url);
      return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_UNSUPPORTED,
                                          "only PNG data: URIs and files are supported");
    }
  else
    {
      char *path = g_canonicalize_filename (url, parser->base_dir);
      GskLayerContent *content = gsk_layer_image_content_new_from_file (path, &local_error);

      g_free (path);
      if (content == NULL)
        {
          gsk_layer_style_parser_fail (parser, a, local_error->code, "%s", local_error->message);
          g_error_free (local_error);
          g_free (url);
          return FALSE;
        }
      surface = cairo_surface_reference (gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (content)));
      g_object_unref (content);
    }

  source->surface = surface;
  source->url = url;
  return TRUE;
}

static gboolean
parse_image (Parser             *parser,
             const char         *p,
             const char         *end,
             GskLayerMaskSource *source)
{
  const char *paren = memchr (p, '(', end - p);

  if (gsk_layer_style_parser_span_is (p, end, "none"))
    {
      source->none = TRUE;
      return TRUE;
    }
  if (paren != NULL && end[-1] == ')' && gsk_layer_style_parser_span_is (p, paren, "url"))
    return parse_url (parser, p, end, source);
  if (paren != NULL && end[-1] == ')' && paren - p > 9 && g_ascii_strncasecmp (paren - 9, "-gradient", 9) == 0)
    return gsk_layer_style_parser_gradient (parser, p, end, &source->gradient);
  if (paren != NULL && end[-1] == ')')
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_UNSUPPORTED,
                                        "only gradients and url() images are supported as masks");
  return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected none, a gradient or url()");
}

static gboolean
parse_mode (Parser           *parser,
            const char       *p,
            const char       *end,
            GskLayerMaskMode *mode)
{
  if (gsk_layer_style_parser_span_is (p, end, "alpha"))
    *mode = GSK_LAYER_MASK_MODE_ALPHA;
  else if (gsk_layer_style_parser_span_is (p, end, "luminance"))
    *mode = GSK_LAYER_MASK_MODE_LUMINANCE;
  else if (gsk_layer_style_parser_span_is (p, end, "match-source"))
    *mode = GSK_LAYER_MASK_MODE_MATCH_SOURCE;
  else
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX,
                                        "expected alpha, luminance or match-source");
  return TRUE;
}

static gboolean
parse_size (Parser           *parser,
            const char       *p,
            const char       *end,
            GskLayerMaskSize *size)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  int n, axis;

  if (!gsk_layer_style_parser_split (parser, p, end, 2, starts, ends, &n))
    return FALSE;
  memset (size, 0, sizeof *size);
  if (n == 1 && gsk_layer_style_parser_span_is (starts[0], ends[0], "cover"))
    {
      size->kind = GSK_LAYER_MASK_SIZE_COVER;
      return TRUE;
    }
  if (n == 1 && gsk_layer_style_parser_span_is (starts[0], ends[0], "contain"))
    {
      size->kind = GSK_LAYER_MASK_SIZE_CONTAIN;
      return TRUE;
    }

  /* One value is the width, the height auto */
  size->automatic = n == 1 ? 2 : 0;
  for (axis = 0; axis < n; axis++)
    {
      const char *r = starts[axis];
      gboolean percent;

      if (gsk_layer_style_parser_span_is (starts[axis], ends[axis], "auto"))
        {
          size->automatic |= 1 << axis;
          continue;
        }
      if (!gsk_layer_style_parser_dimension (parser, &r, ends[axis], FALSE, &size->value[axis], &percent))
        return FALSE;
      if (r != ends[axis])
        return gsk_layer_style_parser_fail (parser, r, GSK_LAYER_ERROR_SYNTAX,
                                            "expected cover, contain, auto, a length or a percentage");
      size->percent |= percent << axis;
    }
  return TRUE;
}

static gboolean
parse_repeat_keyword (Parser             *parser,
                      const char         *p,
                      const char         *end,
                      GskLayerMaskRepeat *repeat)
{
  static const char * const names[] = { "repeat", "no-repeat", "space", "round" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (names); i++)
    if (gsk_layer_style_parser_span_is (p, end, names[i]))
      {
        *repeat = i;
        return TRUE;
      }
  return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX,
                                      "expected repeat, no-repeat, space, round, repeat-x or repeat-y");
}

static gboolean
parse_repeat (Parser             *parser,
              const char         *p,
              const char         *end,
              GskLayerMaskRepeat  repeat[2])
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  int n;

  if (!gsk_layer_style_parser_split (parser, p, end, 2, starts, ends, &n))
    return FALSE;
  if (n == 1 && gsk_layer_style_parser_span_is (starts[0], ends[0], "repeat-x"))
    {
      repeat[0] = GSK_LAYER_MASK_REPEAT_REPEAT;
      repeat[1] = GSK_LAYER_MASK_REPEAT_NO_REPEAT;
      return TRUE;
    }
  if (n == 1 && gsk_layer_style_parser_span_is (starts[0], ends[0], "repeat-y"))
    {
      repeat[0] = GSK_LAYER_MASK_REPEAT_NO_REPEAT;
      repeat[1] = GSK_LAYER_MASK_REPEAT_REPEAT;
      return TRUE;
    }
  if (!parse_repeat_keyword (parser, starts[0], ends[0], &repeat[0]))
    return FALSE;
  if (n == 1)
    {
      repeat[1] = repeat[0];
      return TRUE;
    }
  return parse_repeat_keyword (parser, starts[1], ends[1], &repeat[1]);
}

gboolean
gsk_layer_style_parser_mask (Parser        *parser,
                             const char    *name,
                             const char    *p,
                             const char    *end,
                             GskLayerStyle *style,
                             gboolean      *handled)
{
  enum { IMAGE, MODE, SIZE, POSITION, REPEAT } which;
  GskLayerMask *mask;
  guint n = 0;

  *handled = TRUE;
  if (g_str_equal (name, "mask-image"))
    which = IMAGE;
  else if (g_str_equal (name, "mask-mode"))
    which = MODE;
  else if (g_str_equal (name, "mask-size"))
    which = SIZE;
  else if (g_str_equal (name, "mask-position"))
    which = POSITION;
  else if (g_str_equal (name, "mask-repeat"))
    which = REPEAT;
  else
    {
      *handled = FALSE;
      return FALSE;
    }

  /* The style being read is this parser's alone: its mask too */
  if (style->mask == NULL)
    style->mask = gsk_layer_mask_new ();
  mask = style->mask;
  /* A later declaration replaces an earlier one */
  if (which == IMAGE)
    {
      for (guint i = 0; i < mask->n_images; i++)
        {
          g_clear_pointer (&mask->images[i].surface, cairo_surface_destroy);
          g_clear_pointer (&mask->images[i].url, g_free);
        }
      memset (mask->images, 0, sizeof mask->images);
      mask->n_images = 0;
    }

  while (p <= end)
    {
      const char *stop = gsk_layer_style_parser_next_comma (p, end), *a = p, *b = stop;
      gboolean ok = FALSE;

      while (a < b && g_ascii_isspace (*a))
        a++;
      while (b > a && g_ascii_isspace (b[-1]))
        b--;
      if (a == b)
        return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_SYNTAX, "expected a value before “,”");
      if (n == GSK_LAYER_MASK_MAX_LAYERS)
        return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_INVALID_VALUE, "more than %d mask layers",
                                            GSK_LAYER_MASK_MAX_LAYERS);
      switch (which)
        {
        case IMAGE:
          ok = parse_image (parser, a, b, &mask->images[n]);
          /* Counted even when it failed: what it holds is freed with it */
          mask->n_images = n + 1;
          break;
        case MODE:
          ok = parse_mode (parser, a, b, &mask->modes[n]);
          break;
        case SIZE:
          ok = parse_size (parser, a, b, &mask->sizes[n]);
          break;
        case POSITION:
          {
            const char *starts[MAX_VALUES], *ends[MAX_VALUES];
            int count;

            ok = gsk_layer_style_parser_split (parser, a, b, 2, starts, ends, &count) &&
                 gsk_layer_style_parser_position (parser, a, starts, ends, count, mask->positions[n],
                                                  &mask->position_percent[n]);
          }
          break;
        case REPEAT:
          ok = parse_repeat (parser, a, b, mask->repeats[n]);
          break;
        default:
          g_assert_not_reached ();
        }
      if (!ok)
        return FALSE;
      n++;
      p = stop + 1;
    }

  switch (which)
    {
    case IMAGE: mask->n_images = n; break;
    case MODE: mask->n_modes = n; break;
    case SIZE: mask->n_sizes = n; break;
    case POSITION: mask->n_positions = n; break;
    case REPEAT: mask->n_repeats = n; break;
    default: break;
    }
  style->set |= GSK_LAYER_STYLE_MASK;
  return TRUE;
}
