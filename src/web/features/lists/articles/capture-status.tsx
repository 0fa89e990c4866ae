import type { Article } from "../../../../domain/content";
import type { CaptureProof } from "../../../../domain/web-archive";
import { ProofLine } from "../../../lib/proof-line";
import type { ListExtras } from "../list-config";

/**
 * The web archive's proof line under each captured article in the Articles manager, as the viewer
 * shows it: 'Captured 5 March 2024 from …; SHA-256 3f2a9c1e…' (docs/decisions/036).
 */
export function withCaptureProof(
  extras: ListExtras<Article>,
  proofs: Record<string, CaptureProof> | undefined,
): ListExtras<Article> {
  if (!proofs) return extras;
  return {
    ...extras,
    // A capture is made when an article's page is read: Fetch details, an import, the watch, Archive now.
    live: [...(extras.live ?? []), "articles"],
    itemStatus: (article) => {
      const status = extras.itemStatus?.(article);
      const proof = proofs[article.id];
      if (!proof) return status;
      return (
        <>
          {status}
          <ProofLine proof={proof} className="capture-status" />
        </>
      );
    },
  };
}
