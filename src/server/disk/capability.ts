import path from "node:path";
import { defineCapability } from "../kernel/capability";
import { createDiskMonitor, type DiskMonitor } from "../kernel/disk/disk-monitor";

declare module "../kernel/capability" {
  interface Offered {
    disk: DiskMonitor;
    /** Why background writing should wait (the disk is nearly full), or undefined: the workers' pauseWhen. */
    lowSpace: () => string | undefined;
  }
}

/**
 * The data directory's disk (issue 41): /healthz, Home's Disk group, the pause of background
 * writing and the owner's daily e-mail while space is low. The monitor is the kernel's; this is
 * where it meets the owner's mail.
 */
export const disk = defineCapability({
  name: "disk",
  needs: ["contact"],
  offers: ["disk", "lowSpace"],
  tables: [],
  create({ contact }, { store, config, logger, options }) {
    const disk = createDiskMonitor({
      dataDir: config.dataDir,
      sqlite: store.sqlite,
      floorBytes: config.diskFloorMb * 1024 * 1024,
      warnBytes: config.diskWarnMb * 1024 * 1024,
      warnPercent: config.diskWarnPercent,
      parts: {
        captures: path.join(config.dataDir, "archive"),
        imageCache: path.join(config.dataDir, "images"),
        uploads: path.join(config.dataDir, "uploads"),
        backups: path.join(config.dataDir, "backups"),
      },
      notifyOwner: (notice) => contact.notifyOwner(notice),
      onError: (error) => logger.warn({ err: error }, "Looking at the disk failed"),
      now: options.now,
    });
    return { disk, lowSpace: () => disk.lowSpaceReason() };
  },
  // The owner's e-mail about a nearly full disk goes even when nobody opens Home (once a day).
  background: ({ disk }) => ({ start: () => disk.start(), stop: () => disk.stop() }),
});
