import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** Every API error has the shape `{"error":{"code","message","fields?"}}`. */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  fields?: FieldErrors,
) {
  return c.json({ error: fields ? { code, message, fields } : { code, message } }, status);
}

/**
 * An error a capability throws for its route to answer as it is: the status, code and message are
 * fit for the visitor. Routes catch this one class, not each capability's own.
 */
export class ApiProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses the JSON body with a schema, answering 400 with per-field messages when it does not fit. */
export async function readBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: z.infer<S> } | { ok: false; response: Response }> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch (error) {
    // A body cut off by the size limit is the limit middleware's to answer (413), not a JSON error.
    if (error instanceof Error && error.name === "BodyLimitError") throw error;
    return { ok: false, response: apiError(c, 400, "invalid_json", "The request body must be JSON.") };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      response: apiError(c, 400, "invalid_input", "Some fields need attention.", fieldErrors(parsed.error)),
    };
  }
  return { ok: true, data: parsed.data };
}
