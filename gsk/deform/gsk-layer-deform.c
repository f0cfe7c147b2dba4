/* gsk-layer-deform.c: a layer drawn as a mesh its class deforms
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-deform.h"
#include "gsk-layer-private.h"

/**
 * GskLayerDeform:
 *
 * A layer drawn deformed, as `ClutterDeformEffect` draws an actor: the
 * layer, with all it holds (its background, content, children, clip
 * and effects), is drawn flat into an image, and the image is cut into
 * a grid of tiles ([property@LayerDeform:x-tiles] ×
 * [property@LayerDeform:y-tiles]) whose corners the class's
 * `deform_vertex` moves, in three dimensions, in the layer's
 * coordinates. Each tile is drawn through the corners it was moved to,
 * nearest last; tiles seen from behind show the image mirrored, or
 * [property@LayerDeform:back-color] where it is set.
 *
 * A subclass calls [method@LayerDeform.invalidate] when its deformation
 * changes; the mesh is made again for the next frame, and when the
 * layer's size changes.
 *
 * The layer is picked, laid out and read by accessibility as if it
 * were flat. [class@LayerPageTurn] is the deformation GSK ships.
 *
 * Since: 0.1
 */

/* More tiles than this per side would cost more than they show */
#define MAX_TILES 256
#define DEFAULT_TILES 32

typedef struct
{
  guint x_tiles;
  guint y_tiles;
  GdkRGBA back_color;
  GskLayerMesh mesh;
} GskLayerDeformPrivate;

enum {
  PROP_0,
  PROP_X_TILES,
  PROP_Y_TILES,
  PROP_BACK_COLOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_TYPE_WITH_PRIVATE (GskLayerDeform, gsk_layer_deform, GSK_TYPE_LAYER)

/* The draw pass's call: the grid moved for the layer's size. A mesh
 * that moves nothing is no mesh: the layer is drawn as it is. */
static void
update_mesh (GskLayer *layer)
{
  GskLayerDeform *self = GSK_LAYER_DEFORM (layer);
  GskLayerDeformPrivate *priv = gsk_layer_deform_get_instance_private (self);
  GskLayerDeformClass *klass = GSK_LAYER_DEFORM_GET_CLASS (self);
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  guint i, j, row = priv->x_tiles + 1;
  gboolean moved = FALSE, finite = TRUE;
  graphene_point3d_t *points;

  priv->mesh.size = p->size;
  priv->mesh.n_x = priv->x_tiles;
  priv->mesh.n_y = priv->y_tiles;
  g_clear_pointer (&priv->mesh.points, g_free);
  if (klass->deform_vertex == NULL || !(p->size.width > 0 && p->size.height > 0))
    return;

  points = g_new (graphene_point3d_t, (gsize) row * (priv->y_tiles + 1));
  for (j = 0; j <= priv->y_tiles; j++)
    for (i = 0; i <= priv->x_tiles; i++)
      {
        graphene_point3d_t flat = GRAPHENE_POINT3D_INIT (p->size.width * i / priv->x_tiles,
                                                         p->size.height * j / priv->y_tiles, 0);
        graphene_point3d_t *v = &points[j * row + i];

        *v = flat;
        klass->deform_vertex (self, p->size.width, p->size.height, v);
        finite = finite && isfinite (v->x) && isfinite (v->y) && isfinite (v->z);
        moved = moved || v->x != flat.x || v->y != flat.y || v->z != flat.z;
      }

  if (!finite)
    {
      g_warning ("%s moved a vertex of its mesh to a point that is not finite; drawing it flat",
                 G_OBJECT_TYPE_NAME (self));
      g_free (points);
      return;
    }
  if (moved)
    priv->mesh.points = points;
  else
    g_free (points);
}

static void
gsk_layer_deform_dispose (GObject *object)
{
  GskLayerDeform *self = GSK_LAYER_DEFORM (object);
  GskLayerDeformPrivate *priv = gsk_layer_deform_get_instance_private (self);

  gsk_layer_get_private (GSK_LAYER (self))->mesh = NULL;
  g_clear_pointer (&priv->mesh.points, g_free);

  G_OBJECT_CLASS (gsk_layer_deform_parent_class)->dispose (object);
}

static void
gsk_layer_deform_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GskLayerDeform *self = GSK_LAYER_DEFORM (object);
  GskLayerDeformPrivate *priv = gsk_layer_deform_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_X_TILES:
      g_value_set_uint (value, priv->x_tiles);
      break;
    case PROP_Y_TILES:
      g_value_set_uint (value, priv->y_tiles);
      break;
    case PROP_BACK_COLOR:
      g_value_set_boxed (value, &priv->back_color);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_deform_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GskLayerDeform *self = GSK_LAYER_DEFORM (object);
  GskLayerDeformPrivate *priv = gsk_layer_deform_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_X_TILES:
      gsk_layer_deform_set_n_tiles (self, g_value_get_uint (value), priv->y_tiles);
      break;
    case PROP_Y_TILES:
      gsk_layer_deform_set_n_tiles (self, priv->x_tiles, g_value_get_uint (value));
      break;
    case PROP_BACK_COLOR:
      gsk_layer_deform_set_back_color (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_deform_class_init (GskLayerDeformClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gsk_layer_deform_dispose;
  object_class->get_property = gsk_layer_deform_get_property;
  object_class->set_property = gsk_layer_deform_set_property;

  /**
   * GskLayerDeform:x-tiles:
   *
   * How many tiles the mesh has across, from 1 to 256.
   *
   * Since: 0.1
   */
  properties[PROP_X_TILES] =
    g_param_spec_uint ("x-tiles", NULL, "How many tiles the mesh has across",
                       1, MAX_TILES, DEFAULT_TILES,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerDeform:y-tiles:
   *
   * How many tiles the mesh has down, from 1 to 256.
   *
   * Since: 0.1
   */
  properties[PROP_Y_TILES] =
    g_param_spec_uint ("y-tiles", NULL, "How many tiles the mesh has down",
                       1, MAX_TILES, DEFAULT_TILES,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerDeform:back-color:
   *
   * The colour of the tiles seen from behind; fully transparent (the
   * default) shows the layer there, mirrored, as its back.
   *
   * Since: 0.1
   */
  properties[PROP_BACK_COLOR] =
    g_param_spec_boxed ("back-color", NULL, "The colour of the tiles seen from behind",
                        GDK_TYPE_RGBA,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_deform_init (GskLayerDeform *self)
{
  GskLayerDeformPrivate *priv = gsk_layer_deform_get_instance_private (self);

  priv->x_tiles = priv->y_tiles = DEFAULT_TILES;
  priv->mesh.update = update_mesh;
  priv->mesh.dirty = TRUE;
  gsk_layer_get_private (GSK_LAYER (self))->mesh = &priv->mesh;
}

/**
 * gsk_layer_deform_set_n_tiles:
 * @self: a deformed layer
 * @x_tiles: tiles across, 1 to 256
 * @y_tiles: tiles down, 1 to 256
 *
 * Sets how finely the mesh is cut: more tiles follow a curve more
 * closely and cost more to draw.
 *
 * Since: 0.1
 */
void
gsk_layer_deform_set_n_tiles (GskLayerDeform *self,
                              guint           x_tiles,
                              guint           y_tiles)
{
  GskLayerDeformPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_DEFORM (self));
  g_return_if_fail (x_tiles >= 1 && x_tiles <= MAX_TILES);
  g_return_if_fail (y_tiles >= 1 && y_tiles <= MAX_TILES);

  priv = gsk_layer_deform_get_instance_private (self);
  if (priv->x_tiles == x_tiles && priv->y_tiles == y_tiles)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  if (priv->x_tiles != x_tiles)
    {
      priv->x_tiles = x_tiles;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_X_TILES]);
    }
  if (priv->y_tiles != y_tiles)
    {
      priv->y_tiles = y_tiles;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_Y_TILES]);
    }
  gsk_layer_deform_invalidate (self);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * gsk_layer_deform_get_n_tiles:
 * @self: a deformed layer
 * @x_tiles: (out) (optional): tiles across
 * @y_tiles: (out) (optional): tiles down
 *
 * Gets how finely the mesh is cut.
 *
 * Since: 0.1
 */
void
gsk_layer_deform_get_n_tiles (GskLayerDeform *self,
                              guint          *x_tiles,
                              guint          *y_tiles)
{
  GskLayerDeformPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_DEFORM (self));

  priv = gsk_layer_deform_get_instance_private (self);
  if (x_tiles)
    *x_tiles = priv->x_tiles;
  if (y_tiles)
    *y_tiles = priv->y_tiles;
}

/**
 * gsk_layer_deform_set_back_color:
 * @self: a deformed layer
 * @color: (nullable): the colour of the back, or %NULL for the layer
 *   mirrored
 *
 * Sets what the tiles seen from behind show: @color, or where it is
 * %NULL or fully transparent, the layer, mirrored.
 *
 * Since: 0.1
 */
void
gsk_layer_deform_set_back_color (GskLayerDeform *self,
                                 const GdkRGBA  *color)
{
  GskLayerDeformPrivate *priv;
  GdkRGBA c = { 0, 0, 0, 0 };

  g_return_if_fail (GSK_IS_LAYER_DEFORM (self));

  if (color != NULL)
    {
      g_return_if_fail (isfinite (color->red) && isfinite (color->green) &&
                        isfinite (color->blue) && isfinite (color->alpha));
      c = (GdkRGBA) { CLAMP (color->red, 0, 1), CLAMP (color->green, 0, 1),
                      CLAMP (color->blue, 0, 1), CLAMP (color->alpha, 0, 1) };
    }

  priv = gsk_layer_deform_get_instance_private (self);
  if (gdk_rgba_equal (&priv->back_color, &c))
    return;

  priv->back_color = c;
  priv->mesh.back_color[0] = c.red;
  priv->mesh.back_color[1] = c.green;
  priv->mesh.back_color[2] = c.blue;
  priv->mesh.back_color[3] = c.alpha;
  gsk_layer_changed (GSK_LAYER (self), GSK_LAYER_DIRTY_PAINT);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BACK_COLOR]);
}

/**
 * gsk_layer_deform_get_back_color:
 * @self: a deformed layer
 * @color: (out caller-allocates): the colour of the back
 *
 * Gets the colour of the tiles seen from behind; fully transparent
 * where they show the layer mirrored.
 *
 * Since: 0.1
 */
void
gsk_layer_deform_get_back_color (GskLayerDeform *self,
                                 GdkRGBA        *color)
{
  GskLayerDeformPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_DEFORM (self));
  g_return_if_fail (color != NULL);

  priv = gsk_layer_deform_get_instance_private (self);
  *color = priv->back_color;
}

/**
 * gsk_layer_deform_invalidate:
 * @self: a deformed layer
 *
 * Tells @self that its deformation changed: the mesh is made again,
 * calling `deform_vertex` for each of its vertices, before the next
 * frame is drawn.
 *
 * Since: 0.1
 */
void
gsk_layer_deform_invalidate (GskLayerDeform *self)
{
  GskLayerDeformPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_DEFORM (self));

  priv = gsk_layer_deform_get_instance_private (self);
  priv->mesh.dirty = TRUE;
  gsk_layer_changed (GSK_LAYER (self), GSK_LAYER_DIRTY_PAINT);
}
