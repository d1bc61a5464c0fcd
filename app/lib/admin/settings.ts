import { queryOptions } from "@tanstack/react-query";
import { DataFailure, expectData } from "../data-result";
import type { AppSupabaseClient } from "../database.types";
import type { SiteSettings } from "../site-settings";
import { adminKeys } from "./keys";

// The admin's read and write of the site settings ("Configurações", docs/admin.md). They run as
// the signed-in user, so row-level security decides (admins only, with their second factor); the
// table's CHECKs refuse what the form would (../site-settings.ts). Every public page shows a
// saved change within a second: the server re-renders on the database's notification.

/** The one row, with when it last changed. */
export type StoredSettings = SiteSettings & { updated_at: string };

export async function readSettings(client: AppSupabaseClient): Promise<StoredSettings> {
  const { id: _id, ...row } = expectData(await client.from("site_settings").select("*").single());
  return row;
}

export function settingsQuery(client: AppSupabaseClient, enabled: boolean) {
  return queryOptions({ queryKey: adminKeys.settings, queryFn: () => readSettings(client), enabled });
}

/**
 * Saves the given fields (the form sends those the admin changed, so a save never puts back what
 * another admin stored meanwhile); a value the database refuses fails as "invalid", naming its CHECK.
 */
export async function saveSettings(client: AppSupabaseClient, row: Partial<SiteSettings>): Promise<void> {
  // select(): a write row-level security hides changes no row and raises nothing; none back is a refusal.
  const saved = expectData(await client.from("site_settings").update(row).eq("id", true).select("id"));
  if (saved.length === 0) {
    throw new DataFailure({
      kind: "forbidden",
      message: "The site settings were not saved: this account may not change them.",
    });
  }
}
