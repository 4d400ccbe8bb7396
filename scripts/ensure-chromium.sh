#!/usr/bin/env bash
# Installs Debian's Chromium (and a CJK font, so screenshots show Chinese) for the browser
# tests when they are missing.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "noto sans cjk" || need+=(fonts-noto-cjk)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "browser tests need: ${need[*]} — run 'apt-get install -y ${need[*]}' as root" >&2
  [ -x /usr/bin/chromium ] || exit 1
  exit 0
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
