// What the browser tests of the 2D page (playground.test.mjs) and the 3D page (playground3d.test.mjs)
// share: the environment, a static file server for web/dist, a minimal check runner and the helpers
// that read and drive the page through window.pegsimState / window.pegsimControl and its menus.
//
// Environment: PEGSIM_WEB_DIST (default web/dist), PEGSIM_WEB_SCREENSHOTS (default build-web/screenshots),
// PEGSIM_CHROMIUM (default /usr/bin/chromium).
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.resolve(process.env.PEGSIM_WEB_DIST || path.join(ROOT, 'web/dist'));
export const SHOTS = path.resolve(process.env.PEGSIM_WEB_SCREENSHOTS || path.join(ROOT, 'build-web/screenshots'));
export const CHROMIUM = process.env.PEGSIM_CHROMIUM || '/usr/bin/chromium';

export const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.png': 'image/png',
};

// ---- a static file server for web/dist ----------------------------------------------------------

// Serves the files under `root` on a free port of 127.0.0.1; resolves to the listening server. With
// `requested` (an array), every request's path is pushed onto it, so a test can check what the page
// asked for.
export function serve(root, requested = null) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    if (requested) requested.push(url.pathname);
    const relative = decodeURIComponent(url.pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end(`not found: ${url.pathname}`);
      return;
    }
    response.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ---- a minimal runner: every check runs, each prints ok / not ok, a summary line ends the run ----

// A runner of its own checks: `check(name, fn)` registers one, `runChecks(context)` runs them all in
// order with `fn(context)`, prints "ok - <label><name> (<ms> ms)" or "not ok - <label><name>" and the
// error, screenshots context.page on a failure as FAILED-<shotPrefix><name>.png, and resolves to
// { passed, failed }.
export function createRunner({ label = '', shotPrefix = '' } = {}) {
  const checks = [];
  const check = (name, fn) => checks.push({ name, fn });

  async function runChecks(context) {
    let passed = 0, failed = 0;
    for (const { name, fn } of checks) {
      const start = Date.now();
      try {
        await fn(context);
        passed += 1;
        console.log(`ok - ${label}${name} (${Date.now() - start} ms)`);
      } catch (error) {
        failed += 1;
        console.log(`not ok - ${label}${name}\n  ${String(error && error.stack || error).split('\n').join('\n  ')}`);
        await screenshot(context.page, `FAILED-${shotPrefix}${name.replace(/[^a-z0-9]+/gi, '_')}`).catch(() => {});
      }
    }
    return { passed, failed };
  }

  return { check, runChecks };
}

// ---- helpers ------------------------------------------------------------------------------------

export const state = (page) => page.evaluate(() => window.pegsimState());
export const control = (page, method, ...args) =>
  page.evaluate(([m, a]) => window.pegsimControl[m](...a), [method, args]);

export async function screenshot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

export function body(s, name) {
  const b = s.bodies.find((x) => x.name === name);
  assert.ok(b, `body "${name}" in the page state of scene ${s.scene}`);
  return b;
}

// Chooses a built-in scene with the real menu and waits for the page to report it.
export async function chooseScene(page, name) {
  await page.selectOption('#scene-select', name);
  await page.waitForFunction((n) => window.pegsimState().scene === n, name);
}

// Chooses a contact model with the real menu and waits for the page to report it.
export async function chooseModel(page, model) {
  await page.selectOption('#model-select', model);
  await page.waitForFunction((m) => window.pegsimState().model === m, model);
}

// Asserts that the page offers every one of `models` through its control API and lists it in its
// model menu.
export async function checkModelsOffered(page, models) {
  const offered = await control(page, 'models');
  for (const m of models) {
    assert.ok(offered.includes(m), `model ${m} offered`);
    assert.ok(await page.$(`#model-select option[value="${m}"]`), `model menu lists ${m}`);
  }
}

// ---- main ---------------------------------------------------------------------------------------

// A test's main: exits 2 if DIST has no built `file` (`what` names it in the message, after `title`)
// or there is no browser; else serves DIST (recording requested paths in `requested`, if given), opens
// `file` in headless Chromium, adds the check that the page logged no JavaScript error, runs the
// runner's checks with { page, url }, then prints `<measured>: <numbers as JSON>`, the screenshot
// folder and `<summary><passed> passed, <failed> failed`, and exits 0 if none failed, else 1.
export async function runPage({ file, title, what, runner, requested = null, numbers, measured = 'measured', summary = '' }) {
  if (!existsSync(path.join(DIST, file)) || !existsSync(path.join(DIST, 'pegsim_wasm.wasm'))) {
    console.error(`${title}: ${DIST} has no ${what} (run scripts/build_web.sh)`);
    process.exit(2);
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`${title}: no browser at ${CHROMIUM} (apt-get install chromium, or set PEGSIM_CHROMIUM)`);
    process.exit(2);
  }
  const server = await serve(DIST, requested);
  const url = `http://127.0.0.1:${server.address().port}/${file}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const errors = [];
  let result;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console error: ${m.text()}`); });
    await page.goto(url);
    runner.check('no JavaScript errors on the page', async () => assert.deepEqual(errors, []));
    result = await runner.runChecks({ page, url });
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`${measured}: ${JSON.stringify(numbers)}`);
  console.log(`screenshots: ${SHOTS}`);
  console.log(`${summary}${result.passed} passed, ${result.failed} failed`);
  process.exit(result.failed === 0 ? 0 : 1);
}
