/* gsk-layer-css-scanner.c: the CSS tokens and errors that the
 * transform and easing parsers share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-css-scanner-private.h"

/* Both parsers read a function of comma-separated arguments, each a
 * number with an optional unit or an identifier, and report the first
 * problem with the bytes it spans. What the arguments mean, and the
 * messages about that, stay with each parser. */

/* {{{ Errors */

void
gsk_layer_css_parser_init (GskLayerCssParser       *parser,
                           const char              *string,
                           GskLayerCssParserFlags   flags,
                           GError                 **error)
{
  *parser = (GskLayerCssParser) {
    .string = string,
    .error = error,
    .flags = flags,
  };
}

gboolean
gsk_layer_css_parser_error (GskLayerCssParser *parser,
                            const char        *start,
                            const char        *end,
                            GskLayerError      code,
                            const char        *format,
                            ...)
{
  va_list args;
  char *message;

  parser->error_start = start;
  parser->error_end = end;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error_literal (parser->error, GSK_LAYER_ERROR, code, message);
  g_free (message);

  return FALSE;
}

gboolean
gsk_layer_css_parser_check_utf8 (GskLayerCssParser *parser)
{
  const char *invalid;

  if (g_utf8_validate (parser->string, -1, &invalid))
    return TRUE;

  parser->invalid_utf8 = TRUE;

  return gsk_layer_css_parser_error (parser, invalid, invalid + 1, GSK_LAYER_ERROR_SYNTAX,
                                     "invalid UTF-8");
}

void
gsk_layer_css_parser_get_error_range (GskLayerCssParser *parser,
                                      glong             *out_start,
                                      glong             *out_end)
{
  /* Everything before error_start is valid UTF-8; an invalid byte there
   * counts as one character */
  *out_start = g_utf8_pointer_to_offset (parser->string, parser->error_start);
  if (parser->invalid_utf8)
    *out_end = *out_start + 1;
  else
    *out_end = g_utf8_pointer_to_offset (parser->string, parser->error_end);
}

void
gsk_layer_css_propagate_error (GError **dest,
                               GError  *src,
                               glong    start,
                               glong    end)
{
  /* An empty range, at the end of the text, names the position there */
  g_propagate_prefixed_error (dest, src,
                              "characters %ld-%ld: ",
                              start + 1, MAX (end, start + 1));
}

gboolean
gsk_layer_css_parse_with_range (const char             *string,
                                GskLayerCssParserFlags  flags,
                                GskLayerCssParseFunc    parse,
                                gpointer                out,
                                glong                  *out_error_start,
                                glong                  *out_error_end,
                                GError                **error)
{
  GskLayerCssParser parser;
  glong start, end;

  gsk_layer_css_parser_init (&parser, string, flags, error);
  if (parse (&parser, out))
    return TRUE;

  gsk_layer_css_parser_get_error_range (&parser, &start, &end);
  if (out_error_start != NULL)
    *out_error_start = start;
  if (out_error_end != NULL)
    *out_error_end = end;

  return FALSE;
}

gboolean
gsk_layer_css_parse (const char             *string,
                     GskLayerCssParserFlags  flags,
                     GskLayerCssParseFunc    parse,
                     gpointer                out,
                     GError                **error)
{
  GError *local_error = NULL;
  glong start, end;

  if (gsk_layer_css_parse_with_range (string, flags, parse, out, &start, &end, &local_error))
    return TRUE;

  gsk_layer_css_propagate_error (error, local_error, start, end);

  return FALSE;
}

/* }}} */
/* {{{ Tokens */

void
gsk_layer_css_skip_space (const char **p)
{
  while (g_ascii_isspace (**p))
    (*p)++;
}

gboolean
gsk_layer_css_is_ident_start (const char *p)
{
  return g_ascii_isalpha (*p) || *p == '_' || (guchar) *p >= 0x80;
}

const char *
gsk_layer_css_scan_ident (const char *p)
{
  while (g_ascii_isalnum (*p) || *p == '_' || *p == '-' || (guchar) *p >= 0x80)
    p++;

  return p;
}

const char *
gsk_layer_css_scan_number (const char *p)
{
  const char *digits;

  if (*p == '+' || *p == '-')
    p++;

  digits = p;
  while (g_ascii_isdigit (*p))
    p++;
  if (*p == '.' && g_ascii_isdigit (p[1]))
    {
      p++;
      while (g_ascii_isdigit (*p))
        p++;
    }
  if (p == digits)
    return NULL;

  if ((*p == 'e' || *p == 'E') &&
      (g_ascii_isdigit (p[1]) ||
       ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
    {
      p += 2;
      while (g_ascii_isdigit (*p))
        p++;
    }

  return p;
}

const char *
gsk_layer_css_parser_scan_token (GskLayerCssParser *parser,
                                 const char        *p)
{
  const char *end;

  if (*p == '\0')
    return p;

  end = gsk_layer_css_scan_number (p);
  if (end != NULL)
    {
      if (*end == '%')
        return end + 1;
      return gsk_layer_css_is_ident_start (end) ? gsk_layer_css_scan_ident (end) : end;
    }

  if (gsk_layer_css_is_ident_start (p))
    {
      end = gsk_layer_css_scan_ident (p);
      if ((parser->flags & GSK_LAYER_CSS_PARSER_FUNCTION_TOKENS) && *end == '(')
        return end + 1;
      return end;
    }

  return g_utf8_next_char (p);
}

gboolean
gsk_layer_css_span_equal (const char *start,
                          const char *end,
                          const char *word)
{
  gsize length = end - start;

  return length == strlen (word) && g_ascii_strncasecmp (start, word, length) == 0;
}

/* }}} */
/* {{{ Arguments */

gboolean
gsk_layer_css_parser_parse_arg (GskLayerCssParser  *parser,
                                const char        **pp,
                                const char         *kind_name,
                                GskLayerCssArg     *arg)
{
  const char *p = *pp;
  const char *end;

  arg->start = p;

  end = gsk_layer_css_scan_number (p);
  if (end != NULL)
    {
      /* A copy, so that strtod sees only CSS syntax (no hex, no "inf") */
      char *number = g_strndup (p, end - p);

      arg->value = g_ascii_strtod (number, NULL);
      arg->is_ident = FALSE;
      arg->unit = end;
      g_free (number);

      if (*end == '%')
        end++;
      else if (gsk_layer_css_is_ident_start (end))
        end = gsk_layer_css_scan_ident (end);
    }
  else if (gsk_layer_css_is_ident_start (p))
    {
      arg->value = 0.0;
      arg->is_ident = TRUE;
      arg->unit = end = gsk_layer_css_scan_ident (p);
    }
  else
    {
      end = gsk_layer_css_parser_scan_token (parser, p);
      return gsk_layer_css_parser_error (parser, p, end, GSK_LAYER_ERROR_SYNTAX,
                                         "expected %s, got “%.*s”",
                                         kind_name, (int) (end - p), p);
    }

  arg->end = end;

  if (*end != '\0' && *end != ',' && *end != ')' && !g_ascii_isspace (*end))
    {
      const char *next = g_utf8_next_char (end);

      return gsk_layer_css_parser_error (parser, end, next, GSK_LAYER_ERROR_SYNTAX,
                                         "unexpected “%.*s” after “%.*s”",
                                         (int) (next - end), end,
                                         (int) (end - arg->start), arg->start);
    }

  *pp = end;

  return TRUE;
}

gboolean
gsk_layer_css_parser_parse_args (GskLayerCssParser         *parser,
                                 const GskLayerCssFunction *func,
                                 GskLayerCssKindName        kind_name,
                                 const char                *name,
                                 const char                *name_end,
                                 GskLayerCssArg            *args,
                                 guint                      n_args_max,
                                 guint                     *out_n_args,
                                 const char               **pp)
{
  const char *kinds = func->args;
  guint max_args = strlen (kinds);
  guint n_args = 0;
  const char *p;

  p = name_end + 1;
  gsk_layer_css_skip_space (&p);

  if (*p != ')')
    {
      for (;;)
        {
          GskLayerCssArg arg;

          if (*p == '\0')
            return gsk_layer_css_parser_error (parser, name, p, GSK_LAYER_ERROR_SYNTAX,
                                               "unterminated %s(): expected “)”",
                                               func->name);

          if (!gsk_layer_css_parser_parse_arg (parser, &p,
                                               kind_name (n_args < max_args ? kinds[n_args] : '?'),
                                               &arg))
            return FALSE;

          if (n_args < n_args_max)
            args[n_args] = arg;
          n_args++;

          gsk_layer_css_skip_space (&p);

          if (*p == ',')
            {
              p++;
              gsk_layer_css_skip_space (&p);
            }
          else if (*p == ')')
            {
              break;
            }
          else if (*p == '\0')
            {
              return gsk_layer_css_parser_error (parser, name, p, GSK_LAYER_ERROR_SYNTAX,
                                                 "unterminated %s(): expected “)”",
                                                 func->name);
            }
          else
            {
              const char *end = gsk_layer_css_parser_scan_token (parser, p);

              return gsk_layer_css_parser_error (parser, p, end, GSK_LAYER_ERROR_SYNTAX,
                                                 "expected “,” or “)”, got “%.*s”",
                                                 (int) (end - p), p);
            }
        }
    }

  /* Past the ')' */
  p++;

  if (n_args < func->min_args || n_args > max_args)
    {
      if (func->min_args == max_args)
        return gsk_layer_css_parser_error (parser, name, p, GSK_LAYER_ERROR_SYNTAX,
                                           "%s() takes %u argument%s, got %u",
                                           func->name,
                                           max_args, max_args == 1 ? "" : "s",
                                           n_args);
      else
        return gsk_layer_css_parser_error (parser, name, p, GSK_LAYER_ERROR_SYNTAX,
                                           "%s() takes %u to %u arguments, got %u",
                                           func->name, func->min_args, max_args,
                                           n_args);
    }

  *out_n_args = n_args;
  *pp = p;

  return TRUE;
}

/* }}} */
