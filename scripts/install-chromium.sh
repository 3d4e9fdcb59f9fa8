#!/usr/bin/env bash
# Installs Debian's Chromium (/usr/bin/chromium) for the HTML report's browser
# test (__tests__/explain/html-report.browser.test.ts), which drives it with
# playwright-core: no browser is downloaded by playwright itself. Does nothing
# when /usr/bin/chromium is already there. Needs root (CI runs as root), or sudo.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  command -v sudo >/dev/null || { echo "install-chromium.sh: root or sudo is needed to apt-get install chromium" >&2; exit 1; }
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
/usr/bin/chromium --version
