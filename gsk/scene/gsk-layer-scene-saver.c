/* gsk-layer-scene-saver.c: writing a layer tree as a scene file, only
 * what differs from a new layer, with numbers as short as read back
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "gsk-layer-scene-private.h"
#include "gsk-layer-clone.h"
#include "gsk-layer-grid-layout.h"
#include "gsk-layer-private.h"
#include "gsk-layer-style.h"
#include "gsk-layer-transform-private.h"

/* Short names for what gsk-layer-scene-private.h shares */
typedef GskLayerSceneSaver Saver;
#define add_value gsk_layer_scene_add_value
#define type_is_supported gsk_layer_scene_type_is_supported
#define color_to_string gsk_layer_color_to_string

/* {{{ Saving */

static gboolean
values_equal (GParamSpec   *pspec,
              const GValue *a,
              const GValue *b)
{
  GType type = G_VALUE_TYPE (a);
  const float *fa, *fb;

  if (type == G_TYPE_FLOAT)
    return g_value_get_float (a) == g_value_get_float (b);
  if (type == G_TYPE_DOUBLE)
    return g_value_get_double (a) == g_value_get_double (b);
  if (G_TYPE_FUNDAMENTAL (type) != G_TYPE_BOXED)
    return g_param_values_cmp (pspec, a, b) == 0;

  fa = g_value_get_boxed (a);
  fb = g_value_get_boxed (b);
  if (type == GSK_TYPE_LAYER_TRANSFORM)
    return gsk_layer_transform_equal ((GskLayerTransform *) fa, (GskLayerTransform *) fb);
  if (type == GSK_TYPE_LAYER_STYLE)
    return gsk_layer_style_equal ((GskLayerStyle *) fa, (GskLayerStyle *) fb);
  if (fa == NULL || fb == NULL)
    return fa == fb;

  /* Points, sizes and colors are floats; compare them exactly, unlike
   * graphene's _equal(), or a tiny offset would not be saved */
  for (guint i = 0; i < (type == GDK_TYPE_RGBA ? 4 : type == GRAPHENE_TYPE_POINT3D ? 3 : 2); i++)
    if (fa[i] != fb[i])
      return FALSE;

  return TRUE;
}

/* Whether @pspec is written: not reserved names, nor types or content
 * that the format cannot express */
static gboolean
pspec_is_saved (GParamSpec   *pspec,
                const GValue *value)
{
  GObject *object;

  if (g_str_equal (pspec->name, "type") || g_str_equal (pspec->name, "id") ||
      g_str_equal (pspec->name, "children") || g_str_equal (pspec->name, "mask") ||
      (g_str_equal (pspec->name, "source") && pspec->owner_type == GSK_TYPE_LAYER_CLONE))
    return FALSE;

  object = G_VALUE_HOLDS_OBJECT (value) ? g_value_get_object (value) : NULL;
  return object == NULL || GSK_IS_LAYER_COLOR_CONTENT (object) || GSK_IS_LAYER_IMAGE_CONTENT (object) ||
         GSK_IS_LAYER_LAYOUT_MANAGER (object);
}

static void
save_layer (Saver       *s,
            JsonBuilder *builder,
            GskLayer    *layer)
{
  GType type = G_OBJECT_TYPE (layer);
  GParamSpec **pspecs;
  GObject *prototype;
  const char *id;
  guint n_pspecs;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, g_type_name (type));

  /* A tree built by hand may hold the same id twice; keep the first */
  id = g_object_get_qdata (G_OBJECT (layer), gsk_layer_scene_id_quark ());
  if (id && !g_hash_table_contains (s->ids, id))
    {
      g_hash_table_add (s->ids, (gpointer) id);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, id);
    }

  /* The defaults are those of a new layer of the class, which is what
   * loading starts from, even where init() differs from the pspecs */
  prototype = g_hash_table_lookup (s->prototypes, GSIZE_TO_POINTER (type));
  if (prototype == NULL)
    {
      prototype = g_object_ref_sink (g_object_new (type, NULL));
      g_hash_table_insert (s->prototypes, GSIZE_TO_POINTER (type), prototype);
    }

  /* Ancestors' properties first, each class's in the order it installed
   * them: the output is stable */
  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (layer), &n_pspecs);
  for (guint i = 0; i < n_pspecs; i++)
    {
      GValue value = G_VALUE_INIT, default_value = G_VALUE_INIT;

      if ((pspecs[i]->flags & G_PARAM_READWRITE) != G_PARAM_READWRITE ||
          !type_is_supported (pspecs[i]->value_type))
        continue;

      g_value_init (&value, pspecs[i]->value_type);
      g_value_init (&default_value, pspecs[i]->value_type);
      g_object_get_property (G_OBJECT (layer), pspecs[i]->name, &value);
      g_object_get_property (prototype, pspecs[i]->name, &default_value);
      /* What constraints start from, not what they made of it */
      if (gsk_layer_get_private (layer)->has_constraint_base &&
          gsk_layer_get_private (layer)->constraints != NULL && gsk_layer_get_private (layer)->constraints->len > 0)
        {
          if (g_str_equal (pspecs[i]->name, "size"))
            g_value_set_boxed (&value, &gsk_layer_get_private (layer)->constraint_base);
          else if (g_str_equal (pspecs[i]->name, "position"))
            g_value_set_boxed (&value, &gsk_layer_get_private (layer)->constraint_base_position);
        }
      /* A size nobody set is the layer's natural size, taken again when
       * loaded; an axis left to it is -1 */
      if (g_str_equal (pspecs[i]->name, "size"))
        {
          GskLayerPrivate *priv = gsk_layer_get_private (layer);
          graphene_size_t size = *(graphene_size_t *) g_value_get_boxed (&value);

          if (!priv->width_set && !priv->height_set)
            {
              g_value_unset (&value);
              g_value_unset (&default_value);
              continue;
            }
          if (!priv->width_set)
            size.width = -1;
          if (!priv->height_set)
            size.height = -1;
          g_value_set_boxed (&value, &size);
        }
      if (pspec_is_saved (pspecs[i], &value) && !values_equal (pspecs[i], &value, &default_value))
        {
          json_builder_set_member_name (builder, pspecs[i]->name);
          add_value (s, builder, &value);
        }
      g_value_unset (&value);
      g_value_unset (&default_value);
    }
  g_free (pspecs);

  gsk_layer_scene_save_constraints (s, builder, layer);

  /* Where its parent's grid put it */
  if (gsk_layer_get_parent (layer) != NULL &&
      GSK_IS_LAYER_GRID_LAYOUT (gsk_layer_get_layout_manager (gsk_layer_get_parent (layer))))
    {
      GskLayerGridLayout *grid = GSK_LAYER_GRID_LAYOUT (gsk_layer_get_layout_manager (gsk_layer_get_parent (layer)));
      guint cell[4];

      if (gsk_layer_grid_layout_get_cell (grid, layer, &cell[0], &cell[1], &cell[2], &cell[3]))
        {
          json_builder_set_member_name (builder, "grid-cell");
          json_builder_begin_array (builder);
          for (guint i = 0; i < 4; i++)
            json_builder_add_int_value (builder, cell[i]);
          json_builder_end_array (builder);
        }
    }

  /* A clone names its source by its id; one without is not written */
  if (GSK_IS_LAYER_CLONE (layer) && gsk_layer_clone_get_source (GSK_LAYER_CLONE (layer)) != NULL)
    {
      const char *source_id = g_object_get_qdata (G_OBJECT (gsk_layer_clone_get_source (GSK_LAYER_CLONE (layer))),
                                                  gsk_layer_scene_id_quark ());

      if (source_id != NULL)
        {
          json_builder_set_member_name (builder, "source");
          json_builder_add_string_value (builder, source_id);
        }
    }

  if (gsk_layer_get_mask (layer))
    {
      json_builder_set_member_name (builder, "mask");
      save_layer (s, builder, gsk_layer_get_mask (layer));
    }

  if (gsk_layer_get_first_child (layer))
    {
      json_builder_set_member_name (builder, "children");
      json_builder_begin_array (builder);
      for (GskLayer *child = gsk_layer_get_first_child (layer);
           child != NULL;
           child = gsk_layer_get_next_sibling (child))
        save_layer (s, builder, child);
      json_builder_end_array (builder);
    }

  json_builder_end_object (builder);
}

/* json-glib 1.6 writes doubles with "%.17g" and appends ".0" if there
 * is no '.', even after an exponent: "1e-08.0", which is not JSON.
 * Outside strings, an 'e' followed by digits is such an exponent. */
static gsize
fix_exponents (char *text)
{
  gboolean in_string = FALSE;
  char *w = text;

  for (const char *r = text; *r; )
    {
      if (in_string && *r == '\\')
        *w++ = *r++;
      else if (*r == '"')
        in_string = !in_string;
      else if (!in_string && *r == 'e')
        {
          const char *digits = r + 1 + (r[1] == '-' || r[1] == '+');
          const char *end = digits;

          while (g_ascii_isdigit (*end))
            end++;
          if (end > digits && end[0] == '.' && end[1] == '0')
            {
              memmove (w, r, end - r);
              w += end - r;
              r = end + 2;
              continue;
            }
        }
      *w++ = *r++;
    }
  *w = '\0';

  return w - text;
}

/* json-glib indents each level by two more spaces: a tree n deep would
 * take space in n². Past 32 levels every line gets the same indent.
 * Raw newlines only occur outside strings in JSON. */
static void
cap_indentation (char *text)
{
  const gsize cap = 64;
  char *w = text;

  for (const char *r = text; *r; )
    {
      gsize n = 0;

      while (r[n] == ' ')
        n++;
      memset (w, ' ', MIN (n, cap));
      w += MIN (n, cap);
      r += n;
      while (*r && *r != '\n')
        *w++ = *r++;
      if (*r == '\n')
        *w++ = *r++;
    }
  *w = '\0';
}

/* json-glib prints doubles with 17 digits: 0.35 comes out as
 * 0.34999999999999998. Rewrite each number outside strings with the
 * fewest digits that read back as the same double. */
static char *
tidy_numbers (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));
  gboolean in_string = FALSE;
  const char *r = text;

  while (*r)
    {
      if (in_string)
        {
          if (*r == '\\' && r[1])
            g_string_append_c (out, *r++);
          else if (*r == '"')
            in_string = FALSE;
          g_string_append_c (out, *r++);
        }
      else if (*r == '"')
        {
          in_string = TRUE;
          g_string_append_c (out, *r++);
        }
      else if (*r == '-' || g_ascii_isdigit (*r))
        {
          char *end;
          double value = g_ascii_strtod (r, &end);
          const char *integer_end = r + (*r == '-');
          static const char * const formats[] = {
            "%.1g", "%.2g", "%.3g", "%.4g", "%.5g", "%.6g", "%.7g", "%.8g", "%.9g",
            "%.10g", "%.11g", "%.12g", "%.13g", "%.14g", "%.15g", "%.16g", "%.17g",
          };
          char buf[G_ASCII_DTOSTR_BUF_SIZE];
          guint i;

          /* Integers as json-glib wrote them: a double holds them
           * exactly only up to 2^53 */
          while (g_ascii_isdigit (*integer_end))
            integer_end++;
          if (integer_end == end)
            {
              g_string_append_len (out, r, end - r);
              r = end;
              continue;
            }

          /* Whole numbers stay integers, which the loader relies on */
          if (value == floor (value) && fabs (value) < 1e15)
            g_ascii_formatd (buf, sizeof buf, "%.0f", value);
          else
            for (i = 0; i < G_N_ELEMENTS (formats); i++)
              {
                g_ascii_formatd (buf, sizeof buf, formats[i], value);
                if (g_ascii_strtod (buf, NULL) == value)
                  break;
              }
          g_string_append (out, buf);
          r = end;
        }
      else
        g_string_append_c (out, *r++);
    }

  return g_string_free (out, FALSE);
}

char *
gsk_layer_scene_save_text (GskLayerScene *self,
                           const char    *base_dir,
                           gsize         *length)
{
  JsonBuilder *builder = json_builder_new ();
  JsonGenerator *generator;
  JsonNode *document;
  char *text, *tidy;
  Saver s;
  gsize len;

  s.prototypes = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  s.ids = g_hash_table_new (g_str_hash, g_str_equal);
  s.base_dir = base_dir ? g_strdup (base_dir) : g_get_current_dir ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "size");
  json_builder_begin_array (builder);
  json_builder_add_int_value (builder, self->width);
  json_builder_add_int_value (builder, self->height);
  json_builder_end_array (builder);
  if (!gdk_rgba_equal (&self->background, &(GdkRGBA) { 0, 0, 0, 0 }))
    {
      json_builder_set_member_name (builder, "background");
      text = color_to_string (&self->background);
      json_builder_add_string_value (builder, text);
      g_free (text);
    }
  json_builder_set_member_name (builder, "root");
  save_layer (&s, builder, self->root);
  gsk_layer_scene_save_animations (&s, self, builder);
  json_builder_end_object (builder);

  document = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_root (generator, document);
  text = json_generator_to_data (generator, NULL);
  fix_exponents (text);
  cap_indentation (text);
  tidy = tidy_numbers (text);
  g_free (text);
  text = tidy;
  len = strlen (text);

  /* A text file ends with a newline */
  text = g_realloc (text, len + 2);
  text[len++] = '\n';
  text[len] = '\0';
  if (length)
    *length = len;

  json_node_unref (document);
  g_object_unref (generator);
  g_object_unref (builder);
  g_free (s.base_dir);
  g_hash_table_unref (s.ids);
  g_hash_table_unref (s.prototypes);

  return text;
}

/* }}} */
