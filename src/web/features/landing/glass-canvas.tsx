import { useEffect, useRef, useState } from "react";
import { prefersReducedMotion } from "../../lib/reduced-motion";
import type { GlassController } from "./glass-shader";
import "./glass-canvas.css";

type DeviceHints = Navigator & { connection?: { saveData?: boolean }; deviceMemory?: number };

/**
 * Devices where an animated shader costs more than it gives: the reader asked for less motion or
 * less data, or the phone is small (2 cores or fewer and 2 GB or less).
 */
function wantsStillGlass(): boolean {
  const hints = navigator as DeviceHints;
  if (prefersReducedMotion()) return true;
  if (hints.connection?.saveData) return true;
  return hints.hardwareConcurrency <= 2 && hints.deviceMemory !== undefined && hints.deviceMemory <= 2;
}

/** Runs `task` once the page has loaded and the main thread has had a quiet moment. */
function afterLoadAndIdle(task: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if ("requestIdleCallback" in window) idle = window.requestIdleCallback(task, { timeout: 2000 });
    else timer = setTimeout(task, 200);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * The decorative glass behind the top bar. The WebGL2 program is its own chunk, fetched and
 * started only after the page has loaded and gone idle, so it never delays the page. Where it
 * would draw in software, or the reader prefers less motion or data, the canvas shows a still
 * CSS rendition instead (data-render="css"); without WebGL2 the canvas is removed. Hidden from
 * assistive technology.
 */
export function GlassCanvas({ intensity }: { intensity: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<GlassController | null>(null);
  const intensityRef = useRef(intensity);
  const [supported, setSupported] = useState(true);

  useEffect(() => {
    let cancelled = false;
    const still = (canvas: HTMLCanvasElement) => {
      canvas.dataset.render = "css";
      canvas.dataset.state = "still";
    };
    const start = async () => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      if (typeof WebGL2RenderingContext === "undefined") return setSupported(false);
      if (wantsStillGlass()) return still(canvas);
      const { startGlass } = await import("./glass-shader");
      if (cancelled) return;
      const controller = startGlass(canvas, intensityRef.current);
      if (controller === "slow") still(canvas);
      else if (controller) controllerRef.current = controller;
      else setSupported(false);
    };
    const cancelStart = afterLoadAndIdle(() => void start());
    return () => {
      cancelled = true;
      cancelStart();
      controllerRef.current?.stop();
      controllerRef.current = null;
    };
  }, []);

  useEffect(() => {
    intensityRef.current = intensity;
    controllerRef.current?.setIntensity(intensity);
  }, [intensity]);

  if (!supported) return null;
  return <canvas ref={canvasRef} className="lp-glass" aria-hidden="true" data-intensity={intensity} />;
}
