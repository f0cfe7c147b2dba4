/* fuzz-animations.c: animations on a manual clock
 *
 * The first byte chooses what the rest is:
 * - even: a scene file; if it loads, its animations run on a manual
 *   clock moved by a fixed schedule of small and huge steps;
 * - odd: a small program, byte by byte, that makes implicit, explicit
 *   and keyframe transitions on a few layers (hostile values, any easing
 *   the input spells), edits the tree, and moves the clock.
 * After every tick, every animatable property of every layer, as set and
 * as on screen (gsk_layer_get_presentation_value()), must be finite, and
 * a small frame is drawn (with GSK_LAYER_DEBUG=check-damage). A CRITICAL
 * or WARNING from a tick or a frame aborts (fuzz-common.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fuzz-common.h"

#define FUZZ_MAX_INPUT (16 * 1024)
#define FRAME_SIZE 32
#define N_LAYERS 4
#define MAX_STEPS 64

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_setup ();
  return 0;
}

static const char * const animatable[] = {
  "position", "size", "pivot-point", "transform", "child-transform", "z-position",
  "opacity", "background-color", "corner-radius",
};

/* {{{ Checks */

static void
check_value (GskLayer     *layer,
             const char   *what,
             const char   *name,
             const GValue *value)
{
  GType type = G_VALUE_TYPE (value);
  float v[16];
  guint n = 0;

  if (type == G_TYPE_FLOAT)
    v[n++] = g_value_get_float (value);
  else if (type == GRAPHENE_TYPE_POINT || type == GRAPHENE_TYPE_SIZE)
    {
      const float *f = g_value_get_boxed (value);
      if (f)
        { v[n++] = f[0]; v[n++] = f[1]; }
    }
  else if (type == GRAPHENE_TYPE_POINT3D)
    {
      const graphene_point3d_t *p = g_value_get_boxed (value);
      if (p)
        { v[n++] = p->x; v[n++] = p->y; v[n++] = p->z; }
    }
  else if (type == GDK_TYPE_RGBA)
    {
      const GdkRGBA *c = g_value_get_boxed (value);
      if (c)
        { v[n++] = c->red; v[n++] = c->green; v[n++] = c->blue; v[n++] = c->alpha; }
    }
  else if (type == GSK_TYPE_LAYER_TRANSFORM)
    {
      GskLayerTransform *t = g_value_get_boxed (value);

      for (guint i = 0; i < gsk_layer_transform_get_n_ops (t); i++)
        {
          float values[16] = { 0, };

          gsk_layer_transform_get_op (t, i, values);
          for (int j = 0; j < 16; j++)
            if (!isfinite (values[j]))
              {
                char *s = gsk_layer_transform_to_string (t);
                fprintf (stderr, "fuzz-animations: %s “%s” of layer %s is %s\n",
                         what, name, gsk_layer_get_name (layer), s);
                abort ();
              }
        }
    }

  for (guint i = 0; i < n; i++)
    if (!isfinite (v[i]))
      {
        fprintf (stderr, "fuzz-animations: %s “%s” of layer %s has a non-finite value (%g)\n",
                 what, name, gsk_layer_get_name (layer), v[i]);
        abort ();
      }
}

static GskLayerTraverseResult
check_layer (GskLayer *layer,
             int       depth,
             gpointer  user_data)
{
  for (guint i = 0; i < G_N_ELEMENTS (animatable); i++)
    {
      GValue value = G_VALUE_INIT;
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (layer), animatable[i]);

      g_value_init (&value, pspec->value_type);
      g_object_get_property (G_OBJECT (layer), animatable[i], &value);
      check_value (layer, "the model value of", animatable[i], &value);
      g_value_unset (&value);

      if (gsk_layer_get_presentation_value (layer, animatable[i], &value))
        {
          check_value (layer, "the value on screen of", animatable[i], &value);
          g_value_unset (&value);
        }
    }

  return GSK_LAYER_TRAVERSE_CONTINUE;
}

typedef struct {
  GskLayerFrameClock *clock;
  GskLayer *root;
  GskLayerRenderer *renderer;
  cairo_surface_t *target;
  gint64 elapsed;
} Stage;

static void
stage_init (Stage    *stage,
            GskLayer *root)
{
  stage->clock = gsk_layer_manual_clock_new ();
  stage->root = root;
  stage->renderer = gsk_layer_software_renderer_new ();
  stage->target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, FRAME_SIZE, FRAME_SIZE);
  stage->elapsed = 0;
}

static void
stage_clear (Stage *stage)
{
  cairo_surface_destroy (stage->target);
  g_object_unref (stage->renderer);
  g_object_unref (stage->clock);
}

/* Moves the clock (not past a year in all, so that microseconds never
 * overflow), then checks every layer and draws a frame */
static void
stage_advance (Stage  *stage,
               gint64  delta)
{
  cairo_region_t *damage;

  delta = MIN (delta, G_GINT64_CONSTANT (365) * 24 * G_GINT64_CONSTANT (3600) * G_USEC_PER_SEC - stage->elapsed);
  stage->elapsed += delta;
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (stage->clock), delta);

  gsk_layer_traverse (stage->root, GSK_LAYER_TRAVERSE_DEPTH_FIRST_PRE, check_layer, NULL);

  damage = gsk_layer_renderer_render (stage->renderer, stage->root, stage->target);
  cairo_region_destroy (damage);
  fuzz_check_damage_error (stage->renderer);
}

/* }}} */
/* {{{ Scenes */

static void
fuzz_scene (const uint8_t *data,
            size_t         size)
{
  static const gint64 schedule[] = {
    0, 1, 999, 16667, 16667, 16666, 50000, 100000, 250000, 333333, 1000000,
    1, G_GINT64_CONSTANT (7) * G_USEC_PER_SEC, G_GINT64_CONSTANT (60) * G_USEC_PER_SEC, 16667, G_GINT64_CONSTANT (3600) * G_USEC_PER_SEC, 16667,
  };
  GskLayerScene *scene;
  GError *error = NULL;
  Stage stage;

  scene = gsk_layer_scene_new_from_data ((const char *) data, size, "fuzz.json", &error);
  if (scene == NULL)
    {
      g_error_free (error);
      return;
    }

  stage_init (&stage, gsk_layer_scene_get_root (scene));
  gsk_layer_scene_set_frame_clock (scene, stage.clock);
  for (guint i = 0; i < G_N_ELEMENTS (schedule); i++)
    stage_advance (&stage, schedule[i]);

  gsk_layer_scene_set_frame_clock (scene, NULL);
  stage_clear (&stage);
  g_object_unref (scene);
}

/* }}} */
/* {{{ Programs */

static GskLayerEasing *
pick_easing (FuzzBytes *b)
{
  static const char * const easings[] = {
    "linear", "ease", "ease-in-out", "ease-out-elastic", "ease-in-out-bounce",
    "ease-in-back", "ease-in-expo", "ease-in-out-circ", "steps(4, jump-both)",
    "steps(1, jump-start)", "cubic-bezier(0.1, 0.7, 1, -2)", "cubic-bezier(0, 10, 1, -10)",
    "spring(1, 100, 10, 0)", "spring(1, 100, 1, 50)", "spring(0.01, 1000, 0.01, -1000)",
  };
  guint8 k = fuzz_u8 (b);
  GskLayerEasing *easing = NULL;

  if (k < 0xe0)
    gsk_layer_easing_parse (easings[k % G_N_ELEMENTS (easings)], &easing, NULL);
  else
    {
      char *text = fuzz_string (b, 48);

      gsk_layer_easing_parse (text, &easing, NULL);
      g_free (text);
    }

  return easing;
}

static GskLayerTransform *
pick_transform (FuzzBytes *b)
{
  GskLayerTransform *t = NULL;
  guint n = fuzz_u8 (b) % 4;

  fuzz_may_refuse++;
  for (guint i = 0; i < n; i++)
    {
      switch (fuzz_u8 (b) % 6)
        {
        case 0: t = gsk_layer_transform_translate (t, fuzz_float (b), fuzz_float (b)); break;
        case 1: t = gsk_layer_transform_scale (t, fuzz_float (b), fuzz_float (b)); break;
        case 2: t = gsk_layer_transform_rotate (t, fuzz_float (b)); break;
        case 3: t = gsk_layer_transform_skew (t, fuzz_float (b), fuzz_float (b)); break;
        case 4: t = gsk_layer_transform_perspective (t, fuzz_float (b)); break;
        default:
          t = gsk_layer_transform_rotate_3d (t, fuzz_float (b),
                                             graphene_vec3_init (&(graphene_vec3_t) { 0, },
                                                                 fuzz_float (b), fuzz_float (b), 1));
          break;
        }
    }
  fuzz_may_refuse--;

  return t;
}

/* A value for @property, hostile or not; refused ones are NULL */
static void
pick_value (FuzzBytes  *b,
            const char *property,
            GValue     *value)
{
  if (g_str_equal (property, "position"))
    {
      g_value_init (value, GRAPHENE_TYPE_POINT);
      g_value_set_boxed (value, &GRAPHENE_POINT_INIT (fuzz_float (b), fuzz_float (b)));
    }
  else if (g_str_equal (property, "size"))
    {
      g_value_init (value, GRAPHENE_TYPE_SIZE);
      g_value_set_boxed (value, &GRAPHENE_SIZE_INIT (fuzz_float (b), fuzz_float (b)));
    }
  else if (g_str_equal (property, "pivot-point"))
    {
      g_value_init (value, GRAPHENE_TYPE_POINT3D);
      g_value_set_boxed (value, &GRAPHENE_POINT3D_INIT (fuzz_float (b), fuzz_float (b), fuzz_float (b)));
    }
  else if (g_str_equal (property, "transform") || g_str_equal (property, "child-transform"))
    {
      g_value_init (value, GSK_TYPE_LAYER_TRANSFORM);
      g_value_take_boxed (value, pick_transform (b));
    }
  else if (g_str_equal (property, "background-color"))
    {
      g_value_init (value, GDK_TYPE_RGBA);
      g_value_set_boxed (value, &(GdkRGBA) { fuzz_float (b), fuzz_float (b), fuzz_float (b), fuzz_float (b) });
    }
  else
    {
      g_value_init (value, G_TYPE_FLOAT);
      g_value_set_float (value, fuzz_float (b));
    }
}

static void
setup_timeline (FuzzBytes        *b,
                GskLayerTimeline *timeline)
{
  guint8 k = fuzz_u8 (b);
  GskLayerEasing *easing;

  gsk_layer_timeline_set_duration (timeline, k & 0x80 ? fuzz_u32 (b) : (guint) fuzz_u8 (b) * 10);
  if (k & 1)
    gsk_layer_timeline_set_delay (timeline, k & 0x40 ? fuzz_u32 (b) : fuzz_u8 (b));
  if (k & 2)
    FUZZ_MAY_REFUSE (gsk_layer_timeline_set_repeat_count (timeline, (gint8) fuzz_u8 (b)));
  if (k & 4)
    gsk_layer_timeline_set_auto_reverse (timeline, TRUE);
  if (k & 8)
    gsk_layer_timeline_set_direction (timeline, GSK_LAYER_TIMELINE_BACKWARD);
  if ((k & 16) && (easing = pick_easing (b)))
    {
      gsk_layer_timeline_set_easing (timeline, easing);
      gsk_layer_easing_unref (easing);
    }
}

static void
fuzz_program (const uint8_t *data,
              size_t         size)
{
  FuzzBytes bytes = { data, size, 0 }, *b = &bytes;
  GskLayer *layers[N_LAYERS];
  Stage stage;
  guint steps = 0;

  for (guint i = 0; i < N_LAYERS; i++)
    {
      char name[8];

      layers[i] = g_object_ref_sink (gsk_layer_new ());
      g_snprintf (name, sizeof name, "l%u", i);
      gsk_layer_set_name (layers[i], name);
      gsk_layer_set_size (layers[i], &GRAPHENE_SIZE_INIT (16, 16));
      gsk_layer_set_background_color (layers[i], &(GdkRGBA) { 0.2f * i, 0.5, 0.8f, 1 });
      if (i > 0)
        gsk_layer_add_child (layers[i == 3 ? 1 : 0], layers[i]);
    }

  stage_init (&stage, layers[0]);
  gsk_layer_set_frame_clock (layers[0], stage.clock);

  while (fuzz_bytes_left (b) && steps < MAX_STEPS)
    {
      guint8 op = fuzz_u8 (b);
      GskLayer *layer = layers[fuzz_u8 (b) % N_LAYERS];
      const char *property = animatable[fuzz_u8 (b) % G_N_ELEMENTS (animatable)];
      GValue value = G_VALUE_INIT;
      GskLayerTransition *transition;
      GskLayerEasing *easing;
      char name[2] = { 'a' + (op >> 4) % 4, '\0' };

      switch (op % 10)
        {
        case 0: /* implicit */
          gsk_layer_save_easing_state (layer);
          gsk_layer_set_easing_duration (layer, fuzz_u8 (b) * 10);
          gsk_layer_set_easing_delay (layer, fuzz_u8 (b) % 4 * 50);
          if ((easing = pick_easing (b)))
            {
              gsk_layer_set_easing (layer, easing);
              gsk_layer_easing_unref (easing);
            }
          pick_value (b, property, &value);
          FUZZ_MAY_REFUSE (g_object_set_property (G_OBJECT (layer), property, &value));
          gsk_layer_restore_easing_state (layer);
          break;

        case 1: /* explicit */
        case 2:
          transition = gsk_layer_property_transition_new (property, NULL);
          if (fuzz_u8 (b) & 1)
            {
              pick_value (b, property, &value);
              FUZZ_MAY_REFUSE (gsk_layer_property_transition_set_from_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &value));
              g_value_unset (&value);
            }
          pick_value (b, property, &value);
          FUZZ_MAY_REFUSE (gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &value));
          setup_timeline (b, GSK_LAYER_TIMELINE (transition));
          gsk_layer_transition_set_remove_on_complete (transition, fuzz_u8 (b) & 1);
          gsk_layer_add_transition (layer, name, transition);
          g_object_unref (transition);
          break;

        case 3: /* keyframes */
          transition = gsk_layer_keyframe_transition_new (property, NULL);
          for (guint k = 0, n = fuzz_u8 (b) % 4 + 1; k < n; k++)
            {
              double at = (k + 1.0) / n;

              if (fuzz_u8 (b) & 0x80)
                at = fuzz_float (b);
              pick_value (b, property, &value);
              easing = pick_easing (b);
              FUZZ_MAY_REFUSE (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (transition),
                                                                      at, &value, easing, NULL));
              g_clear_pointer (&easing, gsk_layer_easing_unref);
              g_value_unset (&value);
            }
          setup_timeline (b, GSK_LAYER_TIMELINE (transition));
          gsk_layer_add_transition (layer, name, transition);
          g_object_unref (transition);
          break;

        case 4: /* the clock */
        case 5:
          {
            static const gint64 deltas[] = { 0, 1, 1000, 16667, 100000, 1000000, 60000000 };
            guint8 k = fuzz_u8 (b);

            stage_advance (&stage, k < 0xf0 ? deltas[k % G_N_ELEMENTS (deltas)] : (gint64) fuzz_u32 (b));
            steps++;
          }
          break;

        case 6: /* control a transition */
          if ((transition = gsk_layer_get_transition (layer, name)))
            {
              GskLayerTimeline *timeline = GSK_LAYER_TIMELINE (transition);

              /* Starting needs a clock, which the layer may not have
               * (gsk_layer_timeline_start()'s precondition) */
              switch (fuzz_u8 (b) % 6)
                {
                case 0: FUZZ_MAY_REFUSE (gsk_layer_timeline_pause (timeline)); break;
                case 1: FUZZ_MAY_REFUSE (gsk_layer_timeline_start (timeline)); break;
                case 2: FUZZ_MAY_REFUSE (gsk_layer_timeline_stop (timeline)); break;
                case 3: FUZZ_MAY_REFUSE (gsk_layer_timeline_seek (timeline, fuzz_u32 (b))); break;
                case 4: gsk_layer_remove_transition (layer, name); break;
                default: setup_timeline (b, timeline); break;
                }
            }
          break;

        case 7:
          gsk_layer_remove_all_transitions (layer);
          break;

        case 8: /* the tree changes under the animations */
          if (layer != layers[0])
            {
              GskLayer *parent = gsk_layer_get_parent (layer);

              if (parent)
                gsk_layer_remove_child (parent, layer);
              else
                FUZZ_MAY_REFUSE (gsk_layer_add_child (layers[fuzz_u8 (b) % N_LAYERS], layer));
            }
          break;

        default: /* a plain set, which stops the animation of that property */
          pick_value (b, property, &value);
          FUZZ_MAY_REFUSE (g_object_set_property (G_OBJECT (layer), property, &value));
          break;
        }

      if (G_IS_VALUE (&value))
        g_value_unset (&value);
    }

  /* Let everything finish */
  stage_advance (&stage, 16667);
  stage_advance (&stage, G_GINT64_CONSTANT (3600) * G_USEC_PER_SEC);

  gsk_layer_set_frame_clock (layers[0], NULL);
  stage_clear (&stage);
  for (guint i = N_LAYERS; i-- > 0; )
    {
      gsk_layer_remove_all_transitions (layers[i]);
      g_object_unref (layers[i]);
    }
}

/* }}} */

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  if (size < 1 || size > FUZZ_MAX_INPUT)
    return -1;

  if (data[0] % 2 == 0)
    fuzz_scene (data + 1, size - 1);
  else
    fuzz_program (data + 1, size - 1);

  return 0;
}
