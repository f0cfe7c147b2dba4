/* gsk-tool.c: the gsk command-line tool
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsklayer.h>

#include "gsk-demo.h"

/* Exit codes */
enum {
  EXIT_OK = 0,
  EXIT_FAILED = 1,   /* bad input, I/O */
  EXIT_USAGE = 2,    /* bad command line */
};

/* More would rather be a mistake, and fill a disk */
#define MAX_FRAMES 10000

static const char *usage_text =
  "Usage:\n"
  "  gsk render SCENE.json -o OUT.png [--time SECONDS] [--backend auto|gl|software] [--size WxH] [--scale S] [--stats]\n"
  "  gsk render --demo [-o OUT.png] [--backend auto|gl|software] [--size WxH]\n"
  "  gsk play SCENE.json -o FRAME-%03d.png --duration SECONDS [--fps N] [--backend …] [--size WxH] [--scale S]\n"
  "  gsk play SCENE.json -o OUT.png --duration SECONDS [--fps N] [--backend …] [--size WxH] [--scale S]\n"
  "  gsk save --demo -o OUT.json\n"
  "  gsk view SCENE.json [--size WxH] [--undecorated]\n"
  "  gsk view --demo\n"
  "  gsk --help\n"
  "\n"
  "Commands:\n"
  "  render   Render a scene file, or the built-in demo, to a PNG image\n"
  "  play     Render the animations of a scene file frame by frame: one PNG\n"
  "           per frame if the output name has a printf-style number (%d,\n"
  "           %03d; %% for a percent sign), else one animated PNG (APNG)\n"
  "           that loops forever\n"
  "  save     Write the built-in demo as a scene file\n"
  "  view     Show a scene file, or the demo, in a window, animated, with\n"
  "           its animations started when the window opens (under\n"
  "           GDK_BACKEND=broadway, in a browser); prints \"gsk: showing\n"
  "           …\" once the first frame is drawn\n"
  "\n"
  "Options:\n"
  "  -o, --output FILE    Where to write (render --demo: demo.png by default)\n"
  "  --time SECONDS       Render the scene that long after its animations\n"
  "                       start (without it, render draws the layers as the\n"
  "                       file sets them, before any animation)\n"
  "  --fps N              Frames per second for play (default 30); frame i\n"
  "                       shows the scene i / N seconds after the start\n"
  "  --duration SECONDS   How long play records: duration × fps frames\n"
  "  --backend NAME       Renderer backend: auto (the default: gl where an\n"
  "                       OpenGL context can be made, else software, or as\n"
  "                       GSK_LAYER_RENDERER=gl|software says), gl (OpenGL\n"
  "                       on a headless EGL context; if none can be made,\n"
  "                       says why and renders in software), or software\n"
  "  --size WxH           Image size in layout units (default: the scene's size)\n"
  "  --scale S            Device scale, 0.25 to 8 (default 1): the image has S\n"
  "                       pixels per layout unit, e.g. 2 or 1.25, and every\n"
  "                       layer and its text are drawn at that scale\n"
  "  --demo               Use the built-in demo scene\n"
  "  --undecorated        view: a window without a title bar\n"
  "  --stats              After render, print what the frame cost the GPU\n"
  "                       (gl: draw calls, texture uploads, offscreen passes)\n"
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
  if (w <= 0 || h <= 0 || w > GSK_LAYER_MAX_SURFACE_SIZE || h > GSK_LAYER_MAX_SURFACE_SIZE ||
      w * h > GSK_LAYER_MAX_SURFACE_PIXELS)
    return FALSE;

  *width = w;
  *height = h;
  return TRUE;
}

/* A finite number from @min to @max that is all of @text */
static gboolean
parse_number (const char *text,
              double      min,
              double      max,
              double     *number)
{
  char *end;
  double d;

  errno = 0;
  d = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || errno != 0 || !(d >= min && d <= max))
    return FALSE;

  *number = d;
  return TRUE;
}

typedef struct {
  const char *scene_path;
  const char *output;
  const char *backend;
  int width;
  int height;
  double scale;     /* 0: not given */
  int pixel_width;  /* of the image: the size times the scale */
  int pixel_height;
  gboolean demo;
  gboolean stats;
  gboolean undecorated;
  double time;      /* < 0: not given */
  double fps;       /* 0: not given */
  double duration;  /* 0: not given */
} Options;

/* The value of argv[*i] if it is the option @name, given as "NAME VALUE"
 * (then *i moves on) or "NAME=VALUE"; NULL otherwise, with *@missing set
 * if it is the option but the value is missing */
static const char *
option_value (int          argc,
              char       **argv,
              int         *i,
              const char  *name,
              gboolean    *missing)
{
  const char *arg = argv[*i];
  gsize len = strlen (name);

  if (strncmp (arg, name, len) != 0)
    return NULL;
  if (arg[len] == '=')
    return arg + len + 1;
  if (arg[len] != '\0')
    return NULL;
  if (*i + 1 == argc)
    {
      *missing = TRUE;
      return NULL;
    }

  return argv[++*i];
}

static int
parse_options (int      argc,
               char   **argv,
               Options *opts)
{
  int i;

  for (i = 0; i < argc; i++)
    {
      const char *arg = argv[i];
      gboolean missing = FALSE;
      const char *value;

      if ((value = option_value (argc, argv, &i, "--time", &missing)) || missing)
        {
          if (missing)
            return usage_error ("--time needs a number of seconds");
          if (!parse_number (value, 0, 1e6, &opts->time))
            return usage_error ("invalid time “%s” (expected seconds from 0, e.g. 0.35)", value);
        }
      else if ((value = option_value (argc, argv, &i, "--fps", &missing)) || missing)
        {
          if (missing)
            return usage_error ("--fps needs a number of frames per second");
          if (!parse_number (value, 0, 1000, &opts->fps) || opts->fps == 0)
            return usage_error ("invalid frame rate “%s” (expected a number above 0, at most 1000)", value);
        }
      else if ((value = option_value (argc, argv, &i, "--duration", &missing)) || missing)
        {
          if (missing)
            return usage_error ("--duration needs a number of seconds");
          if (!parse_number (value, 0, 1e6, &opts->duration) || opts->duration == 0)
            return usage_error ("invalid duration “%s” (expected seconds above 0, e.g. 2)", value);
        }
      else if ((value = option_value (argc, argv, &i, "--scale", &missing)) || missing)
        {
          if (missing)
            return usage_error ("--scale needs a number");
          if (!parse_number (value, GSK_LAYER_MIN_SCALE, GSK_LAYER_MAX_SCALE, &opts->scale))
            return usage_error ("invalid scale “%s” (expected a number from %g to %g, e.g. 2 or 1.25)",
                                value, GSK_LAYER_MIN_SCALE, GSK_LAYER_MAX_SCALE);
        }
      else if (g_str_equal (arg, "-o") || g_str_equal (arg, "--output"))
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
          value = arg[6] == '=' ? arg + 7 : (++i < argc ? argv[i] : NULL);
          if (value == NULL)
            return usage_error ("--size needs a value like 640x480");
          if (!parse_size (value, &opts->width, &opts->height))
            return usage_error ("invalid size “%s” (expected WIDTHxHEIGHT, e.g. 640x480, at most %d "
                                "a side and %d pixels)", value, GSK_LAYER_MAX_SURFACE_SIZE,
                                GSK_LAYER_MAX_SURFACE_PIXELS);
        }
      else if (g_str_equal (arg, "--demo"))
        opts->demo = TRUE;
      else if (g_str_equal (arg, "--stats"))
        opts->stats = TRUE;
      else if (g_str_equal (arg, "--undecorated"))
        opts->undecorated = TRUE;
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

/* The renderer and the scene that render and play draw with */
static int
prepare (Options           *opts,
         GskLayerRenderer **out_renderer,
         GskLayerScene    **out_scene)
{
  g_autoptr (GskLayerRenderer) renderer = NULL;
  g_autoptr (GError) error = NULL;
  GskLayerScene *scene;
  GdkRGBA background;

  renderer = gsk_layer_renderer_new_for_backend (opts->backend, &error);
  if (renderer == NULL && g_str_equal (opts->backend, "gl"))
    {
      /* A machine without GL still gets its picture */
      g_printerr ("gsk: cannot use the gl backend: %s\n"
                  "gsk: rendering with the software backend instead\n", error->message);
      g_clear_error (&error);
      renderer = gsk_layer_software_renderer_new ();
    }
  if (renderer == NULL)
    return usage_error ("%s", error->message);
  /* What "auto" chose, for the messages */
  opts->backend = GSK_IS_LAYER_GL_RENDERER (renderer) ? "gl" : "software";

  scene = load_scene (opts, &error);
  if (scene == NULL)
    {
      g_printerr ("gsk: %s\n", error->message);
      return EXIT_FAILED;
    }

  if (opts->width <= 0)
    gsk_layer_scene_get_size (scene, &opts->width, &opts->height);
  if (opts->scale == 0)
    opts->scale = 1;
  opts->pixel_width = ceil (opts->width * opts->scale);
  opts->pixel_height = ceil (opts->height * opts->scale);
  if (opts->pixel_width > GSK_LAYER_MAX_SURFACE_SIZE || opts->pixel_height > GSK_LAYER_MAX_SURFACE_SIZE ||
      (gint64) opts->pixel_width * opts->pixel_height > GSK_LAYER_MAX_SURFACE_PIXELS)
    {
      g_object_unref (scene);
      return usage_error ("%d×%d at scale %g is %d×%d pixels, more than an image may have (at most %d "
                          "a side and %d pixels)", opts->width, opts->height, opts->scale,
                          opts->pixel_width, opts->pixel_height,
                          GSK_LAYER_MAX_SURFACE_SIZE, GSK_LAYER_MAX_SURFACE_PIXELS);
    }
  gsk_layer_renderer_set_scale (renderer, opts->scale);
  gsk_layer_scene_get_background (scene, &background);
  gsk_layer_renderer_set_clear_color (renderer, &background);

  *out_renderer = g_steal_pointer (&renderer);
  *out_scene = scene;
  return EXIT_OK;
}

static int
write_png (cairo_surface_t *surface,
           const char      *path)
{
  cairo_status_t status = cairo_surface_write_to_png (surface, path);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_printerr ("gsk: cannot write %s: %s\n", path,
                  status == CAIRO_STATUS_WRITE_ERROR ? g_strerror (errno) : cairo_status_to_string (status));
      return EXIT_FAILED;
    }

  return EXIT_OK;
}

static int
cmd_render (int    argc,
            char **argv)
{
  Options opts = { .backend = "auto", .time = -1 };
  g_autoptr (GskLayerScene) scene = NULL;
  g_autoptr (GskLayerRenderer) renderer = NULL;
  g_autoptr (GskLayerFrameClock) clock = NULL;
  cairo_surface_t *surface;
  int res, width, height;

  if ((res = parse_options (argc, argv, &opts)) != EXIT_OK)
    return res;

  if (!opts.demo && opts.scene_path == NULL)
    return usage_error ("render needs a scene file or --demo");
  if (opts.fps > 0 || opts.duration > 0)
    return usage_error ("--fps and --duration are for play; render takes --time");
  if (opts.output == NULL)
    {
      if (!opts.demo)
        return usage_error ("render needs -o OUT.png");
      opts.output = "demo.png";
    }

  if ((res = prepare (&opts, &renderer, &scene)) != EXIT_OK)
    return res;
  width = opts.width;
  height = opts.height;

  /* The animations start at 0 on a clock of our own, which then jumps
   * to the time asked for */
  if (opts.time >= 0)
    {
      clock = gsk_layer_manual_clock_new ();
      gsk_layer_scene_set_frame_clock (scene, clock);
      gsk_layer_manual_clock_set_time (GSK_LAYER_MANUAL_CLOCK (clock),
                                       llround (opts.time * G_USEC_PER_SEC));
    }

  surface = gsk_layer_renderer_render_to_surface (renderer, gsk_layer_scene_get_root (scene),
                                                  width, height);
  res = write_png (surface, opts.output);
  cairo_surface_destroy (surface);
  if (res != EXIT_OK)
    return res;

  if (opts.stats)
    {
      if (GSK_IS_LAYER_GL_RENDERER (renderer))
        {
          guint draw_calls, uploads, offscreens;

          gsk_layer_gl_renderer_get_frame_stats (GSK_LAYER_GL_RENDERER (renderer),
                                                 &draw_calls, &uploads, &offscreens);
          g_print ("%s\ndraw calls: %u\ntexture uploads: %u\noffscreen passes: %u\n",
                   gsk_layer_gl_renderer_get_gl_description (GSK_LAYER_GL_RENDERER (renderer)),
                   draw_calls, uploads, offscreens);
        }
      else
        g_print ("%s backend: no GPU statistics (draw calls, uploads and passes are GL's)\n",
                 opts.backend);
    }

  if (opts.demo)
    {
      g_autofree char *abs = g_canonicalize_filename (opts.output, NULL);

      g_print ("Rendered the demo scene (%d×%d, %s backend) to %s\n",
               width, height, opts.backend, abs);
    }

  return EXIT_OK;
}

/* {{{ play */

/* A frame file name pattern: a prefix, one printf-style integer
 * conversion (%d, %i or %u, with a 0 flag and a width), a suffix; %%
 * is a percent sign. Formatted here rather than by printf, which must
 * never see a format string from the command line. */
typedef struct {
  GString *prefix;
  GString *suffix;
  gboolean has_number;
  gboolean zero_pad;
  int width;
} Pattern;

static void
pattern_clear (Pattern *p)
{
  g_string_free (p->prefix, TRUE);
  g_string_free (p->suffix, TRUE);
}

static gboolean
pattern_parse (Pattern    *p,
               const char *text)
{
  const char *r = text;

  p->prefix = g_string_new (NULL);
  p->suffix = g_string_new (NULL);
  p->has_number = FALSE;
  p->zero_pad = FALSE;
  p->width = 0;

  while (*r)
    {
      GString *out = p->has_number ? p->suffix : p->prefix;

      if (*r != '%')
        {
          g_string_append_c (out, *r++);
          continue;
        }
      if (r[1] == '%')
        {
          g_string_append_c (out, '%');
          r += 2;
          continue;
        }
      if (p->has_number)
        return FALSE;

      r++;
      if (*r == '0')
        {
          p->zero_pad = TRUE;
          r++;
        }
      while (g_ascii_isdigit (*r))
        {
          p->width = p->width * 10 + (*r++ - '0');
          if (p->width > 32)
            return FALSE;
        }
      if (*r != 'd' && *r != 'i' && *r != 'u')
        return FALSE;
      r++;
      p->has_number = TRUE;
    }

  return TRUE;
}

static char *
pattern_format (const Pattern *p,
                guint          n)
{
  char digits[16];
  GString *name = g_string_new (p->prefix->str);
  int len = g_snprintf (digits, sizeof digits, "%u", n);

  for (int i = len; i < p->width; i++)
    g_string_append_c (name, p->zero_pad ? '0' : ' ');
  g_string_append (name, digits);
  g_string_append (name, p->suffix->str);

  return g_string_free (name, FALSE);
}

/* PNG chunks: 4-byte big-endian length, 4-byte type, data, CRC-32 of
 * type and data (ISO 3309, as zlib's crc32()) */
static guint32
png_crc (guint32       crc,
         const guint8 *data,
         gsize         len)
{
  static guint32 table[256];

  if (table[1] == 0)
    for (guint32 n = 0; n < 256; n++)
      {
        guint32 c = n;

        for (int k = 0; k < 8; k++)
          c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
      }

  crc ^= 0xffffffffu;
  for (gsize i = 0; i < len; i++)
    crc = table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);

  return crc ^ 0xffffffffu;
}

static void
put_u32 (GByteArray *out,
         guint32     v)
{
  guint8 b[4] = { v >> 24, v >> 16, v >> 8, v };

  g_byte_array_append (out, b, 4);
}

static void
put_u16 (GByteArray *out,
         guint16     v)
{
  guint8 b[2] = { v >> 8, v };

  g_byte_array_append (out, b, 2);
}

/* Appends a chunk; @head (may be empty) and @data make its data */
static void
put_chunk (GByteArray   *out,
           const char   *type,
           GByteArray   *head,
           const guint8 *data,
           gsize         len)
{
  guint32 crc;

  put_u32 (out, (head ? head->len : 0) + len);
  g_byte_array_append (out, (const guint8 *) type, 4);
  if (head)
    g_byte_array_append (out, head->data, head->len);
  g_byte_array_append (out, data, len);

  crc = png_crc (0, (const guint8 *) type, 4);
  if (head)
    crc = png_crc (crc, head->data, head->len);
  crc = png_crc (crc, data, len);
  put_u32 (out, crc);
}

static const guint8 png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

/* One frame as cairo writes it: its IHDR, the chunks between IHDR and
 * the first IDAT, and the data of its IDATs, joined */
typedef struct {
  GByteArray *ihdr;
  GByteArray *extra;  /* whole chunks */
  GByteArray *idat;
} PngFrame;

static void
png_frame_clear (PngFrame *f)
{
  g_byte_array_unref (f->ihdr);
  g_byte_array_unref (f->extra);
  g_byte_array_unref (f->idat);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);

  return CAIRO_STATUS_SUCCESS;
}

static gboolean
png_frame_encode (PngFrame        *f,
                  cairo_surface_t *surface)
{
  GByteArray *png = g_byte_array_new ();
  gsize i = sizeof png_signature;
  gboolean ok;

  f->ihdr = g_byte_array_new ();
  f->extra = g_byte_array_new ();
  f->idat = g_byte_array_new ();

  ok = cairo_surface_write_to_png_stream (surface, append_bytes, png) == CAIRO_STATUS_SUCCESS &&
       png->len > i && memcmp (png->data, png_signature, i) == 0;

  while (ok && i + 12 <= png->len)
    {
      const guint8 *p = png->data + i;
      guint32 len = (guint32) p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];

      if (len > png->len - i - 12)
        {
          ok = FALSE;
          break;
        }
      if (memcmp (p + 4, "IHDR", 4) == 0)
        g_byte_array_append (f->ihdr, p + 8, len);
      else if (memcmp (p + 4, "IDAT", 4) == 0)
        g_byte_array_append (f->idat, p + 8, len);
      else if (memcmp (p + 4, "IEND", 4) == 0)
        break;
      else if (f->idat->len == 0)
        g_byte_array_append (f->extra, p, len + 12);
      i += len + 12;
    }

  g_byte_array_unref (png);
  return ok && f->ihdr->len == 13 && f->idat->len > 0;
}

/* An APNG (https://wiki.mozilla.org/APNG_Specification): the first
 * frame is the IDAT image, which viewers without APNG show; each frame
 * has an fcTL, the next ones fdATs with the IDAT data of their own PNG */
typedef struct {
  GByteArray *out;
  GByteArray *first_ihdr;
  guint sequence;
  guint n_frames;
  guint16 delay_num;
  guint16 delay_den;
} Apng;

static void
apng_init (Apng   *a,
           guint   n_frames,
           double  fps)
{
  a->out = g_byte_array_new ();
  a->first_ihdr = NULL;
  a->sequence = 0;
  a->n_frames = n_frames;
  if (fps == floor (fps))
    {
      a->delay_num = 1;
      a->delay_den = fps;
    }
  else
    {
      a->delay_num = MAX (1, lround (1000.0 / fps));
      a->delay_den = 1000;
    }
}

static gboolean
apng_add_frame (Apng     *a,
                PngFrame *f)
{
  GByteArray *head = g_byte_array_new ();
  const guint8 *ihdr = f->ihdr->data;

  if (a->first_ihdr == NULL)
    {
      a->first_ihdr = g_byte_array_ref (f->ihdr);
      g_byte_array_append (a->out, png_signature, sizeof png_signature);
      put_chunk (a->out, "IHDR", NULL, f->ihdr->data, f->ihdr->len);
      put_u32 (head, a->n_frames);
      put_u32 (head, 0);  /* plays: forever */
      put_chunk (a->out, "acTL", NULL, head->data, head->len);
      g_byte_array_append (a->out, f->extra->data, f->extra->len);
      g_byte_array_set_size (head, 0);
    }
  else if (memcmp (a->first_ihdr->data, ihdr, 13) != 0)
    {
      g_byte_array_unref (head);
      return FALSE;
    }

  put_u32 (head, a->sequence++);
  g_byte_array_append (head, ihdr, 8);  /* width, height */
  put_u32 (head, 0);                     /* x, y */
  put_u32 (head, 0);
  put_u16 (head, a->delay_num);
  put_u16 (head, a->delay_den);
  g_byte_array_append (head, (const guint8 *) "\0\0", 2);  /* dispose: none, blend: source */
  put_chunk (a->out, "fcTL", NULL, head->data, head->len);
  g_byte_array_set_size (head, 0);

  if (a->sequence == 1)
    put_chunk (a->out, "IDAT", NULL, f->idat->data, f->idat->len);
  else
    {
      put_u32 (head, a->sequence++);
      put_chunk (a->out, "fdAT", head, f->idat->data, f->idat->len);
    }

  g_byte_array_unref (head);
  return TRUE;
}

static GByteArray *
apng_finish (Apng *a)
{
  put_chunk (a->out, "IEND", NULL, NULL, 0);
  g_clear_pointer (&a->first_ihdr, g_byte_array_unref);

  return a->out;
}

/* cairo writes an opaque image as RGB, any other as RGBA, but the
 * frames of an APNG share one format: when a recording mixes them,
 * opaque frames are written here as RGBA, their pixels deflated in
 * stored (uncompressed) blocks. Rare: only a scene with a translucent
 * background that some frames cover in full. */
static void
png_frame_encode_rgba (PngFrame        *f,
                       cairo_surface_t *surface)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data;
  GByteArray *raw;
  guint32 s1 = 1, s2 = 0;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);

  /* Rows of unpremultiplied RGBA, each after filter type 0 */
  raw = g_byte_array_sized_new ((gsize) height * (1 + 4 * width));
  for (int y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *) (data + (gsize) y * stride);

      g_byte_array_append (raw, (const guint8 *) "", 1);
      for (int x = 0; x < width; x++)
        {
          guint32 a = row[x] >> 24;
          guint8 px[4] = { 0, 0, 0, a };

          for (int c = 0; c < 3 && a; c++)
            px[c] = (((row[x] >> (16 - 8 * c)) & 0xff) * 255 + a / 2) / a;
          g_byte_array_append (raw, px, 4);
        }
    }

  f->ihdr = g_byte_array_new ();
  put_u32 (f->ihdr, width);
  put_u32 (f->ihdr, height);
  g_byte_array_append (f->ihdr, (const guint8 *) "\x08\x06\0\0\0", 5);
  f->extra = g_byte_array_new ();

  /* zlib: header, stored blocks of at most 65535 bytes, Adler-32 */
  f->idat = g_byte_array_sized_new (raw->len + raw->len / 65535 * 5 + 16);
  g_byte_array_append (f->idat, (const guint8 *) "\x78\x01", 2);
  for (gsize i = 0; i < raw->len; i += 65535)
    {
      guint16 len = MIN (raw->len - i, 65535);
      guint8 head[5] = { i + len == raw->len, len, len >> 8, ~len, (guint16) ~len >> 8 };

      g_byte_array_append (f->idat, head, 5);
      g_byte_array_append (f->idat, raw->data + i, len);
    }
  for (gsize i = 0; i < raw->len; i++)
    {
      s1 = (s1 + raw->data[i]) % 65521;
      s2 = (s2 + s1) % 65521;
    }
  put_u32 (f->idat, s2 << 16 | s1);

  g_byte_array_unref (raw);
}

enum { RECORD_MIXED = -1 };

/* Renders every frame into @surface from the start of the animations
 * and writes it; returns an exit code, or RECORD_MIXED if an APNG
 * needs its opaque frames in RGBA (@rgba) */
static int
record (Options          *opts,
        GskLayerScene    *scene,
        GskLayerRenderer *renderer,
        cairo_surface_t  *surface,
        const Pattern    *pattern,
        guint             n_frames,
        gboolean          rgba,
        Apng             *apng)
{
  g_autoptr (GskLayerFrameClock) clock = gsk_layer_manual_clock_new ();
  int res = EXIT_OK;

  /* A new clock, at 0: the animations (re)start */
  gsk_layer_scene_set_frame_clock (scene, clock);

  for (guint i = 0; i < n_frames && res == EXIT_OK; i++)
    {
      cairo_region_t *damage;
      PngFrame frame;

      gsk_layer_manual_clock_set_time (GSK_LAYER_MANUAL_CLOCK (clock),
                                       llround (i * (double) G_USEC_PER_SEC / opts->fps));
      damage = gsk_layer_renderer_render (renderer, gsk_layer_scene_get_root (scene), surface);
      if (damage)
        cairo_region_destroy (damage);

      if (pattern->has_number)
        {
          char *path = pattern_format (pattern, i);

          res = write_png (surface, path);
          g_free (path);
          continue;
        }

      if (!png_frame_encode (&frame, surface))
        {
          g_printerr ("gsk: cannot encode frame %u as PNG\n", i);
          res = EXIT_FAILED;
        }
      else if (rgba && frame.ihdr->data[9] != 6)
        {
          png_frame_clear (&frame);
          png_frame_encode_rgba (&frame, surface);
        }
      if (res == EXIT_OK && !apng_add_frame (apng, &frame))
        res = RECORD_MIXED;
      png_frame_clear (&frame);
    }

  gsk_layer_scene_set_frame_clock (scene, NULL);

  return res;
}

static int
cmd_play (int    argc,
          char **argv)
{
  Options opts = { .backend = "software", .time = -1 };
  g_autoptr (GskLayerScene) scene = NULL;
  g_autoptr (GskLayerRenderer) renderer = NULL;
  g_autoptr (GError) error = NULL;
  cairo_surface_t *surface;
  GByteArray *apng_data;
  Pattern pattern;
  double n;
  guint n_frames;
  Apng apng;
  int res = EXIT_OK;

  if ((res = parse_options (argc, argv, &opts)) != EXIT_OK)
    return res;

  if (opts.demo || opts.scene_path == NULL)
    return usage_error ("play needs a scene file");
  if (opts.output == NULL)
    return usage_error ("play needs -o FRAME-%%03d.png or -o OUT.png");
  if (opts.time >= 0)
    return usage_error ("--time is for render; play takes --duration and --fps");
  if (opts.duration == 0)
    return usage_error ("play needs --duration SECONDS");
  if (opts.fps == 0)
    opts.fps = 30;

  /* Frames start before the end: 2 s at 30 fps are 60 frames */
  n = ceil (opts.duration * opts.fps - 1e-9);
  if (n > MAX_FRAMES)
    return usage_error ("%.0f frames are too many (at most %d): lower --fps or --duration", n, MAX_FRAMES);
  n_frames = MAX (n, 1);

  if (!pattern_parse (&pattern, opts.output))
    {
      pattern_clear (&pattern);
      return usage_error ("invalid output name “%s” (expected at most one %%d, %%03d or the like; "
                          "%%%% for a percent sign)", opts.output);
    }

  if ((res = prepare (&opts, &renderer, &scene)) != EXIT_OK)
    {
      pattern_clear (&pattern);
      return res;
    }

  /* One target for every frame, which redraws what changed since the
   * one before */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, opts.pixel_width, opts.pixel_height);
  apng_init (&apng, n_frames, opts.fps);
  res = record (&opts, scene, renderer, surface, &pattern, n_frames, FALSE, &apng);
  if (res == RECORD_MIXED)
    {
      g_byte_array_unref (apng_finish (&apng));
      apng_init (&apng, n_frames, opts.fps);
      res = record (&opts, scene, renderer, surface, &pattern, n_frames, TRUE, &apng);
    }
  cairo_surface_destroy (surface);

  apng_data = apng_finish (&apng);
  if (res == RECORD_MIXED)
    {
      g_printerr ("gsk: the frames of %s do not share one PNG format\n", opts.output);
      res = EXIT_FAILED;
    }
  else if (res == EXIT_OK && !pattern.has_number &&
           !g_file_set_contents (pattern.prefix->str, (const char *) apng_data->data, apng_data->len, &error))
    {
      g_printerr ("gsk: %s\n", error->message);
      res = EXIT_FAILED;
    }

  g_byte_array_unref (apng_data);
  pattern_clear (&pattern);

  return res;
}

/* }}} */

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

/* {{{ view */

static int
cmd_view (int    argc,
          char **argv)
{
  Options opts = { .backend = "software", .time = -1 };
  g_autoptr (GskLayerScene) scene = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GtkCssProvider) provider = NULL;
  g_autofree char *color = NULL, *css = NULL;
  GskLayerView *view;
  GtkWidget *window;
  GdkRGBA background;
  int res;

  if ((res = parse_options (argc, argv, &opts)) != EXIT_OK)
    return res;
  if (!opts.demo && opts.scene_path == NULL)
    return usage_error ("view needs a scene file or --demo");
  if (opts.output || opts.time >= 0 || opts.fps > 0 || opts.duration > 0 || opts.stats || opts.scale > 0)
    return usage_error ("view takes only --size, --undecorated and --demo");
  if (!gtk_init_check ())
    {
      g_printerr ("gsk: cannot open a display\n");
      return EXIT_FAILED;
    }

  scene = load_scene (&opts, &error);
  if (scene == NULL)
    {
      g_printerr ("gsk: %s\n", error->message);
      return EXIT_FAILED;
    }
  if (opts.width <= 0)
    gsk_layer_scene_get_size (scene, &opts.width, &opts.height);

  window = gsk_layer_window_new (gsk_layer_scene_get_root (scene));
  view = gsk_layer_window_get_view (GSK_LAYER_WINDOW (window));
  /* The scene's size is its own; the window opens at it */
  gsk_layer_view_set_resize_root (view, FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), opts.width, opts.height);
  /* The background render clears to, as the view's CSS background */
  gsk_layer_scene_get_background (scene, &background);
  color = gdk_rgba_to_string (&background);
  css = g_strdup_printf ("layerview { background-color: %s; }", color);
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, css, -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_title (GTK_WINDOW (window), opts.scene_path ? opts.scene_path : "GSK demo");
  gtk_window_set_decorated (GTK_WINDOW (window), !opts.undecorated);
  gtk_window_present (GTK_WINDOW (window));
  /* The scene's animations start now, on the window's clock */
  gsk_layer_scene_set_frame_clock (scene, gsk_layer_get_frame_clock (gsk_layer_scene_get_root (scene)));

  /* Say when the first frame is out, for scripts (the Broadway test)
   * that look at the window */
  while (gsk_layer_view_get_frames_rendered (view) == 0 &&
         g_list_model_get_n_items (gtk_window_get_toplevels ()) > 0)
    g_main_context_iteration (NULL, TRUE);
  g_print ("gsk: showing %s\n", opts.scene_path ? opts.scene_path : "the demo");
  fflush (stdout);

  while (g_list_model_get_n_items (gtk_window_get_toplevels ()) > 0)
    g_main_context_iteration (NULL, TRUE);

  return EXIT_OK;
}

/* }}} */

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
  if (g_str_equal (argv[1], "play"))
    return cmd_play (argc - 2, argv + 2);
  if (g_str_equal (argv[1], "save"))
    return cmd_save (argc - 2, argv + 2);
  if (g_str_equal (argv[1], "view"))
    return cmd_view (argc - 2, argv + 2);

  return usage_error ("unknown command “%s”", argv[1]);
}
