import { checkStatus } from "~/lib/status-check.server";
import type { Route } from "./+types/status-json";

/**
 * /status.json: the live check of /status without the page around it, for "Verificar
 * novamente" (app/enhance/status.ts). One check per request, never cached, like the page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await checkStatus(context), {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
