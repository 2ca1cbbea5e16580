// The page of `sudokit serve`: loads a puzzle, draws it, and keeps the answers live while the
// setter edits givens. The server runs one job per connection (a new message cancels the old
// one), so each kind of answer has its own connection ("channel") and they run side by side.
// Without a server (the static folder of scripts/build-web.sh on any file host) the same
// requests go to sudokit compiled to WebAssembly, one Web Worker per channel (worker.js).

import { drawPuzzle, drawAnswers, givensOf, countColour, globalRuleNames, unknownKeys } from './draw.js';

const $ = (id) => document.getElementById(id);
const DEBOUNCE_MS = 250;
let lastNonce = 0;

/** One websocket to the server that reconnects quietly and re-sends its unanswered request. */
class Channel {
  constructor(name, onMessage) {
    this.name = name;
    this.onMessage = onMessage;
    this.nonce = 0;
    this.pending = null; // the last request that has no final answer yet
    this.retryMs = 300;
    this.connect();
  }

  connect() {
    const socket = new WebSocket(`ws://${location.host}/`);
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = 300;
      showConnection();
      if (this.pending) socket.send(this.pending);
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.nonce !== this.nonce) return; // an answer to a request we replaced
      if (isFinal(message)) this.pending = null;
      this.onMessage(message);
    };
    socket.onclose = () => {
      showConnection();
      setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 5000);
    };
  }

  get open() {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends a command; any earlier job on this channel is cancelled by the server. */
  send(command, fields = {}) {
    this.nonce = ++lastNonce;
    this.pending = JSON.stringify({ nonce: this.nonce, command, dataType: 'fpuzzles', ...fields });
    if (this.open) this.socket.send(this.pending);
    return this.nonce;
  }
}

/**
 * The same channel without a server: a Web Worker running the WebAssembly engine. A new request
 * while a job runs (or `cancel`) terminates the worker and starts a fresh one, as the server
 * cancels a connection's job.
 */
class WorkerChannel {
  constructor(name, onMessage) {
    this.name = name;
    this.onMessage = onMessage;
    this.nonce = 0;
    this.busy = false; // a job runs whose final answer has not come
    this.start();
  }

  start() {
    this.ready = false;
    this.worker = new Worker('worker.js');
    this.worker.onerror = (event) => engineFailed(event.message || 'worker.js did not start');
    this.worker.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === 'ready') {
        this.ready = true;
        showConnection();
      } else if (message.type === 'failed') {
        engineFailed(message.message);
      } else if (message.nonce === this.nonce) {
        if (isFinal(message)) this.busy = false;
        this.onMessage(message);
      }
    };
  }

  get open() {
    return this.ready;
  }

  send(command, fields = {}) {
    const nonce = (this.nonce = ++lastNonce);
    if (this.busy) {
      this.worker.terminate();
      this.start();
      this.busy = false;
    }
    if (command === 'cancel') {
      setTimeout(() => nonce === this.nonce && this.onMessage({ nonce, type: 'canceled' }));
    } else {
      this.busy = true;
      this.worker.postMessage(JSON.stringify({ nonce, command, dataType: 'fpuzzles', ...fields }));
    }
    return nonce;
  }
}

/** Does `sudokit serve` answer where the page came from? A websocket that opens says so. */
function serverAnswers() {
  return new Promise((resolve) => {
    let socket;
    try {
      socket = new WebSocket(`ws://${location.host}/`);
    } catch {
      return resolve(false); // no host (file:), or an https page that may not open ws://
    }
    const timer = setTimeout(() => {
      socket.close();
      resolve(false);
    }, 3000);
    socket.onopen = () => {
      clearTimeout(timer);
      socket.close();
      resolve(true);
    };
    socket.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
  });
}

/** Is the WebAssembly engine beside the page (the static folder), rather than a server's page? */
async function engineShipped() {
  try {
    return (await fetch('sudokit.wasm', { method: 'HEAD' })).ok;
  } catch {
    return false;
  }
}

/** The page runs the engine itself (no server answered and the .wasm is here). */
const local = !(await serverAnswers()) && (await engineShipped());

function engineFailed(message) {
  const node = $('connection');
  node.dataset.state = 'reconnecting';
  node.textContent = `engine failed: ${message}`;
}

/** Is this the last answer to its request (so a reconnect need not ask again)? */
function isFinal(message) {
  if (message.type === 'count') return !message.inProgress;
  return message.type !== 'estimate';
}

const state = {
  data: null, // the text the puzzle was loaded from; sent with every request
  loading: null, // text sent with `load`, becoming `data` once the server reads it
  size: 0,
  puzzle: null,
  loaded: null,
  givens: null, // size² digits, the setter's edits included
  layers: null,
  selected: null,
  view: 'candidates',
  cap: 8,
  uniqueness: null,
  trueCandidates: null,
  candidatesError: null,
  steps: null,
  stepPosition: 0,
  solution: null,
  typedDigit: null, // first digit typed on a board above 9×9, waiting for a second one
};

const Transport = local ? WorkerChannel : Channel;
const channels = {
  load: new Transport('load', onLoaded),
  uniqueness: new Transport('uniqueness', onUniqueness),
  candidates: new Transport('candidates', onTrueCandidates),
  steps: new Transport('steps', onSteps),
  count: new Transport('count', onCount),
  solve: new Transport('solve', onSolved),
};

function showConnection() {
  const open = Object.values(channels).every((channel) => channel.open);
  const node = $('connection');
  if (local) {
    node.dataset.state = open ? 'local' : 'connecting';
    node.textContent = open ? 'in this browser (WebAssembly)' : 'starting the engine…';
    return;
  }
  node.dataset.state = open ? 'connected' : 'reconnecting';
  node.textContent = open ? 'connected' : 'reconnecting…';
}

// ---- loading -------------------------------------------------------------------------------

let loadNonce = 0;

/** Sends the text to the server, which detects its format and answers `loaded`. */
function loadText(text) {
  if (!text.trim()) return;
  clearTimeout(refreshTimer); // an edit of the old puzzle need not be answered
  state.loading = text.trim();
  $('load-error').textContent = '';
  setStatus('uniqueness', 'pending', 'Loading…');
  loadNonce = channels.load.send('load', { data: state.loading });
}

/** The fields every request about the current puzzle carries. */
function puzzleFields() {
  const fields = { data: state.data };
  if (state.givens) fields.givens = state.givens;
  return fields;
}

function onLoaded(message) {
  if (message.type === 'invalid') {
    if (message.nonce === loadNonce) {
      $('load-error').textContent = message.message;
      setStatus('uniqueness', 'invalid', 'The puzzle could not be read.');
    }
    // (a refresh after an edit fails only with the edit's answers, which say why)
    return;
  }
  if (message.type !== 'loaded') return;
  const refresh = message.nonce !== loadNonce;
  state.loaded = message;
  showExports(message);
  if (refresh) return; // only the exports change after an edit
  state.data = state.loading;
  state.size = message.size;
  state.puzzle = message.puzzle;
  state.givens = message.givens ?? (message.puzzle ? givensOf(message.puzzle, message.size) : null);
  state.selected = null;
  $('input').scrollTop = 0;
  state.layers = drawPuzzle($('board'), state.puzzle, state.size);
  showRules(message);
  showDigitPad();
  $('solve').disabled = false;
  resetAnswers();
  requestAnswers();
}

function showRules(message) {
  $('puzzle-title').textContent = message.title || message.puzzle?.title || '';
  $('puzzle-author').textContent = (message.author || message.puzzle?.author) ? `by ${message.author || message.puzzle.author}` : '';
  const list = $('rule-list');
  list.replaceChildren(...globalRuleNames(message.puzzle).map((name) => item(name)));
  const undrawn = [...(message.undrawn ?? []), ...unknownKeys(message.puzzle)];
  $('undrawn').replaceChildren(...undrawn.map((name) => item(name)));
  $('undrawn-box').hidden = undrawn.length === 0;
  const ruleset = message.ruleset || message.puzzle?.ruleset || '';
  $('ruleset').textContent = ruleset;
  $('ruleset-box').hidden = !ruleset;
}

function item(text) {
  const node = document.createElement('li');
  node.textContent = text;
  return node;
}

function showExports(message) {
  const none = message.undrawn?.length ? `cannot express: ${message.undrawn.join(', ')}` : '';
  for (const key of ['fpuzzles', 'sudokupad']) {
    $(`export-${key}`).value = message[key] ?? '';
    $(`export-${key}`).placeholder = none;
  }
  $('export-toml').value = message.toml ?? '';
  // The page's own address opens the same puzzle (its f-puzzles payload).
  const payload = /[?&]load=([^&]+)/.exec(message.fpuzzles ?? '')?.[1];
  history.replaceState(null, '', payload ? `?load=${payload}` : location.pathname);
}

// ---- answers -------------------------------------------------------------------------------

function resetAnswers() {
  state.uniqueness = null;
  state.trueCandidates = null;
  state.candidatesError = null;
  state.steps = null;
  state.stepPosition = 0;
  state.solution = null;
  if (!$('count-cancel').disabled) channels.count.send('cancel');
  $('count-result').textContent = '';
  $('count-cancel').disabled = true;
  render();
}

/** Asks for everything the panel shows live; each channel's new request cancels its old one. */
function requestAnswers() {
  if (!state.data) return;
  setStatus('uniqueness', 'pending', 'Checking…');
  channels.uniqueness.send('uniqueness', puzzleFields());
  requestTrueCandidates();
  state.steps = null; // the old path belongs to the old givens
  setStatus('grade', 'pending', 'Finding the logical path…');
  $('step-text').textContent = '';
  $('step-meta').textContent = '';
  channels.steps.send('steps', puzzleFields());
}

function requestTrueCandidates() {
  setStatus('candidates-status', 'pending', 'Finding true candidates…');
  channels.candidates.send('truecandidates', { ...puzzleFields(), data: dataWithCap(), cap: state.cap });
}

/**
 * The puzzle as f-puzzles JSON carrying the cap the way the userscript sends it
 * (`truecandidatesoptions`): the pasted JSON, or the JSON the server returned when it
 * expresses every rule; otherwise the data as it was (the top-level `cap` field then).
 */
function dataWithCap() {
  const options = `truecandidatesnumsolutions=${state.cap}`;
  if (state.data.startsWith('{')) {
    try {
      const json = JSON.parse(state.data);
      if (json.grid) return JSON.stringify({ ...json, truecandidatesoptions: options });
    } catch {
      // not JSON after all: TOML or a grid line
    }
  }
  const loaded = state.loaded;
  if (loaded?.puzzle && !(loaded.undrawn ?? []).length)
    return JSON.stringify({ ...loaded.puzzle, truecandidatesoptions: options });
  return state.data;
}

let refreshTimer = null;
/** After an edit: wait for typing to settle, then ask again (and refresh the exports). */
function scheduleRefresh() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    requestAnswers();
    channels.load.send('load', puzzleFields());
  }, DEBOUNCE_MS);
}

function setStatus(id, stateName, text) {
  const node = $(id);
  node.dataset.state = stateName;
  node.textContent = text;
}

function onUniqueness(message) {
  if (message.type === 'invalid') {
    state.uniqueness = null;
    setStatus('uniqueness', 'invalid', message.message);
    return;
  }
  state.uniqueness = message;
  const differ = message.differ ?? [];
  if (message.count === 0) setStatus('uniqueness', 'none', 'No solution.');
  else if (message.count === 1) setStatus('uniqueness', 'unique', 'Unique solution.');
  else
    setStatus('uniqueness', 'several',
      `Several solutions: two of them differ in ${differ.length} cell${differ.length === 1 ? '' : 's'} (highlighted in the solution view).`);
  render();
}

function onTrueCandidates(message) {
  if (message.type === 'invalid') {
    state.trueCandidates = null;
    state.candidatesError = message.message;
    setStatus('candidates-status', 'invalid', message.message);
  } else if (message.type === 'truecandidates') {
    state.trueCandidates = message.solutionsPerCandidate;
    state.candidatesError = null;
    setStatus('candidates-status', 'done', '');
  }
  render();
}

function onSteps(message) {
  if (message.type === 'invalid') {
    state.steps = null;
    setStatus('grade', 'invalid', message.message);
    render();
    return;
  }
  state.steps = message;
  state.stepPosition = Math.min(state.stepPosition, message.steps.length);
  const grade = message.grade;
  setStatus('grade', 'done', grade
    ? `Grade: ${grade.label} (score ${fmt(grade.score)}, hardest step ${fmt(grade.hardest)}); ${endingText(message.ending)}`
    : endingText(message.ending));
  render();
}

function endingText(ending) {
  return { solved: 'logic solves it.', stuck: 'logic gets stuck.', contradiction: 'logic finds a contradiction.' }[ending] ?? '';
}

function onSolved(message) {
  if (message.type === 'invalid') {
    setStatus('uniqueness', 'invalid', message.message);
    return;
  }
  if (message.type !== 'solved') return;
  state.solution = message.solution;
  setView('solution');
}

let countStarted = 0;
function onCount(message) {
  const out = $('count-result');
  const seconds = ((performance.now() - countStarted) / 1000).toFixed(1);
  if (message.type === 'count') {
    out.dataset.state = message.inProgress ? 'running' : 'done';
    out.textContent = message.inProgress
      ? `Counting… ${message.count.toLocaleString('en')} so far (${seconds} s)`
      : `${message.count.toLocaleString('en')} solution${message.count === 1 ? '' : 's'} (${seconds} s)`;
    $('count-cancel').disabled = !message.inProgress;
  } else if (message.type === 'estimate') {
    out.dataset.state = 'running';
    out.textContent = `≈ ${fmt(message.estimate)} solutions (95 % interval ${fmt(message.ci95_lower)} – ${fmt(message.ci95_upper)}, `
      + `±${fmt(message.relErrPercent)} %, ${message.iterations.toLocaleString('en')} samples)`;
  } else if (message.type === 'canceled') {
    out.dataset.state = 'canceled';
    out.textContent += ' — stopped.';
    $('count-cancel').disabled = true;
  } else if (message.type === 'invalid') {
    out.dataset.state = 'invalid';
    out.textContent = message.message;
    $('count-cancel').disabled = true;
  }
}

/** Short human number: integers as they are, large or fractional ones with 3 significant digits. */
function fmt(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return String(x);
  if (Number.isInteger(x) && Math.abs(x) < 1e9) return x.toLocaleString('en');
  return Math.abs(x) >= 1e6 ? x.toExponential(2) : x.toPrecision(3);
}

// ---- the grid's answer layer ---------------------------------------------------------------

function setView(view) {
  state.view = view;
  for (const input of document.querySelectorAll('input[name=view]')) input.checked = input.value === view;
  render();
}

/** Builds what each cell shows for the current view and draws it. */
function render() {
  renderLegend();
  renderStepText();
  if (!state.layers) return;
  const n = state.size;
  const cells = new Array(n * n).fill(null);
  const marks = {};
  if (state.view === 'candidates') fillTrueCandidates(cells, marks);
  else if (state.view === 'logic') fillLogic(cells, marks);
  else if (state.view === 'solution') fillSolution(cells);
  state.givens?.forEach((digit, index) => {
    if (digit) cells[index] = { digit, kind: 'given' };
  });
  // Where two solutions differ: marked with the digits, not over the candidates.
  if (state.uniqueness?.count === 2 && (state.view === 'solution' || state.view === 'givens'))
    for (const index of state.uniqueness.differ ?? []) marks[index] ??= 'differ';
  if (state.selected !== null) marks[state.selected] = `${marks[state.selected] ?? ''} selected`;
  drawAnswers(state.layers, { cells, marks });
  describeSelected(cells);
}

/** Says what the selected cell holds, for screen readers (the grid itself is a picture). */
function describeSelected(cells) {
  const index = state.selected;
  if (index === null) return;
  const cell = cells[index];
  const name = `Row ${Math.floor(index / state.size) + 1}, column ${(index % state.size) + 1}`;
  const content = cell?.digit
    ? `${cell.kind === 'given' ? 'given' : 'shows'} ${cell.digit}`
    : cell?.candidates?.length ? `candidates ${cell.candidates.map((c) => c.d).join(' ')}` : 'empty';
  $('cell-status').textContent = `${name}: ${content}`;
}

function fillTrueCandidates(cells, marks) {
  const counts = state.trueCandidates;
  if (!counts) return;
  const n = state.size;
  for (let index = 0; index < n * n; index++) {
    const candidates = [];
    for (let d = 1; d <= n; d++) {
      const count = counts[index * n + d - 1];
      if (count !== 0) candidates.push({ d, colour: count < 0 ? '#d22' : countColour(count, state.cap) });
    }
    if (candidates.length === 1) cells[index] = { digit: candidates[0].d, kind: 'single', colour: candidates[0].colour };
    else if (candidates.length === 0) marks[index] = 'broken';
    else cells[index] = { candidates };
  }
}

/** The grid after `stepPosition` steps, with that step's placements and eliminations marked. */
function fillLogic(cells, marks) {
  const steps = state.steps;
  if (!steps) return;
  const position = state.stepPosition;
  const step = position > 0 ? steps.steps[position - 1] : null;
  const grid = step ? step.candidates : steps.initial;
  const eliminated = new Map();
  for (const [cell, digit] of step?.eliminations ?? []) {
    eliminated.set(cell, [...(eliminated.get(cell) ?? []), digit]);
    marks[cell] ??= 'elimination';
  }
  const placed = new Set((step?.placements ?? []).map(([cell]) => cell));
  for (const cell of placed) marks[cell] = 'placement';
  grid.forEach((list, index) => {
    if (list.length === 1 && !eliminated.has(index)) {
      cells[index] = { digit: list[0], kind: placed.has(index) ? 'placed' : 'solved' };
      return;
    }
    const candidates = list.map((d) => ({ d }));
    for (const d of eliminated.get(index) ?? []) candidates.push({ d, cls: 'eliminated' });
    candidates.sort((a, b) => a.d - b.d);
    cells[index] = { candidates };
  });
}

function fillSolution(cells) {
  const solution = state.solution ?? state.uniqueness?.solutions?.[0];
  solution?.forEach((digit, index) => {
    if (digit) cells[index] = { digit, kind: 'solution' };
  });
}

function renderLegend() {
  $('candidates-box').hidden = state.view !== 'candidates';
  const legend = $('legend');
  const cap = state.cap;
  if (legend.dataset.cap === String(cap)) return;
  legend.dataset.cap = String(cap);
  const counts = cap <= 8 ? Array.from({ length: cap }, (_, i) => i + 1) : [1, 2, 4, Math.round(cap / 4), Math.round(cap / 2), cap];
  legend.replaceChildren(...counts.map((count) => {
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.color = countColour(count, cap);
    swatch.textContent = count === cap && cap > 1 ? `${count}+` : String(count);
    swatch.title = `${count === cap && cap > 1 ? 'at least ' : ''}${count} solution${count === 1 ? '' : 's'}`;
    return swatch;
  }));
}

function renderStepText() {
  const steps = state.steps;
  const position = state.stepPosition;
  const total = steps?.steps.length ?? 0;
  $('step-position').textContent = steps ? `${position} / ${total}` : '–';
  $('step-first').disabled = $('step-prev').disabled = !steps || position === 0;
  $('step-next').disabled = $('step-last').disabled = !steps || position === total;
  if (!steps) return;
  const step = position > 0 ? steps.steps[position - 1] : null;
  $('step-text').textContent = step ? step.text : 'Initial candidates.';
  $('step-meta').textContent = step
    ? `${step.technique} · difficulty ${fmt(step.difficulty)} · ${step.placements.length} placed, ${step.eliminations.length} removed`
    : '';
}

function goToStep(position) {
  if (!state.steps) return;
  state.stepPosition = Math.max(0, Math.min(position, state.steps.steps.length));
  if (state.view !== 'logic') setView('logic');
  else render();
}

// ---- editing -------------------------------------------------------------------------------

/** The cell under a mouse event, from the SVG's coordinates. */
function cellAt(event) {
  const svg = $('board');
  const geo = state.layers?.geometry;
  if (!geo) return null;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const c = Math.floor((point.x - geo.margin) / (geo.extent - 2 * geo.margin) * geo.size);
  const r = Math.floor((point.y - geo.margin) / (geo.extent - 2 * geo.margin) * geo.size);
  return r >= 0 && c >= 0 && r < geo.size && c < geo.size ? r * geo.size + c : null;
}

function setGiven(index, digit) {
  if (!state.givens || state.givens[index] === digit) return;
  state.givens[index] = digit;
  state.solution = null;
  // A finished count belongs to the old puzzle: stop it.
  if (!$('count-cancel').disabled) channels.count.send('cancel');
  // The answers shown belong to the old givens until the new ones arrive.
  setStatus('uniqueness', 'pending', 'Checking…');
  setStatus('candidates-status', 'pending', 'Finding true candidates…');
  render();
  scheduleRefresh();
}

function onBoardKey(event) {
  const n = state.size;
  if (!n || !state.givens) return;
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) {
    const from = state.selected ?? 0;
    const to = from + moves[event.key];
    const sameRow = Math.floor(to / n) === Math.floor(from / n);
    if (to >= 0 && to < n * n && (Math.abs(moves[event.key]) === n || sameRow)) state.selected = to;
    else if (state.selected === null) state.selected = 0;
    event.preventDefault();
    render();
    return;
  }
  if (state.selected === null) return;
  if (event.key === 'Delete' || event.key === 'Backspace' || event.key === '0' && state.typedDigit === null) {
    setGiven(state.selected, 0);
    event.preventDefault();
  } else if (/^[0-9]$/.test(event.key)) {
    setGiven(state.selected, typedDigit(Number(event.key), n));
    event.preventDefault();
  } else if (event.key === 'Escape') {
    state.selected = null;
    render();
  }
}

/** Buttons 1…n and Clear under the grid: editing without a keyboard. */
function showDigitPad() {
  const button = (text, digit, label) => {
    const node = document.createElement('button');
    node.type = 'button';
    node.textContent = text;
    node.setAttribute('aria-label', label);
    node.addEventListener('click', () => state.selected !== null && setGiven(state.selected, digit));
    return node;
  };
  const digits = Array.from({ length: state.size }, (_, i) => button(String(i + 1), i + 1, `Given ${i + 1}`));
  $('digit-pad').replaceChildren(...(state.givens ? [...digits, button('Clear', 0, 'Clear the given')] : []));
}

/** On boards above 9×9 a quick second digit makes a two-digit number (1 then 6 → 16). */
function typedDigit(digit, n) {
  const now = performance.now();
  const first = state.typedDigit;
  if (n > 9 && first && now - first.at < 800 && first.cell === state.selected && first.digit * 10 + digit <= n) {
    state.typedDigit = null;
    return first.digit * 10 + digit;
  }
  state.typedDigit = n > 9 && digit * 10 <= n ? { digit, at: now, cell: state.selected } : null;
  return digit <= n ? digit : state.givens[state.selected];
}

// ---- wiring --------------------------------------------------------------------------------

$('load-form').addEventListener('submit', (event) => {
  event.preventDefault();
  loadText($('input').value);
});
$('input').addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey && !$('input').value.includes('\n')) {
    event.preventDefault();
    loadText($('input').value);
  }
});
$('file').addEventListener('change', async () => {
  const file = $('file').files[0];
  if (file) loadFile(file);
});
async function loadFile(file) {
  const text = await file.text();
  $('input').value = text;
  loadText(text);
}
document.addEventListener('dragover', (event) => {
  event.preventDefault();
  document.body.classList.add('dropping');
});
document.addEventListener('dragleave', () => document.body.classList.remove('dropping'));
document.addEventListener('drop', (event) => {
  event.preventDefault();
  document.body.classList.remove('dropping');
  const file = event.dataTransfer?.files?.[0];
  if (file) loadFile(file);
  else {
    const text = event.dataTransfer?.getData('text/plain');
    if (text) {
      $('input').value = text;
      loadText(text);
    }
  }
});

$('board').addEventListener('mousedown', (event) => {
  state.selected = cellAt(event);
  $('board').focus();
  render();
  event.preventDefault();
});
$('board').addEventListener('keydown', onBoardKey);

for (const input of document.querySelectorAll('input[name=view]'))
  input.addEventListener('change', () => setView(input.value));
$('cap').addEventListener('change', () => {
  state.cap = Number($('cap').value);
  if (state.data) requestTrueCandidates();
  render();
});

$('solve').addEventListener('click', () => state.data && channels.solve.send('solve', puzzleFields()));
$('step-first').addEventListener('click', () => goToStep(0));
$('step-prev').addEventListener('click', () => goToStep(state.stepPosition - 1));
$('step-next').addEventListener('click', () => goToStep(state.stepPosition + 1));
$('step-last').addEventListener('click', () => goToStep(state.steps?.steps.length ?? 0));

$('count').addEventListener('click', () => {
  if (!state.data) return;
  countStarted = performance.now();
  $('count-result').textContent = 'Counting…';
  $('count-result').dataset.state = 'running';
  $('count-cancel').disabled = false;
  channels.count.send('count', puzzleFields());
});
$('estimate').addEventListener('click', () => {
  if (!state.data) return;
  countStarted = performance.now();
  $('count-result').textContent = 'Estimating…';
  $('count-result').dataset.state = 'running';
  $('count-cancel').disabled = false;
  channels.count.send('estimate', puzzleFields());
});
$('count-cancel').addEventListener('click', () => channels.count.send('cancel'));

for (const button of document.querySelectorAll('button.copy')) {
  button.addEventListener('click', async () => {
    const field = $(button.dataset.target);
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand('copy');
    }
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = 'Copy'), 1200);
  });
}

// A link to the page with ?load=<f-puzzles payload> opens that puzzle.
const fromQuery = /[?&]load=([^&]+)/.exec(location.search)?.[1];
if (fromQuery) {
  const payload = decodeURIComponent(fromQuery);
  $('input').value = payload;
  loadText(payload);
}
showConnection();
render();
