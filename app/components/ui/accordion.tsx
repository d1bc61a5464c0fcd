import { ChevronDown } from "lucide-react";
import { useId, type ReactNode } from "react";

export interface AccordionEntry {
  /** Stable key of the item. */
  value: string;
  trigger: ReactNode;
  content: ReactNode;
}

/**
 * Single-open, collapsible accordion with no JavaScript (docs/decisions/050-native-html-widgets.md):
 * one `<details>` per item, all sharing a `name`, so the browser keeps one open at a time,
 * lets the open one close, toggles with click, Enter and Space, exposes the expanded state and
 * finds text inside closed answers with Ctrl+F. Every answer is in the HTML for search engines.
 * The question is a heading inside the `<summary>` and each answer a region labelled by it.
 * Arrow keys between questions (optional in the WAI-ARIA pattern) are not offered: Tab moves.
 */
export function Accordion({
  items,
  headingLevel = 3,
  name,
  className,
}: {
  items: AccordionEntry[];
  headingLevel?: 2 | 3 | 4;
  /** The group name; unique per page, so two accordions on one page stay independent. */
  name: string;
  className?: string;
}) {
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  return (
    <div className={className}>
      {items.map((item, index) => {
        const summaryId = `${baseId}-question-${index}`;
        const panelId = `${baseId}-answer-${index}`;
        return (
          <details key={item.value} name={name} className="accordion-item group border-b border-border">
            <summary
              id={summaryId}
              aria-controls={panelId}
              className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-semibold transition-colors hover:text-primary [&::-webkit-details-marker]:hidden"
            >
              <Heading className="text-base">{item.trigger}</Heading>
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
              />
            </summary>
            <section id={panelId} aria-labelledby={summaryId} className="pb-4 leading-relaxed text-muted-foreground">
              {item.content}
            </section>
          </details>
        );
      })}
    </div>
  );
}
