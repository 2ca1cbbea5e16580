#!/usr/bin/env node
// iss-compare.mjs — sudokit against sigh's Interactive Sudoku Solver (ISS) on
// ISS's own bundled puzzles, each solver in a fresh process.
//
// Usage:
//   node scripts/iss-compare.mjs [--runs N] [--timeout SECS] [--only REGEX]
//        [--binary PATH] [--save FILE] [--before FILE] [--iss GIT_DIR]
//        [--sudokit-only] [--strategy NAME] [--files PATH]...
//
// The puzzles are ISS's examples (data/example_puzzles.js), its collections
// (data/collections.js) and its end-to-end test puzzles (tests/e2e), taken
// from a git mirror of ISS (default: /work/.mirror/sigh+Interactive-Sudoku-
// Solver/repo, or $ISS_GIT) and extracted to target/iss-cache/iss, which git
// ignores: ISS's files are never committed here. ISS's own engine (its
// SimpleSolver, as its end-to-end tests drive it) runs headless in node.
//
// Each puzzle is solved up to two solutions (uniqueness proved) by
// `sudokit solve --json --jobs 1` (release binary, build it first; `--jobs N`
// for N threads, e.g. `auto`'s split of a proof between two cores) and by
// ISS, best wall time of N runs per solver, each run a new process killed at
// the time limit. Jigsaw layout cases (e2e.layout[i]) ask for one solution on
// both sides (ISS's validateLayout). Printed: puzzle, sudokit ms, ISS ms,
// ratio (sudokit / ISS), sudokit nodes, ISS guesses, agree (same solution
// and count). Puzzles sudokit refuses are listed apart with its reason.
// `--save` writes the rows as JSON; `--before` reads such a file and adds the
// earlier sudokit time and nodes beside each row (a before/after table);
// `--sudokit-only` skips ISS (quick before/after runs of sudokit alone;
// with `--before`, ISS's times there stand in). `--strategy NAME` passes
// `--strategy NAME` to sudokit (e.g. `propagation`, so that `auto`'s race
// with SAT hides no change to the search). `--files PATH` (a puzzle file
// or a directory of them; repeatable) runs those puzzles instead of ISS's:
// sudokit reads each file as it is (f-puzzles JSON, native TOML, …) and
// ISS gets `sudokit convert --to iss` of it; a file that does not convert
// is listed as refused with the reason.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'target', 'iss-cache');
const ISS_DIR = join(CACHE, 'iss');
const PUZZLE_DIR = join(CACHE, 'puzzles');
const SELF = fileURLToPath(import.meta.url);

const parseArgs = (argv) => {
  const args = {
    runs: 1, timeout: 60, only: null, save: null, before: null,
    binary: join(ROOT, 'target', 'release', 'sudokit'), strategy: null,
    iss: process.env.ISS_GIT ?? '/work/.mirror/sigh+Interactive-Sudoku-Solver/repo',
    child: null, files: [],
  };
  for (let i = 2; i < argv.length; i++) {
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${argv[i]} needs a value`);
      return argv[++i];
    };
    switch (argv[i]) {
      case '--runs': args.runs = Number(value()); break;
      case '--jobs': args.jobs = Number(value()); break;
      case '--timeout': args.timeout = Number(value()); break;
      case '--only': args.only = new RegExp(value()); break;
      case '--binary': args.binary = resolve(value()); break;
      case '--save': args.save = resolve(value()); break;
      case '--before': args.before = resolve(value()); break;
      case '--iss': args.iss = resolve(value()); break;
      case '--sudokit-only': args.sudokitOnly = true; break;
      case '--strategy': args.strategy = value(); break;
      case '--files': args.files.push(resolve(value())); break;
      case '--iss-child': args.child = { file: value(), mode: value() }; break;
      case '-h': case '--help':
        console.log(readFileSync(SELF, 'utf8').split('\n\n')[0].replace(/^\/\/ ?/gm, ''));
        process.exit(0);
      // falls through (exit above)
      default: throw new Error(`unknown argument ${argv[i]} (see --help)`);
    }
  }
  if (!(args.runs >= 1) || !(args.timeout > 0)) throw new Error('--runs and --timeout must be positive');
  return args;
};

// Extract the ISS files the solver and its puzzle lists need (once).
const extractIss = (gitDir) => {
  if (existsSync(join(ISS_DIR, 'js', 'solver', 'engine.js'))) return;
  if (!existsSync(gitDir)) throw new Error(`no ISS git mirror at ${gitDir} (pass --iss or set ISS_GIT)`);
  mkdirSync(ISS_DIR, { recursive: true });
  const paths = ['js', 'data', 'tests/helpers', 'tests/e2e', 'tools/lib', 'package.json'];
  const archive = spawnSync('git', ['-C', gitDir, 'archive', 'HEAD', ...paths], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive failed: ${archive.stderr}`);
  const untar = spawnSync('tar', ['-x', '-C', ISS_DIR], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
};

const issModule = (path) => import(pathToFileURL(join(ISS_DIR, path)).href);

// Every bundled puzzle once: { name, input (ISS's), ours (sudokit's), mode }.
const collectPuzzles = async () => {
  const { ensureGlobalEnvironment } = await issModule('tests/helpers/test_env.js');
  ensureGlobalEnvironment();
  const { PUZZLE_INDEX, resolvePuzzleConfig } = await issModule('data/example_puzzles.js');
  const collections = await issModule('data/collections.js');
  const { solveCollections, layoutCases } = await issModule('tests/e2e/e2e_puzzles.js');
  const { runSandboxToConstraint } = await issModule('tools/lib/sandbox_runner.js');
  const { SudokuParser } = await issModule('js/sudoku_parser.js');
  // Other text forms ISS reads (SudokuWiki's killer strings, grids) become
  // its constraint string for sudokit, which reads those.
  const canonical = (input) => {
    try {
      return SudokuParser.parseText(input).toString();
    } catch {
      return input;
    }
  };

  const seen = new Set();
  const puzzles = [];
  const add = async (name, config, mode) => {
    let input = config?.input;
    if (typeof input !== 'string') return;
    if (input.startsWith('/')) {
      const text = readFileSync(join(ISS_DIR, input), 'utf8');
      try {
        input = input.endsWith('.js') ? await runSandboxToConstraint(text) : text;
      } catch (error) {
        console.error(`skipped ${name}: its sandbox script failed (${error.message})`);
        return;
      }
      input += config.extraConstraints ?? '';
    }
    const key = `${mode}\n${input}`;
    if (seen.has(key)) return;
    seen.add(key);
    puzzles.push({ name, input, ours: canonical(input), mode });
  };
  for (const [name, puzzle] of PUZZLE_INDEX) await add(name, resolvePuzzleConfig(name) ?? puzzle, 'solve');
  for (const [collection, entries] of Object.entries(collections)) {
    if (!Array.isArray(entries)) continue;
    for (const [i, entry] of entries.entries()) {
      const config = typeof entries.configFor === 'function' ? entries.configFor(entry) : resolvePuzzleConfig(entry);
      await add(`${collection}[${i}]`, config, 'solve');
    }
  }
  for (const { collection, puzzles: entries } of solveCollections) {
    for (const [i, entry] of entries.entries()) {
      const config = resolvePuzzleConfig(entry);
      const named = config.name && config.name !== config.input;
      await add(named ? config.name : `e2e.${collection}[${i}]`, config, 'solve');
    }
  }
  for (const [i, entry] of layoutCases.entries()) {
    await add(`e2e.layout[${i}]`, resolvePuzzleConfig(entry), 'layout');
  }
  return puzzles;
};

// The puzzles of `--files`: { name, input (ISS's, converted by sudokit),
// ours (the file's own text), mode }, or { name, refused } when sudokit
// cannot write one for ISS.
const filePuzzles = (paths, binary) => {
  const files = paths.flatMap((path) => (statSync(path).isDirectory()
    ? readdirSync(path).filter((f) => /\.(json|toml|txt)$/.test(f) && f !== 'manifest.json').sort().map((f) => join(path, f))
    : [path]));
  return files.map((file) => {
    const name = basename(file).replace(/\.[a-z]+$/, '');
    const converted = spawnSync(binary, ['convert', '--to', 'iss', file], { encoding: 'utf8' });
    if (converted.status !== 0) return { name, refused: `no ISS form: ${converted.stderr.trim().split('\n')[0]}` };
    return { name, input: converted.stdout.trim(), ours: readFileSync(file, 'utf8'), mode: 'solve' };
  });
};

// Child process: solve one puzzle with ISS and print what it found as JSON.
const runIssChild = async ({ file, mode }) => {
  const { ensureGlobalEnvironment } = await issModule('tests/helpers/test_env.js');
  ensureGlobalEnvironment();
  const { SimpleSolver } = await issModule('js/sandbox/simple_solver.js');
  const solver = new SimpleSolver();
  const input = readFileSync(file, 'utf8');
  const solutions = mode === 'layout'
    ? [solver.validateLayout(input)].filter(Boolean)
    : [...solver.solutions(input, 2)];
  const stats = solver.latestStats();
  console.log(JSON.stringify({
    count: solutions.length,
    solution: solutions[0] ? Array.from(solutions[0].getArray()) : null,
    guesses: stats.guesses,
  }));
};

// Run a command in a fresh process; best wall time over `runs`, with the
// output of the first run.
const timed = (command, args, runs, timeoutSecs) => {
  let best = Infinity;
  let first = null;
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(command, args, { encoding: 'utf8', timeout: timeoutSecs * 1000, killSignal: 'SIGKILL', maxBuffer: 1 << 26 });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.signal || result.error) return { timedOut: true, ms: timeoutSecs * 1000 };
    first ??= result;
    best = Math.min(best, ms);
  }
  return { timedOut: false, ms: best, result: first };
};

// sudokit prints a solution as one digit per cell up to 9×9, and as
// numbers separated by spaces on larger boards.
const sudokitValues = (text) => (text.includes(' ') ? text.trim().split(/\s+/).map(Number) : Array.from(text, Number));

// A file name for a puzzle, from its name and input (two runs at once
// write the same content to the same file).
const fileName = (puzzle) => `${puzzle.name.replace(/[^A-Za-z0-9_.-]+/g, '_')}-`
  + createHash('sha256').update(`${puzzle.mode}${puzzle.input}`).digest('hex').slice(0, 8);

// Same count and, for a unique solution, the same grid (with several, each
// solver may find another first; a layout case asks for any one). Only the
// cells are compared: ISS appends its extra variables (a chaos puzzle's
// region values) after the digits, and sudokit reports regions apart.
const sameAnswer = (a, b, mode) => a.count === b.count
  && (a.count !== 1 || mode === 'layout' || sameCells(a.solution, b.solution));
const sameCells = (ours, theirs) => ours.length <= theirs.length
  && ours.every((digit, cell) => digit === theirs[cell]);

const solveBoth = (puzzle, args) => {
  const file = join(PUZZLE_DIR, `${fileName(puzzle)}.iss.txt`);
  const oursFile = join(PUZZLE_DIR, `${fileName(puzzle)}.sudokit.txt`);
  writeFileSync(file, puzzle.input);
  writeFileSync(oursFile, puzzle.ours);
  const limit = puzzle.mode === 'layout' ? ['--limit', '1'] : [];
  const strategy = args.strategy ? ['--strategy', args.strategy] : [];
  const ours = timed(args.binary, ['solve', '--json', '--jobs', String(args.jobs ?? 1), ...limit, ...strategy, oursFile], args.runs, args.timeout);
  const row = { name: puzzle.name, mode: puzzle.mode, ours: null, oursNodes: null, iss: null, issGuesses: null, agree: null, refused: null };
  if (!ours.timedOut) {
    const line = ours.result.stdout.trim().split('\n')[0] ?? '';
    const json = line.startsWith('{') ? JSON.parse(line) : null;
    if (!json || json.error) {
      row.refused = json?.error?.replace(/^.*?ISS: /, '') ?? `exit ${ours.result.status}: ${ours.result.stderr.trim()}`;
      return row;
    }
    row.ours = ours.ms;
    row.oursNodes = json.nodes;
    row.oursAnswer = { count: json.count, solution: json.solutions?.[0] ? sudokitValues(json.solutions[0]) : null };
  }
  const theirs = args.sudokitOnly ? { timedOut: true }
    : timed(process.execPath, [SELF, '--iss-child', file, puzzle.mode], args.runs, args.timeout);
  if (!theirs.timedOut) {
    if (theirs.result.status !== 0) {
      row.issError = theirs.result.stderr.trim().split('\n').slice(-1)[0];
    } else {
      const answer = JSON.parse(theirs.result.stdout.trim().split('\n').slice(-1)[0]);
      row.issAnswer = { count: answer.count, solution: answer.solution };
      row.iss = theirs.ms;
      row.issGuesses = answer.guesses;
      if (row.oursAnswer) row.agree = sameAnswer(row.oursAnswer, row.issAnswer, puzzle.mode);
    }
  }
  return row;
};

const fmtMs = (ms) => (ms == null ? 'timeout' : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

const printTable = (rows, before, timeout) => {
  const earlier = new Map((before ?? []).map((r) => [r.name, r]));
  const head = ['puzzle', ...(before ? ['before ms', 'before nodes'] : []), 'sudokit ms', 'ISS ms', 'ratio', 'nodes', 'ISS guesses', 'agree'];
  console.log(head.join('\t'));
  for (const row of rows.filter((r) => !r.refused)) {
    const ratio = row.ours != null && row.iss != null ? (row.ours / row.iss).toFixed(2) : row.ours == null ? `>${timeout}s` : '-';
    const old = earlier.get(row.name);
    const cells = [row.name];
    if (before) cells.push(fmtMs(old?.ours), old?.oursNodes ?? '-');
    cells.push(fmtMs(row.ours), row.iss == null ? (row.issError ? 'error' : 'timeout') : fmtMs(row.iss), ratio,
      row.oursNodes ?? '-', row.issGuesses ?? '-', row.agree == null ? '-' : row.agree ? 'yes' : 'NO');
    console.log(cells.join('\t'));
  }
  const both = rows.filter((r) => r.ours != null && r.iss != null);
  const ratios = both.map((r) => r.ours / r.iss).sort((a, b) => a - b);
  const median = ratios.length ? ratios[ratios.length >> 1] : NaN;
  const refused = rows.filter((r) => r.refused);
  console.log(`\n${rows.length} puzzles; ${rows.length - refused.length} read by sudokit, ${both.length} finished by both`);
  console.log(`median ratio ${median.toFixed(3)}; sudokit slower on ${ratios.filter((r) => r > 1).length}, `
    + `>10x slower on ${ratios.filter((r) => r > 10).length}; sudokit timed out on `
    + `${rows.filter((r) => !r.refused && r.ours == null).length}, ISS on ${rows.filter((r) => !r.refused && r.iss == null).length}; `
    + `disagreements ${rows.filter((r) => r.agree === false).length}`);
  const reasons = new Map();
  for (const row of refused) reasons.set(row.refused, [...(reasons.get(row.refused) ?? []), row.name]);
  console.log(`\nrefused by sudokit (${refused.length}):`);
  for (const [reason, names] of [...reasons].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${names.length}× ${reason}: ${names.slice(0, 6).join(', ')}${names.length > 6 ? ', …' : ''}`);
  }
};

const main = async () => {
  const args = parseArgs(process.argv);
  if (args.child) return runIssChild(args.child);
  extractIss(args.iss);
  if (!existsSync(args.binary)) throw new Error(`no sudokit binary at ${args.binary} (cargo build --release)`);
  mkdirSync(PUZZLE_DIR, { recursive: true });
  const all = args.files.length ? filePuzzles(args.files, args.binary) : await collectPuzzles();
  const puzzles = all.filter((p) => !args.only || args.only.test(p.name));
  const rows = [];
  for (const [i, puzzle] of puzzles.entries()) {
    const row = puzzle.refused ? { name: puzzle.name, mode: 'solve', refused: puzzle.refused } : solveBoth(puzzle, args);
    rows.push(row);
    process.stderr.write(`[${i + 1}/${puzzles.length}] ${row.name}: ${row.refused ? 'refused' : `${fmtMs(row.ours)} vs ${fmtMs(row.iss)}`}\n`);
  }
  const before = args.before ? JSON.parse(readFileSync(args.before, 'utf8')) : null;
  if (args.sudokitOnly && before) {
    // ISS was not run: its times and answers from the earlier run stand.
    const earlier = new Map(before.map((r) => [r.name, r]));
    for (const row of rows) {
      const old = earlier.get(row.name);
      if (!old || row.refused) continue;
      Object.assign(row, { iss: old.iss, issGuesses: old.issGuesses, issError: old.issError });
      if (row.oursAnswer && old.issAnswer) row.agree = sameAnswer(row.oursAnswer, old.issAnswer, row.mode);
    }
  }
  if (args.save) writeFileSync(args.save, JSON.stringify(rows, null, 1));
  printTable(rows, before, args.timeout);
};

main().catch((error) => {
  console.error(`iss-compare: ${error.message}`);
  process.exit(1);
});
