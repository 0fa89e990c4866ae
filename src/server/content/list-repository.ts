import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Topic } from "../../domain/content";
import type { Store } from "../kernel/db/open-database";

type TableWithId = SQLiteTable & { id: AnySQLiteColumn };

export type ListRepository<TInput, TItem> = {
  /** The items in the list's order, shared between callers: frozen, copy before changing. */
  list(): readonly TItem[];
  get(id: string): TItem | undefined;
  create(input: TInput): TItem;
  replace(id: string, input: TInput): TItem | undefined;
  remove(id: string): boolean;
};

/**
 * Articles, experiences and education share one storage shape: a row per item with an id and
 * timestamps, listed in an order of their own. Every write emits one live event.
 */
export function createListRepository<T extends TableWithId, TInput extends object>(
  store: Store,
  options: { topic: Topic; table: T; order: (items: T["$inferSelect"][]) => T["$inferSelect"][] },
): ListRepository<TInput, T["$inferSelect"]> {
  const { topic, table, order } = options;
  const byId = (id: string) => eq(table.id, id);
  // Every page view and API list reads the whole list; it only changes through the store.
  const list = store.readUntilChange(topic, () =>
    frozen(order(store.db.select().from(table).all() as T["$inferSelect"][])),
  );
  return {
    list,
    get: (id) => store.db.select().from(table).where(byId(id)).get() as T["$inferSelect"] | undefined,
    create(input) {
      const now = new Date().toISOString();
      const row = { ...input, id: randomUUID(), createdAt: now, updatedAt: now } as T["$inferInsert"];
      return store.write(topic, (db) => db.insert(table).values(row).returning().get()) as T["$inferSelect"];
    },
    replace(id, input) {
      const existing = store.db.select().from(table).where(byId(id)).get();
      if (!existing) return undefined;
      const values = { ...input, updatedAt: new Date().toISOString() } as Partial<T["$inferInsert"]>;
      return store.write(topic, (db) =>
        db.update(table).set(values).where(byId(id)).returning().get(),
      ) as T["$inferSelect"];
    },
    remove(id) {
      if (!store.db.select().from(table).where(byId(id)).get()) return false;
      store.write(topic, (db) => db.delete(table).where(byId(id)).run());
      return true;
    },
  };
}

function frozen<T extends object>(items: T[]): readonly T[] {
  for (const item of items) Object.freeze(item);
  return Object.freeze(items);
}
