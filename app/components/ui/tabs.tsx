import { Tabs as TabsPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

// Radix gives the WAI-ARIA tabs pattern: tablist/tab/tabpanel roles, aria-selected,
// aria-controls, roving focus with wrap-around arrows and Home/End, Enter/Space.

export const Tabs = TabsPrimitive.Root;

/**
 * The row of tabs: centred and wrapping onto more rows when they do not fit, or (`scroll`) one
 * row from the start that its container scrolls sideways, for many tabs on a phone.
 */
export function TabsList({
  className,
  scroll,
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & { scroll?: boolean }) {
  return (
    <TabsPrimitive.List
      className={cn(
        "inline-flex items-center gap-1 rounded-xl bg-muted p-1",
        scroll ? "flex-nowrap" : "flex-wrap justify-center",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-primary data-[state=active]:shadow-sm [&_svg]:size-4",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A panel that is always in the HTML (search engines and no-JS readers get every tab's
 * text); the inactive ones are hidden with the `hidden` attribute, which also removes them
 * from the accessibility tree.
 */
export function TabsContent({
  className,
  active,
  ...props
}: ComponentProps<typeof TabsPrimitive.Content> & { active: boolean }) {
  return (
    <TabsPrimitive.Content
      forceMount
      hidden={!active}
      className={cn(
        "rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring",
        className,
      )}
      {...props}
    />
  );
}
