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
  needs: ["content", "archive", "webArchive", "watch"],
  offers: ["proof"],
  tables: [],
  create: ({ content, archive, webArchive, watch }) => ({
    proof: createProof({
      site: () => ownedSite(content.site.get()),
      articles: () => content.articles.list(),
      pageAuthors: (article) => archive.currentFor(article)?.authors,
      captures: () => webArchive.proofs(),
      listings: () => watch.listings(),
      accounts: () => {
        const { linkedin } = ownedSite(content.site.get()).social;
        return linkedin ? [{ label: "LinkedIn", url: linkedin, verified: false }] : [];
      },
    }),
  }),
  routes: ({ proof, webArchive }) => ({ api: proofRoutes(proof, webArchive) }),
});
