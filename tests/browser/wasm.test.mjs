// The page without a server: the static folder of scripts/build-web.sh (web/dist) served by a
// plain file server, with no `sudokit serve` anywhere, in Debian's Chromium. Every answer comes
// from the WebAssembly engine in the page's workers. Expected values come from the shared
// variant manifest and known facts (288 4×4 grids), never from sudokit itself.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { manifest, startBrowser, variant } from './harness.mjs';
import { dist } from './engine.mjs';
import { fpuzzlesLink, pageHelpers, solutionDigits, sudokupadLink } from './page-helpers.mjs';
import { serveStatic } from './static.mjs';

let files;
let browser;
let page;
/** Requests that left for anywhere but the static server. */
const elsewhere = [];
const { load, waitForCandidates, gridString, setView, countsThe4x4Grids, countsWithProgressUntilCancel, estimatesUntilCancel } =
  pageHelpers(() => page);

before(async () => {
  assert.ok(existsSync(join(dist, 'sudokit.wasm')), `${dist}/sudokit.wasm is missing: run scripts/build-web.sh`);
  files = await serveStatic(dist);
  browser = await startBrowser();
  page = await browser.context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  // The network is the static server and nothing else.
  await browser.context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(files.url)) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  await page.goto(files.url);
  await page.waitForSelector('#connection[data-state="local"]', { timeout: 20000 });
});

after(async () => {
  await browser?.close();
  await files?.stop();
});

describe('the page on its own (WebAssembly)', () => {
  const cases = [
    ['ss-clipped.json', (v) => fpuzzlesLink(v.fpuzzles_lz)],
    ['ss-xv-kropki-x.json', (v) => sudokupadLink(v.fpuzzles_lz)],
    ['ss-self-contained.json', (v) => v.fpuzzles_lz],
    ['gen-generated-sandwich.json', (v) => JSON.stringify(v.json)],
    ['ss-6x6-extreme-killer.json', (v) => fpuzzlesLink(v.fpuzzles_lz)],
    ['ss-irregular-7x7-kropki.json', (v) => fpuzzlesLink(v.fpuzzles_lz)],
  ];
  for (const [file, text] of cases) {
    test(`${file}: unique, Solve and the true candidates show the manifest's solution`, async () => {
      const puzzle = variant(file);
      await load(text(puzzle));
      assert.equal(await page.getAttribute('#uniqueness', 'data-state'), 'unique');
      await setView('candidates');
      await waitForCandidates();
      assert.deepEqual(await gridString(puzzle.size), solutionDigits(puzzle));
      await page.click('#solve');
      await page.waitForFunction(() => document.querySelectorAll('#board .answers text.digit.solution').length > 0);
      assert.deepEqual(await gridString(puzzle.size), solutionDigits(puzzle));
    });
  }

  test('a puzzle without solution says so', async () => {
    const none = manifest().find((e) => e.expect === 'none');
    await load(fpuzzlesLink(none.fpuzzles_lz));
    assert.equal(await page.getAttribute('#uniqueness', 'data-state'), 'none');
  });

  test('the logical path steps forward and back and ends on the solution', async () => {
    const puzzle = variant('ss-clipped.json');
    await load(fpuzzlesLink(puzzle.fpuzzles_lz));
    await page.waitForFunction(() => /^0 \/ [1-9]/.test(document.querySelector('#step-position').textContent), null, { timeout: 20000 });
    await page.click('#step-next');
    assert.match(await page.textContent('#step-position'), /^1 \/ /);
    const first = await page.textContent('#step-text');
    await page.click('#step-next');
    assert.notEqual(await page.textContent('#step-text'), first);
    await page.click('#step-prev');
    assert.equal(await page.textContent('#step-text'), first);
    assert.ok(await page.locator('#board .mark.placement, #board .mark.elimination').count() > 0);
    await page.click('#step-last');
    assert.match(await page.textContent('#grade'), /Grade: .+logic solves it/);
    // The last step's cells may still show the candidates it removed.
    const digits = await gridString(puzzle.size);
    const solution = solutionDigits(puzzle);
    assert.ok(digits.filter((d) => d !== 0).length >= puzzle.size ** 2 - 3);
    digits.forEach((d, i) => d !== 0 && assert.equal(d, solution[i], `cell ${i}`));
  });

  test('count finishes on a small board: 288 grids of 4×4', () => countsThe4x4Grids());

  test('count shows progress on an empty 9×9 and stops on cancel', async () => {
    await countsWithProgressUntilCancel();
    // The engine still answers after the cancel replaced its worker.
    await countsThe4x4Grids();
  });

  test('an estimate streams until cancelled', () => estimatesUntilCancel());

  test('nothing left for the network but the static server', async () => {
    if (process.env.SUDOKIT_SCREENSHOT) {
      const puzzle = variant('ss-clipped.json');
      await load(fpuzzlesLink(puzzle.fpuzzles_lz));
      await setView('candidates');
      await waitForCandidates();
      await page.screenshot({ path: process.env.SUDOKIT_SCREENSHOT, fullPage: true });
    }
    assert.deepEqual(elsewhere.filter((url) => !url.startsWith('ws:')), []);
  });
});
