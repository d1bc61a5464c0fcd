import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { notFoundCopy } from "~/content/errors";

/** The not-found page (docs/product.md §2): 404, the title, the text, and buttons to / and /recursos. */
export function NotFoundScreen() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <p className="text-7xl font-extrabold text-primary">{notFoundCopy.code}</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{notFoundCopy.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{notFoundCopy.text}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to={notFoundCopy.homeCta.href}>{notFoundCopy.homeCta.label}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={notFoundCopy.featuresCta.href}>{notFoundCopy.featuresCta.label}</Link>
        </Button>
      </div>
    </section>
  );
}
