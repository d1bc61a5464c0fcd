import type { FeatureTab } from "~/content/features";
import { CheckList } from "../check-list";

const tabId = (id: string) => `aba-${id}`;
const panelId = (id: string) => `painel-${id}`;

/**
 * The four feature tabs of /recursos (docs/product.md §2 "Features"), server-rendered with the
 * full WAI-ARIA tabs markup and no React state (docs/decisions/050-native-html-widgets.md):
 * the default tab is selected in the HTML, every panel's text is in the HTML and the others
 * carry `hidden`, so the layout the server sends is already the final one. app/enhance/tabs.ts
 * adds click, focus and keyboard selection. Without JavaScript, app/app.css
 * (`@media (scripting: none)`) hides the tablist and shows every panel, one after another.
 */
export function FeatureTabs({ label, defaultTab, items }: { label: string; defaultTab: string; items: FeatureTab[] }) {
  return (
    <section aria-label={label} className="px-4 py-16 sm:px-6 lg:px-8">
      <div data-tabs="" className="mx-auto max-w-6xl">
        <div className="tabs-bar flex justify-center">
          <div
            role="tablist"
            aria-label={label}
            className="inline-flex flex-wrap items-center justify-center gap-1 rounded-xl bg-muted p-1"
          >
            {items.map((tab) => {
              const selected = tab.id === defaultTab;
              return (
                <button
                  key={tab.id}
                  type="button"
                  role="tab"
                  id={tabId(tab.id)}
                  aria-selected={selected}
                  aria-controls={panelId(tab.id)}
                  // Roving tabindex: Tab reaches only the selected tab; the arrows move between them.
                  tabIndex={selected ? 0 : -1}
                  className="inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-selected:bg-background aria-selected:text-primary aria-selected:shadow-sm"
                >
                  {tab.label}
                </button>
              );
            })}
          </div>
        </div>
        {items.map((tab) => (
          <div
            key={tab.id}
            role="tabpanel"
            id={panelId(tab.id)}
            aria-labelledby={tabId(tab.id)}
            tabIndex={0}
            hidden={tab.id !== defaultTab}
            className="tab-panel mt-10 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
          >
            <div className="mx-auto max-w-3xl text-center">
              <h2 className="text-3xl font-bold tracking-tight">{tab.title}</h2>
              <p className="mt-3 text-lg text-muted-foreground">{tab.description}</p>
            </div>
            <ul className="mt-10 grid gap-6 md:grid-cols-2">
              {tab.cards.map((card) => (
                <li key={card.title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
                  <h3 className="text-lg font-bold">{card.title}</h3>
                  <p className="mt-2 text-muted-foreground">{card.description}</p>
                  <CheckList items={card.benefits} className="mt-4" />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
