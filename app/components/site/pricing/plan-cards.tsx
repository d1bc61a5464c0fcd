import { Check, Minus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { ComparisonCell, ComparisonRow, Plan } from "~/content/pricing";
import { formatPrice } from "~/lib/format";
import { cn } from "~/lib/utils";
import { CheckList } from "../check-list";

/**
 * The link of a trial button: the demo form of this page with the plan preselected. A full path:
 * the page is prerendered at "/precos/", where a relative "?plano=" would become "/precos/?plano=".
 */
export const trialHref = (plan: string) => `/precos?plano=${plan}#demo`;

export function PlanCards({
  plans,
  perMonth,
  priceLabel,
  includes,
}: {
  plans: Plan[];
  perMonth: string;
  priceLabel: (price: string) => string;
  includes: string;
}) {
  return (
    <ul className="mx-auto grid max-w-7xl gap-6 md:grid-cols-2 xl:grid-cols-4">
      {plans.map((plan) => {
        const price = formatPrice(plan.price);
        const headingId = `plano-${plan.id}`;
        return (
          <li
            key={plan.id}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-background p-6 shadow-sm",
              plan.highlighted ? "border-2 border-primary shadow-lg xl:-translate-y-2" : "border-border",
            )}
          >
            {plan.badge ? (
              <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-bold whitespace-nowrap text-primary-foreground">
                {plan.badge}
              </p>
            ) : null}
            <h3 id={headingId} className="text-xl font-bold">
              {plan.name}
            </h3>
            <p className="mt-2 min-h-12 text-sm text-muted-foreground">{plan.description}</p>
            <p className="mt-6 flex items-baseline gap-1">
              <span aria-hidden="true" className="text-4xl font-extrabold tracking-tight">
                {price}
              </span>
              <span aria-hidden="true" className="text-muted-foreground">
                {perMonth}
              </span>
              <span className="sr-only">{priceLabel(price)}</span>
            </p>
            <Button asChild className="mt-6" variant={plan.highlighted ? "default" : "outline"}>
              <Link to={trialHref(plan.id)} aria-label={`${plan.cta}: ${plan.name}`}>
                {plan.cta}
              </Link>
            </Button>
            <p className="mt-6 text-sm font-semibold">{includes}</p>
            <CheckList items={plan.features} className="mt-3" />
          </li>
        );
      })}
    </ul>
  );
}

function Cell({ value, included, notIncluded }: { value: ComparisonCell; included: string; notIncluded: string }) {
  if (value === true) {
    return (
      <>
        <Check aria-hidden="true" className="mx-auto size-5 text-success" />
        <span className="sr-only">{included}</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <Minus aria-hidden="true" className="mx-auto size-5 text-slate-400" />
        <span className="sr-only">{notIncluded}</span>
      </>
    );
  }
  return <>{value}</>;
}

export function ComparisonTable({
  plans,
  caption,
  featureHeader,
  recommendedPlan,
  recommendedBadge,
  included,
  notIncluded,
  rows,
}: {
  plans: Plan[];
  caption: string;
  featureHeader: string;
  recommendedPlan: string;
  recommendedBadge: string;
  included: string;
  notIncluded: string;
  rows: ComparisonRow[];
}) {
  const recommendedIndex = plans.findIndex((plan) => plan.id === recommendedPlan);
  const highlight = (index: number) => (index === recommendedIndex ? "bg-accent" : "");
  return (
    // The wrapper scrolls on narrow screens; it is focusable so keyboard users can scroll it.
    // Relative, so the visually hidden labels in the cells (absolute) scroll inside it instead
    // of widening the whole page on a phone.
    <section
      className="relative mx-auto mt-10 max-w-6xl overflow-x-auto rounded-xl border border-border"
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label={caption}
    >
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border bg-muted">
            <th scope="col" className="p-4 text-left font-semibold">
              {featureHeader}
            </th>
            {plans.map((plan, index) => (
              <th key={plan.id} scope="col" className={cn("p-4 text-center font-semibold", highlight(index))}>
                <span className="block text-base">{plan.name}</span>
                {index === recommendedIndex ? (
                  <span className="mt-1 inline-block rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">
                    {recommendedBadge}
                  </span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.feature} className="border-b border-border last:border-0">
              <th scope="row" className="p-4 text-left font-medium">
                {row.feature}
              </th>
              {row.cells.map((cell, index) => (
                <td key={plans[index]?.id ?? index} className={cn("p-4 text-center", highlight(index))}>
                  <Cell value={cell} included={included} notIncluded={notIncluded} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
