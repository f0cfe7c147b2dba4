/* fuzz-scroll.c: a scroll layer's cells bound to a model, under hostile
 * changes
 *
 * The input is a program, byte by byte: a GskLayerScroll (either axis)
 * bound with gsk_layer_scroll_bind_model () to a GListStore, then
 * splices of the store, items-changed emissions that do not match it,
 * offsets along and across the axis (from ordinary to past the limits),
 * zoom limits and zooms, sizes, cell sizes and bindings ended, animated
 * scrolls on a manual clock, wheel steps with and without Ctrl, drags
 * and pinches, frames; and from inside the bind function, now and then,
 * a splice of the store, a scroll or the end of the binding. After each
 * step every cell shown must show the item at its position, unbind must
 * be given what bind was, and the layers alive stay within what the
 * items need. The only CRITICAL allowed besides refusals of invalid
 * arguments is the documented one for an items-changed that does not
 * match the model.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fuzz-common.h"

#define FUZZ_MAX_INPUT 2048
#define MAX_ITEMS 600
#define MAX_OPS 120
#define FRAME_W 200
#define FRAME_H 150

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
  GskLayer *root;
  GskLayerScroll *scroll;
  GListStore *store;
  GskLayerFrameClock *clock;
  GskLayerRenderer *renderer;
  FuzzBytes *b;
  guint next_number;
  int alive;
  gboolean in_bind;
} Scroll;

static GQuark number_quark, shows_quark;

static GObject *
new_item (Scroll *s)
{
  GObject *item = g_object_new (G_TYPE_OBJECT, NULL);

  g_object_set_qdata (item, number_quark, GUINT_TO_POINTER (++s->next_number));
  return item;
}

static float
length (Scroll *s)
{
  static const float values[] = {
    0.f, 1.f, 10.f, 33.5f, 100.f, -20.f, 1e4f, 16777215.f, 16777216.f, -16777216.f, 0.25f, 400.f, 1e9f,
  };
  guint8 k = fuzz_u8 (s->b);

  return k < 0xe0 ? values[k % G_N_ELEMENTS (values)] : fuzz_float (s->b);
}

static void
splice (Scroll *s)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (s->store));
  guint at = n ? fuzz_u8 (s->b) * n / 256 : 0;
  guint removed = fuzz_u8 (s->b) % 32;
  guint added = fuzz_u8 (s->b) % 64;
  GObject *items[64];

  removed = MIN (removed, n - at);
  if (n - removed + added > MAX_ITEMS)
    added = MAX_ITEMS - (n - removed);
  for (guint i = 0; i < added; i++)
    items[i] = new_item (s);
  g_list_store_splice (s->store, at, removed, (gpointer *) items, added);
  for (guint i = 0; i < added; i++)
    g_object_unref (items[i]);
}

static void
cell_finalized (gpointer  data,
                GObject  *where)
{
  ((Scroll *) data)->alive--;
}

static GskLayer *
create_cell (gpointer data)
{
  Scroll *s = data;
  GskLayer *cell = gsk_layer_new ();

  s->alive++;
  g_object_weak_ref (G_OBJECT (cell), cell_finalized, s);
  gsk_layer_set_background_color (cell, &(GdkRGBA) { 0.2f, 0.5f, 0.8f, 1 });
  return cell;
}

static void
bind_model (Scroll *s);

static void
bind_cell (GskLayer *cell,
           gpointer  item,
           gpointer  data)
{
  Scroll *s = data;

  if (g_object_get_qdata (G_OBJECT (cell), shows_quark) != NULL)
    {
      fprintf (stderr, "fuzz-scroll: a cell bound twice\n");
      abort ();
    }
  g_object_set_qdata (G_OBJECT (cell), shows_quark, g_object_get_qdata (item, number_quark));

  /* Hostile, now and then: the model, the scroll, the binding change
   * while the cells are being bound */
  if (s->in_bind || !fuzz_bytes_left (s->b))
    return;
  s->in_bind = TRUE;
  switch (fuzz_u8 (s->b) % 24)
    {
    case 0:
      splice (s);
      break;
    case 1:
      FUZZ_MAY_REFUSE (gsk_layer_scroll_set_scroll_offset (s->scroll, length (s)));
      break;
    case 2:
      bind_model (s);
      break;
    case 3:
      gsk_layer_scroll_bind_model (s->scroll, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
      break;
    default:
      break;
    }
  s->in_bind = FALSE;
}

static void
unbind_cell (GskLayer *cell,
             gpointer  item,
             gpointer  data)
{
  if (g_object_get_qdata (G_OBJECT (cell), shows_quark) != g_object_get_qdata (item, number_quark))
    {
      fprintf (stderr, "fuzz-scroll: unbound from an item it was not bound to\n");
      abort ();
    }
  g_object_set_qdata (G_OBJECT (cell), shows_quark, NULL);
}

static void
bind_model (Scroll *s)
{
  graphene_size_t cell = GRAPHENE_SIZE_INIT (length (s), length (s));

  FUZZ_MAY_REFUSE (gsk_layer_scroll_bind_model (s->scroll, G_LIST_MODEL (s->store), &cell,
                                                create_cell, bind_cell, unbind_cell, s, NULL));
}

/* Every cell shown shows the item at its position */
static void
check (Scroll *s)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (s->store)), children = 0;

  for (GskLayer *c = gsk_layer_get_first_child (GSK_LAYER (s->scroll)); c; c = gsk_layer_get_next_sibling (c))
    {
      guint position = gsk_layer_scroll_get_cell_position (s->scroll, c);
      GObject *item;

      children++;
      if (position == G_MAXUINT)
        continue;
      if (position >= n || gsk_layer_scroll_get_model (s->scroll) != G_LIST_MODEL (s->store))
        {
          fprintf (stderr, "fuzz-scroll: a cell at %u of %u items\n", position, n);
          abort ();
        }
      item = g_list_model_get_item (G_LIST_MODEL (s->store), position);
      if (g_object_get_qdata (G_OBJECT (c), shows_quark) != g_object_get_qdata (item, number_quark))
        {
          fprintf (stderr, "fuzz-scroll: the cell at %u shows another item\n", position);
          abort ();
        }
      g_object_unref (item);
    }
  /* Cells for the items at most, and a few spare */
  if (children > 2 * MAX_ITEMS + 16)
    {
      fprintf (stderr, "fuzz-scroll: %u cells for %u items\n", children, n);
      abort ();
    }
}

static void
frame (Scroll *s)
{
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (s->renderer, s->root, FRAME_W, FRAME_H));
}

static void
event (Scroll            *s,
       GskLayerEventType  type,
       guint              sequence,
       double             x,
       double             y)
{
  GskLayerEvent *e = gsk_layer_event_new (type, (guint32) (gsk_layer_frame_clock_get_frame_time (s->clock) / 1000), x, y);

  if (type == GSK_LAYER_EVENT_BUTTON_PRESS || type == GSK_LAYER_EVENT_BUTTON_RELEASE)
    gsk_layer_event_set_button (e, 1);
  if (sequence)
    gsk_layer_event_set_sequence (e, sequence);
  gsk_layer_dispatch_event (s->root, e);
  gsk_layer_event_unref (e);
}

static void
run_op (Scroll *s)
{
  guint8 op = fuzz_u8 (s->b);

  switch (op % 14)
    {
    case 0:
    case 1:
      splice (s);
      break;
    case 2:
      {
        /* An items-changed that lies: refused with the documented CRITICAL */
        guint n = g_list_model_get_n_items (G_LIST_MODEL (s->store));

        FUZZ_MAY_REFUSE (g_list_model_items_changed (G_LIST_MODEL (s->store), n + fuzz_u8 (s->b),
                                                     fuzz_u8 (s->b), fuzz_u8 (s->b) % 3));
      }
      break;
    case 3:
      FUZZ_MAY_REFUSE (gsk_layer_scroll_set_scroll_offset (s->scroll, length (s)));
      break;
    case 4:
      FUZZ_MAY_REFUSE (gsk_layer_scroll_set_cross_offset (s->scroll, length (s)));
      break;
    case 5:
      FUZZ_MAY_REFUSE (gsk_layer_scroll_set_zoom_limits (s->scroll, fuzz_float (s->b), fuzz_float (s->b)));
      FUZZ_MAY_REFUSE (gsk_layer_scroll_zoom_to (s->scroll, fuzz_float (s->b),
                                                 &GRAPHENE_POINT_INIT (length (s), length (s))));
      break;
    case 6:
      FUZZ_MAY_REFUSE (gsk_layer_set_size (GSK_LAYER (s->scroll), &GRAPHENE_SIZE_INIT (length (s), length (s))));
      break;
    case 7:
      frame (s);
      break;
    case 8:
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (s->clock), 1000 * (1 + fuzz_u8 (s->b) * 4));
      break;
    case 9:
      gsk_layer_save_easing_state (GSK_LAYER (s->scroll));
      gsk_layer_set_easing_duration (GSK_LAYER (s->scroll), fuzz_u8 (s->b) * 4);
      gsk_layer_scroll_scroll_to_item (s->scroll, fuzz_u32 (s->b) % (MAX_ITEMS + 10));
      gsk_layer_restore_easing_state (GSK_LAYER (s->scroll));
      break;
    case 10:
      {
        GskLayerEvent *e = gsk_layer_event_new (GSK_LAYER_EVENT_SCROLL, 10, fuzz_u8 (s->b), fuzz_u8 (s->b));
        guint8 k = fuzz_u8 (s->b);

        gsk_layer_event_set_scroll (e, k % 5, (k & 0x10) ? 3.5 : -1, (k & 0x20) ? 2 : -4, (k & 0x40) != 0);
        gsk_layer_event_set_modifiers (e, (k & 0x80) ? GDK_CONTROL_MASK : 0);
        gsk_layer_dispatch_event (s->root, e);
        gsk_layer_event_unref (e);
      }
      break;
    case 11:
      {
        /* A drag, with frames between its moves */
        double x = fuzz_u8 (s->b) % FRAME_W, y = fuzz_u8 (s->b) % FRAME_H;

        event (s, GSK_LAYER_EVENT_BUTTON_PRESS, 0, x, y);
        for (int i = 0; i < 4 && fuzz_bytes_left (s->b); i++)
          {
            gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (s->clock), 16000);
            x += (int) fuzz_u8 (s->b) - 128;
            y += (int) fuzz_u8 (s->b) - 128;
            event (s, GSK_LAYER_EVENT_MOTION, 0, x, y);
          }
        event (s, GSK_LAYER_EVENT_BUTTON_RELEASE, 0, x, y);
      }
      break;
    case 12:
      {
        /* Two fingers: a pinch */
        double d = fuzz_u8 (s->b);

        event (s, GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 100 - d / 4, 75);
        event (s, GSK_LAYER_EVENT_TOUCH_BEGIN, 2, 100 + d / 4, 75);
        gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (s->clock), 16000);
        event (s, GSK_LAYER_EVENT_TOUCH_UPDATE, 1, 100 - d, 75 - d / 8);
        event (s, GSK_LAYER_EVENT_TOUCH_UPDATE, 2, 100 + d, 75 + d / 8);
        event (s, (fuzz_u8 (s->b) & 1) ? GSK_LAYER_EVENT_TOUCH_END : GSK_LAYER_EVENT_TOUCH_CANCEL, 1, 100 - d, 75);
        event (s, GSK_LAYER_EVENT_TOUCH_END, 2, 100 + d, 75);
      }
      break;
    default:
      if (fuzz_u8 (s->b) & 1)
        bind_model (s);
      else
        gsk_layer_scroll_bind_model (s->scroll, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
      break;
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  FuzzBytes bytes = { data, MIN (size, FUZZ_MAX_INPUT), 0 };
  Scroll s = { 0 };
  guint8 first;

  if (number_quark == 0)
    {
      number_quark = g_quark_from_static_string ("fuzz-number");
      shows_quark = g_quark_from_static_string ("fuzz-shows");
    }
  s.b = &bytes;
  first = fuzz_u8 (&bytes);
  s.clock = gsk_layer_manual_clock_new ();
  s.renderer = gsk_layer_software_renderer_new ();
  s.root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (s.root, &GRAPHENE_SIZE_INIT (FRAME_W, FRAME_H));
  gsk_layer_set_frame_clock (s.root, s.clock);
  s.scroll = GSK_LAYER_SCROLL (gsk_layer_scroll_new (first & 1 ? GSK_LAYER_ORIENTATION_HORIZONTAL
                                                               : GSK_LAYER_ORIENTATION_VERTICAL));
  gsk_layer_set_size (GSK_LAYER (s.scroll), &GRAPHENE_SIZE_INIT (FRAME_W - 20, FRAME_H - 10));
  gsk_layer_add_child (s.root, GSK_LAYER (s.scroll));
  s.store = g_list_store_new (G_TYPE_OBJECT);
  for (guint i = 0; i < (guint) (first >> 1) * 4; i++)
    {
      GObject *item = new_item (&s);

      g_list_store_append (s.store, item);
      g_object_unref (item);
    }
  bind_model (&s);

  for (guint n = 0; n < MAX_OPS && fuzz_bytes_left (&bytes); n++)
    {
      run_op (&s);
      check (&s);
    }
  frame (&s);
  check (&s);

  gsk_layer_set_frame_clock (s.root, NULL);
  g_object_unref (s.root);
  g_object_unref (s.store);
  g_object_unref (s.renderer);
  g_object_unref (s.clock);
  if (s.alive != 0)
    {
      fprintf (stderr, "fuzz-scroll: %d cells alive after the scroll layer went\n", s.alive);
      abort ();
    }
  return 0;
}
