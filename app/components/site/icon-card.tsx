import type { CSSProperties, ElementType } from "react";
import { cn } from "~/lib/utils";

/** A list-item card with an icon badge, a title and a short text (home and security features). */
export function IconCard({
  icon: Icon,
  title,
  description,
  className,
  style,
}: {
  icon: ElementType<{ "aria-hidden"?: boolean | "true"; className?: string }>;
  title: string;
  description: string;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <li className={cn("rounded-xl bg-background p-6 shadow-sm", className)} style={style}>
      <span className="inline-flex size-12 items-center justify-center rounded-lg bg-accent text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-bold">{title}</h3>
      <p className="mt-2 text-muted-foreground">{description}</p>
    </li>
  );
}
