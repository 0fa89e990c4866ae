import { z } from "./zod";

/**
 * `DELETE /api/fediverse/followers/:actor`: the follower the owner removes, by its actor's
 * address. Apart from ./fediverse.ts so that the public page's script carries no validation
 * library (decision 008).
 */
export const fediverseFollowerParamSchema = z.object({
  actor: z
    .string()
    .max(2048)
    .refine((value) => URL.canParse(value), "Give the follower's actor address."),
});
