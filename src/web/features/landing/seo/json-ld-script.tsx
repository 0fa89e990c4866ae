import { serializeJsonLd } from "./json-ld";

/**
 * The page's schema.org data as `<script type="application/ld+json">`: a data block, which the
 * browser never runs, so the Content-Security-Policy need not allow it. The JSON is escaped so no
 * text in it can close the element.
 */
export function JsonLdScript({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
