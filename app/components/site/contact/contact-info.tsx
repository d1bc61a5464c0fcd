import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { HiddenHeading } from "~/components/ui/hidden-heading";
import type { ContactChannel } from "~/content/contact";

const icons = { mail: Mail, phone: Phone, whatsapp: MessageCircle, map: MapPin };

export function ContactInfo({
  title,
  channels,
  hours,
}: {
  title: string;
  channels: ContactChannel[];
  hours: { title: string; rows: { days: string; hours: string }[]; note: string };
}) {
  return (
    <div className="space-y-6">
      <HiddenHeading>{title}</HiddenHeading>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {channels.map((channel) => {
          const Icon = icons[channel.icon];
          return (
            <li key={channel.title} className="flex gap-4 rounded-xl border border-border bg-background p-5 shadow-sm">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{channel.title}</h3>
                {channel.href ? (
                  <a href={channel.href} className="break-words text-primary underline-offset-4 hover:underline">
                    {channel.value}
                  </a>
                ) : (
                  <p>{channel.value}</p>
                )}
                <p className="mt-1 text-sm text-muted-foreground">{channel.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <section aria-labelledby="horario" className="rounded-xl border border-border bg-background p-5 shadow-sm">
        <div className="flex items-center gap-3">
          <Clock aria-hidden="true" className="size-5 text-primary" />
          <h3 id="horario" className="font-semibold">
            {hours.title}
          </h3>
        </div>
        <dl className="mt-4 space-y-2">
          {hours.rows.map((row) => (
            <div key={row.days} className="flex justify-between gap-4 border-b border-border pb-2 last:border-0">
              <dt>{row.days}:</dt>
              <dd className="font-semibold">{row.hours}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-muted-foreground">{hours.note}</p>
      </section>
    </div>
  );
}
