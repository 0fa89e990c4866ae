/**
 * Runs at most `size` tasks at once; the rest wait in order. A finished task hands its slot
 * straight to the next in line, so a task that arrives meanwhile cannot slip in and make one more.
 */
export function createTaskSlots(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < size) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
