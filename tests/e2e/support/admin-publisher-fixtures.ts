import { test as adminTest } from "../admin-helpers";
import type { FakePublisher } from "./fake-publisher";
import { publisherFixtures } from "./publisher-fixtures";

/** The admin specs' fixtures with a fake publisher per worker (publisher-fixtures.ts). */
export const test = adminTest.extend<object, { publisher: FakePublisher }>(publisherFixtures());
