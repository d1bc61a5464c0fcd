import { Check } from "lucide-react";
import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { FeatureTab } from "~/content/features";

/**
 * The four feature tabs of /recursos. Automatic activation: focusing a tab (arrow keys,
 * Home/End) selects it, as docs/product.md asks; every panel is in the HTML.
 */
export function FeatureTabs({ label, defaultTab, items }: { label: string; defaultTab: string; items: FeatureTab[] }) {
  const [active, setActive] = useState(defaultTab);
  return (
    <section aria-label={label} className="px-4 py-16 sm:px-6 lg:px-8">
      <Tabs value={active} onValueChange={setActive} activationMode="automatic" className="mx-auto max-w-6xl">
        <div className="flex justify-center">
          <TabsList aria-label={label}>
            {items.map((tab) => (
              <TabsTrigger key={tab.id} value={tab.id}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {items.map((tab) => (
          <TabsContent key={tab.id} value={tab.id} active={active === tab.id} className="mt-10">
            <div className="mx-auto max-w-3xl text-center">
              <h2 className="text-3xl font-bold tracking-tight">{tab.title}</h2>
              <p className="mt-3 text-lg text-muted-foreground">{tab.description}</p>
            </div>
            <ul className="mt-10 grid gap-6 md:grid-cols-2">
              {tab.cards.map((card) => (
                <li key={card.title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
                  <h3 className="text-lg font-bold">{card.title}</h3>
                  <p className="mt-2 text-muted-foreground">{card.description}</p>
                  <ul className="mt-4 space-y-2">
                    {card.benefits.map((benefit) => (
                      <li key={benefit} className="flex items-start gap-2 text-sm">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                        <span>{benefit}</span>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
