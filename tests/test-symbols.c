/* test-symbols.c: GSK's names never meet GTK 4's
 *
 * Applications link both libraries, and GTK 4 already exports gsk_*
 * symbols and registers Gsk* types. This compares the dynamic symbols
 * both libraries export (nm -D) and the GType names both register (by
 * calling every exported *_get_type function), and checks that ours all
 * stay in our own family: gsk_layer_* and GskLayer*.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gmodule.h>
#include <glib-object.h>

static const char *gsk_lib;
static const char *gtk_lib;

static GHashTable *
exported_symbols (const char *library)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  const char *argv[] = { "nm", "-D", "--defined-only", library, NULL };
  GHashTable *symbols = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int status;
  guint i;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);

  lines = g_strsplit (out, "\n", -1);
  for (i = 0; lines[i]; i++)
    {
      g_auto (GStrv) fields = g_strsplit_set (lines[i], " ", -1);
      guint n = g_strv_length (fields);
      const char *name;
      char *at;

      if (n < 3)
        continue;
      /* Only code and data: T, D, B, R (and lowercase would be local) */
      if (!strchr ("TDBRVW", fields[n - 2][0]))
        continue;
      name = fields[n - 1];
      if (name[0] == '_' || g_str_has_prefix (name, "GLIBC"))
        continue;
      at = strchr (name, '@');
      g_hash_table_add (symbols, at ? g_strndup (name, at - name) : g_strdup (name));
    }

  return symbols;
}

static void
test_symbols_no_overlap (void)
{
  g_autoptr (GHashTable) ours = exported_symbols (gsk_lib);
  g_autoptr (GHashTable) theirs = exported_symbols (gtk_lib);
  GHashTableIter iter;
  const char *name;
  guint clashes = 0;

  g_assert_cmpuint (g_hash_table_size (ours), >, 100);
  g_assert_cmpuint (g_hash_table_size (theirs), >, 1000);
  g_assert_true (g_hash_table_contains (theirs, "gsk_render_node_get_type"));

  g_hash_table_iter_init (&iter, ours);
  while (g_hash_table_iter_next (&iter, (gpointer *) &name, NULL))
    {
      if (g_hash_table_contains (theirs, name))
        {
          g_test_message ("symbol %s is exported by both libraries", name);
          clashes++;
        }
      if (!g_str_has_prefix (name, "gsk_layer_"))
        {
          g_test_message ("symbol %s is outside the gsk_layer_ family", name);
          clashes++;
        }
    }

  g_assert_cmpuint (clashes, ==, 0);
}

/* Every exported *_get_type of GTK 4 and ours takes no argument and
 * returns a GType, as G_DECLARE_* and glib-mkenums make them */
static gboolean
is_type_getter (const char *name)
{
  return g_str_has_suffix (name, "_get_type");
}

static GHashTable *
registered_types (const char *library,
                  GHashTable *symbols)
{
  GModule *module = g_module_open (library, G_MODULE_BIND_LAZY);
  GHashTable *types = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  const char *name;

  g_assert_nonnull (module);

  g_hash_table_iter_init (&iter, symbols);
  while (g_hash_table_iter_next (&iter, (gpointer *) &name, NULL))
    {
      GType (* get_type) (void);

      if (!is_type_getter (name))
        continue;
      if (!g_module_symbol (module, name, (gpointer *) &get_type))
        continue;

      g_hash_table_add (types, (gpointer) g_type_name (get_type ()));
    }

  /* Keep the library loaded: its types stay registered */
  g_module_make_resident (module);
  return types;
}

static void
test_types_no_overlap (void)
{
  g_autoptr (GHashTable) our_symbols = exported_symbols (gsk_lib);
  g_autoptr (GHashTable) their_symbols = exported_symbols (gtk_lib);
  g_autoptr (GHashTable) ours = NULL;
  g_autoptr (GHashTable) theirs = NULL;
  GHashTableIter iter;
  const char *name;
  guint clashes = 0;

  /* GTK first: if one of our names were taken, registering ours would
   * fail loudly too */
  theirs = registered_types (gtk_lib, their_symbols);
  ours = registered_types (gsk_lib, our_symbols);

  g_assert_cmpuint (g_hash_table_size (ours), >=, 10);
  g_assert_true (g_hash_table_contains (theirs, "GskRenderNode"));
  g_assert_true (g_hash_table_contains (ours, "GskLayer"));

  g_hash_table_iter_init (&iter, ours);
  while (g_hash_table_iter_next (&iter, (gpointer *) &name, NULL))
    {
      if (g_hash_table_contains (theirs, name))
        {
          g_test_message ("type %s is registered by both libraries", name);
          clashes++;
        }
      if (!g_str_has_prefix (name, "GskLayer"))
        {
          g_test_message ("type %s is outside the GskLayer family", name);
          clashes++;
        }
    }

  g_assert_cmpuint (clashes, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  gsk_lib = g_getenv ("GSK_LAYER_LIBRARY");
  gtk_lib = g_getenv ("GTK_LIBRARY");
  g_assert_nonnull (gsk_lib);
  g_assert_nonnull (gtk_lib);

  g_test_add_func ("/symbols/exported/no-overlap", test_symbols_no_overlap);
  g_test_add_func ("/symbols/gtypes/no-overlap", test_types_no_overlap);

  return g_test_run ();
}
