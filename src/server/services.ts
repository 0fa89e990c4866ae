import path from "node:path";
import type { Logger } from "pino";
import type { Config } from "./kernel/config";
import { createOwnerRepository } from "./auth/owner-repository";
import { createSessionStore } from "./auth/sessions";
import { createContentRepositories } from "./content/content-repositories";
import { createContactService } from "./contact/contact-service";
import { seedDemoContent } from "./content/demo-content";
import { openStore } from "./kernel/db/open-database";
import { safeFetch } from "./kernel/fetch/safe-fetch";
import { createOutletGate, type GatedRequest } from "./kernel/fetch/outlet-gate";
import { siteImageFiles } from "./images/site-image-files";
import { createImageService } from "./images/image-service";
import { createCatalogueJobs } from "./back-catalogue/catalogue-jobs";
import { createBackCatalogue } from "./back-catalogue/back-catalogue-service";
import { readTextPage } from "./kernel/discover/read-text-page";
import { createKeptTexts } from "./page-reading/kept-texts";
import { createPageReading } from "./page-reading/page-reading";
import { createReaderService } from "./reader/reader-service";
import { createUploadService } from "./uploads/upload-service";
import { createLinkCheckRepository } from "./link-health/link-check-repository";
import { createLinkHealthService } from "./link-health/link-health-service";
import { createClipWatchService } from "./clip-watch/clip-watch-service";
import { createCollectionService } from "./collections/collection-service";
import { ownerSessionIn, sessionCookieName } from "./auth/owner-session";
import { IMAGE_CACHE_PATH } from "../domain/image-src";
import { ownedSite } from "../domain/demo-site";
import { clientIpResolver } from "./kernel/http/client-address";
import { createPageWarmer, WARM_PATHS } from "./kernel/http/page-warmer";
import { createPublicCache } from "./kernel/http/public-cache";
import { createPictureLoader, ownHostTest, PICTURE_TIMEOUT_MS } from "./kernel/picture-loader";
import { createLiveEvents } from "./live/events-route";
import { createSiteIcons } from "./icons/site-icons";
import { createSocialCards, type RenderCard } from "./social-card/social-cards";
import { createClipBooks, type ClipBookLimits } from "./clip-book/clip-books";
import { wireWriteReactions } from "./write-reactions";
import { createWaybackRepository } from "./wayback/wayback-repository";
import { createWaybackService, type WaybackClock } from "./wayback/wayback-service";
import { WAYBACK_MAX_BYTES } from "./wayback/save-page-now";
import { createReadCounts } from "./readership/read-counts";
import { createVisitCounter } from "./readership/visit-counter";
import { collectionPath } from "../domain/collection-paths";
import { PORTFOLIO_PARAMS } from "../domain/landing-query";
import { createWebArchive } from "./web-archive/web-archive-service";
import { createDemoContent } from "./content/demo-removal";
import { createHome } from "./home/home-service";
import { lastBackupAt } from "./kernel/backup-record";

/** Link checks say who is asking, and where to find out more: the site itself. */
export const linkCheckUserAgent = (publicUrl: string) => `Byline/1.0 (link check; +${publicUrl})`;
export const clipWatchUserAgent = (publicUrl: string) => `Byline/1.0 (clip watch; +${publicUrl})`;

export type Services = ReturnType<typeof createServices>;

export type ServiceOptions = {
  now?: () => Date;
  /** Caches the hero's and the first articles' pictures ahead of visitors after each change (the server). */
  warmImages?: boolean;
  live?: { maxStreams?: number; heartbeatMs?: number };
  /** Share cards and icons: how long a picture may take, and the card renderer (tests observe it). */
  generatedImages?: { pictureTimeoutMs?: number; renderCard?: RenderCard };
  /** The Wayback worker's clock (tests use a fake one) and its waits. */
  wayback?: { clock?: WaybackClock; pollMs?: number; retryBaseMs?: number };
  /** The clip book worker's deadline, heap and turns (tests shorten them). */
  clipBooks?: Partial<ClipBookLimits>;
};

/** Everything the server needs, built once per process (or per test) from the configuration. */
export function createServices(config: Config, logger: Logger, options: ServiceOptions = {}) {
  const store = openStore(config.dataDir);
  const waybackSaves = createWaybackRepository(store);
  const content = createContentRepositories(store);
  const owner = createOwnerRepository(store);
  const sessions = createSessionStore(store);
  if (config.seedDemo && !content.site.exists()) {
    seedDemoContent(store, content);
    logger.info("Filled the empty database with fictional demo content");
  }
  const contact = createContactService({
    store,
    config,
    logger,
    site: () => content.site.get(),
    now: options.now,
  });
  const keptTexts = createKeptTexts(store);
  const collections = createCollectionService({ store, articles: () => content.articles.list() });
  // Every request to a publisher (pages, feeds, sitemaps, lead images, link checks) goes through
  // this one gate: robots.txt, and the pauses per outlet.
  const clock = options.now;
  const outlets = createOutletGate({
    fetch: (url, request) => safeFetch(url, { allowPrivate: config.fetchAllowPrivate, ...request }),
    pauseMs: config.linkCheckPauseMs,
    now: clock && (() => clock().getTime()),
  });
  const fromPublisher = (url: string, request: GatedRequest = {}) => outlets.fetch(url, request);
  // Capabilities call down this list, never back up it (docs/decisions/039): the reader, the
  // watch, the import and link health call page reading, which calls the web archive.
  const webArchive = createWebArchive({
    store,
    dir: path.join(config.dataDir, "archive", "warc"),
    waczDir: path.join(config.dataDir, "archive", "wacz"),
    articles: content.articles,
    fetchImage: (url) => fromPublisher(url, { accept: ["image/"], urgent: true }),
    logger,
    software: "Byline",
    portfolioTitle: () => `${content.site.get().name}: portfolio`,
    now: options.now,
  });
  const pageReading = createPageReading({
    articles: content.articles,
    keptTexts,
    // A visitor or the owner waits for it (an import's page too: it goes before background checks).
    fetchPage: (url) => fromPublisher(url, { accept: ["text/html", "application/xhtml+xml"], urgent: true }),
    capture: (articleId, page, requestedUrl, leadImage) =>
      webArchive.capture(articleId, page, requestedUrl, leadImage),
    newestCapture: (articleId) => webArchive.captures.latestOf(articleId),
    storedPage: async (captureId) => {
      const found = webArchive.captures.get(captureId);
      if (!found) throw new Error(`No capture ${captureId}`);
      return webArchive.storedPage(found);
    },
    publicUrl: config.publicUrl,
    logger,
  });
  const watch = createClipWatchService({
    store,
    articles: content.articles,
    site: () => content.site.get(),
    fetch: (url, request) =>
      fromPublisher(url, {
        ...request,
        headers: { "user-agent": clipWatchUserAgent(config.publicUrl), ...request.headers },
      }),
    readFetched: (page) => pageReading.readFetched(page),
    keepFound: (articleId, found) => pageReading.keepFound(articleId, found),
    keepLater: (articleIds) => pageReading.keepLater(articleIds),
    notifyOwner: (notice) => contact.notifyOwner(notice),
    publicUrl: config.publicUrl,
    intervalMs: config.watchIntervalMinutes * 60_000,
    logger,
    now: options.now,
  });
  const reader = createReaderService({
    articles: content.articles,
    keptTexts,
    readArticle: (articleId) => pageReading.readArticle(articleId),
    frameable: (url) => pageReading.frameable(url),
    onPageRead: (page, signals) => watch.notePageRead(page, signals),
    alsoPublishedAt: (articleId) => watch.alsoPublishedAt(articleId),
    logger,
  });
  const linkHealth = createLinkHealthService({
    store,
    articles: content.articles,
    checks: createLinkCheckRepository(store),
    archiveNow: (articleId) => pageReading.archiveNow(articleId),
    visit: (url, signal) =>
      fromPublisher(url, {
        discardBody: true,
        timeoutMs: config.linkCheckTimeoutMs,
        headers: { "user-agent": linkCheckUserAgent(config.publicUrl) },
        signal,
      }),
    logger,
  });
  const uploads = createUploadService({ dir: path.join(config.dataDir, "uploads"), content });
  const images = createImageService({
    dir: path.join(config.dataDir, "images"),
    // Not through the outlet gate: a visitor's page waits for these pictures, as a browser showing
    // them would, and each is fetched once and kept.
    fetchImage: (url) => safeFetch(url, { allowPrivate: config.fetchAllowPrivate, accept: ["image/"] }),
    content,
    keptTexts,
    logger,
    localImages: [uploads.imageSource, siteImageFiles([path.join(config.buildDir, "client"), "public"])],
    maxBytes: config.imageCacheMb * 1024 * 1024,
  });
  const clientIp = clientIpResolver(config.trustProxy);
  const readCounts = createReadCounts({
    store,
    articleTitle: (id) => content.articles.get(id)?.title,
    openableCollection(id) {
      const collection = collections.get(id);
      if (collection?.visibility === "unlisted")
        return { title: collection.title, address: `${config.publicUrl}${collectionPath(collection.token)}` };
      if (collection?.visibility === "public") {
        const { open, collection: filter } = PORTFOLIO_PARAMS;
        const query = new URLSearchParams({ [open]: "1", [filter]: collection.id });
        return { title: collection.title, address: `${config.publicUrl}/?${query}` };
      }
      return undefined;
    },
    collectionExists: (id) => collections.get(id) !== undefined,
    notifyOwner: (notice) => contact.notifyOwner(notice),
    publicUrl: config.publicUrl,
    logger,
    now: options.now,
  });
  const readers = createVisitCounter({ counts: readCounts, clientIp });
  const live = createLiveEvents(store, {
    maxStreams: options.live?.maxStreams ?? 1000,
    maxStreamsPerAddress: config.liveStreamsPerAddress,
    clientIp,
    heartbeatMs: options.live?.heartbeatMs ?? 15_000,
  });
  const publicCache = createPublicCache({
    sharedCacheControl: config.publicCacheControl,
    sessionCookie: sessionCookieName(config.secureCookies),
    isOwner: (cookie) => ownerSessionIn(cookie, sessions, config.secureCookies),
    keyHost: config.publicUrlIsSet ? new URL(config.publicUrl).host : undefined,
    queryMisses: {
      perAddress: config.pageMissesPerAddress,
      clientIp,
      exempt: (target) => target.startsWith(`${IMAGE_CACHE_PATH}?`),
    },
    maxEntries: 500,
    maxBytes: 64 * 1024 * 1024,
    maxAgeMs: 60_000,
  });
  const pageWarmer = createPageWarmer({
    paths: WARM_PATHS,
    upgraded: () => publicCache.upgraded(),
    onError: (error) => logger.warn({ err: error }, "Rendering the public pages ahead of visitors failed"),
  });
  // Share cards and icons draw the site's own pictures, never one of its generated answers, and
  // give up on one after a time limit.
  const loadPicture = createPictureLoader({
    read: (url, width) => images.picture(url, width),
    isOwnHost: ownHostTest(config),
    timeoutMs: options.generatedImages?.pictureTimeoutMs ?? PICTURE_TIMEOUT_MS,
  });
  const cards = createSocialCards({
    site: () => ownedSite(content.site.get()),
    articles: () => content.articles.list(),
    host: new URL(config.publicUrl).host,
    loadImage: loadPicture,
    render: options.generatedImages?.renderCard,
  });
  const icons = createSiteIcons(() => content.site.get(), loadPicture);
  const clipBooks = createClipBooks({
    site: () => ownedSite(content.site.get()),
    articles: () => content.articles.list(),
    keptText: (article) => keptTexts.currentFor(article) ?? null,
    loadPicture,
    publicUrl: config.publicUrl,
    limits: options.clipBooks,
  });
  const { waybackAccessKey: accessKey, waybackSecretKey: secretKey } = config;
  const wayback = createWaybackService({
    saves: waybackSaves,
    base: config.waybackUrl,
    keys: accessKey && secretKey ? { accessKey, secretKey } : undefined,
    perMinute: config.waybackPerMinute,
    // No redirects: the keys go to WAYBACK_URL and nowhere else.
    request: (url, request) =>
      safeFetch(url, {
        allowPrivate: config.fetchAllowPrivate,
        maxBytes: WAYBACK_MAX_BYTES,
        maxRedirects: 0,
        timeoutMs: 60_000,
        ...request,
      }),
    goneWithoutText: () =>
      content.articles
        .list()
        .filter((article) => article.gone === "unarchived" && !article.wayback)
        .map(({ id, url }) => ({ id, url })),
    logger,
    ...options.wayback,
  });
  wireWriteReactions(
    { store, live, publicCache, pageWarmer, cards, images, wayback, webArchive },
    { warmImages: options.warmImages ?? false },
  );
  const imports = createBackCatalogue({
    jobs: createCatalogueJobs(store),
    articles: content.articles,
    fetchText: (url) => readTextPage(url, fromPublisher),
    fetchDetails: (url) => pageReading.fetchDetails(url),
    keepLater: (articleIds) => pageReading.keepLater(articleIds),
    logger,
  });
  const demo = createDemoContent(store, content);
  const home = createHome({
    site: () => content.site.get(),
    articleCount: () => content.articles.list().length,
    demoLeft: () => demo.left(),
    waitingClips: () => watch.overview().waiting,
    unreadMessages: () => contact.messages.unreadCount(),
    linkHealth: () => linkHealth.report(),
    wayback: () => wayback.report(),
    latestImport: () => imports.latest(),
    readers: () => readCounts.report(30),
    captures: () => webArchive.summary(),
    lastBackupAt: () => lastBackupAt(config.dataDir),
    contactTo: config.contactTo,
    mailConfigured: contact.queue !== undefined,
  });
  return {
    config,
    logger,
    demo,
    home,
    store,
    outlets,
    content,
    collections,
    owner,
    sessions,
    contact,
    reader,
    pageReading,
    webArchive,
    images,
    uploads,
    imports,
    linkHealth,
    watch,
    clientIp,
    live,
    publicCache,
    pageWarmer,
    cards,
    icons,
    clipBooks,
    wayback,
    readCounts,
    readers,
  };
}

/** Creates the owner from ADMIN_EMAIL/ADMIN_PASSWORD, or returns a one-time setup link. */
export async function ensureOwner(services: Services): Promise<string | undefined> {
  const { config, owner } = services;
  if (owner.get()) return undefined;
  if (config.adminEmail && config.adminPassword) {
    await owner.set(config.adminEmail, config.adminPassword);
    services.logger.info({ email: config.adminEmail }, "Created the owner account from ADMIN_EMAIL");
    return undefined;
  }
  return `${config.publicUrl}/admin/setup?token=${owner.createSetupToken()}`;
}
