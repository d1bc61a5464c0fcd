import type { SupabaseClient } from "@supabase/supabase-js";
import { fromThrown, toDataError, type DataError } from "./data-result";

export type AuthMode = "login" | "signup";

/**
 * Why the service refused a new password, most useful first: GoTrue's weak_password reasons
 * ("pwned": a known password; "characters": none of a required kind, here a blank one;
 * "length") reduced to one message's worth.
 */
export type WeakPasswordReason = "common" | "characters" | "length" | "other";

/**
 * Each failure carries its DataError (app/lib/data-result.ts): `errorNotice(outcome.error,
 * screenErrorTexts.auth(copy, mode))` is what the screen shows for it (docs/product.md §8).
 */
export type AuthOutcome =
  /** Signed in (or signed up with a session): go on to the destination. */
  | { status: "signed-in"; userId: string }
  /** Signed up, but the project asks for e-mail confirmation first. */
  | { status: "confirm-email" }
  /** The new password was refused as weak (422 weak_password): say why, in pt-BR. */
  | { status: "weak-password"; reason: WeakPasswordReason; error: DataError }
  /** Too many attempts (429): for this account or from this address; wait and retry. */
  | { status: "throttled"; error: DataError }
  /** The auth service answered with another error: show its code's pt-BR text (docs/product.md §8). */
  | { status: "service-error"; message: string; error: DataError }
  /** Anything else threw (docs/product.md §8: "Ocorreu um erro. Tente novamente."). */
  | { status: "unexpected"; error: DataError };

function weakPasswordReason(reasons: readonly string[]): WeakPasswordReason {
  if (reasons.includes("pwned")) return "common";
  if (reasons.includes("characters")) return "characters";
  if (reasons.includes("length")) return "length";
  return "other";
}

function failure(returned: { message: string; status?: number }): AuthOutcome {
  const error = toDataError(returned);
  if (error.reasons) return { status: "weak-password", reason: weakPasswordReason(error.reasons), error };
  if (error.kind === "throttled") return { status: "throttled", error };
  return { status: "service-error", message: error.message, error };
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
  } catch (thrown) {
    return { status: "unexpected", error: fromThrown(thrown) };
  }
}

/**
 * Whether this session must still pass the second factor: the user has a verified factor
 * (nextLevel aal2) and the session is not aal2 yet. Read from the session's own JWT claims and
 * the user's factor list (supabase-js, no extra round trip when the user is cached).
 */
export async function needsSecondFactor(client: Pick<SupabaseClient, "auth">): Promise<boolean> {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.nextLevel === "aal2" && data.currentLevel !== "aal2";
}

export type RecoveryOutcome = { status: "sent" } | { status: "throttled" } | { status: "unexpected"; error: DataError };

/**
 * "Esqueci minha senha": asks the service to e-mail a recovery link to `email`. The service
 * answers the same whether or not the address has an account, and so does the screen.
 */
export async function requestRecovery(
  client: Pick<SupabaseClient, "auth">,
  email: string,
  redirectTo: string,
): Promise<RecoveryOutcome> {
  try {
    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
    if (!error) return { status: "sent" };
    const refused = toDataError(error);
    return refused.kind === "throttled" ? { status: "throttled" } : { status: "unexpected", error: refused };
  } catch (thrown) {
    return { status: "unexpected", error: fromThrown(thrown) };
  }
}
