import { describe, expect, it } from "vitest";
import { composeConfirmMail, composeDigestMail } from "./follow-mail";

const site = {
  name: "Morgan\r\nBcc: x@evil.example Hale",
  publicUrl: "https://byline.test",
  from: "Byline <site@byline.test>",
};
const follower = { email: "reader@example.org", token: "tok_en-123" };

describe("followers' mails", () => {
  it("keep the subject on one line and carry RFC 8058's headers and a visible unsubscribe link", () => {
    const mail = composeConfirmMail(site, follower, "confirm-token");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.list).toEqual({ unsubscribe: "https://byline.test/unsubscribe/tok_en-123" });
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain("https://byline.test/follow/confirm/confirm-token");
    expect(mail.text).toContain("Unsubscribe: https://byline.test/unsubscribe/tok_en-123");
    expect(mail.html).toContain('href="https://byline.test/unsubscribe/tok_en-123"');
  });

  it("escape clip text in HTML, link each clip on the site, and show pictures through the site's cache with nothing per reader", () => {
    const mail = composeDigestMail(site, follower, [
      {
        id: "a1",
        title: "<script>alert(1)</script> & more",
        outlet: "The Gazette",
        date: "2026-05-01",
        description: 'He said "no".',
        image: "https://gazette.example/p.jpg",
      },
    ]);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more");
    expect(mail.html).toContain('href="https://byline.test/?article=a1"');
    expect(mail.html).toContain(
      'src="https://byline.test/api/images?url=https%3A%2F%2Fgazette.example%2Fp.jpg&amp;w=640"',
    );
    // The reader's token appears only in the unsubscribe link: no pixel, no tagged links.
    expect(mail.html.split("tok_en-123")).toHaveLength(2);
    expect(mail.text).toContain("The Gazette · 1 May 2026");
  });
});
