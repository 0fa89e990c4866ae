/**
 * The glass itself, for whichever thread draws it (the page, or a Worker holding an
 * OffscreenCanvas): slow, soft light moving through frosted glass. One full-screen triangle (no
 * buffers), one fragment shader, at most 30 frames a second; under reduced motion it holds one
 * still frame, redrawn only when the size or intensity changes.
 */

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
/** Canvas pixels per CSS pixel, at most: the frost is soft, so more would only cost time. */
export const MAX_PIXEL_RATIO = 1.5;

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

export const GLASS_CONTEXT: WebGLContextAttributes = {
  alpha: true,
  premultipliedAlpha: true,
  antialias: false,
  depth: false,
  powerPreference: "low-power",
  failIfMajorPerformanceCaveat: true,
};

/** How the thread the animation runs on schedules its frames. */
export type GlassHost = {
  requestFrame(callback: (now: number) => void): number;
  cancelFrame(handle: number): void;
};

/** Animation frames: the page's, or a Worker's where it has them (Chromium, Firefox). */
export const ANIMATION_FRAMES: GlassHost = {
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
};

export type GlassAnimation = {
  setIntensity(value: number): void;
  setSize(width: number, height: number): void;
  /** Draws only while shown: the tab is visible and the bar is on screen. */
  setShown(shown: boolean): void;
  setReduced(reduced: boolean): void;
  stop(): void;
};

/**
 * Animates the glass on `gl` (whose canvas the caller sizes through setSize). Null when the
 * program does not compile.
 */
export function animateGlass(
  gl: WebGL2RenderingContext,
  host: GlassHost,
  initial: { intensity: number; reduced: boolean },
): GlassAnimation | null {
  const linked = program(gl);
  if (!linked) return null;
  const uSize = gl.getUniformLocation(linked, "uSize");
  const uTime = gl.getUniformLocation(linked, "uTime");
  const uIntensity = gl.getUniformLocation(linked, "uIntensity");
  gl.useProgram(linked);
  gl.disable(gl.DEPTH_TEST);
  gl.clearColor(0, 0, 0, 0);

  const canvas = gl.canvas;
  const origin = performance.now();
  let { intensity, reduced } = initial;
  let target = intensity;
  let shown = true;
  let stopped = false;
  let frame = 0;
  let last = 0;

  const draw = (now: number) => {
    // Eases between 0.5 and 0.3 over about a third of a second instead of jumping.
    intensity += (target - intensity) * (reduced ? 1 : 0.18);
    if (Math.abs(target - intensity) < 0.002) intensity = target;
    gl.uniform2f(uSize, canvas.width, canvas.height);
    gl.uniform1f(uTime, reduced ? 12 : (now - origin) / 1000);
    gl.uniform1f(uIntensity, intensity);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  };
  const loop = (now: number) => {
    frame = 0;
    if (stopped || !shown) return;
    if (now - last >= FRAME_MS) {
      last = now;
      draw(now);
    }
    if (!reduced || intensity !== target) frame = host.requestFrame(loop);
  };
  const wake = () => {
    if (frame === 0 && !stopped && shown) frame = host.requestFrame(loop);
  };
  draw(origin);
  wake();

  return {
    setIntensity(value) {
      target = value;
      wake();
    },
    setSize(width, height) {
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      gl.viewport(0, 0, width, height);
      draw(performance.now());
      wake();
    },
    setShown(value) {
      shown = value;
      wake();
    },
    setReduced(value) {
      reduced = value;
      wake();
    },
    stop() {
      stopped = true;
      if (frame !== 0) host.cancelFrame(frame);
      frame = 0;
    },
  };
}
