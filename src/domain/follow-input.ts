import { honeypot, visitorEmail } from "./visitor-fields";
import { z } from "./zod";

/**
 * The public 'Follow my work' form: an address, and the honeypot the contact form has too. Apart
 * from ./email-follow.ts so that the public page's script carries no validation library.
 */
export const followInputSchema = z.object({ email: visitorEmail, website: honeypot });
export type FollowInput = z.infer<typeof followInputSchema>;
