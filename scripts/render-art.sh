#!/usr/bin/env bash
# Renders the PNG icons and link-preview images from their SVG sources in web/art/. Run after
# changing an SVG; commit the PNGs. librsvg's rsvg-convert (Debian: librsvg2-bin) draws the SVG
# (Debian's ImageMagick 6 is built without librsvg, and its own SVG renderer cannot draw
# gradients, patterns or rotations about a point); ImageMagick's convert sizes and strips it.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's ImageMagick 6 is /usr/bin/convert; elsewhere, whatever `convert` is on PATH.
CONVERT="${CONVERT:-$( [ -x /usr/bin/convert ] && echo /usr/bin/convert || echo convert )}"
art=web/art
out=web/public

png() { # svg width height output
  rsvg-convert --width "$2" --height "$3" "$1" | "$CONVERT" png:- -strip -define png:compression-level=9 "$4"
}
mkdir -p "$out/icons" "$out/og"
png "$art/icon.svg" 192 192 "$out/icons/icon-192.png"
png "$art/icon.svg" 512 512 "$out/icons/icon-512.png"
png "$art/icon-maskable.svg" 192 192 "$out/icons/maskable-192.png"
png "$art/icon-maskable.svg" 512 512 "$out/icons/maskable-512.png"
# iOS rounds the corners itself and wants no transparency.
png "$art/icon-maskable.svg" 180 180 "$out/icons/apple-touch-icon.png"
for svg in "$art"/og-*.svg; do
  name=$(basename "$svg" .svg)
  png "$svg" 1200 630 "$out/og/${name#og-}.png"
done
ls -l "$out/icons" "$out/og"
