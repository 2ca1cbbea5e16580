#!/usr/bin/env bash
# Builds the page without a server: web/dist/ holds the page (HTML, JS, CSS), its worker and
# sudokit compiled to WebAssembly (sudokit.wasm). Any static file server can host the folder:
#   scripts/build-web.sh && python3 -m http.server -d web/dist 8000   # then http://localhost:8000/
# Installs the wasm32-unknown-unknown target with rustup when it is missing; shrinks the module
# with wasm-opt when binaryen is installed (optional).
set -euo pipefail
cd "$(dirname "$0")/.."

target=wasm32-unknown-unknown
if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx "$target"; then
  echo "== rustup target add $target"
  rustup target add "$target"
fi

echo "== cargo build (sudokit-wasm, $target)"
cargo build --profile web --target "$target" -p sudokit-wasm

out=web/dist
rm -rf "$out"
mkdir -p "$out"
cp web/index.html web/app.js web/draw.js web/style.css web/worker.js "$out"/
wasm=target/$target/web/sudokit_wasm.wasm
if command -v wasm-opt >/dev/null 2>&1; then
  wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$wasm" -o "$out/sudokit.wasm"
else
  cp "$wasm" "$out/sudokit.wasm"
fi

raw=$(stat -c %s "$out/sudokit.wasm")
gz=$(gzip -9 -c "$out/sudokit.wasm" | wc -c)
echo "== $out: sudokit.wasm $raw bytes, $gz gzipped"
