// Benchmark (not a test): true candidates per shared variant puzzle in the browser (the static
// page's WebAssembly engine in a Web Worker, Debian's Chromium) against the native CLI in the
// same run. Per puzzle the median of REPS runs; then the median and max over the puzzles.
//   scripts/build-web.sh && (cd tests/browser && node bench-wasm.mjs)
//   SUDOKIT_BIN=target/release/sudokit REPS=5 node bench-wasm.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifest, root, shared, startBrowser } from './harness.mjs';
import { dist } from './engine.mjs';
import { serveStatic } from './static.mjs';

const reps = Number(process.env.REPS ?? 3);
const binary = process.env.SUDOKIT_BIN ?? join(root, 'target', 'release', 'sudokit');
const folder = join(shared, 'data', 'variants');
const entries = manifest();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Native: the CLI's own per-puzzle time (`ms`), every puzzle in one process, REPS times.
const nativeRuns = Array.from({ length: reps }, () =>
  spawnSync(binary, ['candidates', '--json', '--strategy', 'auto', ...entries.map((e) => join(folder, e.file))], {
    encoding: 'utf8', maxBuffer: 64 << 20,
  }).stdout.trim().split('\n').map((line) => JSON.parse(line).ms));
const native = entries.map((_, i) => median(nativeRuns.map((run) => run[i])));

// Browser: request posted to the worker until its answer arrives (parsing and transfer included).
const files = await serveStatic(dist);
const browser = await startBrowser();
let wasm;
try {
  const page = await browser.context.newPage();
  await page.goto(files.url);
  await page.waitForSelector('#connection[data-state="local"]', { timeout: 20000 });
  const puzzles = entries.map((e) => readFileSync(join(folder, e.file), 'utf8'));
  wasm = await page.evaluate(async ({ puzzles, reps }) => {
    const worker = new Worker('worker.js');
    const next = () => new Promise((resolve) => (worker.onmessage = (event) => resolve(JSON.parse(event.data))));
    await next(); // ready
    const times = [];
    for (const [i, data] of puzzles.entries()) {
      const runs = [];
      for (let r = 0; r < reps; r++) {
        const started = performance.now();
        const answer = next();
        worker.postMessage(JSON.stringify({ nonce: i * 100 + r, command: 'truecandidates', dataType: 'fpuzzles', data }));
        await answer;
        runs.push(performance.now() - started);
      }
      times.push(runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]);
    }
    worker.terminate();
    return times;
  }, { puzzles, reps });
} finally {
  await browser.close();
  await files.stop();
}

const ratio = entries.map((_, i) => wasm[i] / Math.max(native[i], 1e-3));
console.log(`${entries.length} variant puzzles, median of ${reps} runs each (ms)`);
for (const [i, e] of entries.entries())
  console.log(`${e.file.padEnd(40)} native ${native[i].toFixed(2).padStart(8)}  wasm ${wasm[i].toFixed(2).padStart(8)}`);
console.log(`native CLI:   median ${median(native).toFixed(2)} ms, max ${Math.max(...native).toFixed(2)} ms`);
console.log(`browser wasm: median ${median(wasm).toFixed(2)} ms, max ${Math.max(...wasm).toFixed(2)} ms`);
console.log(`wasm / native per puzzle: median ${median(ratio).toFixed(2)}×, max ${Math.max(...ratio).toFixed(2)}×`);
