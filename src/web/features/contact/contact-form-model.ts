/** The contact form's fields, its states and the submit rule (docs/product.md, Contact). */

export type ContactFields = { name: string; email: string; subject: string; message: string };
export type VisibleField = keyof ContactFields;

export const EMPTY_FIELDS: ContactFields = { name: "", email: "", subject: "", message: "" };
export const FIELD_ORDER: readonly VisibleField[] = ["name", "email", "subject", "message"];

/** Upper bounds of the server's schema, so the browser stops typing where the server would refuse. */
export const MAX_LENGTH: Record<VisibleField, number> = {
  name: 120,
  email: 254,
  subject: 200,
  message: 5000,
};

export type ContactStatus = "idle" | "sending" | "success" | "error";

/** Submit is allowed only when all four fields are non-empty after trimming. */
export function isComplete(fields: ContactFields): boolean {
  return FIELD_ORDER.every((field) => fields[field].trim() !== "");
}

export const LABELS: Record<VisibleField, string> = {
  name: "Name",
  email: "Email",
  subject: "Subject",
  message: "Message",
};

/** Why Send is disabled: 'To send, fill in Name, Subject and Message.'; "" once all four are filled in. */
export function missingText(fields: ContactFields): string {
  const missing = FIELD_ORDER.filter((field) => fields[field].trim() === "").map((field) => LABELS[field]);
  if (missing.length === 0) return "";
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(", ")} and ${missing.at(-1)}`;
  return `To send, fill in ${list}.`;
}

/** The server's per-field messages for the visible fields; anything else is not shown next to a field. */
export function visibleFieldErrors(
  fields: Record<string, string> | undefined,
): Partial<Record<VisibleField, string>> {
  const errors: Partial<Record<VisibleField, string>> = {};
  for (const field of FIELD_ORDER) {
    const message = fields?.[field];
    if (message) errors[field] = message;
  }
  return errors;
}
