// The admin's TanStack Query keys, one per domain and all under "admin": a panel reloads its own
// after a write, and signing out clears every one (app/components/admin/admin-gate.tsx).
export const adminKeys = {
  posts: ["admin", "posts"],
  /** The blog's tags, and the staff with an author profile (the post form's choices). */
  tags: ["admin", "tags"],
  authors: ["admin", "authors"],
  /** The signed-in user's author profile. */
  authorProfile: ["admin", "author-profile"],
  /** Every author profile, for editors and admins to correct ("Autores da equipe"). */
  authorProfiles: ["admin", "author-profiles"],
  images: ["admin", "images"],
  /** Pages of leads and the count of new ones, so one invalidation reloads both. */
  messages: ["admin", "messages"],
  team: ["admin", "team"],
  /**
   * The signed-in user's staff role and second-factor state, as the admin gate reads them
   * (app/components/admin/admin-gate.tsx): again on coming back to the tab and after one's own
   * role change in Equipe.
   */
  access: ["admin", "access"],
  activity: ["admin", "activity"],
  /** The site settings ("Configurações"). */
  settings: ["admin", "settings"],
  /** Every panel of "Análises", each under its period and filters. */
  analytics: ["admin", "analytics"],
  /** The signed-in user's authenticators. */
  factors: ["admin", "factors"],
  /** The signed-in user as the auth service has it now (a pending new e-mail included). */
  account: ["admin", "account-user"],
} as const;
