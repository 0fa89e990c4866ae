import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "./open-database";

const opened: { dir: string; stores: Store[] }[] = [];
afterEach(() => {
  for (const { dir, stores } of opened.splice(0)) {
    for (const store of stores) store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function twoProcesses() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-store-"));
  const stores = [openStore(dir), openStore(dir)] as const;
  opened.push({ dir, stores: [...stores] });
  return stores;
}

describe("Store.readUntilChange", () => {
  it("reads again only after a change of its collection, this process's or another's once seen", () => {
    const [server, cli] = twoProcesses();
    let reads = 0;
    const read = server.readUntilChange("articles", () => ++reads);
    expect([read(), read()]).toEqual([1, 1]);
    server.write("site", () => undefined);
    expect(read()).toBe(1);
    server.write("articles", () => undefined);
    expect(read()).toBe(2);
    cli.write("articles", () => undefined);
    expect(read()).toBe(2);
    server.emitExternalWrites();
    expect(read()).toBe(3);
  });

  it("has the new data before any change listener runs", () => {
    const [store] = twoProcesses();
    let value = "before";
    const read = store.readUntilChange("site", () => value);
    read();
    const heard: string[] = [];
    store.onChange(() => heard.push(read()));
    store.write("site", () => {
      value = "after";
    });
    expect(heard).toEqual(["after"]);
  });
});
