import type { SupabaseClient } from "@supabase/supabase-js";

export type AuthMode = "login" | "signup";

export type AuthOutcome =
  /** Signed in (or signed up with a session): go on to the destination. */
  | { status: "signed-in"; userId: string }
  /** Signed up, but the project asks for e-mail confirmation first. */
  | { status: "confirm-email" }
  /** The auth service answered with an error: show its message (spec §8). */
  | { status: "service-error"; message: string }
  /** Anything else threw (spec §8: "Ocorreu um erro. Tente novamente."). */
  | { status: "unexpected" };

/**
 * One sign-in or sign-up attempt through supabase-js, reduced to the four outcomes the
 * screen shows. supabase-js returns auth errors as values but rethrows anything else
 * (a bug, a broken response it cannot classify); those become "unexpected".
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
      if (error) return { status: "service-error", message: error.message };
      return { status: "signed-in", userId: data.user.id };
    }
    const { data, error } = await client.auth.signUp({ ...credentials, options: { emailRedirectTo } });
    if (error) return { status: "service-error", message: error.message };
    return data.session && data.user ? { status: "signed-in", userId: data.user.id } : { status: "confirm-email" };
  } catch {
    return { status: "unexpected" };
  }
}
