import { renderRobots } from "~/lib/feeds.server";

/** /robots.txt: index the site, not the sign-in and admin screens. */
export function loader() {
  return new Response(renderRobots(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
