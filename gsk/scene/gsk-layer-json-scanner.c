/* gsk-layer-json-scanner.c: strict JSON syntax and value positions
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-json-scanner-private.h"
#include "gsk-layer-types.h"

/* json-glib 1.6 keeps no positions in its nodes, so the scene loader
 * needs a scanner of its own to name the line and column of a bad value.
 * The scanner is also the strict judge of syntax (json-glib accepts
 * comments, single quotes, duplicate keys and wraps big integers
 * around), and it refuses deep nesting before json-glib's recursive
 * parser sees it. */

/* {{{ Scanning */

typedef struct
{
  const char *start;
  const char *p;
  const char *end;
  guint line;
  guint column;

  /* The first problem found */
  gboolean failed;
  guint error_line;
  guint error_column;
  GError **error;
} Scanner;

/* Returns FALSE, for the convenience of callers */
static gboolean G_GNUC_PRINTF (5, 6)
scan_error (Scanner      *s,
            guint         line,
            guint         column,
            GskLayerError code,
            const char   *format,
            ...)
{
  va_list args;

  if (s->failed)
    return FALSE;

  s->failed = TRUE;
  s->error_line = line;
  s->error_column = column;
  if (s->error)
    {
      va_start (args, format);
      g_propagate_error (s->error, g_error_new_valist (GSK_LAYER_ERROR, code, format, args));
      va_end (args);
    }

  return FALSE;
}

static void
scanner_next (Scanner *s)
{
  if (*s->p == '\n')
    {
      s->line++;
      s->column = 1;
    }
  else if (((guchar) *s->p & 0xc0) != 0x80)
    {
      /* Past a character's first byte, the column is the next one's */
      s->column++;
    }
  s->p++;
}

static void
scanner_skip (Scanner *s,
              gsize    n_bytes)
{
  while (n_bytes-- > 0 && s->p < s->end)
    scanner_next (s);
}

static void
scanner_skip_space (Scanner *s)
{
  while (s->p < s->end && strchr (" \t\n\r", *s->p) != NULL)
    scanner_next (s);
}

static gboolean
scanner_at (Scanner *s,
            char     c)
{
  return s->p < s->end && *s->p == c;
}

static gboolean
unexpected (Scanner    *s,
            const char *expected)
{
  const char *q;

  if (s->p >= s->end)
    return scan_error (s, s->line, s->column, GSK_LAYER_ERROR_SYNTAX,
                       "expected %s, not the end of the text", expected);

  /* Quote a word, or else one character */
  for (q = s->p; q < s->end && q - s->p < 20; q++)
    if (!g_ascii_isalnum (*q) && strchr ("_.+-", *q) == NULL)
      break;
  if (q == s->p)
    q = g_utf8_next_char (s->p);

  return scan_error (s, s->line, s->column, GSK_LAYER_ERROR_SYNTAX,
                     "expected %s, not “%.*s”", expected, (int) (q - s->p), s->p);
}

static int
hex4 (const char *p,
      const char *end)
{
  int value = 0;

  for (int i = 0; i < 4; i++)
    {
      int digit = p + i < end ? g_ascii_xdigit_value (p[i]) : -1;

      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }

  return value;
}

/* At a backslash in a string: checks the escape and appends its
 * character to @value, if any */
static gboolean
scan_escape (Scanner *s,
             GString *value)
{
  static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
  guint line = s->line, column = s->column;
  char e = s->p + 1 < s->end ? s->p[1] : 0;
  gunichar c = 0;
  gsize skip = 2;
  int high, low = 0;

  for (guint i = 0; e && i < sizeof escapes - 1; i += 2)
    if (escapes[i] == e)
      c = escapes[i + 1];

  if (e == 'u')
    {
      if ((high = hex4 (s->p + 2, s->end)) < 0)
        return scan_error (s, line, column, GSK_LAYER_ERROR_SYNTAX, "invalid escape sequence");

      c = high;
      skip = 6;
      if (high >= 0xd800 && high <= 0xdbff && s->end - s->p >= 12 &&
          s->p[6] == '\\' && s->p[7] == 'u' &&
          (low = hex4 (s->p + 8, s->end)) >= 0xdc00 && low <= 0xdfff)
        {
          c = 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00);
          skip = 12;
        }
      else if (high >= 0xd800 && high <= 0xdfff)
        return scan_error (s, line, column, GSK_LAYER_ERROR_SYNTAX,
                           "a \\u escape of a UTF-16 surrogate must be half of a pair");
      else if (c == 0)
        return scan_error (s, line, column, GSK_LAYER_ERROR_INVALID_VALUE,
                           "strings cannot contain NUL characters");
    }
  else if (c == 0)
    return scan_error (s, line, column, GSK_LAYER_ERROR_SYNTAX, "invalid escape sequence");

  if (value)
    g_string_append_unichar (value, c);
  scanner_skip (s, skip);

  return TRUE;
}

/* At a quote; appends the decoded string to @value, if any */
static gboolean
scan_string (Scanner *s,
             GString *value)
{
  guint line = s->line, column = s->column;

  scanner_next (s);
  while (s->p < s->end && *s->p != '"')
    {
      if (*s->p == '\\')
        {
          if (!scan_escape (s, value))
            return FALSE;
        }
      else if ((guchar) *s->p < 0x20)
        {
          if (*s->p == '\n')
            break;
          return scan_error (s, s->line, s->column, GSK_LAYER_ERROR_SYNTAX,
                             "control characters in strings must be escaped");
        }
      else
        {
          if (value)
            g_string_append_c (value, *s->p);
          scanner_next (s);
        }
    }

  if (!scanner_at (s, '"'))
    return scan_error (s, line, column, GSK_LAYER_ERROR_SYNTAX, "unterminated string");

  scanner_next (s);
  return TRUE;
}

static gboolean
scan_digits (Scanner *s)
{
  if (s->p >= s->end || !g_ascii_isdigit (*s->p))
    return FALSE;
  while (s->p < s->end && g_ascii_isdigit (*s->p))
    scanner_next (s);
  return TRUE;
}

static gboolean
scan_number (Scanner *s)
{
  const char *start = s->p;
  guint line = s->line, column = s->column;
  gboolean integer = TRUE, fits;
  char *text;

  if (scanner_at (s, '-'))
    scanner_next (s);
  if (scanner_at (s, '0'))
    {
      scanner_next (s);
      if (s->p < s->end && g_ascii_isdigit (*s->p))
        goto bad;
    }
  else if (!scan_digits (s))
    goto bad;
  if (scanner_at (s, '.'))
    {
      integer = FALSE;
      scanner_next (s);
      if (!scan_digits (s))
        goto bad;
    }
  if (scanner_at (s, 'e') || scanner_at (s, 'E'))
    {
      integer = FALSE;
      scanner_next (s);
      if (scanner_at (s, '+') || scanner_at (s, '-'))
        scanner_next (s);
      if (!scan_digits (s))
        goto bad;
    }
  if (!integer)
    return TRUE;

  text = g_strndup (start, s->p - start);
  fits = g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, NULL, NULL);
  if (!fits)
    scan_error (s, line, column, GSK_LAYER_ERROR_INVALID_VALUE, "the integer %s is too large", text);
  g_free (text);
  return fits;

bad:
  return scan_error (s, line, column, GSK_LAYER_ERROR_SYNTAX, "malformed number");
}

static gboolean
scan_literal (Scanner *s)
{
  static const char * const literals[] = { "true", "false", "null" };

  for (guint i = 0; i < G_N_ELEMENTS (literals); i++)
    {
      gsize len = strlen (literals[i]);

      if ((gsize) (s->end - s->p) >= len && memcmp (s->p, literals[i], len) == 0 &&
          (s->p + len == s->end || !g_ascii_isalnum (s->p[len])))
        {
          scanner_skip (s, len);
          return TRUE;
        }
    }

  return FALSE;
}

typedef struct
{
  GskLayerJsonPos *pos;
  GHashTable *keys;     /* for objects: the member names so far */
} Frame;

static void
frame_clear (gpointer data)
{
  g_clear_pointer (&((Frame *) data)->keys, g_hash_table_unref);
}

/* Checks the syntax of the whole text and returns the positions of its
 * values, with an explicit stack rather than recursion */
static GskLayerJsonPos *
scan_document (Scanner *s,
               guint    max_depth)
{
  enum { VALUE, AFTER_VALUE, KEY } state = VALUE;
  guint key_line = 0, key_column = 0;
  gboolean ok = FALSE;
  char *key = NULL;
  GskLayerJsonPos *root = NULL;
  GArray *stack;

  stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_array_set_clear_func (stack, frame_clear);

  for (;;)
    {
      Frame *top = stack->len ? &g_array_index (stack, Frame, stack->len - 1) : NULL;
      gboolean object = top && top->keys;
      GskLayerJsonPos *pos;

      scanner_skip_space (s);

      if (state == KEY)
        {
          GString *name = g_string_new (NULL);

          key_line = s->line;
          key_column = s->column;
          if (!scanner_at (s, '"'))
            unexpected (s, "a member name in double quotes");
          else if (scan_string (s, name))
            key = g_strdup (name->str);
          g_string_free (name, TRUE);
          if (key == NULL)
            break;
          if (g_hash_table_contains (top->keys, key))
            {
              scan_error (s, key_line, key_column, GSK_LAYER_ERROR_SYNTAX,
                          "duplicate member “%s”", key);
              break;
            }
          scanner_skip_space (s);
          if (!scanner_at (s, ':'))
            {
              unexpected (s, "“:” after the member name");
              break;
            }
          scanner_next (s);
          state = VALUE;
          continue;
        }

      if (state == AFTER_VALUE)
        {
          if (top == NULL)
            {
              ok = s->p == s->end || unexpected (s, "the end of the text");
              break;
            }
          if (scanner_at (s, ','))
            state = object ? KEY : VALUE;
          else if (!scanner_at (s, object ? '}' : ']'))
            {
              unexpected (s, object ? "“,” or “}”" : "“,” or “]”");
              break;
            }
          else
            g_array_set_size (stack, stack->len - 1);
          scanner_next (s);
          continue;
        }

      pos = g_new0 (GskLayerJsonPos, 1);
      pos->line = pos->key_line = s->line;
      pos->column = pos->key_column = s->column;
      pos->offset = s->p - s->start;
      if (key)
        {
          pos->key = g_steal_pointer (&key);
          pos->key_line = key_line;
          pos->key_column = key_column;
          g_hash_table_add (top->keys, pos->key);
        }
      if (top)
        g_ptr_array_add (top->pos->items, pos);
      else
        root = pos;

      state = AFTER_VALUE;
      if (scanner_at (s, '{') || scanner_at (s, '['))
        {
          Frame frame = { pos, NULL };

          if (stack->len >= max_depth)
            {
              scan_error (s, s->line, s->column, GSK_LAYER_ERROR_INVALID_VALUE,
                          "values are nested more than %u deep", max_depth);
              break;
            }
          object = *s->p == '{';
          pos->items = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_layer_json_pos_free);
          if (object)
            frame.keys = g_hash_table_new (g_str_hash, g_str_equal);
          g_array_append_val (stack, frame);
          scanner_next (s);
          scanner_skip_space (s);
          if (scanner_at (s, object ? '}' : ']'))
            {
              scanner_next (s);
              g_array_set_size (stack, stack->len - 1);
            }
          else
            state = object ? KEY : VALUE;
        }
      else if (scanner_at (s, '"'))
        {
          if (!scan_string (s, NULL))
            break;
        }
      else if (scanner_at (s, '-') || (s->p < s->end && g_ascii_isdigit (*s->p)))
        {
          if (!scan_number (s))
            break;
        }
      else if (!scan_literal (s))
        {
          unexpected (s, "a value");
          break;
        }
    }

  g_array_unref (stack);
  g_free (key);
  if (!ok)
    g_clear_pointer (&root, gsk_layer_json_pos_free);

  return root;
}

/* }}} */
/* {{{ Private API */

GskLayerJsonPos *
gsk_layer_json_scan (const char  *text,
                     gsize        length,
                     guint        max_depth,
                     guint       *out_error_line,
                     guint       *out_error_column,
                     GError     **error)
{
  Scanner s = { text, text, text + length, 1, 1, .error = error };
  GskLayerJsonPos *root = NULL;
  const char *invalid;

  if (!g_utf8_validate_len (text, length, &invalid))
    {
      Scanner u = { text, text, invalid, 1, 1 };

      scanner_skip (&u, invalid - text);
      scan_error (&s, u.line, u.column, GSK_LAYER_ERROR_SYNTAX,
                  *invalid ? "invalid UTF-8" : "NUL byte in the text");
    }
  else
    root = scan_document (&s, max_depth);

  if (root == NULL)
    {
      if (out_error_line)
        *out_error_line = s.error_line;
      if (out_error_column)
        *out_error_column = s.error_column;
    }

  return root;
}

void
gsk_layer_json_pos_free (GskLayerJsonPos *pos)
{
  g_free (pos->key);
  if (pos->items)
    g_ptr_array_unref (pos->items);
  g_free (pos);
}

guint
gsk_layer_json_pos_find_member (GskLayerJsonPos *object,
                                const char      *key)
{
  for (guint i = 0; i < object->items->len; i++)
    if (g_str_equal (((GskLayerJsonPos *) g_ptr_array_index (object->items, i))->key, key))
      return i;

  return G_MAXUINT;
}

void
gsk_layer_json_string_position (const char      *text,
                                gsize            length,
                                GskLayerJsonPos *pos,
                                glong            offset,
                                guint           *out_line,
                                guint           *out_column)
{
  Scanner s = { text, text + pos->offset, text + length, pos->line, pos->column };

  scanner_next (&s);
  for (glong i = 0; i < offset && s.p < s.end && *s.p != '"'; i++)
    {
      int high = s.p[0] == '\\' && s.p[1] == 'u' ? hex4 (s.p + 2, s.end) : -1;

      if (*s.p != '\\')
        scanner_skip (&s, g_utf8_next_char (s.p) - s.p);
      else
        scanner_skip (&s, high >= 0xd800 && high <= 0xdbff ? 12 : high >= 0 ? 6 : 2);
    }

  *out_line = s.line;
  *out_column = s.column;
}

/* }}} */
