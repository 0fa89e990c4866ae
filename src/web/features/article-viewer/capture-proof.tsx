import { useEffect, useState } from "react";
import { captureProofPath, type CaptureProof as Proof } from "../../../domain/web-archive";
import { apiRequest } from "../../lib/api-client";
import { ProofLine } from "../../lib/proof-line";

type Props = { articleId: string };

/**
 * 'Captured 5 March 2024 from theherald.example/…; SHA-256 3f2a9c1e…' under the kept text: when
 * and from where the web archive holds the page's bytes, their digest, and that clip's WACZ to
 * download (docs/decisions/036). Nothing while it loads or when the page was never captured. The
 * Wayback Machine's copy, an independent witness, is its own line beside it (wayback-link.tsx).
 */
export function CaptureProof({ articleId }: Props) {
  const [proof, setProof] = useState<{ articleId: string; proof: Proof } | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<Proof | null>(captureProofPath(articleId), { signal: controller.signal }).then(
      (found) => found && setProof({ articleId, proof: found }),
      // Never captured (null) or unreachable: the reader shows the text without a proof line.
      () => {},
    );
    return () => controller.abort();
  }, [articleId]);

  if (proof?.articleId !== articleId) return null;
  const { sha256, wacz } = proof.proof;
  return (
    <div className="reader-proof">
      <ProofLine proof={proof.proof} />
      <p>
        <a href={wacz} download>
          Download this clip's web archive (WACZ)
        </a>
      </p>
      <details>
        <summary>Full SHA-256</summary>
        <code className="reader-proof-digest">{sha256}</code>
      </details>
    </div>
  );
}
