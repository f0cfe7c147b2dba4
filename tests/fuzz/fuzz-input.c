/* fuzz-input.c: event streams on two top levels whose handlers change
 * the trees under them
 *
 * The input is a program, byte by byte: it builds two top levels from a
 * pool of layers (3D transforms, perspective, hidden and unreactive
 * layers), gives them plain controllers and gestures, then dispatches
 * pointer and touch events, moves the shared frame clock and changes the
 * trees. The plain controllers' handlers run more of the program while
 * an event travels: they remove, hide and reparent layers (into the
 * other top level too), grab and ungrab the pointer, take controllers
 * off their layers and dispatch events of their own, nested.
 *
 * Every controller's events are checked against the rule input keeps
 * (gsk-layer-input.c, docs/input.md):
 * - a controller that saw a press gets the last release or a
 *   grab-broken event for it: when a top level's last button is up, no
 *   controller still waits for its release;
 * - a touch begin is followed, for that controller, by updates and then
 *   exactly one end, cancel or grab-broken event of that sequence; when
 *   a sequence ended, no controller still follows it;
 * - per layer, enter and leave alternate, enter first; and no crossing
 *   event reaches a layer while a handler of another crossing event of
 *   the same top level runs.
 * A break of the rule aborts, as does a CRITICAL or WARNING that the
 * program did not ask for (fuzz-common.h). Grab-broken events and
 * crossing events do not say which top level's press, touch or crossing
 * they belong to: once a layer has gone from one top level's tree to the
 * other's, the checks that need to know are left out for the rest of
 * the run (pairing per layer and everything of a press whose controller
 * grabbed the pointer stay).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fuzz-common.h"

#define FUZZ_MAX_INPUT 4096
#define N_LAYERS 8
#define MAX_OPS 256
#define MAX_DEPTH 3
#define MAX_ACTIONS 64

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_setup ();
  return 0;
}

typedef struct {
  GskLayer *roots[2];
  GskLayer *layers[N_LAYERS];
  GskLayerFrameClock *clock;
  FuzzBytes *b;
  guint32 held[2];              /* buttons down, as dispatched */
  int depth;                    /* dispatches under way */
  int root_stack[MAX_DEPTH + 2];
  gboolean stray_release;       /* the release dispatched now ends nothing */
  gboolean final_release;       /* ... ends its top level's press */
  int crossing_handlers[2];     /* crossing handlers running, per top level */
  int updating;                 /* the top level of gsk_layer_update_hover(), or -1 */
  /* Per top level: the press under way, counted from the first press
   * after all buttons were up; the one the release dispatched now
   * belongs to */
  guint generation[2];
  guint release_generation;
  /* A layer went from one top level's tree to the other's: a crossing
   * of the top level it left may then reach it in the other's tree, so
   * which top level's crossing an event belongs to is no longer known
   * here, and nesting is not checked */
  gboolean moved_across;
  /* The top level each layer was last in, or -1 if it has been in none */
  int last_root[N_LAYERS];
  guint n_actions;
  GPtrArray *controllers;       /* every one made, kept alive */
} Input;

static Input *input;

static G_NORETURN void
broken (const char *what,
        GskLayerEventController *controller)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (controller);

  fprintf (stderr, "fuzz-input: %s (controller %p of layer %s)\n", what, (void *) controller,
           layer && gsk_layer_get_name (layer) ? gsk_layer_get_name (layer) : "(none)");
  abort ();
}

/* The top level whose events or update are under way, or -1 */
static int
current_root (void)
{
  return input->depth > 0 ? input->root_stack[input->depth - 1] : input->updating;
}

static int
root_index (GskLayer *layer)
{
  GskLayer *root = layer ? gsk_layer_get_root (layer) : NULL;

  return root == input->roots[0] ? 0 : root == input->roots[1] ? 1 : -1;
}

/* Sets moved_across for any layer now in the other top level's tree
 * than the one it was last in. Not only a move from one tree straight
 * into the other: a layer taken out of a tree, or moved into a subtree
 * that is in none, and later put in the other's (itself or with an
 * ancestor) is still entered in the first, which leaves it at its next
 * crossing, maybe while a crossing handler of the second runs; looking
 * at the one layer moved, from and to, misses that */
static void
note_roots (void)
{
  for (guint i = 0; i < N_LAYERS; i++)
    {
      int r = root_index (input->layers[i]);

      if (r < 0)
        continue;
      if (input->last_root[i] >= 0 && input->last_root[i] != r)
        input->moved_across = TRUE;
      input->last_root[i] = r;
    }
}

/* {{{ The rule, per controller and per layer */

#define MAX_OPEN 8

typedef struct {
  /* The presses the controller follows, by generation, per top level:
   * a layer moved to the other tree mid-press may follow a press in
   * each, and a press from a handler of the last release of another
   * begins before that one has ended for every controller */
  guint pointer_open[2][MAX_OPEN];
  guint n_pointer_open[2];
  /* A grab-broken event came while it followed more than one press:
   * which one it ended is not known here (the event does not say), so
   * its releases are not checked until its top levels are at rest */
  gboolean ambiguous;
  guint touches_open;           /* a bit per top level and sequence */
} Track;

static gboolean
track_follows (Track *t,
               int    r,
               guint  generation)
{
  for (guint i = 0; i < t->n_pointer_open[r]; i++)
    if (t->pointer_open[r][i] == generation)
      return TRUE;
  return FALSE;
}

static void
track_join (Track *t,
            int    r,
            guint  generation)
{
  if (!track_follows (t, r, generation) && t->n_pointer_open[r] < MAX_OPEN)
    t->pointer_open[r][t->n_pointer_open[r]++] = generation;
}

static void
track_leave (Track *t,
             int    r,
             guint  index)
{
  t->n_pointer_open[r]--;
  memmove (&t->pointer_open[r][index], &t->pointer_open[r][index + 1],
           (t->n_pointer_open[r] - index) * sizeof (guint));
}

static GQuark track_quark, entered_quark, grabbed_quark;

static Track *
track_of (GskLayerEventController *controller)
{
  Track *t = g_object_get_qdata (G_OBJECT (controller), track_quark);

  if (t == NULL)
    {
      t = g_new0 (Track, 1);
      g_object_set_qdata_full (G_OBJECT (controller), track_quark, t, g_free);
    }
  return t;
}

static gboolean
check_event (GskLayerEventController *controller,
             GskLayerEvent           *event,
             gpointer                 data)
{
  Track *t = track_of (controller);
  GskLayerEventType type = gsk_layer_event_get_event_type (event);
  guint seq = gsk_layer_event_get_sequence (event) & 3;
  GskLayer *layer = gsk_layer_event_controller_get_layer (controller);
  int r;
  /* The sequence of the top level dispatching, if any */
  guint bit = 1u << (seq + 4 * (input->depth > 0 ? input->root_stack[input->depth - 1] : 0));

  /* FUZZ_INPUT_TRACE=1 prints what each controller gets */
  if (g_getenv ("FUZZ_INPUT_TRACE"))
    fprintf (stderr, "  %*s%p (%s, %s) gets %d seq %u (pointer %x touches %x)\n", 2 * input->depth, "",
             (void *) controller, G_OBJECT_TYPE_NAME (controller),
             layer && gsk_layer_get_name (layer) ? gsk_layer_get_name (layer) : "-",
             type, gsk_layer_event_get_sequence (event), t->n_pointer_open[0] | t->n_pointer_open[1] << 4, t->touches_open);

  switch ((int) type)
    {
    case GSK_LAYER_EVENT_BUTTON_PRESS:
      r = input->root_stack[input->depth - 1];
      track_join (t, r, input->generation[r]);
      break;

    case GSK_LAYER_EVENT_BUTTON_RELEASE:
      if (input->stray_release)
        break;
      r = input->root_stack[input->depth - 1];
      /* Not checked: a grab during a press joins the grabbing layer's
       * controllers, and which presses they join this model cannot
       * tell in every nesting of handlers */
      if (input->final_release)
        for (guint i = 0; i < t->n_pointer_open[r]; i++)
          if (t->pointer_open[r][i] == input->release_generation)
            {
              track_leave (t, r, i);
              break;
            }
      break;

    case GSK_LAYER_EVENT_GRAB_BROKEN:
      if (gsk_layer_event_get_device_kind (event) == GSK_LAYER_DEVICE_TOUCHSCREEN)
        {
          /* Either top level's: that of one the layer is not in first */
          guint both = t->touches_open & ((1u << seq) | (1u << (seq + 4)));
          guint other;

          r = root_index (layer);
          other = both & ~(r >= 0 ? 1u << (seq + 4 * r) : 0u);
          if (!both && !input->moved_across)
            broken ("a touch's grab-broken event for a controller not following it", controller);
          t->touches_open &= ~(other ? (other & -other) : (both & -both));
        }
      else if (t->n_pointer_open[0] + t->n_pointer_open[1] > 0)
        {
          /* A press is broken off for a layer no longer on its way: that
           * of a top level the layer is not in, if there is one, else the
           * oldest */
          int in = root_index (layer);

          /* A layer that grabbed the pointer also hears of a grab lost,
           * and one moved across top levels may follow a press in each */
          if (t->n_pointer_open[0] + t->n_pointer_open[1] > 1 || input->moved_across ||
              (layer && g_object_get_qdata (G_OBJECT (layer), grabbed_quark)))
            t->ambiguous = TRUE;
          if (in >= 0 && t->n_pointer_open[1 - in] > 0)
            r = 1 - in;
          else if (in >= 0)
            r = in;
          else
            r = t->n_pointer_open[0] > 0 ? 0 : 1;
          track_leave (t, r, 0);
        }
      /* One that follows no press may still hear of a grab lost, or of
       * a press it was joined to by a grab its own count does not see:
       * harmless to a controller at rest, and not checked */
      break;

    case GSK_LAYER_EVENT_TOUCH_BEGIN:
      if ((t->touches_open & bit) && !input->moved_across)
        broken ("a touch begin for a sequence the controller still follows", controller);
      t->touches_open |= bit;
      break;

    case GSK_LAYER_EVENT_TOUCH_UPDATE:
      if (!(t->touches_open & bit) && !input->moved_across)
        broken ("a touch update for a sequence the controller does not follow", controller);
      break;

    case GSK_LAYER_EVENT_TOUCH_END:
    case GSK_LAYER_EVENT_TOUCH_CANCEL:
      if (!(t->touches_open & bit) && !input->moved_across)
        broken ("a touch end for a sequence the controller does not follow", controller);
      t->touches_open &= ~bit;
      break;

    default:
      break;
    }

  return FALSE;
}

/* The first controller of each layer, never taken off: enter and leave
 * alternate, and none arrives while a crossing handler of the same top
 * level runs */
static gboolean
check_crossing (GskLayerEventController *controller,
                GskLayerEvent           *event,
                gpointer                 data)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (controller);
  GskLayerEventType type = gsk_layer_event_get_event_type (event);
  gboolean entered;
  int r;

  if (type != GSK_LAYER_EVENT_ENTER && type != GSK_LAYER_EVENT_LEAVE)
    return FALSE;

  /* Only what is known: a crossing of the top level under way, for a
   * layer in its tree (the leave of a layer moved away may come from
   * the top level it left) */
  r = root_index (layer);
  if (r >= 0 && r == current_root () && input->crossing_handlers[r] > 0 && !input->moved_across)
    broken ("a crossing event while a crossing handler of its top level runs", controller);

  /* A descendant's crossing, on its way through the ancestors: paired
   * where it is the layer's own */
  if (gsk_layer_event_get_target (event) != layer)
    return FALSE;

  entered = GPOINTER_TO_INT (g_object_get_qdata (G_OBJECT (layer), entered_quark));
  if (type == GSK_LAYER_EVENT_ENTER && entered)
    broken ("enter for a layer entered already", controller);
  if (type == GSK_LAYER_EVENT_LEAVE && !entered)
    broken ("leave for a layer not entered", controller);
  g_object_set_qdata (G_OBJECT (layer), entered_quark, GINT_TO_POINTER (type == GSK_LAYER_EVENT_ENTER));

  return FALSE;
}

static void
watch (GskLayerEventController *controller)
{
  g_signal_connect (controller, "event", G_CALLBACK (check_event), NULL);
}

/* After a dispatch at the top: what ended must have ended everywhere */
static void
check_settled (int r)
{
  for (guint i = 0; i < input->controllers->len; i++)
    {
      Track *t = track_of (input->controllers->pdata[i]);

      if (t->ambiguous && input->held[0] == 0 && input->held[1] == 0)
        {
          t->ambiguous = FALSE;
          t->n_pointer_open[0] = t->n_pointer_open[1] = 0;
        }
      /* The press just ended must have ended for it; an older one it
       * still seems to follow is this model losing count (a press begun
       * from a handler of another's last release), not checked */
      if (input->held[r] == 0 && track_follows (t, r, input->generation[r]) && !t->ambiguous &&
          !input->moved_across)
        broken ("a controller still waits for a release after the last button went up", input->controllers->pdata[i]);
      if (input->held[r] == 0)
        t->n_pointer_open[r] = 0;
    }
}

/* }}} */
/* {{{ Events */

static void run_op (guint8 op);

static void
dispatch (int                r,
          GskLayerEventType  type,
          float              x,
          float              y,
          guint              button_or_sequence)
{
  GskLayerEvent *event;
  gboolean stray = input->stray_release, final = input->final_release;
  guint release_generation = input->release_generation;

  if (input->depth > MAX_DEPTH)
    return;

  event = gsk_layer_event_new (type, 1000, x, y);
  if (type == GSK_LAYER_EVENT_BUTTON_PRESS || type == GSK_LAYER_EVENT_BUTTON_RELEASE)
    gsk_layer_event_set_button (event, button_or_sequence);
  else
    gsk_layer_event_set_sequence (event, button_or_sequence);

  if (type == GSK_LAYER_EVENT_BUTTON_PRESS)
    {
      if (input->held[r] == 0)
        input->generation[r]++;
      input->held[r] |= 1u << (button_or_sequence - 1);
    }
  else if (type == GSK_LAYER_EVENT_BUTTON_RELEASE)
    {
      input->release_generation = input->generation[r];
      input->stray_release = input->held[r] == 0;
      input->held[r] &= ~(1u << (button_or_sequence - 1));
      input->final_release = !input->stray_release && input->held[r] == 0;
    }

  if (g_getenv ("FUZZ_INPUT_TRACE"))
    fprintf (stderr, "%*sdispatch %d to root%d at %g,%g (%u; held %x %x)\n", 2 * input->depth, "",
             type, r, x, y, button_or_sequence, input->held[0], input->held[1]);
  input->root_stack[input->depth++] = r;
  gsk_layer_dispatch_event (input->roots[r], event);
  input->depth--;
  gsk_layer_event_unref (event);

  input->stray_release = stray;
  input->final_release = final;
  input->release_generation = release_generation;
  if (input->depth == 0)
    check_settled (r);
}

static void
random_event (void)
{
  static const GskLayerEventType touch_types[] = {
    GSK_LAYER_EVENT_TOUCH_BEGIN, GSK_LAYER_EVENT_TOUCH_UPDATE, GSK_LAYER_EVENT_TOUCH_UPDATE,
    GSK_LAYER_EVENT_TOUCH_END, GSK_LAYER_EVENT_TOUCH_CANCEL,
  };
  guint8 k = fuzz_u8 (input->b);
  int r = k & 1;
  float x = (float) (fuzz_u8 (input->b) % 72) - 4.f, y = (float) (fuzz_u8 (input->b) % 72) - 4.f;

  switch ((k >> 1) % 6)
    {
    case 0: dispatch (r, GSK_LAYER_EVENT_MOTION, x, y, 0); break;
    case 1: dispatch (r, GSK_LAYER_EVENT_BUTTON_PRESS, x, y, 1 + fuzz_u8 (input->b) % 3); break;
    case 2: dispatch (r, GSK_LAYER_EVENT_BUTTON_RELEASE, x, y, 1 + fuzz_u8 (input->b) % 3); break;
    case 3:
      dispatch (r, touch_types[fuzz_u8 (input->b) % G_N_ELEMENTS (touch_types)], x, y, 1 + fuzz_u8 (input->b) % 3);
      break;
    case 4: dispatch (r, GSK_LAYER_EVENT_LEAVE, x, y, 0); break;
    default: dispatch (r, GSK_LAYER_EVENT_SCROLL, x, y, 0); break;
    }
}

/* }}} */
/* {{{ The trees and what handlers do to them */

static GskLayer *
any_layer (void)
{
  guint8 k = fuzz_u8 (input->b) % (N_LAYERS + 2);

  return k < 2 ? input->roots[k] : input->layers[k - 2];
}

static void
set_transform (GskLayer   *layer,
               const char *text)
{
  GskLayerTransform *t = NULL;

  if (gsk_layer_transform_parse (text, &t, NULL))
    {
      gsk_layer_set_transform (layer, t);
      g_clear_pointer (&t, gsk_layer_transform_unref);
    }
}

static void
add_controller (GskLayer *layer);

static void
edit_tree (void)
{
  static const char * const transforms[] = {
    "none", "rotate(30deg)", "rotateY(50deg)", "rotateX(-70deg) translateZ(20px)", "scale(0.5)",
    "rotateY(90deg)", "perspective(100px) rotateY(40deg)", "scale(0)", "matrix3d(1,0,0,0,0,1,0,0,0,0,1,0.01,0,0,0,1)",
  };
  GskLayer *layer = input->layers[fuzz_u8 (input->b) % N_LAYERS];
  GskLayer *parent = any_layer ();

  switch (fuzz_u8 (input->b) % 10)
    {
    case 0:
    case 1:
      if (g_getenv ("FUZZ_INPUT_TRACE"))
        fprintf (stderr, "move %s into %s\n", gsk_layer_get_name (layer), gsk_layer_get_name (parent));
      /* Reparented, into either tree; a cycle is refused */
      g_object_ref (layer);
      if (gsk_layer_get_parent (layer))
        gsk_layer_remove_child (gsk_layer_get_parent (layer), layer);
      FUZZ_MAY_REFUSE (gsk_layer_add_child (parent, layer));
      g_object_unref (layer);
      note_roots ();
      break;
    case 2:
      if (gsk_layer_get_parent (layer))
        gsk_layer_remove_child (gsk_layer_get_parent (layer), layer);
      note_roots ();
      break;
    case 3: gsk_layer_set_visible (layer, !gsk_layer_get_visible (layer)); break;
    case 4: gsk_layer_set_reactive (layer, !gsk_layer_get_reactive (layer)); break;
    case 5: set_transform (layer, transforms[fuzz_u8 (input->b) % G_N_ELEMENTS (transforms)]); break;
    case 6:
      gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (fuzz_u8 (input->b) % 64, fuzz_u8 (input->b) % 64));
      break;
    case 7:
      if (g_getenv ("FUZZ_INPUT_TRACE"))
        fprintf (stderr, "grab %s (in root%d)\n", gsk_layer_get_name (layer), root_index (layer));
      if (gsk_layer_get_parent (layer) || layer == input->roots[0] || layer == input->roots[1])
        {
          int r = root_index (layer);

          /* Grabbing while a button is down joins the layer's controllers
           * to the press (before the crossing handlers it runs) */
          for (guint i = 0; r >= 0 && input->held[r] && i < input->controllers->len; i++)
            if (gsk_layer_event_controller_get_layer (input->controllers->pdata[i]) == layer)
              {
                track_join (track_of (input->controllers->pdata[i]), r, input->generation[r]);
                if (g_getenv ("FUZZ_INPUT_TRACE"))
                  fprintf (stderr, "  %p joins\n", input->controllers->pdata[i]);
              }
          g_object_set_qdata (G_OBJECT (layer), grabbed_quark, GINT_TO_POINTER (1));
          gsk_layer_grab_pointer (layer);
        }
      break;
    case 8:
      {
        GskLayer *root = gsk_layer_get_root (layer);

        if (gsk_layer_get_pointer_grab (root) == layer)
          gsk_layer_ungrab_pointer (layer);
      }
      break;
    default:
      add_controller (layer);
      break;
    }
}

/* A plain controller's handler: more of the program, while the event
 * travels */
static gboolean
act (GskLayerEventController *controller,
     GskLayerEvent           *event,
     gpointer                 data)
{
  GskLayerEventType type = gsk_layer_event_get_event_type (event);
  gboolean crossing = type == GSK_LAYER_EVENT_ENTER || type == GSK_LAYER_EVENT_LEAVE;
  int r = root_index (gsk_layer_event_controller_get_layer (controller));
  guint8 what;

  if (r != current_root ())
    r = -1;

  if (input->n_actions >= MAX_ACTIONS || !fuzz_bytes_left (input->b))
    return FALSE;
  what = fuzz_u8 (input->b);
  if (what < 0x80)
    return what == 0x7f;        /* mostly nothing, sometimes a stop */

  input->n_actions++;
  if (crossing && r >= 0)
    input->crossing_handlers[r]++;
  switch (what % 4)
    {
    case 0: random_event (); break;
    case 1:
      {
        GskLayer *layer = gsk_layer_event_controller_get_layer (controller);

        /* Off its layer (the layer's ref goes: one of ours keeps it) */
        if (layer)
          gsk_layer_remove_controller (layer, controller);
      }
      break;
    case 2:
      {
        /* A gesture takes its press or touch for itself, while the
         * event travels (the others get their grab-broken at once) */
        GskLayerEventController *other = input->controllers->len > 0
          ? input->controllers->pdata[fuzz_u8 (input->b) % input->controllers->len] : NULL;

        if (other && GSK_IS_LAYER_GESTURE (other))
          {
            if (g_getenv ("FUZZ_INPUT_TRACE"))
              fprintf (stderr, "claim by %p\n", (void *) other);
            gsk_layer_gesture_claim (GSK_LAYER_GESTURE (other));
          }
      }
      break;
    default: edit_tree (); break;
    }
  if (crossing && r >= 0)
    input->crossing_handlers[r]--;

  return FALSE;
}

static void
add_controller (GskLayer *layer)
{
  GskLayerEventController *controller;
  guint8 k = fuzz_u8 (input->b);

  switch (k % 8)
    {
    case 0: controller = gsk_layer_click_gesture_new (); break;
    case 1: controller = gsk_layer_drag_gesture_new (); break;
    case 2: controller = gsk_layer_long_press_gesture_new (); break;
    case 3: controller = gsk_layer_pan_gesture_new (k & 0x40 ? GSK_LAYER_DRAG_HORIZONTAL : GSK_LAYER_DRAG_VERTICAL); break;
    case 4: controller = gsk_layer_swipe_gesture_new (); break;
    case 5: controller = gsk_layer_pinch_gesture_new (); break;
    case 6:
      /* Where drags drop (given a phase, a plain controller too) */
      controller = k & 0x80 ? gsk_layer_drop_target_new () : gsk_layer_event_controller_new ();
      break;
    default:
      controller = gsk_layer_event_controller_new ();
      break;
    }
  if (g_getenv ("FUZZ_INPUT_TRACE"))
    fprintf (stderr, "add %p (%s) to %s\n", (void *) controller, G_OBJECT_TYPE_NAME (controller),
             gsk_layer_get_name (layer) ? gsk_layer_get_name (layer) : "-");
  /* A gesture's check runs after the gesture saw the event; a plain
   * controller's before its handler, which may dispatch more events */
  watch (controller);
  if (!GSK_IS_LAYER_GESTURE (controller))
    g_signal_connect (controller, "event", G_CALLBACK (act), NULL);
  g_ptr_array_add (input->controllers, g_object_ref (controller));
  gsk_layer_event_controller_set_propagation_phase (controller, (k >> 3) % 3 == 0 ? GSK_LAYER_PHASE_CAPTURE :
                                                    (k >> 3) % 3 == 1 ? GSK_LAYER_PHASE_TARGET
                                                                      : GSK_LAYER_PHASE_BUBBLE);
  gsk_layer_add_controller (layer, controller);
}

static void
run_op (guint8 op)
{
  switch (op % 8)
    {
    case 0: case 1: case 2: case 3:
      random_event ();
      break;
    case 4:
      edit_tree ();
      break;
    case 5:
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (input->clock), 1000 * (1 + fuzz_u8 (input->b) * 8));
      break;
    case 6:
      input->updating = fuzz_u8 (input->b) & 1;
      gsk_layer_update_hover (input->roots[input->updating]);
      input->updating = -1;
      break;
    default:
      add_controller (any_layer ());
      break;
    }
}

/* }}} */

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  FuzzBytes bytes = { data, MIN (size, FUZZ_MAX_INPUT), 0 };
  Input in = { 0 };

  if (track_quark == 0)
    {
      track_quark = g_quark_from_static_string ("fuzz-input-track");
      entered_quark = g_quark_from_static_string ("fuzz-input-entered");
      grabbed_quark = g_quark_from_static_string ("fuzz-input-grabbed");
    }

  input = &in;
  in.b = &bytes;
  in.updating = -1;
  in.clock = gsk_layer_manual_clock_new ();
  for (guint i = 0; i < 2; i++)
    {
      in.roots[i] = g_object_ref_sink (gsk_layer_new ());
      gsk_layer_set_name (in.roots[i], i ? "root1" : "root0");
      gsk_layer_set_size (in.roots[i], &GRAPHENE_SIZE_INIT (64, 64));
      gsk_layer_set_frame_clock (in.roots[i], in.clock);
    }
  for (guint i = 0; i < N_LAYERS; i++)
    {
      char name[8];

      in.layers[i] = g_object_ref_sink (gsk_layer_new ());
      g_snprintf (name, sizeof name, "l%u", i);
      gsk_layer_set_name (in.layers[i], name);
      gsk_layer_set_position (in.layers[i], &GRAPHENE_POINT_INIT (fuzz_u8 (&bytes) % 48, fuzz_u8 (&bytes) % 48));
      gsk_layer_set_size (in.layers[i], &GRAPHENE_SIZE_INIT (8 + fuzz_u8 (&bytes) % 48, 8 + fuzz_u8 (&bytes) % 48));
      FUZZ_MAY_REFUSE (gsk_layer_add_child (i < 2 ? in.roots[i] : (fuzz_u8 (&bytes) & 1 ? in.roots[fuzz_u8 (&bytes) & 1]
                                                                                    : in.layers[fuzz_u8 (&bytes) % i]),
                                            in.layers[i]));
    }
  for (guint i = 0; i < N_LAYERS; i++)
    in.last_root[i] = -1;
  note_roots ();
  in.controllers = g_ptr_array_new_with_free_func (g_object_unref);
  {
    GskLayerTransform *t = NULL;

    if (gsk_layer_transform_parse ("perspective(120px)", &t, NULL))
      {
        gsk_layer_set_child_transform (in.roots[1], t);
        gsk_layer_transform_unref (t);
      }
  }
  for (guint i = 0; i < N_LAYERS + 2; i++)
    {
      GskLayer *layer = i < 2 ? in.roots[i] : in.layers[i - 2];
      GskLayerEventController *checker = gsk_layer_event_controller_new ();

      g_signal_connect (checker, "event", G_CALLBACK (check_crossing), NULL);
      gsk_layer_event_controller_set_propagation_phase (checker, GSK_LAYER_PHASE_BUBBLE);
      gsk_layer_add_controller (layer, checker);
    }

  for (guint n = 0; n < MAX_OPS && fuzz_bytes_left (&bytes); n++)
    run_op (fuzz_u8 (&bytes));

  /* Let go of everything: the rule must hold to the end */
  for (int r = 0; r < 2; r++)
    for (guint button = 1; button <= 3; button++)
      if (in.held[r] & (1u << (button - 1)))
        dispatch (r, GSK_LAYER_EVENT_BUTTON_RELEASE, 0, 0, button);

  for (guint i = 0; i < N_LAYERS; i++)
    {
      gsk_layer_remove_all_children (in.layers[i]);
      if (gsk_layer_get_parent (in.layers[i]))
        gsk_layer_remove_child (gsk_layer_get_parent (in.layers[i]), in.layers[i]);
    }
  for (guint i = 0; i < N_LAYERS; i++)
    g_object_unref (in.layers[i]);
  for (guint i = 0; i < 2; i++)
    g_object_unref (in.roots[i]);
  g_ptr_array_unref (in.controllers);
  g_object_unref (in.clock);
  input = NULL;

  return 0;
}
