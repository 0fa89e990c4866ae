import { partsOf } from "./kernel/capability";
import type { Services } from "./services";

/**
 * Everything that follows a committed write, in one place: each capability's reactions
 * (`reactions` in its definition: live streams, the page cache, share cards, the Wayback queue,
 * the web archive's files, the image warm-up), in the order the capabilities were built. Repositories
 * keep their own reads until the next change of their collection (`Store.readUntilChange`).
 */
export function wireWriteReactions(services: Services) {
  const reactions = services.capabilities.flatMap((capability) =>
    capability.reactions ? [capability.reactions(partsOf(services, capability), services)] : [],
  );
  services.store.onChange((event) => {
    for (const react of reactions) react(event);
  });
}
