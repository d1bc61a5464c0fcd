import type { adminCopy as AdminCopy } from "~/content/admin";
import { authCopy } from "~/content/auth";
import { errorNotice, screenErrorTexts, toDataError } from "~/lib/data-result";
import type { AppSupabaseClient } from "~/lib/database.types";

/** What each form of "Segurança da conta" gets: the client, its texts, the error toasts' title. */
export interface SecurityFormProps {
  client: AppSupabaseClient;
  copy: (typeof AdminCopy)["security"];
  errorTitle: string;
}

/** An auth error as the account screens say it: its code's pt-BR text, never the service's English. */
export function accountErrorText(error: { message: string; code?: string; status?: number }): string {
  return errorNotice(toDataError(error), screenErrorTexts.account(authCopy))?.description ?? authCopy.toasts.unexpected;
}
