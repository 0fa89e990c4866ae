import type { AccountCheck } from "../../domain/accounts";
import type { Store } from "../kernel/db/open-database";
import { accountChecksTable } from "../kernel/db/schema";

/**
 * The newest check of each account. "identity" is a public collection: the proof page marks the
 * accounts that link back, so a new check refreshes the cached public pages.
 */
export function createAccountCheckRepository(store: Store) {
  const all = store.readUntilChange("identity", () =>
    store.db
      .select()
      .from(accountChecksTable)
      .all()
      .map((row) => row.result),
  );
  return {
    all,
    /** Replaces every stored check with this run's: an account no longer set keeps no verdict. */
    replace(checks: readonly AccountCheck[]): void {
      store.write("identity", (db) => {
        db.delete(accountChecksTable).run();
        for (const check of checks)
          db.insert(accountChecksTable)
            .values({ url: check.url, linksBack: check.linksBack, checkedAt: check.checkedAt, result: check })
            .run();
      });
    },
  };
}
export type AccountCheckRepository = ReturnType<typeof createAccountCheckRepository>;
