/* gsk-layer-json-scanner-private.h: strict JSON syntax and value positions
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* json-glib 1.6 keeps no positions in its nodes, so the scanner builds
 * this tree beside the JsonNode tree: one GskLayerJsonPos per JSON value,
 * members in the order of the text. Lines and columns count from 1,
 * columns in characters. */
typedef struct _GskLayerJsonPos GskLayerJsonPos;

struct _GskLayerJsonPos
{
  guint line;
  guint column;
  gsize offset;         /* of the value's first byte */
  char *key;            /* the name of an object member, else NULL */
  guint key_line;       /* the position of the name, or of the value */
  guint key_column;
  GPtrArray *items;     /* members or elements, NULL for scalars */
};

/* Checks that @text is UTF-8 and strict JSON (RFC 8259: no comments,
 * no duplicate member names, integers that fit 64 bits), with arrays
 * and objects nested at most @max_depth deep, and returns the positions
 * of its values. It reads without recursion, so it can stand before
 * json-glib's recursive parser. On failure returns NULL and sets @error
 * in the GSK_LAYER_ERROR domain, with a message that has no position
 * prefix: the problem lies at *@out_error_line, *@out_error_column. */
GskLayerJsonPos *gsk_layer_json_scan             (const char        *text,
                                                  gsize              length,
                                                  guint              max_depth,
                                                  guint             *out_error_line,
                                                  guint             *out_error_column,
                                                  GError           **error);

void             gsk_layer_json_pos_free         (GskLayerJsonPos   *pos);

/* The index of the member @key of the object at @object, or G_MAXUINT */
guint            gsk_layer_json_pos_find_member  (GskLayerJsonPos   *object,
                                                  const char        *key);

/* The place in @text, which gsk_layer_json_scan() accepted, of the
 * @offset'th character of the string value at @pos */
void             gsk_layer_json_string_position  (const char        *text,
                                                  gsize              length,
                                                  GskLayerJsonPos   *pos,
                                                  glong              offset,
                                                  guint             *out_line,
                                                  guint             *out_column);

G_END_DECLS
