import type { ComponentPropsWithRef } from "react";
import { preload } from "react-dom";
import { imageCacheSrc, responsiveImage } from "../../domain/image-src";
import { useImageVersion } from "../lib/image-versions";
import "./cached-picture.css";

type CachedPictureProps = Omit<ComponentPropsWithRef<"img">, "src" | "srcSet" | "sizes"> & {
  /** The image's own address, as stored in the content. */
  original: string;
  /** What to show now: the cached form of `original` (`imageCacheSrc`), or a fallback address. */
  src: string;
  /** The image's rendered width at each breakpoint, measured (docs/decisions/025-responsive-images.md). */
  sizes: string;
  /** Above the fold: preloaded from the document's head, before styles and scripts. */
  preloaded?: boolean;
};

/**
 * An image through the image cache, in every stored width: WebP for browsers that take it, JPEG
 * or PNG for the rest, the browser choosing the smallest file that `sizes` says is sharp enough.
 * The same markup for every visitor, so a shared cache can keep the page. A fallback `src` (the
 * original address after the cached copy failed) is shown as a plain image.
 */
export function CachedPicture({ original, src, sizes, preloaded, ...img }: CachedPictureProps) {
  const version = useImageVersion(original);
  const responsive = src === imageCacheSrc(original) ? responsiveImage(original, version) : null;
  if (!responsive) return <img src={src} {...img} />;
  if (preloaded) {
    preload(responsive.src, {
      as: "image",
      type: "image/webp",
      imageSrcSet: responsive.webpSrcSet,
      imageSizes: sizes,
      fetchPriority: img.fetchPriority === "high" ? "high" : "auto",
    });
  }
  return (
    <picture className="cached-picture">
      <source type="image/webp" srcSet={responsive.webpSrcSet} sizes={sizes} />
      <img src={responsive.src} srcSet={responsive.srcSet} sizes={sizes} {...img} />
    </picture>
  );
}
