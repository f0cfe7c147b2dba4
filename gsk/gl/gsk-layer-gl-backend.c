/* gsk-layer-gl-backend.c: compositing a render list with OpenGL
 *
 * The frame is drawn into a framebuffer object of the target's size and
 * read back into the cairo surface. Every COLOR and TEXTURE op becomes
 * one instance of the quad program; consecutive instances that use the
 * same texture (or none) go out in one instanced draw from a streamed
 * buffer, so a fishbowl of identical icons is a single draw call.
 *
 * The semantics are the software backend's, op for op: premultiplied
 * OVER, bilinear sampling, antialiased edges, each op clipped to its
 * screen bounds (which carry clips the list has no op for), groups as
 * offscreens composited with their opacity and blend mode, axis-aligned
 * clips as a scissor and other clips as an offscreen composited through
 * the clip quad.
 *
 * Rounded rectangles (an op's corner_radius) are drawn by the shader: a
 * COLOR or TEXTURE op's own one travels with its instance; a rounded
 * PUSH_CLIP is a scissor to its box plus an entry in the shader's stack
 * of up to GSK_LAYER_GL_MAX_CLIPS rounded clips (uniforms), which every
 * quad drawn until the POP_CLIP is clipped by, so rounded clips need no
 * offscreen, nested ones included. Only a rounded clip nested deeper
 * than that takes an offscreen, composited through its rounded quad.
 * Quads drawn into an offscreen (a group) are clipped there; its
 * composite is not clipped again. Offscreens and the target are all drawn with y down, so
 * that a framebuffer row is an image row and boxes need no flipping.
 *
 * Damage: the damaged rectangles are merged into a few boxes (see
 * damage_passes()), each cleared and redrawn in a pass of its own with
 * its scissor, and only the damaged rectangles are copied back: pixels
 * of the boxes outside the damage are redrawn identically but not
 * written, so the target is touched exactly where the software backend
 * would touch it.
 *
 * Content larger than GL_MAX_TEXTURE_SIZE is uploaded as a grid of
 * tiles with a pixel of overlap, drawn as a quad each; the seams between
 * them are not antialiased, and both sides share their vertices
 * exactly, so that GL rasterizes every pixel along a seam once.
 *
 * Contents of up to ATLAS_MAX_ITEM pixels a side share atlas pages,
 * packed on shelves with their edge pixels repeated around them; a
 * quad's texture coordinates are clamped to its item's texel centres,
 * so that neither filtering nor an antialiased fringe reads a
 * neighbour. Quads from one page batch as if they had one texture (the
 * fishbowl of distinct icons is still one draw). A page goes when its
 * last item does.
 *
 * Content textures are uploaded once per cairo surface (the layer tree
 * makes a new surface on every invalidation; an image content changed
 * in place bumps its surface's serial) and dropped when the surface
 * dies, through cairo user data, or when a frame's list no longer has
 * it (its layer was removed or hidden). Textures, the offscreens kept
 * for reuse and the target count against a budget: past it, idle
 * offscreens go first, then the textures least recently drawn (an LRU
 * queue), never one the current frame has drawn. Offscreens idle for
 * MAX_IDLE_FRAMES go anyway.
 *
 * The target framebuffer always holds the whole last frame drawn, so a
 * caller's framebuffer (gsk_layer_gl_backend_present()) is brought up to
 * date by copying whatever it lacks out of it, flipped to y up, without
 * drawing anything again. In a borrowed context, every frame is drawn
 * between gsk_layer_gl_backend_begin() and _end(), which save and
 * restore the caller's GL state.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-backend-private.h"
#include "gsk-layer-gl-context-private.h"
#include "gsk-layer-gl-program-private.h"
#include "gsk-layer-gl-state-private.h"
#include "gsk-layer-software-backend-private.h"
#include "gsk-layer-debug-private.h"

#include <math.h>
#include <string.h>
#include <epoxy/gl.h>

/* Edges this close to a pixel boundary are on it, as in software */
#define PIXEL_EPSILON 1e-3

/* Free offscreens kept for the next frames, and for how many frames
 * one may go unused before it is given back */
#define MAX_POOLED_OFFSCREENS 8
#define MAX_IDLE_FRAMES 60

/* Small contents share atlas pages of this size (or the GL limit), up to
 * this size each (or a quarter of the page); each with a pixel of its
 * edges repeated around it */
#define ATLAS_PAGE_SIZE 1024
#define ATLAS_MAX_ITEM 128

/* What the textures and offscreens a backend holds may add up to,
 * unless set otherwise */
#define DEFAULT_TEXTURE_BUDGET ((gsize) 256 * 1024 * 1024)

typedef struct
{
  float transform[16];
  float bounds[4];
  float source[4];
  float color[4];
  float params[4];
  float clip[4];
  float uv_clamp[4];
  float rrect[4];
  float radius[4];
} Instance;

/* A rounded clip of the shader's stack: target space → the clip's layer
 * space (a 3×3 homography, row-major, for row vectors (x, y, 1)), its
 * rectangle there and its radius */
typedef struct
{
  float map[9];
  float rect[4];
  float radius;
} RoundedClip;

typedef struct
{
  GLuint framebuffer;
  GLuint texture;
  int width;
  int height;
  guint64 last_used;            /* the frame that last released it */
} Offscreen;

typedef struct
{
  int x1, y1, x2, y2;
} Box;

/* A part of a content surface, in a texture of its own. Content larger
 * than GL_MAX_TEXTURE_SIZE is cut into a grid of tiles; each holds a
 * pixel of its neighbours around its part, so that bilinear filtering
 * across a seam reads what it would read in one texture. */
typedef struct
{
  GLuint texture;
  int tex_x, tex_y;             /* where the texture starts, in surface pixels */
  int tex_width, tex_height;    /* the texture's size */
} Tile;

typedef struct
{
  int y, height;
  int x;                        /* where the next item goes */
} Shelf;

/* A texture that small contents share, packed on shelves; freed when
 * the last of them goes. Touched on the rendering thread only. */
typedef struct
{
  GLuint texture;
  int size;
  int n_items;                  /* live, and dead but not collected yet */
  GArray *shelves;
  int shelf_end;                /* where the next shelf starts */
} AtlasPage;

/* One lock for every backend's textures: a surface's end, on any
 * thread, must find its entry's backend still there, or none */
static GMutex texture_lock;

typedef struct _TextureEntry
{
  GskLayerGLBackend *backend;   /* NULL once the backend let go of it */
  cairo_surface_t *surface;     /* not a reference: the key */
  /* A grid of n_cols × n_rows tiles, row by row; the part of the surface
   * tile (c, r) draws is col_x[c] to col_x[c + 1], row_y[r] to
   * row_y[r + 1], in surface pixels */
  Tile *tiles;
  int *col_x;
  int *row_y;
  int n_cols, n_rows;
  Tile tile;                    /* the only one, most of the time */
  int one_col_x[2], one_row_y[2];
  AtlasPage *page;              /* if in an atlas: then the tile is the page */
  float uv_clamp[4];            /* the item's texel centres in the page */
  gsize bytes;                  /* what the textures take */
  guint64 last_used;            /* the frame that last drew it */
  guint64 listed;               /* the last frame whose list had it */
  guint serial;                 /* the surface's, when uploaded */
  GList link;                   /* in the backend's LRU queue */
  /* Under the texture lock: in the table and the queue, its textures
   * the backend's. Whoever clears it deletes them: the renderer when it
   * lets go, or the surface's end, on whatever thread that comes. */
  gboolean live;
} TextureEntry;

typedef struct
{
  GLuint texture;
  gsize bytes;
  AtlasPage *page;              /* or an atlas item, to collect */
} DeadTexture;

typedef struct
{
  GskLayerRenderOpKind kind;    /* PUSH_GROUP or PUSH_CLIP */
  const GskLayerRenderOp *op;

  Offscreen saved_canvas;
  int saved_canvas_x;
  int saved_canvas_y;
  Box saved_canvas_box;
  Box saved_clip;

  /* Zero when the content is drawn straight into the parent */
  Offscreen offscreen;
  Box box;

  /* A rounded clip pushed onto the shader's stack */
  gboolean rounded;
} StackEntry;

struct _GskLayerGLBackend
{
  GskLayerGLContext *context;
  char *description;

  GskLayerGLQuadProgram quad[GSK_LAYER_GL_N_QUAD_VARIANTS];
  GskLayerGLBlendProgram blend;
  GLuint vao;
  GLuint vbo;
  GLuint empty_vao;

  Offscreen target;
  GArray *pool;                 /* of Offscreen, free for reuse */
  gsize offscreen_memory;       /* of the pool and the offscreens in use */

  /* cairo_surface_t → TextureEntry; with the LRU queue (least recently
   * drawn first), the memory count and the dead textures, touched by
   * surface destroy notifications, which may come from any thread:
   * under texture_lock */
  GHashTable *textures;
  GQueue lru;
  gsize texture_memory;         /* content textures, dead ones included */
  GArray *dead_textures;        /* DeadTexture, to delete with the context current */
  cairo_user_data_key_t texture_key;
  gsize texture_budget;
  GPtrArray *atlas_pages;       /* of AtlasPage */
  gboolean use_atlas;
  guint64 frame;                /* counts draw_frame () */
  gboolean checking;            /* drawing a damage check's full frame */
  cairo_surface_t *last_surface;
  struct _TextureEntry *last_entry;

  GskLayerGLStats stats;

  /* Nesting of begin () / end (); the borrowed context's state */
  guint depth;
  GskLayerGLState saved_state;

  /* Per frame */
  const GskLayerRenderList *list;
  GArray *instances;            /* of Instance, the batch */
  GLuint batch_texture;         /* 0 while the batch samples nothing */
  guint batch_variant;          /* of the quad program */
  Offscreen canvas;             /* what is drawn into */
  int canvas_x;                 /* its origin in target space */
  int canvas_y;
  Box canvas_box;               /* the part of it in use, in target space */
  Box clip;                     /* target space, within the canvas box */
  GArray *stack;                /* of StackEntry */
  RoundedClip clips[GSK_LAYER_GL_MAX_CLIPS];
  guint n_clips;                /* rounded clips in force */
  guint skip_depth;
  gboolean failed;              /* redraw the frame in software */
};

static void
warn_software_fallback (const char *why)
{
  static int warned = 0;

  /* Once is enough to know; g_debug() tells every time. g_log() rather
   * than g_message(), which is structured here and invisible to
   * g_test_expect_message(). */
  if (g_atomic_int_compare_and_exchange (&warned, 0, 1))
    g_log (G_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE,
           "GL renderer: %s; drawing the frame with the software backend", why);
  else
    g_debug ("GL renderer: %s; drawing the frame with the software backend", why);
}

static void
warn_unbalanced (void)
{
  static int warned = 0;

  if (g_atomic_int_compare_and_exchange (&warned, 0, 1))
    g_warning ("Render list has unbalanced push and pop ops; drawing it as "
               "if it were balanced. Further warnings are suppressed.");
}

static inline float
clamp_unit (float value)
{
  if (!(value > 0.f))
    return 0.f;
  if (value > 1.f)
    return 1.f;
  return value;
}

static gboolean
box_is_empty (const Box *box)
{
  return box->x1 >= box->x2 || box->y1 >= box->y2;
}

static Box
box_intersect (const Box *a,
               const Box *b)
{
  return (Box) { MAX (a->x1, b->x1), MAX (a->y1, b->y1),
                 MIN (a->x2, b->x2), MIN (a->y2, b->y2) };
}

/* Whole pixels touched by @rect (ROUND_OUT of the software backend),
 * or those whose centres it contains (@nearest), within @limit. In
 * doubles until the end, so huge or NaN rects cannot overflow. */
static Box
box_from_rect (const graphene_rect_t *rect,
               const Box             *limit,
               gboolean               nearest)
{
  double x1 = rect->origin.x, y1 = rect->origin.y;
  double x2 = x1 + rect->size.width, y2 = y1 + rect->size.height;
  double t;

  if (isnan (x1) || isnan (y1) || isnan (x2) || isnan (y2))
    return (Box) { 0, 0, 0, 0 };

  if (x1 > x2) { t = x1; x1 = x2; x2 = t; }
  if (y1 > y2) { t = y1; y1 = y2; y2 = t; }

  /* Most ops of a frame drawn with damage lie outside it: tell them
   * without rounding (the limit is whole pixels) */
  if (!nearest &&
      (x2 - PIXEL_EPSILON <= limit->x1 || x1 + PIXEL_EPSILON >= limit->x2 ||
       y2 - PIXEL_EPSILON <= limit->y1 || y1 + PIXEL_EPSILON >= limit->y2))
    return (Box) { 0, 0, 0, 0 };

  if (nearest)
    {
      x1 = floor (x1 + 0.5); y1 = floor (y1 + 0.5);
      x2 = floor (x2 + 0.5); y2 = floor (y2 + 0.5);
    }
  else
    {
      x1 = floor (x1 + PIXEL_EPSILON); y1 = floor (y1 + PIXEL_EPSILON);
      x2 = ceil (x2 - PIXEL_EPSILON); y2 = ceil (y2 - PIXEL_EPSILON);
    }

  x1 = MAX (x1, limit->x1); y1 = MAX (y1, limit->y1);
  x2 = MIN (x2, limit->x2); y2 = MIN (y2, limit->y2);
  if (!(x1 < x2 && y1 < y2))
    return (Box) { 0, 0, 0, 0 };

  return (Box) { x1, y1, x2, y2 };
}

/* ---- Offscreens ---- */

static gsize
offscreen_bytes (const Offscreen *offscreen)
{
  return (gsize) offscreen->width * offscreen->height * 4;
}

static gboolean
offscreen_create (Offscreen *offscreen,
                  int        width,
                  int        height)
{
  GLenum status;

  *offscreen = (Offscreen) { 0, 0, width, height, 0 };

  glGenTextures (1, &offscreen->texture);
  glBindTexture (GL_TEXTURE_2D, offscreen->texture);
  /* Always sampled at texel centres, one texel per pixel */
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);

  glGenFramebuffers (1, &offscreen->framebuffer);
  glBindFramebuffer (GL_FRAMEBUFFER, offscreen->framebuffer);
  glFramebufferTexture2D (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          offscreen->texture, 0);
  status = glCheckFramebufferStatus (GL_FRAMEBUFFER);

  if (glGetError () != GL_NO_ERROR || status != GL_FRAMEBUFFER_COMPLETE)
    {
      glDeleteFramebuffers (1, &offscreen->framebuffer);
      glDeleteTextures (1, &offscreen->texture);
      *offscreen = (Offscreen) { 0, };
      return FALSE;
    }

  return TRUE;
}

static void
offscreen_destroy (Offscreen *offscreen)
{
  if (offscreen->framebuffer)
    glDeleteFramebuffers (1, &offscreen->framebuffer);
  if (offscreen->texture)
    glDeleteTextures (1, &offscreen->texture);
  *offscreen = (Offscreen) { 0, };
}

static void evict (GskLayerGLBackend *self,
                   gsize              wanted);

/* The smallest pooled offscreen that fits, if it wastes less than
 * the size asked for; otherwise a new one */
static gboolean
acquire_offscreen (GskLayerGLBackend *self,
                   int                width,
                   int                height,
                   Offscreen         *result)
{
  gint64 best_area = (gint64) width * height * 2 + 1;
  int best = -1;
  guint i;

  for (i = 0; i < self->pool->len; i++)
    {
      Offscreen *o = &g_array_index (self->pool, Offscreen, i);
      gint64 area = (gint64) o->width * o->height;

      if (o->width >= width && o->height >= height && area < best_area)
        {
          best = i;
          best_area = area;
        }
    }

  self->stats.offscreens++;

  if (best >= 0)
    {
      *result = g_array_index (self->pool, Offscreen, best);
      g_array_remove_index_fast (self->pool, best);
      return TRUE;
    }

  evict (self, (gsize) width * height * 4);
  if (!offscreen_create (result, width, height))
    return FALSE;

  self->offscreen_memory += offscreen_bytes (result);
  return TRUE;
}

static void
release_offscreen (GskLayerGLBackend *self,
                   Offscreen         *offscreen)
{
  if (offscreen->framebuffer == 0)
    return;

  offscreen->last_used = self->frame;
  g_array_append_val (self->pool, *offscreen);
  *offscreen = (Offscreen) { 0, };
}

static void
pool_remove (GskLayerGLBackend *self,
             guint              index)
{
  Offscreen *o = &g_array_index (self->pool, Offscreen, index);

  self->offscreen_memory -= offscreen_bytes (o);
  offscreen_destroy (o);
  g_array_remove_index (self->pool, index);
}

/* The least recently used offscreen of the pool, or -1 */
static int
pool_oldest (GskLayerGLBackend *self)
{
  int oldest = -1;
  guint i;

  for (i = 0; i < self->pool->len; i++)
    if (oldest < 0 ||
        g_array_index (self->pool, Offscreen, i).last_used <
        g_array_index (self->pool, Offscreen, oldest).last_used)
      oldest = i;

  return oldest;
}

/* Keeps a few offscreens, none idle for long */
static void
trim_pool (GskLayerGLBackend *self)
{
  guint i;

  while (self->pool->len > MAX_POOLED_OFFSCREENS)
    pool_remove (self, pool_oldest (self));

  for (i = self->pool->len; i-- > 0; )
    if (g_array_index (self->pool, Offscreen, i).last_used + MAX_IDLE_FRAMES < self->frame)
      pool_remove (self, i);
}

/* ---- Content textures ---- */

static void
texture_entry_free (TextureEntry *entry)
{
  if (entry->tiles != &entry->tile)
    {
      g_free (entry->tiles);
      g_free (entry->col_x);
      g_free (entry->row_y);
    }
  g_free (entry);
}

static void
texture_entry_delete_textures (TextureEntry *entry)
{
  int i;

  if (entry->page != NULL)
    return;

  for (i = 0; i < entry->n_cols * entry->n_rows; i++)
    glDeleteTextures (1, &entry->tiles[i].texture);
}

/* With the texture lock held: takes @entry out of the table and the
 * queue, and appends what GL must delete to @dead (the memory is no
 * longer counted from now). Nothing if it was out already. */
static void
texture_entry_detach_locked (GskLayerGLBackend *self,
                             TextureEntry      *entry,
                             GArray            *dead)
{
  int i;

  if (!entry->live)
    return;

  entry->live = FALSE;
  if (g_hash_table_lookup (self->textures, entry->surface) == entry)
    g_hash_table_remove (self->textures, entry->surface);
  g_queue_unlink (&self->lru, &entry->link);
  self->texture_memory -= entry->bytes;

  if (entry->page != NULL)
    {
      DeadTexture d = { 0, 0, entry->page };

      g_array_append_val (dead, d);
    }
  else
    for (i = 0; i < entry->n_cols * entry->n_rows; i++)
      {
        DeadTexture d = { entry->tiles[i].texture, 0, NULL };

        g_array_append_val (dead, d);
      }
}

static void
texture_entry_destroyed (gpointer data)
{
  TextureEntry *entry = data;
  GskLayerGLBackend *self;

  /* The surface is going away, maybe on another thread, where the GL
   * context is not current: the next frame deletes the textures. The
   * backend is read under the lock, which its end takes to let go of
   * every entry: it cannot go away meanwhile. */
  g_mutex_lock (&texture_lock);
  self = entry->backend;
  if (self != NULL)
    texture_entry_detach_locked (self, entry, self->dead_textures);
  g_mutex_unlock (&texture_lock);

  texture_entry_free (entry);
}

static void
atlas_page_free (AtlasPage *page)
{
  g_array_unref (page->shelves);
  g_free (page);
}

/* One item less on @page; the last one takes the page with it */
static void
atlas_page_unref (GskLayerGLBackend *self,
                  AtlasPage         *page)
{
  if (--page->n_items > 0)
    return;

  glDeleteTextures (1, &page->texture);
  g_mutex_lock (&texture_lock);
  self->texture_memory -= (gsize) page->size * page->size * 4;
  g_mutex_unlock (&texture_lock);
  g_ptr_array_remove_fast (self->atlas_pages, page);
  atlas_page_free (page);
}

static void
delete_dead_textures (GskLayerGLBackend *self)
{
  GArray *dead_textures;
  guint i;

  /* Unref'ing a page takes the lock */
  g_mutex_lock (&texture_lock);
  dead_textures = self->dead_textures;
  self->dead_textures = g_array_new (FALSE, FALSE, sizeof (DeadTexture));
  for (i = 0; i < dead_textures->len; i++)
    self->texture_memory -= g_array_index (dead_textures, DeadTexture, i).bytes;
  g_mutex_unlock (&texture_lock);

  for (i = 0; i < dead_textures->len; i++)
    {
      DeadTexture *dead = &g_array_index (dead_textures, DeadTexture, i);

      if (dead->page != NULL)
        atlas_page_unref (self, dead->page);
      else
        glDeleteTextures (1, &dead->texture);
    }
  g_array_unref (dead_textures);
}

/* Deletes the texture of @entry now and lets go of it; the surface
 * keeps its pixels, to be uploaded again if drawn again */
static void
delete_now (GskLayerGLBackend *self,
            GArray            *dead)
{
  guint i;

  for (i = 0; i < dead->len; i++)
    {
      DeadTexture *d = &g_array_index (dead, DeadTexture, i);

      if (d->page != NULL)
        atlas_page_unref (self, d->page);
      else
        glDeleteTextures (1, &d->texture);
    }
  g_array_set_size (dead, 0);
}

/* With the texture lock held: lets go of @entry, its textures to be
 * deleted from @dead. Its surface keeps its pixels, to be uploaded again
 * if drawn again; the entry stays on the surface, which may end on any
 * thread, to be freed then (or replaced by a new upload), and no longer
 * points back at @self. After the unlock, it must not be touched. */
static void
texture_entry_release_locked (GskLayerGLBackend *self,
                              TextureEntry      *entry,
                              GArray            *dead)
{
  texture_entry_detach_locked (self, entry, dead);
  entry->backend = NULL;
  if (self->last_entry == entry)
    {
      self->last_surface = NULL;
      self->last_entry = NULL;
    }
}

static void
texture_entry_release (GskLayerGLBackend *self,
                       TextureEntry      *entry)
{
  GArray *dead = g_array_new (FALSE, FALSE, sizeof (DeadTexture));

  g_mutex_lock (&texture_lock);
  texture_entry_release_locked (self, entry, dead);
  g_mutex_unlock (&texture_lock);
  delete_now (self, dead);
  g_array_unref (dead);
}

/* Makes room for @wanted more bytes within the budget: gives back idle
 * offscreens, then the textures least recently drawn, never one this
 * frame has drawn */
static void
evict (GskLayerGLBackend *self,
       gsize              wanted)
{
  /* A damage check draws what the frame did not: any texture could be
   * in the batch. Afterwards, what it uploaded goes first. */
  if (self->checking && wanted > 0)
    return;

  for (;;)
    {
      TextureEntry *entry;
      gsize held;
      int oldest;

      GArray *dead;

      g_mutex_lock (&texture_lock);
      held = self->texture_memory + self->offscreen_memory + offscreen_bytes (&self->target);
      g_mutex_unlock (&texture_lock);

      if (held + wanted <= self->texture_budget)
        return;

      if ((oldest = pool_oldest (self)) >= 0)
        {
          pool_remove (self, oldest);
          continue;
        }

      /* Chosen and let go of in one hold of the lock: a surface ending
       * on another thread frees its entry */
      dead = g_array_new (FALSE, FALSE, sizeof (DeadTexture));
      g_mutex_lock (&texture_lock);
      entry = self->lru.head ? self->lru.head->data : NULL;
      if (entry != NULL && entry->last_used != self->frame)
        texture_entry_release_locked (self, entry, dead);
      else
        entry = NULL;
      g_mutex_unlock (&texture_lock);
      delete_now (self, dead);
      g_array_unref (dead);
      if (entry == NULL)
        return;
    }
}

/* After a frame: gives back the textures of surfaces the list no longer
 * has (layers removed, hidden or drawn anew), then keeps within the
 * budget what the frame did not draw */
static void
collect_textures (GskLayerGLBackend        *self,
                  const GskLayerRenderList *list)
{
  cairo_surface_t *last = NULL;
  GArray *dead;
  GList *l, *next;
  guint i;

  for (i = 0; i < list->n_ops; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];
      TextureEntry *entry;

      if (op->kind != GSK_LAYER_RENDER_OP_TEXTURE || op->surface == NULL || op->surface == last)
        continue;

      /* The list holds the surface: its entry cannot go away meanwhile */
      last = op->surface;
      entry = cairo_surface_get_user_data (op->surface, &self->texture_key);
      if (entry != NULL)
        entry->listed = self->frame;
    }

  /* Surfaces may end on other threads, which changes the queue and
   * frees entries: chosen and let go of in one hold of the lock */
  dead = g_array_new (FALSE, FALSE, sizeof (DeadTexture));
  g_mutex_lock (&texture_lock);
  for (l = self->lru.head; l != NULL; l = next)
    {
      TextureEntry *entry = l->data;

      next = l->next;
      if (entry->listed != self->frame)
        texture_entry_release_locked (self, entry, dead);
    }
  g_mutex_unlock (&texture_lock);
  delete_now (self, dead);
  g_array_unref (dead);

  evict (self, 0);

  self->stats.content_textures = self->atlas_pages->len;
  g_mutex_lock (&texture_lock);
  for (l = self->lru.head; l != NULL; l = l->next)
    {
      TextureEntry *entry = l->data;

      if (entry->page == NULL)
        self->stats.content_textures += entry->n_cols * entry->n_rows;
    }
  g_mutex_unlock (&texture_lock);
  self->stats.atlas_pages = self->atlas_pages->len;
}

/* Uploads the @width×@height pixels of @surface at @x, @y into a new
 * texture; 0 if GL cannot */
static GLuint
upload_rect (GskLayerGLBackend *self,
             cairo_surface_t   *surface,
             int                x,
             int                y,
             int                width,
             int                height)
{
  cairo_format_t format = cairo_image_surface_get_format (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data = cairo_image_surface_get_data (surface);
  guchar *converted = NULL;
  GLuint texture;

  glGenTextures (1, &texture);
  glBindTexture (GL_TEXTURE_2D, texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

  if (format == CAIRO_FORMAT_A8)
    {
      /* Alpha only, as pixman reads it */
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_ZERO);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ZERO);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_ZERO);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_RED);
      glPixelStorei (GL_UNPACK_ALIGNMENT, 1);
      glPixelStorei (GL_UNPACK_ROW_LENGTH, stride);
      glTexImage2D (GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE,
                    data + (gsize) y * stride + x);
      glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
    }
  else
    {
      data += (gsize) y * stride + (gsize) x * 4;

      /* Premultiplied ARGB in native-endian words */
      if (format == CAIRO_FORMAT_RGB24)
        glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_ONE);

      glPixelStorei (GL_UNPACK_ROW_LENGTH, stride / 4);
      if (!self->context->is_gles)
        {
          glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0,
                        GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, data);
        }
      else if (G_BYTE_ORDER == G_LITTLE_ENDIAN)
        {
          /* ES has no BGRA upload; the bytes are B, G, R, A */
          glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
          glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
          glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0,
                        GL_RGBA, GL_UNSIGNED_BYTE, data);
        }
      else
        {
          int i, j;

          converted = g_malloc ((gsize) width * height * 4);
          for (j = 0; j < height; j++)
            for (i = 0; i < width; i++)
              {
                guint32 p = *(const guint32 *) (data + (gsize) j * stride + i * 4);
                guchar *q = converted + ((gsize) j * width + i) * 4;

                q[0] = p >> 16; q[1] = p >> 8; q[2] = p; q[3] = p >> 24;
              }
          glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);
          glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0,
                        GL_RGBA, GL_UNSIGNED_BYTE, converted);
          g_free (converted);
        }
    }
  glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);

  /* Always checked: an allocation that fails must not draw garbage */
  if (glGetError () != GL_NO_ERROR)
    {
      glDeleteTextures (1, &texture);
      return 0;
    }

  return texture;
}

static gboolean
surface_is_supported (cairo_surface_t *surface)
{
  cairo_format_t format;

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS ||
      cairo_surface_get_type (surface) != CAIRO_SURFACE_TYPE_IMAGE)
    return FALSE;

  format = cairo_image_surface_get_format (surface);
  return format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_A8;
}

/* Cuts @length pixels into parts of at most @max - 2, so that each fits
 * in @max with a pixel of border on both sides; one part if it all
 * fits. Returns the number of parts; @bounds gets their n + 1 bounds. */
static int
split_length (int   length,
              int   max,
              int **bounds)
{
  int step = MAX (max - 2, 1);
  int n, i;

  n = length <= max ? 1 : (length + step - 1) / step;
  *bounds = g_new (int, n + 1);
  for (i = 0; i < n; i++)
    (*bounds)[i] = n == 1 ? 0 : i * step;
  (*bounds)[n] = length;

  return n;
}

static int
atlas_page_size (GskLayerGLBackend *self)
{
  return MIN (ATLAS_PAGE_SIZE, self->context->max_texture_size);
}

static gboolean
fits_atlas (GskLayerGLBackend *self,
            cairo_surface_t   *surface)
{
  int max = MIN (ATLAS_MAX_ITEM, atlas_page_size (self) / 4);

  /* Other formats need swizzles of their own */
  return self->use_atlas &&
         cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32 &&
         cairo_image_surface_get_width (surface) <= max &&
         cairo_image_surface_get_height (surface) <= max;
}

/* A place for @width×@height on @page: on the shelf that fits it most
 * tightly (wasting at most half its height), or on a new one */
static gboolean
atlas_page_alloc (AtlasPage *page,
                  int        width,
                  int        height,
                  int       *x,
                  int       *y)
{
  Shelf *best = NULL;
  guint i;

  for (i = 0; i < page->shelves->len; i++)
    {
      Shelf *shelf = &g_array_index (page->shelves, Shelf, i);

      if (shelf->height >= height && shelf->height <= height + height / 2 + 2 &&
          shelf->x + width <= page->size &&
          (best == NULL || shelf->height < best->height))
        best = shelf;
    }

  if (best == NULL)
    {
      /* Heights in steps of 16, so that contents of about the same size
       * share a shelf, whatever the order they come in */
      Shelf shelf = { page->shelf_end, MIN ((height + 15) / 16 * 16, page->size - page->shelf_end), 0 };

      if (page->shelf_end + height > page->size)
        return FALSE;

      page->shelf_end += shelf.height;
      g_array_append_val (page->shelves, shelf);
      best = &g_array_index (page->shelves, Shelf, page->shelves->len - 1);
    }

  *x = best->x;
  *y = best->y;
  best->x += width;

  return TRUE;
}

static AtlasPage *
atlas_page_new (GskLayerGLBackend *self)
{
  AtlasPage *page;
  int size = atlas_page_size (self);

  evict (self, (gsize) size * size * 4);

  page = g_new0 (AtlasPage, 1);
  page->size = size;
  page->shelves = g_array_new (FALSE, FALSE, sizeof (Shelf));

  glGenTextures (1, &page->texture);
  glBindTexture (GL_TEXTURE_2D, page->texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  if (self->context->is_gles && G_BYTE_ORDER == G_LITTLE_ENDIAN)
    {
      /* Items are uploaded as B, G, R, A bytes, as in upload_rect () */
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
    }
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);

  if (glGetError () != GL_NO_ERROR)
    {
      glDeleteTextures (1, &page->texture);
      atlas_page_free (page);
      return NULL;
    }

  g_mutex_lock (&texture_lock);
  self->texture_memory += (gsize) size * size * 4;
  g_mutex_unlock (&texture_lock);
  g_ptr_array_add (self->atlas_pages, page);

  return page;
}

/* Puts @surface on an atlas page, with its edge pixels repeated around
 * it; NULL if GL cannot */
static TextureEntry *
upload_to_atlas (GskLayerGLBackend *self,
                 cairo_surface_t   *surface)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data = cairo_image_surface_get_data (surface);
  int pw = width + 2, ph = height + 2;
  AtlasPage *page = NULL;
  TextureEntry *entry;
  guint32 *padded;
  int i, x = 0, y = 0, row;

  for (i = 0; i < (int) self->atlas_pages->len && page == NULL; i++)
    if (atlas_page_alloc (g_ptr_array_index (self->atlas_pages, i), pw, ph, &x, &y))
      page = g_ptr_array_index (self->atlas_pages, i);
  if (page == NULL)
    {
      page = atlas_page_new (self);
      if (page == NULL || !atlas_page_alloc (page, pw, ph, &x, &y))
        return NULL;
    }

  padded = g_new (guint32, (gsize) pw * ph);
  for (row = 0; row < ph; row++)
    {
      const guint32 *src = (const guint32 *) (data + (gsize) CLAMP (row - 1, 0, height - 1) * stride);
      guint32 *dest = padded + (gsize) row * pw;

      dest[0] = src[0];
      memcpy (dest + 1, src, (gsize) width * 4);
      dest[pw - 1] = src[width - 1];
    }

  glBindTexture (GL_TEXTURE_2D, page->texture);
  if (!self->context->is_gles)
    glTexSubImage2D (GL_TEXTURE_2D, 0, x, y, pw, ph, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, padded);
  else
    {
      if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
        for (i = 0; i < pw * ph; i++)
          {
            guint32 p = padded[i];
            guchar *q = (guchar *) &padded[i];

            q[0] = p >> 16; q[1] = p >> 8; q[2] = p; q[3] = p >> 24;
          }
      glTexSubImage2D (GL_TEXTURE_2D, 0, x, y, pw, ph, GL_RGBA, GL_UNSIGNED_BYTE, padded);
    }
  g_free (padded);

  /* The page now counts the item, whatever happens next */
  page->n_items++;
  if (glGetError () != GL_NO_ERROR)
    {
      atlas_page_unref (self, page);
      return NULL;
    }

  entry = g_new0 (TextureEntry, 1);
  entry->n_cols = entry->n_rows = 1;
  entry->tiles = &entry->tile;
  entry->col_x = entry->one_col_x;
  entry->row_y = entry->one_row_y;
  entry->col_x[1] = width;
  entry->row_y[1] = height;
  entry->page = page;
  entry->tile.texture = page->texture;
  entry->tile.tex_x = -(x + 1);
  entry->tile.tex_y = -(y + 1);
  entry->tile.tex_width = entry->tile.tex_height = page->size;
  entry->uv_clamp[0] = (x + 1.5f) / page->size;
  entry->uv_clamp[1] = (y + 1.5f) / page->size;
  entry->uv_clamp[2] = (x + width + 0.5f) / page->size;
  entry->uv_clamp[3] = (y + height + 0.5f) / page->size;

  self->stats.texture_uploads++;
  return entry;
}

/* Uploads @surface as one texture, or as tiles if larger than GL takes;
 * NULL if GL cannot */
static TextureEntry *
upload_surface (GskLayerGLBackend *self,
                cairo_surface_t   *surface)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int max = self->context->max_texture_size;
  int bpp = cairo_image_surface_get_format (surface) == CAIRO_FORMAT_A8 ? 1 : 4;
  TextureEntry *entry;
  int c, r;

  if (fits_atlas (self, surface))
    return upload_to_atlas (self, surface);

  entry = g_new0 (TextureEntry, 1);
  entry->uv_clamp[2] = entry->uv_clamp[3] = 1.f;

  if (width <= max && height <= max)
    {
      entry->n_cols = entry->n_rows = 1;
      entry->tiles = &entry->tile;
      entry->col_x = entry->one_col_x;
      entry->row_y = entry->one_row_y;
      entry->col_x[1] = width;
      entry->row_y[1] = height;
    }
  else
    {
      entry->n_cols = split_length (width, max, &entry->col_x);
      entry->n_rows = split_length (height, max, &entry->row_y);
      entry->tiles = g_new0 (Tile, entry->n_cols * entry->n_rows);
    }

  for (r = 0; r < entry->n_rows; r++)
    for (c = 0; c < entry->n_cols; c++)
      {
        Tile *tile = &entry->tiles[r * entry->n_cols + c];
        int x1 = MAX (entry->col_x[c] - 1, 0), x2 = MIN (entry->col_x[c + 1] + 1, width);
        int y1 = MAX (entry->row_y[r] - 1, 0), y2 = MIN (entry->row_y[r + 1] + 1, height);

        if (entry->n_cols == 1)
          x1 = 0, x2 = width;
        if (entry->n_rows == 1)
          y1 = 0, y2 = height;

        evict (self, (gsize) (x2 - x1) * (y2 - y1) * bpp);
        tile->texture = upload_rect (self, surface, x1, y1, x2 - x1, y2 - y1);
        if (tile->texture == 0)
          {
            texture_entry_delete_textures (entry);
            texture_entry_free (entry);
            return NULL;
          }
        tile->tex_x = x1;
        tile->tex_y = y1;
        tile->tex_width = x2 - x1;
        tile->tex_height = y2 - y1;
        entry->bytes += (gsize) tile->tex_width * tile->tex_height * bpp;
      }

  self->stats.texture_uploads++;
  return entry;
}

/* The textures of @surface, uploaded on first use; NULL if they cannot be */
static TextureEntry *
get_texture (GskLayerGLBackend *self,
             cairo_surface_t   *surface)
{
  TextureEntry *entry;

  if (surface == self->last_surface)
    return self->last_entry;

  g_mutex_lock (&texture_lock);
  entry = g_hash_table_lookup (self->textures, surface);
  if (entry != NULL && !self->checking)
    {
      /* Most recently used last */
      entry->last_used = self->frame;
      g_queue_unlink (&self->lru, &entry->link);
      g_queue_push_tail_link (&self->lru, &entry->link);
    }
  g_mutex_unlock (&texture_lock);

  /* An image changed in place: upload it again */
  if (entry != NULL && entry->serial != gsk_layer_surface_get_serial (surface))
    {
      texture_entry_release (self, entry);
      entry = NULL;
    }

  if (entry == NULL)
    {
      cairo_surface_flush (surface);
      entry = upload_surface (self, surface);
      if (entry == NULL)
        return NULL;

      entry->backend = self;
      entry->surface = surface;
      entry->last_used = self->checking ? 0 : self->frame;
      entry->serial = gsk_layer_surface_get_serial (surface);
      entry->link.data = entry;

      g_mutex_lock (&texture_lock);
      g_hash_table_insert (self->textures, surface, entry);
      if (self->checking)
        g_queue_push_head_link (&self->lru, &entry->link);
      else
        g_queue_push_tail_link (&self->lru, &entry->link);
      self->texture_memory += entry->bytes;
      entry->live = TRUE;
      g_mutex_unlock (&texture_lock);

      if (cairo_surface_set_user_data (surface, &self->texture_key, entry,
                                       texture_entry_destroyed) != CAIRO_STATUS_SUCCESS)
        {
          /* Nothing would tell us when the surface dies: do not keep it
           * (and draw this frame in software) */
          entry->backend = self;
          texture_entry_destroyed (entry);
          return NULL;
        }
    }

  self->last_surface = surface;
  self->last_entry = entry;

  return entry;
}

/* ---- Drawing ---- */

/* The viewport is the target's whatever the canvas: offscreens are at
 * least that big (a pooled one may be bigger), and the same viewport
 * rasterizes and interpolates a quad the same way on every canvas */
static void
set_canvas (GskLayerGLBackend *self)
{
  glBindFramebuffer (GL_FRAMEBUFFER, self->canvas.framebuffer);
  glViewport (0, 0, self->target.width, self->target.height);
}

static void
set_scissor (GskLayerGLBackend *self)
{
  glScissor (self->clip.x1 - self->canvas_x, self->clip.y1 - self->canvas_y,
             MAX (self->clip.x2 - self->clip.x1, 0), MAX (self->clip.y2 - self->clip.y1, 0));
}

static void
flush (GskLayerGLBackend *self)
{
  GskLayerGLQuadProgram *program;

  if (self->instances->len == 0)
    return;

  program = &self->quad[self->batch_variant];
  glUseProgram (program->id);
  glUniform4f (program->u_viewport, self->canvas_x, self->canvas_y,
               self->target.width, self->target.height);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, self->batch_texture);
  glUniform1i (program->u_n_clips, self->n_clips);
  if (self->n_clips > 0)
    {
      float maps[GSK_LAYER_GL_MAX_CLIPS * 9];
      float rects[GSK_LAYER_GL_MAX_CLIPS * 4];
      float radii[GSK_LAYER_GL_MAX_CLIPS];
      guint i;

      for (i = 0; i < self->n_clips; i++)
        {
          memcpy (maps + i * 9, self->clips[i].map, sizeof self->clips[i].map);
          memcpy (rects + i * 4, self->clips[i].rect, sizeof self->clips[i].rect);
          radii[i] = self->clips[i].radius;
        }
      /* Row-major for row vectors is column-major for column vectors */
      glUniformMatrix3fv (program->u_clip_map, self->n_clips, GL_FALSE, maps);
      glUniform4fv (program->u_clip_rect, self->n_clips, rects);
      glUniform1fv (program->u_clip_radius, self->n_clips, radii);
    }

  glBindVertexArray (self->vao);
  glBindBuffer (GL_ARRAY_BUFFER, self->vbo);
  /* A new store each time: the driver need not wait for the last draw */
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) self->instances->len * sizeof (Instance),
                self->instances->data, GL_STREAM_DRAW);
  glDrawArraysInstanced (GL_TRIANGLE_STRIP, 0, 4, self->instances->len);

  self->stats.draw_calls++;
  self->stats.quads += self->instances->len;
  g_array_set_size (self->instances, 0);
  self->batch_texture = 0;
}

/* How far, in layer units, the quad must grow to cover every pixel its
 * antialiased edges touch: the ramp reaches half a pixel past each
 * edge, measured at the corner where a pixel spans the most layer
 * units. Zero for a quad on pixel boundaries, which has no fringe: then
 * returns TRUE. */
static gboolean
compute_margin (const float            m[16],
                const graphene_rect_t *r,
                float                  margin[2])
{
  double mx = 0, my = 0;
  gboolean aligned;
  int c;

  aligned = m[1] == 0.f && m[4] == 0.f && m[3] == 0.f && m[7] == 0.f && m[15] == 1.f &&
            m[0] > 0.f && m[5] > 0.f;

  for (c = 0; c < 4; c++)
    {
      double x = r->origin.x + ((c & 1) ? r->size.width : 0);
      double y = r->origin.y + ((c & 2) ? r->size.height : 0);
      double X = x * m[0] + y * m[4] + m[12];
      double Y = x * m[1] + y * m[5] + m[13];
      double W = x * m[3] + y * m[7] + m[15];
      double xx, xy, yx, yy, det;

      if (aligned)
        {
          if (fabs (X - round (X)) > PIXEL_EPSILON || fabs (Y - round (Y)) > PIXEL_EPSILON)
            aligned = FALSE;
        }

      if (!(W > 1e-6))
        continue;

      /* The Jacobian of (X/W, Y/W) with respect to (x, y) */
      xx = (m[0] * W - X * m[3]) / (W * W);
      xy = (m[1] * W - Y * m[3]) / (W * W);
      yx = (m[4] * W - X * m[7]) / (W * W);
      yy = (m[5] * W - Y * m[7]) / (W * W);
      det = fabs (xx * yy - yx * xy);
      if (!(det > 1e-12))
        continue;

      /* Layer units per pixel across the edges x = const: |∂s/∂y| / det */
      mx = MAX (mx, 0.5 * hypot (yx, yy) / det);
      my = MAX (my, 0.5 * hypot (xx, xy) / det);
    }

  if (aligned)
    {
      margin[0] = margin[1] = 0.f;
      return TRUE;
    }

  /* A quad seen nearly edge-on could ask for anything: a fringe wider
   * than the quad itself is never visible anyway */
  margin[0] = MIN (mx, MAX (r->size.width, 1.f));
  margin[1] = MIN (my, MAX (r->size.height, 1.f));

  return FALSE;
}

/* The part of the canvas an offscreen for @rect covers: what is cleared
 * and composited back. Empty when the part in the current clip is. */
static Box
offscreen_box (GskLayerGLBackend     *self,
               const graphene_rect_t *rect)
{
  Box box = box_from_rect (rect, &self->canvas_box, FALSE);
  Box visible = box_intersect (&box, &self->clip);

  if (box_is_empty (&visible))
    return (Box) { 0, 0, 0, 0 };

  return box;
}

static gboolean
op_clip_box (GskLayerGLBackend      *self,
             const GskLayerRenderOp *op,
             Box                    *box)
{
  *box = box_from_rect (&op->screen_bounds, &self->clip, FALSE);
  return !box_is_empty (box);
}

/* Edges of a quad drawn without antialiasing (nor growing the quad):
 * the seams between tiles of one content, which GL rasterizes exactly
 * once each since both sides have the very same vertices */
#define EDGE_X1 (1 << 0)
#define EDGE_Y1 (1 << 1)
#define EDGE_X2 (1 << 2)
#define EDGE_Y2 (1 << 3)
#define EDGE_ALL (EDGE_X1 | EDGE_Y1 | EDGE_X2 | EDGE_Y2)

/* Adds a quad; its edges are antialiased as those of @outer (NULL:
 * @bounds), apart from @hard_edges; it is clipped to the rounded
 * rectangle of @rounded (an op with a corner_radius, or NULL) */
static void
add_instance (GskLayerGLBackend      *self,
              const float             transform[16],
              const graphene_rect_t  *bounds,
              const float             source[4],
              const float             color[4],
              float                   mode,
              GLuint                  texture,
              const Box              *clip,
              const graphene_rect_t  *outer,
              guint                   hard_edges,
              const float            *uv_clamp,
              const GskLayerRenderOp *rounded)
{
  static const float no_clamp[4] = { 0, 0, 1, 1 };
  Instance *instance;
  guint variant = 0;
  float margin[4];

  /* On pixel boundaries, no edge needs antialiasing */
  if (compute_margin (transform, outer ? outer : bounds, margin))
    hard_edges = EDGE_ALL;

  /* w constant and positive over the quad: the affine program */
  if (!(transform[3] == 0.f && transform[7] == 0.f && transform[15] > 0.f))
    variant |= GSK_LAYER_GL_QUAD_PROJECTIVE;
  /* Rounded corners cost every fragment of a program that has them:
   * only quads that need them get it */
  if ((rounded != NULL && rounded->corner_radius > 0.f) || self->n_clips > 0)
    variant |= GSK_LAYER_GL_QUAD_ROUNDED;
  /* Every edge on a pixel boundary (most of a user interface): no
   * coverage to compute for any pixel */
  else if (hard_edges == EDGE_ALL && !(variant & GSK_LAYER_GL_QUAD_PROJECTIVE))
    variant |= GSK_LAYER_GL_QUAD_HARD;

  /* The batch's program may draw this quad too, which keeps batches
   * long: the plain one draws quads that need none of its coverage, and
   * gives the same pixels; the rounded one draws quads without corners */
  if (self->instances->len > 0 && variant != self->batch_variant)
    {
      guint batch = self->batch_variant;
      gboolean compatible =
        (batch & GSK_LAYER_GL_QUAD_PROJECTIVE) == (variant & GSK_LAYER_GL_QUAD_PROJECTIVE) &&
        (!(batch & GSK_LAYER_GL_QUAD_HARD) || (variant & GSK_LAYER_GL_QUAD_HARD)) &&
        (!(variant & GSK_LAYER_GL_QUAD_ROUNDED) || (batch & GSK_LAYER_GL_QUAD_ROUNDED));

      if (compatible)
        variant = batch;
      else
        flush (self);
    }
  self->batch_variant = variant;

  if (texture != 0)
    {
      if (self->batch_texture != 0 && self->batch_texture != texture)
        flush (self);
      self->batch_texture = texture;
    }

  g_array_set_size (self->instances, self->instances->len + 1);
  instance = &g_array_index (self->instances, Instance, self->instances->len - 1);

  memcpy (instance->transform, transform, sizeof instance->transform);
  instance->bounds[0] = bounds->origin.x;
  instance->bounds[1] = bounds->origin.y;
  instance->bounds[2] = bounds->size.width;
  instance->bounds[3] = bounds->size.height;
  memcpy (instance->source, source, sizeof instance->source);
  memcpy (instance->color, color, sizeof instance->color);
  instance->params[0] = margin[0];
  instance->params[1] = margin[1];
  instance->params[3] = hard_edges;
  instance->params[2] = mode;
  instance->clip[0] = clip->x1;
  instance->clip[1] = clip->y1;
  instance->clip[2] = clip->x2;
  instance->clip[3] = clip->y2;
  memcpy (instance->uv_clamp, uv_clamp ? uv_clamp : no_clamp, sizeof instance->uv_clamp);
  memset (instance->radius, 0, sizeof instance->radius);
  memset (instance->rrect, 0, sizeof instance->rrect);
  if (rounded != NULL && rounded->corner_radius > 0.f)
    {
      graphene_rect_t r;

      graphene_rect_normalize_r (&rounded->rounded_rect, &r);
      instance->rrect[0] = r.origin.x;
      instance->rrect[1] = r.origin.y;
      instance->rrect[2] = r.size.width;
      instance->rrect[3] = r.size.height;
      instance->radius[0] = MIN (rounded->corner_radius, 0.5f * MIN (r.size.width, r.size.height));
    }
}

static void
draw_color (GskLayerGLBackend      *self,
            const GskLayerRenderOp *op)
{
  static const float no_source[4] = { 0, 0, 1, 1 };
  float m[16], color[4];
  float alpha;
  Box clip;

  alpha = clamp_unit (op->color[3]) * clamp_unit (op->opacity);
  if (alpha <= 0.f || !op_clip_box (self, op, &clip))
    return;

  color[0] = clamp_unit (op->color[0]) * alpha;
  color[1] = clamp_unit (op->color[1]) * alpha;
  color[2] = clamp_unit (op->color[2]) * alpha;
  color[3] = alpha;

  graphene_matrix_to_float (&op->transform, m);
  add_instance (self, m, &op->bounds, no_source, color, GSK_LAYER_GL_MODE_COLOR, 0, &clip, NULL, 0, NULL, op);
}

/* Where the surface pixel bounds @px fall in layer space, clamped to
 * [@lo, @hi]; chained so that each bound is exactly where the GPU puts
 * the end of the part before (start + size, in floats), for seams
 * without gaps or overlaps */
static void
layer_bounds (const int *px,
              int        n,
              float      origin,
              float      scale,
              float      lo,
              float      hi,
              float     *out)
{
  int i;

  out[0] = CLAMP (origin + px[0] * scale, lo, hi);
  for (i = 1; i <= n; i++)
    {
      float next = CLAMP (origin + px[i] * scale, lo, hi);
      float size = MAX (next - out[i - 1], 0.f);

      out[i] = out[i - 1] + size;
    }
}

static void
draw_texture (GskLayerGLBackend      *self,
              const GskLayerRenderOp *op)
{
  graphene_rect_t source_rect, area;
  float m[16], color[4], source[4];
  float sx, sy, *xs, *ys;
  float opacity;
  TextureEntry *entry;
  int c, r, c_first = -1, c_last = -1, r_first = -1, r_last = -1;
  int width, height;
  Box clip;

  opacity = clamp_unit (op->opacity);
  if (opacity <= 0.f || op->surface == NULL || !op_clip_box (self, op, &clip))
    return;

  /* Only the part of the layer that the surface covers shows */
  graphene_rect_normalize_r (&op->source_rect, &source_rect);
  if (!graphene_rect_intersection (&op->bounds, &source_rect, &area) ||
      !(area.size.width > 0.f && area.size.height > 0.f))
    return;

  entry = get_texture (self, op->surface);
  if (entry == NULL)
    {
      self->failed = TRUE;
      return;
    }

  color[0] = color[1] = color[2] = color[3] = opacity;
  graphene_matrix_to_float (&op->transform, m);

  width = cairo_image_surface_get_width (op->surface);
  height = cairo_image_surface_get_height (op->surface);
  sx = source_rect.size.width / width;
  sy = source_rect.size.height / height;

  if (entry->n_cols == 1 && entry->n_rows == 1)
    {
      /* The layer rectangle the whole texture (or atlas page) covers */
      source[0] = source_rect.origin.x + entry->tile.tex_x * sx;
      source[1] = source_rect.origin.y + entry->tile.tex_y * sy;
      source[2] = entry->tile.tex_width * sx;
      source[3] = entry->tile.tex_height * sy;
      add_instance (self, m, &area, source, color, GSK_LAYER_GL_MODE_TEXTURE,
                    entry->tile.texture, &clip, NULL, 0, entry->uv_clamp, op);
      return;
    }

  /* Tiles: a quad each, over its part of the layer */
  xs = g_newa (float, entry->n_cols + 1);
  ys = g_newa (float, entry->n_rows + 1);
  layer_bounds (entry->col_x, entry->n_cols, source_rect.origin.x, sx,
                area.origin.x, area.origin.x + area.size.width, xs);
  layer_bounds (entry->row_y, entry->n_rows, source_rect.origin.y, sy,
                area.origin.y, area.origin.y + area.size.height, ys);
  for (c = 0; c < entry->n_cols; c++)
    if (xs[c + 1] > xs[c])
      {
        if (c_first < 0)
          c_first = c;
        c_last = c;
      }
  for (r = 0; r < entry->n_rows; r++)
    if (ys[r + 1] > ys[r])
      {
        if (r_first < 0)
          r_first = r;
        r_last = r;
      }

  for (r = MAX (r_first, 0); r <= r_last; r++)
    for (c = MAX (c_first, 0); c <= c_last; c++)
      {
        const Tile *tile = &entry->tiles[r * entry->n_cols + c];
        graphene_rect_t rect = GRAPHENE_RECT_INIT (xs[c], ys[r], xs[c + 1] - xs[c], ys[r + 1] - ys[r]);
        guint hard = 0;

        if (!(rect.size.width > 0.f && rect.size.height > 0.f))
          continue;

        hard |= c > c_first ? EDGE_X1 : 0;
        hard |= c < c_last ? EDGE_X2 : 0;
        hard |= r > r_first ? EDGE_Y1 : 0;
        hard |= r < r_last ? EDGE_Y2 : 0;

        /* The layer rectangle the whole tile texture covers */
        source[0] = source_rect.origin.x + tile->tex_x * sx;
        source[1] = source_rect.origin.y + tile->tex_y * sy;
        source[2] = tile->tex_width * sx;
        source[3] = tile->tex_height * sy;
        add_instance (self, m, &rect, source, color, GSK_LAYER_GL_MODE_TEXTURE,
                      tile->texture, &clip, &area, hard, NULL, op);
      }
}

/* Pushes @entry; with @box, what follows is drawn into a new offscreen
 * covering @box, which also becomes the clip */
static gboolean
push_entry (GskLayerGLBackend *self,
            StackEntry        *entry,
            const Box         *box)
{
  entry->saved_canvas = self->canvas;
  entry->saved_canvas_x = self->canvas_x;
  entry->saved_canvas_y = self->canvas_y;
  entry->saved_canvas_box = self->canvas_box;
  entry->saved_clip = self->clip;

  if (box)
    {
      flush (self);

      /* Target-sized and at the target's origin: GL rasterizes a quad a
       * hair differently in another viewport, and every redraw of a
       * pixel must give the same value. Only @box is cleared and drawn. */
      if (!acquire_offscreen (self, self->target.width, self->target.height, &entry->offscreen))
        {
          self->failed = TRUE;
          return FALSE;
        }

      entry->box = *box;
      self->canvas = entry->offscreen;
      self->canvas_x = 0;
      self->canvas_y = 0;
      self->canvas_box = *box;
      self->clip = box_intersect (&self->clip, box);
      set_canvas (self);
      set_scissor (self);
      glClearColor (0, 0, 0, 0);
      glClear (GL_COLOR_BUFFER_BIT);
    }

  g_array_append_val (self->stack, *entry);

  return TRUE;
}

static void
push_group (GskLayerGLBackend      *self,
            const GskLayerRenderOp *op)
{
  StackEntry entry = { .kind = GSK_LAYER_RENDER_OP_PUSH_GROUP, .op = op };
  Box box;

  box = offscreen_box (self, &op->screen_bounds);
  if (clamp_unit (op->opacity) <= 0.f || box_is_empty (&box))
    {
      self->skip_depth = 1;
      return;
    }

  /* Drawing straight into the parent gives the same pixels for free */
  if (op->opacity >= 1.f && op->blend_mode == GSK_LAYER_BLEND_NORMAL)
    {
      push_entry (self, &entry, NULL);
      return;
    }

  if (!push_entry (self, &entry, &box))
    self->skip_depth = 1;
}

/* The homography from target space onto the plane of @op's layer, and
 * its rounded rectangle; FALSE if the plane is seen edge-on */
static gboolean
rounded_clip_init (RoundedClip            *clip,
                   const GskLayerRenderOp *op)
{
  graphene_rect_t r;
  double a[3][3], inv[3][3], det;
  float m[16];
  int i, j;

  graphene_matrix_to_float (&op->transform, m);
  /* Layer (x, y, 1) to target (X, Y, W), as row vectors */
  a[0][0] = m[0];  a[0][1] = m[1];  a[0][2] = m[3];
  a[1][0] = m[4];  a[1][1] = m[5];  a[1][2] = m[7];
  a[2][0] = m[12]; a[2][1] = m[13]; a[2][2] = m[15];

  inv[0][0] = a[1][1] * a[2][2] - a[1][2] * a[2][1];
  inv[0][1] = a[0][2] * a[2][1] - a[0][1] * a[2][2];
  inv[0][2] = a[0][1] * a[1][2] - a[0][2] * a[1][1];
  inv[1][0] = a[1][2] * a[2][0] - a[1][0] * a[2][2];
  inv[1][1] = a[0][0] * a[2][2] - a[0][2] * a[2][0];
  inv[1][2] = a[0][2] * a[1][0] - a[0][0] * a[1][2];
  inv[2][0] = a[1][0] * a[2][1] - a[1][1] * a[2][0];
  inv[2][1] = a[0][1] * a[2][0] - a[0][0] * a[2][1];
  inv[2][2] = a[0][0] * a[1][1] - a[0][1] * a[1][0];
  det = a[0][0] * inv[0][0] + a[0][1] * inv[1][0] + a[0][2] * inv[2][0];
  if (!isfinite (det) || fabs (det) < 1e-12)
    return FALSE;

  /* Target (x, y, 1) · inverse = layer (x, y, 1) / W, with W > 0 in
   * front of the viewer: the sign is kept, so that the shader can tell */
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      clip->map[i * 3 + j] = inv[i][j] / det;

  graphene_rect_normalize_r (&op->rounded_rect, &r);
  clip->rect[0] = r.origin.x;
  clip->rect[1] = r.origin.y;
  clip->rect[2] = r.size.width;
  clip->rect[3] = r.size.height;
  clip->radius = MIN (op->corner_radius, 0.5f * MIN (r.size.width, r.size.height));

  return TRUE;
}

static void
push_clip (GskLayerGLBackend      *self,
           const GskLayerRenderOp *op)
{
  StackEntry entry = { .kind = GSK_LAYER_RENDER_OP_PUSH_CLIP, .op = op };
  graphene_rect_t projected;
  Box box;

  if (!gsk_layer_project_rect (&op->transform, &op->bounds, &projected, NULL, NULL))
    {
      self->skip_depth = 1;
      return;
    }

  if (op->corner_radius > 0.f && self->n_clips < GSK_LAYER_GL_MAX_CLIPS)
    {
      RoundedClip rounded;

      /* The shader antialiases the edges: a scissor to every pixel the
       * quad touches, and the rounded rectangle on the stack */
      box = box_from_rect (&projected, &self->clip, FALSE);
      if (box_is_empty (&box) || !rounded_clip_init (&rounded, op))
        {
          self->skip_depth = 1;
          return;
        }

      flush (self);
      entry.rounded = TRUE;
      push_entry (self, &entry, NULL);
      self->clips[self->n_clips++] = rounded;
      if (memcmp (&box, &self->clip, sizeof box) != 0)
        {
          self->clip = box;
          set_scissor (self);
        }
      return;
    }

  if (op->axis_aligned && op->corner_radius <= 0.f)
    {
      /* Layers are nearly always pixel aligned: a scissor costs nothing */
      box = box_from_rect (&projected, &self->clip, TRUE);
      if (box_is_empty (&box))
        {
          self->skip_depth = 1;
          return;
        }

      push_entry (self, &entry, NULL);
      if (memcmp (&box, &self->clip, sizeof box) != 0)
        {
          flush (self);
          self->clip = box;
          set_scissor (self);
        }
      return;
    }

  box = offscreen_box (self, &projected);
  if (box_is_empty (&box) || !push_entry (self, &entry, &box))
    self->skip_depth = 1;
}

static void
composite_blend (GskLayerGLBackend *self,
                 const StackEntry  *entry)
{
  int width = entry->box.x2 - entry->box.x1;
  int height = entry->box.y2 - entry->box.y1;
  Offscreen backdrop;

  if (!acquire_offscreen (self, width, height, &backdrop))
    {
      self->failed = TRUE;
      return;
    }

  /* The blend formulas need what is below: copy it out of the canvas
   * (creating an offscreen binds its framebuffer: bind the canvas again) */
  set_canvas (self);
  glBindTexture (GL_TEXTURE_2D, backdrop.texture);
  glCopyTexSubImage2D (GL_TEXTURE_2D, 0, 0, 0,
                       entry->box.x1 - self->canvas_x, entry->box.y1 - self->canvas_y,
                       width, height);

  glUseProgram (self->blend.id);
  glUniform4f (self->blend.u_viewport, self->canvas_x, self->canvas_y,
               self->target.width, self->target.height);
  glUniform4f (self->blend.u_box, entry->box.x1, entry->box.y1, width, height);
  glUniform4f (self->blend.u_source_rect, 0, 0,
               entry->offscreen.width, entry->offscreen.height);
  glUniform4f (self->blend.u_backdrop_rect, entry->box.x1, entry->box.y1,
               backdrop.width, backdrop.height);
  glUniform1i (self->blend.u_source, 0);
  glUniform1i (self->blend.u_backdrop, 1);
  glUniform1i (self->blend.u_mode, entry->op->blend_mode);
  glUniform1f (self->blend.u_opacity, clamp_unit (entry->op->opacity));

  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, backdrop.texture);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, entry->offscreen.texture);

  /* The shader composites: replace what is there */
  glDisable (GL_BLEND);
  glBindVertexArray (self->empty_vao);
  glDrawArrays (GL_TRIANGLE_STRIP, 0, 4);
  glEnable (GL_BLEND);

  self->stats.draw_calls++;
  self->stats.quads++;

  release_offscreen (self, &backdrop);
}

static void
pop_entry (GskLayerGLBackend *self)
{
  StackEntry entry;
  guint n_clips;

  entry = g_array_index (self->stack, StackEntry, self->stack->len - 1);
  g_array_set_size (self->stack, self->stack->len - 1);

  if (entry.rounded)
    {
      flush (self);
      self->n_clips--;
    }

  /* A group drawn straight into its parent changes nothing */
  if (entry.offscreen.framebuffer == 0 &&
      memcmp (&entry.saved_clip, &self->clip, sizeof (Box)) == 0)
    return;

  flush (self);

  self->canvas = entry.saved_canvas;
  self->canvas_x = entry.saved_canvas_x;
  self->canvas_y = entry.saved_canvas_y;
  self->canvas_box = entry.saved_canvas_box;
  self->clip = entry.saved_clip;
  set_canvas (self);
  set_scissor (self);

  if (entry.offscreen.framebuffer == 0)
    return;

  if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP &&
      entry.op->blend_mode != GSK_LAYER_BLEND_NORMAL)
    composite_blend (self, &entry);
  else
    {
      static const float identity[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
      float source[4] = { 0, 0, entry.offscreen.width, entry.offscreen.height };
      float color[4] = { 1, 1, 1, 1 };

      if (entry.kind == GSK_LAYER_RENDER_OP_PUSH_GROUP)
        {
          graphene_rect_t rect = GRAPHENE_RECT_INIT (entry.box.x1, entry.box.y1,
                                                     entry.box.x2 - entry.box.x1,
                                                     entry.box.y2 - entry.box.y1);

          color[0] = color[1] = color[2] = color[3] = clamp_unit (entry.op->opacity);
          add_instance (self, identity, &rect, source, color,
                        GSK_LAYER_GL_MODE_OFFSCREEN, entry.offscreen.texture, &entry.box, NULL, 0, NULL, NULL);
        }
      else
        {
          float m[16];

          /* Through the clip quad, antialiased like any other */
          graphene_matrix_to_float (&entry.op->transform, m);
          add_instance (self, m, &entry.op->bounds, source, color,
                        GSK_LAYER_GL_MODE_OFFSCREEN, entry.offscreen.texture, &entry.box, NULL, 0, NULL,
                        entry.op);
        }
      /* What the offscreen holds was clipped when it was drawn */
      n_clips = self->n_clips;
      self->n_clips = 0;
      flush (self);
      self->n_clips = n_clips;
    }

  release_offscreen (self, &entry.offscreen);
}

static void
pop (GskLayerGLBackend    *self,
     GskLayerRenderOpKind  push_kind)
{
  if (self->stack->len == 0)
    {
      warn_unbalanced ();
      return;
    }

  if (g_array_index (self->stack, StackEntry, self->stack->len - 1).kind != push_kind)
    warn_unbalanced ();

  pop_entry (self);
}

static void
render_ops (GskLayerGLBackend *self)
{
  const GskLayerRenderList *list = self->list;
  guint i;

  self->n_clips = 0;

  for (i = 0; i < list->n_ops && !self->failed; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];

      if (gsk_layer_render_op_skipped (op, &self->skip_depth))
        continue;

      switch (op->kind)
        {
        case GSK_LAYER_RENDER_OP_COLOR:
          draw_color (self, op);
          break;

        case GSK_LAYER_RENDER_OP_TEXTURE:
          draw_texture (self, op);
          break;

        case GSK_LAYER_RENDER_OP_PUSH_GROUP:
          push_group (self, op);
          break;

        case GSK_LAYER_RENDER_OP_POP_GROUP:
          pop (self, GSK_LAYER_RENDER_OP_PUSH_GROUP);
          break;

        case GSK_LAYER_RENDER_OP_PUSH_CLIP:
          push_clip (self, op);
          break;

        case GSK_LAYER_RENDER_OP_POP_CLIP:
          pop (self, GSK_LAYER_RENDER_OP_PUSH_CLIP);
          break;

        default:
          break;
        }
    }

  if (!self->failed && (self->skip_depth > 0 || self->stack->len > 0))
    warn_unbalanced ();

  self->skip_depth = 0;
  while (self->stack->len > 0)
    pop_entry (self);

  flush (self);
}

/* Whether GL can draw every op of @list; if not, says why */
static const char *
check_list (GskLayerGLBackend        *self,
            const GskLayerRenderList *list)
{
  guint i;

  for (i = 0; i < list->n_ops; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];

      if (op->kind == GSK_LAYER_RENDER_OP_TEXTURE && op->surface != NULL &&
          !surface_is_supported (op->surface))
        return "a content surface is in a format GL cannot take";
    }

  return NULL;
}

static void
read_back (GskLayerGLBackend    *self,
           const cairo_region_t *region,
           cairo_surface_t      *target)
{
  guchar *data = cairo_image_surface_get_data (target);
  int stride = cairo_image_surface_get_stride (target);
  int i, n = cairo_region_num_rectangles (region);

  glBindFramebuffer (GL_FRAMEBUFFER, self->target.framebuffer);
  glPixelStorei (GL_PACK_ALIGNMENT, 4);
  glPixelStorei (GL_PACK_ROW_LENGTH, stride / 4);

  for (i = 0; i < n; i++)
    {
      cairo_rectangle_int_t r;
      guchar *dest;

      cairo_region_get_rectangle (region, i, &r);
      dest = data + (gsize) r.y * stride + (gsize) r.x * 4;

      if (!self->context->is_gles)
        glReadPixels (r.x, r.y, r.width, r.height, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, dest);
      else
        {
          int x, y;

          /* ES only promises RGBA bytes: make them native ARGB words */
          glReadPixels (r.x, r.y, r.width, r.height, GL_RGBA, GL_UNSIGNED_BYTE, dest);
          for (y = 0; y < r.height; y++)
            {
              guchar *row = dest + (gsize) y * stride;

              for (x = 0; x < r.width; x++)
                {
                  guchar *p = row + x * 4;
                  guint32 word = (guint32) p[3] << 24 | (guint32) p[0] << 16 |
                                 (guint32) p[1] << 8 | p[2];

                  memcpy (p, &word, 4);
                }
            }
        }
    }

  glPixelStorei (GL_PACK_ROW_LENGTH, 0);
}

/* Damage comes as many rectangles (a cairo region); each pixel of a box
 * that is not damaged costs fill, and each pass costs a scissored clear
 * (on llvmpipe, Mesa draws it as a quad with its own shaders: about
 * what filling DAMAGE_PASS_PIXELS costs) and its draw calls. Merges the
 * rectangles greedily, the pair that wastes the fewest pixels first,
 * into at most MAX_DAMAGE_PASSES boxes, and further while merging
 * wastes fewer pixels than a pass costs; if the boxes still cover more
 * than half the extents, or the region has more than MAX_DAMAGE_RECTS
 * rectangles, the extents are one box. Boxes may overlap: a pixel in
 * two is cleared and redrawn the same way twice. */
#define MAX_DAMAGE_RECTS 64
#define MAX_DAMAGE_PASSES 8
#define DAMAGE_PASS_PIXELS (128 * 256)

static gint64
box_area (const Box *box)
{
  return (gint64) (box->x2 - box->x1) * (box->y2 - box->y1);
}

static Box
box_union (const Box *a,
           const Box *b)
{
  return (Box) { MIN (a->x1, b->x1), MIN (a->y1, b->y1),
                 MAX (a->x2, b->x2), MAX (a->y2, b->y2) };
}

static Box *
damage_passes (const cairo_region_t *region,
               guint                *n_passes)
{
  int n = cairo_region_num_rectangles (region);
  cairo_rectangle_int_t r;
  Box *boxes, extents;
  gint64 area;
  int i, j;

  cairo_region_get_extents (region, &r);
  extents = (Box) { r.x, r.y, r.x + r.width, r.y + r.height };

  if (n > MAX_DAMAGE_RECTS || n <= 1)
    goto use_extents;

  boxes = g_new (Box, n);
  for (i = 0; i < n; i++)
    {
      cairo_region_get_rectangle (region, i, &r);
      boxes[i] = (Box) { r.x, r.y, r.x + r.width, r.y + r.height };
    }

  while (n > 1)
    {
      gint64 best_waste = G_MAXINT64;
      int best_i = 0, best_j = 1;

      for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
          {
            Box u = box_union (&boxes[i], &boxes[j]);
            gint64 waste = box_area (&u) - box_area (&boxes[i]) - box_area (&boxes[j]);

            if (waste < best_waste)
              {
                best_waste = waste;
                best_i = i;
                best_j = j;
              }
          }

      if (n <= MAX_DAMAGE_PASSES && best_waste > DAMAGE_PASS_PIXELS)
        break;

      boxes[best_i] = box_union (&boxes[best_i], &boxes[best_j]);
      boxes[best_j] = boxes[n - 1];
      n--;
    }

  for (i = 0, area = 0; i < n; i++)
    area += box_area (&boxes[i]);
  if (n == 1 || 2 * area > box_area (&extents))
    {
      g_free (boxes);
      goto use_extents;
    }

  *n_passes = n;
  return boxes;

use_extents:
  boxes = g_new (Box, 1);
  boxes[0] = extents;
  *n_passes = 1;
  return boxes;
}

gboolean
gsk_layer_gl_backend_begin (GskLayerGLBackend *self)
{
  if (self->depth > 0)
    {
      self->depth++;
      return TRUE;
    }

  if (!gsk_layer_gl_context_make_current (self->context))
    return FALSE;

  self->depth = 1;
  if (self->context->borrowed)
    {
      int n = 0;

      /* Errors the caller left pending are not ours to report: failed
       * allocations are told by glGetError() */
      while (glGetError () != GL_NO_ERROR && n++ < 8)
        ;
      gsk_layer_gl_state_save (&self->saved_state, self->context->is_gles);
    }
  delete_dead_textures (self);

  return TRUE;
}

void
gsk_layer_gl_backend_end (GskLayerGLBackend *self)
{
  g_return_if_fail (self->depth > 0);

  if (--self->depth > 0)
    return;

  if (self->context->borrowed)
    gsk_layer_gl_state_restore (&self->saved_state);
}

gboolean
gsk_layer_gl_backend_is_borrowed (GskLayerGLBackend *self)
{
  return self->context->borrowed;
}

/* Draws @region (within the target, not empty) of @list into the
 * target framebuffer; returns why it failed, or NULL */
static const char *
draw_frame (GskLayerGLBackend        *self,
            const GskLayerRenderList *list,
            const cairo_region_t     *region)
{
  const char *why;
  const float *c;
  Box *passes;
  int width = list->width, height = list->height;
  guint i, n_passes;

  if ((why = check_list (self, list)) != NULL)
    return why;

  if (self->target.width != width || self->target.height != height)
    {
      offscreen_destroy (&self->target);
      if (!offscreen_create (&self->target, width, height))
        return "the GL framebuffer cannot be allocated";
    }

  /* A damage check's frame is the checked frame's, for the cache */
  if (!self->checking)
    self->frame++;
  self->list = list;
  self->failed = FALSE;
  self->last_surface = NULL;
  self->last_entry = NULL;
  self->canvas = self->target;
  self->canvas_x = 0;
  self->canvas_y = 0;
  self->canvas_box = (Box) { 0, 0, width, height };

  glDisable (GL_DEPTH_TEST);
  glDisable (GL_CULL_FACE);
  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glEnable (GL_SCISSOR_TEST);
  set_canvas (self);

  c = list->clear_color;
  passes = damage_passes (region, &n_passes);
  for (i = 0; i < n_passes && !self->failed; i++)
    {
      self->clip = passes[i];
      set_scissor (self);
      glClearColor (clamp_unit (c[0]) * clamp_unit (c[3]), clamp_unit (c[1]) * clamp_unit (c[3]),
                    clamp_unit (c[2]) * clamp_unit (c[3]), clamp_unit (c[3]));
      glClear (GL_COLOR_BUFFER_BIT);

      render_ops (self);
    }
  g_free (passes);

  self->list = NULL;
  self->last_surface = NULL;
  trim_pool (self);
  collect_textures (self, list);

  if (self->failed || !gsk_layer_gl_check_error ("drawing the frame"))
    return "GL failed to allocate a texture or offscreen";

  g_mutex_lock (&texture_lock);
  self->stats.cached_textures = g_hash_table_size (self->textures);
  g_mutex_unlock (&texture_lock);

  return NULL;
}

/* @region of @list, clipped to it; NULL if that is empty */
static cairo_region_t *
clip_damage (const GskLayerRenderList *list,
             const cairo_region_t     *damage)
{
  cairo_rectangle_int_t all = { 0, 0, list->width, list->height };
  cairo_region_t *region;

  region = damage ? cairo_region_copy (damage) : cairo_region_create_rectangle (&all);
  cairo_region_intersect_rectangle (region, &all);
  if (cairo_region_is_empty (region))
    {
      cairo_region_destroy (region);
      return NULL;
    }

  return region;
}

void
gsk_layer_gl_backend_render (GskLayerGLBackend        *self,
                             const GskLayerRenderList *list,
                             const cairo_region_t     *damage,
                             cairo_surface_t          *target)
{
  cairo_region_t *region;
  cairo_rectangle_int_t extents;
  const char *why;
  int width, height;

  g_return_if_fail (self != NULL);
  g_return_if_fail (list != NULL);
  g_return_if_fail (cairo_surface_get_type (target) == CAIRO_SURFACE_TYPE_IMAGE);
  g_return_if_fail (cairo_image_surface_get_format (target) == CAIRO_FORMAT_ARGB32);

  memset (&self->stats, 0, sizeof self->stats);

  width = cairo_image_surface_get_width (target);
  height = cairo_image_surface_get_height (target);
  if (width <= 0 || height <= 0 || cairo_image_surface_get_data (target) == NULL)
    return;
  g_return_if_fail (width == list->width && height == list->height);

  if (!gsk_layer_gl_backend_begin (self))
    {
      warn_software_fallback (self->context->borrowed
                              ? "the GL context the renderer was made in is not current"
                              : "the GL context cannot be made current");
      self->stats.software = TRUE;
      gsk_layer_software_render (list, damage, target);
      return;
    }

  region = clip_damage (list, damage);
  if (region == NULL)
    {
      gsk_layer_gl_backend_end (self);
      return;
    }
  cairo_region_get_extents (region, &extents);

  if ((why = draw_frame (self, list, region)) != NULL)
    {
      warn_software_fallback (why);
      self->stats.software = TRUE;
      gsk_layer_software_render (list, damage, target);
    }
  else
    {
      cairo_surface_flush (target);
      read_back (self, region, target);
      gsk_layer_gl_check_error ("reading the frame back");
      cairo_surface_mark_dirty_rectangle (target, extents.x, extents.y, extents.width, extents.height);
    }

  gsk_layer_gl_backend_end (self);
  cairo_region_destroy (region);
}

/* Writes @region of @image, a cairo ARGB32 image of the target's size,
 * into the target framebuffer's texture */
static void
upload_to_target (GskLayerGLBackend    *self,
                  const cairo_region_t *region,
                  cairo_surface_t      *image)
{
  const guchar *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  int i, n = cairo_region_num_rectangles (region);

  glBindTexture (GL_TEXTURE_2D, self->target.texture);
  for (i = 0; i < n; i++)
    {
      cairo_rectangle_int_t r;
      const guchar *src;

      cairo_region_get_rectangle (region, i, &r);
      src = data + (gsize) r.y * stride + (gsize) r.x * 4;

      if (!self->context->is_gles)
        {
          glPixelStorei (GL_UNPACK_ROW_LENGTH, stride / 4);
          glTexSubImage2D (GL_TEXTURE_2D, 0, r.x, r.y, r.width, r.height,
                           GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, src);
          glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);
        }
      else
        {
          guchar *bytes = g_malloc ((gsize) r.width * r.height * 4);
          int x, y;

          /* ES only takes RGBA bytes */
          for (y = 0; y < r.height; y++)
            for (x = 0; x < r.width; x++)
              {
                guint32 p = *(const guint32 *) (src + (gsize) y * stride + x * 4);
                guchar *q = bytes + ((gsize) y * r.width + x) * 4;

                q[0] = p >> 16; q[1] = p >> 8; q[2] = p; q[3] = p >> 24;
              }
          glTexSubImage2D (GL_TEXTURE_2D, 0, r.x, r.y, r.width, r.height,
                           GL_RGBA, GL_UNSIGNED_BYTE, bytes);
          g_free (bytes);
        }
    }
}

gboolean
gsk_layer_gl_backend_draw (GskLayerGLBackend        *self,
                           const GskLayerRenderList *list,
                           const cairo_region_t     *damage)
{
  cairo_region_t *region;
  cairo_surface_t *image;
  const char *why;

  g_return_val_if_fail (self->depth > 0, FALSE);

  memset (&self->stats, 0, sizeof self->stats);

  region = clip_damage (list, damage);
  if (region == NULL)
    return TRUE;

  why = draw_frame (self, list, region);
  if (why == NULL)
    {
      cairo_region_destroy (region);
      return TRUE;
    }

  /* Drawn in software, then written where GL would have drawn it */
  warn_software_fallback (why);
  self->stats.software = TRUE;
  if (self->target.width != list->width || self->target.height != list->height)
    {
      offscreen_destroy (&self->target);
      if (!offscreen_create (&self->target, list->width, list->height))
        {
          cairo_region_destroy (region);
          return FALSE;
        }
    }
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, list->width, list->height);
  gsk_layer_software_render (list, region, image);
  cairo_surface_flush (image);
  upload_to_target (self, region, image);
  cairo_surface_destroy (image);
  cairo_region_destroy (region);

  return gsk_layer_gl_check_error ("writing a frame drawn in software");
}

void
gsk_layer_gl_backend_read_target (GskLayerGLBackend *self,
                                  cairo_surface_t   *image)
{
  cairo_rectangle_int_t all = { 0, 0, self->target.width, self->target.height };
  cairo_region_t *region;

  g_return_if_fail (self->depth > 0);
  g_return_if_fail (cairo_image_surface_get_width (image) == self->target.width);
  g_return_if_fail (cairo_image_surface_get_height (image) == self->target.height);

  region = cairo_region_create_rectangle (&all);
  cairo_surface_flush (image);
  read_back (self, region, image);
  cairo_surface_mark_dirty (image);
  cairo_region_destroy (region);
}

void
gsk_layer_gl_backend_present (GskLayerGLBackend    *self,
                              guint                 framebuffer,
                              int                   width,
                              int                   height,
                              const cairo_region_t *region)
{
  int i, n = cairo_region_num_rectangles (region);

  g_return_if_fail (self->depth > 0);
  g_return_if_fail (width == self->target.width && height == self->target.height);

  if (n == 0)
    return;

  /* The target is y down and the framebuffer y up: each rectangle is
   * copied mirrored, which a blit does exactly (same size, nearest) */
  glDisable (GL_SCISSOR_TEST);
  glBindFramebuffer (GL_READ_FRAMEBUFFER, self->target.framebuffer);
  glBindFramebuffer (GL_DRAW_FRAMEBUFFER, framebuffer);
  for (i = 0; i < n; i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (region, i, &r);
      glBlitFramebuffer (r.x, r.y, r.x + r.width, r.y + r.height,
                         r.x, height - r.y, r.x + r.width, height - r.y - r.height,
                         GL_COLOR_BUFFER_BIT, GL_NEAREST);
    }
  gsk_layer_gl_check_error ("copying the frame into the framebuffer");
}

static void
setup_vertex_array (GskLayerGLBackend *self)
{
  int i;

  glGenVertexArrays (1, &self->vao);
  glBindVertexArray (self->vao);
  glGenBuffers (1, &self->vbo);
  glBindBuffer (GL_ARRAY_BUFFER, self->vbo);

  for (i = 0; i < 4; i++)
    {
      glEnableVertexAttribArray (GSK_LAYER_GL_ATTRIB_TRANSFORM + i);
      glVertexAttribPointer (GSK_LAYER_GL_ATTRIB_TRANSFORM + i, 4, GL_FLOAT, GL_FALSE, sizeof (Instance),
                             (gconstpointer) (G_STRUCT_OFFSET (Instance, transform) + i * 4 * sizeof (float)));
      glVertexAttribDivisor (GSK_LAYER_GL_ATTRIB_TRANSFORM + i, 1);
    }

#define ATTRIB(location, field) \
  glEnableVertexAttribArray (location); \
  glVertexAttribPointer (location, 4, GL_FLOAT, GL_FALSE, sizeof (Instance), \
                         (gconstpointer) G_STRUCT_OFFSET (Instance, field)); \
  glVertexAttribDivisor (location, 1)

  ATTRIB (GSK_LAYER_GL_ATTRIB_BOUNDS, bounds);
  ATTRIB (GSK_LAYER_GL_ATTRIB_SOURCE, source);
  ATTRIB (GSK_LAYER_GL_ATTRIB_COLOR, color);
  ATTRIB (GSK_LAYER_GL_ATTRIB_PARAMS, params);
  ATTRIB (GSK_LAYER_GL_ATTRIB_CLIP, clip);
  ATTRIB (GSK_LAYER_GL_ATTRIB_UV_CLAMP, uv_clamp);
  ATTRIB (GSK_LAYER_GL_ATTRIB_RRECT, rrect);
  ATTRIB (GSK_LAYER_GL_ATTRIB_RADIUS, radius);
#undef ATTRIB

  /* The blend pass makes its quad from gl_VertexID alone, but core
   * profiles draw nothing without a vertex array bound */
  glGenVertexArrays (1, &self->empty_vao);
  glBindVertexArray (0);
}

static GskLayerGLBackend *
backend_new_for_context (GskLayerGLContext  *context,
                         GError            **error)
{
  GskLayerGLBackend *self;
  guint i;

  self = g_new0 (GskLayerGLBackend, 1);
  self->context = context;
  self->textures = g_hash_table_new (NULL, NULL);
  self->dead_textures = g_array_new (FALSE, FALSE, sizeof (DeadTexture));
  g_queue_init (&self->lru);
  self->texture_budget = DEFAULT_TEXTURE_BUDGET;
  self->atlas_pages = g_ptr_array_new ();
  self->use_atlas = !GSK_LAYER_DEBUG_CHECK (NO_ATLAS);
  self->pool = g_array_new (FALSE, FALSE, sizeof (Offscreen));
  self->instances = g_array_new (FALSE, FALSE, sizeof (Instance));
  self->stack = g_array_new (FALSE, FALSE, sizeof (StackEntry));
  self->description = gsk_layer_gl_context_describe (context);

  for (i = 0; i < GSK_LAYER_GL_N_QUAD_VARIANTS; i++)
    {
      if (!gsk_layer_gl_quad_program_init (&self->quad[i], i, context->is_gles, error))
        {
          gsk_layer_gl_backend_free (self);
          return NULL;
        }

      glUseProgram (self->quad[i].id);
      glUniform1i (self->quad[i].u_texture, 0);
    }
  glUseProgram (0);

  if (!gsk_layer_gl_blend_program_init (&self->blend, context->is_gles, error))
    {
      gsk_layer_gl_backend_free (self);
      return NULL;
    }

  setup_vertex_array (self);

  if (!gsk_layer_gl_check_error ("setting up the GL renderer"))
    {
      g_set_error_literal (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                           "Setting up the GL renderer raised GL errors");
      gsk_layer_gl_backend_free (self);
      return NULL;
    }

  return self;
}

GskLayerGLBackend *
gsk_layer_gl_backend_new (GError **error)
{
  GskLayerGLContext *context;

  context = gsk_layer_gl_context_new (error);
  if (context == NULL)
    return NULL;

  return backend_new_for_context (context, error);
}

GskLayerGLBackend *
gsk_layer_gl_backend_new_for_current_context (GError **error)
{
  GskLayerGLContext *context;
  GskLayerGLBackend *self;
  GskLayerGLState state;

  context = gsk_layer_gl_context_new_for_current (error);
  if (context == NULL)
    return NULL;

  /* Making programs and vertex arrays binds them */
  gsk_layer_gl_state_save (&state, context->is_gles);
  self = backend_new_for_context (context, error);
  gsk_layer_gl_state_restore (&state);

  return self;
}

void
gsk_layer_gl_backend_free (GskLayerGLBackend *self)
{
  GHashTableIter iter;
  TextureEntry *entry;
  gboolean can_call_gl;
  guint i;

  if (self == NULL)
    return;

  /* A borrowed context that is not current (or gone) keeps the objects
   * made in it until it is destroyed */
  can_call_gl = gsk_layer_gl_context_make_current (self->context);

  /* Let go of every entry: they stay on their surfaces, pointing at no
   * backend, freed when the surfaces end (on whatever thread) or replaced
   * if another renderer uploads them */
  g_mutex_lock (&texture_lock);
  g_hash_table_iter_init (&iter, self->textures);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &entry))
    {
      entry->backend = NULL;
      entry->live = FALSE;
      if (can_call_gl)
        texture_entry_delete_textures (entry);
      g_queue_unlink (&self->lru, &entry->link);
    }
  g_hash_table_remove_all (self->textures);
  g_mutex_unlock (&texture_lock);

  if (can_call_gl)
    {
      delete_dead_textures (self);

      for (i = 0; i < self->pool->len; i++)
        offscreen_destroy (&g_array_index (self->pool, Offscreen, i));
      offscreen_destroy (&self->target);

      if (self->vbo)
        glDeleteBuffers (1, &self->vbo);
      if (self->vao)
        glDeleteVertexArrays (1, &self->vao);
      if (self->empty_vao)
        glDeleteVertexArrays (1, &self->empty_vao);
      for (i = 0; i < GSK_LAYER_GL_N_QUAD_VARIANTS; i++)
        if (self->quad[i].id)
          glDeleteProgram (self->quad[i].id);
      if (self->blend.id)
        glDeleteProgram (self->blend.id);
    }

  /* The pages of the entries let go of above */
  for (i = 0; i < self->atlas_pages->len; i++)
    {
      AtlasPage *page = g_ptr_array_index (self->atlas_pages, i);

      if (can_call_gl)
        glDeleteTextures (1, &page->texture);
      atlas_page_free (page);
    }
  g_ptr_array_unref (self->atlas_pages);

  gsk_layer_gl_context_free (self->context);

  g_array_unref (self->pool);
  g_array_unref (self->instances);
  g_array_unref (self->stack);
  g_array_unref (self->dead_textures);
  g_hash_table_unref (self->textures);
  g_free (self->description);
  g_free (self);
}

void
gsk_layer_gl_backend_set_use_atlas (GskLayerGLBackend *self,
                                    gboolean           use_atlas)
{
  self->use_atlas = use_atlas;
}

void
gsk_layer_gl_backend_set_checking (GskLayerGLBackend *self,
                                   gboolean           checking)
{
  self->checking = checking;
}

gsize
gsk_layer_gl_backend_get_texture_memory (GskLayerGLBackend *self)
{
  gsize held;

  g_mutex_lock (&texture_lock);
  held = self->texture_memory + self->offscreen_memory + offscreen_bytes (&self->target);
  g_mutex_unlock (&texture_lock);

  return held;
}

void
gsk_layer_gl_backend_set_texture_budget (GskLayerGLBackend *self,
                                         gsize              bytes)
{
  self->texture_budget = bytes;

  /* Idle offscreens and undrawn textures go now, if GL can be called */
  if (gsk_layer_gl_backend_begin (self))
    {
      self->frame++;
      evict (self, 0);
      gsk_layer_gl_backend_end (self);
    }
}

gsize
gsk_layer_gl_backend_get_texture_budget (GskLayerGLBackend *self)
{
  return self->texture_budget;
}

const GskLayerGLStats *
gsk_layer_gl_backend_get_stats (GskLayerGLBackend *self)
{
  return &self->stats;
}

void
gsk_layer_gl_backend_set_stats (GskLayerGLBackend     *self,
                                const GskLayerGLStats *stats)
{
  self->stats = *stats;
}

const char *
gsk_layer_gl_backend_get_description (GskLayerGLBackend *self)
{
  return self->description;
}
