import { Compass, Eye, HeartHandshake } from "lucide-react";
import { Avatar } from "~/components/ui/avatar";
import type { TeamMember, Value } from "~/content/about";
import { initialsOf } from "~/lib/initials";
import { IconCardGrid } from "../icon-card";
import { CardGrid, Section } from "../section";

interface Statement {
  title: string;
  text: string;
}

export function MissionVision({ mission, vision }: { mission: Statement; vision: Statement }) {
  return (
    <section className="px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
        {[
          { ...mission, Icon: Compass },
          { ...vision, Icon: Eye },
        ].map(({ title, text, Icon }) => (
          <div key={title} className="rounded-2xl border border-border bg-background p-8 shadow-sm">
            <Icon aria-hidden="true" className="size-8 text-primary" />
            <h2 className="mt-4 text-2xl font-bold">{title}</h2>
            <p className="mt-3 text-lg leading-relaxed text-muted-foreground">{text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

export function Values({ title, items }: { title: string; items: Value[] }) {
  return (
    <Section id="valores" title={title} tone="muted">
      <IconCardGrid items={items} icon={HeartHandshake} variant="plain" />
    </Section>
  );
}

export function Team({
  title,
  subtitle,
  portraitAlt,
  items,
}: {
  title: string;
  subtitle: string;
  portraitAlt: (name: string) => string;
  items: TeamMember[];
}) {
  return (
    <Section id="equipe" title={title} subtitle={subtitle}>
      <CardGrid columns={4}>
        {items.map((member) => (
          <li key={member.name} className="flex flex-col items-center text-center">
            <Avatar
              key={member.image.src}
              src={member.image.src}
              width={member.image.width}
              height={member.image.height}
              alt={portraitAlt(member.name)}
              initials={initialsOf(member.name)}
            />
            <h3 className="mt-4 text-lg font-bold">{member.name}</h3>
            <p className="text-sm font-medium text-primary">{member.role}</p>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{member.bio}</p>
          </li>
        ))}
      </CardGrid>
    </Section>
  );
}
