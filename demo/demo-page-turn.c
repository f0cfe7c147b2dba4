/* Page turn
 *
 * A little book of pages, each a GskLayerPageTurn (as Clutter's
 * ClutterPageTurnEffect): the top page lifts its corner when the
 * pointer is over it, as Clutter's drag-action example curls its handle
 * on hover, and a click turns it over, showing its paper-coloured back,
 * then lays it at the bottom of the pile. Beside it a card turns
 * itself for ever, in perspective, its back the card mirrored. The
 * pages are ordinary layers: their children, gradients and rounded
 * corners curl with them.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "demos.h"

#define N_PAGES 4

typedef struct {
  GskLayer *book;
  GskLayer *pages[N_PAGES];
} Book;

static GskLayer *
top_page (Book *book)
{
  return gsk_layer_get_last_child (book->book);
}

/* Eased to @period over @duration milliseconds */
static void
turn_to (GskLayer *page,
         double    period,
         guint     duration)
{
  gsk_layer_save_easing_state (page);
  gsk_layer_set_easing_duration (page, duration);
  gsk_layer_set_easing_mode (page, GSK_LAYER_EASING_EASE_IN_OUT_CUBIC);
  gsk_layer_page_turn_set_period (GSK_LAYER_PAGE_TURN (page), period);
  gsk_layer_restore_easing_state (page);
}

static void
on_turned (GskLayer *page,
           Book     *book)
{
  g_signal_handlers_disconnect_by_func (page, on_turned, book);
  /* To the bottom of the pile, flat again */
  g_object_ref (page);
  gsk_layer_remove_child (book->book, page);
  gsk_layer_page_turn_set_period (GSK_LAYER_PAGE_TURN (page), 0);
  gsk_layer_insert_child_at_index (book->book, page, 0);
  g_object_unref (page);
}

static gboolean
on_page_event (GskLayerEventController *controller,
               GskLayerEvent           *event,
               Book                    *book)
{
  GskLayer *page = gsk_layer_event_controller_get_layer (controller);

  if (page != top_page (book))
    return FALSE;

  switch (gsk_layer_event_get_event_type (event))
    {
    case GSK_LAYER_EVENT_ENTER:
      turn_to (page, 0.15, 300);
      return FALSE;
    case GSK_LAYER_EVENT_LEAVE:
      if (gsk_layer_page_turn_get_period (GSK_LAYER_PAGE_TURN (page)) < 0.5)
        turn_to (page, 0, 300);
      return FALSE;
    case GSK_LAYER_EVENT_BUTTON_RELEASE:
      g_signal_connect (page, "transitions-completed", G_CALLBACK (on_turned), book);
      turn_to (page, 1, 900);
      return TRUE;
    default:
      return FALSE;
    }
}

static GskLayer *
page_new (int index)
{
  static const char *titles[N_PAGES] = { "Four", "Three", "Two", "One" };
  g_autofree char *style = g_strdup_printf ("background-image: linear-gradient(170deg, hsl(%d, 60%%, 92%%), "
                                            "hsl(%d, 55%%, 78%%)); border-radius: 4px 10px 10px 4px",
                                            40 + index * 70, 60 + index * 70);
  GskLayer *page = gsk_layer_page_turn_new ();
  GskLayer *title = gsk_layer_text_new (titles[index]);
  int line;

  gsk_layer_set_size (page, &GRAPHENE_SIZE_INIT (220, 280));
  gsk_layer_set_style_from_string (page, style, NULL);
  gsk_layer_page_turn_set_angle (GSK_LAYER_PAGE_TURN (page), 30);
  gsk_layer_page_turn_set_radius (GSK_LAYER_PAGE_TURN (page), 18);
  gsk_layer_deform_set_n_tiles (GSK_LAYER_DEFORM (page), 32, 40);
  gsk_layer_deform_set_back_color (GSK_LAYER_DEFORM (page), &(GdkRGBA) { 0.93f, 0.92f, 0.88f, 1 });
  gsk_layer_text_set_font (GSK_LAYER_TEXT (title), "Serif Bold 28");
  gsk_layer_text_set_color (GSK_LAYER_TEXT (title), &(GdkRGBA) { 0.2f, 0.2f, 0.25f, 1 });
  gsk_layer_set_position (title, &GRAPHENE_POINT_INIT (24, 24));
  gsk_layer_add_child (page, title);
  /* Lines of "text" */
  for (line = 0; line < 8; line++)
    {
      GskLayer *bar = gsk_layer_new ();

      gsk_layer_set_position (bar, &GRAPHENE_POINT_INIT (24, 90 + line * 20));
      gsk_layer_set_size (bar, &GRAPHENE_SIZE_INIT (line % 3 == 2 ? 110 : 170, 8));
      gsk_layer_set_background_color (bar, &(GdkRGBA) { 0.3f, 0.3f, 0.35f, 0.35f });
      gsk_layer_set_corner_radius (bar, 4);
      gsk_layer_add_child (page, bar);
    }
  gsk_layer_set_accessible_role (page, GTK_ACCESSIBLE_ROLE_BUTTON);
  gsk_layer_set_accessible_label (page, titles[index]);
  return page;
}

GtkWidget *
demo_page_turn_new (void)
{
  GskLayer *root = gsk_layer_new ();
  GskLayer *card = gsk_layer_page_turn_new ();
  GskLayerTransition *loop;
  GskLayerTransform *t = NULL;
  GtkWidget *view;
  Book *book = g_new0 (Book, 1);
  int i;

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.36f, 0.33f, 0.3f, 1 });

  book->book = gsk_layer_new ();
  gsk_layer_set_position (book->book, &GRAPHENE_POINT_INIT (40, 40));
  gsk_layer_set_size (book->book, &GRAPHENE_SIZE_INIT (220, 280));
  gsk_layer_set_style_from_string (book->book, "box-shadow: 0 6px 18px rgba(0,0,0,0.5)", NULL);
  gsk_layer_add_child (root, book->book);
  for (i = 0; i < N_PAGES; i++)
    {
      GskLayerEventController *events = gsk_layer_event_controller_new ();

      book->pages[i] = page_new (i);
      g_signal_connect (events, "event", G_CALLBACK (on_page_event), book);
      gsk_layer_add_controller (book->pages[i], events);
      gsk_layer_add_child (book->book, book->pages[i]);
    }
  g_object_set_data_full (G_OBJECT (root), "book", book, g_free);

  /* A card turning over and back for ever, seen in perspective */
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (310, 70));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (200, 140));
  gsk_layer_set_style_from_string (card, "background-image: linear-gradient(45deg, #1c71d8, #2ec27e 50%, #f5c211); "
                                         "border-radius: 12px", NULL);
  for (i = 0; i < 3; i++)
    {
      GskLayer *dot = gsk_layer_new ();

      gsk_layer_set_position (dot, &GRAPHENE_POINT_INIT (20 + i * 60, 50));
      gsk_layer_set_size (dot, &GRAPHENE_SIZE_INIT (40, 40));
      gsk_layer_set_background_color (dot, &(GdkRGBA) { 1, 1, 1, 0.85f });
      gsk_layer_set_corner_radius (dot, 20);
      gsk_layer_add_child (card, dot);
    }
  gsk_layer_page_turn_set_angle (GSK_LAYER_PAGE_TURN (card), 20);
  gsk_layer_page_turn_set_radius (GSK_LAYER_PAGE_TURN (card), 24);
  gsk_layer_transform_parse ("perspective(600px)", &t, NULL);
  gsk_layer_set_transform (card, t);
  gsk_layer_transform_unref (t);
  gsk_layer_add_child (root, card);

  loop = gsk_layer_property_transition_new_for_type (GSK_TYPE_LAYER_PAGE_TURN, "period", NULL);
  gsk_layer_property_transition_set_from (GSK_LAYER_PROPERTY_TRANSITION (loop), G_TYPE_DOUBLE, 0.3);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (loop), G_TYPE_DOUBLE, 0.75);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (loop), 2500);
  gsk_layer_timeline_set_repeat_count (GSK_LAYER_TIMELINE (loop), -1);
  gsk_layer_timeline_set_auto_reverse (GSK_LAYER_TIMELINE (loop), TRUE);
  gsk_layer_add_transition (card, "period", loop);
  g_object_unref (loop);

  view = gsk_layer_view_new (root);
  gtk_widget_set_size_request (view, 560, 360);
  return view;
}
