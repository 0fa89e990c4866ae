import { defineCapability } from "../kernel/capability";
import { createSmtpTransport } from "../kernel/mail/smtp-transport";
import { emailFollowRoutes, isOneClickUnsubscribe } from "./email-follow-routes";
import { createEmailFollow, type EmailFollow, type FollowTransport } from "./email-follow-service";

declare module "../kernel/capability" {
  interface Offered {
    emailFollow: EmailFollow;
  }
  interface CapabilityOptions {
    /** Follow by e-mail's SMTP transport, in place of one from SMTP_URL (tests). */
    followTransport?: FollowTransport;
  }
}

/** Follow by e-mail (issue 40): its own mail queue table, the contact form's SMTP settings. */
export const emailFollow = defineCapability({
  name: "email-follow",
  needs: ["content"],
  offers: ["emailFollow"],
  tables: ["email_followers", "email_follow_mails", "email_digests", "email_digest_clips"],
  create: ({ content }, { store, config, logger, options }) => ({
    emailFollow: createEmailFollow({
      store,
      site: () => content.site.get(),
      articles: () => content.articles.list(),
      publicUrl: config.publicUrl,
      from: config.mailFrom ?? `Byline <no-reply@${new URL(config.publicUrl).hostname}>`,
      transport:
        options.followTransport ??
        (config.smtpUrl ? (createSmtpTransport(config.smtpUrl) as FollowTransport) : undefined),
      logger,
      retryBaseMs: config.contactRetryBaseMs,
      digestDelayMs: config.followDigestDelaySeconds * 1000,
      now: options.now,
    }),
  }),
  routes({ emailFollow, content }, { config, clientIp }) {
    const { api, site } = emailFollowRoutes({
      follow: emailFollow,
      siteName: () => content.site.get().name,
      clientIp,
      perAddress: config.followPerAddress,
      hourlyCap: config.followHourlyCap,
    });
    return { api, site, crossSiteWrites: isOneClickUnsubscribe };
  },
  background: ({ emailFollow }) => ({ start: () => emailFollow.start(), stop: () => emailFollow.stop() }),
});
