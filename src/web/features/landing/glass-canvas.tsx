import { useEffect, useRef, useState } from "react";
import type { GlassController } from "./glass-shader";

/**
 * The decorative glass behind the top bar. The WebGL2 program is its own chunk, fetched and
 * started only after the first paint, so it never delays the page; without WebGL2 the canvas
 * is removed. Hidden from assistive technology.
 */
export function GlassCanvas({ intensity }: { intensity: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<GlassController | null>(null);
  const intensityRef = useRef(intensity);
  const [supported, setSupported] = useState(true);

  useEffect(() => {
    let cancelled = false;
    let idle: number | undefined;
    const start = async () => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const { startGlass } = await import("./glass-shader");
      if (cancelled) return;
      const controller = startGlass(canvas, intensityRef.current);
      if (controller) controllerRef.current = controller;
      else setSupported(false);
    };
    // Two frames: the first paint has happened by the time the second callback runs.
    const frame = requestAnimationFrame(() => {
      idle = requestAnimationFrame(() => void start());
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelAnimationFrame(idle);
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
