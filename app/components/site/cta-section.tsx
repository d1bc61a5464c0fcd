import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { CallToAction } from "~/content/types";
import { Section } from "./section";

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
    <Section
      id={id}
      title={title}
      subtitle={subtitle}
      tone="primary"
      actions={
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
      }
    />
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
