// Native and WebAssembly give the same true candidates on every shared variant puzzle: the
// engine of the static page (web/dist/sudokit.wasm, loaded in node) against the native CLI
// (`sudokit candidates --json`), and both against the manifest's solution where it is unique.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifest, root, shared } from './harness.mjs';
import { loadEngine } from './engine.mjs';

const binary = process.env.SUDOKIT_BIN ?? join(root, 'target', 'debug', 'sudokit');
const folder = join(shared, 'data', 'variants');

/** The wasm answer as per-cell digit lists (null: no solution). */
function wasmCandidates(ask, file) {
  const data = readFileSync(join(folder, file), 'utf8');
  const frames = ask({ nonce: 1, command: 'truecandidates', dataType: 'fpuzzles', data });
  assert.equal(frames.length, 1, `${file}: one answer`);
  const [answer] = frames;
  if (answer.type === 'invalid' && /No solution/.test(answer.message)) return null;
  assert.equal(answer.type, 'truecandidates', `${file}: ${answer.message}`);
  const counts = answer.solutionsPerCandidate;
  const size = Math.round(Math.cbrt(counts.length));
  return Array.from({ length: size * size }, (_, cell) =>
    Array.from({ length: size }, (_, d) => d + 1).filter((digit) => counts[cell * size + digit - 1] > 0));
}

test('the WebAssembly engine answers every variant puzzle as the native CLI does', async () => {
  const ask = await loadEngine();
  const entries = manifest();
  const files = entries.map((e) => join(folder, e.file));
  // The exit code says that some puzzles have no or several solutions: the lines are the answer.
  const run = spawnSync(binary, ['candidates', '--json', '--strategy', 'auto', ...files], {
    encoding: 'utf8', maxBuffer: 64 << 20,
  });
  assert.equal(run.error, undefined, `cannot run ${binary}`);
  const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(lines.length, entries.length);
  let unique = 0;
  for (const [i, entry] of entries.entries()) {
    const native = lines[i];
    assert.ok(native.exact, `${entry.file}: native answer exact`);
    const wasm = wasmCandidates(ask, entry.file);
    assert.deepEqual(wasm, native.solvable ? native.candidates : null, `${entry.file}: wasm = native`);
    if (entry.expect === 'unique') {
      const digits = entry.size > 9 ? entry.solution.match(/../g).map(Number) : [...entry.solution].map(Number);
      assert.deepEqual(wasm, digits.map((d) => [d]), `${entry.file}: the manifest's solution`);
      unique += 1;
    }
  }
  assert.ok(unique > 10, `${unique} unique puzzles checked against the manifest`);
});
