import { useEffect, useRef, useState } from "react";
import { imageCacheSrc } from "../../../domain/image-src";
import type { Article } from "../../../domain/content";
import { nextImageOnError, usableImage } from "../../../domain/placeholder-images";
import { CachedPicture } from "../../components/cached-picture";
import "./article-image.css";

export type ArticleImageProps = {
  /** A usable image URL (see `usableImage`); the original address, not the cached one. */
  url: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /**
   * 'largest': above the fold and the page's largest picture (its LCP element), asked for before
   * anything else; 'eager': above the fold; 'lazy': below.
   */
  priority?: "largest" | "eager" | "lazy";
  /** The rendered width at each breakpoint, measured at 375, 768 and 1280 px. */
  sizes: string;
};

/**
 * An article image, loaded through the server's image cache, with the image failure rule (docs/product.md, Images): when it
 * does not load, a placeholder is hidden, otherwise the original address is tried if the cached
 * one failed, otherwise it is hidden.
 * Width and height reserve the space, so nothing shifts while it loads.
 */
export function ArticleImage({
  url,
  alt,
  width,
  height,
  className,
  priority = "lazy",
  sizes,
}: ArticleImageProps) {
  const initial = (original: string) => {
    const src = imageCacheSrc(original);
    return { url: original, src, hidden: src === "" };
  };
  const [state, setState] = useState(() => initial(url));
  const current = state.url === url ? state : initial(url);
  if (current !== state) setState(current);
  const ref = useRef<HTMLImageElement>(null);

  const fail = () => {
    setState((prev) => {
      const next = nextImageOnError(prev.src, prev.url);
      return next === "hide" ? { ...prev, hidden: true } : { ...prev, src: next.src };
    });
  };

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src")) fail();
  }, []);

  if (current.hidden) return null;
  return (
    <div className={className ? `lp-image ${className}` : "lp-image"}>
      <CachedPicture
        ref={ref}
        original={current.url}
        src={current.src}
        alt={alt}
        width={width}
        height={height}
        sizes={sizes}
        preloaded={priority !== "lazy"}
        loading={priority === "lazy" ? "lazy" : "eager"}
        decoding={priority === "largest" ? "sync" : "async"}
        fetchPriority={priority === "largest" ? "high" : undefined}
        onError={fail}
      />
    </div>
  );
}

/** An article's own picture in the 3:2 box the landing's stories reserve, or nothing when it has none. */
export function ArticlePicture({
  article,
  ...rest
}: { article: Article } & Omit<ArticleImageProps, "url" | "alt" | "width" | "height">) {
  const image = usableImage(article);
  return image ? <ArticleImage url={image} alt="" width={1200} height={800} {...rest} /> : null;
}
