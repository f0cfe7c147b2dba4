/* gsk-tool.c: the gsk command-line tool
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsklayer.h>

#include "gsk-demo.h"

/* Exit codes */
enum {
  EXIT_OK = 0,
  EXIT_FAILED = 1,   /* bad input, I/O */
  EXIT_USAGE = 2,    /* bad command line */
};

static const char *usage_text =
  "Usage:\n"
  "  gsk render SCENE.json -o OUT.png [--backend software|gl] [--size WxH]\n"
  "  gsk render --demo [-o OUT.png] [--backend software|gl] [--size WxH]\n"
  "  gsk save --demo -o OUT.json\n"
  "  gsk --help\n"
  "\n"
  "Commands:\n"
  "  render   Render a scene file, or the built-in demo, to a PNG image\n"
  "  save     Write the built-in demo as a scene file\n"
  "\n"
  "Options:\n"
  "  -o, --output FILE    Where to write (render --demo: demo.png by default)\n"
  "  --backend NAME       Renderer backend: software (the default), or gl\n"
  "                       (OpenGL on a headless EGL context; if none can be\n"
  "                       made, says why and renders in software)\n"
  "  --size WxH           Image size (default: the scene's size)\n"
  "  --demo               Use the built-in demo scene\n"
  "\n"
  "Exit status: 0 on success, 1 if a scene or file is bad, 2 on usage errors.\n";

static int
usage_error (const char *fmt,
             ...) G_GNUC_PRINTF (1, 2);

static int
usage_error (const char *fmt,
             ...)
{
  va_list args;
  char *msg;

  va_start (args, fmt);
  msg = g_strdup_vprintf (fmt, args);
  va_end (args);

  g_printerr ("gsk: %s\nTry “gsk --help”.\n", msg);
  g_free (msg);

  return EXIT_USAGE;
}

static gboolean
parse_size (const char *text,
            int        *width,
            int        *height)
{
  char *end;
  gint64 w, h;

  w = g_ascii_strtoll (text, &end, 10);
  if (end == text || (*end != 'x' && *end != 'X'))
    return FALSE;
  text = end + 1;
  h = g_ascii_strtoll (text, &end, 10);
  if (end == text || *end != '\0')
    return FALSE;
  if (w <= 0 || h <= 0 || w > 16384 || h > 16384)
    return FALSE;

  *width = w;
  *height = h;
  return TRUE;
}

typedef struct {
  const char *scene_path;
  const char *output;
  const char *backend;
  int width;
  int height;
  gboolean demo;
} Options;

static int
parse_options (int      argc,
               char   **argv,
               Options *opts)
{
  int i;

  for (i = 0; i < argc; i++)
    {
      const char *arg = argv[i];

      if (g_str_equal (arg, "-o") || g_str_equal (arg, "--output"))
        {
          if (++i == argc)
            return usage_error ("%s needs a file name", arg);
          opts->output = argv[i];
        }
      else if (g_str_has_prefix (arg, "--output="))
        opts->output = arg + strlen ("--output=");
      else if (g_str_equal (arg, "--backend"))
        {
          if (++i == argc)
            return usage_error ("--backend needs a name");
          opts->backend = argv[i];
        }
      else if (g_str_has_prefix (arg, "--backend="))
        opts->backend = arg + strlen ("--backend=");
      else if (g_str_equal (arg, "--size") || g_str_has_prefix (arg, "--size="))
        {
          const char *value = arg[6] == '=' ? arg + 7 : (++i < argc ? argv[i] : NULL);

          if (value == NULL)
            return usage_error ("--size needs a value like 640x480");
          if (!parse_size (value, &opts->width, &opts->height))
            return usage_error ("invalid size “%s” (expected WIDTHxHEIGHT, e.g. 640x480)", value);
        }
      else if (g_str_equal (arg, "--demo"))
        opts->demo = TRUE;
      else if (arg[0] == '-' && arg[1] != '\0')
        return usage_error ("unknown option “%s”", arg);
      else if (opts->scene_path == NULL)
        opts->scene_path = arg;
      else
        return usage_error ("unexpected argument “%s”", arg);
    }

  if (opts->demo && opts->scene_path)
    return usage_error ("give either a scene file or --demo, not both");

  return EXIT_OK;
}

static GskLayerScene *
load_scene (const Options  *opts,
            GError        **error)
{
  if (opts->demo)
    return gsk_demo_scene_new ();

  return gsk_layer_scene_new_from_file (opts->scene_path, error);
}

static int
cmd_render (int    argc,
            char **argv)
{
  Options opts = { .backend = "software" };
  g_autoptr (GskLayerScene) scene = NULL;
  g_autoptr (GskLayerRenderer) renderer = NULL;
  g_autoptr (GError) error = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  GdkRGBA background;
  int res, width, height;

  if ((res = parse_options (argc, argv, &opts)) != EXIT_OK)
    return res;

  if (!opts.demo && opts.scene_path == NULL)
    return usage_error ("render needs a scene file or --demo");
  if (opts.output == NULL)
    {
      if (!opts.demo)
        return usage_error ("render needs -o OUT.png");
      opts.output = "demo.png";
    }

  renderer = gsk_layer_renderer_new_for_backend (opts.backend, &error);
  if (renderer == NULL && g_str_equal (opts.backend, "gl"))
    {
      /* A machine without GL still gets its picture */
      g_printerr ("gsk: cannot use the gl backend: %s\n"
                  "gsk: rendering with the software backend instead\n", error->message);
      g_clear_error (&error);
      opts.backend = "software";
      renderer = gsk_layer_software_renderer_new ();
    }
  if (renderer == NULL)
    return usage_error ("%s", error->message);

  scene = load_scene (&opts, &error);
  if (scene == NULL)
    {
      g_printerr ("gsk: %s\n", error->message);
      return EXIT_FAILED;
    }

  gsk_layer_scene_get_size (scene, &width, &height);
  if (opts.width > 0)
    {
      width = opts.width;
      height = opts.height;
    }

  gsk_layer_scene_get_background (scene, &background);
  gsk_layer_renderer_set_clear_color (renderer, &background);
  surface = gsk_layer_renderer_render_to_surface (renderer, gsk_layer_scene_get_root (scene),
                                                  width, height);
  status = cairo_surface_write_to_png (surface, opts.output);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_printerr ("gsk: cannot write %s: %s\n", opts.output,
                  status == CAIRO_STATUS_WRITE_ERROR ? g_strerror (errno) : cairo_status_to_string (status));
      return EXIT_FAILED;
    }

  if (opts.demo)
    {
      g_autofree char *abs = g_canonicalize_filename (opts.output, NULL);

      g_print ("Rendered the demo scene (%d×%d, %s backend) to %s\n",
               width, height, opts.backend, abs);
    }

  return EXIT_OK;
}

static int
cmd_save (int    argc,
          char **argv)
{
  Options opts = { .backend = "software" };
  g_autoptr (GskLayerScene) scene = NULL;
  g_autoptr (GError) error = NULL;
  int res;

  if ((res = parse_options (argc, argv, &opts)) != EXIT_OK)
    return res;
  if (!opts.demo)
    return usage_error ("save needs --demo");
  if (opts.output == NULL)
    return usage_error ("save needs -o OUT.json");

  scene = gsk_demo_scene_new ();
  if (!gsk_layer_scene_save (scene, opts.output, &error))
    {
      g_printerr ("gsk: %s\n", error->message);
      return EXIT_FAILED;
    }

  return EXIT_OK;
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");

  /* Scene files may name the demo's layer type */
  g_type_ensure (GSK_TYPE_DEMO_CARD);

  if (argc < 2)
    {
      g_printerr ("%s", usage_text);
      return EXIT_USAGE;
    }

  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") || g_str_equal (argv[1], "help"))
    {
      g_print ("%s", usage_text);
      return EXIT_OK;
    }

  if (g_str_equal (argv[1], "render"))
    return cmd_render (argc - 2, argv + 2);
  if (g_str_equal (argv[1], "save"))
    return cmd_save (argc - 2, argv + 2);

  return usage_error ("unknown command “%s”", argv[1]);
}
