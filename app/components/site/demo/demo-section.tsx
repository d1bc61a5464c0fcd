import type { ReactNode } from "react";

/** The anchor every "request demo" action targets (docs/product.md §2: "#demo"). */
export const DEMO_SECTION_ID = "demo";

/**
 * The "Solicitar demonstração" section that ends every page of the shell: the frame; the layout
 * puts the form inside (app/routes/site/layout.tsx).
 */
export function DemoSection({ children }: { children: ReactNode }) {
  return (
    <section
      id={DEMO_SECTION_ID}
      aria-labelledby={`${DEMO_SECTION_ID}-titulo`}
      className="render-when-visible scroll-mt-20 border-t border-border bg-accent px-4 py-16 sm:px-6 lg:px-8"
    >
      <div className="mx-auto max-w-3xl">{children}</div>
    </section>
  );
}
