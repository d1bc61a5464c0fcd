import { data } from "react-router";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { notFoundCopy } from "~/content/errors";
import type { Route } from "./+types/not-found";

/** Any path no other route matches: a real HTTP 404, with the page inside the shell. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFoundScreen />;
}

export const meta: Route.MetaFunction = () => [
  { title: notFoundCopy.metaTitle },
  { name: "description", content: notFoundCopy.metaDescription },
  { name: "robots", content: "noindex" },
];
