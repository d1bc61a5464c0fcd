import type { CSSProperties, ElementType } from "react";
import { cn } from "~/lib/utils";
import { CardGrid } from "./section";

/**
 * How the card shows its icon: in a tinted badge (home and security features), bare at the
 * left (the about page's values), or bare and centred above centred text (certifications).
 */
export type IconCardVariant = "badge" | "plain" | "centered";

/** An icon component (lucide-react), drawn decoratively. */
export type IconCardIcon = ElementType<{ "aria-hidden"?: boolean | "true"; className?: string }>;

/** A list-item card with an icon, a title and a short text. */
export function IconCard({
  icon: Icon,
  title,
  description,
  variant = "badge",
  className,
  style,
}: {
  icon: IconCardIcon;
  title: string;
  description: string;
  variant?: IconCardVariant;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <li
      className={cn("rounded-xl bg-background p-6 shadow-sm", variant === "centered" && "text-center", className)}
      style={style}
    >
      {variant === "badge" ? (
        <span className="inline-flex size-12 items-center justify-center rounded-lg bg-accent text-primary">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      ) : (
        <Icon
          aria-hidden="true"
          className={cn("text-primary", variant === "centered" ? "mx-auto size-10" : "size-7")}
        />
      )}
      <h3 className={cn("text-lg font-bold", variant === "badge" ? "mt-4" : "mt-3")}>{title}</h3>
      <p className={cn("mt-2 text-muted-foreground", variant === "centered" && "text-sm")}>{description}</p>
    </li>
  );
}

/** Four cards in the section's grid, each with the same icon (the about page's values, certifications). */
export function IconCardGrid({
  items,
  icon,
  variant,
}: {
  items: { title: string; description: string }[];
  icon: IconCardIcon;
  variant: IconCardVariant;
}) {
  return (
    <CardGrid columns={4}>
      {items.map((item) => (
        <IconCard key={item.title} {...item} icon={icon} variant={variant} />
      ))}
    </CardGrid>
  );
}
