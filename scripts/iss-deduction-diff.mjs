#!/usr/bin/env node
// iss-deduction-diff.mjs — which candidates sigh's Interactive Sudoku Solver
// (ISS) removes by propagation that sudokit's engine keeps, and back.
//
// Usage:
//   node scripts/iss-deduction-diff.mjs --only REGEX [--states N] [--cells LIST]
//        [--wrong] [--seed S] [--binary PATH] [--show N] [--iss-without LIST]
//        [--labels]
//
// For each ISS puzzle cached by scripts/iss-compare.mjs (run it once first:
// target/iss-cache/puzzles/NAME-HASH.{iss,sudokit}.txt) whose file name
// matches REGEX, the script takes the puzzle's first solution (sudokit
// `solve`), then builds states: the root, and for each count k of LIST
// (default 0,5,10,20,30) N random sets of k cells given their solution digit
// (with `--wrong`, one of the k given a wrong digit still among its root
// candidates instead). Each state is the puzzle with those givens added, so
// both solvers run their whole first propagation on it: ISS through its own
// step API (`nthStep(0)`, headless in node, the state before its first
// guess) and sudokit through `target/release/examples/root_candidates`
// (the engine as the propagation search runs it: rules only, locked
// candidates). Build that first: `cargo build --release --example
// root_candidates`.
//
// Printed per puzzle: states compared, candidates ISS removes that sudokit
// keeps ("ISS only"), the reverse ("sudokit only"), contradictions each finds
// alone, and up to `--show` example states with the cells where ISS is
// tighter. A candidate in "ISS only" is a deduction sudokit misses.
// `--iss-without _makeHiddenCageHandlers,…` turns off those methods of ISS's
// optimizer (each then adds nothing): the "ISS only" count that falls says
// which of ISS's derived constraints makes the deductions sudokit misses.
// An item `Class.method` (`HandlerUtil.removeRequiredValueExclusions`) turns
// off a static helper of ISS's handlers.js instead (it then removes nothing).
// When sudokit finds no solution in 120 s (Sunblock, The Fountain), ISS's
// first one is used. `--labels` compares the region labels of a chaos
// construction too (ISS's region lane against sudokit's extra variables):
// meaningful only when both pin the same anchors (sudokit's are r1c1, r4c9,
// r9c4; ISS picks its own, printed by its root candidates).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'target', 'iss-cache');
const ISS_DIR = join(CACHE, 'iss');
const PUZZLE_DIR = join(CACHE, 'puzzles');
const WORK_DIR = join(CACHE, 'diff');
const SELF = fileURLToPath(import.meta.url);

const parseArgs = (argv) => {
  const args = {
    only: null, states: 4, cells: [0, 5, 10, 20, 30], wrong: false, seed: 1, show: 2,
    binary: join(ROOT, 'target', 'release', 'sudokit'),
    example: join(ROOT, 'target', 'release', 'examples', 'root_candidates'),
  };
  for (let i = 2; i < argv.length; i++) {
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${argv[i]} needs a value`);
      return argv[++i];
    };
    switch (argv[i]) {
      case '--only': args.only = new RegExp(value()); break;
      case '--states': args.states = Number(value()); break;
      case '--cells': args.cells = value().split(',').map(Number); break;
      case '--wrong': args.wrong = true; break;
      case '--seed': args.seed = Number(value()); break;
      case '--show': args.show = Number(value()); break;
      case '--labels': args.labels = true; break;
      case '--iss-without': args.issWithout = value().split(','); break;
      case '--binary': args.binary = resolve(value()); break;
      case '--example': args.example = resolve(value()); break;
      case '-h': case '--help':
        console.log(readFileSync(SELF, 'utf8').split('\n\n')[0].replace(/^\/\/ ?/gm, ''));
        process.exit(0);
      // falls through (exit above)
      default: throw new Error(`unknown argument ${argv[i]} (see --help)`);
    }
  }
  if (!args.only) throw new Error('--only REGEX is required (see --help)');
  if (!(args.states >= 1) || args.cells.some((k) => !(k >= 0))) throw new Error('--states and --cells must be positive');
  return args;
};

// A small seeded generator (mulberry32), so that a run can be repeated.
const random = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const issModule = (path) => import(pathToFileURL(join(ISS_DIR, path)).href);

// ISS's candidates after its first propagation, as one digit string per cell
// (null on a contradiction).
const issRoot = async (text) => {
  const { SudokuParser } = await issModule('js/sudoku_parser.js');
  const { SudokuBuilder } = await issModule('js/solver/sudoku_builder.js');
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(text)));
  const step = solver.nthStep(0, new Map());
  if (!step || step.hasConflict) return null;
  return step.pencilmarks.map((p) => (typeof p === 'number' ? [p] : [...p].map(Number).sort((a, b) => a - b)));
};

// sudokit's candidates for each file, as one array of digits per cell (null
// on a contradiction). root_candidates separates a cell's digits by commas on
// boards above 9×9 (two-digit values) and writes them side by side below.
const sudokitRoots = (example, files, labels, size) => {
  const run = spawnSync(example, labels ? ['--labels', ...files] : files, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`root_candidates failed: ${run.stderr}`);
  const byFile = new Map();
  for (const line of run.stdout.trim().split('\n')) {
    const [file, ...cells] = line.split(' ');
    const digits = (cell) => (cell === '0' ? [] : (size > 9 ? cell.split(',') : Array.from(cell)).map(Number));
    byFile.set(file, cells[0] === 'contradiction' ? null : cells.map(digits));
  }
  return files.map((f) => byFile.get(f));
};

// ISS's first solution, as the board's digits (null if none).
const issSolution = async (text) => {
  const { SudokuParser } = await issModule('js/sudoku_parser.js');
  const { SudokuBuilder } = await issModule('js/solver/sudoku_builder.js');
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(text)));
  const found = solver.nthSolution(0);
  if (!found) return null;
  const side = Math.round(Math.sqrt(solver.geometry().numGridCells ?? found.length));
  return found.slice(0, side * side);
};

const solution = (binary, file) => {
  const run = spawnSync(binary, ['solve', '--json', '--jobs', '1', '--limit', '1', file], { encoding: 'utf8', timeout: 120000 });
  const line = run.stdout?.trim().split('\n')[0] ?? '';
  if (!line.startsWith('{')) return null;
  const json = JSON.parse(line);
  const text = json.solutions?.[0];
  if (!text) return null;
  return text.includes(' ') ? text.trim().split(/\s+/).map(Number) : Array.from(text, Number);
};

// A cell's name in the printed examples (decimal: R6C16).
const cellName = (cell, size) => `R${Math.floor(cell / size) + 1}C${(cell % size) + 1}`;
// A cell's id in ISS's constraint string: row and column in base 17, as ISS
// writes them (cell_geometry.js's makeCellId: R6Cg for row 6, column 16).
const issCellId = (cell, size) =>
  `R${(Math.floor(cell / size) + 1).toString(17)}C${((cell % size) + 1).toString(17)}`;

const diffPuzzle = async (base, args, rng) => {
  // sudokit's copy is ISS's canonical constraint string (iss-compare.mjs
  // wrote it so), which both read; givens are appended to it.
  const oursText = readFileSync(join(PUZZLE_DIR, `${base}.sudokit.txt`), 'utf8');
  const sol = solution(args.binary, join(PUZZLE_DIR, `${base}.sudokit.txt`)) ?? (await issSolution(oursText));
  if (!sol) return { base, error: 'no solution from sudokit (in 120 s) nor ISS' };
  const size = Math.round(Math.sqrt(sol.length));
  const root = await issRoot(oursText);
  if (!root) return { base, error: 'ISS finds a contradiction at the root' };
  // Givens go in board cells only (ISS's root also holds its region lane).
  const open = root.map((c, i) => (c.length > 1 && i < sol.length ? i : -1)).filter((i) => i >= 0);

  // The states: k cells given (one wrong with --wrong).
  const states = [];
  for (const k of args.cells) {
    for (let s = 0; s < (k === 0 ? 1 : args.states); s++) {
      const pool = [...open];
      const given = [];
      for (let j = 0; j < Math.min(k, pool.length); j++) {
        const cell = pool.splice(Math.floor(rng() * pool.length), 1)[0];
        given.push([cell, sol[cell]]);
      }
      if (args.wrong && given.length) {
        const [cell, digit] = given[0];
        const others = root[cell].filter((d) => d !== digit);
        given[0] = [cell, others[Math.floor(rng() * others.length)]];
      }
      states.push({ k, given });
    }
  }
  mkdirSync(WORK_DIR, { recursive: true });
  const files = [];
  for (const [i, state] of states.entries()) {
    const extra = state.given.map(([cell, d]) => `.~${issCellId(cell, size)}_${d}`).join('');
    state.issText = `${oursText.trim()}${extra}`;
    const file = join(WORK_DIR, `${base}-${i}.sudokit.txt`);
    writeFileSync(file, `${oursText.trim()}${extra}`);
    files.push(file);
  }
  const ours = sudokitRoots(args.example, files, args.labels, size);
  const result = { base, states: states.length, issOnly: 0, oursOnly: 0, issContra: 0, oursContra: 0, shown: [] };
  for (const [i, state] of states.entries()) {
    const theirs = await issRoot(state.issText);
    const mine = ours[i];
    if (!theirs || !mine) {
      if (!theirs && mine) result.issContra++;
      if (theirs && !mine) result.oursContra++;
      if (!theirs && mine && result.shown.length < args.show) result.shown.push({ k: state.k, given: state.given, contradiction: true });
      continue;
    }
    const tighter = [];
    const compared = args.labels ? Math.min(theirs.length, mine.length) : sol.length;
    for (let cell = 0; cell < compared; cell++) {
      const a = new Set(theirs[cell]);
      const b = new Set(mine[cell]);
      const name = cell < sol.length ? cellName(cell, size) : `region of ${cellName(cell - sol.length, size)}`;
      for (const d of b) if (!a.has(d)) { result.issOnly++; tighter.push(`${name}:-${d}`); }
      for (const d of a) if (!b.has(d)) result.oursOnly++;
    }
    if (tighter.length && result.shown.length < args.show) result.shown.push({ k: state.k, given: state.given, tighter });
  }
  return result;
};

const main = async () => {
  const args = parseArgs(process.argv);
  if (!existsSync(args.example)) throw new Error(`no ${args.example} (cargo build --release --example root_candidates)`);
  const { ensureGlobalEnvironment } = await issModule('tests/helpers/test_env.js');
  ensureGlobalEnvironment();
  if (args.issWithout) {
    const { SudokuConstraintOptimizer } = await issModule('js/solver/optimizer.js');
    const handlers = await issModule('js/solver/handlers.js');
    for (const name of args.issWithout) {
      const [owner, method] = name.includes('.') ? name.split('.') : [null, name];
      if (owner) {
        // A static helper of handlers.js that removes candidates (it then
        // removes none and reports success).
        if (typeof handlers[owner]?.[method] !== 'function') throw new Error(`ISS's handlers.js has no ${name}`);
        handlers[owner][method] = () => true;
        continue;
      }
      if (typeof SudokuConstraintOptimizer.prototype[name] !== 'function') throw new Error(`ISS's optimizer has no method ${name}`);
      SudokuConstraintOptimizer.prototype[name] = () => [];
    }
  }
  const bases = readdirSync(PUZZLE_DIR)
    .filter((f) => f.endsWith('.sudokit.txt') && args.only.test(f))
    .map((f) => f.slice(0, -'.sudokit.txt'.length))
    .sort();
  console.log(['puzzle', 'states', 'ISS only', 'sudokit only', 'ISS contra only', 'sudokit contra only'].join('\t'));
  for (const base of bases) {
    // Each puzzle's states depend on its name and --seed only, not on which
    // other puzzles --only picks.
    const seed = [...base].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261 ^ args.seed);
    // A puzzle one side cannot read or solve is reported on its row; the
    // others still run.
    const r = await diffPuzzle(base, args, random(seed)).catch((error) => ({ error: error.message.split('\n')[0] }));
    if (r.error) {
      console.log(`${base}\t${r.error}`);
      continue;
    }
    console.log([base, r.states, r.issOnly, r.oursOnly, r.issContra, r.oursContra].join('\t'));
    for (const shown of r.shown) {
      const given = shown.given.map(([c, d]) => `${c}=${d}`).join(',');
      console.log(`    k=${shown.k} given ${given}: ${shown.contradiction ? 'ISS: contradiction' : shown.tighter.join(' ')}`);
    }
  }
};

main().catch((error) => {
  console.error(`iss-deduction-diff: ${error.message}`);
  process.exit(1);
});
