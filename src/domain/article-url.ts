/**
 * The key under which an article URL is looked up: scheme, 'www.', the fragment and trailing
 * slashes do not matter, and neither does case (pasted links vary in all of these).
 */
export function articleUrlKey(url: string): string {
  const value = url.trim().toLowerCase();
  try {
    const parsed = new URL(value);
    const host = parsed.host.replace(/^www\./, "");
    return `${host}${parsed.pathname.replace(/\/+$/, "")}${parsed.search}`;
  } catch {
    return value
      .replace(/^[a-z]+:\/\//, "")
      .replace(/^www\./, "")
      .replace(/#.*$/, "")
      .replace(/\/+$/, "");
  }
}
