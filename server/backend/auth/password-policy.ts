// What a new password must be: GoTrue's rules (at least 6 characters, at most bcrypt's 72 bytes)
// plus two of our own, reported in GoTrue's weak_password vocabulary so supabase-js turns them
// into AuthWeakPasswordError with `reasons`: a password made only of whitespace ("characters",
// GoTrue's reason for a missing required character) and one of the 10,000 most common passwords
// ("pwned", GoTrue's reason for a password found in HaveIBeenPwned). See ADR 025.
import { dictionary } from "@zxcvbn-ts/language-common";

export const MIN_PASSWORD_LENGTH = 6;
/** bcrypt ignores bytes after 72; GoTrue refuses longer passwords rather than truncate silently. */
export const MAX_PASSWORD_LENGTH = 72;
/** How much of zxcvbn-ts's frequency-ordered list is refused (ADR 025). */
export const COMMON_PASSWORD_COUNT = 10_000;

export type WeakPasswordReason = "length" | "characters" | "pwned";

export interface PasswordWeakness {
  reasons: WeakPasswordReason[];
  /** GoTrue's sentences, one per reason, joined with a space (as checkPasswordStrength does). */
  message: string;
}

// Built once at import: about 10 ms, and a Set makes every check O(1).
const COMMON_PASSWORDS = new Set(
  dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT).map((password) => password.toLowerCase()),
);

/** Case and surrounding spaces do not make "Password " any harder to guess than "password". */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordWeakness(password: string): PasswordWeakness | null {
  const found: [WeakPasswordReason, string][] = [];
  if (password.length < MIN_PASSWORD_LENGTH) {
    found.push(["length", `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`]);
  }
  if (password.trim() === "") {
    found.push(["characters", "Password should contain at least one character that is not whitespace."]);
  }
  if (isCommonPassword(password)) {
    found.push(["pwned", "Password is known to be weak and easy to guess, please choose a different one."]);
  }
  if (found.length === 0) return null;
  return { reasons: found.map(([reason]) => reason), message: found.map(([, message]) => message).join(" ") };
}
