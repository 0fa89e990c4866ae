/**
 * Starts the glass behind the top bar on a hardware GPU: in a Worker with an OffscreenCanvas where
 * the browser has them, so no frame ever runs on the main thread, else on the page itself. It
 * draws only while the tab is visible and the bar is on screen, and follows reduced motion.
 */
import {
  animateGlass,
  ANIMATION_FRAMES,
  GLASS_CONTEXT,
  MAX_PIXEL_RATIO,
  type GlassAnimation,
} from "./glass-program";
import type { GlassWorkerMessage, GlassWorkerReply } from "./glass-worker";

export type GlassController = { setIntensity(value: number): void; stop(): void };

/** Renderers that draw on the CPU, where every frame of the shader is CPU time taken from the page. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * How WebGL2 would draw here, asked on a throwaway canvas (a canvas whose context is released
 * shows a broken-image mark): "hardware", "software", or "none".
 */
function webgl2Renderer(): "hardware" | "software" | "none" {
  const fast = document.createElement("canvas").getContext("webgl2", GLASS_CONTEXT);
  const gl = fast ?? document.createElement("canvas").getContext("webgl2");
  if (!gl) return "none";
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension("WEBGL_lose_context")?.loseContext();
  return fast && !SOFTWARE_RENDERER.test(name) ? "hardware" : "software";
}

/** The glass in a Worker, driven by the same calls as on the page. */
function workerRenderer(
  canvas: HTMLCanvasElement,
  start: Omit<Extract<GlassWorkerMessage, { type: "start" }>, "type" | "canvas">,
  onFailure: () => void,
): GlassAnimation {
  const worker = new Worker(new URL("./glass-worker.ts", import.meta.url), { type: "module" });
  const send = (message: GlassWorkerMessage, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  worker.addEventListener("message", (event: MessageEvent<GlassWorkerReply>) => {
    if (event.data.type === "failed") onFailure();
  });
  worker.addEventListener("error", onFailure);
  const offscreen = canvas.transferControlToOffscreen();
  send({ type: "start", canvas: offscreen, ...start }, [offscreen]);
  return {
    setSize: (width, height) => send({ type: "size", width, height }),
    setIntensity: (value) => send({ type: "intensity", value }),
    setShown: (value) => send({ type: "shown", value }),
    setReduced: (value) => send({ type: "reduced", value }),
    stop: () => {
      send({ type: "stop" });
      worker.removeEventListener("error", onFailure);
    },
  };
}

function pageRenderer(
  canvas: HTMLCanvasElement,
  start: { intensity: number; reduced: boolean },
): GlassAnimation | null {
  const gl = canvas.getContext("webgl2", GLASS_CONTEXT);
  if (!gl) return null;
  return animateGlass(gl, ANIMATION_FRAMES, start);
}

/**
 * Starts the glass on `canvas`. "slow" when WebGL2 would draw in software (the caller shows a
 * still rendition instead), null when WebGL2 or the program is not available. The canvas says
 * where it is drawn (`data-render`: "worker" or "page") and what it is doing (`data-state`:
 * "running", "still" under reduced motion, "paused" while hidden, "stopped").
 */
export function startGlass(
  canvas: HTMLCanvasElement,
  initialIntensity: number,
): GlassController | "slow" | null {
  const gpu = webgl2Renderer();
  if (gpu !== "hardware") return gpu === "software" ? "slow" : null;

  const reducedQuery = window.matchMedia("(prefers-reduced-motion: reduce)");
  let onScreen = true;
  const shown = () => !document.hidden && onScreen;
  const size = () => {
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    return {
      width: Math.max(1, Math.round(canvas.clientWidth * ratio)),
      height: Math.max(1, Math.round(canvas.clientHeight * ratio)),
    };
  };
  const initial = { intensity: initialIntensity, reduced: reducedQuery.matches };

  let stopped = false;
  const observers: { disconnect(): void }[] = [];
  const showState = () => {
    canvas.dataset.state = stopped
      ? "stopped"
      : !shown()
        ? "paused"
        : reducedQuery.matches
          ? "still"
          : "running";
  };

  let renderer: GlassAnimation | null;
  if (typeof Worker === "function" && typeof canvas.transferControlToOffscreen === "function") {
    canvas.dataset.render = "worker";
    // A worker that cannot draw leaves a transferred canvas nobody can use: show the still glass.
    const fallBack = () => {
      controller.stop();
      canvas.dataset.render = "css";
      canvas.dataset.state = "still";
    };
    renderer = workerRenderer(canvas, { ...initial, ...size(), shown: shown() }, fallBack);
  } else {
    canvas.dataset.render = "page";
    renderer = pageRenderer(canvas, initial);
    if (!renderer) return null;
    renderer.setSize(size().width, size().height);
    const onLost = (event: Event) => {
      event.preventDefault();
      controller.stop();
    };
    canvas.addEventListener("webglcontextlost", onLost);
    observers.push({ disconnect: () => canvas.removeEventListener("webglcontextlost", onLost) });
  }
  const glass = renderer;

  const onShownChange = () => {
    glass.setShown(shown());
    showState();
  };
  const onReducedChange = () => {
    glass.setReduced(reducedQuery.matches);
    showState();
  };
  const resize = new ResizeObserver(() => {
    const { width, height } = size();
    glass.setSize(width, height);
  });
  resize.observe(canvas);
  const visible = new IntersectionObserver(([entry]) => {
    onScreen = entry?.isIntersecting ?? true;
    onShownChange();
  });
  visible.observe(canvas);
  document.addEventListener("visibilitychange", onShownChange);
  reducedQuery.addEventListener("change", onReducedChange);
  observers.push(resize, visible, {
    disconnect: () => {
      document.removeEventListener("visibilitychange", onShownChange);
      reducedQuery.removeEventListener("change", onReducedChange);
    },
  });
  showState();

  const controller: GlassController = {
    setIntensity: (value) => glass.setIntensity(value),
    stop() {
      if (stopped) return;
      stopped = true;
      glass.stop();
      for (const observer of observers) observer.disconnect();
      showState();
    },
  };
  return controller;
}
