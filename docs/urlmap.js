// A map between namespaces and the URLs of their documentation, for
// the links of the GSK reference manual
baseURLs = [
  [ 'GLib', 'https://docs.gtk.org/glib/' ],
  [ 'GObject', 'https://docs.gtk.org/gobject/' ],
  [ 'Gio', 'https://docs.gtk.org/gio/' ],
  [ 'Graphene', 'https://ebassi.github.io/graphene/docs/' ],
  [ 'cairo', 'https://www.cairographics.org/manual/' ],
  [ 'Gdk', 'https://docs.gtk.org/gdk4/' ],
  [ 'Gtk', 'https://docs.gtk.org/gtk4/' ],
  [ 'Pango', 'https://docs.gtk.org/Pango/' ],
]
