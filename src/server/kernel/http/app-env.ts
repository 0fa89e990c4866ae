import type { Context } from "hono";

export type RequestSession = { id: string; csrfToken: string };

export type AppEnv = {
  Variables: {
    /** The secret nonce the renderer marks its own inline elements with (security-headers.ts). */
    renderMark: string;
    session: RequestSession | null;
  };
};

export type AppContext = Context<AppEnv>;
