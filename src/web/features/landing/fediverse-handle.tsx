import type { Site } from "../../../domain/content";
import { fediverseAddress, fediverseOn } from "../../../domain/fediverse";
import "./fediverse-handle.css";

/** 'Follow on the fediverse: @handle@domain', only while the owner has it on. */
export function FediverseHandle({ site, publicUrl }: { site: Pick<Site, "fediverse">; publicUrl: string }) {
  if (!fediverseOn(site)) return null;
  return (
    <p className="fediverse-handle">
      Follow on the fediverse:{" "}
      <strong translate="no">{fediverseAddress(site.fediverse.handle, publicUrl)}</strong>
    </p>
  );
}
