// The page's helpers shared by the tests of both modes (page.test.mjs against `sudokit serve`,
// wasm.test.mjs against the static folder): loading, reading the grid, clicking cells, counting.
import assert from 'node:assert/strict';

export const fpuzzlesLink = (lz) => `https://www.f-puzzles.com/?load=${lz}`;
export const sudokupadLink = (lz) => `https://sudokupad.app/fpuzzles${lz}`;
export const emptyGrid = (size) => JSON.stringify({ size, grid: Array.from({ length: size }, () => Array.from({ length: size }, () => ({}))) });

/** Manifest solutions: one char per cell up to 9×9, two digits per cell above. */
export function solutionDigits(entry) {
  const text = entry.solution;
  return entry.size > 9 ? text.match(/../g).map(Number) : [...text].map(Number);
}

/** The helpers bound to a page (`getPage()` is read at each call). */
export function pageHelpers(getPage) {
  /** Pastes text into the load box, loads it and waits for the uniqueness answer. */
  async function load(text) {
    await getPage().fill('#input', text);
    await getPage().click('#load');
    await getPage().waitForFunction(() => {
      const state = document.querySelector('#uniqueness').dataset.state;
      return state !== 'pending' && state !== 'idle';
    }, null, { timeout: 20000 });
  }

  async function waitForCandidates() {
    await getPage().waitForFunction(() => document.querySelector('#candidates-status').dataset.state === 'done', null, { timeout: 20000 });
  }

  /** The big digits on the grid: cell index → {digit, kinds, fill}. */
  async function gridDigits() {
    return getPage().$$eval('#board .answers text.digit', (nodes) =>
      Object.fromEntries(nodes.map((node) => [Number(node.dataset.cell), {
        digit: Number(node.textContent), kinds: node.getAttribute('class'), fill: node.getAttribute('fill'),
      }])));
  }

  /** The grid as a row-major digit string (0 where a cell shows no single digit). */
  async function gridString(size) {
    const digits = await gridDigits();
    return Array.from({ length: size * size }, (_, i) => digits[i]?.digit ?? 0);
  }

  async function setView(view) {
    await getPage().click(`#view label:has(input[value="${view}"])`);
  }

  /** Clicks a cell by its index, at the centre of the cell's rectangle on screen. */
  async function clickCell(index, size) {
    const box = await getPage().locator('#board .grid rect').last().boundingBox();
    const r = Math.floor(index / size);
    const c = index % size;
    await getPage().mouse.click(box.x + ((c + 0.5) * box.width) / size, box.y + ((r + 0.5) * box.height) / size);
  }

  /** Count on an empty 4×4 ends with its 288 grids. */
  async function countsThe4x4Grids() {
    await load(emptyGrid(4));
    await getPage().click('#count');
    await getPage().waitForFunction(() => document.querySelector('#count-result').dataset.state === 'done', null, { timeout: 20000 });
    assert.match(await getPage().textContent('#count-result'), /^288 solutions/);
  }

  /** Count on an empty 9×9 shows growing progress, and nothing more after Cancel. */
  async function countsWithProgressUntilCancel() {
    const page = getPage();
    await load(emptyGrid(9));
    await page.click('#count');
    await page.waitForFunction(() => /so far/.test(document.querySelector('#count-result').textContent), null, { timeout: 10000 });
    const first = await page.textContent('#count-result');
    await page.waitForFunction((text) => document.querySelector('#count-result').textContent !== text, first, { timeout: 5000 });
    await page.click('#count-cancel');
    await page.waitForFunction(() => document.querySelector('#count-result').dataset.state === 'canceled', null, { timeout: 5000 });
    const stopped = await page.textContent('#count-result');
    await page.waitForTimeout(800);
    assert.equal(await page.textContent('#count-result'), stopped, 'no progress after the cancel');
    assert.equal(await page.isDisabled('#count-cancel'), true);
  }

  /** Estimate on an empty 9×9 streams new estimates until Cancel. */
  async function estimatesUntilCancel() {
    const page = getPage();
    await load(emptyGrid(9));
    await page.click('#estimate');
    await page.waitForFunction(() => document.querySelector('#count-result').textContent.startsWith('≈'), null, { timeout: 10000 });
    const first = await page.textContent('#count-result');
    assert.match(first, /≈ \S+ solutions \(95 % interval/);
    await page.waitForFunction((text) => document.querySelector('#count-result').textContent !== text, first, { timeout: 5000 });
    await page.click('#count-cancel');
    await page.waitForFunction(() => document.querySelector('#count-result').dataset.state === 'canceled', null, { timeout: 5000 });
  }

  return {
    load, waitForCandidates, gridDigits, gridString, setView, clickCell,
    countsThe4x4Grids, countsWithProgressUntilCancel, estimatesUntilCancel,
  };
}
