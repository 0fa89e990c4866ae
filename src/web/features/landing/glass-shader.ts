/**
 * A small WebGL2 program: slow, soft light moving through frosted glass, drawn behind the top
 * bar. One full-screen triangle (no buffers), one fragment shader. It renders at most 30 frames
 * a second at up to 1.5x device pixels, pauses while the tab is hidden, and if reduced motion is
 * turned on while it runs, holds one still frame (redrawn only when the size or intensity changes).
 */

export type GlassController = { setIntensity(value: number): void; stop(): void };

const VERTEX = `#version 300 es
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}`;

const FRAGMENT = `#version 300 es
precision mediump float;
uniform vec2 uSize;
uniform float uTime;
uniform float uIntensity;
out vec4 outColor;

float hash(vec2 p) {
  p = fract(p * vec2(123.34, 456.21));
  p += dot(p, p + 45.32);
  return fract(p.x * p.y);
}
float noise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(mix(hash(i), hash(i + vec2(1.0, 0.0)), u.x), mix(hash(i + vec2(0.0, 1.0)), hash(i + vec2(1.0, 1.0)), u.x), u.y);
}
float fbm(vec2 p) {
  float v = 0.0;
  float a = 0.5;
  for (int i = 0; i < 4; i++) {
    v += a * noise(p);
    p = p * 2.03 + vec2(1.7, 9.2);
    a *= 0.5;
  }
  return v;
}
void main() {
  vec2 uv = gl_FragCoord.xy / max(uSize.y, 1.0);
  float t = uTime * 0.035;
  vec2 warp = vec2(fbm(uv * 0.7 + vec2(t, 0.0)), fbm(uv * 0.7 + vec2(3.1, -t)));
  float body = fbm(uv * 1.2 + warp * 1.6 + vec2(t * 1.5, 0.0));
  // Diagonal sheens drifting across the pane, bent by the frost.
  float sheen = 0.5 + 0.5 * sin((uv.x - uv.y * 1.6) * 1.1 + body * 3.2 - t * 5.0);
  sheen = pow(sheen, 7.0);
  // Clear, slightly cool glass: frost where the noise is dense, bright where the sheen passes.
  vec3 tint = mix(vec3(0.86, 0.91, 0.97), vec3(0.95, 0.95, 0.93), smoothstep(0.35, 0.65, body));
  vec3 color = mix(tint, vec3(1.0), 0.55 + 0.45 * sheen);
  float alpha = clamp(uIntensity * (0.22 + 0.4 * body + 0.65 * sheen), 0.0, 1.0);
  outColor = vec4(color * alpha, alpha);
}`;

const FRAME_MS = 1000 / 30;
/** Renderers that draw on the CPU, where every frame of the shader is main-thread time. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;
const MAX_PIXEL_RATIO = 1.5;

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader | null {
  const shader = gl.createShader(type);
  if (!shader) return null;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    gl.deleteShader(shader);
    return null;
  }
  return shader;
}

function program(gl: WebGL2RenderingContext): WebGLProgram | null {
  const vertex = compile(gl, gl.VERTEX_SHADER, VERTEX);
  const fragment = compile(gl, gl.FRAGMENT_SHADER, FRAGMENT);
  const linked = gl.createProgram();
  if (!vertex || !fragment || !linked) return null;
  gl.attachShader(linked, vertex);
  gl.attachShader(linked, fragment);
  gl.linkProgram(linked);
  gl.deleteShader(vertex);
  gl.deleteShader(fragment);
  return gl.getProgramParameter(linked, gl.LINK_STATUS) ? linked : null;
}

const CONTEXT: WebGLContextAttributes = {
  alpha: true,
  premultipliedAlpha: true,
  antialias: false,
  depth: false,
  powerPreference: "low-power",
  failIfMajorPerformanceCaveat: true,
};

/**
 * How WebGL2 would draw here, asked on a throwaway canvas (a canvas whose context is released
 * shows a broken-image mark): "hardware", "software" (every frame would be main-thread time), or
 * "none".
 */
function webgl2Renderer(): "hardware" | "software" | "none" {
  const fast = document.createElement("canvas").getContext("webgl2", CONTEXT);
  const gl = fast ?? document.createElement("canvas").getContext("webgl2");
  if (!gl) return "none";
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension("WEBGL_lose_context")?.loseContext();
  return fast && !SOFTWARE_RENDERER.test(name) ? "hardware" : "software";
}

/**
 * Starts the glass on `canvas`. "slow" when WebGL2 would draw in software (the caller shows a
 * still rendition instead), null when WebGL2 or the program is not available.
 */
export function startGlass(
  canvas: HTMLCanvasElement,
  initialIntensity: number,
): GlassController | "slow" | null {
  const renderer = webgl2Renderer();
  if (renderer !== "hardware") return renderer === "software" ? "slow" : null;
  const gl = canvas.getContext("webgl2", CONTEXT);
  if (!gl) return null;
  const linked = program(gl);
  if (!linked) return null;
  const uSize = gl.getUniformLocation(linked, "uSize");
  const uTime = gl.getUniformLocation(linked, "uTime");
  const uIntensity = gl.getUniformLocation(linked, "uIntensity");
  gl.useProgram(linked);
  gl.disable(gl.DEPTH_TEST);
  gl.clearColor(0, 0, 0, 0);

  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  const origin = performance.now();
  let intensity = initialIntensity;
  let target = initialIntensity;
  let frame = 0;
  let last = 0;
  let stopped = false;

  const resize = () => {
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    gl.viewport(0, 0, width, height);
  };

  const draw = (now: number) => {
    // Eases between 0.5 and 0.3 over about a third of a second instead of jumping.
    intensity += (target - intensity) * (reduced.matches ? 1 : 0.18);
    if (Math.abs(target - intensity) < 0.002) intensity = target;
    gl.uniform2f(uSize, canvas.width, canvas.height);
    gl.uniform1f(uTime, reduced.matches ? 12 : (now - origin) / 1000);
    gl.uniform1f(uIntensity, intensity);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  };

  const loop = (now: number) => {
    frame = 0;
    if (stopped || document.hidden) return;
    if (now - last >= FRAME_MS) {
      last = now;
      draw(now);
    }
    if (!reduced.matches || intensity !== target) frame = requestAnimationFrame(loop);
  };
  const wake = () => {
    canvas.dataset.state = document.hidden ? "paused" : reduced.matches ? "still" : "running";
    if (frame === 0 && !stopped && !document.hidden) frame = requestAnimationFrame(loop);
  };

  const observer = new ResizeObserver(() => {
    resize();
    draw(performance.now());
    wake();
  });
  observer.observe(canvas);
  const onLost = (event: Event) => {
    event.preventDefault();
    controller.stop();
  };
  canvas.addEventListener("webglcontextlost", onLost);
  document.addEventListener("visibilitychange", wake);
  reduced.addEventListener("change", wake);
  resize();
  draw(origin);
  wake();

  const controller: GlassController = {
    setIntensity(value) {
      target = value;
      wake();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      cancelAnimationFrame(frame);
      observer.disconnect();
      canvas.removeEventListener("webglcontextlost", onLost);
      document.removeEventListener("visibilitychange", wake);
      reduced.removeEventListener("change", wake);
      canvas.dataset.state = "stopped";
    },
  };
  return controller;
}
