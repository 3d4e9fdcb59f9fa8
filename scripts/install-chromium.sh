#!/usr/bin/env bash
# A browser for the HTML report's browser test
# (__tests__/explain/html-report.browser.test.ts, driven by playwright-core),
# run by `npm test` first (pretest). It never fails a contributor's run:
#
# - when scripts/find-chromium.ts finds one (CHROMIUM_PATH, an installed Chrome
#   or Chromium, playwright's download), it says which;
# - else, where apt-get exists and this is root or has passwordless sudo (CI,
#   a container), it installs Debian's chromium (/usr/bin/chromium);
# - else it prints how to provide one and exits 0: the browser test then fails
#   with the same advice, unless SKIP_BROWSER_TEST=1 leaves it out (CI refuses that).
set -euo pipefail
cd "$(dirname "$0")/.."
find_chromium() { npx --no-install ts-node --transpile-only scripts/find-chromium.ts; }

if found=$(find_chromium); then
  echo "browser test: ${found}"
  exit 0
fi
# A CHROMIUM_PATH that names no binary is the contributor's to fix, not a reason to install.
if [ -z "${CHROMIUM_PATH:-}" ] && command -v apt-get >/dev/null; then
  SUDO=none
  if [ "$(id -u)" = "0" ]; then
    SUDO=""
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  fi
  if [ "$SUDO" != none ]; then
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
    found=$(find_chromium)
    echo "browser test: ${found} (installed Debian's chromium)"
    exit 0
  fi
fi
echo "install-chromium.sh: ${found}" >&2
exit 0
