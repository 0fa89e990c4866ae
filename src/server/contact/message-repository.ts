import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, lte, min, sql } from "drizzle-orm";
import type { ContactMessage, ContactMessageInput, MessageStatus } from "../../domain/content";
import type { Store } from "../kernel/db/open-database";
import { contactMessagesTable as messages } from "../kernel/db/schema";

type Row = typeof messages.$inferSelect;
type NewMessage = Pick<ContactMessageInput, "name" | "email" | "subject" | "message">;
/** A visitor's message, or a notice from the site to the owner (delivered, never listed). */
export type MessageKind = Row["kind"];
export type QueuedMessage = ContactMessage & { kind: MessageKind };

const toMessage = ({ kind: _kind, ...row }: Row): ContactMessage => ({
  ...row,
  status: row.status as MessageStatus,
});
const CONTACT = eq(messages.kind, "contact");

/**
 * Contact messages in SQLite. Every write goes through `store.write("messages")`, so an open
 * dashboard hears about new messages, read marks, deliveries and deletions at once.
 */
export function createMessageRepository(store: Store, now: () => Date = () => new Date()) {
  const byId = (id: string) => eq(messages.id, id);
  const find = (id: string) => store.db.select().from(messages).where(byId(id)).get();
  const findContact = (id: string) =>
    store.db
      .select()
      .from(messages)
      .where(and(byId(id), CONTACT))
      .get();
  const update = (id: string, values: Partial<Row>) =>
    store.write("messages", (db) => db.update(messages).set(values).where(byId(id)).returning().get());

  return {
    /** Stores a message; a queued one is due for delivery at once. */
    create(
      input: NewMessage,
      status: Exclude<MessageStatus, "delivered">,
      kind: MessageKind = "contact",
      /** When it was sent, if earlier than now (a message held while the disk was full). */
      createdAt = now().toISOString(),
    ): ContactMessage {
      const row: Row = {
        id: randomUUID(),
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        createdAt,
        readAt: null,
        status,
        kind,
        attempts: 0,
        lastError: null,
        nextAttemptAt: status === "queued" ? createdAt : null,
        deliveredAt: null,
      };
      return toMessage(store.write("messages", (db) => db.insert(messages).values(row).returning().get()));
    },

    /** Newest first; rowid breaks ties between messages stored in the same millisecond. */
    list(): ContactMessage[] {
      return store.db
        .select()
        .from(messages)
        .where(CONTACT)
        .orderBy(desc(messages.createdAt), desc(sql`rowid`))
        .all()
        .map(toMessage);
    },

    get(id: string): ContactMessage | undefined {
      const row = findContact(id);
      return row ? toMessage(row) : undefined;
    },

    count(): number {
      return (
        store.db
          .select({ n: sql<number>`count(*)` })
          .from(messages)
          .where(CONTACT)
          .get()?.n ?? 0
      );
    },

    unreadCount(): number {
      return (
        store.db
          .select({ n: sql<number>`count(*)` })
          .from(messages)
          .where(and(CONTACT, isNull(messages.readAt)))
          .get()?.n ?? 0
      );
    },

    setRead(id: string, read: boolean): ContactMessage | undefined {
      const row = findContact(id);
      if (!row) return undefined;
      if (Boolean(row.readAt) === read) return toMessage(row);
      return toMessage(update(id, { readAt: read ? now().toISOString() : null })!);
    },

    remove(id: string): boolean {
      if (!findContact(id)) return false;
      store.write("messages", (db) => db.delete(messages).where(byId(id)).run());
      return true;
    },

    /** Queued messages and notices whose next attempt is due at `at`, oldest first. */
    due(at: Date, limit: number): QueuedMessage[] {
      return store.db
        .select()
        .from(messages)
        .where(and(eq(messages.status, "queued"), lte(messages.nextAttemptAt, at.toISOString())))
        .orderBy(asc(messages.nextAttemptAt), asc(messages.createdAt))
        .limit(limit)
        .all()
        .map((row) => ({ ...toMessage(row), kind: row.kind }));
    },

    /** When the earliest queued message is due, if any is queued. */
    nextDueAt(): Date | undefined {
      const next = store.db
        .select({ at: min(messages.nextAttemptAt) })
        .from(messages)
        .where(eq(messages.status, "queued"))
        .get()?.at;
      return next ? new Date(next) : undefined;
    },

    markDelivered(id: string, attempts: number): void {
      if (!find(id)) return;
      update(id, {
        status: "delivered",
        attempts,
        deliveredAt: now().toISOString(),
        lastError: null,
        nextAttemptAt: null,
      });
    },

    markFailed(id: string, attempts: number, error: string, nextAttemptAt: Date): void {
      if (!find(id)) return;
      update(id, { attempts, lastError: error, nextAttemptAt: nextAttemptAt.toISOString() });
    },
  };
}

export type MessageRepository = ReturnType<typeof createMessageRepository>;
