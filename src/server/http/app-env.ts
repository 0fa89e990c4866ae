import type { Context } from "hono";

export type RequestSession = { id: string; csrfToken: string };

export type AppEnv = {
  Variables: {
    cspNonce: string;
    session: RequestSession | null;
  };
};

export type AppContext = Context<AppEnv>;
