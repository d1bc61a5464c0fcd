import { LogOut } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { AdminContext } from "./admin-view";
import { viewsFor } from "./admin-views";
import { SecurityPanel } from "./security/account-security";

export interface AdminScreenProps extends AdminContext {
  onSignOut: () => void;
}

/** The page's container and its header: the title, then the header's buttons ("Sair" last). */
function AdminFrame({
  title,
  actions,
  className,
  children,
}: {
  title: string;
  actions: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-6 py-12 lg:py-16">
      <div className={className}>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** The blog administration of docs/product.md §2 plus the leads ("Mensagens", docs/product.md). */
export function AdminScreen({ onSignOut, ...context }: AdminScreenProps) {
  const signOut = (
    <Button variant="outline" onClick={onSignOut}>
      <LogOut aria-hidden="true" />
      {context.copy.signOut}
    </Button>
  );
  if (context.mustEnrol) {
    return (
      <AdminFrame
        title={context.copy.title}
        actions={signOut}
        className="mb-8 flex flex-wrap items-center justify-between gap-4"
      >
        <SecurityPanel {...context} />
      </AdminFrame>
    );
  }
  return <AdminWorkspace context={context} signOut={signOut} />;
}

/** The views of ./admin-views.ts as tabs: each its tab, its panel and what it adds around them. */
function AdminWorkspace({ context, signOut }: { context: AdminContext; signOut: ReactNode }) {
  const { copy } = context;
  const adminViews = viewsFor(context.role);
  const [tab, setTab] = useState<string>(adminViews[0]?.id ?? "");
  const screen = (
    <AdminFrame
      title={copy.title}
      className="flex flex-wrap items-center justify-between gap-4"
      actions={
        <div className="flex gap-2">
          {adminViews.map(({ id, HeaderAction }) => (HeaderAction ? <HeaderAction key={id} {...context} /> : null))}
          {signOut}
        </div>
      }
    >
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabsList aria-label={copy.tabs.label}>
          {adminViews.map(({ id, Badge }) => (
            <TabsTrigger key={id} value={id}>
              {copy.tabs[id]}
              {Badge ? <Badge {...context} /> : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {adminViews.map(({ id, Panel, keepMounted }) => (
          <TabsContent key={id} value={id} active={tab === id}>
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
