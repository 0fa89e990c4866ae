/** Word 3-grams, case-folded: enough to tell whether two texts say the same thing. */
export function shingles(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const grams = new Set<string>();
  if (words.length < 3) {
    if (words.length > 0) grams.add(words.join(" "));
    return grams;
  }
  for (let i = 0; i + 3 <= words.length; i++) grams.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return grams;
}

/** Share of `part`'s shingles that also occur in `whole` (0 when `part` has none). */
export function containment(part: Set<string>, whole: Set<string>): number {
  if (part.size === 0) return 0;
  let found = 0;
  for (const gram of part) if (whole.has(gram)) found += 1;
  return found / part.size;
}
