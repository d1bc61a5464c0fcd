import { Check } from "lucide-react";
import { cn } from "~/lib/utils";

/** What a plan, a feature or a pillar includes: one line each, behind a check mark. */
export function CheckList({
  items,
  size = "sm",
  className,
}: {
  items: string[];
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <ul className={cn("space-y-2", className)}>
      {items.map((item) => (
        <li key={item} className={cn("flex items-start gap-2", size === "sm" && "text-sm")}>
          <Check
            aria-hidden="true"
            className={cn("mt-0.5 shrink-0 text-success", size === "sm" ? "size-4" : "size-5")}
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
