// Starts the real `sudokit serve` and Debian's Chromium for the page's tests, and stops both.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository's root. */
export const root = resolve(here, '..', '..');
/** The shared data folder beside the repository (`../shared`), or `$SUDOKIT_SHARED`. */
export const shared = process.env.SUDOKIT_SHARED ?? resolve(root, '..', 'shared');

/** The variant manifest: file, expect, solution, fpuzzles_lz per puzzle. */
export function manifest() {
  return JSON.parse(readFileSync(join(shared, 'data', 'variants', 'manifest.json'), 'utf8'));
}

/** One variant puzzle's manifest entry and its f-puzzles JSON. */
export function variant(file) {
  const entry = manifest().find((e) => e.file === file);
  if (!entry) throw new Error(`${file} is not in the variant manifest`);
  const json = JSON.parse(readFileSync(join(shared, 'data', 'variants', file), 'utf8'));
  return { ...entry, json };
}

/**
 * Starts `sudokit serve --port <port> [args…]` (0: any free port) and waits for the address it
 * prints. Returns {url, port, stop, log}; stop() kills it (also registered for process exit).
 */
export async function startServer(port = 0, args = []) {
  const binary = process.env.SUDOKIT_BIN ?? join(root, 'target', 'debug', 'sudokit');
  const child = spawn(binary, ['serve', '--port', String(port), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  let output = '';
  const bound = await new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`sudokit serve printed no address in 20 s:\n${output}`)), 20000);
    const read = (chunk) => {
      output += chunk;
      const match = /(?:127\.0\.0\.1|localhost|\[::1\]):(\d+)/.exec(output);
      if (match && Number(match[1]) > 0) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', (error) => reject(new Error(`cannot start ${binary}: ${error.message}`)));
    child.on('exit', (code) => reject(new Error(`sudokit serve exited (${code}) before listening:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${bound}/`, port: bound, stop, log: () => output };
}

/** Launches Debian's Chromium headless with a fresh profile (no browser download). */
export async function startBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'sudokit-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 860 },
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-quic', '--disable-sync',
      // A page answered by serveWebDir has no address, so Chromium would treat its
      // websocket to 127.0.0.1 as a step into the local network and block it.
      ...(process.env.SUDOKIT_WEB_DIR ? ['--disable-features=LocalNetworkAccessChecks'] : []),
    ],
  });
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/**
 * For work on the page: answer the page's own files from a folder (`web/`) instead of the
 * binary's built-in copies, so an edit needs no rebuild. The websocket still goes to the server.
 */
export async function serveWebDir(page, dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  await page.route(/\/(index\.html|app\.js|draw\.js|style\.css)?(\?.*)?$/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = path === '/' ? 'index.html' : path.slice(1);
    const type = types[file.slice(file.lastIndexOf('.'))];
    await route.fulfill({ status: 200, contentType: type, body: readFileSync(join(dir, file), 'utf8') });
  });
}
