import { isAuthWeakPasswordError } from "@supabase/supabase-js";
import type { SupabaseClient } from "@supabase/supabase-js";

export type AuthMode = "login" | "signup";

/**
 * Why the service refused a new password, most useful first: GoTrue's weak_password reasons
 * ("pwned": a known password; "characters": none of a required kind, here a blank one;
 * "length") reduced to one message's worth.
 */
export type WeakPasswordReason = "common" | "characters" | "length" | "other";

export type AuthOutcome =
  /** Signed in (or signed up with a session): go on to the destination. */
  | { status: "signed-in"; userId: string }
  /** Signed up, but the project asks for e-mail confirmation first. */
  | { status: "confirm-email" }
  /** The new password was refused as weak (422 weak_password): say why, in pt-BR. */
  | { status: "weak-password"; reason: WeakPasswordReason }
  /** Too many attempts (429): for this account or from this address; wait and retry. */
  | { status: "throttled" }
  /** The auth service answered with another error: show its message (docs/product.md §8). */
  | { status: "service-error"; message: string }
  /** Anything else threw (docs/product.md §8: "Ocorreu um erro. Tente novamente."). */
  | { status: "unexpected" };

function weakPasswordReason(reasons: readonly string[]): WeakPasswordReason {
  if (reasons.includes("pwned")) return "common";
  if (reasons.includes("characters")) return "characters";
  if (reasons.includes("length")) return "length";
  return "other";
}

function failure(error: { message: string; status?: number }): AuthOutcome {
  if (isAuthWeakPasswordError(error)) return { status: "weak-password", reason: weakPasswordReason(error.reasons) };
  if (error.status === 429) return { status: "throttled" };
  return { status: "service-error", message: error.message };
}

/**
 * One sign-in or sign-up attempt through supabase-js, reduced to the outcomes the screen
 * shows. supabase-js returns auth errors as values but rethrows anything else (a bug, a
 * broken response it cannot classify); those become "unexpected".
 */
export async function submitCredentials(
  client: Pick<SupabaseClient, "auth">,
  mode: AuthMode,
  credentials: { email: string; password: string },
  /** Where the sign-up confirmation e-mail leads: the site's origin root. */
  emailRedirectTo: string,
): Promise<AuthOutcome> {
  try {
    if (mode === "login") {
      const { data, error } = await client.auth.signInWithPassword(credentials);
      if (error) return failure(error);
      return { status: "signed-in", userId: data.user.id };
    }
    const { data, error } = await client.auth.signUp({ ...credentials, options: { emailRedirectTo } });
    if (error) return failure(error);
    return data.session && data.user ? { status: "signed-in", userId: data.user.id } : { status: "confirm-email" };
  } catch {
    return { status: "unexpected" };
  }
}
