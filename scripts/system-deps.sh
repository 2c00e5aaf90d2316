#!/usr/bin/env bash
# What `npm test` needs from the system, checked first: Chromium (browser tests, audit), PostgreSQL
# (store tests) and the fonts the layout tests measure with (DejaVu Sans, the wide default of many Linux desktops, and
# Noto Color Emoji), from Debian's `chromium`, `postgresql`, `fonts-dejavu-core` and `fonts-noto-color-emoji` packages. When one is missing this installs it
# if it can (root, with apt-get), or stops at once with the command to run. CHROMIUM_PATH and PG_BIN point
# at binaries elsewhere, as they do for the tests (tests/e2e/browser.ts, tests/function/helpers/postgres.ts).
set -uo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
fonts="${FONTS_DIR:-/usr/share/fonts/truetype}"
missing() {
  local packages=()
  [ -x "$chromium" ] || packages+=(chromium)
  [ -f "$fonts/dejavu/DejaVuSans.ttf" ] || packages+=(fonts-dejavu-core)
  [ -f "$fonts/noto/NotoColorEmoji.ttf" ] || packages+=(fonts-noto-color-emoji)
  if [ -n "${PG_BIN:-}" ]; then
    [ -x "$PG_BIN/initdb" ] || packages+=(postgresql)
  elif ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    packages+=(postgresql)
  fi
  echo "${packages[*]}"
}

packages="$(missing)"
[ -z "$packages" ] && exit 0
command="apt-get install -y $packages"

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "npm test needs $packages, which this machine lacks: installing it with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck disable=SC2086 # one word per package
  if ! apt-get update -qq || ! apt-get install -y -qq --no-install-recommends $packages >/dev/null; then
    echo "Installing $packages failed (see above). Run \`apt-get update && $command\`, then npm test again." >&2
    exit 1
  fi
  still="$(missing)"
  if [ -n "$still" ]; then
    echo "apt-get installed $packages, but $still is still missing (CHROMIUM_PATH=$chromium, PG_BIN=${PG_BIN:-/usr/lib/postgresql/*/bin})." >&2
    exit 1
  fi
  exit 0
fi

if command -v apt-get >/dev/null; then
  echo "npm test needs $packages, which this machine lacks. Install with:
  sudo apt-get update && sudo $command
then run npm test again." >&2
else
  echo "npm test needs $packages, which this machine lacks, and this is not a Debian system with apt-get.
Install Chromium, PostgreSQL 15 or later and the DejaVu Sans and Noto Color Emoji fonts, then set CHROMIUM_PATH to
the chromium binary, PG_BIN to the folder holding PostgreSQL's initdb and pg_ctl, and FONTS_DIR to the folder holding
dejavu/DejaVuSans.ttf and noto/NotoColorEmoji.ttf, and run npm test again." >&2
fi
exit 1
