import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Store } from "../kernel/db/open-database";
import { ownerTable, setupTokensTable } from "../kernel/db/schema";
import { hashPassword } from "./passwords";

const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function createOwnerRepository(store: Store) {
  const { db } = store;
  return {
    get: () => db.select().from(ownerTable).where(eq(ownerTable.id, 1)).get(),
    async set(email: string, password: string) {
      const passwordHash = await hashPassword(password);
      const values = {
        id: 1,
        email: email.trim().toLowerCase(),
        passwordHash,
        updatedAt: new Date().toISOString(),
      };
      store.sqlite.transaction(() => {
        db.insert(ownerTable).values(values).onConflictDoUpdate({ target: ownerTable.id, set: values }).run();
        db.delete(setupTokensTable).run();
      })();
    },
    /** A one-time link secret for creating the owner; only its hash is stored. */
    createSetupToken(now = Date.now()): string {
      const token = randomBytes(24).toString("base64url");
      db.delete(setupTokensTable).where(lt(setupTokensTable.expiresAt, now)).run();
      db.insert(setupTokensTable)
        .values({ tokenHash: sha256(token), expiresAt: now + SETUP_TOKEN_TTL_MS })
        .run();
      return token;
    },
    isValidSetupToken(token: string, now = Date.now()): boolean {
      const row = db
        .select()
        .from(setupTokensTable)
        .where(eq(setupTokensTable.tokenHash, sha256(token)))
        .get();
      return row !== undefined && row.expiresAt > now;
    },
  };
}
export type OwnerRepository = ReturnType<typeof createOwnerRepository>;
