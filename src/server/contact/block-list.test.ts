import { describe, expect, it } from "vitest";
import { isBlockedAddress } from "./block-list";

describe("isBlockedAddress", () => {
  const list = ["spammer@example.com", "@junk.test", "  @Shouty.Example  ", ""];

  it("blocks a listed address, ignoring case", () => {
    expect(isBlockedAddress("Spammer@Example.com", list)).toBe(true);
    expect(isBlockedAddress("other@example.com", list)).toBe(false);
  });

  it("blocks every address of a listed domain and its subdomains", () => {
    expect(isBlockedAddress("anyone@junk.test", list)).toBe(true);
    expect(isBlockedAddress("anyone@mail.junk.test", list)).toBe(true);
    expect(isBlockedAddress("x@shouty.example", list)).toBe(true);
  });

  it("does not block look-alike domains or on empty entries", () => {
    expect(isBlockedAddress("a@notjunk.test", list)).toBe(false);
    expect(isBlockedAddress("a@junk.test.evil", list)).toBe(false);
    expect(isBlockedAddress("a@example.org", [""])).toBe(false);
    expect(isBlockedAddress("a@example.org", ["@"])).toBe(false);
  });
});
