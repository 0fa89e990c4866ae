// A parse worker (parse-pool.ts): runs one task at a time, an exported function of a server module
// named by its file URL, says when it starts it, and answers with its plain-data result or the
// error's reason and message.
// Plain JavaScript because it starts before TypeScript can be loaded: tsx is registered here, in
// this thread, however the main thread runs (tsx, node --import tsx, vitest, bin/byline.js).
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

// Linux keeps a nice value per thread: this one (and the thread tsx starts for its hooks) gives way
// to the main thread when they share a core, so a parse slows no visitor's answer. 10, not 19: a
// page still parses in time on a machine that is busy with other work. Elsewhere the call would
// lower the whole process, so it is left alone.
if (process.platform === "linux") os.setPriority(10);
register();

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
