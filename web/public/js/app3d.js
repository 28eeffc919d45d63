// The 3D playground (3d.html): wires the engine (engine.js, the pegsim WebAssembly module) to a three.js
// view with an orbit camera, mouse dragging by ray picking, and the contact / overlap overlay. No physics
// here: every step is the engine's. Exposes window.pegsimState() / window.pegsimControl for tests.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { EngineError, loadEngine } from './engine.js';

const DRAG_TAU = 0.06;           // s: a dragged body closes its gap to the pointer in about this time
const DRAG_MAX_SPEED = 15;       // m/s
const DRAG_SPIN_DAMPING = 0.9;   // per step, so a dragged body does not spin for ever
const FRAME_BUDGET_MS = 40;      // real time: at most this much engine time per frame

// Built-in scenes: short name -> file under scenes3d/ (build_web.sh copies the repository's
// scenes/*_3d.json there; pour3d.json is the authors' icosahedron pour, web/public/scenes3d).
const SCENES = [
  { name: 'seam3d', file: 'cube_seam_3d.json', label: 'cube over the seam of two slabs (µ 0.2)' },
  { name: 'tiles3d', file: 'cube_tiles_3d.json', label: 'cube over the corner of four tiles' },
  { name: 'ledge3d', file: 'cube_ledge_3d.json', label: 'cube off a ledge' },
  { name: 'pour3d', file: 'pour3d.json', label: 'icosahedron pour (10 bodies, 5 s)', model: 'peg' },
  { name: 'slide3d', file: 'cube_slide_3d.json', label: 'cube sliding on a slab' },
  { name: 'slab3d', file: 'cube_on_slab_3d.json', label: 'cube resting on a slab' },
  { name: 'icodrop3d', file: 'icosahedron_drop_3d.json', label: 'icosahedron drop' },
];

const KIND_COLORS = { U: 0x2563eb, I: 0xd97706, X: 0x9333ea, G: 0x059669, '': 0x64748b };
const BODY_COLORS = [0x60a5fa, 0xf59e0b, 0x34d399, 0xf472b6, 0xa78bfa, 0xfb7185, 0x2dd4bf, 0xfacc15, 0x818cf8, 0x4ade80];

const $ = (id) => document.getElementById(id);

const app = {
  engine: null,
  sceneName: '',
  sceneText: '',
  state: null,
  shapes: [],
  options: { model: '', time_step: 0, solver: '' },
  running: false,
  speed: 'realtime',
  drag: null,        // {index, local: Vector3 grab point in the body frame, plane: THREE.Plane, to: Vector3}
  picked: -1,
  maxOverlap: 0,
  lastError: '',
  frames: 0,
  rate: { steps: 0, frames: 0, since: performance.now(), text: '' },
  // three.js
  renderer: null, scene: null, camera: null, controls: null, bodyGroups: [], overlay: null,
};

// ---- engine calls (errors go to the page and to the caller) ------------------------------------

function showError(message) {
  app.lastError = message;
  $('error').textContent = message;
  $('error').hidden = !message;
}

function guarded(fn) {
  try {
    fn();
    return true;
  } catch (error) {
    showError(error instanceof EngineError ? error.message : String(error && error.stack || error));
    return false;
  }
}

function stepEngine(n) {
  if (n <= 0) return;
  const start = performance.now();
  app.state = app.engine.step(n);
  if (app.state.stopped) setRunning(false);  // the engine stopped at its divergence guard
  app.rate.steps += n;
  app.stepMs = (performance.now() - start) / n;
  noteOverlap();
}

function noteOverlap() {
  if (app.state && app.state.overlap) app.maxOverlap = Math.max(app.maxOverlap, app.state.overlap.volume);
}

// ---- scenes -------------------------------------------------------------------------------------

async function fetchScene(name) {
  const entry = SCENES.find((s) => s.name === name) || { name, file: `${name}.json` };
  const response = await fetch(`scenes3d/${entry.file}`);
  if (!response.ok) throw new EngineError(`scene "${name}": ${response.status} ${response.statusText}`);
  return { entry, text: await response.text() };
}

// Loads a scene's text: a new engine session, new meshes, camera fitted. The model / h / solver
// chosen on the page stay (the scene's settings when none chosen yet or `useSceneSettings`).
function loadSceneText(text, name, overrides = {}) {
  const options = {};
  for (const key of ['model', 'time_step', 'solver']) {
    const value = overrides[key] !== undefined ? overrides[key] : app.options[key];
    if (value) options[key] = value;
  }
  const state = app.engine.create(text, options);
  if (state.dimension !== 3) throw new EngineError(`scene "${name}" is 2D: open it in the 2D page (index.html)`);
  app.state = state;
  app.sceneText = text;
  app.sceneName = name;
  app.shapes = app.engine.shapes3d();
  app.drag = null;
  app.picked = -1;
  app.maxOverlap = 0;
  showError('');
  syncOptions();
  buildBodies();
  // A box around the bodies (the pour): its walls see-through, so the bodies inside stay visible.
  $('show-statics').checked = app.shapes.filter((b) => b.static).length <= 4;
  fitView();
  $('scene-name').textContent = name;
  if ([...$('scene-select').options].some((o) => o.value === name)) $('scene-select').value = name;
}

async function loadScene(name, overrides = {}) {
  const { entry, text } = await fetchScene(name);
  const chosen = { ...overrides };
  if (entry.model && !chosen.model && !app.userChoseModel) chosen.model = entry.model;
  loadSceneText(text, name, chosen);
  render();
}

function reset() {
  const text = app.sceneText;
  if (!text) return;
  loadSceneText(text, app.sceneName);
}

function syncOptions() {
  app.options = { model: app.state.model, time_step: app.state.time_step, solver: app.state.solver_kind };
  $('model-select').value = app.state.model;
  $('dt-input').value = app.state.time_step;
  $('solver-select').value = app.state.solver_kind;
}

function applyOptions(options) {
  app.state = app.engine.setOptions(options);
  syncOptions();
}

// ---- three.js view ------------------------------------------------------------------------------

function initView() {
  const canvas = $('canvas');
  app.renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  app.renderer.setPixelRatio(window.devicePixelRatio || 1);
  app.scene = new THREE.Scene();
  app.scene.background = new THREE.Color(0xf8fafc);
  app.camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
  app.camera.up.set(0, 0, 1);  // the engine's z is up
  app.scene.add(new THREE.HemisphereLight(0xffffff, 0x94a3b8, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(3, -5, 8);
  app.scene.add(sun);
  app.controls = new OrbitControls(app.camera, canvas);
  app.controls.enableDamping = false;
  app.controls.addEventListener('change', () => { app.dirty = true; });
  app.overlay = new Overlay(app.scene);
  new ResizeObserver(() => { resize(); render(); }).observe(canvas);
  resize();
}

function resize() {
  const canvas = app.renderer.domElement;
  const w = Math.max(1, canvas.clientWidth), h = Math.max(1, canvas.clientHeight);
  app.renderer.setSize(w, h, false);
  app.camera.aspect = w / h;
  app.camera.updateProjectionMatrix();
}

// One group per body: flat-shaded faces and outlines, moved each frame by the engine's pose.
function buildBodies() {
  for (const g of app.bodyGroups) {
    app.scene.remove(g);
    g.traverse((o) => { if (o.geometry) o.geometry.dispose(); if (o.material) o.material.dispose(); });
  }
  app.bodyGroups = app.shapes.map((shape, index) => {
    const positions = [];
    for (const face of shape.faces) {
      for (let k = 1; k + 1 < face.length; ++k) {
        for (const v of [face[0], face[k], face[k + 1]]) positions.push(...shape.vertices[v]);
      }
    }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
    geometry.computeVertexNormals();
    const material = shape.static
      ? new THREE.MeshStandardMaterial({ color: 0xcbd5e1, roughness: 0.9, transparent: true, opacity: 0.55,
        flatShading: true, polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 })
      : new THREE.MeshStandardMaterial({ color: BODY_COLORS[index % BODY_COLORS.length], roughness: 0.6,
        flatShading: true, polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 });
    const mesh = new THREE.Mesh(geometry, material);
    mesh.userData.bodyIndex = index;
    const edgePositions = [];
    for (const face of shape.faces) {
      for (let k = 0; k < face.length; ++k) {
        edgePositions.push(...shape.vertices[face[k]], ...shape.vertices[face[(k + 1) % face.length]]);
      }
    }
    const edgeGeometry = new THREE.BufferGeometry();
    edgeGeometry.setAttribute('position', new THREE.Float32BufferAttribute(edgePositions, 3));
    const edges = new THREE.LineSegments(edgeGeometry,
      new THREE.LineBasicMaterial({ color: shape.static ? 0x64748b : 0x1e293b }));
    const group = new THREE.Group();
    group.add(mesh, edges);
    group.userData = { index, mesh, static: shape.static };
    app.scene.add(group);
    return group;
  });
}

// The dynamic bodies' bounding box (static ones too when there is nothing else), for the camera.
function sceneBounds() {
  const box = new THREE.Box3();
  const any = app.shapes.some((s) => !s.static);
  app.bodyGroups.forEach((g, i) => {
    if (any && app.shapes[i].static && app.shapes.length > 6) return;
    g.updateMatrixWorld(true);
    box.expandByObject(g.userData.mesh);
  });
  if (box.isEmpty()) box.set(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
  return box;
}

function fitView() {
  updatePoses();
  const box = new THREE.Box3();
  app.bodyGroups.forEach((g) => { g.updateMatrixWorld(true); box.expandByObject(g.userData.mesh); });
  if (box.isEmpty()) box.set(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
  const center = box.getCenter(new THREE.Vector3());
  const size = box.getSize(new THREE.Vector3());
  const radius = Math.max(0.5 * size.length(), 0.2);
  // The small scenes are 2 x 2 m slabs with a 0.2 m cube: look at the moving bodies, not the slabs.
  const dyn = sceneBounds();
  const focus = app.shapes.length <= 6 ? dyn.getCenter(new THREE.Vector3()).lerp(center, 0.3) : center;
  const distance = (app.shapes.length <= 6 ? 0.55 : 1.05) * radius / Math.sin(THREE.MathUtils.degToRad(app.camera.fov / 2));
  const direction = new THREE.Vector3(0.45, -1, app.shapes.length <= 6 ? 0.6 : 1.1).normalize();
  app.camera.position.copy(focus).addScaledVector(direction, distance);
  app.camera.near = distance / 200;
  app.camera.far = distance * 20;
  app.camera.updateProjectionMatrix();
  app.controls.target.copy(focus);
  app.controls.update();
  app.overlay.scale = Math.max(0.05, 0.06 * radius);
}

function updatePoses() {
  if (!app.state) return;
  app.state.bodies.forEach((b, i) => {
    const g = app.bodyGroups[i];
    if (!g) return;
    g.visible = b.active;
    g.position.set(...b.position);
    const [w, x, y, z] = b.orientation;
    g.quaternion.set(x, y, z, w);
  });
}

// Contact points (one colour per constraint kind), normals, overlap solids.
class Overlay {
  constructor(scene) {
    this.scale = 0.1;
    this.points = new THREE.Points(new THREE.BufferGeometry(),
      new THREE.PointsMaterial({ size: 10, sizeAttenuation: false, vertexColors: true, depthTest: false }));
    this.points.renderOrder = 10;
    this.normals = new THREE.LineSegments(new THREE.BufferGeometry(),
      new THREE.LineBasicMaterial({ vertexColors: true, depthTest: false }));
    this.normals.renderOrder = 9;
    this.overlap = new THREE.Mesh(new THREE.BufferGeometry(),
      new THREE.MeshBasicMaterial({ color: 0xb91c1c, side: THREE.DoubleSide, depthTest: false, transparent: true, opacity: 0.85 }));
    this.overlap.renderOrder = 8;
    scene.add(this.points, this.normals, this.overlap);
  }

  update(state, show) {
    const c = state.contacts;
    const pts = [], pcol = [], lines = [], lcol = [];
    const color = new THREE.Color();
    for (let i = 0; i < c.count; ++i) {
      const kinds = c.kinds[i] || '';
      color.setHex(KIND_COLORS[kinds[0] || ''] ?? KIND_COLORS['']);
      const p = c.point.slice(3 * i, 3 * i + 3), n = c.normal.slice(3 * i, 3 * i + 3);
      if (show.contacts) { pts.push(...p); pcol.push(color.r, color.g, color.b); }
      if (show.normals) {
        const length = this.scale * (c.impulse[i] > 0 ? 1 : 0.4);
        lines.push(...p, p[0] + length * n[0], p[1] + length * n[1], p[2] + length * n[2]);
        lcol.push(color.r, color.g, color.b, color.r, color.g, color.b);
      }
    }
    setAttributes(this.points.geometry, pts, pcol);
    setAttributes(this.normals.geometry, lines, lcol);
    const tri = [];
    if (show.overlap) {
      for (const solid of state.overlap.solids) {
        for (const flat of solid) {
          for (let k = 1; 3 * (k + 1) < flat.length; ++k) tri.push(...flat.slice(0, 3), ...flat.slice(3 * k, 3 * k + 6));
        }
      }
    }
    setAttributes(this.overlap.geometry, tri, null);
  }
}

function setAttributes(geometry, positions, colors) {
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  if (colors) geometry.setAttribute('color', new THREE.Float32BufferAttribute(colors, 3));
  geometry.computeBoundingSphere();
}

function render() {
  if (!app.renderer || !app.state) return;
  updatePoses();
  app.bodyGroups.forEach((g) => {
    if (g.userData.static) {
      const m = g.userData.mesh.material;
      m.opacity = $('show-statics').checked ? 0.85 : 0.2;
      m.depthWrite = $('show-statics').checked;
    }
  });
  app.overlay.update(app.state, {
    contacts: $('show-contacts').checked, normals: $('show-normals').checked, overlap: $('show-overlap').checked,
  });
  app.renderer.render(app.scene, app.camera);
  app.frames += 1;
  app.rate.frames += 1;
  updateStatus();
}

const fmt = (x, digits = 3) => (typeof x !== 'number' ? String(x)
  : x !== 0 && Math.abs(x) < 1e-3 ? x.toExponential(digits - 1) : x.toPrecision(digits));

function updateStatus() {
  const s = app.state;
  const step = s.step;
  $('st-time').textContent = `${s.time.toFixed(3)} s`;
  $('st-steps').textContent = s.steps;
  $('st-model').textContent = `${s.model} / ${s.time_step}`;
  const status = step ? step.status : '—';
  $('st-status').textContent = status;
  $('st-status').className = !step ? '' : step.status === 'solved' ? 'status-ok' : 'status-bad';
  $('st-solver').textContent = step ? step.solver : '—';
  $('st-residual').textContent = step ? fmt(step.residual, 2) : '—';
  $('st-lcp').textContent = step ? step.lcp_size : '—';
  $('st-failures').textContent = s.failures;
  $('st-failures').className = s.failures ? 'status-bad' : '';
  $('st-run').textContent = s.stopped ? `stopped at ${s.stopped} (Reset to run again)` : 'running';
  $('st-run').className = s.stopped ? 'status-bad' : '';
  const c = s.contacts;
  $('st-contacts').textContent = c.count;
  const count = (arr, v) => arr.filter((x) => x === v).length;
  $('st-features').textContent = ['vf', 'ee', 've', 'vv'].map((f) => count(c.feature, f)).join(' / ');
  $('st-kinds').textContent = ['U', 'I', 'X', 'G'].map((k) => c.kinds.filter((x) => x.includes(k)).length).join(' / ');
  $('st-sites').textContent = c.sites;
  $('st-overlap').textContent = `${fmt(s.overlap.volume, 2)} m³`;
  $('st-overlap-max').textContent = `${fmt(app.maxOverlap, 2)} m³`;
  $('st-depth').textContent = `${fmt(s.overlap.depth, 2)} m`;
  $('st-energy').textContent = `${fmt(s.energy, 5)} J`;
  $('st-step-ms').textContent = step ? `${step.step_ms.toFixed(2)} ms` : '—';
  const now = performance.now();
  if (now - app.rate.since > 1000) {
    const dt = (now - app.rate.since) / 1000;
    app.rate.text = `${(app.rate.steps / dt).toFixed(0)}, ${(app.rate.frames / dt).toFixed(0)}`;
    app.rate = { steps: 0, frames: 0, since: now, text: app.rate.text };
  }
  $('st-rate').textContent = app.rate.text;
  const b = s.bodies[app.picked];
  $('pk-name').textContent = b ? b.name : '—';
  $('pk-pos').textContent = b ? b.position.map((x) => x.toFixed(3)).join(', ') : '';
  $('pk-speed').textContent = b ? `${Math.hypot(...b.velocity).toFixed(3)} m/s` : '';
}

// ---- mouse: ray pick, drag on the camera-facing plane through the grab point -------------------

const raycaster = new THREE.Raycaster();

function pointerRay(clientX, clientY) {
  const rect = app.renderer.domElement.getBoundingClientRect();
  const ndc = new THREE.Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
  raycaster.setFromCamera(ndc, app.camera);
  return raycaster.ray;
}

// The dynamic body under the pointer and the world point hit, or null.
function pick(clientX, clientY) {
  pointerRay(clientX, clientY);
  const meshes = app.bodyGroups.filter((g) => g.visible && !g.userData.static).map((g) => g.userData.mesh);
  const hit = raycaster.intersectObjects(meshes, false)[0];
  return hit ? { index: hit.object.userData.bodyIndex, point: hit.point.clone() } : null;
}

function bodyMatrix(b) {
  const [w, x, y, z] = b.orientation;
  return new THREE.Matrix4().compose(new THREE.Vector3(...b.position), new THREE.Quaternion(x, y, z, w), new THREE.Vector3(1, 1, 1));
}

function startDrag(index, worldPoint) {
  const b = app.state.bodies[index];
  const local = worldPoint.clone().applyMatrix4(bodyMatrix(b).invert());
  const normal = app.camera.getWorldDirection(new THREE.Vector3()).negate();
  app.drag = { index, local, plane: new THREE.Plane().setFromNormalAndCoplanarPoint(normal, worldPoint), to: worldPoint.clone() };
  app.picked = index;
}

// Running: sets the body's velocity so its grab point closes on the pointer in about DRAG_TAU.
function steerDraggedBody() {
  const b = app.state.bodies[app.drag.index];
  const grab = app.drag.local.clone().applyMatrix4(bodyMatrix(b));
  const v = app.drag.to.clone().sub(grab).divideScalar(Math.max(DRAG_TAU, app.state.time_step));
  if (v.length() > DRAG_MAX_SPEED) v.setLength(DRAG_MAX_SPEED);
  const w = b.angular_velocity.map((x) => x * DRAG_SPIN_DAMPING);
  app.state = app.engine.setBody3d(app.drag.index, b.position, b.orientation, v.toArray(), w);
}

// Paused: places the body so its grab point is at the pointer, at rest.
function placeDraggedBody() {
  const b = app.state.bodies[app.drag.index];
  const [w, x, y, z] = b.orientation;
  const offset = app.drag.local.clone().applyQuaternion(new THREE.Quaternion(x, y, z, w));
  const position = app.drag.to.clone().sub(offset);
  app.state = app.engine.setBody3d(app.drag.index, position.toArray(), b.orientation, [0, 0, 0], [0, 0, 0]);
}

function initMouse() {
  const canvas = app.renderer.domElement;
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || !app.state) return;
    const hit = pick(e.clientX, e.clientY);
    if (!hit) return;  // orbit
    app.controls.enabled = false;
    canvas.setPointerCapture(e.pointerId);
    startDrag(hit.index, hit.point);
    e.preventDefault();
    e.stopImmediatePropagation();
  }, { capture: true });
  canvas.addEventListener('pointermove', (e) => {
    if (!app.drag) return;
    const ray = pointerRay(e.clientX, e.clientY);
    const to = ray.intersectPlane(app.drag.plane, new THREE.Vector3());
    if (to) app.drag.to = to;
    if (!app.running) guarded(() => { placeDraggedBody(); render(); });
  });
  const end = () => {
    if (!app.drag) return;
    // A fling: the body leaves toward where the mouse was released, even with no frame in between.
    if (app.running) guarded(steerDraggedBody);
    app.drag = null;
    app.controls.enabled = true;
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
}

// ---- run loop -----------------------------------------------------------------------------------

function setRunning(on) {
  app.running = on;
  $('run-button').textContent = on ? 'Pause' : 'Run';
  $('run-button').classList.toggle('running', on);
  app.lastFrame = performance.now();
  app.debt = 0;
}

function frame(now) {
  if (app.running && app.state) {
    const h = app.state.time_step;
    let n;
    if (app.speed === 'realtime' || app.speed === 'quarter') {
      const elapsed = Math.min(0.1, (now - (app.lastFrame || now)) / 1000) * (app.speed === 'quarter' ? 0.25 : 1);
      app.debt = (app.debt || 0) + elapsed / h;
      n = Math.floor(app.debt);
      app.debt -= n;
    } else {
      n = Number(app.speed);
    }
    const start = performance.now();
    const ok = guarded(() => {
      for (let k = 0; k < n; ++k) {
        if (app.drag) steerDraggedBody();
        stepEngine(1);
        if (performance.now() - start > FRAME_BUDGET_MS) { app.debt = 0; break; }
      }
    });
    if (!ok) setRunning(false);
  }
  app.lastFrame = now;
  // Paused and nothing moved: no redraw (software WebGL in a headless browser costs a full frame each).
  if (app.running || app.dirty) {
    app.dirty = false;
    render();
  }
  requestAnimationFrame(frame);
}

// ---- controls -----------------------------------------------------------------------------------

function initControls(models) {
  const sceneSelect = $('scene-select');
  for (const s of SCENES) sceneSelect.add(new Option(`${s.name}: ${s.label}`, s.name));
  sceneSelect.addEventListener('change', () => loadScene(sceneSelect.value).catch((e) => showError(e.message)));
  const modelSelect = $('model-select');
  for (const m of models) modelSelect.add(new Option(m, m));
  modelSelect.addEventListener('change', () => { app.userChoseModel = true; guarded(() => applyOptions({ model: modelSelect.value })); render(); });
  $('dt-input').addEventListener('change', () => {
    const h = Number($('dt-input').value);
    if (h > 0) guarded(() => applyOptions({ time_step: h }));
    render();
  });
  $('solver-select').addEventListener('change', () => { guarded(() => applyOptions({ solver: $('solver-select').value })); render(); });
  $('run-button').addEventListener('click', () => setRunning(!app.running));
  $('step-button').addEventListener('click', () => { guarded(() => stepEngine(1)); render(); });
  $('reset-button').addEventListener('click', () => { guarded(reset); render(); });
  $('fit-button').addEventListener('click', () => { fitView(); render(); });
  $('speed-select').addEventListener('change', () => { app.speed = $('speed-select').value; });
  $('save-button').addEventListener('click', () => guarded(() => {
    const blob = new Blob([JSON.stringify(app.engine.sceneJson(), null, 1)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${app.sceneName || 'scene'}-t${app.state.time.toFixed(2)}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  }));
  $('scene-file').addEventListener('change', async () => {
    const file = $('scene-file').files[0];
    if (!file) return;
    const text = await file.text();
    guarded(() => loadSceneText(text, file.name));
    render();
  });
  for (const id of ['show-contacts', 'show-normals', 'show-overlap', 'show-statics']) $(id).addEventListener('change', render);
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === ' ') { setRunning(!app.running); e.preventDefault(); }
    if (e.key === 's' || e.key === 'S') { guarded(() => stepEngine(1)); render(); }
    if (e.key === 'r' || e.key === 'R') { guarded(reset); render(); }
  });
}

// ---- for tests and scripts ----------------------------------------------------------------------

function pegsimState() {
  const s = app.state;
  if (!s) return { scene: app.sceneName, error: app.lastError, ready: false };
  return {
    ...s,
    ready: true,
    dimension: 3,
    scene: app.sceneName,
    running: app.running,
    picked: app.picked >= 0 && s.bodies[app.picked] ? s.bodies[app.picked].name : null,
    dragging: !!app.drag,
    max_overlap: app.maxOverlap,
    frames: app.frames,
    error: app.lastError,
  };
}

function bodyIndex(name) {
  const index = app.state.bodies.findIndex((b) => b.name === name);
  if (index < 0) throw new EngineError(`no body named "${name}"`);
  return index;
}

const pegsimControl = {
  async loadScene(name, overrides = {}) { await loadScene(name, overrides); return pegsimState(); },
  loadSceneText(text, name = 'custom') { loadSceneText(text, name); render(); return pegsimState(); },
  setModel(model) { applyOptions({ model }); render(); return pegsimState(); },
  setTimeStep(h) { applyOptions({ time_step: h }); render(); return pegsimState(); },
  setSolver(solver) { applyOptions({ solver }); render(); return pegsimState(); },
  setSpeed(speed) { app.speed = speed; $('speed-select').value = speed; return pegsimState(); },
  // n steps; draw: false skips the (software-rendered, in headless tests) redraw.
  run(n, { draw = true } = {}) {
    for (let k = 0; k < n; ++k) { if (app.drag) steerDraggedBody(); stepEngine(1); }
    if (draw) render();
    return pegsimState();
  },
  step() { return pegsimControl.run(1); },
  play() { setRunning(true); return pegsimState(); },
  pause() { setRunning(false); return pegsimState(); },
  reset() { reset(); render(); return pegsimState(); },
  // Pulls body `name`'s centre toward world point (x, y, z) as the mouse does, for `steps` steps.
  drag(name, x, y, z, { steps = 60 } = {}) {
    const index = bodyIndex(name);
    app.drag = { index, local: new THREE.Vector3(), plane: null, to: new THREE.Vector3(x, y, z) };
    try {
      for (let k = 0; k < steps; ++k) { steerDraggedBody(); stepEngine(1); }
    } finally {
      app.drag = null;
    }
    render();
    return pegsimState();
  },
  // Where world point (x, y, z) is on screen (client coordinates), for tests that use the real mouse.
  worldToClient(x, y, z) {
    const rect = app.renderer.domElement.getBoundingClientRect();
    const p = new THREE.Vector3(x, y, z).project(app.camera);
    return [rect.left + (p.x + 1) / 2 * rect.width, rect.top + (1 - p.y) / 2 * rect.height];
  },
  // The body under client point (x, y), as the mouse would pick it, or null.
  pickAt(x, y) { const hit = pick(x, y); return hit ? app.state.bodies[hit.index].name : null; },
  // Mean and standard deviation of the canvas's luminance (a blank canvas has 0).
  canvasStats() {
    render();
    const gl = app.renderer.domElement;
    const w = 160, h = Math.max(1, Math.round(160 * gl.height / gl.width));
    const c = document.createElement('canvas');
    c.width = w; c.height = h;
    const ctx = c.getContext('2d');
    ctx.drawImage(gl, 0, 0, w, h);
    const data = ctx.getImageData(0, 0, w, h).data;
    let sum = 0, sum2 = 0;
    const n = w * h;
    for (let i = 0; i < data.length; i += 4) {
      const l = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
      sum += l; sum2 += l * l;
    }
    const mean = sum / n;
    return { width: gl.width, height: gl.height, mean, std: Math.sqrt(Math.max(0, sum2 / n - mean * mean)) };
  },
  fitView() { fitView(); render(); return pegsimState(); },
  models() { return app.engine.models(); },
};

// ---- start --------------------------------------------------------------------------------------

async function main() {
  window.pegsimState = pegsimState;
  window.pegsimControl = pegsimControl;
  try {
    app.engine = await loadEngine();
    initView();
    initMouse();
    initControls(app.engine.models());
    const params = new URLSearchParams(location.search);
    const overrides = {};
    if (params.get('model')) { overrides.model = params.get('model'); app.userChoseModel = true; }
    if (params.get('h')) overrides.time_step = Number(params.get('h'));
    if (params.get('solver')) overrides.solver = params.get('solver');
    await loadScene(params.get('scene') || 'seam3d', overrides);
    if (params.get('run') === '1') setRunning(true);
    requestAnimationFrame(frame);
  } catch (error) {
    showError(error instanceof EngineError ? error.message : String(error && error.stack || error));
  }
}

main();
