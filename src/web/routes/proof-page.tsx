import { ProofPage } from "../features/proof/proof-page";
import type { PaintFirstHandle } from "../paint-first";
import type { Route } from "./+types/proof-page";

// Its stylesheets come inline in the page: nothing blocks the first paint (inline-styles.tsx).
export const handle: PaintFirstHandle = { paintFirst: true };

/** `/proof`: the owner's accounts and each clip's byline evidence, capture digest and witnesses (issue 39). */
export function loader({ context }: Route.LoaderArgs) {
  return { proof: context.content.proof() };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.proof.owner.name ?? "";
  return [
    { title: `Proof of authorship · ${name}` },
    {
      name: "description",
      content: `Where each of ${name}'s clips names them, with its web archive's digest.`,
    },
  ];
}

export default function ProofRoute({ loaderData }: Route.ComponentProps) {
  return <ProofPage proof={loaderData.proof} />;
}
