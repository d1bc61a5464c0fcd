// Form rules shared by the sign-in screen and the admin (docs/product.md §5).

/** What type="email" accepts, minus the exotic cases no real mailbox uses. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
