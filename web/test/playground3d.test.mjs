// End-to-end test of the 3D playground (web/public/3d.html) in headless Chromium (the system browser,
// driven by playwright-core): serves web/dist, loads the page and checks physical outcomes the page
// reports — the 3D ghost collision at the seam of two slabs under peg and standard, the icosahedron
// pour staying in its box with small overlap, the model switch, dragging a body with the real mouse —
// and that the WebGL view draws something.
//
//   node web/test/playground3d.test.mjs      (after scripts/build_web.sh; scripts/test_web.sh does both)
//
// Environment: PEGSIM_WEB_DIST (default web/dist), PEGSIM_WEB_SCREENSHOTS (default build-web/screenshots),
// PEGSIM_CHROMIUM (default /usr/bin/chromium).
import assert from 'node:assert/strict';
import {
  body, checkModelsOffered, chooseModel, chooseScene, control, createRunner, runPage, screenshot, state,
} from './harness.mjs';

// The server (which records what the page asks for in `requested`), runner, page helpers and main
// are shared with the 2D test (harness.mjs).
const requested = [];
const runner = createRunner({ label: '3D: ', shotPrefix: '3d-' });
const { check } = runner;

// ---- helpers ------------------------------------------------------------------------------------

// Rotation angle (rad) of a unit quaternion [w, x, y, z] from the identity.
const rotationAngle = (q) => 2 * Math.acos(Math.min(1, Math.abs(q[0])));

// The seam scene under `model` from its start for `steps` steps of h = 0.01, one step at a time:
// the cube's largest height error and rotation, and its end state.
async function runSeam(page, model, steps) {
  await chooseScene(page, 'seam3d');
  await chooseModel(page, model);
  await page.fill('#dt-input', '0.01');
  await page.dispatchEvent('#dt-input', 'change');
  await page.click('#reset-button');
  return page.evaluate((n) => {
    let maxDz = 0, maxAngle = 0, s = window.pegsimState();
    for (let k = 0; k < n; ++k) {
      s = window.pegsimControl.run(1, { draw: false });
      const cube = s.bodies.find((b) => b.name === 'cube');
      maxDz = Math.max(maxDz, Math.abs(cube.position[2] - 0.1));
      maxAngle = Math.max(maxAngle, 2 * Math.acos(Math.min(1, Math.abs(cube.orientation[0]))));
    }
    const cube = s.bodies.find((b) => b.name === 'cube');
    return { maxDz, maxAngle, cube, time: s.time, failures: s.failures, model: s.model, state: s };
  }, steps);
}

const numbers = {};

// ---- the checks ---------------------------------------------------------------------------------

check('page loads the engine, three.js from our server, and a 3D scene', async ({ page }) => {
  await page.waitForFunction(() => window.pegsimState && window.pegsimState().ready, null, { timeout: 30000 });
  const s = await state(page);
  assert.equal(s.scene, 'seam3d');
  assert.equal(s.dimension, 3);
  assert.equal(s.error, '');
  assert.equal(s.bodies.length, 3);
  assert.equal(body(s, 'cube').orientation.length, 4);
  assert.ok(requested.includes('/vendor/three/three.module.js'), 'three.js served by our own server');
  await checkModelsOffered(page, ['standard', 'peg', 'peg-accurate', 'egan-max', 'egan-sum', 'lnc', 'lnc-accurate']);
});

check('the WebGL canvas is not blank', async ({ page }) => {
  const stats = await control(page, 'canvasStats');
  numbers.canvas_luminance_std = +stats.std.toFixed(1);
  assert.ok(stats.width > 100 && stats.height > 100, `canvas ${stats.width} x ${stats.height}`);
  assert.ok(stats.std > 5, `canvas luminance varies (std ${stats.std.toFixed(2)}, mean ${stats.mean.toFixed(1)})`);
});

// scenes/cube_seam_3d.json: the cube slides at 2 m/s with mu = 0.2 across the seam of two equal slabs.
// Physically it crosses flat (z = 0.1, no rotation, speed 2 - mu g t). PEG keeps that; the standard
// model's half-spaces snag it on the far slab's edge (README "3D": rises 4.1 cm, spins).
check('seam, peg: the cube crosses flat at the analytic speed', async ({ page }) => {
  const run = await runSeam(page, 'peg', 50);
  numbers.seam_peg = { max_dz: run.maxDz, max_angle: run.maxAngle, vx: run.cube.velocity[0] };
  assert.equal(run.model, 'peg');
  assert.ok(Math.abs(run.time - 0.5) < 1e-9, `t = ${run.time}`);
  assert.equal(run.failures, 0);
  assert.ok(run.cube.position[0] > 0.2, `crossed the seam (x = ${run.cube.position[0]})`);
  assert.ok(run.maxDz < 1e-3, `|z - 0.1| = ${run.maxDz}`);
  assert.ok(run.maxAngle < 1e-3, `rotation ${run.maxAngle} rad`);
  const expected = 2 - 0.2 * 9.81 * 0.5;
  assert.ok(Math.abs(run.cube.velocity[0] - expected) < 0.01, `vx = ${run.cube.velocity[0]}, expected ${expected}`);
  await screenshot(page, '3d-seam-peg');
});

check('seam, standard: the cube snags on the seam (rises or turns)', async ({ page }) => {
  const run = await runSeam(page, 'standard', 50);
  numbers.seam_standard = { max_dz: run.maxDz, max_angle: run.maxAngle, vx: run.cube.velocity[0] };
  assert.equal(run.model, 'standard');
  assert.ok(run.maxDz > 0.01 || run.maxAngle > 0.05, `standard snags: |dz| ${run.maxDz}, angle ${run.maxAngle}`);
  assert.ok(run.cube.velocity[0] < 1.019 - 0.2, `standard loses speed at the seam (vx = ${run.cube.velocity[0]})`);
  await screenshot(page, '3d-seam-standard');
});

check('the model menu switches the running model mid-run; time goes on', async ({ page }) => {
  await chooseScene(page, 'seam3d');
  await chooseModel(page, 'peg');
  await page.click('#reset-button');
  const before = await control(page, 'run', 20);
  await chooseModel(page, 'standard');
  const switched = await state(page);
  assert.equal(switched.model, 'standard');
  assert.ok(Math.abs(switched.time - before.time) < 1e-12, 'the switch keeps the clock');
  assert.deepEqual(body(switched, 'cube').position, body(before, 'cube').position, 'and the bodies');
  // From here (cube 0.3 m before the seam at 1.6 m/s) standard snags, as from the start.
  const after = await control(page, 'run', 30);
  assert.equal(after.model, 'standard');
  const cube = body(after, 'cube');
  assert.ok(Math.abs(cube.position[2] - 0.1) > 0.01 || rotationAngle(cube.orientation) > 0.05,
    `standard after the switch snags (z ${cube.position[2]}, angle ${rotationAngle(cube.orientation)})`);
  await page.fill('#dt-input', '0.005');
  await page.dispatchEvent('#dt-input', 'change');
  assert.equal((await state(page)).time_step, 0.005, 'the time step input sets h');
});

check('run / pause / step / reset buttons', async ({ page }) => {
  await chooseScene(page, 'tiles3d');
  await chooseModel(page, 'peg');
  await page.click('#reset-button');
  assert.equal((await state(page)).steps, 0);
  await page.click('#step-button');
  assert.equal((await state(page)).steps, 1);
  await page.click('#run-button');
  await page.waitForFunction(() => window.pegsimState().time > 0.1, null, { timeout: 15000 });
  await page.click('#run-button');
  const paused = await state(page);
  assert.equal(paused.running, false);
  await page.waitForTimeout(300);
  assert.equal((await state(page)).steps, paused.steps, 'paused: no steps');
  assert.equal(paused.failures, 0);
  assert.ok(paused.contacts.count > 0, 'contacts reported');
  await screenshot(page, '3d-tiles-peg');
  await page.click('#reset-button');
  const reset = await state(page);
  assert.equal(reset.time, 0);
  assert.deepEqual(body(reset, 'cube').position, [-0.3, -0.3, 0.1]);
});

// The cube rests on the slab: only the mouse can lift it. Grab it with the real mouse, run, pull up.
check('dragging a body with the mouse picks it and pulls it toward the pointer', async ({ page }) => {
  await chooseScene(page, 'slab3d');
  await chooseModel(page, 'peg');
  await page.click('#reset-button');
  await control(page, 'fitView');
  const start = body(await state(page), 'cube');
  const [x, y] = await control(page, 'worldToClient', ...start.position);
  assert.equal(await control(page, 'pickAt', x, y), 'cube', 'the ray at the cube picks it');
  await control(page, 'setSpeed', 'realtime');
  await page.mouse.move(x, y);
  await page.mouse.down();
  await control(page, 'play');
  await page.mouse.move(x + 40, y - 120, { steps: 8 });
  await page.waitForFunction((z0) => window.pegsimState().bodies.find((b) => b.name === 'cube').position[2] > z0 + 0.1,
    start.position[2], { timeout: 10000 });
  const held = await state(page);
  assert.equal(held.picked, 'cube');
  assert.equal(held.dragging, true);
  await screenshot(page, '3d-drag-cube');
  await page.mouse.up();
  await control(page, 'pause');
  const released = await state(page);
  assert.equal(released.dragging, false);
  assert.ok(body(released, 'cube').position[2] > start.position[2] + 0.1, 'lifted by the mouse');
  // The scripted drag (same steering) moves it sideways on the slab.
  await page.click('#reset-button');
  const moved = body(await control(page, 'drag', 'cube', 0.0, 0.4, 0.1, { steps: 60 }), 'cube');
  assert.ok(moved.position[1] > 0.3, `dragged to y = ${moved.position[1]}`);
});

// The PEG authors' icosahedron pour (pegsim scene pour3d, 10 icosahedra in a five-slab box, h = 0.01):
// natively, peg runs it with no failed solve, no escape and a largest overlap of 1.3e-9 m^3 (README).
check('icosahedron pour under peg: bodies stay in the box, overlap stays small', async ({ page }) => {
  await chooseScene(page, 'pour3d');
  await chooseModel(page, 'peg');
  await control(page, 'setTimeStep', 0.01);
  await page.click('#reset-button');
  const start = Date.now();
  const result = await page.evaluate(() => {
    let s = window.pegsimState();
    let worst = { out: 0, name: '' };
    for (let k = 0; k < 400; ++k) {
      s = window.pegsimControl.run(1, { draw: false });
      for (const b of s.bodies) {
        if (b.static || !b.active) continue;
        const [x, y, z] = b.position;
        // interior of the box: |x| < 4.875, |y| < 1.875, z > 0 (slab faces); an icosahedron's centre
        // stays at least its inradius (0.38 m) inside
        const out = Math.max(Math.abs(x) - 4.875, Math.abs(y) - 1.875, -z, 0);
        if (out > worst.out) worst = { out, name: b.name, time: s.time };
      }
    }
    return { worst, time: s.time, failures: s.failures, maxOverlap: s.max_overlap,
      active: s.bodies.filter((b) => !b.static && b.active).length, depth: s.overlap.depth };
  });
  numbers.pour3d_peg = { ...result, ms: Date.now() - start };
  assert.ok(Math.abs(result.time - 4) < 1e-9);
  assert.equal(result.failures, 0);
  assert.ok(result.active >= 8, `${result.active} icosahedra entered`);
  assert.equal(result.worst.out, 0, `a body left the box: ${JSON.stringify(result.worst)}`);
  assert.ok(result.maxOverlap < 1e-6, `largest overlap ${result.maxOverlap} m^3`);
  await screenshot(page, '3d-pour-peg');
});

check('URL parameters choose scene, model and h', async ({ page, url }) => {
  await page.goto(`${url}?scene=ledge3d&model=egan-max&h=0.005`);
  await page.waitForFunction(() => window.pegsimState && window.pegsimState().ready, null, { timeout: 30000 });
  const s = await state(page);
  assert.equal(s.scene, 'ledge3d');
  assert.equal(s.model, 'egan-max');
  assert.equal(s.time_step, 0.005);
  const after = await control(page, 'run', 100);
  assert.equal(after.failures, 0);
  assert.ok(body(after, 'cube').position[0] > -0.3 + 0.1, 'the cube slides toward the ledge');
  await screenshot(page, '3d-ledge-egan-max');
});

// ---- main ---------------------------------------------------------------------------------------

const main = () => runPage({ file: '3d.html', title: 'playground 3D test', what: 'built 3D page', runner, requested,
  numbers, measured: 'measured (3D)', summary: '3D: ' });

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
