import { auth } from "./auth/capability";
import { backCatalogue } from "./back-catalogue/capability";
import { clipBook } from "./clip-book/capability";
import { clipWatch } from "./clip-watch/capability";
import { collections } from "./collections/capability";
import { contact } from "./contact/capability";
import { content } from "./content/capability";
import { disk } from "./disk/capability";
import { emailFollow } from "./email-follow/capability";
import { fediverse } from "./fediverse/capability";
import { home } from "./home/capability";
import { icons } from "./icons/capability";
import { identity } from "./identity/capability";
import { images } from "./images/capability";
import type { AnyCapability } from "./kernel/capability";
import { linkHealth } from "./link-health/capability";
import { live } from "./live/capability";
import { pageCache } from "./page-cache/capability";
import { pageReading } from "./page-reading/capability";
import { proof } from "./proof/capability";
import { reader } from "./reader/capability";
import { readership } from "./readership/capability";
import { socialCard } from "./social-card/capability";
import { uploads } from "./uploads/capability";
import { wayback } from "./wayback/capability";
import { webArchive } from "./web-archive/capability";

/**
 * Every capability of the server, one line each (decision 040). They are built in this order
 * where what each needs allows (`orderCapabilities`), and their routes are mounted, their
 * reactions to a write run and their background work starts in the order they were built.
 */
export const CAPABILITIES: readonly AnyCapability[] = [
  live,
  auth,
  content,
  contact,
  disk,
  reader,
  pageReading,
  webArchive,
  images,
  home,
  uploads,
  backCatalogue,
  linkHealth,
  wayback,
  clipWatch,
  identity,
  proof,
  clipBook,
  collections,
  readership,
  emailFollow,
  fediverse,
  pageCache,
  socialCard,
  icons,
];
