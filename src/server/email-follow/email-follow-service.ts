import type { Logger } from "pino";
import type { Article, Site } from "../../domain/content";
import {
  CONFIRM_LINK_HOURS,
  CONFIRM_RESEND_HOURS,
  csvCell,
  WEEK_MS,
  type FollowersOverview,
} from "../../domain/email-follow";
import type { Store } from "../kernel/db/open-database";
import { createBackgroundWorker } from "../kernel/background-worker";
import { createFollowerRepository, type FollowMail } from "./follower-repository";
import { composeConfirmMail, composeDigestMail, type FollowMailMessage, type MailSite } from "./follow-mail";
import { createMailWorker } from "./mail-worker";

/** The part of a nodemailer transport this capability uses. */
export type FollowTransport = { sendMail(mail: FollowMailMessage): Promise<unknown> };

export type EmailFollowDeps = {
  store: Store;
  site: () => Site;
  articles: () => readonly Article[];
  publicUrl: string;
  from: string;
  /** Undefined without `SMTP_URL`: mails then wait in the queue. */
  transport: FollowTransport | undefined;
  logger: Logger;
  retryBaseMs: number;
  /** How long after a clip is published the immediate digest waits for more (a batch). */
  digestDelayMs: number;
  now?: () => Date;
  /** How often the weekly digest and the queue are looked at without a reason to. */
  pollMs?: number;
};

const HOUR_MS = 60 * 60 * 1000;

/** A clip followers may hear of: one with a headline and an outlet (a new item's blanks are not yet one). */
const announceable = (article: Article) => article.title.trim() !== "" && article.outlet.trim() !== "";

/**
 * Follow by e-mail: double opt-in sign-ups, digests of newly published clips (immediately, in
 * batches, or weekly), one-click unsubscribe, bounce marking, and the owner's overview.
 */
export function createEmailFollow(deps: EmailFollowDeps) {
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? HOUR_MS;
  const followers = createFollowerRepository(deps.store);
  const mailSite = (): MailSite => ({ name: deps.site().name, publicUrl: deps.publicUrl, from: deps.from });

  /** The mail a queued row stands for, or undefined when there is no longer anything to say. */
  function compose(row: FollowMail): FollowMailMessage | undefined {
    const follower = followers.get(row.followerId);
    if (!follower) return undefined;
    if (row.kind === "confirm") {
      return follower.status === "waiting" && follower.confirmToken
        ? composeConfirmMail(mailSite(), follower, follower.confirmToken)
        : undefined;
    }
    if (follower.status !== "confirmed" || !row.digestId) return undefined;
    const ids = followers.digest(row.digestId)?.articleIds ?? [];
    const byId = new Map(deps.articles().map((article) => [article.id, article]));
    const clips = ids.flatMap((id) => byId.get(id) ?? []);
    return clips.length ? composeDigestMail(mailSite(), follower, clips) : undefined;
  }

  const worker = createMailWorker({
    followers,
    transport: deps.transport,
    compose,
    now,
    retryBaseMs: deps.retryBaseMs,
    pollMs,
    logger: deps.logger,
  });

  let started = false;
  /** When the first change not yet in a digest came: the digest waits digestDelayMs from it. */
  let changedAt: number | undefined;

  /**
   * Looks for clips no digest has seen. While following is off, or nobody follows, they are only
   * marked seen (turning it on does not mail the back catalogue); otherwise they make one digest,
   * now or, weekly, once a week has passed since the last one.
   */
  function runDigest(): void {
    const known = followers.knownArticleIds();
    const fresh = deps.articles().filter((article) => announceable(article) && !known.has(article.id));
    if (fresh.length === 0) return;
    const at = now();
    const { on, cadence } = deps.site().followByEmail;
    if (!on || followers.counts().confirmed === 0) {
      followers.markKnown(
        fresh.map((article) => article.id),
        at,
      );
      return;
    }
    if (cadence === "weekly") {
      const since = followers.lastDigest()?.createdAt ?? followers.firstConfirmedAt();
      if (since && at.getTime() - new Date(since).getTime() < WEEK_MS) return;
    }
    const digest = followers.createDigest(
      fresh.map((article) => article.id),
      at,
    );
    deps.logger.info(
      { digestId: digest.id, clips: fresh.length },
      "Queued a digest of new clips for followers",
    );
    if (started) worker.kick();
  }

  const digestDueIn = () => (changedAt === undefined ? 0 : changedAt + deps.digestDelayMs - now().getTime());
  // Looks for new clips every pollMs (a weekly digest falls due), and digestDelayMs after a change.
  const digests = createBackgroundWorker({
    pass: async () => {
      changedAt = undefined;
      runDigest();
    },
    isDue: () => digestDueIn() <= 0,
    nextWaitMs: () => (changedAt === undefined ? pollMs : Math.max(0, digestDueIn())),
    onError: (error) => deps.logger.error({ err: error }, "Looking for clips to mail followers failed"),
  });

  /** A clip was published or changed: one digest for everything published within the delay. */
  function scheduleDigest(): void {
    if (!started || changedAt !== undefined) return;
    changedAt = now().getTime();
    // Not due yet: the worker only sets its next wake-up to the end of the delay.
    void digests.runNow();
  }

  let stopListening = () => {};

  function confirmationOf(token: string) {
    const follower = followers.byConfirmToken(token);
    if (!follower) return { state: "used" } as const;
    const expired = !follower.confirmExpiresAt || Date.parse(follower.confirmExpiresAt) <= now().getTime();
    return expired ? ({ state: "expired" } as const) : ({ state: "waiting", follower } as const);
  }

  return {
    followers,
    mailConfigured: deps.transport !== undefined,
    /**
     * A sign-up from the public form. The answer never says whether the address was known; a
     * confirmation goes to one address at most once in CONFIRM_RESEND_HOURS.
     */
    signUp(rawEmail: string): "off" | "accepted" {
      if (!deps.site().followByEmail.on) return "off";
      const email = rawEmail.trim().toLowerCase();
      const existing = followers.byEmail(email);
      const at = now();
      if (existing && existing.status !== "waiting") return "accepted";
      if (
        existing?.confirmSentAt &&
        at.getTime() - Date.parse(existing.confirmSentAt) < CONFIRM_RESEND_HOURS * HOUR_MS
      )
        return "accepted";
      followers.askConfirmation(email, existing, at, new Date(at.getTime() + CONFIRM_LINK_HOURS * HOUR_MS));
      if (started) worker.kick();
      return "accepted";
    },

    /** What a confirmation link can still do: 'waiting' to be confirmed, 'expired' after 48 hours, or 'used'. */
    confirmation: (token: string) => confirmationOf(token).state,

    /** Confirms the address a confirmation link names: 'confirmed' once, then 'used'; 'expired' after 48 hours. */
    confirm(token: string): "confirmed" | "expired" | "used" {
      const { follower, state } = confirmationOf(token);
      if (state !== "waiting") return state;
      followers.confirm(follower.id, now());
      return "confirmed";
    },

    /** Whether `token` still names a follower (the unsubscribe page's question). */
    isFollowing: (token: string) => followers.byToken(token) !== undefined,

    /** Unsubscribes at once; false when the token was used already or never existed. */
    unsubscribe(token: string): boolean {
      const follower = followers.byToken(token);
      return follower ? followers.remove(follower.id) : false;
    },

    remove: (id: string) => followers.remove(id),

    overview(): FollowersOverview {
      const last = followers.lastDigest();
      return {
        counts: followers.counts(),
        followers: followers.list().map(({ id, email, status, createdAt, confirmedAt }) => ({
          id,
          email,
          status,
          createdAt,
          confirmedAt,
        })),
        lastDigest: last
          ? {
              createdAt: last.createdAt,
              clips: last.articleIds.length,
              deliveries: followers.deliveriesOf(last.id),
            }
          : null,
        mailConfigured: deps.transport !== undefined,
      };
    },

    /** The list as CSV for the owner: address, status, when they signed up and confirmed. */
    exportCsv(): string {
      const rows = followers
        .list()
        .map((f) => [f.email, f.status, f.createdAt, f.confirmedAt ?? ""].map(csvCell).join(","));
      return (
        [["email", "status", "signed_up", "confirmed"].map(csvCell).join(","), ...rows].join("\r\n") + "\r\n"
      );
    },

    runDigest,
    /** Delivers every mail that is due now. */
    deliverDue: worker.runDue,
    idle: worker.idle,
    start() {
      if (started) return;
      started = true;
      stopListening = deps.store.onChange((event) => {
        if (event.topic === "articles" || event.topic === "site") scheduleDigest();
      });
      // Catches up on clips published while the server was down, then looks regularly and after each change.
      digests.start();
      worker.start();
    },
    async stop() {
      started = false;
      stopListening();
      await digests.stop();
      await worker.stop();
    },
  };
}

export type EmailFollow = ReturnType<typeof createEmailFollow>;
