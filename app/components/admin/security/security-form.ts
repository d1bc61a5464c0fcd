import type { adminCopy as AdminCopy } from "~/content/admin";
import type { AppSupabaseClient } from "~/lib/database.types";

/** What each form of "Segurança da conta" gets: the client, its texts, the error toasts' title. */
export interface SecurityFormProps {
  client: AppSupabaseClient;
  copy: (typeof AdminCopy)["security"];
  errorTitle: string;
}
