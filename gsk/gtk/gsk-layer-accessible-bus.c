/* gsk-layer-accessible-bus.c: whether assistive technology listens
 *
 * Layers are shown to assistive technology through widgets the views
 * make for them (gsk-layer-view-accessible.c), and only while some
 * client of the accessibility bus listens: as at-spi2-atk does for GTK 3,
 * the AT-SPI registry is asked which events clients listen for
 * (GetRegisteredEvents) and watched as they come and go
 * (EventListenerRegistered, EventListenerDeregistered). Screen readers
 * listen for events as they start; an application nobody reads pays for
 * one connection to the bus, made as GTK makes its own.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <gio/gio.h>

#include "gsk-layer-accessible-bus-private.h"

#define REGISTRY_NAME "org.a11y.atspi.Registry"
#define REGISTRY_PATH "/org/a11y/atspi/registry"
#define REGISTRY_INTERFACE "org.a11y.atspi.Registry"

typedef struct
{
  GskLayerAccessibleBusFunc func;
  gpointer data;
} Watcher;

static struct
{
  gboolean started;
  GDBusConnection *connection;
  /* bus name → number of events it listens for */
  GHashTable *listeners;
  gboolean listening;
  GArray *watchers;
  guint registered_id;
  guint deregistered_id;
} bus;

static void
update_listening (void)
{
  gboolean listening = bus.listeners != NULL && g_hash_table_size (bus.listeners) > 0;

  if (listening == bus.listening)
    return;

  bus.listening = listening;
  g_debug ("Assistive technology %s", listening ? "listens" : "stopped listening");
  /* A watcher may unwatch as it runs */
  for (guint i = bus.watchers->len; i-- > 0; )
    if (i < bus.watchers->len)
      {
        Watcher w = g_array_index (bus.watchers, Watcher, i);

        w.func (w.data);
      }
}

static void
add_listener (const char *name,
              int         delta)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (bus.listeners, name));

  if (delta < 0 && n == 0)
    return;
  n = delta < 0 ? n - 1 : n + 1;
  if (n == 0)
    g_hash_table_remove (bus.listeners, name);
  else
    g_hash_table_insert (bus.listeners, g_strdup (name), GUINT_TO_POINTER (n));
}

static void
on_listener_changed (GDBusConnection *connection,
                     const char      *sender,
                     const char      *path,
                     const char      *interface,
                     const char      *signal,
                     GVariant        *parameters,
                     gpointer         data)
{
  g_autoptr (GVariant) name = NULL;

  /* (bus name, event), and in the registries that know them the event's
   * properties: (ss) or (ssas) */
  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE_TUPLE) || g_variant_n_children (parameters) < 2)
    return;
  name = g_variant_get_child_value (parameters, 0);
  if (!g_variant_is_of_type (name, G_VARIANT_TYPE_STRING))
    return;

  add_listener (g_variant_get_string (name, NULL), g_str_equal (signal, "EventListenerRegistered") ? 1 : -1);
  update_listening ();
}

static void
on_registered_events (GObject      *source,
                      GAsyncResult *result,
                      gpointer      data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GVariantIter) iter = NULL;
  const char *name, *event;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL)
    {
      g_debug ("No AT-SPI registry: %s", error->message);
      return;
    }

  g_variant_get (reply, "(a(ss))", &iter);
  while (g_variant_iter_next (iter, "(&s&s)", &name, &event))
    add_listener (name, 1);
  update_listening ();
}

static void
on_connected (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  g_autoptr (GError) error = NULL;

  bus.connection = g_dbus_connection_new_for_address_finish (result, &error);
  if (bus.connection == NULL)
    {
      g_debug ("Cannot connect to the accessibility bus: %s", error->message);
      return;
    }

  /* Watched before asked, so that no listener comes between. From any
   * sender: GDBus matches a well-known sender name only once it knows
   * its owner, and the registry's first signals would be lost */
  bus.registered_id =
    g_dbus_connection_signal_subscribe (bus.connection, NULL, REGISTRY_INTERFACE,
                                        "EventListenerRegistered", REGISTRY_PATH, NULL,
                                        G_DBUS_SIGNAL_FLAGS_NONE, on_listener_changed, NULL, NULL);
  bus.deregistered_id =
    g_dbus_connection_signal_subscribe (bus.connection, NULL, REGISTRY_INTERFACE,
                                        "EventListenerDeregistered", REGISTRY_PATH, NULL,
                                        G_DBUS_SIGNAL_FLAGS_NONE, on_listener_changed, NULL, NULL);
  g_dbus_connection_call (bus.connection, REGISTRY_NAME, REGISTRY_PATH, REGISTRY_INTERFACE,
                          "GetRegisteredEvents", NULL, G_VARIANT_TYPE ("(a(ss))"),
                          G_DBUS_CALL_FLAGS_NONE, -1, NULL, on_registered_events, NULL);
}

static void
connect_to (const char *address)
{
  g_dbus_connection_new_for_address (address,
                                     G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                     G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                     NULL, NULL, on_connected, NULL);
}

static void
on_address (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = NULL;
  const char *address;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL)
    {
      g_debug ("No accessibility bus: %s", error->message);
      return;
    }

  g_variant_get (reply, "(&s)", &address);
  connect_to (address);
}

static void
on_session_bus (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDBusConnection) session = g_bus_get_finish (result, &error);

  if (session == NULL)
    {
      g_debug ("No session bus: %s", error->message);
      return;
    }

  g_dbus_connection_call (session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus",
                          "GetAddress", NULL, G_VARIANT_TYPE ("(s)"),
                          G_DBUS_CALL_FLAGS_NONE, -1, NULL, on_address, NULL);
}

/* Where GTK finds the bus: the environment (Flatpak's portal), else
 * the session bus's org.a11y.Bus */
static void
start (void)
{
  const char *gtk_a11y = g_getenv ("GTK_A11Y");
  const char *address = g_getenv ("AT_SPI_BUS_ADDRESS");

  bus.started = TRUE;
  bus.listeners = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (gtk_a11y && (g_ascii_strcasecmp (gtk_a11y, "none") == 0 || g_ascii_strcasecmp (gtk_a11y, "test") == 0))
    return;

  if (address && *address)
    connect_to (address);
  else
    g_bus_get (G_BUS_TYPE_SESSION, NULL, on_session_bus, NULL);
}

void
gsk_layer_accessible_bus_watch (GskLayerAccessibleBusFunc func,
                                gpointer                  data)
{
  Watcher w = { func, data };

  if (bus.watchers == NULL)
    bus.watchers = g_array_new (FALSE, FALSE, sizeof (Watcher));
  g_array_append_val (bus.watchers, w);

  if (!bus.started)
    start ();
}

void
gsk_layer_accessible_bus_unwatch (GskLayerAccessibleBusFunc func,
                                  gpointer                  data)
{
  if (bus.watchers == NULL)
    return;

  for (guint i = 0; i < bus.watchers->len; i++)
    {
      Watcher *w = &g_array_index (bus.watchers, Watcher, i);

      if (w->func == func && w->data == data)
        {
          g_array_remove_index (bus.watchers, i);
          return;
        }
    }
}

gboolean
gsk_layer_accessible_bus_is_listening (void)
{
  return bus.listening;
}
