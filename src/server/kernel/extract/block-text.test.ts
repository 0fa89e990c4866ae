import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { textBlocks } from "./block-text";

const bodyOf = (html: string): HTMLElement =>
  parseHTML(`<!doctype html><html><body>${html}</body></html>`).document.body;

describe("textBlocks", () => {
  it("splits text at block elements and collapses source whitespace", () => {
    const blocks = textBlocks(
      bodyOf("<div>Intro <b>bold</b>\n   text<p>Para\n one</p>tail</div><ul><li>One</li><li>Two</li></ul>"),
    );
    expect(blocks.map((b) => b.text)).toEqual(["Intro bold text", "Para one", "tail", "One", "Two"]);
  });

  it("keeps <br> as a line break and skips scripts, styles and form controls", () => {
    const blocks = textBlocks(
      bodyOf(
        "<p>Line one<br>line two<script>var x = 1;</script><button>Click</button></p><style>p{}</style>",
      ),
    );
    expect(blocks.map((b) => b.text)).toEqual(["Line one\nline two"]);
  });

  it("flags headings and counts link, internal-link and italic characters", () => {
    const blocks = textBlocks(
      bodyOf(
        '<h2>Sub <a href="/x">head</a></h2><p><i>Note</i> see <a href="https://other.example/">elsewhere</a></p>',
      ),
      { isInternalLink: (href) => href.startsWith("/") },
    );
    expect(blocks[0]).toEqual({
      text: "Sub head",
      heading: true,
      chars: 7,
      linkChars: 4,
      internalLinkChars: 4,
      italicChars: 0,
      imageBefore: null,
    });
    expect(blocks[1]).toEqual({
      text: "Note see elsewhere",
      heading: false,
      chars: 16,
      linkChars: 9,
      internalLinkChars: 0,
      italicChars: 4,
      imageBefore: null,
    });
  });

  it("notes the picture right before a block's text, but not one in the middle of it", () => {
    const blocks = textBlocks(
      bodyOf(
        '<p><a href="/a.jpg"><img src="a.jpg" alt="The quay"></a></p><br><p><em>The quay at dawn</em></p>' +
          '<p>Text <img src="b.jpg" alt="icon"> more text</p><p>Plain paragraph</p>',
      ),
    );
    expect(blocks.map((b) => b.imageBefore)).toEqual([{ alt: "The quay" }, null, null]);
  });

  it("keeps table cells apart", () => {
    expect(
      textBlocks(bodyOf("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>")).map(
        (b) => b.text,
      ),
    ).toEqual(["a b", "c"]);
  });
});
