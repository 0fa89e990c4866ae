import { defineCapability } from "../kernel/capability";
import { authRoutes } from "./auth-routes";
import { createOwnerRepository, type OwnerRepository } from "./owner-repository";
import { loadSession, ownerSessionIn, sessionCookieName } from "./owner-session";
import { createSessionStore, type SessionStore } from "./sessions";

declare module "../kernel/capability" {
  interface Offered {
    owner: OwnerRepository;
    sessions: SessionStore;
    ownerSession: {
      cookieName: string;
      /** Whether a request's Cookie header holds the owner's live session. */
      isOwner(cookie: string): boolean;
      /** The middleware that puts the owner's session, if any, on the request. */
      load: ReturnType<typeof loadSession>;
    };
  }
}

export const auth = defineCapability({
  name: "auth",
  needs: [],
  offers: ["owner", "sessions", "ownerSession"],
  tables: ["owner", "sessions", "setup_tokens"],
  create(_, { store, config }) {
    const sessions = createSessionStore(store);
    const secure = config.secureCookies;
    return {
      owner: createOwnerRepository(store),
      sessions,
      ownerSession: {
        cookieName: sessionCookieName(secure),
        isOwner: (cookie) => ownerSessionIn(cookie, sessions, secure),
        load: loadSession({ sessions, secureCookies: secure }),
      },
    };
  },
  routes: ({ owner, sessions }, { config, clientIp }) => ({
    api: authRoutes({
      owner,
      sessions,
      secureCookies: config.secureCookies,
      clientIp,
      attemptsPerAddress: config.signInAttemptsPerAddress,
    }),
  }),
});
