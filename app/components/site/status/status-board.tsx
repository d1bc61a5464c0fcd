import { CircleAlert, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import type { statusCopy } from "~/content/help";
import { cn } from "~/lib/utils";

type StatusCopy = typeof statusCopy;

export function StatusBoard({
  copy,
  backend,
  latencyMs,
  checkedAt,
  checkedAtLabel,
}: {
  copy: StatusCopy;
  backend: "operational" | "degraded";
  latencyMs: number;
  checkedAt: string;
  checkedAtLabel: string;
}) {
  const components = [
    // The site answered this very request, so it is up by definition.
    { ...copy.components.site, ok: true, detail: null },
    { ...copy.components.backend, ok: backend === "operational", detail: copy.latency(latencyMs) },
  ];
  const allOk = components.every((component) => component.ok);
  return (
    <section aria-labelledby="situacao" className="px-4 pb-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl">
        <div className={cn("flex items-center gap-3 rounded-xl p-5 text-white", allOk ? "bg-success" : "bg-amber-700")}>
          {allOk ? (
            <CircleCheck aria-hidden="true" className="size-7" />
          ) : (
            <CircleAlert aria-hidden="true" className="size-7" />
          )}
          <h2 id="situacao" className="text-xl font-bold">
            {allOk ? copy.allOperational : copy.someDegraded}
          </h2>
        </div>
        <ul className="mt-6 divide-y divide-border rounded-xl border border-border">
          {components.map((component) => (
            <li key={component.name} className="flex flex-wrap items-center justify-between gap-3 p-5">
              <div>
                <h3 className="font-semibold">{component.name}</h3>
                <p className="text-sm text-muted-foreground">{component.description}</p>
                {component.detail ? <p className="text-sm text-muted-foreground">{component.detail}</p> : null}
              </div>
              <p
                className={cn(
                  "inline-flex items-center gap-2 font-semibold",
                  component.ok ? "text-success" : "text-amber-800",
                )}
              >
                {component.ok ? (
                  <CircleCheck aria-hidden="true" className="size-5" />
                ) : (
                  <CircleAlert aria-hidden="true" className="size-5" />
                )}
                {component.ok ? copy.operational : copy.degraded}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted-foreground">
          <time dateTime={checkedAt}>{copy.checkedAt(checkedAtLabel)}</time>
        </p>
        <p className="mt-6 flex flex-wrap items-center gap-4">
          {/* A plain link: a full request re-runs the live check, even without JavaScript. */}
          <a href="/status" className="font-semibold text-primary underline underline-offset-4">
            {copy.refresh}
          </a>
          <span className="text-muted-foreground">{copy.help}</span>
          <Link to={copy.helpLink.href} className="font-semibold text-primary underline underline-offset-4">
            {copy.helpLink.label}
          </Link>
        </p>
      </div>
    </section>
  );
}
