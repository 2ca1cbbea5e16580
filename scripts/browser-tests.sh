#!/usr/bin/env bash
# Browser tests of the page of `sudokit serve` (tests/browser): Debian's Chromium driven by
# playwright-core under node's test runner, against a built binary.
#   scripts/browser-tests.sh                     # builds target/debug/sudokit if missing
#   SUDOKIT_BIN=path/to/sudokit scripts/browser-tests.sh
#   SUDOKIT_SCREENSHOT=docs/serve-page.png scripts/browser-tests.sh   # refresh the README's picture
#   scripts/browser-tests.sh wasm.test.mjs wasm-native.test.mjs   # the page without a server
#                                         # (needs web/dist from scripts/build-web.sh)
# Installs chromium with apt when it is missing, and the npm packages with `npm ci`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing chromium"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "node and npm are needed for the browser tests" >&2
  exit 1
fi

bin=${SUDOKIT_BIN:-target/debug/sudokit}
if [ ! -x "$bin" ]; then
  echo "== building $bin"
  cargo build --bin sudokit
fi
SUDOKIT_BIN=$(realpath "$bin")
export SUDOKIT_BIN

echo "== npm ci (tests/browser)"
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)

echo "== browser tests"
cd tests/browser
if [ $# -eq 0 ]; then set -- page.test.mjs; fi
exec node --test --test-concurrency=1 "$@"
