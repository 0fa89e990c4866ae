import { describe, expect, it } from "vitest";
import { firstOpenNote } from "./collection-readership";

describe("the first-opening e-mail switch", () => {
  const unopened = { opens: 0, lastOpenedAt: null, pdfDownloads: 0, emailFirstOpen: false, emailed: false };
  it("is offered only while a first opening can still be e-mailed about", () => {
    expect(firstOpenNote(unopened, true)).toBeUndefined();
    expect(firstOpenNote(unopened, false)).toBe(
      "E-mail is not set up on this server (SMTP_URL), so no e-mail can be sent.",
    );
    const opened = { ...unopened, opens: 2, lastOpenedAt: "2026-11-27T10:00:00.000Z" };
    expect(firstOpenNote(opened, true)).toBe(
      "It has been opened already, so there is no first opening to e-mail about.",
    );
    expect(firstOpenNote({ ...opened, emailFirstOpen: true, emailed: true }, true)).toBe(
      "You were e-mailed when it was first opened.",
    );
    expect(firstOpenNote({ ...opened, emailFirstOpen: true, emailed: true }, false)).toBe(
      "E-mail is not set up on this server (SMTP_URL), so no e-mail can be sent.",
    );
  });
});
