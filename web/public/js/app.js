// The playground: wires the controls, the mouse and the animation loop to the engine (engine.js)
// and the drawing (view.js), and exposes window.pegsimState() / window.pegsimControl for tests.
// All physics happens in the engine: the mouse only sets a body's velocity (or, while paused, its pose).

import { loadEngine } from './engine.js';
import { Camera, drawState, fitBox, pickBody } from './view.js';
import { RANDOM_POUR, builtInSceneNames, builtInSceneText, sceneDuration, sceneLabel } from './scenes.js';

const $ = (id) => document.getElementById(id);

const DRAG_TAU = 0.04;         // s: a dragged point closes its gap to the mouse in about this time
const DRAG_MAX_SPEED = 6;      // m/s: cap on the velocity the mouse may give a body
const DRAG_SPIN_DAMPING = 0.9; // per frame, so a dragged body does not spin for ever
const FRAME_BUDGET_MS = 20;    // engine time per animation frame before real time gives way
const MAX_FRAME_GAP_S = 0.1;   // a longer gap (hidden tab) is not caught up
const TRAIL_POINTS = 3000;     // per body

const app = {
  engine: null,
  state: null,
  sceneName: '',
  sceneText: '',
  duration: 1,
  options: { model: 'standard', time_step: 0.01, solver: 'auto' },
  running: false,
  speed: 'realtime',
  debt: 0,
  lastFrame: 0,
  drag: null,    // {index, local:[x,y] grab point in the body frame, to:[x,y] mouse in world}
  hover: -1,
  panning: null,
  error: '',
  stepMs: 1,     // running mean of engine time per step (ms)
  rate: { since: 0, steps: 0, frames: 0, stepsPerSecond: 0, fps: 0 },
  framesDrawn: 0,
  trails: [],    // per body, centre positions after each engine call (drawing only)
  camera: new Camera(),
  canvas: null,
  ctx: null,
};

// ---- errors -----------------------------------------------------------------------------------

function showError(error) {
  app.error = error ? String(error.message || error) : '';
  $('error').textContent = app.error;
  $('error').hidden = !app.error;
}

// Runs fn, showing (and returning false on) any error instead of breaking the page.
function guarded(fn) {
  try {
    fn();
    return true;
  } catch (e) {
    showError(e);
    return false;
  }
}

// ---- engine calls -----------------------------------------------------------------------------

function clearTrails() { app.trails = []; }

function recordTrails() {
  app.state.bodies.forEach((b, i) => {
    if (b.static || !b.active) return;
    const trail = (app.trails[i] ||= []);
    trail.push(b.position);
    if (trail.length > TRAIL_POINTS) trail.splice(0, trail.length - TRAIL_POINTS);
  });
}

function adoptState(state) {
  app.state = state;
  app.options = { model: state.model, time_step: state.time_step, solver: state.solver_kind };
  syncOptionControls();
}

// A new scene keeps the chosen model and solver and takes the scene's own time step.
function loadSceneText(text, name) {
  const state = app.engine.create(text, { model: app.options.model, solver: app.options.solver });
  app.sceneText = text;
  app.sceneName = name;
  app.duration = sceneDuration(text);
  app.drag = null;
  app.hover = -1;
  app.debt = 0;
  adoptState(state);
  clearTrails();
  recordTrails();
  showError('');
  $('scene-name').textContent = `${sceneLabel(name)} — ${state.bodies.length} bodies`;
  fitView();
}

async function loadBuiltIn(name) {
  const seed = Number($('seed-input').value) || 0;
  const text = await builtInSceneText(app.engine, name, seed);
  loadSceneText(text, name === RANDOM_POUR ? `${RANDOM_POUR}-${seed}` : name);
  $('scene-select').value = name;
  $('seed-row').hidden = name !== RANDOM_POUR;
}

function applyOptions(partial) {
  adoptState(app.engine.setOptions(partial));
  showError('');
}

function reset() {
  adoptState(app.engine.create(app.sceneText, app.options));
  clearTrails();
  recordTrails();
  app.drag = null;
  app.debt = 0;
  showError('');
}

function stepEngine(n) {
  if (n <= 0) return;
  const start = performance.now();
  app.state = app.engine.step(n);
  if (app.state.stopped) setRunning(false);  // the engine stopped at its divergence guard
  const perStep = (performance.now() - start) / n;
  app.stepMs = 0.8 * app.stepMs + 0.2 * perStep;
  app.rate.steps += n;
  recordTrails();
}

// ---- mouse: drag, fling, place, pan, zoom ------------------------------------------------------

function rotate([x, y], angle) {
  const c = Math.cos(angle), s = Math.sin(angle);
  return [c * x - s * y, s * x + c * y];
}

function grabPoint(body, local) {
  const [rx, ry] = rotate(local, body.angle);
  return [body.position[0] + rx, body.position[1] + ry];
}

// Running: the grab point gets the velocity that closes its gap to the mouse in about DRAG_TAU
// (never faster than the steps this frame can take); the engine then resolves every contact.
function steerDraggedBody(stepsThisFrame) {
  const body = app.state.bodies[app.drag.index];
  const [gx, gy] = grabPoint(body, app.drag.local);
  const tau = Math.max(DRAG_TAU, stepsThisFrame * app.options.time_step);
  let vx = (app.drag.to[0] - gx) / tau, vy = (app.drag.to[1] - gy) / tau;
  const speed = Math.hypot(vx, vy);
  if (speed > DRAG_MAX_SPEED) { vx *= DRAG_MAX_SPEED / speed; vy *= DRAG_MAX_SPEED / speed; }
  const omega = body.particle ? 0 : body.angular_velocity * DRAG_SPIN_DAMPING;
  const [rx, ry] = rotate(app.drag.local, body.angle);
  // centre velocity = grab-point velocity - omega x r
  app.state = app.engine.setBody(app.drag.index, { x: body.position[0], y: body.position[1], angle: body.angle },
    { x: vx + omega * ry, y: vy - omega * rx, omega });
}

// Paused: the body is put where the mouse is, at rest (overlap it is placed into is shown, not hidden).
function placeDraggedBody() {
  const body = app.state.bodies[app.drag.index];
  const [rx, ry] = rotate(app.drag.local, body.angle);
  app.state = app.engine.setBody(app.drag.index,
    { x: app.drag.to[0] - rx, y: app.drag.to[1] - ry, angle: body.angle }, { x: 0, y: 0, omega: 0 });
}

function canvasPoint(event) {
  const rect = app.canvas.getBoundingClientRect();
  return [event.clientX - rect.left, event.clientY - rect.top];
}

function onPointerDown(event) {
  if (!app.state) return;
  const [px, py] = canvasPoint(event);
  const index = pickBody(app.camera, app.state, px, py);
  app.canvas.setPointerCapture(event.pointerId);
  if (index < 0) {
    app.panning = [px, py];
    return;
  }
  const body = app.state.bodies[index];
  const world = app.camera.toWorld(px, py);
  const local = body.particle ? [0, 0]
    : rotate([world[0] - body.position[0], world[1] - body.position[1]], -body.angle);
  app.drag = { index, local, to: world };
}

function onPointerMove(event) {
  if (!app.state) return;
  const [px, py] = canvasPoint(event);
  if (app.drag) {
    app.drag.to = app.camera.toWorld(px, py);
    if (!app.running) guarded(placeDraggedBody);
  } else if (app.panning) {
    app.camera.pan(px - app.panning[0], py - app.panning[1]);
    app.panning = [px, py];
  } else {
    app.hover = pickBody(app.camera, app.state, px, py);
  }
}

function onPointerUp(event) {
  // A fling: the body leaves with the velocity toward where the mouse was released, even when no
  // frame ran between the last move and the release (a quick flick often lands between frames).
  if (app.drag && app.running) guarded(() => steerDraggedBody(1));
  app.drag = null;
  app.panning = null;
  if (app.canvas.hasPointerCapture(event.pointerId)) app.canvas.releasePointerCapture(event.pointerId);
}

function onWheel(event) {
  event.preventDefault();
  const [px, py] = canvasPoint(event);
  app.camera.zoom(px, py, Math.exp(-event.deltaY * 0.0015));
}

// ---- the animation loop ------------------------------------------------------------------------

function stepsForFrame(elapsedSeconds) {
  if (app.speed === '1' || app.speed === '4') return Number(app.speed);
  const h = app.options.time_step;
  app.debt += Math.min(elapsedSeconds, MAX_FRAME_GAP_S) * (app.speed === 'quarter' ? 0.25 : 1);
  let n = Math.floor(app.debt / h);
  const affordable = Math.max(1, Math.floor(FRAME_BUDGET_MS / Math.max(app.stepMs, 1e-3)));
  if (n > affordable) {  // slower than real time: show what the engine manages, do not pile up debt
    n = affordable;
    app.debt = 0;
  } else {
    app.debt -= n * h;
  }
  return n;
}

function frame(now) {
  const elapsed = app.lastFrame ? (now - app.lastFrame) / 1000 : 0;
  app.lastFrame = now;
  if (app.running && app.state) {
    const n = stepsForFrame(elapsed);
    if (!guarded(() => { if (app.drag && n > 0) steerDraggedBody(n); stepEngine(n); })) setRunning(false);
  }
  draw();
  updateRates(now);
  requestAnimationFrame(frame);
}

function updateRates(now) {
  const r = app.rate;
  r.frames += 1;
  if (!r.since) r.since = now;
  if (now - r.since >= 1000) {
    r.stepsPerSecond = (1000 * r.steps) / (now - r.since);
    r.fps = (1000 * r.frames) / (now - r.since);
    r.since = now; r.steps = 0; r.frames = 0;
  }
}

function setRunning(running) {
  app.running = running;
  app.debt = 0;
  $('run-button').textContent = running ? 'Pause' : 'Run';
  $('run-button').classList.toggle('running', running);
}

// ---- drawing and the status panel ---------------------------------------------------------------

function overlayChoice() {
  return {
    contacts: $('show-contacts').checked, normals: $('show-normals').checked, kinds: $('show-kinds').checked,
    traps: $('show-traps').checked, overlap: $('show-overlap').checked, trails: $('show-trails').checked,
  };
}

function draw() {
  if (!app.state) return;
  const drag = app.drag ? {
    index: app.drag.index, from: grabPoint(app.state.bodies[app.drag.index], app.drag.local), to: app.drag.to,
  } : null;
  drawState(app.ctx, app.camera, app.state, overlayChoice(), drag, app.hover, app.trails);
  app.framesDrawn += 1;
  updateStatus();
}

function resizeCanvas() {
  const rect = app.canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  app.canvas.width = Math.max(1, Math.round(rect.width * dpr));
  app.canvas.height = Math.max(1, Math.round(rect.height * dpr));
  app.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  app.camera.resize(rect.width, rect.height);
}

function fitView() { app.camera.show(fitBox(app.state, app.duration)); }

const fmt = (x, digits = 4) => (typeof x === 'number' ? +x.toPrecision(digits) + '' : String(x));

function updateStatus() {
  const s = app.state, st = s.step;
  const set = (id, text) => { const el = $(id); if (el.textContent !== text) el.textContent = text; };
  set('st-time', `${s.time.toFixed(3)} s`);
  set('st-steps', String(s.steps));
  set('st-model', `${s.model} / ${s.time_step}`);
  const status = st ? st.status : 'not stepped yet';
  set('st-status', status);
  $('st-status').className = !st ? '' : st.status === 'solved' ? 'status-ok' : 'status-bad';
  set('st-solver', st ? `${st.solver} (${st.iterations} it)` : '—');
  set('st-residual', st ? (typeof st.residual === 'number' ? st.residual.toExponential(2) : st.residual) : '—');
  set('st-lcp', st ? String(st.lcp_size) : '—');
  set('st-failures', String(s.failures));
  $('st-failures').className = s.failures > 0 ? 'status-bad' : '';
  set('st-run', s.stopped ? `stopped at ${s.stopped} (Reset to run again)` : 'running');
  $('st-run').className = s.stopped ? 'status-bad' : '';
  set('st-contacts', st ? String(st.contacts) : '—');
  set('st-kinds', st ? `${st.unilateral} / ${st.intercontact} / ${st.cross_contact} / ${st.groups}` : '—');
  set('st-traps', st ? String(st.traps) : '—');
  set('st-overlap', `${s.overlap.area.toExponential(3)} m²`);
  $('st-overlap').className = s.overlap.area > 0 ? 'status-bad' : '';
  set('st-depth', `${fmt(s.overlap.depth)} m (${s.overlap.pairs} pairs)`);
  set('st-energy', `${fmt(s.energy, 5)} J`);
  set('st-step-ms', st ? `${fmt(st.step_ms, 3)} ms (LCP ${fmt(st.solve_ms, 3)})` : '—');
  set('st-rate', `${Math.round(app.rate.stepsPerSecond)}, ${Math.round(app.rate.fps)}`);
}

function syncOptionControls() {
  $('model-select').value = app.options.model;
  $('solver-select').value = app.options.solver;
  if (document.activeElement !== $('dt-input')) $('dt-input').value = String(app.options.time_step);
}

// ---- the state and controls for tests -------------------------------------------------------------

function pegsimState() {
  const s = app.state;
  if (!s) return { ready: false, error: app.error };
  const st = s.step;
  return {
    ready: true,
    scene: app.sceneName,
    model: s.model,
    time_step: s.time_step,
    solver_kind: s.solver_kind,
    time: s.time,
    steps: s.steps,
    running: app.running,
    bodies: s.bodies.map((b) => ({
      name: b.name, static: b.static, active: b.active,
      x: b.position[0], y: b.position[1], angle: b.angle,
      vx: b.velocity[0], vy: b.velocity[1], omega: b.angular_velocity,
    })),
    overlap: s.overlap.area,
    overlap_depth: s.overlap.depth,
    overlapping_pairs: s.overlap.pairs,
    energy: s.energy,
    solver_status: st ? st.status : 'none',
    solver: st ? st.solver : '',
    residual: st ? st.residual : null,
    failures: s.failures,
    stopped: s.stopped || '',
    contacts: s.contacts.count,
    unilateral: st ? st.unilateral : 0,
    intercontact: st ? st.intercontact : 0,
    cross_contact: st ? st.cross_contact : 0,
    groups: st ? st.groups : 0,
    traps: s.traps.length,
    frames_drawn: app.framesDrawn,
    steps_per_second: app.rate.stepsPerSecond,
    fps: app.rate.fps,
    error: app.error,
  };
}

function bodyIndex(name) {
  const index = app.state.bodies.findIndex((b) => b.name === name);
  if (index < 0) throw new Error(`no body named "${name}" in scene ${app.sceneName}`);
  return index;
}

// Every call throws on an engine error (the page also shows it) and returns pegsimState().
const pegsimControl = {
  async loadScene(name, { seed } = {}) {
    if (seed !== undefined) $('seed-input').value = String(seed);
    await loadBuiltIn(name);
    draw();
    return pegsimState();
  },
  loadSceneText(text, name = 'custom') { loadSceneText(text, name); draw(); return pegsimState(); },
  setModel(model) { applyOptions({ model }); draw(); return pegsimState(); },
  setTimeStep(h) { applyOptions({ time_step: h }); draw(); return pegsimState(); },
  setSolver(solver) { applyOptions({ solver }); draw(); return pegsimState(); },
  setSpeed(speed) { app.speed = speed; $('speed-select').value = speed; return pegsimState(); },
  // n steps one at a time (so the trails show every step).
  run(n) { for (let k = 0; k < n; ++k) stepEngine(1); draw(); return pegsimState(); },
  step() { return pegsimControl.run(1); },
  play() { setRunning(true); return pegsimState(); },
  pause() { setRunning(false); return pegsimState(); },
  reset() { reset(); draw(); return pegsimState(); },
  // Pulls body `name` toward (x, y) the way the mouse does, for `steps` steps, then lets go.
  drag(name, x, y, { steps = 60 } = {}) {
    const index = bodyIndex(name);
    app.drag = { index, local: [0, 0], to: [x, y] };
    try {
      for (let k = 0; k < steps; ++k) { steerDraggedBody(1); stepEngine(1); }
    } finally {
      app.drag = null;
    }
    draw();
    return pegsimState();
  },
  fling(name, vx, vy) {
    const b = app.state.bodies[bodyIndex(name)];
    app.state = app.engine.setBody(bodyIndex(name), { x: b.position[0], y: b.position[1], angle: b.angle },
      { x: vx, y: vy, omega: b.angular_velocity });
    draw();
    return pegsimState();
  },
  // Where world point (x, y) is on screen (client coordinates), for tests that use the real mouse.
  worldToClient(x, y) {
    const rect = app.canvas.getBoundingClientRect();
    const [px, py] = app.camera.toScreen(x, y);
    return [rect.left + px, rect.top + py];
  },
  // n single steps, each drawn, as the running page does them: engine + drawing throughput.
  benchmark(n) {
    const start = performance.now();
    for (let k = 0; k < n; ++k) { stepEngine(1); draw(); }
    const ms = performance.now() - start;
    return { steps: n, ms, steps_per_second: (1000 * n) / ms, state: pegsimState() };
  },
  models() { return app.engine.models(); },
  sceneJson() { return app.engine.sceneJson(); },
};

// ---- wiring -------------------------------------------------------------------------------------

function fillSelect(select, values, label = (v) => v) {
  select.replaceChildren(...values.map((v) => new Option(label(v), v)));
}

function downloadScene() {
  const blob = new Blob([JSON.stringify(app.engine.sceneJson(), null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${app.sceneName || 'scene'}-t${app.state.time.toFixed(3)}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

function wireControls() {
  $('scene-select').addEventListener('change', (e) => loadBuiltIn(e.target.value).catch(showError));
  $('seed-input').addEventListener('change', () => loadBuiltIn(RANDOM_POUR).catch(showError));
  $('scene-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const text = await file.text();
    guarded(() => loadSceneText(text, file.name.replace(/\.json$/, '')));
  });
  $('model-select').addEventListener('change', (e) => guarded(() => applyOptions({ model: e.target.value })));
  $('solver-select').addEventListener('change', (e) => guarded(() => applyOptions({ solver: e.target.value })));
  $('dt-input').addEventListener('change', (e) => {
    if (!guarded(() => applyOptions({ time_step: Number(e.target.value) }))) syncOptionControls();
  });
  $('speed-select').addEventListener('change', (e) => { app.speed = e.target.value; app.debt = 0; });
  $('run-button').addEventListener('click', () => setRunning(!app.running));
  $('step-button').addEventListener('click', () => { setRunning(false); guarded(() => stepEngine(1)); });
  $('reset-button').addEventListener('click', () => guarded(reset));
  $('fit-button').addEventListener('click', fitView);
  $('save-button').addEventListener('click', () => guarded(downloadScene));
  app.canvas.addEventListener('pointerdown', onPointerDown);
  app.canvas.addEventListener('pointermove', onPointerMove);
  app.canvas.addEventListener('pointerup', onPointerUp);
  app.canvas.addEventListener('pointercancel', onPointerUp);
  app.canvas.addEventListener('wheel', onWheel, { passive: false });
  window.addEventListener('resize', resizeCanvas);
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === ' ') { e.preventDefault(); setRunning(!app.running); }
    else if (e.key === 's' || e.key === 'ArrowRight') { setRunning(false); guarded(() => stepEngine(1)); }
    else if (e.key === 'r') guarded(reset);
  });
}

async function main() {
  app.canvas = $('canvas');
  app.ctx = app.canvas.getContext('2d');
  resizeCanvas();
  app.engine = await loadEngine();
  fillSelect($('model-select'), app.engine.models());
  fillSelect($('scene-select'), await builtInSceneNames(), sceneLabel);
  wireControls();
  window.pegsimState = pegsimState;
  window.pegsimControl = pegsimControl;

  // ?scene=NAME&model=MODEL&h=STEP&run=1 choose the start.
  const params = new URLSearchParams(location.search);
  if (params.get('model')) app.options.model = params.get('model');
  await loadBuiltIn(params.get('scene') || 'particle_corner');
  if (params.get('h')) applyOptions({ time_step: Number(params.get('h')) });
  if (params.get('run') === '1') setRunning(true);
  requestAnimationFrame(frame);
}

main().catch(showError);
