/** Why a fetched document was not read. */
export type UnreadableReason =
  | "too_large"
  | "too_deep"
  | "too_many_elements"
  | "text_too_long"
  | "not_text"
  | "too_slow"
  | "too_much_memory"
  | "busy";

const MESSAGES: Record<UnreadableReason, string> = {
  too_large: "The page is too large to read",
  too_deep: "The page is too deeply nested to read",
  too_many_elements: "The page has too many elements to read",
  text_too_long: "The page has a run of text too long to read",
  not_text: "The page is not valid text in the character set it declares",
  too_slow: "The page took too long to read",
  too_much_memory: "The page needed too much memory to read",
  busy: "The server is busy reading other pages; try again in a minute",
};

/**
 * A document refused before or while it was parsed: beyond the markup limits, or slower or larger
 * to parse than a worker may take; or not parsed because the workers were busy for too long
 * (`busy`, the only reason that says nothing about the page). The message is meant for the
 * person who asked for the page.
 */
export class UnreadablePageError extends Error {
  override readonly name = "UnreadablePageError";

  constructor(readonly reason: UnreadableReason) {
    super(MESSAGES[reason]);
  }
}

export function isUnreadableReason(value: unknown): value is UnreadableReason {
  return typeof value === "string" && Object.hasOwn(MESSAGES, value);
}
