import { describe, expect, it } from "vitest";
import { dateHint } from "./article-editor";

describe("the article editor's Date hint", () => {
  const added = "2026-11-27T17:50:00.000Z";
  it("says when the date is the day the article was added, which a new article gets when no date is given", () => {
    expect(dateHint("2026-11-27", added)).toBe(
      "Shown as 27 November 2026, the day this article was added (filled in when no date is given): change it if it was published on another day",
    );
  });
  it("shows any other date in the site's format, and says when it cannot read one", () => {
    expect(dateHint("2026-03-05", added)).toBe("Shown as 5 March 2026");
    expect(dateHint("someday", added)).toBe("Not a date we can read: it is shown as typed");
    expect(dateHint("", added)).toBe("Such as 2026-03-05 or 5 March 2026");
  });
});
