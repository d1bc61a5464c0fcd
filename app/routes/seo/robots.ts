import { renderRobots } from "~/lib/feeds.server";
import { siteContext } from "~/lib/site-context";
import type { Route } from "./+types/robots";

/** /robots.txt: index the site, not the sign-in and admin screens. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderRobots(context.get(siteContext)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
