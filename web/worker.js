// The page's engine without a server: a Web Worker running sudokit compiled to WebAssembly
// (web/wasm, built by scripts/build-web.sh). It receives request frames as text — the same JSON
// the page sends to `sudokit serve` — and posts back every answer frame as text. A job cannot be
// interrupted from inside: the page terminates the worker to cancel and starts a fresh one.

const encoder = new TextEncoder();
const decoder = new TextDecoder();
let exports = null;
const waiting = [];

const imports = {
  sudokit: {
    now_ms: () => performance.now(),
    frame: (ptr, len) => postMessage(decoder.decode(new Uint8Array(exports.memory.buffer, ptr, len))),
  },
};

function handle(text) {
  const bytes = encoder.encode(text);
  try {
    const ptr = exports.sudokit_alloc(bytes.length);
    new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
    exports.sudokit_handle(ptr, bytes.length);
  } catch (error) {
    // A trap (a bug, or memory exhausted) leaves the instance unusable: answer, then start over.
    let nonce = null;
    try {
      nonce = JSON.parse(text).nonce ?? null;
    } catch {}
    postMessage(JSON.stringify({ nonce, type: 'invalid', message: `the engine failed: ${error}` }));
    exports = null;
    start();
  }
}

onmessage = (event) => (exports ? handle(event.data) : waiting.push(event.data));

function start() {
  WebAssembly.instantiateStreaming(fetch(new URL('sudokit.wasm', self.location.href)), imports).then(
    ({ instance }) => {
      exports = instance.exports;
      postMessage(JSON.stringify({ type: 'ready' }));
      for (const text of waiting.splice(0)) handle(text);
    },
    (error) => postMessage(JSON.stringify({ type: 'failed', message: String(error) })),
  );
}
start();
