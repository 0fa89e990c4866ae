import { useState } from "react";

/**
 * A switch whose change is written at once. It stays where the owner put it while the write runs,
 * and after, until the re-read data agrees: the router renders re-read data in a transition, later
 * than the write's own state, so letting go when the write resolves would show the old position for
 * a moment (and a click seem not to stick). A refused or failed write puts it back at once.
 */
export function useSavedSwitch(saved: boolean, write: (on: boolean) => Promise<boolean>) {
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [writing, setWriting] = useState(false);
  if (wanted !== null && !writing && wanted === saved) setWanted(null);

  async function change(on: boolean) {
    setWanted(on);
    setWriting(true);
    const written = await write(on);
    setWriting(false);
    if (!written) setWanted(null);
  }

  return { checked: wanted ?? saved, writing, change };
}
