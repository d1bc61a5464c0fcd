import { CircleAlert, CircleCheck } from "lucide-react";
import type { statusCopy } from "~/content/help";
import type { StatusReport } from "~/lib/status-report";

type StatusCopy = typeof statusCopy;

/**
 * Both icons are in the HTML; app/app.css shows the one that matches the closest `data-ok`,
 * so app/enhance/status.ts only flips attributes and texts.
 */
function StatusIcon({ className }: { className: string }) {
  return (
    <>
      <CircleCheck aria-hidden="true" className={`status-icon-ok ${className}`} />
      <CircleAlert aria-hidden="true" className={`status-icon-degraded ${className}`} />
    </>
  );
}

/**
 * The result of the live check (docs/product.md §10 "Footer pages"). Server-rendered; the
 * `data-status-*` hooks let app/enhance/status.ts refresh it in place from /status.json when
 * "Verificar novamente" is chosen (a plain link to /status, which re-runs the check by a full
 * request without JavaScript), announcing the new result in a polite live region.
 */
export function StatusBoard({ copy, report }: { copy: StatusCopy; report: StatusReport }) {
  const ok = String(report.allOk);
  return (
    <section aria-labelledby="situacao" data-status-board="" className="px-4 pb-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl">
        <div
          data-status="overall"
          data-ok={ok}
          className="flex items-center gap-3 rounded-xl bg-success p-5 text-white data-[ok=false]:bg-amber-700"
        >
          <StatusIcon className="size-7" />
          <h2 id="situacao" data-status-text="overall" className="text-xl font-bold">
            {report.texts.overall}
          </h2>
        </div>
        <ul className="mt-6 divide-y divide-border rounded-xl border border-border">
          {/* The site answered this very request, so it is up by definition. */}
          <li className="flex flex-wrap items-center justify-between gap-3 p-5">
            <div>
              <h3 className="font-semibold">{copy.components.site.name}</h3>
              <p className="text-sm text-muted-foreground">{copy.components.site.description}</p>
            </div>
            <p data-ok="true" className="inline-flex items-center gap-2 font-semibold text-success">
              <StatusIcon className="size-5" />
              {copy.operational}
            </p>
          </li>
          <li className="flex flex-wrap items-center justify-between gap-3 p-5">
            <div>
              <h3 className="font-semibold">{copy.components.backend.name}</h3>
              <p className="text-sm text-muted-foreground">{copy.components.backend.description}</p>
              <p data-status-text="latency" className="text-sm text-muted-foreground">
                {report.texts.latency}
              </p>
            </div>
            <p
              data-status="backend"
              data-ok={ok}
              className="inline-flex items-center gap-2 font-semibold text-success data-[ok=false]:text-amber-800"
            >
              <StatusIcon className="size-5" />
              <span data-status-text="backend">{report.texts.backend}</span>
            </p>
          </li>
        </ul>
        <p className="mt-4 text-sm text-muted-foreground">
          <time dateTime={report.checkedAt} data-status-text="checkedAt">
            {report.texts.checkedAt}
          </time>
        </p>
        {/* Empty until an in-place refresh: then it announces the new result. */}
        <output aria-live="polite" data-status-live="" className="sr-only" />
        <p className="mt-6 flex flex-wrap items-center gap-4">
          {/* A plain link: a full request re-runs the live check, even without JavaScript. */}
          <a href="/status" data-status-refresh="" className="font-semibold text-primary underline underline-offset-4">
            {copy.refresh}
          </a>
          <span className="text-muted-foreground">{copy.help}</span>
          <a href={copy.helpLink.href} className="font-semibold text-primary underline underline-offset-4">
            {copy.helpLink.label}
          </a>
        </p>
      </div>
    </section>
  );
}
