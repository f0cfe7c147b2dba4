#include <gsklayer.h>
static GskLayerTraverseResult
count_cb (GskLayer *l, int depth, gpointer data)
{
  (*(guint *) data)++;
  return GSK_LAYER_TRAVERSE_CONTINUE;
}
static void
test_deep (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *l = root;
  gint64 t0 = g_get_monotonic_time ();
  guint n = 0;
  int N = atoi (g_getenv ("N"));
  for (int i = 0; i < N; i++)
    {
      GskLayer *c = gsk_layer_new ();
      gsk_layer_add_child (l, c);
      l = c;
    }
  g_printerr ("build top-down %d: %.2fs\n", N, (g_get_monotonic_time () - t0) / 1e6);
  t0 = g_get_monotonic_time ();
  gsk_layer_traverse (root, GSK_LAYER_TRAVERSE_DEPTH_FIRST_PRE, count_cb, &n);
  g_printerr ("traverse: %.2fs n=%u\n", (g_get_monotonic_time () - t0) / 1e6, n);
  t0 = g_get_monotonic_time ();
  g_assert_finalize_object (root);
  g_printerr ("destroy: %.2fs\n", (g_get_monotonic_time () - t0) / 1e6);
}
int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/layer/deep", test_deep);
  return g_test_run ();
}
