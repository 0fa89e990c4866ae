import { z } from "./zod";

/** A visitor's e-mail address on a public form (Contact, 'Follow my work'). */
export const visitorEmail = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Keep it under 254 characters")
  .pipe(z.email("Enter a valid e-mail address"));

/** The public forms' honeypot: hidden from people, filled in by bots. */
export const honeypot = z.string().max(500).optional();
