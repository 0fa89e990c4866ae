import { describe, expect, it } from "vitest";
import { CapabilityError, orderCapabilities } from "./capability";

const capability = (name: string, needs: string[], offers: string[]) => ({ name, needs, offers });
const names = (list: { name: string }[]) => list.map((c) => c.name);

describe("orderCapabilities", () => {
  it("builds each capability after what it needs, keeping the list's order where it can", () => {
    const list = [
      capability("reader", ["pageReading"], ["reader"]),
      capability("content", [], ["content"]),
      capability("page-reading", ["content", "webArchive"], ["pageReading"]),
      capability("web-archive", ["content"], ["webArchive"]),
      capability("live", [], ["live"]),
    ];
    expect(names(orderCapabilities(list))).toEqual([
      "content",
      "web-archive",
      "page-reading",
      "reader",
      "live",
    ]);
  });

  it("names the capability and the need no capability offers", () => {
    const list = [
      capability("content", [], ["content"]),
      capability("clip-watch", ["content", "pageReading"], ["watch"]),
    ];
    expect(() => orderCapabilities(list)).toThrow(
      new CapabilityError("clip-watch needs 'pageReading', which no capability offers"),
    );
  });

  it("names every capability of a cycle", () => {
    const list = [
      capability("a", ["fromB"], ["fromA"]),
      capability("b", ["fromC"], ["fromB"]),
      capability("c", ["fromA"], ["fromC"]),
    ];
    expect(() => orderCapabilities(list)).toThrow(new CapabilityError("cycle: a -> b -> c -> a"));
  });

  it("names both capabilities that offer one name", () => {
    const list = [capability("a", [], ["archive"]), capability("b", [], ["archive"])];
    expect(() => orderCapabilities(list)).toThrow(
      new CapabilityError("'archive' is offered by both a and b"),
    );
  });
});
