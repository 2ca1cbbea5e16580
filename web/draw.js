// Draws an f-puzzles JSON object as SVG, the way setters know it: regions, givens and every
// rule in its usual form. The answer layers (digits, candidates, highlights) are drawn by
// `drawAnswers` on top, so the puzzle itself is drawn once per load.

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Side of one cell in SVG units. */
const CELL = 60;

/** Colours of the line rules (their usual colours in f-puzzles and SudokuPad). */
const LINE_STYLES = {
  whispers: { stroke: '#5fbf5f', width: 0.13, title: 'German whispers' },
  renban: { stroke: '#c77ef0', width: 0.3, title: 'Renban' },
  palindrome: { stroke: '#a8a8a8', width: 0.3, title: 'Palindrome' },
  betweenline: { stroke: '#b9b9b9', width: 0.1, title: 'Between line' },
  regionsumline: { stroke: '#4a90e2', width: 0.14, title: 'Region sum line' },
  entropicline: { stroke: '#f0a040', width: 0.22, title: 'Entropic line' },
  modularline: { stroke: '#40b8b0', width: 0.22, title: 'Modular line' },
  nabner: { stroke: '#e0c020', width: 0.3, title: 'Nabner line' },
  doublearrow: { stroke: '#b0b0b0', width: 0.1, title: 'Double arrow' },
  zipperline: { stroke: '#9aa7f5', width: 0.16, title: 'Zipper line' },
  lockout: { stroke: '#006cba', width: 0.12, title: 'Lockout line' },
};

/** Global rules that have no mark on the grid but deserve a name under it. */
const GLOBAL_RULES = {
  'diagonal+': 'Positive diagonal',
  'diagonal-': 'Negative diagonal',
  antiknight: 'Anti-knight',
  antiking: 'Anti-king',
  disjointgroups: 'Disjoint groups',
  nonconsecutive: 'Non-consecutive',
};

/** Creates an SVG element with attributes (numbers are rounded for a tidy DOM). */
function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null) continue;
    node.setAttribute(key, typeof value === 'number' ? String(Math.round(value * 100) / 100) : value);
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** `R3C4` → {r: 2, c: 3} (0-based; outside clues give -1 or size). */
function parseCell(text) {
  const match = /^r(\d+)c(\d+)$/i.exec(String(text ?? '').trim());
  return match ? { r: Number(match[1]) - 1, c: Number(match[2]) - 1 } : null;
}

/** The cells of a list of `R?C?` strings, skipping empty or malformed entries. */
function cellsOf(list) {
  return (list ?? []).map(parseCell).filter(Boolean);
}

/** The region index of every cell (row-major), from the grid's `region` fields or the default boxes. */
function regionsOf(puzzle, size) {
  let height = 1;
  for (let d = 1; d * d <= size; d++) if (size % d === 0) height = d;
  const width = size / height;
  const regions = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const cell = puzzle?.grid?.[r]?.[c];
      if (cell && 'region' in cell) regions.push(cell.region);
      else if (height === 1) regions.push(r);
      else regions.push(Math.floor(r / height) * height + Math.floor(c / width));
    }
  }
  return regions;
}

/** The givens of a puzzle as size² digits (0 = empty). */
export function givensOf(puzzle, size) {
  const givens = new Array(size * size).fill(0);
  puzzle?.grid?.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell?.given && cell.value) givens[r * size + c] = Number(cell.value);
    }),
  );
  return givens;
}

/** Does the puzzle carry clues outside the grid (so the drawing needs a margin)? */
function hasOutsideClues(puzzle, size) {
  const outside = (p) => p && (p.r < 0 || p.c < 0 || p.r >= size || p.c >= size);
  return ['littlekillersum', 'sandwichsum', 'xsum', 'skyscraper'].some((key) =>
    (puzzle?.[key] ?? []).some((clue) => outside(parseCell(clue.cell))),
  );
}

/** Geometry shared by every drawing function. */
class Geometry {
  constructor(size, margin) {
    this.size = size;
    this.margin = margin;
    this.extent = size * CELL + 2 * margin;
  }
  /** Centre of a cell (0-based, may be outside the grid). */
  center({ r, c }) {
    return [this.margin + (c + 0.5) * CELL, this.margin + (r + 0.5) * CELL];
  }
  /** Top-left corner of a cell. */
  corner({ r, c }) {
    return [this.margin + c * CELL, this.margin + r * CELL];
  }
}

/**
 * Draws the puzzle into `svg` (emptied first). Returns the layers the answer drawing uses:
 * `{answers, highlights, geometry, regions}`. Keys it cannot draw are found by `unknownKeys`.
 */
export function drawPuzzle(svg, puzzle, size) {
  svg.replaceChildren();
  const margin = hasOutsideClues(puzzle, size) ? CELL : CELL * 0.2;
  const geo = new Geometry(size, margin);
  svg.setAttribute('viewBox', `0 0 ${geo.extent} ${geo.extent}`);
  const regions = regionsOf(puzzle, size);

  const layer = (name) => el('g', { class: name }, svg);
  const background = layer('background');
  el('rect', { x: margin, y: margin, width: size * CELL, height: size * CELL, fill: '#fff' }, background);
  const highlights = layer('highlights');
  const shading = layer('shading');
  const decoration = layer('decoration');
  const lines = layer('lines');
  const cages = layer('cages');
  const gridLayer = layer('grid');
  const marks = layer('marks');
  const answers = layer('answers');
  const outside = layer('outside');

  if (puzzle) {
    drawCellColours(shading, geo, puzzle);
    drawShadedCells(shading, geo, puzzle);
    drawDecoration(decoration, geo, puzzle);
    drawDiagonals(lines, geo, puzzle);
    drawLines(lines, geo, puzzle);
    drawThermometers(lines, geo, puzzle);
    drawArrows(lines, geo, puzzle);
    for (const cage of puzzle.killercage ?? []) drawCage(cages, geo, cellsOf(cage.cells), cage.value, '#222');
    for (const cage of puzzle.cage ?? [])
      drawCage(cages, geo, cellsOf(cage.cells), cage.value, cage.outlineC ?? '#888');
  }
  drawGrid(gridLayer, geo, regions);
  if (puzzle) {
    drawDots(marks, geo, puzzle);
    drawQuadruples(marks, geo, puzzle);
    drawGivenPencilMarks(marks, geo, puzzle);
    drawOutsideClues(outside, geo, puzzle);
    drawTexts(marks, geo, puzzle);
  }
  return { answers, highlights, geometry: geo, regions };
}

/** Background colours the setter gave cells (`c` / `highlight`). */
function drawCellColours(layer, geo, puzzle) {
  puzzle.grid?.forEach((row, r) =>
    row.forEach((cell, c) => {
      const colour = cell?.c ?? cell?.highlight;
      if (!colour) return;
      const [x, y] = geo.corner({ r, c });
      el('rect', { x, y, width: CELL, height: CELL, fill: colour, opacity: 0.6 }, layer);
    }),
  );
}

/** Cell-wide marks: extra regions, clones, indexers, odd/even, minimum/maximum, given pencil marks. */
function drawShadedCells(layer, geo, puzzle) {
  const fill = (cells, colour, title) => {
    for (const p of cells) {
      const [x, y] = geo.corner(p);
      const rect = el('rect', { x, y, width: CELL, height: CELL, fill: colour }, layer);
      el('title', {}, rect).textContent = title;
    }
  };
  for (const region of puzzle.extraregion ?? []) fill(cellsOf(region.cells), '#d6d6d6', 'Extra region');
  for (const clone of puzzle.clone ?? []) {
    fill(cellsOf(clone.cells), '#fbe3c5', 'Clone');
    fill(cellsOf(clone.cloneCells), '#fbe3c5', 'Clone');
  }
  for (const key of ['rowindexer', 'columnindexer', 'boxindexer'])
    for (const group of puzzle[key] ?? []) fill(cellsOf(group.cells), '#f3c9c9', key.replace('indexer', ' indexer'));

  for (const { cell } of puzzle.odd ?? []) {
    const p = parseCell(cell);
    if (!p) continue;
    const [x, y] = geo.center(p);
    el('circle', { cx: x, cy: y, r: CELL * 0.4, fill: '#d0d0d0', class: 'odd' }, layer);
  }
  for (const { cell } of puzzle.even ?? []) {
    const p = parseCell(cell);
    if (!p) continue;
    const [x, y] = geo.center(p);
    const side = CELL * 0.8;
    el('rect', { x: x - side / 2, y: y - side / 2, width: side, height: side, fill: '#d0d0d0', class: 'even' }, layer);
  }
  drawExtremes(layer, geo, puzzle.maximum, '#c8c8c8', 1);
  drawExtremes(layer, geo, puzzle.minimum, '#dce8f7', -1);
}

/** Setter-given pencil marks (the cell takes one of them): small grey digits along the bottom. */
function drawGivenPencilMarks(layer, geo, puzzle) {
  puzzle.grid?.forEach((row, r) =>
    row.forEach((cell, c) => {
      const digits = cell?.givenPencilMarks;
      if (!Array.isArray(digits) || !digits.length) return;
      const [x, y] = geo.center({ r, c });
      label(layer, x, y + CELL * 0.4, digits.join(''), CELL * 0.15, '#777', { class: 'given-marks' });
    }),
  );
}

/** Minimum/maximum cells: shaded, with chevrons pointing out (maximum) or in (minimum). */
function drawExtremes(layer, geo, list, colour, direction) {
  for (const { cell } of list ?? []) {
    const p = parseCell(cell);
    if (!p) continue;
    const [x0, y0] = geo.corner(p);
    el('rect', { x: x0, y: y0, width: CELL, height: CELL, fill: colour }, layer);
    const [cx, cy] = geo.center(p);
    for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      const tip = CELL * (direction > 0 ? 0.46 : 0.36);
      const base = CELL * (direction > 0 ? 0.36 : 0.46);
      const half = CELL * 0.1;
      const points = [
        [cx + dx * base - dy * half, cy + dy * base - dx * half],
        [cx + dx * tip, cy + dy * tip],
        [cx + dx * base + dy * half, cy + dy * base + dx * half],
      ];
      el('polyline', { points: points.map((q) => q.join(',')).join(' '), fill: 'none', stroke: '#555', 'stroke-width': 2 }, layer);
    }
  }
}

/** Decoration the setter drew (`line`, `circle`, `rectangle`); rules text often refers to it. */
function drawDecoration(layer, geo, puzzle) {
  for (const line of puzzle.line ?? [])
    for (const path of line.lines ?? [])
      polyline(layer, geo, cellsOf(path), line.outlineC ?? '#aaa', (Number(line.width) || 0.1) * CELL);
  for (const key of ['circle', 'rectangle']) {
    for (const shape of puzzle[key] ?? []) {
      const cells = cellsOf(shape.cells);
      if (!cells.length) continue;
      const [x, y] = centroid(geo, cells);
      const w = (Number(shape.width) || 0.5) * CELL;
      const h = (Number(shape.height) || 0.5) * CELL;
      const style = { fill: shape.baseC ?? 'none', stroke: shape.outlineC ?? '#000', 'stroke-width': 2 };
      if (key === 'circle') el('ellipse', { cx: x, cy: y, rx: w / 2, ry: h / 2, ...style }, layer);
      else el('rect', { x: x - w / 2, y: y - h / 2, width: w, height: h, ...style }, layer);
      if (shape.value) label(layer, x, y, shape.value, CELL * 0.35, shape.fontC ?? '#000');
    }
  }
}

/** Centre of a group of cells (for a mark that sits between them). */
function centroid(geo, cells) {
  const points = cells.map((p) => geo.center(p));
  return [0, 1].map((i) => points.reduce((sum, q) => sum + q[i], 0) / points.length);
}

function polyline(layer, geo, cells, stroke, width, extra = {}) {
  if (!cells.length) return null;
  const points = cells.map((p) => geo.center(p).join(',')).join(' ');
  return el('polyline', {
    points, fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...extra,
  }, layer);
}

/** Centred text; a colour given here wins over the page's style sheet (it is set as a style). */
function label(layer, x, y, text, fontSize, fill = '#000', extra = {}) {
  const node = el('text', {
    x, y, 'font-size': fontSize, 'text-anchor': 'middle', 'dominant-baseline': 'central', ...extra,
  }, layer);
  if (fill) node.style.fill = fill;
  node.textContent = String(text);
  return node;
}

function drawDiagonals(layer, geo, puzzle) {
  const n = geo.size;
  const a = geo.margin;
  const b = geo.margin + n * CELL;
  const style = { stroke: '#7aa2d6', 'stroke-width': 2 };
  if (puzzle['diagonal-']) el('line', { x1: a, y1: a, x2: b, y2: b, ...style }, layer);
  if (puzzle['diagonal+']) el('line', { x1: a, y1: b, x2: b, y2: a, ...style }, layer);
}

/** The coloured line rules; between lines and double arrows get their end circles, lockout lines
 * their end diamonds (with the difference when the entry gives one). */
function drawLines(layer, geo, puzzle) {
  for (const [key, style] of Object.entries(LINE_STYLES)) {
    for (const entry of puzzle[key] ?? []) {
      for (const path of entry.lines ?? []) {
        const cells = cellsOf(path);
        const line = polyline(layer, geo, cells, entry.outlineC ?? style.stroke, style.width * CELL, { class: key });
        if (line) el('title', {}, line).textContent = style.title;
        if ((key === 'betweenline' || key === 'doublearrow') && cells.length) {
          for (const end of [cells[0], cells[cells.length - 1]]) {
            const [x, y] = geo.center(end);
            el('circle', { cx: x, cy: y, r: CELL * 0.4, fill: '#fff', stroke: style.stroke, 'stroke-width': 2 }, layer);
          }
        }
        if (key === 'lockout' && cells.length) {
          for (const end of [cells[0], cells[cells.length - 1]]) {
            const [x, y] = geo.center(end);
            const d = CELL * 0.3;
            const points = [[x, y - d], [x + d, y], [x, y + d], [x - d, y]].map((q) => q.join(',')).join(' ');
            el('polygon', { points, fill: '#fff', stroke: style.stroke, 'stroke-width': 2, class: 'lockout-diamond' }, layer);
            if (entry.value) {
              const attrs = { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': CELL * 0.25, class: 'lockout-value' };
              const text = el('text', attrs, layer);
              text.textContent = String(entry.value);
            }
          }
        }
      }
    }
  }
}

/** Thermometers: a grey tube with a bulb on the first cell; slow ones have a hollow bulb ring. */
function drawThermometers(layer, geo, puzzle) {
  for (const [key, colour] of [['thermometer', '#c4c4c4'], ['slowthermometer', '#a9c1e8']]) {
    for (const entry of puzzle[key] ?? []) {
      for (const path of entry.lines ?? []) {
        const cells = cellsOf(path);
        if (!cells.length) continue;
        polyline(layer, geo, cells, colour, CELL * 0.28, { class: key });
        const [x, y] = geo.center(cells[0]);
        const bulb = el('circle', { cx: x, cy: y, r: CELL * 0.38, fill: colour, class: `${key}-bulb` }, layer);
        el('title', {}, bulb).textContent = key === 'thermometer' ? 'Thermometer' : 'Slow thermometer';
      }
    }
  }
}

/** Arrows: a circle (or pill) and a shaft from its edge to an arrowhead on the last cell. */
function drawArrows(layer, geo, puzzle) {
  for (const arrow of puzzle.arrow ?? []) {
    const circle = cellsOf(arrow.cells);
    if (circle.length) drawPill(layer, geo, circle);
    for (const path of arrow.lines ?? []) {
      const cells = cellsOf(path);
      if (cells.length < 2) continue;
      const points = cells.map((p) => geo.center(p));
      // Start the shaft on the circle's rim, not its centre.
      const [x0, y0] = points[0];
      const [x1, y1] = points[1];
      const length = Math.hypot(x1 - x0, y1 - y0) || 1;
      const rim = CELL * 0.4;
      points[0] = [x0 + ((x1 - x0) / length) * rim, y0 + ((y1 - y0) / length) * rim];
      const style = { fill: 'none', stroke: '#9a9a9a', 'stroke-width': 3, 'stroke-linejoin': 'round', class: 'arrow' };
      el('polyline', { points: points.map((q) => q.join(',')).join(' '), ...style }, layer);
      const [xa, ya] = points[points.length - 2];
      const [xb, yb] = points[points.length - 1];
      const angle = Math.atan2(yb - ya, xb - xa);
      const head = CELL * 0.22;
      const wing = (turn) => [xb - head * Math.cos(angle + turn), yb - head * Math.sin(angle + turn)].join(',');
      el('polyline', { points: `${wing(0.5)} ${xb},${yb} ${wing(-0.5)}`, ...style }, layer);
    }
  }
}

/** An arrow's circle: one cell gives a circle, several a rounded pill around them. */
function drawPill(layer, geo, cells) {
  const style = { fill: '#fff', stroke: '#9a9a9a', 'stroke-width': 3, class: 'arrow-circle' };
  const xs = cells.map((p) => geo.center(p)[0]);
  const ys = cells.map((p) => geo.center(p)[1]);
  const rim = CELL * 0.4;
  const x = Math.min(...xs) - rim;
  const y = Math.min(...ys) - rim;
  el('rect', { x, y, width: Math.max(...xs) + rim - x, height: Math.max(...ys) + rim - y, rx: rim, ry: rim, ...style }, layer);
}

/**
 * A killer cage: a dashed outline just inside the cage's border, the sum in its first cell.
 * Each open side of a cell is drawn inset; its ends stop short, meet the neighbour's line, or
 * reach past the corner, depending on which neighbours belong to the cage.
 */
function drawCage(layer, geo, cells, value, colour) {
  if (!cells.length) return;
  const inCage = new Set(cells.map(({ r, c }) => `${r},${c}`));
  const has = (r, c) => inCage.has(`${r},${c}`);
  const d = CELL * 0.08;
  const group = el('g', { class: 'cage', stroke: colour, 'stroke-width': 1.6, 'stroke-dasharray': '5 4', fill: 'none' }, layer);
  const extent = (along, beside) => (along ? (beside ? d : 0) : -d);
  for (const { r, c } of cells) {
    const [x, y] = geo.corner({ r, c });
    // [outside neighbour dr,dc] for each side; the line runs along the other axis.
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      if (has(r + dr, c + dc)) continue;
      if (dr !== 0) {
        const yy = dr < 0 ? y + d : y + CELL - d;
        const x1 = x - extent(has(r, c - 1), has(r + dr, c - 1));
        const x2 = x + CELL + extent(has(r, c + 1), has(r + dr, c + 1));
        el('line', { x1, y1: yy, x2, y2: yy }, group);
      } else {
        const xx = dc < 0 ? x + d : x + CELL - d;
        const y1 = y - extent(has(r - 1, c), has(r - 1, c + dc));
        const y2 = y + CELL + extent(has(r + 1, c), has(r + 1, c + dc));
        el('line', { x1: xx, y1, x2: xx, y2 }, group);
      }
    }
  }
  if (value !== undefined && value !== null && value !== '') {
    const first = [...cells].sort((a, b) => a.r - b.r || a.c - b.c)[0];
    const [x, y] = geo.corner(first);
    const text = String(value);
    const w = CELL * 0.115 * text.length + CELL * 0.05;
    el('rect', { x: x + 2, y: y + 2, width: w, height: CELL * 0.21, fill: '#fff' }, layer);
    label(layer, x + 2 + w / 2, y + 2 + CELL * 0.105, text, CELL * 0.19, colour, { class: 'cage-sum' });
  }
}

/** Cell lines, then thick region borders and the outer frame. */
function drawGrid(layer, geo, regions) {
  const n = geo.size;
  const thin = el('g', { stroke: '#777', 'stroke-width': 1 }, layer);
  for (let i = 1; i < n; i++) {
    const at = geo.margin + i * CELL;
    el('line', { x1: geo.margin, y1: at, x2: geo.margin + n * CELL, y2: at }, thin);
    el('line', { x1: at, y1: geo.margin, x2: at, y2: geo.margin + n * CELL }, thin);
  }
  const thick = el('g', { stroke: '#000', 'stroke-width': 3, 'stroke-linecap': 'square', class: 'regions' }, layer);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const region = regions[r * n + c];
      const [x, y] = geo.corner({ r, c });
      if (c + 1 < n && regions[r * n + c + 1] !== region)
        el('line', { x1: x + CELL, y1: y, x2: x + CELL, y2: y + CELL }, thick);
      if (r + 1 < n && regions[(r + 1) * n + c] !== region)
        el('line', { x1: x, y1: y + CELL, x2: x + CELL, y2: y + CELL }, thick);
    }
  }
  el('rect', { x: geo.margin, y: geo.margin, width: n * CELL, height: n * CELL, fill: 'none', stroke: '#000', 'stroke-width': 4 }, layer);
}

/** Kropki dots (white difference, black ratio) and X/V on the edge between two cells. */
function drawDots(layer, geo, puzzle) {
  const between = (cells) => (cells.length === 2 ? centroid(geo, cells) : null);
  for (const [key, fill] of [['difference', '#fff'], ['ratio', '#000']]) {
    for (const dot of puzzle[key] ?? []) {
      const at = between(cellsOf(dot.cells));
      if (!at) continue;
      el('circle', { cx: at[0], cy: at[1], r: CELL * 0.13, fill, stroke: '#000', 'stroke-width': 1.5, class: key }, layer);
      const value = dot.value && String(dot.value) !== (key === 'ratio' ? '2' : '1') ? dot.value : null;
      if (value) label(layer, at[0], at[1], value, CELL * 0.16, key === 'ratio' ? '#fff' : '#000');
    }
  }
  for (const mark of puzzle.xv ?? []) {
    const at = between(cellsOf(mark.cells));
    if (!at) continue;
    el('rect', { x: at[0] - CELL * 0.13, y: at[1] - CELL * 0.15, width: CELL * 0.26, height: CELL * 0.3, fill: '#fff' }, layer);
    label(layer, at[0], at[1], String(mark.value ?? '').toUpperCase(), CELL * 0.3, '#000', { 'font-weight': 'bold', class: 'xv' });
  }
}

/** Quadruple circles on the corner shared by four cells, with their digits. */
function drawQuadruples(layer, geo, puzzle) {
  for (const quad of puzzle.quadruple ?? []) {
    const cells = cellsOf(quad.cells);
    if (!cells.length) continue;
    const [x, y] = centroid(geo, cells);
    el('circle', { cx: x, cy: y, r: CELL * 0.25, fill: '#fff', stroke: '#000', 'stroke-width': 1.5, class: 'quadruple' }, layer);
    const values = (quad.values ?? []).map(String);
    const half = Math.ceil(values.length / 2);
    const rows = values.length > 2 ? [values.slice(0, half), values.slice(half)] : [values];
    rows.forEach((row, i) => {
      const dy = rows.length === 1 ? 0 : (i === 0 ? -1 : 1) * CELL * 0.09;
      label(layer, x, y + dy, row.join(' '), CELL * 0.16);
    });
  }
}

/** Sandwich, X-sum, skyscraper and little-killer clues around the grid. */
function drawOutsideClues(layer, geo, puzzle) {
  const styles = { sandwichsum: 'Sandwich sum', xsum: 'X-sum', skyscraper: 'Skyscraper' };
  for (const [key, title] of Object.entries(styles)) {
    for (const clue of puzzle[key] ?? []) {
      const p = parseCell(clue.cell);
      if (!p || clue.value === undefined || clue.value === '') continue;
      const [x, y] = geo.center(p);
      const group = el('g', {}, layer);
      el('title', {}, group).textContent = title;
      label(group, x, y, clue.value, CELL * 0.4, '#000', { class: key });
    }
  }
  const directions = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] };
  for (const clue of puzzle.littlekillersum ?? []) {
    const p = parseCell(clue.cell);
    const [dr, dc] = directions[String(clue.direction).toUpperCase()] ?? [];
    if (!p || dr === undefined) continue;
    const [x, y] = geo.center(p);
    // The sum sits towards the opposite corner, the arrow points along the diagonal.
    label(layer, x - dc * CELL * 0.12, y - dr * CELL * 0.12, clue.value ?? '', CELL * 0.3, '#000', { class: 'littlekiller' });
    const start = [x + dc * CELL * 0.18, y + dr * CELL * 0.18];
    const end = [x + dc * CELL * 0.4, y + dr * CELL * 0.4];
    const style = { stroke: '#000', 'stroke-width': 1.5, fill: 'none' };
    el('line', { x1: start[0], y1: start[1], x2: end[0], y2: end[1], ...style }, layer);
    const h = CELL * 0.08;
    el('polyline', { points: `${end[0] - dc * h},${end[1]} ${end[0]},${end[1]} ${end[0]},${end[1] - dr * h}`, ...style }, layer);
  }
}

/** Text the setter placed (`text`), at the centre of its cells. */
function drawTexts(layer, geo, puzzle) {
  for (const text of puzzle.text ?? []) {
    const cells = cellsOf(text.cells);
    if (!cells.length) continue;
    const [x, y] = centroid(geo, cells);
    const node = label(layer, x, y, text.value ?? '', (Number(text.size) || 0.5) * CELL * 0.6, text.fontC ?? '#000');
    if (text.angle) node.setAttribute('transform', `rotate(${Number(text.angle)} ${x} ${y})`);
  }
}

/**
 * Colour for a candidate used by `count` solutions when counting stops at `cap`:
 * one solution is green, the cap (or more) is blue-violet, in between a hue ramp.
 */
export function countColour(count, cap) {
  if (cap <= 1) return '#1f5fbf';
  const t = Math.min(1, (count - 1) / (cap - 1));
  const hue = 130 + t * 140; // green → teal → blue → violet
  return `hsl(${Math.round(hue)}, 70%, ${Math.round(36 - t * 4)}%)`;
}

/**
 * Draws what the grid shows now: digits and candidates per cell, and highlights.
 * `view.cells[i]` = {digit, kind:'given'|'solution'|'placed'} or {candidates:[{d, colour, cls}]};
 * `view.marks` = {cellIndex: className} for cell highlights.
 */
export function drawAnswers(layers, view) {
  const { answers, highlights, geometry: geo } = layers;
  answers.replaceChildren();
  highlights.replaceChildren();
  const n = geo.size;
  const sub = Math.ceil(Math.sqrt(n));
  for (const [index, cls] of Object.entries(view.marks ?? {})) {
    const [x, y] = geo.corner({ r: Math.floor(index / n), c: index % n });
    el('rect', { x, y, width: CELL, height: CELL, class: `mark ${cls}`, 'data-cell': index }, highlights);
  }
  view.cells.forEach((cell, index) => {
    if (!cell) return;
    const p = { r: Math.floor(index / n), c: index % n };
    const [cx, cy] = geo.center(p);
    const [x0, y0] = geo.corner(p);
    if (cell.digit) {
      label(answers, cx, cy + 1, cell.digit, CELL * (n > 9 ? 0.5 : 0.62), cell.colour ?? null, {
        class: `digit ${cell.kind}`, 'data-cell': index,
      });
      return;
    }
    for (const cand of cell.candidates ?? []) {
      const i = cand.d - 1;
      // Inset from the top-left corner, where a cage sum sits.
      const x = x0 + CELL * (0.07 + ((i % sub) + 0.5) * (0.86 / sub));
      const y = y0 + CELL * (0.2 + (Math.floor(i / sub) + 0.5) * (0.76 / sub));
      label(answers, x, y + 0.5, cand.d, (CELL / sub) * 0.66, cand.colour ?? null, {
        class: `cand ${cand.cls ?? ''}`, 'data-cell': index,
      });
    }
  });
}

/** The rules the drawing shows only as a name (global ones), for the list beside the grid. */
export function globalRuleNames(puzzle) {
  const names = Object.entries(GLOBAL_RULES).filter(([key]) => puzzle?.[key]).map(([, name]) => name);
  for (const negative of puzzle?.negative ?? []) {
    if (negative === 'ratio') names.push('All black dots given');
    if (negative === 'xv') names.push('All X/V given');
  }
  return names;
}

/** Every f-puzzles key this file draws or names, and the keys that are not rules. */
const KNOWN_KEYS = new Set([
  'size', 'grid', 'title', 'author', 'ruleset', 'solution', 'highlightConflicts', 'disabledlogic',
  'truecandidatesoptions', 'negative', ...Object.keys(GLOBAL_RULES), ...Object.keys(LINE_STYLES),
  'odd', 'even', 'minimum', 'maximum', 'difference', 'ratio', 'xv', 'killercage', 'extraregion', 'clone',
  'quadruple', 'rowindexer', 'columnindexer', 'boxindexer', 'cage', 'thermometer', 'slowthermometer',
  'arrow', 'littlekillersum', 'sandwichsum', 'xsum', 'skyscraper', 'line', 'text', 'circle', 'rectangle',
]);

/** Keys of the puzzle that carry something this page cannot draw (to name them instead). */
export function unknownKeys(puzzle) {
  return Object.entries(puzzle ?? {})
    .filter(([key, value]) => !KNOWN_KEYS.has(key) && value !== false && value !== null
      && !(Array.isArray(value) && value.length === 0))
    .map(([key]) => key);
}
