/* gsk-layer-css-scanner-private.h: the CSS tokens and errors that the
 * transform and easing parsers share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-types.h"

G_BEGIN_DECLS

/* What differs between the parsers that use the scanner */
typedef enum {
  GSK_LAYER_CSS_PARSER_DEFAULT        = 0,
  /* A token quoted in a message names a function with its parenthesis:
   * “foo(” rather than “foo” */
  GSK_LAYER_CSS_PARSER_FUNCTION_TOKENS = 1 << 0,
} GskLayerCssParserFlags;

/* The state of one parse: the text, and the first problem once there
 * is one, as a GError and the bytes [error_start, error_end) */
typedef struct {
  const char *string;
  GError **error;
  GskLayerCssParserFlags flags;
  /* Where the problem is, once there is one */
  const char *error_start;
  const char *error_end;
  gboolean invalid_utf8;
} GskLayerCssParser;

/* One argument: a number with an optional unit or %, or an identifier.
 * The unit (or %) of a number runs from @unit to @end; for an
 * identifier @unit is @end and @value is 0. */
typedef struct {
  const char *start;
  const char *unit;
  const char *end;
  double value;
  gboolean is_ident;
} GskLayerCssArg;

/* A function and its arguments: one letter per argument in @args, with
 * the meaning the parser gives it, the first @min_args of them needed */
typedef struct {
  const char *name;
  guint min_args;
  const char *args;
} GskLayerCssFunction;

/* What a parser calls the argument of kind @kind in a message ("a
 * number"); '?' stands for one past the last */
typedef const char * (* GskLayerCssKindName) (char kind);

void         gsk_layer_css_parser_init       (GskLayerCssParser       *parser,
                                              const char              *string,
                                              GskLayerCssParserFlags   flags,
                                              GError                 **error);

/* Sets the error, a GSK_LAYER_ERROR with a message without position,
 * at the bytes [@start, @end); returns FALSE, for the convenience of
 * callers */
gboolean     gsk_layer_css_parser_error      (GskLayerCssParser       *parser,
                                              const char              *start,
                                              const char              *end,
                                              GskLayerError            code,
                                              const char              *format,
                                              ...) G_GNUC_PRINTF (5, 6);

/* Checks that the whole text is UTF-8, or sets an error at the first
 * invalid byte */
gboolean     gsk_layer_css_parser_check_utf8 (GskLayerCssParser       *parser);

/* The 0-based character offsets [*out_start, *out_end) of the error;
 * an invalid byte counts as one character */
void         gsk_layer_css_parser_get_error_range
                                             (GskLayerCssParser       *parser,
                                              glong                   *out_start,
                                              glong                   *out_end);

/* Propagates @src to @dest with the 1-based range of characters, both
 * ends included, of the offsets [@start, @end) in front of its
 * message: "characters 14-16: ". An empty range names the character at
 * @start. */
void         gsk_layer_css_propagate_error   (GError                 **dest,
                                              GError                  *src,
                                              glong                    start,
                                              glong                    end);

/* A whole value's parser: parses all of @parser's text into @out */
typedef gboolean (* GskLayerCssParseFunc) (GskLayerCssParser *parser,
                                           gpointer           out);

/* Runs @parse over @string. On failure the message has no position
 * prefix, and the problem lies at the 0-based character offsets
 * [*out_error_start, *out_error_end) of @string (both optional). */
gboolean     gsk_layer_css_parse_with_range  (const char              *string,
                                              GskLayerCssParserFlags   flags,
                                              GskLayerCssParseFunc     parse,
                                              gpointer                 out,
                                              glong                   *out_error_start,
                                              glong                   *out_error_end,
                                              GError                 **error);

/* The same, with the range in front of the message (see
 * gsk_layer_css_propagate_error()), for the public parse functions */
gboolean     gsk_layer_css_parse             (const char              *string,
                                              GskLayerCssParserFlags   flags,
                                              GskLayerCssParseFunc     parse,
                                              gpointer                 out,
                                              GError                 **error);

void         gsk_layer_css_skip_space        (const char             **p);
gboolean     gsk_layer_css_is_ident_start    (const char              *p);
const char * gsk_layer_css_scan_ident        (const char              *p);

/* A CSS number; returns where it ends, or NULL if there is none at @p */
const char * gsk_layer_css_scan_number       (const char              *p);

/* The end of the token at @p, for naming it in a message */
const char * gsk_layer_css_parser_scan_token (GskLayerCssParser       *parser,
                                              const char              *p);

/* Whether the text from @start to @end is @word, in any ASCII case */
gboolean     gsk_layer_css_span_equal        (const char              *start,
                                              const char              *end,
                                              const char              *word);

/* Reads one argument of kind @kind at *@pp into @arg and sets *@pp
 * past it */
gboolean     gsk_layer_css_parser_parse_arg  (GskLayerCssParser       *parser,
                                              const char             **pp,
                                              const char              *kind_name,
                                              GskLayerCssArg          *arg);

/* Reads the arguments of @func, whose name is spelled from @name to
 * @name_end where a '(' follows, and checks their number. The first
 * @n_args_max of them go to @args; *@out_n_args is their number, and
 * *@pp is set past the ')' */
gboolean     gsk_layer_css_parser_parse_args (GskLayerCssParser         *parser,
                                              const GskLayerCssFunction *func,
                                              GskLayerCssKindName        kind_name,
                                              const char                *name,
                                              const char                *name_end,
                                              GskLayerCssArg            *args,
                                              guint                      n_args_max,
                                              guint                     *out_n_args,
                                              const char               **pp);

G_END_DECLS
