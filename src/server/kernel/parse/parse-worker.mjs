// A parse worker (parse-pool.ts): runs one task at a time, an exported function of a server module
// named by its file URL, says when it starts it, and answers with its plain-data result or the
// error's reason and message.
// Plain JavaScript because it starts before TypeScript can be loaded: run from the sources (tsx,
// node --import tsx, vitest), tsx is registered here, in this thread. The compiled server
// (scripts/build-server.mjs) defines BYLINE_COMPILED: its tasks are JavaScript, and tsx is not
// loaded at all.
import os from "node:os";
import { parentPort } from "node:worker_threads";

// Linux keeps a nice value per thread: this one (and the thread tsx starts for its hooks) gives way
// to the main thread when they share a core, so a parse slows no visitor's answer. 10, not 19: a
// page still parses in time on a machine that is busy with other work. Elsewhere the call would
// lower the whole process, so it is left alone.
if (process.platform === "linux") os.setPriority(10);
if (typeof BYLINE_COMPILED === "undefined") {
  const { register } = await import("tsx/esm/api");
  register();
}

parentPort.on("message", async ({ module, name, args }) => {
  try {
    const exports = await import(module);
    // The deadline is the task's own: starting the thread and loading the module do not count.
    parentPort.postMessage({ started: true });
    const value = await exports[name](...args);
    parentPort.postMessage({ ok: true, value });
  } catch (error) {
    parentPort.postMessage({
      ok: false,
      reason: error?.name === "UnreadablePageError" ? error.reason : undefined,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
