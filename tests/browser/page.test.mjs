// The page of `sudokit serve` in a real browser: load, draw, answers, edits, count, logic.
// Expected values come from the shared variant manifest (solved by an independent oracle),
// the puzzles' own JSON, and known facts (288 4×4 grids), never from sudokit itself.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root, serveWebDir, shared, startBrowser, startServer, variant } from './harness.mjs';
import { fpuzzlesLink, pageHelpers, solutionDigits, sudokupadLink } from './page-helpers.mjs';

let server;
let browser;
let page;
/** Every request the page sent, in order. */
const sent = [];

before(async () => {
  server = await startServer();
  browser = await startBrowser();
  page = await browser.context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  if (process.env.SUDOKIT_WEB_DIR) await serveWebDir(page, resolve(root, process.env.SUDOKIT_WEB_DIR));
  page.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push(JSON.parse(frame.payload))));
  await page.goto(server.url);
  await page.waitForSelector('#connection[data-state="connected"]', { timeout: 10000 });
});

after(async () => {
  await browser?.close();
  server?.stop();
});

const { load, waitForCandidates, gridDigits, gridString, setView, clickCell, countsThe4x4Grids, countsWithProgressUntilCancel, estimatesUntilCancel } =
  pageHelpers(() => page);

/** Does a 9×9 grid keep the classic rules? (Independent of sudokit.) */
function isClassicSolution(digits) {
  const groups = [];
  for (let i = 0; i < 9; i++) {
    groups.push([...Array(9).keys()].map((k) => i * 9 + k));
    groups.push([...Array(9).keys()].map((k) => k * 9 + i));
    const top = Math.floor(i / 3) * 27 + (i % 3) * 3;
    groups.push([...Array(9).keys()].map((k) => top + Math.floor(k / 3) * 9 + (k % 3)));
  }
  return groups.every((group) => new Set(group.map((i) => digits[i])).size === 9 && group.every((i) => digits[i] >= 1));
}

describe('loading and drawing', () => {
  // Several formats: f-puzzles link, SudokuPad link, bare lz, plain JSON; sizes 4, 6, 7, 9.
  const cases = [
    ['ss-clipped.json', (v) => fpuzzlesLink(v.fpuzzles_lz)],
    ['ss-xv-kropki-x.json', (v) => sudokupadLink(v.fpuzzles_lz)],
    ['ss-self-contained.json', (v) => v.fpuzzles_lz],
    ['gen-generated-sandwich.json', (v) => JSON.stringify(v.json)],
    ['ss-peak-sudoku.json', (v) => fpuzzlesLink(v.fpuzzles_lz)],
    ['ss-6x6-extreme-killer.json', (v) => fpuzzlesLink(v.fpuzzles_lz)],
    ['ss-irregular-7x7-kropki.json', (v) => fpuzzlesLink(v.fpuzzles_lz)],
    ['ss-boxes.json', (v) => fpuzzlesLink(v.fpuzzles_lz)],
  ];
  for (const [file, text] of cases) {
    test(`${file}: Solve shows the manifest's solution`, async () => {
      const puzzle = variant(file);
      await load(text(puzzle));
      assert.equal(await page.getAttribute('#uniqueness', 'data-state'), 'unique');
      await page.click('#solve');
      await page.waitForFunction(() => document.querySelectorAll('#board .answers text.digit.solution').length > 0);
      assert.deepEqual(await gridString(puzzle.size), solutionDigits(puzzle));
    });
  }

  test('the rules are drawn from the puzzle JSON', async () => {
    const count = (selector) => page.locator(`#board ${selector}`).count();
    const polylines = (list) => (list ?? []).reduce((sum, entry) => sum + entry.lines.length, 0);

    const clipped = variant('ss-clipped.json');
    await load(fpuzzlesLink(clipped.fpuzzles_lz));
    assert.equal(await count('.thermometer-bulb'), polylines(clipped.json.thermometer));
    assert.equal(await count('.arrow-circle'), clipped.json.arrow.length);
    assert.ok(await page.locator('#rule-list li', { hasText: 'Anti-king' }).count());

    const killer = variant('ss-self-contained.json');
    await load(fpuzzlesLink(killer.fpuzzles_lz));
    assert.equal(await count('g.cages > g.cage'), killer.json.killercage.length);
    const sums = await page.$$eval('#board .cage-sum', (nodes) => nodes.map((n) => n.textContent).sort());
    assert.deepEqual(sums, killer.json.killercage.map((cage) => String(cage.value)).sort());

    const dots = variant('ss-xv-kropki-x.json');
    await load(fpuzzlesLink(dots.fpuzzles_lz));
    assert.equal(await count('circle.ratio'), dots.json.ratio.length);
    assert.equal(await count('circle.difference'), dots.json.difference.length);
    assert.equal(await count('text.xv'), dots.json.xv.length);

    const sandwich = variant('gen-generated-sandwich.json');
    await load(fpuzzlesLink(sandwich.fpuzzles_lz));
    const clues = await page.$$eval('#board text.sandwichsum', (nodes) => nodes.map((n) => n.textContent).sort());
    assert.deepEqual(clues, sandwich.json.sandwichsum.map((clue) => String(clue.value)).sort());

    const quads = variant('ss-boxes.json');
    await load(fpuzzlesLink(quads.fpuzzles_lz));
    assert.equal(await count('circle.quadruple'), quads.json.quadruple.length);
  });

  test('a ?load= address opens the puzzle, and the exports are filled', async () => {
    const puzzle = variant('ss-clipped.json');
    await page.goto(`${server.url}?load=${puzzle.fpuzzles_lz}`);
    await page.waitForFunction(() => document.querySelector('#uniqueness').dataset.state === 'unique', null, { timeout: 20000 });
    assert.equal(await page.textContent('#puzzle-title'), puzzle.json.title);
    assert.match(await page.inputValue('#export-fpuzzles'), /^https:\/\/www\.f-puzzles\.com\/\?load=N4Ig/);
    assert.match(await page.inputValue('#export-sudokupad'), /sudokupad\.app/);
    assert.ok((await page.inputValue('#export-toml')).length > 0);
  });

  test('native TOML: drawn where f-puzzles can say it, the rest named beside the grid', async () => {
    const toml = [
      'size = 4', "givens = '1...............'",
      '[[rules]]', "type = 'thermometer'", "cells = 'r2c1 r2c2 r2c3'",
      '[[rules]]', "type = 'taxicab'", 'value = 3',
    ].join('\n');
    await load(toml);
    assert.equal(await page.locator('#board .thermometer-bulb').count(), 1);
    assert.equal(await page.locator('#board text.digit.given').count(), 1);
    assert.equal(await page.isVisible('#undrawn-box'), true);
    assert.match(await page.textContent('#undrawn'), /taxicab/);
    assert.equal(await page.inputValue('#export-fpuzzles'), '');
    assert.match(await page.getAttribute('#export-fpuzzles', 'placeholder'), /taxicab/);
    assert.match(await page.inputValue('#export-toml'), /taxicab/);
  });

  test('lockout lines are drawn with a diamond at each end, and the difference when one is given', async () => {
    const toml = [
      'size = 9',
      '[[rules]]', "type = 'lockout'", "cells = 'r1c1 r2c2 r3c3'", 'value = 5',
      '[[rules]]', "type = 'lockout'", "cells = 'r9c1 r9c2 r9c3 r8c3'",
    ].join('\n');
    await load(toml);
    assert.equal(await page.locator('#board polyline.lockout').count(), 2);
    assert.equal(await page.locator('#board polygon.lockout-diamond').count(), 4);
    const values = await page.$$eval('#board text.lockout-value', (nodes) => nodes.map((n) => n.textContent));
    assert.deepEqual(values, ['5', '5']);
    assert.equal(await page.isVisible('#undrawn-box'), false);
  });

  test('a dropped file or an opened file loads', async () => {
    const sandwich = variant('gen-generated-sandwich.json');
    const text = JSON.stringify(sandwich.json);
    const dataTransfer = await page.evaluateHandle((json) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([json], 'puzzle.json', { type: 'application/json' }));
      return transfer;
    }, text);
    await page.dispatchEvent('#board', 'drop', { dataTransfer });
    await page.waitForFunction((title) => document.querySelector('#puzzle-title').textContent === title, sandwich.json.title);
    const killer = variant('ss-self-contained.json');
    await page.setInputFiles('#file', { name: 'killer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(killer.json)) });
    await page.waitForFunction((title) => document.querySelector('#puzzle-title').textContent === title, killer.json.title);
    assert.equal(await page.locator('#board g.cage').count(), killer.json.killercage.length);
  });

  test('unreadable input says so', async () => {
    await load('this is not a puzzle');
    assert.equal(await page.getAttribute('#uniqueness', 'data-state'), 'invalid');
    assert.notEqual((await page.textContent('#load-error')).trim(), '');
  });
});

describe('answers', () => {
  test('true candidates of a unique puzzle are its solution, in the one-solution colour', async () => {
    const puzzle = variant('ss-clipped.json');
    await load(fpuzzlesLink(puzzle.fpuzzles_lz));
    await setView('candidates');
    await waitForCandidates();
    assert.deepEqual(await gridString(puzzle.size), solutionDigits(puzzle));
    const oneColour = await page.evaluate(() => getComputedStyle(document.querySelector('#legend .swatch')).color);
    const singles = await page.evaluate(() =>
      [...document.querySelectorAll('#board text.digit.single')].map((n) => getComputedStyle(n).fill));
    assert.equal(singles.length + (await page.locator('#board text.digit.given').count()), puzzle.size ** 2);
    assert.ok(singles.every((fill) => fill === oneColour), `colours ${[...new Set(singles)]} vs legend ${oneColour}`);
    assert.equal(await page.locator('#board text.cand').count(), 0);
  });

  test('a puzzle without solution says so, in the answers and the candidates', async () => {
    const broken = variant('err-6x6-thermometer-too-long-no-solution.json');
    assert.equal(broken.expect, 'none');
    await load(fpuzzlesLink(broken.fpuzzles_lz));
    assert.equal(await page.getAttribute('#uniqueness', 'data-state'), 'none');
    await page.waitForFunction(() => document.querySelector('#candidates-status').dataset.state === 'invalid', null, { timeout: 20000 });
    assert.match(await page.textContent('#candidates-status'), /[Nn]o solution/);
  });

  test('the logical path steps forward and back, marking what each step does', async () => {
    const puzzle = variant('ss-clipped.json');
    await load(fpuzzlesLink(puzzle.fpuzzles_lz));
    await page.waitForFunction(() => /^0 \/ [1-9]/.test(document.querySelector('#step-position').textContent), null, { timeout: 20000 });
    await page.click('#step-next');
    assert.match(await page.textContent('#step-position'), /^1 \/ /);
    assert.notEqual(await page.textContent('#step-text'), 'Initial candidates.');
    assert.ok(await page.locator('#board .mark.placement, #board .mark.elimination').count() > 0);
    assert.equal(await page.isChecked('#view input[value="logic"]'), true);
    const first = await page.textContent('#step-text');
    await page.click('#step-next');
    assert.notEqual(await page.textContent('#step-text'), first);
    await page.click('#step-prev');
    assert.equal(await page.textContent('#step-text'), first);
    await page.click('#step-last');
    assert.match(await page.textContent('#grade'), /Grade: .+logic solves it/);
    // A unique puzzle that logic solves ends on its solution (the last step's cells may
    // still show the candidates it removed).
    const digits = await gridString(puzzle.size);
    const solution = solutionDigits(puzzle);
    assert.ok(digits.filter((d) => d !== 0).length >= puzzle.size ** 2 - 3);
    digits.forEach((d, i) => d !== 0 && assert.equal(d, solution[i], `cell ${i}`));
  });

  test('clearing a given of a 17-clue puzzle shows several solutions and where they differ', async () => {
    const line = readFileSync(join(shared, 'data', 'classic', '17clue.txt'), 'utf8').split('\n')[0];
    await load(line);
    assert.equal(await page.getAttribute('#uniqueness', 'data-state'), 'unique');
    const cleared = line.search(/[1-9]/);
    await clickCell(cleared, 9);
    await page.keyboard.press('Delete');
    // Every 17-clue puzzle is minimal: without one clue it has several solutions.
    await page.waitForFunction(() => document.querySelector('#uniqueness').dataset.state === 'several', null, { timeout: 20000 });
    await setView('solution');
    const differ = await page.locator('#board .mark.differ').count();
    assert.ok(differ >= 4, `${differ} differing cells`); // two grids differ in at least 4 cells
    assert.match(await page.textContent('#uniqueness'), new RegExp(`differ in ${differ} cells`));
    const differCells = await page.$$eval('#board .mark.differ', (nodes) => nodes.map((n) => Number(n.dataset.cell)));
    assert.ok(differCells.every((i) => i === cleared || line[i] === '.'), 'givens cannot differ');
    const shown = await gridString(9);
    assert.ok(isClassicSolution(shown), 'the shown solution keeps the rules');
    [...line].forEach((ch, i) => i !== cleared && ch !== '.' && assert.equal(shown[i], Number(ch)));
    // Typing the digit back restores the unique puzzle.
    await clickCell(cleared, 9);
    await page.keyboard.press(line[cleared]);
    await page.waitForFunction(() => document.querySelector('#uniqueness').dataset.state === 'unique', null, { timeout: 20000 });
    assert.equal(await page.locator('#board .mark.differ').count(), 0);
  });

  test('quick edits send one request per answer, after the typing settles', async () => {
    const line = readFileSync(join(shared, 'data', 'classic', '17clue.txt'), 'utf8').split('\n')[1];
    await load(line);
    // Three cells in a row, typed with the keyboard only (a few ms apart).
    const start = [...line].findIndex((ch, i) => ch === '.' && i % 9 <= 6);
    const cells = [start, start + 1, start + 2];
    await clickCell(start, 9);
    const before = sent.length;
    for (const key of ['1', 'ArrowRight', '2', 'ArrowRight', '3']) await page.keyboard.press(key);
    await page.waitForFunction(() => document.querySelector('#uniqueness').dataset.state !== 'pending', null, { timeout: 20000 });
    const commands = sent.slice(before).map((request) => request.command);
    assert.deepEqual(commands.filter((c) => c === 'uniqueness'), ['uniqueness']);
    assert.deepEqual(commands.filter((c) => c === 'truecandidates'), ['truecandidates']);
    const last = sent.slice(before).find((request) => request.command === 'uniqueness');
    cells.forEach((index, k) => assert.equal(last.givens[index], k + 1));
  });

  test('count finishes on a small board: 288 grids of 4×4', () => countsThe4x4Grids());

  test('count shows progress on an empty 9×9 and stops on cancel', () => countsWithProgressUntilCancel());

  test('estimate streams until cancelled', () => estimatesUntilCancel());
});

describe('screenshot', () => {
  test('a variant puzzle with its true candidates', async () => {
    const puzzle = variant('ss-clipped.json');
    await load(fpuzzlesLink(puzzle.fpuzzles_lz));
    await setView('candidates');
    // Clear givens until there are several solutions, so that the candidates show in colour.
    const givens = await page.$$eval('#board text.digit.given', (nodes) => nodes.map((n) => Number(n.dataset.cell)));
    for (const index of givens) {
      await clickCell(index, puzzle.size);
      await page.keyboard.press('Delete');
      await page.waitForFunction(() => ['#uniqueness', '#candidates-status', '#grade']
        .every((id) => !['pending', 'idle'].includes(document.querySelector(id).dataset.state)), null, { timeout: 20000 });
      if ((await page.getAttribute('#uniqueness', 'data-state')) === 'several') break;
    }
    await page.keyboard.press('Escape');
    await page.evaluate(() => document.activeElement?.blur());
    assert.equal(await page.getAttribute('#uniqueness', 'data-state'), 'several');
    assert.ok(await page.locator('#board text.cand').count() > 0);
    // Written where $SUDOKIT_SCREENSHOT says (docs/serve-page.png when refreshing the README's picture).
    const path = process.env.SUDOKIT_SCREENSHOT ?? join(tmpdir(), 'sudokit-serve-page.png');
    await page.screenshot({ path: resolve(root, path), fullPage: true });
  });
});

describe('connection', () => {
  test('the page says when the server is gone, and reconnects when it is back', async () => {
    const puzzle = variant('ss-clipped.json');
    await load(fpuzzlesLink(puzzle.fpuzzles_lz));
    assert.equal(await page.getAttribute('#connection', 'data-state'), 'connected');
    server.stop();
    await page.waitForSelector('#connection[data-state="reconnecting"]', { timeout: 5000 });
    server = await startServer(server.port);
    await page.waitForSelector('#connection[data-state="connected"]', { timeout: 10000 });
    // The same page goes on working: an edit (with the digit pad) is answered by the new server.
    const given = await page.$eval('#board text.digit.given', (node) => Number(node.dataset.cell));
    const before = sent.length;
    await clickCell(given, puzzle.size);
    await page.click('#digit-pad button:text-is("Clear")');
    assert.equal(await page.getAttribute('#uniqueness', 'data-state'), 'pending');
    await page.waitForFunction(() => !['pending', 'idle'].includes(document.querySelector('#uniqueness').dataset.state), null, { timeout: 20000 });
    assert.match(await page.getAttribute('#uniqueness', 'data-state'), /^(unique|several)$/);
    assert.ok(sent.slice(before).some((request) => request.command === 'uniqueness' && request.givens[given] === 0));
  });
});
