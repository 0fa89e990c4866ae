/**
 * The owner's block list (site settings `blockList`): whole addresses such as
 * `spam@example.com`, or domains written `@example.com`, which also cover their subdomains
 * (`@example.com` blocks `a@mail.example.com`). Comparison ignores case and surrounding space.
 */
export function isBlockedAddress(email: string, blockList: readonly string[]): boolean {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return false;
  const domain = address.slice(at + 1);
  return blockList.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === "") return false;
    if (entry.startsWith("@")) {
      const blocked = entry.slice(1);
      return blocked !== "" && (domain === blocked || domain.endsWith(`.${blocked}`));
    }
    return entry === address;
  });
}
