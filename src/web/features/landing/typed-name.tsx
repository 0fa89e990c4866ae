import { useEffect, useState } from "react";
import { msUntilNextCharacter, typedLength } from "./landing-page";
import { prefersReducedMotion } from "../../lib/reduced-motion";
import "./typed-name.css";

type Phase = "static" | "typing" | "done";

/**
 * The masthead name, typed out (0.5s delay, 80ms per character). The full name is in the
 * server's HTML twice: once for screen readers and search engines (visually hidden), once as
 * the visible text that works without JavaScript. The typing writes over the name in full ink
 * while the rest waits in a paler one, so the name is on screen from the first paint and the
 * heading never changes size. Under reduced motion it is not typed.
 */
export function TypedName({ name, className }: { name: string; className?: string }) {
  const characters = Array.from(name);
  const [phase, setPhase] = useState<Phase>("static");
  const [count, setCount] = useState(characters.length);
  const length = characters.length;

  useEffect(() => {
    if (prefersReducedMotion() || length === 0) {
      setPhase("done");
      setCount(length);
      return;
    }
    setPhase("typing");
    setCount(0);
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const elapsed = performance.now() - started;
      const shown = typedLength(elapsed, length);
      setCount(shown);
      if (shown < length) timer = setTimeout(tick, msUntilNextCharacter(elapsed));
      else setPhase("done");
    };
    timer = setTimeout(tick, msUntilNextCharacter(0));
    return () => clearTimeout(timer);
  }, [name, length]);

  const shown = characters.slice(0, count).join("");
  const rest = characters.slice(count).join("");
  return (
    <h1 className={className}>
      <span className="visually-hidden">{name}</span>
      <span className="lp-typed" data-phase={phase} aria-hidden="true">
        <span className="lp-typed__shown">{shown}</span>
        {phase === "typing" ? <span className="lp-typed__caret" /> : null}
        <span className="lp-typed__rest">{rest}</span>
      </span>
    </h1>
  );
}
