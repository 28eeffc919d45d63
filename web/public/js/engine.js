// The page's only route to the physics: the pegsim engine compiled to WebAssembly (pegsim_wasm.js,
// web/bindings/pegsim_wasm.cpp). Every call returns parsed JSON; an {"error": ...} reply from C++
// becomes a thrown Error carrying the engine's message.

export class EngineError extends Error {}

export async function loadEngine() {
  if (typeof window.createPegsimModule !== 'function') {
    throw new EngineError('pegsim_wasm.js did not load (build the page with scripts/build_web.sh)');
  }
  const module = await window.createPegsimModule();
  return new Engine(module);
}

class Engine {
  constructor(module) {
    this.module = module;
    this.createFn = module.cwrap('pegsim_create', 'string', ['string', 'string']);
    this.stepFn = module.cwrap('pegsim_step', 'string', ['number']);
    this.stateFn = module.cwrap('pegsim_state', 'string', []);
    this.setOptionsFn = module.cwrap('pegsim_set_options', 'string', ['string']);
    this.setBodyFn = module.cwrap('pegsim_set_body', 'string',
      ['number', 'number', 'number', 'number', 'number', 'number', 'number']);
    this.sceneJsonFn = module.cwrap('pegsim_scene_json', 'string', []);
    this.modelsFn = module.cwrap('pegsim_models', 'string', []);
    this.pourSceneFn = module.cwrap('pegsim_pour_scene', 'string', ['number', 'number']);
    this.setBody3dFn = module.cwrap('pegsim_set_body3d', 'string', new Array(14).fill('number'));
    this.shapes3dFn = module.cwrap('pegsim_shapes3d', 'string', []);
  }

  // Loads a scene file's text with options {model, time_step, solver} (any subset).
  create(sceneText, options = {}) { return parse(this.createFn(sceneText, JSON.stringify(options))); }
  step(n) { return parse(this.stepFn(n)); }
  state() { return parse(this.stateFn()); }
  setOptions(options) { return parse(this.setOptionsFn(JSON.stringify(options))); }
  setBody(index, pose, velocity) {
    return parse(this.setBodyFn(index, pose.x, pose.y, pose.angle, velocity.x, velocity.y, velocity.omega));
  }
  sceneJson() { return parse(this.sceneJsonFn()); }
  models() { return parse(this.modelsFn()); }
  pourScene(seed, count) { return parse(this.pourSceneFn(seed, count)); }
  // 3D scenes: position [x, y, z], orientation [w, x, y, z], velocity, world angular velocity.
  setBody3d(index, position, orientation, velocity, angularVelocity) {
    return parse(this.setBody3dFn(index, ...position, ...orientation, ...velocity, ...angularVelocity));
  }
  // 3D scenes: every body's shape in its own frame [{name, static, vertices, faces}].
  shapes3d() { return parse(this.shapes3dFn()); }
}

function parse(text) {
  const reply = JSON.parse(text);
  if (reply && typeof reply === 'object' && !Array.isArray(reply) && typeof reply.error === 'string') {
    throw new EngineError(reply.error);
  }
  return reply;
}
