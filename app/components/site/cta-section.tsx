import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { CallToAction } from "~/content/types";

/** A closing call-to-action band; in-page anchors (#demo) stay plain links. */
export function CtaSection({
  id,
  title,
  subtitle,
  primary,
  secondary,
}: {
  id: string;
  title: string;
  subtitle: string;
  primary: CallToAction;
  secondary?: CallToAction;
}) {
  return (
    <section aria-labelledby={id} className="bg-primary px-4 py-16 text-primary-foreground sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl text-center">
        <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 text-lg text-indigo-100">{subtitle}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="inverted">
            <SmartLink {...primary} />
          </Button>
          {secondary ? (
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-white/10"
            >
              <SmartLink {...secondary} />
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * A router Link for site paths; a plain anchor for in-page targets (#demo) and other sites,
 * so the browser handles the jump and external pages are not fetched as routes.
 */
export function SmartLink({ href, label, className, ...rest }: CallToAction & { className?: string }) {
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={href} prefetch="intent" className={className} {...rest}>
        {label}
      </Link>
    );
  }
  return (
    <a href={href} className={className} {...rest}>
      {label}
    </a>
  );
}
