import type { ProofPage } from "../domain/byline-evidence";
import type { ClipCollection, PublicCollection } from "../domain/collections";
import type { Article, ContactMessage, Education, Experience, Site } from "../domain/content";
import type { FediverseOverview } from "../domain/fediverse";
import type { HomeSummary } from "../domain/home";
import type { CaptureProof } from "../domain/web-archive";
import type { ImageVersion } from "../domain/image-src";
import type { LinkHealthReport } from "../domain/link-health";
import type { CollectionReadership, ReadersPeriod, ReadersReport } from "../domain/readership";
import type { UploadInfo } from "../domain/uploads";
import type { WaybackReport } from "../domain/wayback";

/** What the server hands to every loader: reads of the content store and the signed-in owner. */
export type PageContent = {
  site(): Site;
  articles(): readonly Article[];
  experiences(): readonly Experience[];
  education(): readonly Education[];
  /** The addresses at which the clip watch found copies of an article, oldest find first. */
  alsoPublishedAt(articleId: string): readonly string[];
  /** An unlisted collection by its link's token, its articles in order; undefined for any other token. */
  collectionByToken(token: string): { collection: PublicCollection; articles: Article[] } | undefined;
  /** A public collection by its id, its articles in order; undefined for any other id. */
  publicCollection(id: string): { collection: PublicCollection; articles: Article[] } | undefined;
  /** The public collections, for the Portfolio's filter. */
  publicCollections(): PublicCollection[];
  /** What `/proof` shows: the owner, and each clip's byline evidence, capture and witnesses. */
  proof(): ProofPage;
};

export type Inbox = { messages: ContactMessage[]; unread: number };

/** The signed-in owner, and the reads only they may make: no loader can reach these without a session. */
export type SignedInOwner = {
  email: string;
  csrfToken: string;
  inbox(): Inbox;
  uploads(): Promise<UploadInfo[]>;
  linkHealth(): LinkHealthReport;
  wayback(): WaybackReport;
  collections(): readonly ClipCollection[];
  /** By collection id: openings, the last one, PDF downloads, the first-opening e-mail switch. */
  collectionReadership(): Record<string, CollectionReadership>;
  /** Whether the server can send e-mail (SMTP_URL is set). */
  mailConfigured: boolean;
  /** The Readers view's figures for the last `period` days. */
  readers(period: ReadersPeriod): ReadersReport;
  /** The Home tab: what needs the owner, how the site does, the archive, backups, the checklist. */
  home(): HomeSummary;
  /** By article id, the web archive's proof of each captured article. */
  captureProofs(): Record<string, CaptureProof>;
  /** The fediverse actor's followers and last deliveries. */
  fediverse(): FediverseOverview;
};

declare module "react-router" {
  interface AppLoadContext {
    /** Marks the render's own inline scripts for the Content-Security-Policy (render-mark.ts). */
    renderMark: string;
    /** The newest change's sequence number when the render began: live updates resume from it. */
    liveSeq: number;
    /** The site's public origin (PUBLIC_URL), for canonical and absolute links. */
    publicUrl: string;
    content: PageContent;
    /** The share cards' versions, for their `?v=` in the page's share tags (null: no such article). */
    shareCards: { siteVersion(): string; articleVersion(id: string): string | null };
    /** The image cache's stored version and widths of an image the site uses, once it is stored. */
    imageVersion(url: string): ImageVersion | undefined;
    owner: SignedInOwner | null;
    /** The built stylesheets' text by URL, for the pages that carry theirs inline (inline-styles.tsx); not in development. */
    inlineStyles?: ReadonlyMap<string, string>;
  }
}
