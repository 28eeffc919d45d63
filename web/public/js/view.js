// Canvas drawing of one engine state: bodies, overlap regions, contacts (point, normal, U/I/X/G
// constraint kinds), SM trap sites, and the mouse's drag line. Pure drawing: reads the state the
// engine reported, computes no physics.

const KIND_COLORS = { U: '#2563eb', I: '#d97706', X: '#9333ea', G: '#059669' };
const KIND_PRIORITY = ['X', 'I', 'G', 'U'];  // the colour of a contact shows its most nonconvex role
const NORMAL_PIXELS = 18;

export class Camera {
  constructor() { this.box = { x0: -1, x1: 1, y0: -1, y1: 1 }; this.width = 1; this.height = 1; }

  resize(width, height) { this.width = width; this.height = height; }

  // The world box shown, centred, with equal scale on both axes.
  show(box) { this.box = { ...box }; }

  get scale() {
    const w = this.box.x1 - this.box.x0, h = this.box.y1 - this.box.y0;
    return Math.min(this.width / w, this.height / h);
  }

  toScreen(x, y) {
    const s = this.scale;
    const cx = 0.5 * (this.box.x0 + this.box.x1), cy = 0.5 * (this.box.y0 + this.box.y1);
    return [this.width / 2 + (x - cx) * s, this.height / 2 - (y - cy) * s];
  }

  toWorld(px, py) {
    const s = this.scale;
    const cx = 0.5 * (this.box.x0 + this.box.x1), cy = 0.5 * (this.box.y0 + this.box.y1);
    return [cx + (px - this.width / 2) / s, cy - (py - this.height / 2) / s];
  }

  // Zooms by `factor` keeping the world point under (px, py) fixed.
  zoom(px, py, factor) {
    const [wx, wy] = this.toWorld(px, py);
    const b = this.box;
    this.box = { x0: wx + (b.x0 - wx) / factor, x1: wx + (b.x1 - wx) / factor,
                 y0: wy + (b.y0 - wy) / factor, y1: wy + (b.y1 - wy) / factor };
  }

  pan(dxPixels, dyPixels) {
    const s = this.scale, b = this.box;
    const dx = -dxPixels / s, dy = dyPixels / s;
    this.box = { x0: b.x0 + dx, x1: b.x1 + dx, y0: b.y0 + dy, y1: b.y1 + dy };
  }
}

// The part of the world worth showing at the start: the moving bodies, where they are heading in
// (at most 1 s of) one and a half times the scene's duration, down to the lowest body if gravity pulls them there, and the
// static vertices near that region (a huge static block must not shrink the interesting part to a dot).
export function fitBox(state, duration) {
  const all = emptyBox(), moving = emptyBox();
  const t = Math.min(1.5 * (duration || 1), 1);
  for (const body of state.bodies) {
    for (const [x, y] of body.vertices) grow(all, x, y);
    if (body.static) continue;
    for (const [x, y] of body.vertices) grow(moving, x + body.velocity[0] * t, y + body.velocity[1] * t);
    for (const [x, y] of body.vertices) grow(moving, x, y);
  }
  if (!isFinite(moving.x0)) return pad(all, 0.05, 0.2);
  if ((state.gravity || [0, 0])[1] < 0) moving.y0 = Math.min(moving.y0, all.y0);
  const reach = 0.5 * Math.max(moving.x1 - moving.x0, moving.y1 - moving.y0) + 0.2;
  const view = { ...moving };
  for (const body of state.bodies) {
    if (!body.static) continue;
    for (const [x, y] of body.vertices) {
      const dx = Math.max(moving.x0 - x, 0, x - moving.x1), dy = Math.max(moving.y0 - y, 0, y - moving.y1);
      if (Math.hypot(dx, dy) <= reach) grow(view, x, y);
    }
  }
  return pad(view, 0.1 * Math.max(view.x1 - view.x0, view.y1 - view.y0), 0.3);
}

function emptyBox() { return { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity }; }
function grow(b, x, y) { b.x0 = Math.min(b.x0, x); b.x1 = Math.max(b.x1, x); b.y0 = Math.min(b.y0, y); b.y1 = Math.max(b.y1, y); }
function pad(b, margin, minSize) {
  const cx = 0.5 * (b.x0 + b.x1), cy = 0.5 * (b.y0 + b.y1);
  const hw = Math.max(0.5 * (b.x1 - b.x0) + margin, 0.5 * minSize);
  const hh = Math.max(0.5 * (b.y1 - b.y0) + margin, 0.5 * minSize);
  return { x0: cx - hw, x1: cx + hw, y0: cy - hh, y1: cy + hh };
}

export function bodyColor(index) { return `hsl(${(index * 47) % 360} 65% 58%)`; }

export function kindColor(kinds) {
  for (const k of KIND_PRIORITY) if (kinds.includes(k)) return KIND_COLORS[k];
  return '#6b7280';
}

// overlay: {contacts, normals, kinds, traps, overlap, trails}; drag: {index, from:[x,y], to:[x,y]} or
// null; trails: per body index, the centre positions reported so far.
export function drawState(ctx, camera, state, overlay, drag, hover, trails) {
  ctx.fillStyle = '#f8fafc';
  ctx.fillRect(0, 0, camera.width, camera.height);
  drawAxes(ctx, camera);
  if (overlay.trails && trails) trails.forEach((trail, i) => drawTrail(ctx, camera, trail, state.bodies[i], i));
  state.bodies.forEach((body, i) => drawBody(ctx, camera, body, i, hover === i || (drag && drag.index === i)));
  if (overlay.overlap) for (const poly of state.overlap.polygons) drawOverlap(ctx, camera, poly);
  if (overlay.contacts) drawContacts(ctx, camera, state.contacts, overlay);
  if (overlay.traps) drawTraps(ctx, camera, state.traps);
  if (drag) drawDrag(ctx, camera, drag);
  drawScaleBar(ctx, camera);
}

function drawTrail(ctx, camera, trail, body, index) {
  if (!trail || trail.length < 2) return;
  ctx.beginPath();
  trail.forEach(([x, y], k) => {
    const [px, py] = camera.toScreen(x, y);
    if (k === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
  });
  ctx.strokeStyle = body.particle ? 'rgba(220, 38, 38, 0.6)' : bodyColor(index);
  ctx.lineWidth = 1;
  ctx.stroke();
}

function drawAxes(ctx, camera) {
  const [ox, oy] = camera.toScreen(0, 0);
  ctx.strokeStyle = '#e2e8f0';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, oy); ctx.lineTo(camera.width, oy);
  ctx.moveTo(ox, 0); ctx.lineTo(ox, camera.height);
  ctx.stroke();
}

function tracePolygon(ctx, camera, vertices) {
  ctx.beginPath();
  vertices.forEach(([x, y], k) => {
    const [px, py] = camera.toScreen(x, y);
    if (k === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
  });
  ctx.closePath();
}

function drawBody(ctx, camera, body, index, highlighted) {
  ctx.save();
  if (!body.active) { ctx.globalAlpha = 0.25; ctx.setLineDash([4, 4]); }
  highlighted = highlighted && !body.static;
  const stroke = highlighted ? '#111827' : body.static ? '#64748b' : '#334155';
  if (body.particle) {
    const [px, py] = camera.toScreen(body.position[0], body.position[1]);
    ctx.beginPath();
    ctx.arc(px, py, highlighted ? 7 : 5, 0, 2 * Math.PI);
    ctx.fillStyle = '#dc2626';
    ctx.fill();
    ctx.strokeStyle = stroke;
    ctx.stroke();
  } else {
    tracePolygon(ctx, camera, body.vertices);
    ctx.fillStyle = body.static ? '#cbd5e1' : bodyColor(index);
    ctx.fill();
    ctx.lineWidth = highlighted ? 2.5 : 1;
    ctx.strokeStyle = stroke;
    ctx.stroke();
    if (!body.static) {  // centre of mass and a line to the first vertex, so rotation is visible
      const [cx, cy] = camera.toScreen(body.position[0], body.position[1]);
      const [vx, vy] = camera.toScreen(body.vertices[0][0], body.vertices[0][1]);
      ctx.beginPath(); ctx.moveTo(cx, cy); ctx.lineTo(vx, vy);
      ctx.strokeStyle = 'rgba(15,23,42,0.35)'; ctx.lineWidth = 1; ctx.stroke();
      ctx.beginPath(); ctx.arc(cx, cy, 2, 0, 2 * Math.PI); ctx.fillStyle = '#0f172a'; ctx.fill();
    }
  }
  ctx.restore();
}

function drawOverlap(ctx, camera, polygon) {
  tracePolygon(ctx, camera, polygon);
  ctx.fillStyle = 'rgba(220, 38, 38, 0.6)';
  ctx.fill();
  ctx.strokeStyle = '#b91c1c';
  ctx.lineWidth = 1;
  ctx.stroke();
}

// A circle of radius r as a closed polygon subpath of the current path. Canvas arcs are the page's
// most expensive primitive under software raster (headless Chromium: 754 trap rings as arcs cost
// 10 ms per frame, as 12-gons in one path 1-2 ms); at these sizes the polygon looks the same.
function addRing(ctx, px, py, r, sides) {
  ctx.moveTo(px + r, py);
  for (let k = 1; k < sides; ++k) ctx.lineTo(px + r * Math.cos((2 * Math.PI * k) / sides), py + r * Math.sin((2 * Math.PI * k) / sides));
  ctx.closePath();
}

// contacts: the engine's columns {count, point: [x0, y0, ...], normal, kinds, impulse, ...}. Drawn
// in one path per colour, each marker once per pixel: a standard-model pile reaches 1500 contacts,
// most of them a vertex against several edges at one point, and rasterising them all cost more
// than the engine's step.
function drawContacts(ctx, camera, contacts, overlay) {
  const groups = new Map();  // colour -> {pushing: [screen x, y, ...], idle: [...], normals: [...]}
  for (let i = 0; i < contacts.count; ++i) {
    const [px, py] = camera.toScreen(contacts.point[2 * i], contacts.point[2 * i + 1]);
    const color = kindColor(contacts.kinds[i]);
    let g = groups.get(color);
    if (!g) { g = { pushing: [], idle: [], normals: [], seen: new Set() }; groups.set(color, g); }
    const pushing = contacts.impulse[i] > 0;
    const at = `${pushing ? 'p' : 'i'}${Math.round(px)},${Math.round(py)}`;
    if (!g.seen.has(at)) { g.seen.add(at); (pushing ? g.pushing : g.idle).push(px, py); }
    if (overlay.normals) {
      const ex = px + NORMAL_PIXELS * contacts.normal[2 * i], ey = py - NORMAL_PIXELS * contacts.normal[2 * i + 1];
      const line = `n${Math.round(px)},${Math.round(py)},${Math.round(ex)},${Math.round(ey)}`;
      if (!g.seen.has(line)) { g.seen.add(line); g.normals.push(px, py, ex, ey); }
    }
  }
  ctx.lineWidth = 1.5;
  for (const [color, g] of groups) {
    ctx.strokeStyle = color;
    if (g.normals.length) {
      ctx.beginPath();
      for (let k = 0; k < g.normals.length; k += 4) { ctx.moveTo(g.normals[k], g.normals[k + 1]); ctx.lineTo(g.normals[k + 2], g.normals[k + 3]); }
      ctx.stroke();
    }
    for (const [points, fill] of [[g.idle, '#fff'], [g.pushing, color]]) {  // filled: pushing (impulse > 0)
      if (!points.length) continue;
      ctx.beginPath();
      for (let k = 0; k < points.length; k += 2) addRing(ctx, points[k], points[k + 1], 3, 8);
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.stroke();
    }
  }
  if (!overlay.kinds) return;
  ctx.font = '11px system-ui, sans-serif';
  for (let i = 0; i < contacts.count; ++i) {
    const kinds = contacts.kinds[i];
    if (!kinds || kinds === 'U') continue;  // plain U: its colour says it
    const [px, py] = camera.toScreen(contacts.point[2 * i], contacts.point[2 * i + 1]);
    ctx.fillStyle = kindColor(kinds);
    ctx.fillText(kinds, px + 5, py - 5);
  }
}

// Vertex–vertex sites: a red ring labelled "SM", the rings in one path (addRing). A standard-model
// pile has hundreds, mostly on top of each other (754 on the web pour at t = 5 s): one ring per
// 8 px cell and one label per 24 x 14 px cell look the same and are all that can be read.
function drawTraps(ctx, camera, traps) {
  if (!traps.length) return;
  const points = traps.map((t) => camera.toScreen(t.point[0], t.point[1]));
  const ringed = new Set();
  ctx.beginPath();
  for (const [px, py] of points) {
    const cell = `${Math.round(px / 8)},${Math.round(py / 8)}`;
    if (ringed.has(cell)) continue;
    ringed.add(cell);
    addRing(ctx, px, py, 10, 12);
  }
  ctx.strokeStyle = '#dc2626';
  ctx.lineWidth = 2.5;
  ctx.stroke();
  ctx.font = 'bold 11px system-ui, sans-serif';
  ctx.fillStyle = '#dc2626';
  const labelled = new Set();
  for (const [px, py] of points) {
    const cell = `${Math.round(px / 24)},${Math.round(py / 14)}`;
    if (labelled.has(cell)) continue;
    labelled.add(cell);
    ctx.fillText('SM', px + 11, py + 12);
  }
}

function drawDrag(ctx, camera, drag) {
  const [ax, ay] = camera.toScreen(drag.from[0], drag.from[1]);
  const [bx, by] = camera.toScreen(drag.to[0], drag.to[1]);
  ctx.save();
  ctx.setLineDash([5, 4]);
  ctx.beginPath(); ctx.moveTo(ax, ay); ctx.lineTo(bx, by);
  ctx.strokeStyle = '#0f172a'; ctx.lineWidth = 1.5; ctx.stroke();
  ctx.restore();
  ctx.beginPath(); ctx.arc(bx, by, 4, 0, 2 * Math.PI); ctx.strokeStyle = '#0f172a'; ctx.stroke();
}

// A bar of a round length (1, 2 or 5 times a power of ten metres) about 100 pixels long.
function drawScaleBar(ctx, camera) {
  const target = 100 / camera.scale;
  const power = Math.pow(10, Math.floor(Math.log10(target)));
  const length = [5, 2, 1].map((m) => m * power).find((l) => l <= target) || power;
  const pixels = length * camera.scale;
  const x = 12, y = camera.height - 14;
  ctx.strokeStyle = '#0f172a'; ctx.lineWidth = 2;
  ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + pixels, y); ctx.stroke();
  ctx.font = '11px system-ui, sans-serif'; ctx.fillStyle = '#0f172a';
  ctx.fillText(`${+length.toPrecision(3)} m`, x, y - 5);
}

// The body under a screen point: a dynamic polygon containing it, else the nearest dynamic body
// (particles have no area) within `radius` pixels. Returns the index or -1.
export function pickBody(camera, state, px, py, radius = 14) {
  const [wx, wy] = camera.toWorld(px, py);
  let best = -1, bestDistance = Infinity;
  state.bodies.forEach((body, i) => {
    if (body.static || !body.active) return;
    if (!body.particle && insidePolygon(body.vertices, wx, wy)) { best = i; bestDistance = -1; return; }
    if (bestDistance < 0) return;
    const [bx, by] = camera.toScreen(body.position[0], body.position[1]);
    const d = Math.hypot(bx - px, by - py);
    if (d < radius && d < bestDistance) { best = i; bestDistance = d; }
  });
  return best;
}

function insidePolygon(vertices, x, y) {
  let inside = false;
  for (let i = 0, j = vertices.length - 1; i < vertices.length; j = i++) {
    const [xi, yi] = vertices[i], [xj, yj] = vertices[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
