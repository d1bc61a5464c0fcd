import { Accordion } from "~/components/ui/accordion";
import type { FaqItem } from "~/content/types";
import { SectionHeading } from "./section-heading";

/**
 * FAQ accordion (home, pricing, help): one item open at a time, and the open one can be closed;
 * native `<details>`, so it works on pages that load no JavaScript.
 */
export function FaqSection({
  id,
  title,
  subtitle,
  items,
}: {
  id: string;
  title: string;
  subtitle?: string;
  items: FaqItem[];
}) {
  return (
    <section aria-labelledby={id} className="px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id={id} title={title} subtitle={subtitle} />
      <Accordion
        className="mx-auto mt-10 max-w-3xl"
        name={id}
        items={items.map((item, index) => ({ value: `item-${index}`, trigger: item.question, content: item.answer }))}
      />
    </section>
  );
}
