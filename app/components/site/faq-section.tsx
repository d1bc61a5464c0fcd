import { Accordion } from "~/components/ui/accordion";
import type { FaqItem } from "~/content/types";
import { Section } from "./section";

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
    <Section id={id} title={title} subtitle={subtitle} space="roomy">
      <Accordion
        className="mx-auto mt-10 max-w-3xl"
        name={id}
        items={items.map((item, index) => ({ value: `item-${index}`, trigger: item.question, content: item.answer }))}
      />
    </Section>
  );
}
