/* gsk-layer-view-clock.c: a frame clock that ticks with a widget's tick
 * callback, only while asked to
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-view-clock-private.h"

/* GskLayerGdkClock follows a GdkFrameClock's every update; a view must
 * instead cost nothing while still. This clock adds a tick callback to
 * its widget when a frame is requested and removes it after a tick in
 * which nothing asked for another: GTK then draws no frames for it. */
struct _GskLayerViewClock
{
  GskLayerFrameClock parent_instance;

  GtkWidget *widget;
  guint tick_id;
  guint n_ticks;
  gboolean requested;
  /* The time of the last tick, for reads between ticks */
  gint64 frame_time;
};

G_DEFINE_FINAL_TYPE (GskLayerViewClock, gsk_layer_view_clock, GSK_TYPE_LAYER_FRAME_CLOCK)

static gint64
gsk_layer_view_clock_get_frame_time (GskLayerFrameClock *clock)
{
  GskLayerViewClock *self = GSK_LAYER_VIEW_CLOCK (clock);
  GdkFrameClock *frame_clock = self->widget ? gtk_widget_get_frame_clock (self->widget) : NULL;
  gint64 now;

  /* Before the widget is on screen, and after, the monotonic clock:
   * GDK's frame times are on it too */
  now = frame_clock ? gdk_frame_clock_get_frame_time (frame_clock) : g_get_monotonic_time ();
  /* Never backwards, whichever source it came from */
  self->frame_time = MAX (self->frame_time, now);

  return self->frame_time;
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *frame_clock,
         gpointer       data)
{
  GskLayerViewClock *self = data;
  gboolean again;

  g_object_ref (self);
  self->requested = FALSE;
  self->n_ticks++;
  gsk_layer_frame_clock_tick (GSK_LAYER_FRAME_CLOCK (self));
  again = self->requested && self->widget != NULL;
  if (!again)
    self->tick_id = 0;
  g_object_unref (self);

  return again ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
gsk_layer_view_clock_request_frame (GskLayerFrameClock *clock)
{
  GskLayerViewClock *self = GSK_LAYER_VIEW_CLOCK (clock);

  self->requested = TRUE;
  if (self->widget != NULL && self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (self->widget, on_tick, self, NULL);
}

static void
gsk_layer_view_clock_dispose (GObject *object)
{
  gsk_layer_view_clock_detach (GSK_LAYER_VIEW_CLOCK (object));

  G_OBJECT_CLASS (gsk_layer_view_clock_parent_class)->dispose (object);
}

static void
gsk_layer_view_clock_class_init (GskLayerViewClockClass *klass)
{
  GskLayerFrameClockClass *clock_class = GSK_LAYER_FRAME_CLOCK_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = gsk_layer_view_clock_dispose;
  clock_class->get_frame_time = gsk_layer_view_clock_get_frame_time;
  clock_class->request_frame = gsk_layer_view_clock_request_frame;
}

static void
gsk_layer_view_clock_init (GskLayerViewClock *self)
{
}

GskLayerFrameClock *
gsk_layer_view_clock_new (GtkWidget *widget)
{
  GskLayerViewClock *self = g_object_new (GSK_TYPE_LAYER_VIEW_CLOCK, NULL);

  self->widget = widget;
  self->frame_time = g_get_monotonic_time ();

  return GSK_LAYER_FRAME_CLOCK (self);
}

void
gsk_layer_view_clock_detach (GskLayerViewClock *self)
{
  if (self->widget && self->tick_id)
    gtk_widget_remove_tick_callback (self->widget, self->tick_id);
  self->tick_id = 0;
  self->widget = NULL;
}

guint
gsk_layer_view_clock_get_n_ticks (GskLayerViewClock *self)
{
  return self->n_ticks;
}

gboolean
gsk_layer_view_clock_is_ticking (GskLayerViewClock *self)
{
  return self->tick_id != 0;
}
