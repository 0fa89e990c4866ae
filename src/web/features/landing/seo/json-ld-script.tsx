import { serializeJsonLd } from "./json-ld";

/**
 * The page's schema.org data as `<script type="application/ld+json">`, carrying the request's
 * CSP nonce. The JSON is escaped so no text in it can close the element.
 */
export function JsonLdScript({ data, nonce }: { data: unknown; nonce: string | undefined }) {
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
