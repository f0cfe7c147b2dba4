/* test-reftests.c: scene files compared with reference images
 *
 * Each tests/reftests/NAME.json is rendered and compared with its
 * reference: NAME.ref.json, a second scene that draws the same picture a
 * simpler way, if there is one; otherwise NAME.png, made independently
 * (tests/reftests/README.md says how each was made).
 *
 * The comparison allows what two rasterizers legitimately disagree on,
 * the coverage of antialiased edge pixels: every pixel may differ by at
 * most MAX_DIFF per channel (unpremultiplied), except at most
 * EDGE_FRACTION of the pixels, which may differ by up to MAX_EDGE_DIFF.
 * NAME.fuzz, if present, holds two or three numbers overriding them
 * ("max-diff edge-percent [max-edge-diff]"); NAME.gl.fuzz overrides them for the GL
 * backend alone, whose antialiasing is a linear ramp across each edge
 * (within 0.043 of the box filter pixman gives) and so differs on a
 * few more edge pixels of scenes that are mostly rotated edges.
 *
 * NAME.scale, if present, holds a device scale: the scene is rendered at
 * that scale (an image that many times larger in pixels), and its
 * reference is drawn at that size directly, as a scene with every
 * length multiplied (NAME.ref.json, drawn at scale 1) or a PNG.
 *
 * NAME.time, if present, holds a number of seconds: the scene's
 * animations start on a manual frame clock, which moves that far before
 * anything is drawn, so that the test compares a frame in mid-animation.
 *
 * Every scene is also drawn a second way, frame by frame: each layer is
 * hidden and shown again, and each of those frames is drawn with damage
 * only and checked against a full redraw (the renderer's damage check),
 * before the final frame is compared with the reference.
 *
 * Every reftest runs on each backend: /reftest/NAME with the software
 * renderer, /reftest-gl/NAME with the GL renderer against the same
 * reference and tolerance (but see NAME.gl.fuzz). Where no GL context
 * can be made, the GL paths are skipped with the reason, never passed.
 *
 * On failure, NAME.out.png and NAME.diff.png (NAME.gl.out.png and
 * NAME.gl.diff.png for GL) are written to the build directory and the
 * message says where.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gsklayer.h>

#include "gsk-layer-renderer-private.h"

#include "font-caches.h"
#include <math.h>
#include <stdlib.h>

#define MAX_DIFF 6
#define EDGE_FRACTION 0.015
#define MAX_EDGE_DIFF 96

typedef enum {
  BACKEND_SOFTWARE,
  BACKEND_GL,
} Backend;

typedef struct {
  int max_diff;
  double edge_fraction;
  int max_edge_diff;
} Tolerance;

typedef struct {
  char *name;
  char *scene_path;
  char *ref_scene_path;
  char *ref_png_path;
  Tolerance tolerance;
  Tolerance gl_tolerance;
  double time;  /* seconds into the animations; < 0: not animated */
  double scale; /* the device scale the scene is drawn at */
} Reftest;

typedef struct {
  Reftest *test;
  Backend backend;
  /* GL: borders and gradients in shaders (GSK_LAYER_DEBUG=vector-style) */
  gboolean vector_style;
} ReftestRun;

/* One GL renderer for every test: a context and its shaders take a
 * while to make on llvmpipe. Scenes never share a root, so each first
 * frame is a full one. */
static GskLayerRenderer *gl_renderer;
static GError *gl_error;

static GskLayerRenderer *
get_gl_renderer (void)
{
  static gboolean tried;

  if (!tried)
    {
      tried = TRUE;
      gl_renderer = gsk_layer_gl_renderer_new (&gl_error);
    }

  return gl_renderer;
}

static void
reftest_free (gpointer data)
{
  Reftest *t = data;

  g_free (t->name);
  g_free (t->scene_path);
  g_free (t->ref_scene_path);
  g_free (t->ref_png_path);
  g_free (t);
}

/* With @time >= 0, the scene @time seconds into its animations, on a
 * manual clock that lives as long as the scene */
static GskLayerScene *
load_scene (const char *path,
            double      time)
{
  GError *error = NULL;
  GskLayerScene *scene = gsk_layer_scene_new_from_file (path, &error);
  GskLayerFrameClock *clock;

  g_assert_no_error (error);
  g_assert_nonnull (scene);

  if (time >= 0)
    {
      clock = gsk_layer_manual_clock_new ();
      gsk_layer_scene_set_frame_clock (scene, clock);
      gsk_layer_manual_clock_set_time (GSK_LAYER_MANUAL_CLOCK (clock),
                                       (gint64) (time * G_USEC_PER_SEC + 0.5));
      g_object_set_data_full (G_OBJECT (scene), "reftest-clock", clock, g_object_unref);
    }

  return scene;
}

static cairo_surface_t *
render_scene (GskLayerScene *scene,
              Backend        backend,
              double         scale,
              gboolean       step_by_step)
{
  GskLayerRenderer *renderer = backend == BACKEND_GL ? g_object_ref (get_gl_renderer ())
                                                     : gsk_layer_software_renderer_new ();
  GskLayer *root = gsk_layer_scene_get_root (scene);
  cairo_surface_t *surface;
  cairo_region_t *damage;
  GdkRGBA background;
  int width, height;

  gsk_layer_scene_get_size (scene, &width, &height);
  gsk_layer_scene_get_background (scene, &background);
  gsk_layer_renderer_set_clear_color (renderer, &background);
  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  gsk_layer_renderer_set_scale (renderer, scale);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, ceil (width * scale), ceil (height * scale));
  damage = gsk_layer_renderer_render (renderer, root, surface);
  cairo_region_destroy (damage);

  if (step_by_step)
    {
      GPtrArray *layers = g_ptr_array_new ();
      GPtrArray *stack = g_ptr_array_new ();
      guint i;

      g_ptr_array_add (stack, root);
      while (stack->len > 0)
        {
          GskLayer *l = g_ptr_array_steal_index (stack, stack->len - 1);
          GskLayer *c;

          g_ptr_array_add (layers, l);
          for (c = gsk_layer_get_first_child (l); c; c = gsk_layer_get_next_sibling (c))
            g_ptr_array_add (stack, c);
        }

      for (i = 1; i < layers->len; i++)
        {
          GskLayer *l = g_ptr_array_index (layers, i);
          gboolean visible = gsk_layer_get_visible (l);
          int j;

          for (j = 0; j < 2; j++)
            {
              gsk_layer_set_visible (l, j == 0 ? !visible : visible);
              damage = gsk_layer_renderer_render (renderer, root, surface);
              cairo_region_destroy (damage);
              if (gsk_layer_renderer_get_damage_error (renderer))
                g_error ("%s (after %s layer %u, “%s”)",
                         gsk_layer_renderer_get_damage_error (renderer)->message,
                         j ? "showing" : "hiding", i,
                         gsk_layer_get_name (l) ? gsk_layer_get_name (l) : G_OBJECT_TYPE_NAME (l));
            }
        }

      g_ptr_array_free (stack, TRUE);
      g_ptr_array_free (layers, TRUE);
    }

  /* The GL renderer is shared */
  gsk_layer_renderer_set_scale (renderer, 1);
  g_object_unref (renderer);

  return surface;
}

/* Unpremultiplied, so that a translucent pixel compares by its color */
static void
get_rgba (const guint8 *data,
          int           stride,
          int           x,
          int           y,
          int           rgba[4])
{
  guint32 p = *(const guint32 *) (data + y * stride + x * 4);
  int a = p >> 24;

  rgba[3] = a;
  if (a == 0)
    {
      rgba[0] = rgba[1] = rgba[2] = 0;
      return;
    }
  rgba[0] = (((p >> 16) & 0xff) * 255 + a / 2) / a;
  rgba[1] = (((p >> 8) & 0xff) * 255 + a / 2) / a;
  rgba[2] = ((p & 0xff) * 255 + a / 2) / a;
}

/* Overrides @tolerance with the file at @path, if there is one */
static void
read_fuzz (const char *path,
           Tolerance  *tolerance)
{
  g_autofree char *fuzz = NULL;
  double percent;

  if (!g_file_get_contents (path, &fuzz, NULL, NULL))
    return;
  /* A third number, for edges that may sit a fraction of a pixel apart */
  if (sscanf (fuzz, "%d %lf %d", &tolerance->max_diff, &percent, &tolerance->max_edge_diff) < 2)
    g_error ("%s: expected “MAX-DIFF EDGE-PERCENT [MAX-EDGE-DIFF]”", path);
  tolerance->edge_fraction = percent / 100.0;
}

static gboolean
compare (Reftest         *t,
         const Tolerance *tolerance,
         const char      *suffix,
         cairo_surface_t *out,
         cairo_surface_t *ref,
         char           **message)
{
  int w = cairo_image_surface_get_width (out);
  int h = cairo_image_surface_get_height (out);
  const guint8 *a, *b;
  guint8 *d;
  int sa, sb, sd, x, y;
  guint n_over = 0, n_edge = 0, max_seen = 0;
  cairo_surface_t *diff;

  if (cairo_image_surface_get_width (ref) != w || cairo_image_surface_get_height (ref) != h)
    {
      *message = g_strdup_printf ("%s: size %dx%d, reference %dx%d", t->name, w, h,
                                  cairo_image_surface_get_width (ref),
                                  cairo_image_surface_get_height (ref));
      return FALSE;
    }

  cairo_surface_flush (out);
  cairo_surface_flush (ref);
  diff = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  a = cairo_image_surface_get_data (out);
  b = cairo_image_surface_get_data (ref);
  d = cairo_image_surface_get_data (diff);
  sa = cairo_image_surface_get_stride (out);
  sb = cairo_image_surface_get_stride (ref);
  sd = cairo_image_surface_get_stride (diff);

  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++)
      {
        int pa[4], pb[4], c, m = 0;
        guint32 *dp = (guint32 *) (d + y * sd + x * 4);

        get_rgba (a, sa, x, y, pa);
        get_rgba (b, sb, x, y, pb);
        for (c = 0; c < 4; c++)
          m = MAX (m, abs (pa[c] - pb[c]));

        max_seen = MAX (max_seen, (guint) m);
        if (m > tolerance->max_diff)
          {
            n_edge++;
            *dp = 0xffff0000;
          }
        else if (m > 0)
          *dp = 0xff000000 | (guint32) (m * 255 / MAX (tolerance->max_diff, 1)) << 8;
        else
          *dp = 0xff000000 | (((*(const guint32 *) (a + y * sa + x * 4)) >> 2) & 0x3f3f3f);
      }

  cairo_surface_mark_dirty (diff);
  n_over = n_edge;

  if (n_over > tolerance->edge_fraction * w * h || max_seen > (guint) tolerance->max_edge_diff)
    {
      g_autofree char *out_path = g_test_build_filename (G_TEST_BUILT, "reftests-output", NULL);
      g_autofree char *out_png = NULL, *diff_png = NULL;

      g_mkdir_with_parents (out_path, 0755);
      out_png = g_strdup_printf ("%s/%s%s.out.png", out_path, t->name, suffix);
      diff_png = g_strdup_printf ("%s/%s%s.diff.png", out_path, t->name, suffix);
      cairo_surface_write_to_png (out, out_png);
      cairo_surface_write_to_png (diff, diff_png);
      *message = g_strdup_printf ("%s%s: %u pixels differ by more than %d (allowed %.0f); "
                                  "largest difference %u (allowed %d); see %s and %s",
                                  t->name, suffix, n_over, tolerance->max_diff, tolerance->edge_fraction * w * h,
                                  max_seen, tolerance->max_edge_diff, out_png, diff_png);
      cairo_surface_destroy (diff);
      return FALSE;
    }

  if (g_test_verbose ())
    g_test_message ("%s%s: %u edge pixels over %d, largest difference %u",
                    t->name, suffix, n_over, tolerance->max_diff, max_seen);

  cairo_surface_destroy (diff);
  return TRUE;
}

static void
run_reftest (gconstpointer data)
{
  const ReftestRun *run = data;
  Reftest *t = run->test;
  g_autoptr (GskLayerScene) scene = NULL;
  cairo_surface_t *out, *ref;
  char *message = NULL;

  if (run->backend == BACKEND_GL && get_gl_renderer () == NULL)
    {
      g_autofree char *why = g_strdup_printf ("no GL renderer here: %s", gl_error->message);

      g_test_skip (why);
      return;
    }

  if (run->backend == BACKEND_GL)
    gsk_layer_renderer_set_vector_style (get_gl_renderer (), run->vector_style);
  scene = load_scene (t->scene_path, t->time);
  out = render_scene (scene, run->backend, t->scale, TRUE);

  if (t->ref_scene_path)
    {
      g_autoptr (GskLayerScene) ref_scene = load_scene (t->ref_scene_path, t->time);

      /* The reference scene draws on the same backend: the point is the
       * equivalence of the two scenes */
      ref = render_scene (ref_scene, run->backend, 1, FALSE);
    }
  else
    {
      ref = cairo_image_surface_create_from_png (t->ref_png_path);
      if (cairo_surface_status (ref) != CAIRO_STATUS_SUCCESS)
        g_error ("%s: cannot load reference %s", t->name, t->ref_png_path);
    }

  if (!compare (t, run->backend == BACKEND_GL ? &t->gl_tolerance : &t->tolerance,
                run->backend == BACKEND_GL ? ".gl" : "", out, ref, &message))
    {
      g_test_fail_printf ("%s", message);
      g_free (message);
    }

  cairo_surface_destroy (out);
  cairo_surface_destroy (ref);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static GPtrArray *
find_reftests (const char *dir)
{
  GPtrArray *tests = g_ptr_array_new_with_free_func (reftest_free);
  GDir *d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;
  guint i;

  g_assert_nonnull (d);
  while ((entry = g_dir_read_name (d)))
    if (g_str_has_suffix (entry, ".json") && !g_str_has_suffix (entry, ".ref.json"))
      g_ptr_array_add (names, g_strndup (entry, strlen (entry) - strlen (".json")));
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);

  for (i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      Reftest *t = g_new0 (Reftest, 1);
      g_autofree char *base = g_build_filename (dir, name, NULL);
      g_autofree char *fuzz_path = g_strconcat (base, ".fuzz", NULL);
      g_autofree char *gl_fuzz_path = g_strconcat (base, ".gl.fuzz", NULL);
      g_autofree char *time_path = g_strconcat (base, ".time", NULL);
      g_autofree char *scale_path = g_strconcat (base, ".scale", NULL);
      g_autofree char *time = NULL, *scale = NULL;

      t->name = g_strdup (name);
      t->scene_path = g_strconcat (base, ".json", NULL);
      t->ref_scene_path = g_strconcat (base, ".ref.json", NULL);
      t->ref_png_path = g_strconcat (base, ".png", NULL);
      t->tolerance.max_diff = MAX_DIFF;
      t->tolerance.edge_fraction = EDGE_FRACTION;
      t->tolerance.max_edge_diff = MAX_EDGE_DIFF;
      t->time = -1;
      t->scale = 1;

      if (!g_file_test (t->ref_scene_path, G_FILE_TEST_EXISTS))
        g_clear_pointer (&t->ref_scene_path, g_free);
      if (t->ref_scene_path == NULL && !g_file_test (t->ref_png_path, G_FILE_TEST_EXISTS))
        g_error ("reftest %s has neither %s.ref.json nor %s.png", name, name, name);

      read_fuzz (fuzz_path, &t->tolerance);
      t->gl_tolerance = t->tolerance;
      read_fuzz (gl_fuzz_path, &t->gl_tolerance);

      if (g_file_get_contents (time_path, &time, NULL, NULL))
        {
          char *end;

          t->time = g_ascii_strtod (g_strstrip (time), &end);
          if (end == time || *end != '\0' || !(t->time >= 0 && t->time < 1e6))
            g_error ("%s: expected a number of seconds", time_path);
        }

      if (g_file_get_contents (scale_path, &scale, NULL, NULL))
        {
          char *end;

          t->scale = g_ascii_strtod (g_strstrip (scale), &end);
          if (end == scale || *end != '\0' ||
              !(t->scale >= GSK_LAYER_MIN_SCALE && t->scale <= GSK_LAYER_MAX_SCALE))
            g_error ("%s: expected a device scale", scale_path);
        }

      g_ptr_array_add (tests, t);
    }

  g_ptr_array_unref (names);
  return tests;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GPtrArray) tests = NULL;
  g_autoptr (GArray) runs = NULL;
  g_autofree char *dir = NULL;
  guint i;
  int res;

  g_test_init (&argc, &argv, NULL);

  dir = g_test_build_filename (G_TEST_DIST, "reftests", NULL);
  tests = find_reftests (dir);
  runs = g_array_sized_new (FALSE, FALSE, sizeof (ReftestRun), tests->len * 2);
  for (i = 0; i < tests->len; i++)
    {
      Reftest *t = g_ptr_array_index (tests, i);
      ReftestRun sw = { t, BACKEND_SOFTWARE, FALSE };
      ReftestRun gl = { t, BACKEND_GL, FALSE };
      ReftestRun gl_vector = { t, BACKEND_GL, TRUE };

      g_array_append_val (runs, sw);
      g_array_append_val (runs, gl);
      /* Styles once more with borders and gradients in GL's shaders */
      if (g_str_has_prefix (t->name, "style-"))
        g_array_append_val (runs, gl_vector);
    }
  for (i = 0; i < runs->len; i++)
    {
      ReftestRun *run = &g_array_index (runs, ReftestRun, i);
      g_autofree char *path = g_strconcat (run->vector_style ? "/reftest-gl-vector/" :
                                           run->backend == BACKEND_GL ? "/reftest-gl/" : "/reftest/",
                                           run->test->name, NULL);

      g_test_add_data_func (path, run, run_reftest);
    }

  res = g_test_run ();

  g_clear_object (&gl_renderer);
  g_clear_error (&gl_error);
  /* The text scenes laid out text */
  free_font_caches ();

  return res;
}
