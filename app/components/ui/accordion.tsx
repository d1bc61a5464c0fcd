import { ChevronDown } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/lib/utils";

export interface AccordionEntry {
  /** Stable key of the item. */
  value: string;
  trigger: ReactNode;
  content: ReactNode;
}

/**
 * Single-open, collapsible accordion following the WAI-ARIA Authoring Practices pattern:
 * each header is a button inside a heading with aria-expanded and aria-controls, each panel
 * a region labelled by its button; ArrowUp/ArrowDown move between headers (wrapping),
 * Home/End jump to the first/last. Closed panels stay in the HTML with `hidden`, so the
 * answers are in the prerendered page for search engines.
 *
 * Hand-written rather than Radix's Accordion: this is on the home page, and Radix's version
 * costs about 7 KB of the 110 KB brotli budget (docs/decisions/007-byte-budget-choices.md).
 */
export function Accordion({
  items,
  headingLevel = 3,
  className,
}: {
  items: AccordionEntry[];
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const [openValue, setOpenValue] = useState<string | null>(null);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = `h${headingLevel}` as const;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className={className}>
      {items.map((item, index) => {
        const open = openValue === item.value;
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.value} className="border-b border-border" data-state={open ? "open" : "closed"}>
            <Heading className="flex">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenValue(open ? null : item.value)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="flex flex-1 items-center justify-between gap-4 py-4 text-left font-semibold transition-colors hover:text-primary"
              >
                {item.trigger}
                <ChevronDown
                  aria-hidden="true"
                  className={cn(
                    "size-5 shrink-0 text-muted-foreground transition-transform duration-200",
                    open && "rotate-180",
                  )}
                />
              </button>
            </Heading>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className="pb-4 leading-relaxed text-muted-foreground"
            >
              {item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
