/* gsk-layer-path-parser.c: SVG path data, read and written
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gsk-layer-path-private.h"

typedef struct {
  const char *string;
  const char *p;
  GError **error;
  const char *error_start;
  const char *error_end;
} Parser;

static gboolean G_GNUC_PRINTF (5, 6)
parser_error (Parser       *parser,
              const char   *start,
              const char   *end,
              GskLayerError code,
              const char   *format,
              ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (parser->error, GSK_LAYER_ERROR, code, message);
  g_free (message);
  parser->error_start = start;
  parser->error_end = end;
  return FALSE;
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static void
skip_space (Parser *parser)
{
  while (is_space (*parser->p))
    parser->p++;
}

/* Space, then at most one comma and more space: what separates numbers */
static void
skip_separator (Parser *parser)
{
  skip_space (parser);
  if (*parser->p == ',')
    {
      parser->p++;
      skip_space (parser);
    }
}

/* The end of the number at @p as SVG writes one, or @p if none is there */
static const char *
scan_number (const char *p)
{
  const char *q = p;
  gboolean digits = FALSE;

  if (*q == '+' || *q == '-')
    q++;
  while (g_ascii_isdigit (*q))
    {
      q++;
      digits = TRUE;
    }
  if (*q == '.')
    {
      q++;
      while (g_ascii_isdigit (*q))
        {
          q++;
          digits = TRUE;
        }
    }
  if (!digits)
    return p;
  if (*q == 'e' || *q == 'E')
    {
      const char *e = q + 1;

      if (*e == '+' || *e == '-')
        e++;
      if (g_ascii_isdigit (*e))
        {
          while (g_ascii_isdigit (*e))
            e++;
          q = e;
        }
    }
  return q;
}

static gboolean
at_number (Parser *parser)
{
  return scan_number (parser->p) != parser->p;
}

static gboolean
parse_number (Parser     *parser,
              const char *what,
              float      *out)
{
  const char *end = scan_number (parser->p);
  char buf[64];
  double value;

  if (end == parser->p)
    {
      const char *token_end = parser->p;

      if (*token_end == '\0')
        return parser_error (parser, parser->p, parser->p, GSK_LAYER_ERROR_SYNTAX,
                             "expected %s, found the end of the path", what);
      token_end = g_utf8_next_char (token_end);
      return parser_error (parser, parser->p, token_end, GSK_LAYER_ERROR_SYNTAX,
                           "expected %s, found “%.*s”", what, (int) (token_end - parser->p), parser->p);
    }

  if ((gsize) (end - parser->p) >= sizeof buf)
    return parser_error (parser, parser->p, end, GSK_LAYER_ERROR_INVALID_VALUE, "number too long");
  memcpy (buf, parser->p, end - parser->p);
  buf[end - parser->p] = '\0';
  value = g_ascii_strtod (buf, NULL);
  if (!isfinite ((float) value))
    return parser_error (parser, parser->p, end, GSK_LAYER_ERROR_INVALID_VALUE,
                         "%s out of range", what);

  *out = value;
  parser->p = end;
  skip_separator (parser);
  return TRUE;
}

static gboolean
parse_flag (Parser   *parser,
            gboolean *out)
{
  if (*parser->p != '0' && *parser->p != '1')
    {
      const char *end = *parser->p ? g_utf8_next_char (parser->p) : parser->p;

      return parser_error (parser, parser->p, end, GSK_LAYER_ERROR_SYNTAX,
                           "an arc's flag is 0 or 1");
    }
  *out = *parser->p == '1';
  parser->p++;
  skip_separator (parser);
  return TRUE;
}

static gboolean
parse_numbers (Parser     *parser,
               float      *values,
               guint       n,
               const char *what)
{
  guint i;

  for (i = 0; i < n; i++)
    if (!parse_number (parser, what, &values[i]))
      return FALSE;
  return TRUE;
}

static gboolean
path_parse (Parser        *parser,
            GskLayerPath **out)
{
  GskLayerPathBuilder *builder = gsk_layer_path_builder_new ();
  graphene_point_t current = { 0, 0 }, start = { 0, 0 }, control = { 0, 0 };
  char last = 0;
  guint n_segments = 0;

  skip_space (parser);
  while (*parser->p)
    {
      const char *command_start = parser->p;
      char command = *parser->p;
      gboolean relative;
      gboolean first = TRUE;

      if (!strchr ("MmLlHhVvCcSsQqTtAaZz", command) || command == '\0')
        {
          const char *end = g_utf8_next_char (parser->p);

          gsk_layer_path_builder_unref (builder);
          return parser_error (parser, parser->p, end, GSK_LAYER_ERROR_SYNTAX,
                               "expected a path command, found “%.*s”", (int) (end - parser->p), parser->p);
        }
      if (last == 0 && command != 'M' && command != 'm')
        {
          gsk_layer_path_builder_unref (builder);
          return parser_error (parser, parser->p, parser->p + 1, GSK_LAYER_ERROR_SYNTAX,
                               "path data starts with a move (M or m), not “%c”", command);
        }

      relative = g_ascii_islower (command);
      parser->p++;
      skip_space (parser);

      /* A command takes its arguments again and again while numbers
       * follow; Z takes none */
      do
        {
          float v[7];
          float ox = relative ? current.x : 0, oy = relative ? current.y : 0;
          gboolean large, sweep;

          /* A close counts two: a segment after it starts with a move */
          n_segments += g_ascii_toupper (command) == 'Z' ? 2 : 1;
          if (n_segments > GSK_LAYER_PATH_MAX_SEGMENTS)
            {
              gsk_layer_path_builder_unref (builder);
              return parser_error (parser, command_start, parser->p, GSK_LAYER_ERROR_INVALID_VALUE,
                                   "a path holds at most %d segments", GSK_LAYER_PATH_MAX_SEGMENTS);
            }

          switch (g_ascii_toupper (command))
            {
            case 'M':
              if (!parse_numbers (parser, v, 2, "a coordinate"))
                goto fail;
              if (first)
                {
                  current = start = GRAPHENE_POINT_INIT (ox + v[0], oy + v[1]);
                  gsk_layer_path_builder_move_to (builder, current.x, current.y);
                }
              else
                {
                  /* Pairs after the first are lines */
                  current = GRAPHENE_POINT_INIT (ox + v[0], oy + v[1]);
                  gsk_layer_path_builder_line_to (builder, current.x, current.y);
                }
              control = current;
              break;

            case 'L':
              if (!parse_numbers (parser, v, 2, "a coordinate"))
                goto fail;
              current = GRAPHENE_POINT_INIT (ox + v[0], oy + v[1]);
              gsk_layer_path_builder_line_to (builder, current.x, current.y);
              control = current;
              break;

            case 'H':
              if (!parse_numbers (parser, v, 1, "a coordinate"))
                goto fail;
              current.x = ox + v[0];
              gsk_layer_path_builder_line_to (builder, current.x, current.y);
              control = current;
              break;

            case 'V':
              if (!parse_numbers (parser, v, 1, "a coordinate"))
                goto fail;
              current.y = oy + v[0];
              gsk_layer_path_builder_line_to (builder, current.x, current.y);
              control = current;
              break;

            case 'C':
              if (!parse_numbers (parser, v, 6, "a coordinate"))
                goto fail;
              gsk_layer_path_builder_cubic_to (builder, ox + v[0], oy + v[1], ox + v[2], oy + v[3], ox + v[4], oy + v[5]);
              control = GRAPHENE_POINT_INIT (ox + v[2], oy + v[3]);
              current = GRAPHENE_POINT_INIT (ox + v[4], oy + v[5]);
              break;

            case 'S':
              {
                /* The first control point mirrors the last curve's second */
                gboolean follows = strchr ("CcSs", first ? last : command) != NULL;
                graphene_point_t c1 = follows ? GRAPHENE_POINT_INIT (2 * current.x - control.x, 2 * current.y - control.y)
                                              : current;

                if (!parse_numbers (parser, v, 4, "a coordinate"))
                  goto fail;
                gsk_layer_path_builder_cubic_to (builder, c1.x, c1.y, ox + v[0], oy + v[1], ox + v[2], oy + v[3]);
                control = GRAPHENE_POINT_INIT (ox + v[0], oy + v[1]);
                current = GRAPHENE_POINT_INIT (ox + v[2], oy + v[3]);
              }
              break;

            case 'Q':
              if (!parse_numbers (parser, v, 4, "a coordinate"))
                goto fail;
              gsk_layer_path_builder_quad_to (builder, ox + v[0], oy + v[1], ox + v[2], oy + v[3]);
              control = GRAPHENE_POINT_INIT (ox + v[0], oy + v[1]);
              current = GRAPHENE_POINT_INIT (ox + v[2], oy + v[3]);
              break;

            case 'T':
              {
                gboolean follows = strchr ("QqTt", first ? last : command) != NULL;
                graphene_point_t c = follows ? GRAPHENE_POINT_INIT (2 * current.x - control.x, 2 * current.y - control.y)
                                             : current;

                if (!parse_numbers (parser, v, 2, "a coordinate"))
                  goto fail;
                gsk_layer_path_builder_quad_to (builder, c.x, c.y, ox + v[0], oy + v[1]);
                control = c;
                current = GRAPHENE_POINT_INIT (ox + v[0], oy + v[1]);
              }
              break;

            case 'A':
              if (!parse_numbers (parser, v, 3, "a number") ||
                  !parse_flag (parser, &large) || !parse_flag (parser, &sweep) ||
                  !parse_numbers (parser, v + 3, 2, "a coordinate"))
                goto fail;
              current = GRAPHENE_POINT_INIT (ox + v[3], oy + v[4]);
              gsk_layer_path_builder_svg_arc_to (builder, v[0], v[1], v[2], large, sweep, current.x, current.y);
              control = current;
              break;

            case 'Z':
              gsk_layer_path_builder_close (builder);
              current = control = start;
              break;

            default:
              g_assert_not_reached ();
            }

          first = FALSE;
        }
      while (g_ascii_toupper (command) != 'Z' && at_number (parser));

      last = command;
    }

  *out = gsk_layer_path_builder_free_to_path (builder);
  return TRUE;

fail:
  gsk_layer_path_builder_unref (builder);
  return FALSE;
}

GskLayerPath *
gsk_layer_path_parse_with_range (const char  *string,
                                 glong       *start,
                                 glong       *end,
                                 GError     **error)
{
  Parser parser = { string, string, error, NULL, NULL };
  const char *invalid;
  GskLayerPath *path = NULL;

  if (!g_utf8_validate (string, -1, &invalid))
    {
      parser_error (&parser, invalid, invalid + 1, GSK_LAYER_ERROR_SYNTAX, "the text is not UTF-8");
      if (start)
        *start = g_utf8_strlen (string, invalid - string);
      if (end)
        *end = (start ? *start : 0) + 1;
      return NULL;
    }

  if (path_parse (&parser, &path))
    return path;

  if (start)
    *start = g_utf8_pointer_to_offset (string, parser.error_start);
  if (end)
    *end = g_utf8_pointer_to_offset (string, parser.error_end);
  return NULL;
}

/**
 * gsk_layer_path_parse:
 * @string: SVG path data
 * @error: return location for an error
 *
 * Reads a path from SVG path data (the `d` attribute of SVG's `<path>`,
 * CSS's `path()`): `M`, `L`, `H`, `V`, `C`, `S`, `Q`, `T`, `A` and `Z`,
 * absolute and relative. The empty string is the empty path.
 *
 * Where SVG would draw a path up to its first error, this refuses the
 * whole of it, with an error that names the characters of the problem
 * ("characters 7-9: …").
 *
 * Returns: (transfer full) (nullable): the path, or %NULL with @error set
 *
 * Since: 0.1
 */
GskLayerPath *
gsk_layer_path_parse (const char  *string,
                      GError     **error)
{
  GError *local_error = NULL;
  GskLayerPath *path;
  glong start, end;

  g_return_val_if_fail (string != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = gsk_layer_path_parse_with_range (string, &start, &end, &local_error);
  if (path == NULL)
    g_propagate_prefixed_error (error, local_error, "characters %ld-%ld: ", start + 1, MAX (end, start + 1));

  return path;
}

/* The shortest of %g and %.9g that reads back as @value */
static void
append_number (GString *s,
               float    value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%g", value);
  if ((float) g_ascii_strtod (buf, NULL) != value)
    g_ascii_formatd (buf, sizeof buf, "%.9g", value);
  if (s->len > 0)
    g_string_append_c (s, ' ');
  g_string_append (s, buf);
}

/**
 * gsk_layer_path_to_string:
 * @self: a path
 *
 * @self as SVG path data, absolute commands only, that
 * [func@LayerPath.parse] reads back as an equal path.
 *
 * Returns: (transfer full): the path data
 *
 * Since: 0.1
 */
char *
gsk_layer_path_to_string (const GskLayerPath *self)
{
  static const char letters[] = "MLQCAZ";
  GString *s;
  const float *d;
  guint i, k;

  g_return_val_if_fail (self != NULL, NULL);

  s = g_string_new (NULL);
  d = self->data;
  for (i = 0; i < self->n_verbs; i++)
    {
      GskLayerPathVerb verb = self->verbs[i];
      guint n = gsk_layer_path_verb_n_data (verb);

      if (s->len > 0)
        g_string_append_c (s, ' ');
      g_string_append_c (s, letters[verb]);
      for (k = 0; k < n; k++)
        {
          if (verb == GSK_LAYER_PATH_ARC && (k == 3 || k == 4))
            g_string_append (s, d[k] != 0.f ? " 1" : " 0");
          else
            append_number (s, d[k]);
        }
      d += n;
    }

  return g_string_free (s, FALSE);
}
