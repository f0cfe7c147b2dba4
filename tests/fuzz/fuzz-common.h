/* fuzz-common.h: what the fuzzers share: the log policy, reading
 * values out of the input's bytes, a layer subclass with properties of
 * every kind a scene file can set, and frame checks
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsklayer.h>

/* {{{ The log policy
 *
 * GSK reports a programmer's mistake (a NaN opacity, adding a layer
 * that already has a parent, editing children under a GskLayerIter)
 * with a g_return_if_fail() CRITICAL or a WARNING, and changes nothing.
 * The fuzzers make such mistakes on purpose, so these messages must not
 * end the run; but the same message from anywhere else is a bug: the
 * scene loader must turn bad input into a GError, and a frame, a pick or
 * a clock tick the fuzzer did not feed an invalid argument must never
 * complain. Hence:
 *
 * - every call through which the fuzzer may pass an invalid argument is
 *   wrapped in FUZZ_MAY_REFUSE(); while it runs, a CRITICAL or WARNING
 *   whose text is one of GSK's programming-error messages (the
 *   "assertion '…' failed" of g_return_if_fail(), and the few explicit
 *   ones in refusals_allowed[] below) is swallowed;
 * - any other CRITICAL or WARNING, and any at all outside FUZZ_MAY_REFUSE()
 *   (loading, saving, rendering, picking, ticking the clock), prints the
 *   message and abort()s, which libFuzzer reports as a crash with the
 *   input that caused it;
 * - debug, info and message output is dropped, to keep runs quiet.
 *
 * g_log_set_always_fatal() is reset to errors only, so that G_DEBUG=
 * fatal-criticals in the environment cannot make the expected refusals
 * fatal; the decision is the writer's alone.
 */

static int fuzz_may_refuse;
/* Set by a fuzzer whose constraints may read each other in a circle:
 * layout's documented CRITICALs about it are expected then */
static int fuzz_constraint_warnings_expected;

#define FUZZ_MAY_REFUSE(stmt) G_STMT_START { fuzz_may_refuse++; stmt; fuzz_may_refuse--; } G_STMT_END

static const char * const refusals_allowed[] = {
  "assertion '",                            /* g_return_if_fail() */
  "Cannot add layer ",                      /* has a parent, or a cycle */
  "the mask of ",                           /* a mask with a parent, or a cycle */
  "the source of clone ",                   /* a clone's ancestor as its source */
  "changed while a GskLayerIter",           /* children edited under an iterator */
  "call gsk_layer_save_easing_state() first",
  "no easing state was saved",
  "Value out of range for property",        /* a transition's from/to */
  "Cannot use a value of type",
  "is invalid or out of range for property", /* g_object_set_property() */
  "does not match its",                      /* a model's items-changed that lies */
};

static inline gboolean
fuzz_is_refusal (const char *message)
{
  for (guint i = 0; i < G_N_ELEMENTS (refusals_allowed); i++)
    if (message && strstr (message, refusals_allowed[i]))
      return TRUE;

  return FALSE;
}

static inline GLogWriterOutput
fuzz_log_writer (GLogLevelFlags   level,
                 const GLogField *fields,
                 gsize            n_fields,
                 gpointer         user_data)
{
  const char *message = NULL, *domain = NULL;

  if (!(level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)))
    return G_LOG_WRITER_HANDLED;

  for (gsize i = 0; i < n_fields; i++)
    {
      if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0)
        message = fields[i].value;
      else if (g_str_equal (fields[i].key, "GLIB_DOMAIN") && fields[i].length < 0)
        domain = fields[i].value;
    }

  if (fuzz_may_refuse > 0 && !(level & G_LOG_LEVEL_ERROR) && fuzz_is_refusal (message))
    return G_LOG_WRITER_HANDLED;
  if (fuzz_constraint_warnings_expected && (level & G_LOG_LEVEL_CRITICAL) && message &&
      (strstr (message, "Constraints read each other in a circle") ||
       strstr (message, "which is neither its parent nor a sibling")))
    return G_LOG_WRITER_HANDLED;

  fprintf (stderr, "fuzz: unexpected %s from %s%s: %s\n",
           level & G_LOG_LEVEL_ERROR ? "ERROR" : level & G_LOG_LEVEL_CRITICAL ? "CRITICAL" : "WARNING",
           domain ? domain : "(no domain)",
           fuzz_may_refuse > 0 ? " (in a call given invalid arguments, but not a refusal)" : "",
           message ? message : "(no message)");
  abort ();
}

/* }}} */
/* {{{ FuzzLayer: a layer subclass with a property of each kind */

/* The scene loader finds registered layer types by name, and saving
 * must write every kind of property back losslessly (integers above
 * 2^53 included) */

#define FUZZ_TYPE_LAYER (fuzz_layer_get_type ())
G_DECLARE_FINAL_TYPE (FuzzLayer, fuzz_layer, FUZZ, LAYER, GskLayer)

struct _FuzzLayer
{
  GskLayer parent_instance;

  gint64 i64;
  guint64 u64;
  int i;
  guint u;
  glong l;
  gint8 c;
  guint8 uc;
  double d;
  float f;
  char *s;
  gboolean b;
  GskLayerBlendMode e;
};

enum {
  FUZZ_PROP_0,
  FUZZ_PROP_I64,
  FUZZ_PROP_U64,
  FUZZ_PROP_I,
  FUZZ_PROP_U,
  FUZZ_PROP_L,
  FUZZ_PROP_C,
  FUZZ_PROP_UC,
  FUZZ_PROP_D,
  FUZZ_PROP_F,
  FUZZ_PROP_S,
  FUZZ_PROP_B,
  FUZZ_PROP_E,
  FUZZ_N_PROPS
};

static GParamSpec *fuzz_layer_props[FUZZ_N_PROPS];

G_DEFINE_FINAL_TYPE (FuzzLayer, fuzz_layer, GSK_TYPE_LAYER)

static inline void
fuzz_layer_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  FuzzLayer *self = FUZZ_LAYER (object);

  switch (prop_id)
    {
    case FUZZ_PROP_I64: g_value_set_int64 (value, self->i64); break;
    case FUZZ_PROP_U64: g_value_set_uint64 (value, self->u64); break;
    case FUZZ_PROP_I: g_value_set_int (value, self->i); break;
    case FUZZ_PROP_U: g_value_set_uint (value, self->u); break;
    case FUZZ_PROP_L: g_value_set_long (value, self->l); break;
    case FUZZ_PROP_C: g_value_set_schar (value, self->c); break;
    case FUZZ_PROP_UC: g_value_set_uchar (value, self->uc); break;
    case FUZZ_PROP_D: g_value_set_double (value, self->d); break;
    case FUZZ_PROP_F: g_value_set_float (value, self->f); break;
    case FUZZ_PROP_S: g_value_set_string (value, self->s); break;
    case FUZZ_PROP_B: g_value_set_boolean (value, self->b); break;
    case FUZZ_PROP_E: g_value_set_enum (value, self->e); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static inline void
fuzz_layer_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  FuzzLayer *self = FUZZ_LAYER (object);

  switch (prop_id)
    {
    case FUZZ_PROP_I64: self->i64 = g_value_get_int64 (value); break;
    case FUZZ_PROP_U64: self->u64 = g_value_get_uint64 (value); break;
    case FUZZ_PROP_I: self->i = g_value_get_int (value); break;
    case FUZZ_PROP_U: self->u = g_value_get_uint (value); break;
    case FUZZ_PROP_L: self->l = g_value_get_long (value); break;
    case FUZZ_PROP_C: self->c = g_value_get_schar (value); break;
    case FUZZ_PROP_UC: self->uc = g_value_get_uchar (value); break;
    case FUZZ_PROP_D: self->d = g_value_get_double (value); break;
    case FUZZ_PROP_F: self->f = g_value_get_float (value); break;
    case FUZZ_PROP_S: g_free (self->s); self->s = g_value_dup_string (value); break;
    case FUZZ_PROP_B: self->b = g_value_get_boolean (value); break;
    case FUZZ_PROP_E: self->e = g_value_get_enum (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static inline void
fuzz_layer_finalize (GObject *object)
{
  g_free (FUZZ_LAYER (object)->s);

  G_OBJECT_CLASS (fuzz_layer_parent_class)->finalize (object);
}

static inline void
fuzz_layer_class_init (FuzzLayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = fuzz_layer_get_property;
  object_class->set_property = fuzz_layer_set_property;
  object_class->finalize = fuzz_layer_finalize;

  fuzz_layer_props[FUZZ_PROP_I64] = g_param_spec_int64 ("i64", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  fuzz_layer_props[FUZZ_PROP_U64] = g_param_spec_uint64 ("u64", NULL, NULL, 0, G_MAXUINT64, 0, flags);
  fuzz_layer_props[FUZZ_PROP_I] = g_param_spec_int ("i", NULL, NULL, -1000, G_MAXINT, 0, flags);
  fuzz_layer_props[FUZZ_PROP_U] = g_param_spec_uint ("u", NULL, NULL, 0, G_MAXUINT, 7, flags);
  fuzz_layer_props[FUZZ_PROP_L] = g_param_spec_long ("l", NULL, NULL, G_MINLONG, G_MAXLONG, 0, flags);
  fuzz_layer_props[FUZZ_PROP_C] = g_param_spec_char ("c", NULL, NULL, G_MININT8, G_MAXINT8, 0, flags);
  fuzz_layer_props[FUZZ_PROP_UC] = g_param_spec_uchar ("uc", NULL, NULL, 0, G_MAXUINT8, 0, flags);
  fuzz_layer_props[FUZZ_PROP_D] = g_param_spec_double ("d", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  fuzz_layer_props[FUZZ_PROP_F] = g_param_spec_float ("f", NULL, NULL, -1.f, 1e30f, 0, flags);
  fuzz_layer_props[FUZZ_PROP_S] = g_param_spec_string ("s", NULL, NULL, NULL, flags);
  fuzz_layer_props[FUZZ_PROP_B] = g_param_spec_boolean ("b", NULL, NULL, FALSE, flags);
  fuzz_layer_props[FUZZ_PROP_E] = g_param_spec_enum ("e", NULL, NULL, GSK_TYPE_LAYER_BLEND_MODE,
                                                     GSK_LAYER_BLEND_NORMAL, flags);
  g_object_class_install_properties (object_class, FUZZ_N_PROPS, fuzz_layer_props);
}

static inline void
fuzz_layer_init (FuzzLayer *self)
{
  self->u = 7;
}

/* }}} */
/* {{{ Set-up */

static inline void
fuzz_setup (void)
{
  /* Before the library's first g_once of GSK_LAYER_DEBUG */
  setenv ("GSK_LAYER_DEBUG", "check-damage", 1);
  setenv ("GSK_LAYER_RENDERER", "software", 1);
  g_log_set_writer_func (fuzz_log_writer, NULL, NULL);
  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  g_type_ensure (GSK_TYPE_LAYER);
  g_type_ensure (FUZZ_TYPE_LAYER);
}

/* }}} */
/* {{{ Reading the input */

typedef struct {
  const guint8 *data;
  size_t size;
  size_t pos;
} FuzzBytes;

static inline gboolean
fuzz_bytes_left (FuzzBytes *b)
{
  return b->pos < b->size;
}

static inline guint8
fuzz_u8 (FuzzBytes *b)
{
  return b->pos < b->size ? b->data[b->pos++] : 0;
}

static inline guint32
fuzz_u32 (FuzzBytes *b)
{
  guint32 v = 0;

  for (int i = 0; i < 4; i++)
    v = (v << 8) | fuzz_u8 (b);

  return v;
}

/* Values chosen to hurt: NaN, infinities, the float limits, denormals,
 * huge and negative numbers, and ordinary ones; or raw bits */
static inline float
fuzz_float (FuzzBytes *b)
{
  static const float special[] = {
    0.f, -0.f, 1.f, -1.f, 0.5f, 2.f, 10.f, 32.f, 64.f, -20.f, 100.f, 1000.f,
    NAN, INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, FLT_MIN, 1e-45f, 1e-30f,
    1e10f, -1e10f, 1e20f, 1e30f, -1e30f, 1e38f, 16777217.f, 32767.f, 32768.f,
    2147483648.f, 0.999f, 45.f,
  };
  guint8 k = fuzz_u8 (b);
  guint32 bits;
  float f;

  if (k < 0xc0)
    return special[k % G_N_ELEMENTS (special)];
  if (k < 0xf0)
    return (float) (gint8) fuzz_u8 (b) * (k & 0xf ? 1.f : 0.25f);

  bits = fuzz_u32 (b);
  memcpy (&f, &bits, sizeof f);
  return f;
}

/* A short string of the input, NUL-terminated; free it */
static inline char *
fuzz_string (FuzzBytes *b,
             gsize      max_len)
{
  /* Not inside MIN (), which would read the byte twice */
  gsize want = (gsize) fuzz_u8 (b) % (max_len + 1);
  gsize len = MIN (want, b->size - b->pos);
  char *s = g_strndup ((const char *) b->data + b->pos, len);

  b->pos += len;
  return s;
}

/* }}} */
/* {{{ Frames */

/* The largest per-channel difference a frame comparison allows: the
 * harness's own, or FUZZ_TOLERANCE (0 finds any difference at all) */
static inline int
fuzz_tolerance (int harness_default)
{
  const char *value = g_getenv ("FUZZ_TOLERANCE");

  return value != NULL ? atoi (value) : harness_default;
}

/* The largest difference in any channel between two ARGB32 images of
 * one size, and where */
static inline int
fuzz_compare_images (cairo_surface_t *a,
                     cairo_surface_t *b,
                     int             *out_x,
                     int             *out_y)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);
  const guint8 *da, *db;
  int worst = 0;

  g_assert (w == cairo_image_surface_get_width (b) && h == cairo_image_surface_get_height (b));
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  da = cairo_image_surface_get_data (a);
  db = cairo_image_surface_get_data (b);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w * 4; x++)
      {
        int d = abs ((int) da[y * sa + x] - (int) db[y * sb + x]);

        if (d > worst)
          {
            worst = d;
            *out_x = x / 4;
            *out_y = y;
          }
      }

  return worst;
}

/* Aborts if the renderer's damage check found a difference (with
 * GSK_LAYER_DEBUG=check-damage it also logs a CRITICAL, which aborts
 * first; this catches a renderer with the check set on it only) */
static inline void
fuzz_check_damage_error (GskLayerRenderer *renderer)
{
  const GError *error = gsk_layer_renderer_get_damage_error (renderer);

  if (error)
    {
      fprintf (stderr, "fuzz: %s\n", error->message);
      abort ();
    }
}

/* }}} */
