/* gsk-layer-implicit.c: implicit animations as plain records
 *
 * Setting a property under an easing state starts an implicit
 * animation. Applications start them by the thousand (every card of a
 * grid moving at once), so they are not GObjects: each is a small
 * record on its layer's list and in one array per frame clock, and one
 * tick handler per clock moves them all. A record writes its values
 * straight into the layer, and a transform animation rewrites the
 * transform it made in place instead of allocating one per frame.
 *
 * A tick costs little per record: records started alike share their
 * timing, so one easing evaluation serves a whole grid; opacity and
 * transform values are written without a call into the setters; and a
 * layer whose records are consecutive (a layer's properties start
 * together) is marked changed once, however many of them move. With
 * 20,000 records it is some 1.9 M instructions (bench-animation).
 *
 * Callers that want the transition object (gsk_layer_get_transition())
 * get the record turned into an equivalent GskLayerPropertyTransition.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include <graphene-gobject.h>

#include "gsk-layer-implicit-private.h"
#include "gsk-layer-animation-private.h"
#include "gsk-layer-interpolate-private.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-transform-private.h"

typedef struct _ClockRecords ClockRecords;

/* What the values are: the boxed ones are all arrays of floats */
typedef enum {
  KIND_FLOAT,
  KIND_POINT,
  KIND_POINT3D,
  KIND_SIZE,
  KIND_RGBA,
  KIND_TRANSFORM,
} Kind;

static const guint8 kind_n_floats[] = { 1, 2, 3, 2, 4, 0 };

/* GskLayer's own properties that ticks set without a call: the most
 * animated ones */
typedef enum {
  QUICK_NONE,
  QUICK_OPACITY,
  QUICK_TRANSFORM,            /* the transform: may become a rotation */
  QUICK_ROTATION,             /* the transform, from one rotation to another */
} Quick;

G_STATIC_ASSERT (sizeof (graphene_point_t) == 2 * sizeof (float));
G_STATIC_ASSERT (sizeof (graphene_point3d_t) == 3 * sizeof (float));
G_STATIC_ASSERT (sizeof (graphene_size_t) == 2 * sizeof (float));
G_STATIC_ASSERT (sizeof (GdkRGBA) == 4 * sizeof (float));

/* When a record runs, and how. Records started alike in a frame share
 * one (the most recent of their clock's is reused), so that a tick
 * knows them to run in step by the pointer. Immutable once made. */
typedef struct
{
  guint ref_count;
  guint duration;             /* ms */
  gint64 start_time;          /* clock µs at which the delay began */
  guint delay;                /* ms */
  GskLayerEasing *easing;     /* owned; NULL is linear */
} Timing;

static Timing *
timing_ref (Timing *self)
{
  self->ref_count++;
  return self;
}

static void
timing_unref (Timing *self)
{
  if (--self->ref_count > 0)
    return;
  g_clear_pointer (&self->easing, gsk_layer_easing_unref);
  g_free (self);
}

struct _GskLayerImplicit
{
  GskLayer *layer;            /* not a reference: the layer owns the record */
  GskLayerImplicit *next;     /* on the layer's list */
  GParamSpec *pspec;
  Timing *timing;             /* owned */
  ClockRecords *clock;        /* NULL once its clock is gone */
  guint index;                /* in clock->records */
  /* Bytes rather than bits: the tick reads them for every record */
  guint8 kind;                /* Kind */
  guint8 quick;               /* Quick */
  guint8 is_transform;
  guint8 guard_layer;         /* its own property's setter is the class's */
  GValue model;               /* the end, and what the getter returns */
  union {
    float from[4];
    struct {
      GskLayerTransformLerp *lerp;
      /* The transform this record last made; not a reference */
      GskLayerTransform *scratch;
      /* QUICK_ROTATION's angles, in degrees */
      float from_angle, to_angle;
    } t;
  };
};

/* {{{ One array and one tick handler per clock */

struct _ClockRecords
{
  GskLayerFrameClock *clock;  /* not a reference: this is its qdata */
  GPtrArray *records;         /* not references; NULL holes while ticking */
  gulong tick_id;
  guint ticking;              /* depth: a callback may tick the clock again */
  guint64 serial;             /* of the latest tick */
  guint holes;
  Timing *last_timing;        /* owned: what the next record may share */
};

static GQuark clock_records_quark;

static void clock_records_tick (GskLayerFrameClock *clock,
                                ClockRecords       *self);

static void
clock_records_free (gpointer data)
{
  ClockRecords *self = data;

  /* The top level holds its clock, and a layer that leaves the tree
   * drops its records: none should be left, but never dangle */
  while (self->records->len > 0)
    {
      GskLayerImplicit *record = g_ptr_array_steal_index_fast (self->records, self->records->len - 1);

      if (record)
        record->clock = NULL;
    }
  g_ptr_array_unref (self->records);
  g_clear_pointer (&self->last_timing, timing_unref);
  g_free (self);
}

/* The timing of a record that @self starts now: the last one made, if
 * it is the same */
static Timing *
clock_records_timing (ClockRecords   *self,
                      guint           duration,
                      guint           delay,
                      GskLayerEasing *easing)
{
  gint64 now = gsk_layer_frame_clock_get_frame_time (self->clock);
  Timing *timing = self->last_timing;

  if (timing == NULL || timing->start_time != now || timing->duration != duration ||
      timing->delay != delay || timing->easing != easing)
    {
      timing = g_new0 (Timing, 1);
      timing->ref_count = 1;
      timing->start_time = now;
      timing->duration = duration;
      timing->delay = delay;
      timing->easing = easing ? gsk_layer_easing_ref (easing) : NULL;
      g_clear_pointer (&self->last_timing, timing_unref);
      self->last_timing = timing;
    }

  return timing_ref (timing);
}

static ClockRecords *
clock_records_get (GskLayerFrameClock *clock)
{
  ClockRecords *self;

  if (G_UNLIKELY (clock_records_quark == 0))
    clock_records_quark = g_quark_from_static_string ("gsk-layer-implicit-records");

  self = g_object_get_qdata (G_OBJECT (clock), clock_records_quark);
  if (self == NULL)
    {
      self = g_new0 (ClockRecords, 1);
      self->clock = clock;
      self->records = g_ptr_array_new ();
      self->tick_id = g_signal_connect (clock, "tick", G_CALLBACK (clock_records_tick), self);
      g_object_set_qdata_full (G_OBJECT (clock), clock_records_quark, self, clock_records_free);
    }

  return self;
}

static void
clock_records_add (ClockRecords     *self,
                   GskLayerImplicit *record)
{
  record->clock = self;
  record->index = self->records->len;
  g_ptr_array_add (self->records, record);
  gsk_layer_frame_clock_request_frame (self->clock);
}

static void
clock_records_remove (ClockRecords     *self,
                      GskLayerImplicit *record)
{
  GskLayerImplicit *last;

  g_assert (g_ptr_array_index (self->records, record->index) == record);

  record->clock = NULL;
  if (self->ticking)
    {
      /* The tick walks the array by index: leave a hole */
      g_ptr_array_index (self->records, record->index) = NULL;
      self->holes++;
      return;
    }

  last = g_ptr_array_steal_index_fast (self->records, self->records->len - 1);
  if (last != record)
    {
      last->index = record->index;
      g_ptr_array_index (self->records, record->index) = last;
    }
}

static void
clock_records_sweep (ClockRecords *self)
{
  guint i, j;

  for (i = 0, j = 0; i < self->records->len; i++)
    {
      GskLayerImplicit *record = g_ptr_array_index (self->records, i);

      if (record == NULL)
        continue;
      record->index = j;
      g_ptr_array_index (self->records, j++) = record;
    }
  g_ptr_array_set_size (self->records, j);
  self->holes = 0;
}

/* }}} */
/* {{{ Records */

static int
kind_of (GType type)
{
  if (type == G_TYPE_FLOAT)
    return KIND_FLOAT;
  if (type == GRAPHENE_TYPE_POINT)
    return KIND_POINT;
  if (type == GRAPHENE_TYPE_POINT3D)
    return KIND_POINT3D;
  if (type == GRAPHENE_TYPE_SIZE)
    return KIND_SIZE;
  if (type == GDK_TYPE_RGBA)
    return KIND_RGBA;
  if (type == GSK_TYPE_LAYER_TRANSFORM)
    return KIND_TRANSFORM;
  return -1;
}

gboolean
gsk_layer_implicit_supports (GParamSpec *pspec)
{
  return kind_of (pspec->value_type) >= 0;
}

static GskLayerImplicit **
list_head (GskLayer *layer)
{
  return &gsk_layer_get_private (layer)->animation->implicit;
}

GskLayerImplicit *
gsk_layer_implicit_find (GskLayer   *layer,
                         GParamSpec *pspec)
{
  GskLayerAnimation *animation = gsk_layer_get_private (layer)->animation;
  GskLayerImplicit *record;

  if (animation == NULL)
    return NULL;

  for (record = animation->implicit; record != NULL; record = record->next)
    if (record->pspec == pspec)
      return record;

  return NULL;
}

GskLayerImplicit *
gsk_layer_implicit_find_by_name (GskLayer   *layer,
                                 const char *name)
{
  GskLayerAnimation *animation = gsk_layer_get_private (layer)->animation;
  GskLayerImplicit *record;

  if (animation == NULL)
    return NULL;

  for (record = animation->implicit; record != NULL; record = record->next)
    if (g_str_equal (record->pspec->name, name))
      return record;

  return NULL;
}

GParamSpec *
gsk_layer_implicit_get_pspec (GskLayerImplicit *self)
{
  return self->pspec;
}

const GValue *
gsk_layer_implicit_get_model (GskLayerImplicit *self)
{
  return &self->model;
}

GskLayerFrameClock *
gsk_layer_implicit_get_clock (GskLayerImplicit *self)
{
  return self->clock ? self->clock->clock : NULL;
}

gboolean
gsk_layer_implicit_get_remaining (GskLayerImplicit  *self,
                                  guint             *remaining,
                                  GskLayerEasing   **easing)
{
  gint64 now, end;

  if (self->clock == NULL)
    return FALSE;

  now = gsk_layer_frame_clock_get_frame_time (self->clock->clock);
  end = self->timing->start_time + (gint64) (self->timing->delay + self->timing->duration) * 1000;
  *remaining = end > now ? (guint) ((end - now + 999) / 1000) : 0;
  *easing = self->timing->easing;
  return *remaining > 0;
}

static void
clear_endpoints (GskLayerImplicit *self)
{
  if (self->is_transform)
    g_clear_pointer (&self->t.lerp, gsk_layer_transform_lerp_free);
  memset (&self->t, 0, MAX (sizeof self->t, sizeof self->from));
}

static void
record_free (GskLayerImplicit *self)
{
  clear_endpoints (self);
  g_clear_pointer (&self->timing, timing_unref);
  g_value_unset (&self->model);
  g_free (self);
}

static void
unlink_record (GskLayerImplicit *self)
{
  GskLayerImplicit **link;

  for (link = list_head (self->layer); *link != NULL; link = &(*link)->next)
    if (*link == self)
      {
        *link = self->next;
        break;
      }
  self->next = NULL;

  if (self->clock)
    clock_records_remove (self->clock, self);
}

void
gsk_layer_implicit_start (GskLayer           *layer,
                          GParamSpec         *pspec,
                          const GValue       *to,
                          guint               duration,
                          guint               delay,
                          GskLayerEasing     *easing,
                          GskLayerFrameClock *clock)
{
  GskLayerImplicit *self = gsk_layer_implicit_find (layer, pspec);
  ClockRecords *records = clock_records_get (clock);
  GValue now = G_VALUE_INIT;

  if (self == NULL)
    {
      GskLayerImplicit **head = list_head (layer);

      self = g_new0 (GskLayerImplicit, 1);
      self->layer = layer;
      self->pspec = pspec;
      self->kind = kind_of (pspec->value_type);
      self->is_transform = self->kind == KIND_TRANSFORM;
      if (pspec->owner_type == GSK_TYPE_LAYER && g_str_equal (pspec->name, "opacity"))
        self->quick = QUICK_OPACITY;
      else if (pspec->owner_type == GSK_TYPE_LAYER && g_str_equal (pspec->name, "transform"))
        self->quick = QUICK_TRANSFORM;
      self->guard_layer = pspec->owner_type != GSK_TYPE_LAYER ||
                          !gsk_layer_class_is_plain (GSK_LAYER_GET_CLASS (layer));
      g_value_init (&self->model, pspec->value_type);
      self->next = *head;
      *head = self;
    }
  else
    clear_endpoints (self);

  if (self->clock != records)
    {
      if (self->clock)
        clock_records_remove (self->clock, self);
      clock_records_add (records, self);
    }
  else
    gsk_layer_frame_clock_request_frame (clock);

  g_clear_pointer (&self->timing, timing_unref);
  self->timing = clock_records_timing (records, duration, delay, easing);
  g_value_copy (to, &self->model);

  /* From what is on screen now: retargeting never jumps */
  gsk_layer_get_presentation_value (layer, pspec->name, &now);
  if (self->is_transform)
    {
      self->t.lerp = gsk_layer_transform_lerp_new (g_value_get_boxed (&now), g_value_get_boxed (to));
      if (self->quick == QUICK_TRANSFORM || self->quick == QUICK_ROTATION)
        self->quick = gsk_layer_transform_lerp_get_rotation (self->t.lerp, &self->t.from_angle, &self->t.to_angle)
                      ? QUICK_ROTATION : QUICK_TRANSFORM;
    }
  else
    gsk_layer_value_to_floats (&now, self->from);
  if (self->kind == KIND_FLOAT)
    self->from[1] = g_value_get_float (to);
  g_value_unset (&now);
}

/* Where the record is @t ms after its delay, as a timeline that runs
 * once forward locates it */
static inline double
raw_progress (GskLayerImplicit *self,
              double            t,
              gboolean         *out_finished)
{
  *out_finished = t >= self->timing->duration;
  return *out_finished ? 1.0 : t / self->timing->duration;
}

double
gsk_layer_implicit_get_velocity (GskLayerImplicit *self)
{
  double t, raw, slope;
  gboolean finished;

  if (self->pspec->value_type != G_TYPE_FLOAT || self->clock == NULL || self->timing->duration == 0)
    return 0;

  t = (gsk_layer_frame_clock_get_frame_time (self->clock->clock) - self->timing->start_time) / 1000.0 - self->timing->delay;
  if (t < 0)
    return 0;

  raw = raw_progress (self, t, &finished);
  slope = self->timing->easing ? gsk_layer_easing_get_velocity (self->timing->easing, raw) : 1.0;

  return (g_value_get_float (&self->model) - self->from[0]) * slope / (self->timing->duration / 1000.0);
}

/* Sets a property of another kind than the tick's quick ones (a point,
 * a size, a colour, or one of a subclass) */
static G_GNUC_NO_INLINE void
apply_slowly (GskLayerImplicit *self,
              double            progress)
{
  float to[4], v[4];
  GValue value = G_VALUE_INIT;

  if (self->kind == KIND_FLOAT)
    {
      gsk_layer_set_presentation_float (self->layer, self->pspec,
                                        self->from[0] + (self->from[1] - self->from[0]) * progress);
      return;
    }

  /* As gsk_layer_value_interpolate() does it */
  memcpy (to, g_value_get_boxed (&self->model), kind_n_floats[self->kind] * sizeof (float));
  if (self->kind == KIND_RGBA)
    gsk_layer_floats_interpolate (GDK_TYPE_RGBA, self->from, to, progress, v);
  else
    {
      guint i;

      for (i = 0; i < kind_n_floats[self->kind]; i++)
        v[i] = self->from[i] + ((double) to[i] - self->from[i]) * progress;
      if (self->kind == KIND_SIZE)
        {
          v[0] = MAX (0, v[0]);
          v[1] = MAX (0, v[1]);
        }
    }

  if (gsk_layer_present_floats (self->layer, self->pspec, v, NULL))
    return;

  g_value_init (&value, self->pspec->value_type);
  g_value_copy (&self->model, &value);
  if (self->pspec->value_type == GRAPHENE_TYPE_POINT)
    g_value_set_boxed (&value, &GRAPHENE_POINT_INIT (v[0], v[1]));
  else if (self->pspec->value_type == GRAPHENE_TYPE_POINT3D)
    g_value_set_boxed (&value, &GRAPHENE_POINT3D_INIT (v[0], v[1], v[2]));
  else if (self->pspec->value_type == GRAPHENE_TYPE_SIZE)
    g_value_set_boxed (&value, &GRAPHENE_SIZE_INIT (v[0], v[1]));
  else if (self->pspec->value_type == GDK_TYPE_RGBA)
    g_value_set_boxed (&value, &(GdkRGBA) { v[0], v[1], v[2], v[3] });
  gsk_layer_set_presentation_value (self->layer, self->pspec, &value);
  g_value_unset (&value);
}

/* Sets the property to where the record is at @progress (eased). With
 * @pending, what is written in place adds its marks there (see
 * gsk_layer_present_floats()). */
static void
apply (GskLayerImplicit   *self,
       double              progress,
       GskLayerDirtyFlags *pending)
{
  if (self->is_transform)
    {
      GskLayerTransform *transform;

      /* A transform this record made, that nobody else holds, moves in
       * place rather than being made anew */
      if (self->t.scratch != NULL &&
          gsk_layer_peek_presentation_transform (self->layer, self->pspec) == self->t.scratch &&
          gsk_layer_transform_lerp_overwrite (self->t.lerp, progress, self->t.scratch))
        {
          gsk_layer_presentation_transform_rewritten (self->layer, self->pspec, pending);
          return;
        }

      if (pending && *pending)
        {
          gsk_layer_changed (self->layer, *pending);
          *pending = 0;
        }
      transform = gsk_layer_transform_lerp_at (self->t.lerp, progress);
      self->t.scratch = transform;
      gsk_layer_set_presentation_transform (self->layer, self->pspec, transform);
      return;
    }

  if (self->kind == KIND_FLOAT)
    {
      /* from[1] keeps the end, out of the GValue */
      float v = self->from[0] + (self->from[1] - self->from[0]) * progress;

      if (gsk_layer_present_floats (self->layer, self->pspec, &v, pending))
        return;
    }

  /* What else runs may look at the layer: its marks first */
  if (pending && *pending)
    {
      gsk_layer_changed (self->layer, *pending);
      *pending = 0;
    }
  apply_slowly (self, progress);
}

/* The most animated properties, set in the tick itself: the opacity,
 * and the angle of a rotation this record made, which nobody else
 * holds, in place. FALSE for the others, which apply() sets. */
static G_ALWAYS_INLINE inline gboolean
apply_quickly (GskLayerImplicit   *self,
               double              progress,
               GskLayerDirtyFlags *pending)
{
  double angle;

  if (self->quick == QUICK_OPACITY)
    {
      gsk_layer_present_opacity (self->layer, self->from[0] + (self->from[1] - self->from[0]) * progress, pending);
      return TRUE;
    }

  if (self->quick != QUICK_ROTATION || self->t.scratch == NULL ||
      gsk_layer_get_private (self->layer)->transform != self->t.scratch)
    return FALSE;

  /* As the lerp, in double; past a float's range (an overshooting
   * easing of a huge angle) apply() has the lerp clamp it */
  angle = self->t.from_angle + ((double) self->t.to_angle - self->t.from_angle) * progress;
  if (!(fabs (angle) <= G_MAXFLOAT) ||
      !gsk_layer_transform_overwrite_angle (self->t.scratch, angle))
    return FALSE;

  *pending |= GSK_LAYER_DIRTY_WORLD;
  return TRUE;
}

static void
apply_end (GskLayerImplicit *self)
{
  gsk_layer_set_presentation_value (self->layer, self->pspec, &self->model);
}

void
gsk_layer_implicit_remove (GskLayerImplicit *self,
                           gboolean          jump_to_end)
{
  if (jump_to_end)
    apply_end (self);
  unlink_record (self);
  record_free (self);
}

void
gsk_layer_implicit_leave_clock (GskLayer           *layer,
                                GskLayerFrameClock *clock)
{
  GskLayerImplicit *record;

  /* Ending one runs setters, which may change the list: start over */
restart:
  if (gsk_layer_get_private (layer)->animation == NULL)
    return;
  for (record = *list_head (layer); record != NULL; record = record->next)
    if (gsk_layer_implicit_get_clock (record) != clock)
      {
        gsk_layer_implicit_remove (record, TRUE);
        goto restart;
      }
}

/* Where records that start, wait and run alike are at a tick: those
 * started together (a layer's properties, a whole grid of layers) share
 * one evaluation of their easing */
typedef struct
{
  Timing *timing;             /* held: a pointer freed and made again is another */
  double t;                   /* ms since the delay ended; < 0: waiting */
  double progress;            /* eased */
  gboolean finished;
  gboolean running;           /* the delay is over and the end not reached */
} Cohort;

static G_ALWAYS_INLINE inline void
cohort_locate (Cohort           *cohort,
               GskLayerImplicit *record,
               gint64            now)
{
  double raw;

  if (record->timing == cohort->timing)
    return;

  g_clear_pointer (&cohort->timing, timing_unref);
  cohort->timing = timing_ref (record->timing);
  cohort->t = (now - record->timing->start_time) / 1000.0 - record->timing->delay;
  cohort->running = FALSE;
  if (cohort->t < 0)
    return;
  raw = raw_progress (record, cohort->t, &cohort->finished);
  cohort->progress = record->timing->easing && !cohort->finished
                     ? gsk_layer_easing_evaluate (record->timing->easing, raw) : raw;
  cohort->running = !cohort->finished;
}

static void
clock_records_tick (GskLayerFrameClock *clock,
                    ClockRecords       *self)
{
  gint64 now = gsk_layer_frame_clock_get_frame_time (clock);
  GPtrArray *finished_layers = NULL;
  Cohort cohort = { NULL, };
  /* The layer of the last records, and the marks they left to make:
   * one gsk_layer_changed() a layer, however many of its properties
   * move, made before anything runs that might look */
  GskLayer *marking = NULL;
  GskLayerDirtyFlags pending = 0;
  guint64 serial;
  /* Only code that runs while a layer is set can add such a class */
  gboolean meddlers = gsk_layer_n_meddlers > 0;
  guint i, n;

  if (self->records->len == 0)
    return;

  /* Records that callbacks add now wait for the next tick; those they
   * remove leave a hole, swept after the loop */
  self->ticking++;
  serial = ++self->serial;
  n = self->records->len;
  /* The array only grows while ticking (removals leave holes). A
   * callback that moves the clock ticks again inside this tick, which
   * sets every record for the later time: this one is then over. Only
   * redraw requests (the top level's frame request) and setters run
   * callbacks: the serial is looked at after them. */
  for (i = 0; i < n; i++)
    {
      GskLayerImplicit *record = g_ptr_array_index (self->records, i);
      GskLayer *layer;
      gboolean guard;

      if (record == NULL)
        continue;

      layer = record->layer;
      if (layer != marking)
        {
          if (pending)
            {
              gsk_layer_changed (marking, pending);
              if (self->serial != serial)
                break;
            }
          marking = layer;
          pending = 0;
        }

      /* Setting the value runs the redraw requests of the layer and its
       * ancestors, and a subclass's setter: code that may drop the
       * layer. With no such class about, there is none to fear, and the
       * marks can wait for the layer's other records. */
      cohort_locate (&cohort, record, now);
      if (G_LIKELY (cohort.running && !record->guard_layer && !meddlers))
        {
          if (apply_quickly (record, cohort.progress, &pending))
            continue;
          apply (record, cohort.progress, &pending);
          if (self->serial != serial)
            break;
          continue;
        }
      if (cohort.t < 0)
        continue;

      guard = record->guard_layer || meddlers;

      if (pending)
        {
          gsk_layer_changed (layer, pending);
          pending = 0;
        }
      if (guard)
        g_object_ref (layer);

      if (!cohort.finished)
        apply (record, cohort.progress, NULL);
      else
        {
          GParamSpec *pspec = record->pspec;
          GValue end = G_VALUE_INIT;

          /* Gone before the last value is set: code that setting it runs
           * may start a new animation of the property, which must stay */
          g_value_init (&end, pspec->value_type);
          g_value_copy (&record->model, &end);
          unlink_record (record);
          record_free (record);
          gsk_layer_set_presentation_value (layer, pspec, &end);
          g_value_unset (&end);

          /* Its last record: the layer may be done animating */
          if (gsk_layer_get_private (layer)->animation != NULL && *list_head (layer) == NULL)
            {
              if (finished_layers == NULL)
                finished_layers = g_ptr_array_new_with_free_func (g_object_unref);
              g_ptr_array_add (finished_layers, g_object_ref (layer));
            }
        }

      if (guard)
        {
          g_object_unref (layer);
          meddlers = gsk_layer_n_meddlers > 0;
          /* The layer may be gone */
          marking = NULL;
        }
      if (self->serial != serial)
        break;
    }
  if (pending)
    gsk_layer_changed (marking, pending);
  g_clear_pointer (&cohort.timing, timing_unref);
  self->ticking--;

  if (self->ticking == 0 && self->holes > 0)
    clock_records_sweep (self);

  if (finished_layers)
    {
      for (i = 0; i < finished_layers->len; i++)
        gsk_layer_animation_check_completed (g_ptr_array_index (finished_layers, i));
      g_ptr_array_unref (finished_layers);
    }

  if (self->records->len > 0)
    gsk_layer_frame_clock_request_frame (clock);
}

/* }}} */
/* {{{ Records as transitions */

GskLayerTransition *
gsk_layer_implicit_promote (GskLayerImplicit *self,
                            gint64           *out_start_time,
                            gboolean         *out_started)
{
  GskLayerPropertyTransition *transition;
  GValue from = G_VALUE_INIT;
  float f[4];

  /* A tick under way may not have come to this record yet, and the
   * transition that takes over only moves from the next one: show this
   * frame's value now (the same value again if it was shown already) */
  if (self->clock != NULL && self->clock->ticking > 0)
    {
      double t = (gsk_layer_frame_clock_get_frame_time (self->clock->clock) - self->timing->start_time) / 1000.0 - self->timing->delay;
      gboolean finished;
      double raw;

      if (t >= 0)
        {
          GskLayer *layer = g_object_ref (self->layer);
          GParamSpec *pspec = self->pspec;
          gboolean gone;

          raw = raw_progress (self, t, &finished);
          if (!finished)
            apply (self, self->timing->easing ? gsk_layer_easing_evaluate (self->timing->easing, raw) : raw, NULL);
          /* Setting the value may have run code that removed the record */
          gone = gsk_layer_get_private (layer)->animation == NULL ||
                 gsk_layer_implicit_find (layer, pspec) != self;
          g_object_unref (layer);
          if (gone)
            return NULL;
        }
    }

  transition = GSK_LAYER_PROPERTY_TRANSITION (
      gsk_layer_property_transition_new_for_type (G_OBJECT_TYPE (self->layer), self->pspec->name, NULL));
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (transition), self->timing->duration);
  gsk_layer_timeline_set_delay (GSK_LAYER_TIMELINE (transition), self->timing->delay);
  gsk_layer_timeline_set_easing (GSK_LAYER_TIMELINE (transition), self->timing->easing);

  /* The start the record interpolates from: for a transform, the
   * prepared lerp at 0, which interpolates to the end the same way */
  g_value_init (&from, self->pspec->value_type);
  if (self->is_transform)
    g_value_take_boxed (&from, gsk_layer_transform_lerp_at (self->t.lerp, 0.0));
  else
    {
      memcpy (f, self->from, sizeof f);
      if (self->pspec->value_type == G_TYPE_FLOAT)
        g_value_set_float (&from, f[0]);
      else if (self->pspec->value_type == GRAPHENE_TYPE_POINT)
        g_value_set_boxed (&from, &GRAPHENE_POINT_INIT (f[0], f[1]));
      else if (self->pspec->value_type == GRAPHENE_TYPE_POINT3D)
        g_value_set_boxed (&from, &GRAPHENE_POINT3D_INIT (f[0], f[1], f[2]));
      else if (self->pspec->value_type == GRAPHENE_TYPE_SIZE)
        g_value_set_boxed (&from, &GRAPHENE_SIZE_INIT (f[0], f[1]));
      else
        g_value_set_boxed (&from, &(GdkRGBA) { f[0], f[1], f[2], f[3] });
    }
  gsk_layer_property_transition_set_from_value (transition, &from);
  gsk_layer_property_transition_set_to_value (transition, &self->model);
  g_value_unset (&from);

  *out_start_time = self->timing->start_time;
  *out_started = self->clock != NULL &&
                 gsk_layer_frame_clock_get_frame_time (self->clock->clock) - self->timing->start_time >=
                   (gint64) self->timing->delay * 1000;

  unlink_record (self);
  record_free (self);

  return GSK_LAYER_TRANSITION (transition);
}

/* }}} */
