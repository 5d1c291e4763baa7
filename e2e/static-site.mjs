// The static build (`hasami static DIR`, issue 54) served by a plain static web server (node:http
// here, answering 404 to everything that is not a file of the folder, `/api/…` included): the app
// opens, its worker installs, a game against the computer is started from the new-game form (kept in
// the browser, the engine in the page replies), the rules open, and with the network cut a reload
// still shows the game.
//
// crates/cli/tests/browser.rs writes the folder and names it in HASAMI_STATIC_DIR.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { newPage, pageErrors, shot } from './helpers.mjs';

const DIR = process.env.HASAMI_STATIC_DIR;

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.ico': 'image/svg+xml', '.png': 'image/png',
  '.wasm': 'application/wasm', '.webmanifest': 'application/manifest+json',
};

/** Serves `dir` on a free loopback port: `/` is index.html; anything else is a file or 404. */
function serve(dir) {
  const root = path.resolve(dir);
  const server = http.createServer(async (req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.resolve(root, '.' + (name === '/' ? '/index.html' : name));
    try {
      if (req.method !== 'GET' || !file.startsWith(root + path.sep) || !(await stat(file)).isFile()) throw new Error('no');
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('static build: served by a plain web server, a game against the computer in the page, the rules, a reload offline', { skip: !DIR && 'HASAMI_STATIC_DIR names no folder', timeout: 180_000 }, async () => {
  const server = await serve(DIR);
  const base = `http://127.0.0.1:${server.address().port}`;
  const page = await newPage('static', undefined, undefined, { serviceWorkers: 'allow' });
  const context = page.context();
  try {
    await page.goto(base + '/');
    await page.waitForSelector('#new-game-form');
    await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 60_000 });
    await page.selectOption('#ng-variant', 'hasami');
    await page.check('#ng-opponent-engine');
    await page.selectOption('#ng-level', '2');
    await page.selectOption('#ng-side', 'black');
    await page.click('#ng-start');
    await page.waitForURL(/#\/local\/l[0-9a-z]+$/);
    await page.waitForSelector('#game[data-status="playing"][data-you="black"][data-ply="0"]');
    // The player's move, then the computer's reply from the page.
    await page.fill('#typed-move', 'e1e5');
    await page.press('#typed-move', 'Enter');
    await page.waitForSelector('#game[data-ply="2"][data-thinking="false"]', { timeout: 30_000 });
    await shot(page, 'static-game.png');
    const url = page.url();
    await page.goto(base + '/#/rules/hasami');
    await page.waitForSelector('#rules-hasami');
    // With the network cut the folder's app still opens, with the game where it was.
    await context.setOffline(true);
    await page.goto(url);
    await page.waitForSelector('#game[data-ply="2"]');
  } finally {
    await context.close();
    server.close();
  }
  // The page asks a server that is not there (404s) and, offline, a network that is cut; nothing
  // else went wrong.
  for (let i = pageErrors.length - 1; i >= 0; i--) if (/^static console: .*(ERR_INTERNET_DISCONNECTED|ERR_FAILED)/.test(pageErrors[i])) pageErrors.splice(i, 1);
  assert.deepEqual(pageErrors.filter((e) => e.startsWith('static')), []);
});
