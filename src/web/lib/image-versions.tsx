import { createContext, useContext } from "react";
import type { ImageVersion } from "../../domain/image-src";

/** Stored image versions by original address, as the page's loader read them from the image cache. */
export type ImageVersions = Readonly<Record<string, ImageVersion>>;

const ImageVersionsContext = createContext<ImageVersions>({});

export const ImageVersionsProvider = ImageVersionsContext.Provider;

export function useImageVersions(): ImageVersions {
  return useContext(ImageVersionsContext);
}

export function useImageVersion(url: string): ImageVersion | undefined {
  return useImageVersions()[url];
}

/** The versions of the given images that the cache has stored, for a loader to hand to the page. */
export function storedImageVersions(
  urls: readonly string[],
  versionOf: (url: string) => ImageVersion | undefined,
): ImageVersions {
  const versions: Record<string, ImageVersion> = {};
  for (const url of urls) {
    const version = url ? versionOf(url) : undefined;
    if (version) versions[url] = version;
  }
  return versions;
}
