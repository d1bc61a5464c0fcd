import { Activity, BadgeCheck, DatabaseBackup, KeyRound, Lock, ScanSearch, UsersRound } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { Certification, SecurityFeature } from "~/content/security";
import type { CallToAction } from "~/content/types";
import { SmartLink } from "../cta-section";
import { IconCard, IconCardGrid } from "../icon-card";
import { CardGrid, Section } from "../section";

const icons = {
  users: UsersRound,
  key: KeyRound,
  lock: Lock,
  search: ScanSearch,
  database: DatabaseBackup,
  activity: Activity,
};

export function SecurityFeatures({
  title,
  subtitle,
  items,
}: {
  title: string;
  subtitle: string;
  items: SecurityFeature[];
}) {
  return (
    <Section id="protecao" title={title} subtitle={subtitle}>
      <CardGrid columns={3}>
        {items.map((feature) => (
          <IconCard key={feature.title} {...feature} icon={icons[feature.icon]} className="border border-border" />
        ))}
      </CardGrid>
    </Section>
  );
}

export function Certifications({
  title,
  subtitle,
  items,
}: {
  title: string;
  subtitle: string;
  items: Certification[];
}) {
  return (
    <Section id="certificacoes" title={title} subtitle={subtitle} tone="muted">
      <IconCardGrid items={items} icon={BadgeCheck} variant="centered" />
    </Section>
  );
}

export function DataProtection({
  title,
  paragraphs,
  ctaText,
  cta,
}: {
  title: string;
  paragraphs: string[];
  ctaText: string;
  cta: CallToAction;
}) {
  return (
    <section aria-labelledby="protecao-de-dados" className="px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl">
        <h2 id="protecao-de-dados" className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-4 leading-relaxed text-muted-foreground">
            {paragraph}
          </p>
        ))}
        <div className="mt-8 flex flex-col gap-4 rounded-xl bg-accent p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-medium">{ctaText}</p>
          <Button asChild>
            <SmartLink {...cta} />
          </Button>
        </div>
      </div>
    </section>
  );
}
