import { useId } from "react";
import { NativeDialog, NativeDialogTrigger } from "~/components/ui/native-dialog";
import type { Integration, IntegrationCategory } from "~/content/integrations";
import { Monogram } from "../monogram";

export interface IntegrationUi {
  learnMore: string;
  learnMoreLabel: (name: string) => string;
  connectsTitle: string;
  syncsTitle: string;
  howToStartTitle: string;
  close: string;
}

function IntegrationCard({ item, ui }: { item: Integration; ui: IntegrationUi }) {
  const dialogId = useId();
  return (
    <li className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <Monogram initials={item.initials} size="md" />
        <h3 className="text-lg font-bold">{item.name}</h3>
      </div>
      <p className="mt-3 flex-1 text-muted-foreground">{item.summary}</p>
      {/* Native <dialog> opened by an invoker command: works on /integracoes without JavaScript. */}
      <NativeDialogTrigger
        dialogId={dialogId}
        variant="outline"
        className="mt-5 self-start"
        aria-label={ui.learnMoreLabel(item.name)}
      >
        {ui.learnMore}
      </NativeDialogTrigger>
      <NativeDialog id={dialogId} title={item.name} description={item.summary} closeLabel={ui.close}>
        <h3 className="mt-5 font-semibold">{ui.connectsTitle}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{item.details.connects}</p>
        <h3 className="mt-5 font-semibold">{ui.syncsTitle}</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {item.details.syncs.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h3 className="mt-5 font-semibold">{ui.howToStartTitle}</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          {item.details.howToStart.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </NativeDialog>
    </li>
  );
}

export function IntegrationCategories({ categories, ui }: { categories: IntegrationCategory[]; ui: IntegrationUi }) {
  return (
    <div className="mx-auto max-w-6xl space-y-16 px-4 py-16 sm:px-6 lg:px-8">
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`categoria-${category.id}`}>
          <h2 id={`categoria-${category.id}`} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {category.title}
          </h2>
          <p className="mt-2 text-muted-foreground">{category.description}</p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {category.items.map((item) => (
              <IntegrationCard key={item.name} item={item} ui={ui} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
