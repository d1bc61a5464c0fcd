// Form rules shared by the sign-in screen, the admin and the lead forms (docs/product.md §5).

/**
 * What type="email" accepts, minus the exotic cases no real mailbox uses: a domain of dotted
 * labels, none empty ("empresa..com", a trailing dot), ending in one of at least two characters.
 */
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

/**
 * The app's one e-mail check, in the browser and in route actions (the lead forms use it
 * through app/lib/lead-validation.ts). server/backend/auth/users.ts and server/cli/commands.ts
 * keep their own copy of the pattern on purpose: app/ never imports server/, server/ imports only
 * the app's types (docs/architecture.md), and for the auth API the auth server is the authority
 * (the embedded GoTrue subset, or hosted GoTrue); this check only spares a round trip.
 */
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** Nothing but whitespace (or nothing at all): what a password may not be. */
export function isBlank(value: string): boolean {
  return value.trim() === "";
}

/** An absolute http(s) URL, as the featured image field expects. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
