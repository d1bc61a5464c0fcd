import type { Session } from "@supabase/supabase-js";
import type { ComponentType, ReactNode } from "react";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { Capability, StaffRole } from "~/lib/admin-role";
import type { AppSupabaseClient } from "~/lib/database.types";
import type { BrowserBackendConfig } from "~/lib/supabase.client";

/** What every part of the admin gets: the signed-in admin's client and session, and the copy. */
export interface AdminContext {
  client: AppSupabaseClient;
  session: Session;
  /** The signed-in account's staff role: which views it sees (the database decides what it may do). */
  role: StaffRole;
  copy: typeof AdminCopy;
  /** Where the browser reaches the backend: uploads go to its storage API. */
  backend: BrowserBackendConfig;
  /** ADMIN_REQUIRE_MFA and no factor yet: only "Segurança da conta" until one is enrolled. */
  mustEnrol: boolean;
  /** A factor was added or removed: the gate checks the session's level again. */
  onSecurityChanged: () => void;
  /** "Sair de todos os dispositivos" finished. */
  onSignedOutEverywhere: () => void;
}

export interface AdminPanelProps extends AdminContext {
  /** Its tab is the one on screen (a panel kept mounted may fetch only then). */
  active: boolean;
}

/** A tab of the admin: its label is `copy.tabs[id]`. */
export type AdminViewId = Exclude<keyof typeof AdminCopy.tabs, "label" | "newCount">;

/**
 * One view of the admin (app/components/admin/admin-views.ts lists them): a tab and its panel,
 * plus what a view may add around them, and the capability it needs (the tabs and the header
 * follow it alike).
 */
export interface AdminView {
  id: AdminViewId;
  /**
   * The capability function (app/lib/admin-role.ts) whose holders see this view; none: every
   * staff role.
   */
  capability?: Capability;
  Panel: ComponentType<AdminPanelProps>;
  /**
   * Mounted while its tab is hidden too, so its filters, page and dialog outlive a switch of
   * tabs; otherwise mounted only while shown (and its queries run only then).
   */
  keepMounted?: boolean;
  /** Beside the tab's label, e.g. how many leads are new. */
  Badge?: ComponentType<AdminContext>;
  /** A button in the screen's header, on every tab ("Novo Post"). */
  HeaderAction?: ComponentType<AdminContext>;
  /** Around the whole screen: state that the view's header action and its panel share. */
  Provider?: ComponentType<AdminContext & { children: ReactNode }>;
}
