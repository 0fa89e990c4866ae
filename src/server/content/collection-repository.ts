import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Collection } from "../../domain/content";
import type { Store } from "../kernel/db/open-database";

type TableWithId = SQLiteTable & { id: AnySQLiteColumn };

export type CollectionRepository<TInput, TItem> = {
  /** The items in the collection's order, shared between callers: frozen, copy before changing. */
  list(): readonly TItem[];
  get(id: string): TItem | undefined;
  create(input: TInput): TItem;
  replace(id: string, input: TInput): TItem | undefined;
  remove(id: string): boolean;
};

/**
 * Articles, experiences and education share one storage shape: a row per item with an id and
 * timestamps, listed in a collection-specific order. Every write emits one live event.
 */
export function createCollectionRepository<T extends TableWithId, TInput extends object>(
  store: Store,
  options: { collection: Collection; table: T; order: (items: T["$inferSelect"][]) => T["$inferSelect"][] },
): CollectionRepository<TInput, T["$inferSelect"]> {
  const { collection, table, order } = options;
  const byId = (id: string) => eq(table.id, id);
  // Every page view and API list reads the whole collection; it only changes through the store.
  const list = store.readUntilChange(collection, () =>
    frozen(order(store.db.select().from(table).all() as T["$inferSelect"][])),
  );
  return {
    list,
    get: (id) => store.db.select().from(table).where(byId(id)).get() as T["$inferSelect"] | undefined,
    create(input) {
      const now = new Date().toISOString();
      const row = { ...input, id: randomUUID(), createdAt: now, updatedAt: now } as T["$inferInsert"];
      return store.write(collection, (db) =>
        db.insert(table).values(row).returning().get(),
      ) as T["$inferSelect"];
    },
    replace(id, input) {
      const existing = store.db.select().from(table).where(byId(id)).get();
      if (!existing) return undefined;
      const values = { ...input, updatedAt: new Date().toISOString() } as Partial<T["$inferInsert"]>;
      return store.write(collection, (db) =>
        db.update(table).set(values).where(byId(id)).returning().get(),
      ) as T["$inferSelect"];
    },
    remove(id) {
      if (!store.db.select().from(table).where(byId(id)).get()) return false;
      store.write(collection, (db) => db.delete(table).where(byId(id)).run());
      return true;
    },
  };
}

function frozen<T extends object>(items: T[]): readonly T[] {
  for (const item of items) Object.freeze(item);
  return Object.freeze(items);
}
