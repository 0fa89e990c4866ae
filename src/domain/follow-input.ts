import { z } from "./zod";

/**
 * The public 'Follow my work' form: an address, and the honeypot the contact form has too. Apart
 * from ./email-follow.ts so that the public page's script carries no validation library.
 */
export const followInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(254, "Keep it under 254 characters")
    .pipe(z.email("Enter a valid e-mail address")),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().max(500).optional(),
});
export type FollowInput = z.infer<typeof followInputSchema>;
