/** Where to go after sign-in: only a dashboard path on this site, never another origin. */
export function safeReturnPath(value: string | null | undefined): string {
  if (value && /^\/admin\/dashboard(?:[/?#]|$)/.test(value) && !value.startsWith("//")) return value;
  return "/admin/dashboard";
}
