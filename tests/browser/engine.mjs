// The WebAssembly engine of the page (web/dist/sudokit.wasm) loaded directly in node, through
// the same three exports and two imports that web/worker.js uses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './harness.mjs';

/** The static folder scripts/build-web.sh writes, or `$SUDOKIT_WEB_DIST`. */
export const dist = process.env.SUDOKIT_WEB_DIST ?? join(root, 'web', 'dist');

/** Instantiates the engine; returns ask(request) → every answer frame, parsed. */
export async function loadEngine() {
  let frames = [];
  let memory;
  const decoder = new TextDecoder();
  const imports = {
    sudokit: {
      now_ms: () => performance.now(),
      frame: (ptr, len) => frames.push(JSON.parse(decoder.decode(new Uint8Array(memory.buffer, ptr, len)))),
    },
  };
  const { instance } = await WebAssembly.instantiate(readFileSync(join(dist, 'sudokit.wasm')), imports);
  const exports = instance.exports;
  memory = exports.memory;
  return (request) => {
    frames = [];
    const bytes = new TextEncoder().encode(JSON.stringify(request));
    const ptr = exports.sudokit_alloc(bytes.length);
    new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
    exports.sudokit_handle(ptr, bytes.length);
    return frames;
  };
}
