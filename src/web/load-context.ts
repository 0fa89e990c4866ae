import type { Article, Education, Experience, Site } from "../domain/content";

/** What the server hands to every loader: reads of the content store and the signed-in owner. */
export type PageContent = {
  site(): Site;
  articles(): readonly Article[];
  experiences(): readonly Experience[];
  education(): readonly Education[];
};

export type SignedInOwner = { email: string; csrfToken: string };

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /** The newest change's sequence number when the render began: live updates resume from it. */
    liveSeq: number;
    /** The site's public origin (PUBLIC_URL), for canonical and absolute links. */
    publicUrl: string;
    content: PageContent;
    owner: SignedInOwner | null;
  }
}
