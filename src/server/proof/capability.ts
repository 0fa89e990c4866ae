import { accountLinks } from "../../domain/account-links";
import { ownedSite } from "../../domain/demo-site";
import { defineCapability } from "../kernel/capability";
import { proofRoutes } from "./proof-routes";
import { createProof, type Proof } from "./proof-service";

declare module "../kernel/capability" {
  interface Offered {
    proof: Proof;
  }
}

/** Proof of the person (issue 39): the evidence that the owner wrote their clips, from what others kept. */
export const proof = defineCapability({
  name: "proof",
  needs: ["content", "keptTexts", "webArchive", "watch", "identity"],
  offers: ["proof"],
  tables: [],
  create: ({ content, keptTexts, webArchive, watch, identity }) => ({
    proof: createProof({
      site: () => ownedSite(content.site.get()),
      articles: () => content.articles.list(),
      pageAuthors: (article) => keptTexts.currentFor(article)?.authors,
      captures: () => webArchive.proofs(),
      listings: () => watch.listings(),
      accounts: () => {
        const verified = identity.verifiedAccounts();
        return accountLinks(ownedSite(content.site.get())).map(({ label, url }) => ({
          label,
          url,
          verified: verified.has(url),
        }));
      },
    }),
  }),
  routes: ({ proof, webArchive }) => ({ api: proofRoutes(proof, webArchive) }),
});
