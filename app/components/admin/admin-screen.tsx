import { LogOut } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useSite } from "~/lib/site-context";
import type { AdminContext } from "./admin-view";
import { viewsFor } from "./admin-views";
import { SecurityPanel } from "./security/account-security";

export interface AdminScreenProps extends AdminContext {
  onSignOut: () => void;
}

const MAIN_ID = "admin-conteudo";

/**
 * The admin's compact bar: the site's name (a link to the public site), the signed-in e-mail and
 * "Sair". It replaces the marketing header: nothing of the public site's chrome shows here.
 */
function AdminBar({ email, copy, onSignOut }: { email: string; copy: AdminContext["copy"]; onSignOut: () => void }) {
  const { settings } = useSite();
  return (
    <header aria-label={copy.bar.label} className="border-b border-border bg-background">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
        {/* A document navigation, not the app's router: the public site is plain pages. */}
        <a
          href="/"
          aria-label={copy.bar.siteLink(settings.trade_name)}
          className="shrink-0 rounded-md text-lg font-bold tracking-tight hover:text-primary focus-visible:outline-2 focus-visible:outline-ring"
        >
          {settings.trade_name}
        </a>
        <div className="flex min-w-0 items-center gap-3">
          <span className="min-w-0 truncate text-sm text-muted-foreground" title={email}>
            <span className="sr-only">{copy.bar.signedInAs} </span>
            {email}
          </span>
          <Button variant="outline" size="sm" className="shrink-0" onClick={onSignOut}>
            <LogOut aria-hidden="true" />
            {copy.signOut}
          </Button>
        </div>
      </div>
    </header>
  );
}

/** The page: the skip link, the bar, then the title (with the views' header buttons) and the content. */
function AdminFrame({
  context,
  onSignOut,
  actions,
  children,
}: {
  context: AdminContext;
  onSignOut: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { copy, session } = context;
  return (
    <>
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {copy.bar.skipToContent}
      </a>
      <AdminBar email={session.user.email ?? ""} copy={copy} onSignOut={onSignOut} />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none sm:px-6 lg:py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{copy.title}</h1>
          {actions}
        </div>
        {children}
      </main>
    </>
  );
}

/** The blog administration of docs/product.md §2 plus the leads ("Mensagens", docs/product.md). */
export function AdminScreen({ onSignOut, ...context }: AdminScreenProps) {
  if (context.mustEnrol) {
    return (
      <AdminFrame context={context} onSignOut={onSignOut}>
        <div className="mt-6">
          <SecurityPanel {...context} />
        </div>
      </AdminFrame>
    );
  }
  return <AdminWorkspace context={context} onSignOut={onSignOut} />;
}

/**
 * The views of ./admin-views.ts as tabs: each its tab, its panel and what it adds around them.
 * The tabs are one row that scrolls sideways on a narrow screen instead of wrapping.
 */
function AdminWorkspace({ context, onSignOut }: { context: AdminContext; onSignOut: () => void }) {
  const { copy } = context;
  const adminViews = viewsFor(context.role);
  const [picked, setTab] = useState<string>(adminViews[0]?.id ?? "");
  // The role changed while the screen was open (Equipe, or a re-read on coming back to the tab)
  // and no longer allows the open view: the first one it allows instead.
  const tab = adminViews.some(({ id }) => id === picked) ? picked : (adminViews[0]?.id ?? "");
  if (tab !== picked) setTab(tab);
  const tabList = useRef<HTMLDivElement>(null);
  const shown = useRef(tab);
  useEffect(() => {
    if (shown.current === tab) return;
    shown.current = tab;
    // A view that went with the focus inside it: the focus goes onto the tab now open, not
    // back to the page's start. (A tab picked by hand already has it.)
    if (document.activeElement === null || document.activeElement === document.body) {
      tabList.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    }
  }, [tab]);
  const headerActions = adminViews.flatMap(({ id, HeaderAction }) =>
    HeaderAction ? [<HeaderAction key={id} {...context} />] : [],
  );
  const screen = (
    <AdminFrame
      context={context}
      onSignOut={onSignOut}
      actions={headerActions.length > 0 ? <div className="flex gap-2">{headerActions}</div> : null}
    >
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList ref={tabList} aria-label={copy.tabs.label} scroll>
            {adminViews.map(({ id, Badge }) => (
              <TabsTrigger key={id} value={id} className="shrink-0 whitespace-nowrap">
                {copy.tabs[id]}
                {Badge ? <Badge {...context} /> : null}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {adminViews.map(({ id, Panel, keepMounted }) => (
          <TabsContent key={id} value={id} active={tab === id} className="mt-6">
            {keepMounted || tab === id ? <Panel {...context} active={tab === id} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </AdminFrame>
  );
  return adminViews.reduceRight<ReactNode>(
    (children, { id, Provider }) =>
      Provider ? (
        <Provider key={id} {...context}>
          {children}
        </Provider>
      ) : (
        children
      ),
    screen,
  );
}
