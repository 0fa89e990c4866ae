import type { TestServer } from "../../tests/e2e/support/test-server";

/** bench:hostile's clip book case (issue 36, item 6), by the name `--only` matches. */
export const CLIP_BOOK_CASE = "2,754-page clip book";

const PARAGRAPH =
  "The council's own figures, obtained through a freedom of information request, show that the " +
  "repairs were deferred three times in four years, each time with a note that the risk was " +
  "acceptable for one more winter. Engineers who inspected the embankment said otherwise.";
/** The longest text an article holds (200,000 characters): about 55 A4 pages of a clip book. */
const LONG_TEXT = Array.from({ length: Math.floor(200_000 / (PARAGRAPH.length + 2)) }, () => PARAGRAPH).join(
  "\n\n",
);

/**
 * The largest book a visitor can ask for: a public collection of 50 articles (the most it holds),
 * each with the longest text. Returns the address of its PDF, which anyone may download.
 */
export async function seedLargestCollection(target: TestServer): Promise<string> {
  const articleIds: string[] = [];
  for (let n = 0; n < 50; n++) {
    const created = await target.api("/api/articles", {
      method: "POST",
      json: {
        title: `Story ${n}: what the inspections found on the embankment`,
        outlet: "The Ledger",
        url: `https://ledger.example/embankment-${n}`,
        content: LONG_TEXT,
      },
    });
    if (created.status !== 201) throw new Error(`could not add an article: HTTP ${created.status}`);
    articleIds.push(((await created.json()) as { id: string }).id);
  }
  const collection = await target.api("/api/collections", {
    method: "POST",
    json: { title: "The embankment", introduction: "", articleIds, visibility: "public" },
  });
  if (collection.status !== 201) throw new Error(`could not add the collection: HTTP ${collection.status}`);
  const { id } = (await collection.json()) as { id: string };
  return `/api/collections/${id}/clip-book.pdf`;
}
