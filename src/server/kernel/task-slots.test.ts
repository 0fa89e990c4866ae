import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createTaskSlots } from "./task-slots";

describe("task slots", () => {
  it("hands a freed slot to the task in line, so one arriving at that moment waits its turn", async () => {
    const slots = createTaskSlots(1);
    let active = 0;
    let peak = 0;
    const order: string[] = [];
    const counted = (name: string) => async () => {
      active++;
      peak = Math.max(peak, active);
      order.push(name);
      await nextTurn();
      active--;
    };
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const holding = slots.run(() => first);
    const queued = slots.run(counted("queued"));
    // Runs just after the first task's slot is freed, before the queued task has resumed.
    const late = first.then(() => slots.run(counted("late")));
    release();
    await Promise.all([holding, queued, late]);
    expect(peak).toBe(1);
    expect(order).toEqual(["queued", "late"]);
  });

  it("runs up to its size at once and frees the slot of a task that failed", async () => {
    const slots = createTaskSlots(2);
    let active = 0;
    let peak = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        slots.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await nextTurn();
          active--;
          if (index % 2 === 0) throw new Error("failed");
          return index;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
  });
});
