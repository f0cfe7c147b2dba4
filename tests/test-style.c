/* test-style.c: styles written as CSS declarations (issue 14, first part)
 *
 * The parser, property by property and shorthand by shorthand, its
 * errors with their exact line and column, the style's text and round
 * trip, what a style does to a layer (background, opacity, blend mode,
 * corner radii, of which corner-radius is the uniform case), the CSS
 * rule that shrinks overlapping radii, picking outside rounded corners,
 * damage when the corners change, and scene files. What the corners
 * look like is in the reftests (style-*.json, against Chromium).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <string.h>

#include <gsklayer.h>

#include "gsk-layer-private.h"
#include "gsk-layer-compile-private.h"
#include "gsk-layer-renderer-private.h"
#include "gsk-layer-software-backend-private.h"
#include "font-caches.h"
#include "png-test-utils.h"
#include "filter-test-utils.h"

/* Parses @css and writes it back */
static char *
normalize (const char *css)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerStyle) style = gsk_layer_style_new_from_string (css, &error);
  g_autoptr (GskLayerStyle) again = NULL;
  char *text;

  g_assert_no_error (error);
  g_assert_nonnull (style);
  text = gsk_layer_style_to_string (style);
  /* What it writes reads back into an equal style */
  again = gsk_layer_style_new_from_string (text, &error);
  g_assert_no_error (error);
  g_assert_true (gsk_layer_style_equal (style, again));

  return text;
}

static void
test_parse (void)
{
  static const struct {
    const char *css;
    const char *text;
  } cases[] = {
    { "", "" },
    { " ; ;", "" },
    { "background-color: red", "background-color: rgb(255,0,0);" },
    { "background-color: rgba(0, 0, 255, 0.5)", "background-color: rgba(0,0,255,0.5);" },
    { "opacity: 0.25", "opacity: 0.25;" },
    { "opacity: 40%", "opacity: 0.4;" },
    { "opacity: 3", "opacity: 1;" },
    { "mix-blend-mode: multiply", "mix-blend-mode: multiply;" },
    { "mix-blend-mode: COLOR-dodge", "mix-blend-mode: color-dodge;" },
    { "border-radius: 8px", "border-radius: 8px;" },
    { "border-radius: 0", "border-radius: 0;" },
    { "border-radius: 8px 4px", "border-radius: 8px 4px;" },
    { "border-radius: 8px 4px 2px", "border-radius: 8px 4px 2px;" },
    { "border-radius: 8px 4px 2px 1px", "border-radius: 8px 4px 2px 1px;" },
    { "border-radius: 1px 2px 1px 2px", "border-radius: 1px 2px;" },
    { "border-radius: 50%", "border-radius: 50%;" },
    { "border-radius: 10px / 5px", "border-radius: 10px / 5px;" },
    { "border-radius: 10px 20px / 5% 6px 7px", "border-radius: 10px 20px / 5% 6px 7px;" },
    { "border-top-left-radius: 4px 8px", "border-radius: 4px 0 0 / 8px 0 0;" },
    { "border-radius: 2px; border-bottom-right-radius: 9px", "border-radius: 2px 2px 9px;" },
    /* The last of a property wins */
    { "opacity: 0.5; opacity: 0.75", "opacity: 0.75;" },
    { "/* a comment */ opacity : 0.5 ; /* another */", "opacity: 0.5;" },
    { "border: 2px solid red",
      "border-width: 2px; border-style: solid; border-color: rgb(255,0,0);" },
    { "border: double rgb(0, 0, 255) thick",
      "border-width: 5px; border-style: double; border-color: rgb(0,0,255);" },
    /* What a shorthand leaves out is reset: medium, none, currentcolor */
    { "border: solid", "border-width: 3px; border-style: solid; border-color: rgb(0,0,0);" },
    { "border: 2px dashed red; border-left-style: dotted",
      "border-width: 2px; border-style: dashed dashed dashed dotted; border-color: rgb(255,0,0);" },
    { "border-width: 1px 2px 3px 4px; border-style: solid none; border-color: red blue green",
      "border-width: 1px 2px 3px 4px; border-style: solid none; border-color: rgb(255,0,0) rgb(0,0,255) rgb(0,128,0);" },
    { "border-top: 4px solid #000; border-left-width: thin; border-left-style: solid",
      "border-width: 4px 3px 3px 1px; border-style: solid none none solid; border-color: rgb(0,0,0);" },
    { "border-bottom-color: currentcolor; border-right: hidden",
      "border-width: 3px; border-style: none; border-color: rgb(0,0,0);" },
    { "padding: 4px", "padding: 4px;" },
    { "box-shadow: none", "box-shadow: none;" },
    { "background-image: none", "background-image: none;" },
    { "background-image: linear-gradient(red, blue)",
      "background-image: linear-gradient(180deg, rgb(255,0,0), rgb(0,0,255));" },
    { "background-image: linear-gradient(to left, red 10%, transparent 20px 30px)",
      "background-image: linear-gradient(270deg, rgb(255,0,0) 10%, rgba(0,0,0,0) 20px, rgba(0,0,0,0) 30px);" },
    { "background-image: repeating-linear-gradient(0.25turn, red 0 10px, blue 10px 20px), "
      "linear-gradient(to bottom left, #fff, #000)",
      "background-image: repeating-linear-gradient(90deg, rgb(255,0,0) 0, rgb(255,0,0) 10px, "
      "rgb(0,0,255) 10px, rgb(0,0,255) 20px), linear-gradient(to bottom left, rgb(255,255,255), rgb(0,0,0));" },
    { "outline: 2px solid red", "outline: 2px solid rgb(255,0,0); outline-offset: 0;" },
    { "outline: dotted 4px red", "outline: 4px dotted rgb(255,0,0); outline-offset: 0;" },
    { "image-rendering: pixelated; image-rendering: HIGH-QUALITY", "image-rendering: high-quality;" },
    { "outline: double 6px blue; outline-offset: -4px",
      "outline: 6px double rgb(0,0,255); outline-offset: -4px;" },
    { "outline-width: thin; outline-color: green; outline-style: solid",
      "outline: 1px solid rgb(0,128,0); outline-offset: 0;" },
    { "box-shadow: 2px 3px", "box-shadow: 2px 3px 0 0 rgb(0,0,0);" },
    { "box-shadow: red 2px -3px 4px inset", "box-shadow: inset 2px -3px 4px 0 rgb(255,0,0);" },
    { "box-shadow: 0 6px 16px rgba(0, 0, 0, 0.45), inset 1px 1px 0 -2px #fff",
      "box-shadow: 0 6px 16px 0 rgba(0,0,0,0.45), inset 1px 1px 0 -2px rgb(255,255,255);" },
    { "text-shadow: none", "text-shadow: none;" },
    { "filter: none", "filter: none;" },
    { "backdrop-filter: blur(4px) saturate(180%)", "backdrop-filter: blur(4px) saturate(1.8);" },
    { "backdrop-filter: none", "backdrop-filter: none;" },
    { "object-fit: contain", "object-fit: contain;" },
    { "background-clip: padding-box", "background-clip: padding-box;" },
    { "background-image: conic-gradient(red, blue)",
      "background-image: conic-gradient(from 0deg at 50% 50%, rgb(255,0,0), rgb(0,0,255));" },
    { "background-image: repeating-conic-gradient(from 0.25turn at 10px bottom, red 0 10%, blue 20deg 30deg)",
      "background-image: repeating-conic-gradient(from 90deg at 10px 100%, rgb(255,0,0) 0deg, rgb(255,0,0) 10%, "
      "rgb(0,0,255) 20deg, rgb(0,0,255) 30deg);" },
    { "background-image: radial-gradient(red, blue)",
      "background-image: radial-gradient(ellipse farthest-corner at 50% 50%, rgb(255,0,0), rgb(0,0,255));" },
    { "background-image: repeating-radial-gradient(circle closest-side at left 10px, red, blue 5px)",
      "background-image: repeating-radial-gradient(circle closest-side at 0% 10px, rgb(255,0,0), rgb(0,0,255) 5px);" },
    { "background-image: radial-gradient(20px at top, red, blue)",
      "background-image: radial-gradient(circle 20px at 50% 0%, rgb(255,0,0), rgb(0,0,255));" },
    { "background-image: radial-gradient(50% 20px, red, blue)",
      "background-image: radial-gradient(ellipse 50% 20px at 50% 50%, rgb(255,0,0), rgb(0,0,255));" },
    { "object-fit: scale-down; object-position: left top", "object-fit: scale-down; object-position: 0% 0%;" },
    { "object-position: 20% 100%", "object-position: 20% 100%;" },
    { "object-position: right 5px", "object-position: 100% 5px;" },
    { "object-position: top", "object-position: 50% 0%;" },
    { "object-position: bottom right", "object-position: 100% 100%;" },
    { "object-position: -3px", "object-position: -3px 50%;" },
    { "filter: grayscale() sepia(50%) hue-rotate(0.25turn) invert(2) opacity(0.3) brightness(150%) contrast(0) saturate(3)",
      "filter: grayscale(1) sepia(0.5) hue-rotate(90deg) invert(1) opacity(0.3) brightness(1.5) contrast(0) saturate(3);" },
    { "filter: hue-rotate()", "filter: hue-rotate(0deg);" },
    { "filter: blur(2.5px) blur() drop-shadow(red 1px -2px) drop-shadow(0 3px 4px rgba(0, 0, 0, 0.5))",
      "filter: blur(2.5px) blur(0) drop-shadow(1px -2px 0 rgb(255,0,0)) drop-shadow(0 3px 4px rgba(0,0,0,0.5));" },
    { "filter: drop-shadow(1px 1px)", "filter: drop-shadow(1px 1px 0 rgb(0,0,0));" },
    { "text-shadow: 1px 2px", "text-shadow: 1px 2px 0;" },
    { "text-shadow: red 0 -1px 3.5px, 2px 2px", "text-shadow: 0 -1px 3.5px rgb(255,0,0), 2px 2px 0;" },
    { "padding: 1px 2px 3px; padding-left: 0", "padding: 1px 2px 3px 0;" },
    { "padding-top: 5px", "padding: 5px 0 0;" },
    { "background-color: #3584e4; border-radius: 12px; opacity: 0.9; mix-blend-mode: screen",
      "background-color: rgb(53,132,228); border-radius: 12px; opacity: 0.9; mix-blend-mode: screen;" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = normalize (cases[i].css);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_errors (void)
{
  static const struct {
    const char *css;
    int code;
    const char *message;
  } cases[] = {
    { "boder: 1px", GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "1:1: unknown property “boder”" },
    { "opacity: 0.5; boder: 2px", GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "1:15: unknown property “boder”" },
    { "opacity: 1;\n  boder: 2px", GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "2:3: unknown property “boder”" },
    { "backdrop-filter: blur(-4px)", GSK_LAYER_ERROR_INVALID_VALUE, "1:23: a radius cannot be negative" },
    { "box-shadow: none; border-image: url(a.png)", GSK_LAYER_ERROR_UNSUPPORTED, "1:19: “border-image” is not supported yet" },
    { "border-radius: 2em", GSK_LAYER_ERROR_UNSUPPORTED,
      "1:17: the unit “em” is not supported (GSK takes px and %)" },
    { "border-radius: 4", GSK_LAYER_ERROR_SYNTAX, "1:17: a length needs a unit (px)" },
    { "border-radius: -4px", GSK_LAYER_ERROR_INVALID_VALUE, "1:16: a radius cannot be negative" },
    { "border-radius: 1px 2px 3px 4px 5px", GSK_LAYER_ERROR_SYNTAX, "1:32: at most 4 radii here" },
    { "border-radius: 1px /", GSK_LAYER_ERROR_SYNTAX, "1:21: expected a length or a percentage after “/”" },
    { "border-radius: 1px / 2px / 3px", GSK_LAYER_ERROR_SYNTAX, "1:26: unexpected “/”" },
    { "border-radius: wide", GSK_LAYER_ERROR_SYNTAX, "1:16: expected a length or a percentage" },
    { "border-top-left-radius: 1px 2px 3px", GSK_LAYER_ERROR_SYNTAX, "1:33: at most 2 radii here" },
    { "background-color: bleu", GSK_LAYER_ERROR_INVALID_VALUE, "1:19: invalid color “bleu”" },
    { "opacity: half", GSK_LAYER_ERROR_SYNTAX, "1:10: expected a number or a percentage" },
    { "opacity: 0.5px", GSK_LAYER_ERROR_SYNTAX, "1:13: expected a number or a percentage" },
    { "mix-blend-mode: blend", GSK_LAYER_ERROR_INVALID_VALUE, "1:17: unknown blend mode “blend”" },
    { "opacity 0.5", GSK_LAYER_ERROR_SYNTAX, "1:9: expected “:” after the property name" },
    { "opacity: ;", GSK_LAYER_ERROR_SYNTAX, "1:10: expected a value" },
    { ": 1px", GSK_LAYER_ERROR_SYNTAX, "1:1: expected a property name" },
    { "opacity: 1 !important", GSK_LAYER_ERROR_UNSUPPORTED, "1:12: “!important” is not supported" },
    { "opacity: 1; /* open", GSK_LAYER_ERROR_SYNTAX, "1:13: a comment is not closed" },
    { "opacity: 1; bo\xff", GSK_LAYER_ERROR_SYNTAX, "1:15: invalid UTF-8" },
    { "border: 1px groove red", GSK_LAYER_ERROR_UNSUPPORTED, "1:13: “groove” borders and outlines are not supported yet" },
    { "border-style: wavy", GSK_LAYER_ERROR_INVALID_VALUE, "1:15: unknown border style “wavy”" },
    { "border: 1px solid red blue", GSK_LAYER_ERROR_SYNTAX, "1:23: a border is a width, a style and a color" },
    { "border-width: 1px 2px 3px 4px 5px", GSK_LAYER_ERROR_SYNTAX, "1:31: too many values" },
    { "border-width: -1px", GSK_LAYER_ERROR_INVALID_VALUE, "1:15: a border width cannot be negative" },
    { "border-width: 10%", GSK_LAYER_ERROR_INVALID_VALUE, "1:15: a border width cannot be a percentage" },
    { "border-left-color: red blue", GSK_LAYER_ERROR_SYNTAX, "1:24: one value here" },
    { "border-color: reed", GSK_LAYER_ERROR_INVALID_VALUE, "1:15: invalid color “reed”" },
    { "padding: 10%", GSK_LAYER_ERROR_UNSUPPORTED,
      "1:10: percentages of padding are not supported (they are of a containing block)" },
    { "padding: -2px", GSK_LAYER_ERROR_INVALID_VALUE, "1:10: padding cannot be negative" },
    { "padding-left: 1px 2px", GSK_LAYER_ERROR_SYNTAX, "1:19: one value here" },
    { "box-shadow: 2px", GSK_LAYER_ERROR_SYNTAX, "1:13: a shadow needs an x and a y offset" },
    { "background-image: url(a.png)", GSK_LAYER_ERROR_UNSUPPORTED,
      "1:19: images in styles are not supported yet (use the layer's content)" },
    { "background-image: linear-gradient(red)", GSK_LAYER_ERROR_SYNTAX, "1:34: a gradient needs two color stops" },
    { "background-image: linear-gradient(to middle, red, blue)", GSK_LAYER_ERROR_SYNTAX,
      "1:38: expected a side (left, right, top, bottom)" },
    { "background-image: linear-gradient(red, , blue)", GSK_LAYER_ERROR_SYNTAX, "1:40: expected a color stop" },
    { "background-image: linear-gradient(red 1px 2px 3px, blue)", GSK_LAYER_ERROR_SYNTAX,
      "1:47: a color stop is a color and at most two positions" },
    { "background-image: sparkles(1)", GSK_LAYER_ERROR_INVALID_VALUE, "1:19: unknown image “sparkles()”" },
    { "outline: 1px ridge red", GSK_LAYER_ERROR_UNSUPPORTED, "1:14: “ridge” borders and outlines are not supported yet" },
    { "outline-offset: 10%", GSK_LAYER_ERROR_INVALID_VALUE, "1:17: an outline offset cannot be a percentage" },
    { "image-rendering: blurry", GSK_LAYER_ERROR_INVALID_VALUE,
      "1:18: expected auto, smooth, high-quality, pixelated or crisp-edges" },
    { "outline-width: 1px 2px", GSK_LAYER_ERROR_SYNTAX, "1:20: one value here" },
    { "outline: 1px solid red blue", GSK_LAYER_ERROR_SYNTAX, "1:24: an outline is a width, a style and a color" },
    { "outlines: 1px", GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "1:1: unknown property “outlines”" },
    { "box-shadow: 1px 2px -3px", GSK_LAYER_ERROR_INVALID_VALUE, "1:13: a blur radius cannot be negative" },
    { "box-shadow: 1px red 2px", GSK_LAYER_ERROR_SYNTAX, "1:21: the lengths of a shadow go together" },
    { "box-shadow: 1px 2px 3px 4px 5px", GSK_LAYER_ERROR_SYNTAX, "1:29: at most 4 lengths in a shadow" },
    { "box-shadow: 1px 2px, ", GSK_LAYER_ERROR_SYNTAX, "1:21: expected a shadow" },
    { "box-shadow: 1px 2px 10%", GSK_LAYER_ERROR_INVALID_VALUE, "1:21: a shadow length cannot be a percentage" },
    { "box-shadow: 1px 2px red blue", GSK_LAYER_ERROR_SYNTAX, "1:25: unexpected “blue” in a shadow" },
    { "text-shadow: inset 1px 2px", GSK_LAYER_ERROR_SYNTAX, "1:14: a text shadow cannot be inset" },
    { "background-image: radial-gradient(circle 10% , red, blue)", GSK_LAYER_ERROR_INVALID_VALUE,
      "1:42: a circle takes one radius, a length" },
    { "background-image: radial-gradient(ellipse 10px, red, blue)", GSK_LAYER_ERROR_INVALID_VALUE,
      "1:43: an ellipse takes two radii" },
    { "background-image: radial-gradient(circle closest-side 10px, red, blue)", GSK_LAYER_ERROR_SYNTAX,
      "1:55: unexpected “10px” in a radial gradient" },
    { "background-image: radial-gradient(at, red, blue)", GSK_LAYER_ERROR_SYNTAX, "1:37: expected a position" },
    { "background-image: conic-gradient(from red, blue)", GSK_LAYER_ERROR_SYNTAX, "1:39: expected an angle" },
    { "background-image: conic-gradient(red 10px, blue)", GSK_LAYER_ERROR_SYNTAX,
      "1:38: expected an angle or a percentage" },
    { "background-image: conic-gradient(at left top foo, red, blue)", GSK_LAYER_ERROR_UNSUPPORTED,
      "1:46: positions of three or four values are not supported yet" },
    { "background-image: cone-gradient(red, blue)", GSK_LAYER_ERROR_INVALID_VALUE,
      "1:19: unknown image “cone-gradient()”" },
    { "background-clip: text", GSK_LAYER_ERROR_UNSUPPORTED, "1:18: background-clip: text is not supported yet" },
    { "background-clip: margin-box", GSK_LAYER_ERROR_INVALID_VALUE,
      "1:18: expected border-box, padding-box or content-box" },
    { "object-fit: stretch", GSK_LAYER_ERROR_INVALID_VALUE, "1:13: expected fill, contain, cover, none or scale-down" },
    { "object-position: left 10px top 5px", GSK_LAYER_ERROR_UNSUPPORTED,
      "1:28: positions of three or four values are not supported yet" },
    { "object-position: bottom 10px", GSK_LAYER_ERROR_INVALID_VALUE, "1:18: expected an x and a y position" },
    { "object-position: left right", GSK_LAYER_ERROR_INVALID_VALUE, "1:18: expected an x and a y position" },
    { "filter: url(#f)", GSK_LAYER_ERROR_UNSUPPORTED, "1:9: “url()” in filter is not supported yet" },
    { "filter: blur(-2px)", GSK_LAYER_ERROR_INVALID_VALUE, "1:14: a radius cannot be negative" },
    { "filter: blur(10%)", GSK_LAYER_ERROR_INVALID_VALUE, "1:14: a blur cannot be a percentage" },
    { "filter: blur(2px 3px)", GSK_LAYER_ERROR_SYNTAX, "1:17: expected a length" },
    { "filter: drop-shadow(1px)", GSK_LAYER_ERROR_SYNTAX, "1:21: a shadow needs an x and a y offset" },
    { "filter: drop-shadow(inset 1px 1px)", GSK_LAYER_ERROR_SYNTAX, "1:21: a text shadow cannot be inset" },
    { "filter: drop-shadow(1px 1px, 2px 2px)", GSK_LAYER_ERROR_SYNTAX, "1:28: drop-shadow() takes one shadow" },
    { "filter: greyscale(1)", GSK_LAYER_ERROR_INVALID_VALUE, "1:9: unknown filter function “greyscale()”" },
    { "filter: sepia(-1)", GSK_LAYER_ERROR_INVALID_VALUE, "1:15: a filter amount cannot be negative" },
    { "filter: sepia(1px)", GSK_LAYER_ERROR_SYNTAX, "1:16: expected a number or a percentage" },
    { "filter: hue-rotate(3)", GSK_LAYER_ERROR_SYNTAX, "1:20: expected an angle" },
    { "filter: sepia", GSK_LAYER_ERROR_SYNTAX, "1:9: expected a filter function" },
    { "backdrop-filter: blur(-4px)", GSK_LAYER_ERROR_INVALID_VALUE, "1:23: a radius cannot be negative" },
    { "text-shadow: 1px 2px 3px 4px", GSK_LAYER_ERROR_SYNTAX, "1:26: at most 3 lengths in a shadow" },
    { "text-shadow: 1px", GSK_LAYER_ERROR_SYNTAX, "1:14: a shadow needs an x and a y offset" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      GskLayerStyle *style = gsk_layer_style_new_from_string (cases[i].css, &error);

      g_assert_null (style);
      g_assert_error (error, GSK_LAYER_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *n)
{
  (*n)++;
}

static void
test_layer (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  guint n_style = 0, n_radius = 0;
  GdkRGBA color;
  float radii[8];
  int i;

  g_signal_connect (layer, "notify::style", G_CALLBACK (count_notify), &n_style);
  g_signal_connect (layer, "notify::corner-radius", G_CALLBACK (count_notify), &n_radius);

  g_assert_null (gsk_layer_get_style (layer));
  text = gsk_layer_get_style_string (layer);
  g_assert_cmpstr (text, ==, "");
  g_clear_pointer (&text, g_free);

  g_assert_true (gsk_layer_set_style_from_string (layer,
                                                  "background-color: #ff0000; opacity: 0.5; "
                                                  "mix-blend-mode: multiply; border-radius: 12px",
                                                  &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_style, ==, 1);
  gsk_layer_get_background_color (layer, &color);
  g_assert_cmpfloat (color.red, ==, 1);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.5f);
  g_assert_cmpint (gsk_layer_get_blend_mode (layer), ==, GSK_LAYER_BLEND_MULTIPLY);
  /* The uniform case is the corner-radius property */
  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 12);
  g_assert_cmpuint (n_radius, ==, 1);
  text = gsk_layer_get_style_string (layer);
  g_assert_cmpstr (text, ==, "background-color: rgb(255,0,0); border-radius: 12px; opacity: 0.5; "
                             "mix-blend-mode: multiply;");
  g_clear_pointer (&text, g_free);

  /* The same declarations again: nothing changes, nothing notifies */
  g_assert_true (gsk_layer_set_style_from_string (layer,
                                                  "background-color: red; opacity: 50%; "
                                                  "mix-blend-mode: multiply; border-radius: 12px",
                                                  &error));
  g_assert_cmpuint (n_style, ==, 1);

  /* Bad declarations change nothing */
  g_assert_false (gsk_layer_set_style_from_string (layer, "opacity: 1; border-radius: 3em", &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_UNSUPPORTED);
  g_clear_error (&error);
  g_assert_cmpuint (n_style, ==, 1);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.5f);
  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 12);

  /* Corners of their own; corner-radius is the top-left's horizontal */
  g_assert_true (gsk_layer_set_style_from_string (layer, "border-radius: 20px 4px / 10px", &error));
  g_assert_cmpuint (n_style, ==, 2);
  g_assert_cmpuint (n_radius, ==, 2);
  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 20);
  memcpy (radii, gsk_layer_get_private (layer)->corner_radii, sizeof radii);
  g_assert_cmpfloat (radii[0], ==, 20);
  g_assert_cmpfloat (radii[1], ==, 10);
  g_assert_cmpfloat (radii[2], ==, 4);
  g_assert_cmpfloat (radii[3], ==, 10);
  /* What the last style declared and this one does not goes back to
   * its initial value, as a CSS rule is all its declarations */
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 1.f);

  /* corner-radius sets all eight */
  gsk_layer_set_corner_radius (layer, 5);
  for (i = 0; i < 8; i++)
    g_assert_cmpfloat (gsk_layer_get_private (layer)->corner_radii[i], ==, 5);
  g_assert_cmpuint (gsk_layer_get_private (layer)->corner_percent, ==, 0);

  gsk_layer_set_style (layer, NULL);
  g_assert_null (gsk_layer_get_style (layer));
  g_assert_cmpuint (n_style, ==, 3);

  g_object_unref (layer);
}

static void
assert_radius (const graphene_size_t *r,
               float                  w,
               float                  h)
{
  g_assert_cmpfloat_with_epsilon (r->width, w, 1e-4);
  g_assert_cmpfloat_with_epsilon (r->height, h, 1e-4);
}

/* CSS Backgrounds 3 §5.5: radii that overlap shrink by one factor */
static void
test_resolve (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  g_autoptr (GError) error = NULL;
  graphene_size_t r[4];

  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (120, 80));

  g_assert_false (gsk_layer_resolve_corner_radii (p, r));

  /* Top-left and bottom-right 100, the others 20: 100 + 20 = 120 fits
   * the width, not the height of 80: f = 80 / 120 */
  g_assert_true (gsk_layer_set_style_from_string (layer, "border-radius: 100px 20px", &error));
  g_assert_true (gsk_layer_resolve_corner_radii (p, r));
  assert_radius (&r[0], 200 / 3.f, 200 / 3.f);
  assert_radius (&r[1], 40 / 3.f, 40 / 3.f);
  assert_radius (&r[2], 200 / 3.f, 200 / 3.f);
  assert_radius (&r[3], 40 / 3.f, 40 / 3.f);

  /* Percentages of the width and the height */
  g_assert_true (gsk_layer_set_style_from_string (layer, "border-radius: 50%", &error));
  g_assert_true (gsk_layer_resolve_corner_radii (p, r));
  assert_radius (&r[0], 60, 40);
  assert_radius (&r[2], 60, 40);

  /* A corner with a zero radius is square: here all four */
  g_assert_true (gsk_layer_set_style_from_string (layer, "border-radius: 10px 0 / 0 10px", &error));
  g_assert_false (gsk_layer_resolve_corner_radii (p, r));
  g_assert_true (gsk_layer_set_style_from_string (layer, "border-radius: 10px 0 / 10px 10px", &error));
  g_assert_true (gsk_layer_resolve_corner_radii (p, r));
  assert_radius (&r[0], 10, 10);
  assert_radius (&r[1], 0, 0);
  assert_radius (&r[2], 10, 10);
  assert_radius (&r[3], 0, 0);

  /* The uniform case is as corner-radius always drew it: at most half
   * the smaller side */
  gsk_layer_set_corner_radius (layer, 1000);
  g_assert_true (gsk_layer_resolve_corner_radii (p, r));
  assert_radius (&r[0], 40, 40);
  assert_radius (&r[3], 40, 40);

  g_object_unref (layer);
}

/* A point outside an elliptical corner is not the layer's, as in CSS */
static void
test_pick (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *image;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 200));
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (20, 20));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (100, 60));
  g_assert_true (gsk_layer_set_style_from_string (card, "border-radius: 60px 0 0 0 / 30px 0 0 0", &error));
  gsk_layer_add_child (root, card);
  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  cairo_surface_destroy (image);

  /* The top-left corner's ellipse has its centre at (80, 50) */
  g_assert_true (gsk_layer_pick (root, 25, 25) == root);
  g_assert_true (gsk_layer_pick (root, 60, 30) == card);
  g_assert_true (gsk_layer_pick (root, 35, 30) == root);
  /* The other corners are square */
  g_assert_true (gsk_layer_pick (root, 119, 21) == card);
  g_assert_true (gsk_layer_pick (root, 21, 79) == card);

  g_object_unref (renderer);
  g_object_unref (root);
}

/* New corners redraw what they change; the damage check compares */
static void
test_damage (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 160, 120);
  static const char *styles[] = {
    "border-radius: 40px 0", "border-radius: 0 40px / 10px", "border-radius: 50%", "border-radius: 0",
  };
  g_autoptr (GError) error = NULL;
  cairo_region_t *damage;
  guint i;

  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (160, 120));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (30, 20));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (100, 80));
  gsk_layer_set_background_color (card, &(GdkRGBA) { 0.2f, 0.4f, 0.9f, 1 });
  gsk_layer_add_child (root, card);
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);

  for (i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      g_assert_true (gsk_layer_set_style_from_string (card, styles[i], &error));
      damage = gsk_layer_renderer_render (renderer, root, target);
      g_assert_false (cairo_region_is_empty (damage));
      g_assert_null (gsk_layer_renderer_get_damage_error (renderer));
      cairo_region_destroy (damage);
    }

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
}

/* A filter set, changed or removed redraws the layer's subtree (the
 * damage check compares each frame with a full redraw), and draws it
 * through the filter: grayscale(1) of pure red is CSS's luminance of red */
static void
test_filter_damage (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  GskLayer *child = gsk_layer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 80);
  const char *filters[] = { "filter: grayscale(1)", "filter: grayscale(1) invert(1)", "filter: none", "" };
  g_autoptr (GError) error = NULL;
  cairo_region_t *damage;
  guint32 pixel;
  guint i;

  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (100, 80));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (60, 40));
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (10, 10));
  gsk_layer_set_background_color (card, &(GdkRGBA) { 0, 0, 1, 1 });
  gsk_layer_set_size (child, &GRAPHENE_SIZE_INIT (20, 20));
  gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (5, 5));
  gsk_layer_set_background_color (child, &(GdkRGBA) { 1, 0, 0, 1 });
  gsk_layer_add_child (card, child);
  gsk_layer_add_child (root, card);
  /* A filtered layer that draws nothing: its group is dropped, with the
   * filters it holds (the ASan suite finds them leaked otherwise; the
   * fuzzer did) */
  {
    GskLayer *empty = gsk_layer_new ();

    gsk_layer_set_size (empty, &GRAPHENE_SIZE_INIT (10, 10));
    g_assert_true (gsk_layer_set_style_from_string (empty, "filter: blur(2px) grayscale(1)", &error));
    gsk_layer_add_child (root, empty);
  }
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);

  for (i = 0; i < G_N_ELEMENTS (filters); i++)
    {
      g_assert_true (gsk_layer_set_style_from_string (card, filters[i], &error));
      damage = gsk_layer_renderer_render (renderer, root, target);
      g_assert_false (cairo_region_is_empty (damage));
      g_assert_null (gsk_layer_renderer_get_damage_error (renderer));
      cairo_region_destroy (damage);

      if (i == 0)
        {
          /* The child, at (20, 20): 0.2126 of red */
          cairo_surface_flush (target);
          pixel = *(guint32 *) (cairo_image_surface_get_data (target) + 20 * cairo_image_surface_get_stride (target) + 20 * 4);
          g_assert_cmpuint ((pixel >> 16) & 0xff, ==, 54);
          g_assert_cmpuint ((pixel >> 8) & 0xff, ==, 54);
          g_assert_cmpuint (pixel & 0xff, ==, 54);
        }
    }

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
}

/* A backdrop filter reads what is below it as this frame draws it: a
 * layer moving under the pane, or over it, or partly out of it, redraws
 * the whole pane (the damage check compares each frame with a full
 * redraw), on both backends */
static void
test_backdrop_damage (void)
{
  const char *backends[] = { "software", "gl" };
  guint b;

  for (b = 0; b < G_N_ELEMENTS (backends); b++)
    {
      g_autoptr (GError) error = NULL;
      GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend (backends[b], &error);
      GskLayer *root, *under, *pane, *over;
      cairo_surface_t *target;
      cairo_region_t *damage;
      cairo_rectangle_int_t extents;
      int i;

      if (renderer == NULL)
        {
          g_test_message ("no %s renderer: %s", backends[b], error->message);
          continue;
        }

      root = g_object_ref_sink (gsk_layer_new ());
      under = gsk_layer_new ();
      pane = gsk_layer_new ();
      over = gsk_layer_new ();
      target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 120);
      gsk_layer_renderer_set_check_damage (renderer, TRUE);
      gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 120));
      gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
      gsk_layer_set_size (under, &GRAPHENE_SIZE_INIT (20, 20));
      gsk_layer_set_background_color (under, &(GdkRGBA) { 0.9f, 0.1f, 0.1f, 1 });
      gsk_layer_set_size (pane, &GRAPHENE_SIZE_INIT (100, 60));
      gsk_layer_set_position (pane, &GRAPHENE_POINT_INIT (50, 30));
      g_assert_true (gsk_layer_set_style_from_string (pane, "backdrop-filter: blur(5px) saturate(2); "
                                                            "border-radius: 12px", &error));
      gsk_layer_set_size (over, &GRAPHENE_SIZE_INIT (10, 10));
      gsk_layer_set_background_color (over, &(GdkRGBA) { 0.1f, 0.2f, 0.8f, 1 });
      gsk_layer_add_child (root, under);
      gsk_layer_add_child (root, pane);
      gsk_layer_add_child (root, over);

      cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
      for (i = 0; i < 12; i++)
        {
          gsk_layer_set_position (under, &GRAPHENE_POINT_INIT (20 + 13 * i, 40 + (i % 3) * 7));
          gsk_layer_set_position (over, &GRAPHENE_POINT_INIT (180 - 12 * i, 35 + (i % 4) * 9));
          damage = gsk_layer_renderer_render (renderer, root, target);
          g_assert_null (gsk_layer_renderer_get_damage_error (renderer));
          cairo_region_get_extents (damage, &extents);
          /* Where the red square is under the pane, the pane is redrawn */
          if (i >= 3 && i <= 8)
            g_assert_true (cairo_region_contains_rectangle (damage, &(cairo_rectangle_int_t) { 50, 30, 100, 60 }) ==
                           CAIRO_REGION_OVERLAP_IN);
          cairo_region_destroy (damage);
        }

      cairo_surface_destroy (target);
      g_object_unref (root);
      g_object_unref (renderer);
    }
}

/* A border is drawn once for its size and scale: moving the layer reuses
 * it; a new border, size or background draws it again */
static void
test_border_raster (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 160, 120);
  g_autoptr (GError) error = NULL;
  cairo_region_t *damage;
  guint before;
  int i;

  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (160, 120));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (60, 40));
  gsk_layer_add_child (root, card);
  g_assert_true (gsk_layer_set_style_from_string (card, "border: 4px solid #1c71d8; border-radius: 10px; "
                                                        "background-color: #deddda", &error));

  before = gsk_layer_compile_get_n_rasterized ();
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);
  g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - before, ==, 1);

  before = gsk_layer_compile_get_n_rasterized ();
  for (i = 1; i <= 5; i++)
    {
      gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (7 * i, 5 * i));
      damage = gsk_layer_renderer_render (renderer, root, target);
      g_assert_null (gsk_layer_renderer_get_damage_error (renderer));
      cairo_region_destroy (damage);
    }
  g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - before, ==, 0);

  before = gsk_layer_compile_get_n_rasterized ();
  g_assert_true (gsk_layer_set_style_from_string (card, "border: 8px double #c01c28", &error));
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (70, 50));
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);
  gsk_layer_set_background_color (card, &(GdkRGBA) { 0, 1, 0, 1 });
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);
  g_assert_null (gsk_layer_renderer_get_damage_error (renderer));
  g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - before, ==, 3);

  /* The border is drawn: its left side's outer third is red, and the
   * background shows inside */
  {
    guint32 *px;

    cairo_surface_flush (target);
    px = (guint32 *) (cairo_image_surface_get_data (target) +
                      (25 + 25) * cairo_image_surface_get_stride (target));
    g_assert_cmphex (px[35 + 1], ==, 0xffc01c28);
    g_assert_cmphex (px[35 + 35], ==, 0xff00ff00);
  }

  /* Without a border, the background is a plain op again */
  g_assert_true (gsk_layer_set_style_from_string (card, "border: none", &error));
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);
  g_assert_null (gsk_layer_renderer_get_damage_error (renderer));

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
}

/* With a backend that draws them (GL), solid borders, radii and
 * gradients are BORDER and GRADIENT ops, drawn in shaders: nothing is
 * rasterized, not when the layer moves, not when its border or
 * gradient changes every frame. What GL draws from them is what the
 * software backend draws from the style's cairo raster, an independent
 * drawing of the same declarations. Shadows, outlines and broken
 * borders keep the raster. */
static void
test_vector_box (void)
{
  static const char *styles[] = {
    "border: 4px solid #1c71d8; border-left: 9px solid #e01b24; border-radius: 14px 4px; background-color: #deddda",
    "border: 3px solid rgba(0, 0, 0, 0.5); border-radius: 50%; "
      "background-image: linear-gradient(35deg, #3584e4, rgba(255, 255, 255, 0) 70%), radial-gradient(circle at 30% 40%, #f6d32d, #33d17a)",
    "border-top: 6px solid #613583; border-bottom: 2px solid #c01c28; border-radius: 20px / 10px; background-clip: padding-box; "
      "background-color: #ffbe6f; background-image: repeating-conic-gradient(from 20deg, #ffffff, #241f31 30deg, #ffffff 60deg)",
    "border: 5px solid #2ec27e; background-image: repeating-linear-gradient(90deg, #e66100 0 6px, #99c1f1 6px 12px)",
  };
  GskLayerRenderer *gl = gsk_layer_renderer_new_for_backend ("gl", NULL);
  GskLayerRenderer *software = gsk_layer_software_renderer_new ();
  GskLayerTransform *transform = NULL;
  GskLayer *root, *cards[G_N_ELEMENTS (styles)];
  g_autoptr (GskLayerRenderList) list = gsk_layer_render_list_new (240, 200);
  g_autoptr (GError) error = NULL;
  cairo_surface_t *target, *expected;
  cairo_region_t *damage;
  guint before, i, n_border = 0, n_gradient = 0, n_texture = 0, largest, differ;

  if (gl == NULL)
    {
      g_test_skip ("no GL renderer here");
      g_object_unref (software);
      return;
    }

  /* Off by default (see gsk_layer_gl_renderer_init()) */
  gsk_layer_renderer_set_vector_style (gl, TRUE);
  root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (240, 200));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  for (i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      cards[i] = gsk_layer_new ();
      gsk_layer_set_position (cards[i], &GRAPHENE_POINT_INIT (10 + 115 * (i % 2), 10 + 95 * (i / 2)));
      gsk_layer_set_size (cards[i], &GRAPHENE_SIZE_INIT (100, 80));
      g_assert_true (gsk_layer_set_style_from_string (cards[i], styles[i], &error));
      gsk_layer_add_child (root, cards[i]);
    }
  /* Under a rotation, a perspective and group opacity too */
  g_assert_true (gsk_layer_transform_parse ("perspective(300px) rotateY(25deg)", &transform, &error));
  gsk_layer_set_transform (cards[1], transform);
  gsk_layer_transform_unref (transform);
  gsk_layer_set_rotate (cards[2], -9);
  gsk_layer_set_opacity (cards[3], 0.7f);

  /* The ops, from the compile alone */
  list->vector_style = TRUE;
  before = gsk_layer_compile_get_n_rasterized ();
  damage = gsk_layer_compile (root, list, TRUE);
  g_clear_pointer (&damage, cairo_region_destroy);
  g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - before, ==, 0);
  for (i = 0; i < list->n_ops; i++)
    {
      n_border += list->ops[i].kind == GSK_LAYER_RENDER_OP_BORDER;
      n_gradient += list->ops[i].kind == GSK_LAYER_RENDER_OP_GRADIENT;
      n_texture += list->ops[i].kind == GSK_LAYER_RENDER_OP_TEXTURE;
    }
  g_assert_cmpuint (n_border, ==, 4);
  g_assert_cmpuint (n_gradient, ==, 4);
  g_assert_cmpuint (n_texture, ==, 0);

  /* GL against software */
  target = gsk_layer_renderer_render_to_surface (gl, root, 240, 200);
  expected = gsk_layer_renderer_render_to_surface (software, root, 240, 200);
  differ = count_pixels_over (target, expected, 6, &largest);
  g_test_message ("GL and software: %u pixels differ by more than 6, the largest by %u", differ, largest);
  /* Antialiased edges (GL's ramp against cairo's raster, resampled
   * under the transforms), gradients in 8-bit steps, and the conic
   * gradient's centre, where every colour meets: 2.7% of the pixels,
   * the largest difference 122, when this was written */
  g_assert_cmpuint (differ, <, 240 * 200 * 3 / 100);
  g_assert_cmpuint (largest, <=, 128);
  cairo_surface_destroy (target);
  cairo_surface_destroy (expected);

  /* The same ops drawn by the software backend, as GL hands them over
   * when it cannot draw a frame: each paint rasterized where it is
   * drawn, against the cairo rasters of the styles */
  {
    GskLayerRenderer *fallback = gsk_layer_software_renderer_new ();

    gsk_layer_renderer_set_vector_style (fallback, TRUE);
    before = gsk_layer_compile_get_n_rasterized ();
    target = gsk_layer_renderer_render_to_surface (fallback, root, 240, 200);
    g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - before, ==, 0);
    expected = gsk_layer_renderer_render_to_surface (software, root, 240, 200);
    differ = count_pixels_over (target, expected, 6, &largest);
    g_test_message ("software from the ops and from the rasters: %u pixels differ by more than 6, the largest by %u",
                    differ, largest);
    g_assert_cmpuint (differ, <, 240 * 200 * 3 / 100);
    g_assert_cmpuint (largest, <=, 128);
    cairo_surface_destroy (target);
    cairo_surface_destroy (expected);
    g_object_unref (fallback);
  }

  /* A border that changes colour and a moving card: no raster, and
   * every damaged frame equals a full one */
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 240, 200);
  gsk_layer_renderer_set_check_damage (gl, TRUE);
  damage = gsk_layer_renderer_render (gl, root, target);
  cairo_region_destroy (damage);
  before = gsk_layer_compile_get_n_rasterized ();
  for (i = 1; i <= 6; i++)
    {
      g_autofree char *style = g_strdup_printf ("border: 4px solid rgb(%u, 80, 200); border-radius: 14px; "
                                                "background-image: linear-gradient(%udeg, red, blue)",
                                                40 * i, 30 * i);

      g_assert_true (gsk_layer_set_style_from_string (cards[0], style, &error));
      gsk_layer_set_position (cards[3], &GRAPHENE_POINT_INIT (125 + 3 * i, 105 + 2 * i));
      damage = gsk_layer_renderer_render (gl, root, target);
      g_assert_null (gsk_layer_renderer_get_damage_error (gl));
      g_assert_false (cairo_region_is_empty (damage));
      cairo_region_destroy (damage);
    }
  g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - before, ==, 0);
  gsk_layer_renderer_set_check_damage (gl, FALSE);

  /* A shadow takes the raster back */
  g_assert_true (gsk_layer_set_style_from_string (cards[0], "border: 4px solid red; box-shadow: 0 2px 6px black", &error));
  before = gsk_layer_compile_get_n_rasterized ();
  damage = gsk_layer_renderer_render (gl, root, target);
  cairo_region_destroy (damage);
  g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - before, ==, 1);

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (software);
  g_object_unref (gl);
}

/* A layer that records where draw() is */
#define TEST_TYPE_PROBE (test_probe_get_type ())
G_DECLARE_FINAL_TYPE (TestProbe, test_probe, TEST, PROBE, GskLayer)

struct _TestProbe
{
  GskLayer parent_instance;
  double x0, y0, x1, y1;
};

G_DEFINE_FINAL_TYPE (TestProbe, test_probe, GSK_TYPE_LAYER)

static void
test_probe_draw (GskLayer *layer,
                 cairo_t  *cr)
{
  TestProbe *self = TEST_PROBE (layer);

  cairo_clip_extents (cr, &self->x0, &self->y0, &self->x1, &self->y1);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_paint (cr);
}

static void
test_probe_class_init (TestProbeClass *klass)
{
  GSK_LAYER_CLASS (klass)->draw = test_probe_draw;
}

static void
test_probe_init (TestProbe *self)
{
}

/* Border and padding make the content box: draw() draws in it, from its
 * corner; text is laid out in its width and sized with the edges */
static void
test_content_box (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  TestProbe *probe = g_object_new (TEST_TYPE_PROBE, NULL);
  GskLayer *text = gsk_layer_text_new ("Padded");
  g_autoptr (GError) error = NULL;
  graphene_rect_t box;
  graphene_size_t plain, padded;
  cairo_surface_t *image;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 200));
  gsk_layer_set_size (GSK_LAYER (probe), &GRAPHENE_SIZE_INIT (100, 80));
  gsk_layer_add_child (root, GSK_LAYER (probe));

  gsk_layer_get_content_box (GSK_LAYER (probe), &box);
  g_assert_true (graphene_rect_equal (&box, &GRAPHENE_RECT_INIT (0, 0, 100, 80)));

  g_assert_true (gsk_layer_set_style_from_string (GSK_LAYER (probe),
                                                  "border: 3px solid red; padding: 5px 7px 9px 11px", &error));
  gsk_layer_get_content_box (GSK_LAYER (probe), &box);
  g_assert_true (graphene_rect_equal (&box, &GRAPHENE_RECT_INIT (14, 8, 100 - 14 - 10, 80 - 8 - 12)));

  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  cairo_surface_destroy (image);
  g_assert_cmpfloat (probe->x0, ==, 0);
  g_assert_cmpfloat (probe->y0, ==, 0);
  g_assert_cmpfloat (probe->x1, ==, 76);
  g_assert_cmpfloat (probe->y1, ==, 60);

  /* More padding than room: an empty box */
  g_assert_true (gsk_layer_set_style_from_string (GSK_LAYER (probe), "padding: 60px", &error));
  gsk_layer_get_content_box (GSK_LAYER (probe), &box);
  g_assert_cmpfloat (box.size.width, ==, 0);
  g_assert_cmpfloat (box.size.height, ==, 0);
  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  cairo_surface_destroy (image);

  /* Text sized to itself grows by the edges */
  gsk_layer_add_child (root, text);
  gsk_layer_get_size (text, &plain);
  g_assert_true (gsk_layer_set_style_from_string (text, "padding: 4px 6px; border: 1px solid blue", &error));
  gsk_layer_get_size (text, &padded);
  g_assert_cmpfloat_with_epsilon (padded.width, plain.width + 14, 1e-3);
  g_assert_cmpfloat_with_epsilon (padded.height, plain.height + 10, 1e-3);

  g_object_unref (root);
  g_object_unref (renderer);
}

/* A shadow is blurred once: moving the layer moves the raster, and the
 * damage covers the shadow (the damage check compares every frame) */
static void
test_shadow (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 240, 200);
  g_autoptr (GError) error = NULL;
  cairo_region_t *damage;
  cairo_rectangle_int_t extents;
  guint before;
  int i;

  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (240, 200));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (60, 50));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (80, 60));
  gsk_layer_add_child (root, card);
  g_assert_true (gsk_layer_set_style_from_string (card, "background-color: white; border-radius: 8px; "
                                                        "box-shadow: 0 10px 40px rgba(0, 0, 0, 0.6)", &error));
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);

  /* The shadow reaches 60 units (1.5 × 40) past the card, 10 lower */
  before = gsk_layer_compile_get_n_rasterized ();
  for (i = 1; i <= 4; i++)
    {
      gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (60 + 3 * i, 50));
      damage = gsk_layer_renderer_render (renderer, root, target);
      g_assert_null (gsk_layer_renderer_get_damage_error (renderer));
      cairo_region_get_extents (damage, &extents);
      g_assert_cmpint (extents.y + extents.height, >=, MIN (200, 50 + 60 + 10 + 60));
      cairo_region_destroy (damage);
    }
  g_assert_cmpuint (gsk_layer_compile_get_n_rasterized () - before, ==, 0);

  /* Below the card the shadow darkens the white; far away it does not */
  {
    guint32 *row;

    cairo_surface_flush (target);
    row = (guint32 *) (cairo_image_surface_get_data (target) + 125 * cairo_image_surface_get_stride (target));
    g_assert_cmpuint (row[112] & 0xff, <, 0xf0);
    g_assert_cmphex (row[2], ==, 0xffffffff);
  }

  /* The layer's own box is what picking sees, not its shadow */
  g_assert_true (gsk_layer_pick (root, 100, 116) == root);
  g_assert_true (gsk_layer_pick (root, 100, 100) == card);

  /* An outline reaches past the bounds too: moving it damages it all */
  g_assert_true (gsk_layer_set_style_from_string (card, "outline: 6px solid #c01c28; outline-offset: 10px",
                                                  &error));
  for (i = 0; i < 3; i++)
    {
      gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (70 - 9 * i, 60 + 5 * i));
      damage = gsk_layer_renderer_render (renderer, root, target);
      g_assert_null (gsk_layer_renderer_get_damage_error (renderer));
      cairo_region_destroy (damage);
    }
  {
    guint32 *row;

    /* The card at (52, 70): its outline's left ring is 16 to 10 left */
    cairo_surface_flush (target);
    row = (guint32 *) (cairo_image_surface_get_data (target) + 100 * cairo_image_surface_get_stride (target));
    g_assert_cmphex (row[52 - 13], ==, 0xffc01c28);
    g_assert_cmphex (row[52 - 5], ==, 0xffffffff);
  }

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
}

static void
test_scene (void)
{
  const char *json =
    "{ \"size\": [100, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [100, 100], \"children\": [\n"
    "  { \"type\": \"GskLayer\", \"id\": \"card\", \"size\": [60, 40],\n"
    "    \"style\": \"border-radius: 10px 20% / 5px; background-color: teal\" } ] } }";
  const char *bad =
    "{ \"size\": [100, 100], \"root\": { \"type\": \"GskLayer\",\n"
    "    \"style\": \"opacity: 1; boder: 1px\" } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "style.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autoptr (GskLayerScene) broken = NULL;
  g_autofree char *data = NULL, *text = NULL;
  GskLayer *card;
  GdkRGBA color;

  g_assert_no_error (error);
  card = gsk_layer_scene_get_layer_by_id (scene, "card");
  text = gsk_layer_get_style_string (card);
  g_assert_cmpstr (text, ==, "background-color: rgb(0,128,128); border-radius: 10px 20% / 5px;");
  gsk_layer_get_background_color (card, &color);
  g_assert_cmpfloat_with_epsilon (color.green, 128 / 255.f, 1e-4);

  data = gsk_layer_scene_to_data (scene, NULL);
  g_test_message ("%s", data);
  again = gsk_layer_scene_new_from_data (data, -1, "saved.json", &error);
  g_assert_no_error (error);
  g_assert_true (gsk_layer_style_equal (gsk_layer_get_style (card),
                                        gsk_layer_get_style (gsk_layer_scene_get_layer_by_id (again, "card"))));

  /* A bad declaration is an error at its place in the file */
  broken = gsk_layer_scene_new_from_data (bad, -1, "bad.json", &error);
  g_assert_null (broken);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_UNKNOWN_PROPERTY);
  g_test_message ("%s", error->message);
  g_assert_cmpstr (error->message, ==, "bad.json:2:27: invalid “style”: unknown property “boder”");
}

/* image-rendering: pixelated samples the nearest pixel; high-quality
 * draws a strongly minified image from a smaller copy (GL: mipmaps),
 * where bilinear sampling alone aliases. Stripes a pixel wide, drawn at
 * about a ninth of their size, average to mid grey. */
static void
test_image_rendering (void)
{
  const char *backends[] = { "software", "gl" };
  const int size = 256;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  guint32 *pixels = g_new (guint32, size * size);
  guint b;
  int i;

  for (i = 0; i < size * size; i++)
    pixels[i] = (i % size) % 2 ? 0xffffffff : 0xff000000;
  bytes = g_bytes_new_take (pixels, size * size * 4);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, size * 4);

  for (b = 0; b < G_N_ELEMENTS (backends); b++)
    {
      static const char * const styles[] = { "image-rendering: auto", "image-rendering: high-quality",
                                              "image-rendering: pixelated" };
      g_autoptr (GError) error = NULL;
      GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend (backends[b], &error);
      int worst[G_N_ELEMENTS (styles)];
      guint s;

      if (renderer == NULL)
        {
          g_test_message ("no %s renderer: %s", backends[b], error->message);
          continue;
        }
      gsk_layer_renderer_set_check_damage (renderer, TRUE);

      for (s = 0; s < G_N_ELEMENTS (styles); s++)
        {
          GskLayer *root = g_object_ref_sink (gsk_layer_new ());
          GskLayer *image = gsk_layer_new ();
          GskLayerContent *content = gsk_layer_image_content_new_for_texture (texture);
          g_autoptr (GskLayerTransform) scale = gsk_layer_transform_scale (NULL, 0.11f, 0.11f);
          cairo_surface_t *target;
          guint32 *row;
          int x, y;

          gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (64, 64));
          gsk_layer_set_size (image, &GRAPHENE_SIZE_INIT (size, size));
          gsk_layer_set_pivot_point (image, &GRAPHENE_POINT3D_INIT (0, 0, 0));
          gsk_layer_set_transform (image, scale);
          gsk_layer_set_content (image, content);
          g_object_unref (content);
          g_assert_true (gsk_layer_set_style_from_string (image, styles[s], &error));
          gsk_layer_add_child (root, image);
          target = gsk_layer_renderer_render_to_surface (renderer, root, 64, 64);

          /* How far from mid grey the worst pixel inside the 28×28 image is */
          worst[s] = 0;
          cairo_surface_flush (target);
          for (y = 2; y < 26; y++)
            {
              row = (guint32 *) (cairo_image_surface_get_data (target) + y * cairo_image_surface_get_stride (target));
              for (x = 2; x < 26; x++)
                worst[s] = MAX (worst[s], abs ((int) ((row[x] >> 8) & 0xff) - 128));
            }
          g_test_message ("%s, %s: worst pixel %d from mid grey", backends[b], styles[s], worst[s]);
          cairo_surface_destroy (target);
          g_object_unref (root);
        }

      /* Bilinear alone skips stripes; the mipmap averages them */
      g_assert_cmpint (worst[0], >, 60);
      g_assert_cmpint (worst[1], <=, 8);
      /* The nearest pixel: black or white */
      g_assert_cmpint (worst[2], >=, 127);
      g_object_unref (renderer);
    }
}

/* A conic gradient fills its whole box on a raster of any scale (it
 * once covered only the part a 1× raster would have) */
static void
test_conic_scale (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  g_autoptr (GError) error = NULL;
  cairo_surface_t *target;
  guint32 *row;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (40, 40));
  g_assert_true (gsk_layer_set_style_from_string (root, "background-image: conic-gradient(red, red)", &error));
  gsk_layer_renderer_set_scale (renderer, 2);
  target = gsk_layer_renderer_render_to_surface (renderer, root, 80, 80);
  cairo_surface_flush (target);
  /* Red in all four corners' pixels */
  row = (guint32 *) cairo_image_surface_get_data (target);
  g_assert_cmphex (row[1], ==, 0xffff0000);
  g_assert_cmphex (row[78], ==, 0xffff0000);
  row = (guint32 *) (cairo_image_surface_get_data (target) + 78 * cairo_image_surface_get_stride (target));
  g_assert_cmphex (row[1], ==, 0xffff0000);
  g_assert_cmphex (row[78], ==, 0xffff0000);
  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
}

/* Renders @root with @renderer and returns what its filter cache did.
 * Frames after the first are damaged in part, and the damage check
 * compares each with a full frame drawn without the cache (every group
 * filtered in bands, afresh): any pixel apart is an error */
static void
render_and_check (GskLayerRenderer *renderer,
                  GskLayer         *root,
                  cairo_surface_t  *target,
                  gboolean          first,
                  guint            *kept,
                  guint            *filtered)
{
  cairo_region_t *damage;

  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_no_error (gsk_layer_renderer_get_damage_error (renderer));
  if (!first)
    g_assert_true (cairo_region_contains_rectangle (damage, &(cairo_rectangle_int_t) { 0, 0, 640, 480 }) !=
                   CAIRO_REGION_OVERLAP_IN);
  cairo_region_destroy (damage);
  gsk_layer_software_renderer_get_filter_stats (GSK_LAYER_SOFTWARE_RENDERER (renderer), kept, filtered);
  g_test_message ("%u kept, %u filtered", *kept, *filtered);
}

/* The software backend keeps the filtered pixels of groups with a blur
 * or a drop shadow. A group drawn with the same ops as in the frame
 * before is drawn whole and kept; in later frames where it only moved,
 * by whole pixels, it is not filtered again, and its pixels are those
 * filtering afresh in bands gives, to the bit. A group that changes, a
 * move by half a pixel, an image drawn into: left to the bands. */
static void
test_software_filter_cache (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 480);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *a, *b, *c;
  guint kept, filtered, frame;

  /* Three cards apart, a fourth comes later at (470, 330) */
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (640, 480));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  a = blurred_card (root, 20, 20, "background-image: linear-gradient(30deg, #e01b24, #f6d32d); filter: blur(3px)");
  b = blurred_card (root, 480, 30, "background-color: #3584e4; border-radius: 12px; "
                                    "filter: drop-shadow(4px 5px 6px #000000)");
  c = blurred_card (root, 220, 300, "background-color: #33d17a; opacity: 0.8; filter: blur(16px) grayscale(0.5)");

  /* Seen for the first time: drawn by the bands */
  render_and_check (renderer, root, target, TRUE, &kept, &filtered);
  g_assert_cmpuint (kept, ==, 0);
  g_assert_cmpuint (filtered, ==, 0);

  /* All three move by whole pixels, for a few frames: drawn whole and
   * kept in the first, from the kept pixels after */
  for (frame = 1; frame <= 4; frame++)
    {
      gsk_layer_set_position (a, &GRAPHENE_POINT_INIT (20 + 5 * frame, 20 + 3 * frame));
      gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (480 - 4 * frame, 30 + 2 * frame));
      gsk_layer_set_position (c, &GRAPHENE_POINT_INIT (220 + 6 * frame, 300 + 4 * frame));
      render_and_check (renderer, root, target, FALSE, &kept, &filtered);
      g_assert_cmpuint (kept, ==, frame == 1 ? 0 : 3);
      g_assert_cmpuint (filtered, ==, frame == 1 ? 3 : 0);
    }

  /* One moves by half a pixel: left to the bands; the others, still,
   * are not drawn */
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (468.5f, 36));
  render_and_check (renderer, root, target, FALSE, &kept, &filtered);
  g_assert_cmpuint (kept, ==, 0);
  g_assert_cmpuint (filtered, ==, 0);

  /* A child of one changes every frame, as an animation inside it would:
   * never drawn whole, nor taken from kept pixels */
  for (frame = 0; frame < 3; frame++)
    {
      gsk_layer_set_background_color (gsk_layer_get_first_child (a),
                                      &(GdkRGBA) { 0.8f, 0.1f + 0.2f * frame, 0.5f, 1 });
      render_and_check (renderer, root, target, FALSE, &kept, &filtered);
      g_assert_cmpuint (kept, ==, 0);
      g_assert_cmpuint (filtered, ==, 0);
    }

  /* A scaled image inside: pixman's sampling of it moved may differ in
   * the last bit from the kept one, so it is not kept */
  {
    cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 20, 10);
    GskLayerContent *content = gsk_layer_image_content_new (image);
    GskLayer *e = blurred_card (root, 40, 380, "filter: blur(2px)");
    GskLayerTransform *t = gsk_layer_transform_scale (NULL, 1.5f, 1.5f);
    cairo_t *cr = cairo_create (image);

    cairo_set_source_rgb (cr, 0.9, 0.5, 0.1);
    cairo_paint (cr);
    cairo_destroy (cr);
    gsk_layer_set_content (gsk_layer_get_first_child (e), content);
    gsk_layer_set_transform (gsk_layer_get_first_child (e), t);
    gsk_layer_transform_unref (t);
    for (frame = 0; frame < 3; frame++)
      {
        gsk_layer_set_position (e, &GRAPHENE_POINT_INIT (40 + 2 * frame, 380));
        render_and_check (renderer, root, target, FALSE, &kept, &filtered);
        g_assert_cmpuint (kept, ==, 0);
        g_assert_cmpuint (filtered, ==, 0);
      }
    gsk_layer_remove_child (root, e);
    g_object_unref (content);
    cairo_surface_destroy (image);
  }

  /* An image drawn into in place: its ops are the same, its pixels not */
  {
    cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 30);
    GskLayerContent *content = gsk_layer_image_content_new (image);
    GskLayer *d = blurred_card (root, 500, 380, "filter: blur(2px)");
    cairo_t *cr;

    gsk_layer_set_content (gsk_layer_get_first_child (d), content);
    for (frame = 0; frame < 3; frame++)
      {
        gsk_layer_set_position (d, &GRAPHENE_POINT_INIT (500 - frame, 380));
        render_and_check (renderer, root, target, frame == 0, &kept, &filtered);
      }
    g_assert_cmpuint (kept, ==, 1);

    cr = cairo_create (image);
    cairo_set_source_rgb (cr, 0.1, 0.2, 0.9);
    cairo_paint (cr);
    cairo_destroy (cr);
    gsk_layer_content_invalidate (content);
    gsk_layer_set_position (d, &GRAPHENE_POINT_INIT (496, 380));
    render_and_check (renderer, root, target, FALSE, &kept, &filtered);
    g_assert_cmpuint (kept, ==, 0);

    g_object_unref (content);
    cairo_surface_destroy (image);
  }

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/style/backdrop-damage", test_backdrop_damage);
  g_test_add_func ("/style/image-rendering", test_image_rendering);
  g_test_add_func ("/style/conic-scale", test_conic_scale);
  g_test_add_func ("/style/filter-damage", test_filter_damage);
  g_test_add_func ("/style/parse", test_parse);
  g_test_add_func ("/style/errors", test_errors);
  g_test_add_func ("/style/layer", test_layer);
  g_test_add_func ("/style/resolve", test_resolve);
  g_test_add_func ("/style/pick", test_pick);
  g_test_add_func ("/style/damage", test_damage);
  g_test_add_func ("/style/border-raster", test_border_raster);
  g_test_add_func ("/style/vector-box", test_vector_box);
  g_test_add_func ("/style/content-box", test_content_box);
  g_test_add_func ("/style/shadow", test_shadow);
  g_test_add_func ("/style/software-filter-cache", test_software_filter_cache);
  g_test_add_func ("/style/scene", test_scene);

  status = g_test_run ();
  /* The content box test lays out text */
  free_font_caches ();
  return status;
}
