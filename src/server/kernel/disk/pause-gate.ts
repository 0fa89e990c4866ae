/**
 * For a background job that writes: whether to skip this pass because the disk is low, saying so
 * in the log once when it starts waiting and once when it resumes.
 */
export function pausedWhile(
  lowSpaceReason: (() => string | undefined) | undefined,
  logger: { warn(details: object, message: string): void; info(details: object, message: string): void },
  job: string,
): () => boolean {
  let paused = false;
  return () => {
    const reason = lowSpaceReason?.();
    if (reason && !paused) logger.warn({ job, reason }, `${job} waits until there is more disk space`);
    if (!reason && paused) logger.info({ job }, `${job} resumes: there is disk space again`);
    paused = reason !== undefined;
    return paused;
  };
}
