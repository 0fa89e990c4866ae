import { useEffect, useRef, useState } from "react";
import { imageCacheSrc } from "../../../domain/image-src";
import { isPlaceholderImage, nextImageOnError } from "../../../domain/placeholder-images";
import { CachedPicture } from "../../components/cached-picture";

/** The picture's rendered width in the viewer, measured in Chromium from 320 to 1600 px. */
const VIEWER_SIZES = "(min-width: 664px) 632px, calc(100vw - 32px)";

/**
 * An article picture through the image cache. On failure: a placeholder is hidden;
 * otherwise the original address is tried once; otherwise the picture is hidden. Nothing shows
 * for an empty or unsafe address.
 */
export function ViewerImage({ url, className }: { url: string; className: string }) {
  const initial = (value: string) => ({
    url: value,
    src: isPlaceholderImage(value) ? "" : imageCacheSrc(value),
    hidden: false,
  });
  const [state, setState] = useState(() => initial(url));
  const current = state.url === url ? state : initial(url);
  if (current !== state) setState(current);
  const ref = useRef<HTMLImageElement>(null);

  const fail = () =>
    setState((previous) => {
      // The cached copy failed: the original address itself (a safe http(s) one) is the fallback.
      const next = nextImageOnError(previous.src, previous.url);
      if (next === "hide" || imageCacheSrc(next.src) === "") return { ...previous, hidden: true };
      return { ...previous, src: next.src };
    });

  // A picture that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src")) fail();
  }, []);

  if (current.hidden || current.src === "") return null;
  return (
    <figure className={className}>
      <CachedPicture
        ref={ref}
        original={current.url}
        src={current.src}
        sizes={VIEWER_SIZES}
        alt=""
        draggable={false}
        decoding="async"
        onError={fail}
      />
    </figure>
  );
}
