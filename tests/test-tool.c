/* test-tool.c: the gsk tool's commands, run as a user would
 *
 * GSK_TOOL, set by tests/meson.build, is the path of the built tool.
 * Also: which renderer render chooses (GL where it can, or as
 * GSK_LAYER_RENDERER says).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <string.h>

#include <glib/gstdio.h>
#include <gsklayer.h>

static const char scene_text[] =
  "{ \"size\": [64, 32], \"background\": \"#ffffff\",\n"
  "  \"root\": { \"type\": \"GskLayer\", \"size\": [64, 32], \"children\": [\n"
  "    { \"type\": \"GskLayer\", \"id\": \"box\", \"size\": [16, 32], \"background-color\": \"#000000\" } ] },\n"
  "  \"animations\": [ { \"target\": \"box\", \"property\": \"position\", \"from\": [0, 0],\n"
  "                    \"to\": [48, 0], \"duration\": 1000 } ] }\n";

typedef struct {
  char *dir;
  char *scene;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  GError *error = NULL;

  f->dir = g_dir_make_tmp ("test-tool-XXXXXX", &error);
  g_assert_no_error (error);
  f->scene = g_build_filename (f->dir, "scene.json", NULL);
  g_assert_true (g_file_set_contents (f->scene, scene_text, -1, NULL));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  GDir *dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)))
    {
      char *path = g_build_filename (f->dir, name, NULL);

      g_unlink (path);
      g_free (path);
    }
  g_dir_close (dir);
  g_rmdir (f->dir);
  g_free (f->scene);
  g_free (f->dir);
}

/* Runs the tool with @args (a NULL-terminated list), in the environment
 * changed by @env ("NAME=VALUE" items, NULL-terminated; NULL for none),
 * and returns its exit code, with what it printed in @out and @err */
static int
run_tool_va (char              **out,
             char              **err,
             const char *const  *env,
             va_list             args)
{
  const char *tool = g_getenv ("GSK_TOOL");
  GPtrArray *argv = g_ptr_array_new ();
  char **envp = g_get_environ ();
  GError *error = NULL;
  const char *arg;
  int status;

  g_assert_nonnull (tool);
  g_ptr_array_add (argv, (char *) tool);
  while ((arg = va_arg (args, const char *)))
    g_ptr_array_add (argv, (char *) arg);
  g_ptr_array_add (argv, NULL);

  for (; env && *env; env++)
    {
      char **pair = g_strsplit (*env, "=", 2);

      envp = g_environ_setenv (envp, pair[0], pair[1], TRUE);
      g_strfreev (pair);
    }

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                out, err, &status, &error);
  g_assert_no_error (error);
  g_ptr_array_unref (argv);
  g_strfreev (envp);

  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* Runs the tool with @args (NULL-terminated) and returns its exit code */
static int
run_tool (char **err,
          ...)
{
  va_list args;
  int status;

  va_start (args, err);
  status = run_tool_va (NULL, err, NULL, args);
  va_end (args);

  return status;
}

static int
run_tool_with_env (char              **out,
                   char              **err,
                   const char *const  *env,
                   ...)
{
  va_list args;
  int status;

  va_start (args, env);
  status = run_tool_va (out, err, env, args);
  va_end (args);

  return status;
}

/* The left edge of the black box in row 16 of a rendered frame */
static int
box_left (cairo_surface_t *surface)
{
  const guint32 *row;

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  row = (const guint32 *) (cairo_image_surface_get_data (surface) + 16 * cairo_image_surface_get_stride (surface));
  for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
    if ((row[x] & 0xffffff) < 0x808080)
      return x;

  return -1;
}

static int
box_left_in (const char *path)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);
  int x = box_left (surface);

  cairo_surface_destroy (surface);
  return x;
}

static void
test_render_time (Fixture       *f,
                  gconstpointer  data)
{
  char *out0 = g_build_filename (f->dir, "t0.png", NULL);
  char *out = g_build_filename (f->dir, "t.png", NULL);
  char *err = NULL;

  g_assert_cmpint (run_tool (NULL, "render", f->scene, "--time", "0", "-o", out0, NULL), ==, 0);
  g_assert_cmpint (run_tool (NULL, "render", f->scene, "--time", "0.5", "-o", out, NULL), ==, 0);
  g_assert_cmpint (box_left_in (out0), ==, 0);
  g_assert_cmpint (box_left_in (out), ==, 24);
  g_assert_cmpint (run_tool (NULL, "render", f->scene, "--time=0.25", "-o", out, NULL), ==, 0);
  g_assert_cmpint (box_left_in (out), ==, 12);
  /* Past the end it stays there */
  g_assert_cmpint (run_tool (NULL, "render", f->scene, "--time", "7", "-o", out, NULL), ==, 0);
  g_assert_cmpint (box_left_in (out), ==, 48);

  /* Usage errors */
  g_assert_cmpint (run_tool (&err, "render", f->scene, "--time", "-1", "-o", out, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "invalid time"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool (&err, "render", f->scene, "--time", "nan", "-o", out, NULL), ==, 2);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool (&err, "render", f->scene, "-o", out, "--time", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--time needs"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool (&err, "render", f->scene, "--fps", "30", "-o", out, NULL), ==, 2);
  g_clear_pointer (&err, g_free);

  g_free (out0);
  g_free (out);
}

/* --scale: an image that many times larger, the box where the scale
 * puts it; bad scales are usage errors */
static void
test_render_scale (Fixture       *f,
                   gconstpointer  data)
{
  char *out = g_build_filename (f->dir, "s.png", NULL);
  char *frame = g_build_filename (f->dir, "f-%d.png", NULL);
  char *frame0 = g_build_filename (f->dir, "f-0.png", NULL);
  static const char *bad[] = { "0", "nan", "100", "-2", "0.1", "2x" };
  cairo_surface_t *image;
  char *err = NULL;
  guint i;

  g_assert_cmpint (run_tool (NULL, "render", f->scene, "--time", "0.5", "--scale", "2", "-o", out, NULL), ==, 0);
  image = cairo_image_surface_create_from_png (out);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 128);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 64);
  g_assert_cmpint (box_left (image), ==, 48);
  cairo_surface_destroy (image);

  g_assert_cmpint (run_tool (NULL, "render", f->scene, "--time", "0.5", "--scale=1.25", "-o", out,
                             "--backend", "software", NULL), ==, 0);
  image = cairo_image_surface_create_from_png (out);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 80);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 40);
  g_assert_cmpint (box_left (image), ==, 30);
  cairo_surface_destroy (image);

  /* play draws its frames at the scale too */
  g_assert_cmpint (run_tool (NULL, "play", f->scene, "-o", frame, "--fps", "1", "--duration", "1",
                             "--scale", "1.5", NULL), ==, 0);
  image = cairo_image_surface_create_from_png (frame0);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 96);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 48);
  cairo_surface_destroy (image);

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_cmpint (run_tool (&err, "render", f->scene, "--scale", bad[i], "-o", out, NULL), ==, 2);
      g_assert_nonnull (strstr (err, "invalid scale"));
      g_clear_pointer (&err, g_free);
    }
  /* Within the range, but too many pixels */
  g_assert_cmpint (run_tool (&err, "render", f->scene, "--size", "4000x4000", "--scale", "8", "-o", out, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "more than an image may have"));
  g_clear_pointer (&err, g_free);

  g_free (out);
  g_free (frame);
  g_free (frame0);
}

static void
test_play_frames (Fixture       *f,
                  gconstpointer  data)
{
  char *pattern = g_build_filename (f->dir, "frame-%03d.png", NULL);
  char *err = NULL;

  g_assert_cmpint (run_tool (NULL, "play", f->scene, "-o", pattern, "--fps", "4", "--duration", "1", NULL), ==, 0);
  for (int i = 0; i < 5; i++)
    {
      char *name = g_strdup_printf ("frame-%03d.png", i);
      char *path = g_build_filename (f->dir, name, NULL);

      /* Frame i at i / 4 s; 1 s at 4 fps are 4 frames */
      if (i < 4)
        g_assert_cmpint (box_left_in (path), ==, 12 * i);
      else
        g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      g_free (path);
      g_free (name);
    }

  g_assert_cmpint (run_tool (&err, "play", f->scene, "-o", pattern, "--fps", "4", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--duration"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool (&err, "play", f->scene, "-o", "a-%d-%d.png", "--duration", "1", NULL), ==, 2);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool (&err, "play", f->scene, "-o", "a-%s.png", "--duration", "1", NULL), ==, 2);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool (&err, "play", f->scene, "-o", pattern, "--duration", "1", "--fps", "0", NULL), ==, 2);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool (&err, "play", "/nonexistent.json", "-o", pattern, "--duration", "1", NULL), ==, 1);
  g_clear_pointer (&err, g_free);

  g_free (pattern);
}

static guint32
get_u32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

static guint32
crc32 (const guint8 *data,
       gsize         len)
{
  guint32 crc = 0xffffffff;

  for (gsize i = 0; i < len; i++)
    {
      crc ^= data[i];
      for (int k = 0; k < 8; k++)
        crc = crc & 1 ? 0xedb88320 ^ (crc >> 1) : crc >> 1;
    }

  return crc ^ 0xffffffff;
}

static void
test_play_apng (Fixture       *f,
                gconstpointer  data)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  char *out = g_build_filename (f->dir, "anim.png", NULL);
  guint n_fctl = 0, n_fdat = 0, n_idat = 0, next_sequence = 0;
  gboolean idat_after_fctl = FALSE;
  guint8 *data_;
  gsize len, i;

  g_assert_cmpint (run_tool (NULL, "play", f->scene, "-o", out, "--fps", "30", "--duration", "0.5", NULL), ==, 0);
  g_assert_true (g_file_get_contents (out, (char **) &data_, &len, NULL));
  g_assert_cmpuint (len, >, 8);
  g_assert_cmpmem (data_, 8, signature, 8);

  for (i = 8; i + 12 <= len; )
    {
      guint32 n = get_u32 (data_ + i);
      const guint8 *type = data_ + i + 4, *body = data_ + i + 8;

      g_assert_cmpuint (i + 12 + n, <=, len);
      g_assert_cmpuint (get_u32 (body + n), ==, crc32 (type, n + 4));

      if (memcmp (type, "IHDR", 4) == 0)
        {
          g_assert_cmpuint (i, ==, 8);
          g_assert_cmpuint (get_u32 (body), ==, 64);
          g_assert_cmpuint (get_u32 (body + 4), ==, 32);
        }
      else if (memcmp (type, "acTL", 4) == 0)
        {
          g_assert_cmpuint (n_idat + n_fctl, ==, 0);
          g_assert_cmpuint (get_u32 (body), ==, 15);      /* frames */
          g_assert_cmpuint (get_u32 (body + 4), ==, 0);   /* plays: forever */
        }
      else if (memcmp (type, "fcTL", 4) == 0)
        {
          g_assert_cmpuint (n, ==, 26);
          g_assert_cmpuint (get_u32 (body), ==, next_sequence++);
          g_assert_cmpuint (get_u32 (body + 4), ==, 64);
          g_assert_cmpuint (get_u32 (body + 8), ==, 32);
          g_assert_cmpuint (body[20] << 8 | body[21], ==, 1);   /* delay 1/30 s */
          g_assert_cmpuint (body[22] << 8 | body[23], ==, 30);
          n_fctl++;
        }
      else if (memcmp (type, "fdAT", 4) == 0)
        {
          g_assert_cmpuint (get_u32 (body), ==, next_sequence++);
          n_fdat++;
        }
      else if (memcmp (type, "IDAT", 4) == 0)
        {
          idat_after_fctl = n_fctl == 1;
          n_idat++;
        }
      else if (memcmp (type, "IEND", 4) == 0)
        {
          g_assert_cmpuint (i + 12, ==, len);
        }
      i += 12 + n;
    }
  g_assert_cmpuint (i, ==, len);
  g_assert_cmpuint (n_fctl, ==, 15);
  g_assert_cmpuint (n_fdat, ==, 14);
  g_assert_true (idat_after_fctl);
  g_assert_cmpuint (n_idat, ==, 1);

  /* Viewers without APNG show the first frame */
  g_assert_cmpint (box_left_in (out), ==, 0);

  g_free (data_);
  g_free (out);
}


/* render picks the GL backend wherever a context can be made, unless
 * told otherwise */
static void
test_render_backend_choice (Fixture       *f,
                            gconstpointer  data)
{
  g_autofree char *png = g_build_filename (f->dir, "out.png", NULL);
  const char *const software_env[] = { "GSK_LAYER_RENDERER=software", NULL };
  const char *const no_gl_env[] = { "GSK_LAYER_GL=disable", NULL };
  GskLayerRenderer *probe;
  GError *error = NULL;
  char *out = NULL, *err = NULL;
  gboolean have_gl;

  probe = gsk_layer_gl_renderer_new (&error);
  have_gl = probe != NULL;
  g_clear_object (&probe);
  g_clear_error (&error);

  /* The default */
  g_assert_cmpint (run_tool_with_env (&out, &err, NULL, "render", f->scene, "-o", png, "--stats", NULL), ==, 0);
  if (have_gl)
    g_assert_nonnull (strstr (out, "draw calls:"));
  else
    g_assert_nonnull (strstr (out, "software backend"));
  g_assert_cmpint (box_left_in (png), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Chosen by the environment */
  g_assert_cmpint (run_tool_with_env (&out, &err, software_env, "render", f->scene, "-o", png, "--stats", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "software backend"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* No GL here: software, saying why */
  g_assert_cmpint (run_tool_with_env (&out, &err, no_gl_env, "render", f->scene, "-o", png, "--stats", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "software backend"));
  g_assert_nonnull (strstr (err, "Cannot use the GL renderer"));
  g_assert_cmpint (box_left_in (png), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* An explicit choice wins over the environment */
  g_assert_cmpint (run_tool_with_env (&out, &err, software_env, "render", f->scene, "-o", png,
                                      "--backend", have_gl ? "gl" : "software", "--stats", NULL), ==, 0);
  g_assert_nonnull (strstr (out, have_gl ? "draw calls:" : "software backend"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_tool_with_env (NULL, &err, NULL, "render", f->scene, "-o", png, "--backend", "vulkan", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "unknown backend"));
  g_free (err);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/tool/render/time", Fixture, NULL, fixture_set_up, test_render_time, fixture_tear_down);
  g_test_add ("/tool/render/scale", Fixture, NULL, fixture_set_up, test_render_scale, fixture_tear_down);
  g_test_add ("/tool/play/frames", Fixture, NULL, fixture_set_up, test_play_frames, fixture_tear_down);
  g_test_add ("/tool/play/apng", Fixture, NULL, fixture_set_up, test_play_apng, fixture_tear_down);
  g_test_add ("/tool/render/backend-choice", Fixture, NULL, fixture_set_up, test_render_backend_choice, fixture_tear_down);

  return g_test_run ();
}
