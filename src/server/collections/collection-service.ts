import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Article, Topic } from "../../domain/content";
import {
  UNLISTED_TOKEN_BYTES,
  type ClipCollection,
  type CollectionInput,
  type CollectionVisibility,
  type PublicCollection,
} from "../../domain/collections";
import type { Store } from "../kernel/db/open-database";
import { collectionsTable } from "../kernel/db/schema";

export type CollectionService = ReturnType<typeof createCollectionService>;

/** A collection as a visitor reads it: its articles in its order, those since deleted left out. */
export type CollectionPage = { collection: PublicCollection; articles: Article[] };

const newToken = () => randomBytes(UNLISTED_TOKEN_BYTES).toString("base64url");

const publicView = ({ id, title, introduction, articleIds }: ClipCollection): PublicCollection => ({
  id,
  title,
  introduction,
  articleIds,
});

/**
 * The change a write records. A collection visitors can see, before or after the write, is a
 * "collections" change, which is not an owner-only one: public collections show on the front page
 * and `/c/<token>` pages are kept in the public cache, so it must drop them, and open pages re-read.
 * A collection private before and after is invisible to visitors: an owner-only change, which
 * leaves cached pages and visitors' live streams alone.
 */
const changeOf = (...visibilities: CollectionVisibility[]): Topic =>
  visibilities.every((visibility) => visibility === "private") ? "private-collections" : "collections";

/** The owner's collections of clips. */
export function createCollectionService(deps: { store: Store; articles: () => readonly Article[] }) {
  const { store } = deps;
  const byId = (id: string) => eq(collectionsTable.id, id);
  const list = store.readUntilChange(["collections", "private-collections"], () =>
    store.db.select().from(collectionsTable).orderBy(collectionsTable.createdAt).all(),
  );
  const articlesIn = (ids: readonly string[]) => {
    const articles = new Map(deps.articles().map((article) => [article.id, article]));
    return ids.flatMap((id) => articles.get(id) ?? []);
  };
  const update = (change: Topic, id: string, values: Partial<typeof collectionsTable.$inferInsert>) =>
    store.write(change, (db) =>
      db
        .update(collectionsTable)
        .set({ ...values, updatedAt: new Date().toISOString() })
        .where(byId(id))
        .returning()
        .get(),
    );

  return {
    /** Oldest first. */
    list: (): readonly ClipCollection[] => list(),
    get: (id: string) => list().find((collection) => collection.id === id),
    /** The ids among `ids` that name no article: a collection may hold only existing articles. */
    unknownArticleIds(ids: readonly string[]): string[] {
      const known = new Set(deps.articles().map((article) => article.id));
      return ids.filter((id) => !known.has(id));
    },
    create(input: CollectionInput): ClipCollection {
      const now = new Date().toISOString();
      const row = { ...input, id: randomUUID(), token: newToken(), createdAt: now, updatedAt: now };
      return store.write(changeOf(input.visibility), (db) =>
        db.insert(collectionsTable).values(row).returning().get(),
      );
    },
    replace(id: string, input: CollectionInput): ClipCollection | undefined {
      const before = this.get(id);
      return before && update(changeOf(before.visibility, input.visibility), id, input);
    },
    /** A new unlisted link; the old one finds nothing from now on. */
    newLink(id: string): ClipCollection | undefined {
      const before = this.get(id);
      return before && update(changeOf(before.visibility), id, { token: newToken() });
    },
    remove(id: string): boolean {
      const before = this.get(id);
      if (!before) return false;
      store.write(changeOf(before.visibility), (db) => db.delete(collectionsTable).where(byId(id)).run());
      return true;
    },
    /** An unlisted collection by its link's token; nothing for a public or private one, or an old token. */
    byToken(token: string): CollectionPage | undefined {
      const collection = list().find((item) => item.token === token && item.visibility === "unlisted");
      return (
        collection && { collection: publicView(collection), articles: articlesIn(collection.articleIds) }
      );
    },
    /** A public collection's own page, by its id; nothing for an unlisted or private one. */
    publicById(id: string): CollectionPage | undefined {
      const collection = list().find((item) => item.id === id && item.visibility === "public");
      return (
        collection && { collection: publicView(collection), articles: articlesIn(collection.articleIds) }
      );
    },
    /** The public collections, for the front page's Portfolio filter. */
    publicCollections: (): PublicCollection[] =>
      list()
        .filter((collection) => collection.visibility === "public")
        .map((collection) =>
          publicView({ ...collection, articleIds: articlesIn(collection.articleIds).map((a) => a.id) }),
        ),
    /**
     * A collection's articles in its order, whatever its visibility (those since deleted left
     * out): what an owner-only export such as the PDF clip book reads.
     */
    articlesOf(id: string): Article[] | undefined {
      const collection = this.get(id);
      return collection && articlesIn(collection.articleIds);
    },
  };
}
