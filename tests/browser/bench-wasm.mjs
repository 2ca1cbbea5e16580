// Benchmark (not a test): true candidates per shared variant puzzle, asked by the same page in
// Debian's Chromium of its two engines side by side: the WebAssembly engine in a Web Worker (the
// page without a server) and the native `sudokit serve` over its websocket (the page with one).
// Both get the same request text and are timed the same way, from posting the request to its
// answer, so the ratio is the engine's cost, not a difference of what is measured. A first pass
// asks every puzzle once of each engine (the cold figures: a fresh worker compiles the module's
// hot functions the first time they run); then REPS interleaved rounds give each puzzle's median.
//   cargo build --release && scripts/build-web.sh && (cd tests/browser && node bench-wasm.mjs)
//   SUDOKIT_BIN=target/release/sudokit REPS=7 node bench-wasm.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifest, root, shared, startBrowser, startServer } from './harness.mjs';
import { dist } from './engine.mjs';
import { serveStatic } from './static.mjs';

const reps = Number(process.env.REPS ?? 5);
process.env.SUDOKIT_BIN ??= join(root, 'target', 'release', 'sudokit');
const folder = join(shared, 'data', 'variants');
const entries = manifest();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const files = await serveStatic(dist);
const native = await startServer(0, ['--quiet']);
const browser = await startBrowser();
let times;
try {
  const page = await browser.context.newPage();
  await page.goto(files.url);
  await page.waitForSelector('#connection[data-state="local"]', { timeout: 20000 });
  const puzzles = entries.map((e) => readFileSync(join(folder, e.file), 'utf8'));
  times = await page.evaluate(
    async ({ puzzles, reps, port }) => {
      const worker = new Worker('worker.js');
      const socket = new WebSocket(`ws://127.0.0.1:${port}/`);
      await new Promise((resolve, reject) => {
        socket.onopen = resolve;
        socket.onerror = () => reject(new Error('no websocket to sudokit serve'));
      });
      await new Promise((resolve) => (worker.onmessage = resolve)); // ready
      const engines = {
        wasm: { post: (text) => worker.postMessage(text), on: (f) => (worker.onmessage = f) },
        native: { post: (text) => socket.send(text), on: (f) => (socket.onmessage = f) },
      };
      let nonce = 0;
      const ask = (engine, data) =>
        new Promise((resolve) => {
          const id = ++nonce;
          const started = performance.now();
          engines[engine].on((event) => {
            const frame = JSON.parse(event.data);
            if (frame.nonce === id && frame.type !== 'progress') resolve(performance.now() - started);
          });
          engines[engine].post(JSON.stringify({ nonce: id, command: 'truecandidates', dataType: 'fpuzzles', data }));
        });
      const cold = { wasm: [], native: [] };
      for (const data of puzzles) {
        cold.wasm.push(await ask('wasm', data));
        cold.native.push(await ask('native', data));
      }
      const warm = { wasm: puzzles.map(() => []), native: puzzles.map(() => []) };
      for (let r = 0; r < reps; r++) {
        for (const [i, data] of puzzles.entries()) {
          for (const engine of r % 2 ? ['native', 'wasm'] : ['wasm', 'native']) warm[engine][i].push(await ask(engine, data));
        }
      }
      worker.terminate();
      socket.close();
      return { cold, warm };
    },
    { puzzles, reps, port: native.port },
  );
} finally {
  await browser.close();
  await files.stop();
  native.stop();
}

const wasm = times.warm.wasm.map(median);
const serve = times.warm.native.map(median);
const ratio = entries.map((_, i) => wasm[i] / Math.max(serve[i], 1e-3));
const coldRatio = entries.map((_, i) => times.cold.wasm[i] / Math.max(times.cold.native[i], 1e-3));
const figures = (xs) => `median ${median(xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)}`;
console.log(`${entries.length} variant puzzles; true candidates asked by the page; median of ${reps} rounds (ms)`);
for (const [i, e] of entries.entries())
  console.log(`${e.file.padEnd(58)} native ${serve[i].toFixed(2).padStart(8)}  wasm ${wasm[i].toFixed(2).padStart(8)}  ${ratio[i].toFixed(2).padStart(6)}×`);
console.log(`native (sudokit serve): ${figures(serve)} ms`);
console.log(`browser (WebAssembly):  ${figures(wasm)} ms`);
console.log(`wasm / native per puzzle: median ${median(ratio).toFixed(2)}×, max ${Math.max(...ratio).toFixed(2)}×`);
console.log(`first request of each puzzle (cold worker): native ${figures(times.cold.native)} ms, wasm ${figures(times.cold.wasm)} ms, ratio median ${median(coldRatio).toFixed(2)}×, max ${Math.max(...coldRatio).toFixed(2)}×`);
