/**
 * The glass drawn off the main thread: the page hands over its canvas (transferControlToOffscreen)
 * and then only sends what changed. Whatever a frame costs, the page's scripts never wait for it.
 */
import {
  animateGlass,
  ANIMATION_FRAMES,
  GLASS_CONTEXT,
  type GlassAnimation,
  type GlassHost,
} from "./glass-program";

export type GlassWorkerMessage =
  | {
      type: "start";
      canvas: OffscreenCanvas;
      width: number;
      height: number;
      intensity: number;
      reduced: boolean;
      shown: boolean;
    }
  | { type: "size"; width: number; height: number }
  | { type: "intensity"; value: number }
  | { type: "shown"; value: boolean }
  | { type: "reduced"; value: boolean }
  | { type: "stop" };

/** What the worker answers when it cannot draw: the page then shows the still glass. */
export type GlassWorkerReply = { type: "failed" };

type WorkerScope = {
  onmessage: ((event: MessageEvent<GlassWorkerMessage>) => void) | null;
  postMessage(message: GlassWorkerReply): void;
  close(): void;
};
const scope = self as unknown as WorkerScope;

// Where a Worker has no animation frames (Safari), a timer at the same pace.
const host: GlassHost =
  typeof requestAnimationFrame === "function"
    ? ANIMATION_FRAMES
    : {
        requestFrame: (callback) =>
          setTimeout(() => callback(performance.now()), 1000 / 60) as unknown as number,
        cancelFrame: (handle) => clearTimeout(handle),
      };

let animation: GlassAnimation | null = null;

scope.onmessage = ({ data }) => {
  if (data.type === "start") {
    const gl = data.canvas.getContext("webgl2", GLASS_CONTEXT);
    animation = gl ? animateGlass(gl, host, { intensity: data.intensity, reduced: data.reduced }) : null;
    if (!animation) {
      scope.postMessage({ type: "failed" });
      return scope.close();
    }
    animation.setSize(data.width, data.height);
    animation.setShown(data.shown);
  } else if (data.type === "size") animation?.setSize(data.width, data.height);
  else if (data.type === "intensity") animation?.setIntensity(data.value);
  else if (data.type === "shown") animation?.setShown(data.value);
  else if (data.type === "reduced") animation?.setReduced(data.value);
  else {
    animation?.stop();
    scope.close();
  }
};
