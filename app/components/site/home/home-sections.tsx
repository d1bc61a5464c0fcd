import { BotMessageSquare, ChartLine, ShieldCheck, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { Feature, Pillar } from "~/content/home";
import type { CallToAction } from "~/content/types";
import { staggered } from "~/lib/motion";
import { cn } from "~/lib/utils";
import { CheckList } from "../check-list";
import { IconCard } from "../icon-card";
import { CardGrid, Section } from "../section";

export function Hero(props: {
  eyebrow: string;
  title: string;
  subtitle: string;
  primaryCta: CallToAction;
  secondaryCta: CallToAction;
}) {
  const steps = [0, 1, 2, 3].map(staggered);
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-accent to-background px-4 pt-20 pb-16 sm:px-6 sm:pt-28 lg:px-8">
      <div className="mx-auto max-w-4xl text-center">
        <p
          className={cn("text-sm font-semibold tracking-wide text-primary uppercase", steps[0]?.className)}
          style={steps[0]?.style}
        >
          {props.eyebrow}
        </p>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl motion-safe:animate-rise">
          {props.title}
        </h1>
        <p
          className={cn("mx-auto mt-6 max-w-2xl text-lg text-muted-foreground", steps[1]?.className)}
          style={steps[1]?.style}
        >
          {props.subtitle}
        </p>
        <div
          className={cn("mt-10 flex flex-col justify-center gap-3 sm:flex-row", steps[2]?.className)}
          style={steps[2]?.style}
        >
          <Button asChild size="lg">
            <a href={props.primaryCta.href}>{props.primaryCta.label}</a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={props.secondaryCta.href} prefetch="intent">
              {props.secondaryCta.label}
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export function Pillars({ title, subtitle, items }: { title: string; subtitle: string; items: Pillar[] }) {
  return (
    <Section id="pilares" title={title} subtitle={subtitle} space="roomy">
      <CardGrid columns={3}>
        {items.map((pillar) => (
          <li key={pillar.title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
            <h3 className="text-xl font-bold">{pillar.title}</h3>
            <p className="mt-2 text-muted-foreground">{pillar.description}</p>
            <CheckList items={pillar.items} size="md" className="mt-4" />
          </li>
        ))}
      </CardGrid>
    </Section>
  );
}

const featureIcons = { bot: BotMessageSquare, chart: ChartLine, users: UsersRound, shield: ShieldCheck };

export function FeatureCards({ title, subtitle, items }: { title: string; subtitle: string; items: Feature[] }) {
  return (
    <Section id="recursos-destaque" title={title} subtitle={subtitle} tone="muted" space="roomy">
      <CardGrid columns={4}>
        {items.map((feature, index) => {
          const step = staggered(index);
          return (
            <IconCard
              key={feature.title}
              icon={featureIcons[feature.icon]}
              title={feature.title}
              description={feature.description}
              className={step.className}
              style={step.style}
            />
          );
        })}
      </CardGrid>
    </Section>
  );
}
