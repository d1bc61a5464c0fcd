import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { HiddenHeading } from "~/components/ui/hidden-heading";
import { Label } from "~/components/ui/label";
import { OptionSelect } from "~/components/ui/native-select";
import { useFocusAfterRemoval } from "~/components/ui/use-focus-after-removal";
import { ACTIVITY_PAGE_SIZE, activitySentence, listActivity } from "~/lib/admin/activity";
import { adminKeys } from "~/lib/admin/keys";
import { formatShortDateTime } from "~/lib/format";
import type { AdminPanelProps } from "../admin-view";

/**
 * "Atividade": the audit log, newest first, filtered by action, each entry a sentence naming who
 * and what, then its kind, time and address. Read-only by construction: the table takes no update
 * or delete from anyone (supabase/migrations/20260101001200_admin_security.sql).
 */
/**
 * "Carregar mais": busy while it loads, so the focus stays on it. The last page takes it away:
 * the focus then goes to the first entry that page brought, not to the page's top.
 */
function LoadMore(props: { label: string; busy: boolean; firstNew: () => HTMLElement | null; onClick: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusAfterRemoval(ref, props.firstNew);
  return (
    <Button ref={ref} variant="outline" className="self-start" busy={props.busy} onClick={props.onClick}>
      {props.label}
    </Button>
  );
}

export function ActivityPanel({ client, copy: { activity: copy, settings, messages } }: AdminPanelProps) {
  const labels = { statuses: messages.statuses, subjects: messages.subjects, settingsFields: settings.fields };
  const id = useId();
  const [action, setAction] = useState("");
  const [pages, setPages] = useState(1);
  const list = useRef<HTMLOListElement>(null);
  const activity = useQuery({
    queryKey: [...adminKeys.activity, action, pages],
    queryFn: () => listActivity(client, { action: action || undefined }, pages),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <HiddenHeading id={`${id}-title`}>{copy.label}</HiddenHeading>
      <div className="flex max-w-xs flex-col gap-2">
        <Label htmlFor={`${id}-action`}>{copy.filter}</Label>
        <OptionSelect
          id={`${id}-action`}
          value={action}
          onChange={(event) => {
            setAction(event.target.value);
            setPages(1);
          }}
          options={Object.keys(copy.actions)}
          labels={copy.actions}
          emptyLabel={copy.all}
        />
      </div>
      {activity.isPending ? (
        <output className="block">{copy.loading}</output>
      ) : activity.isError ? (
        <p role="alert">{copy.failed}</p>
      ) : activity.data.entries.length === 0 ? (
        <p>{copy.empty}</p>
      ) : (
        <ol ref={list} aria-label={copy.label} className="divide-y divide-border rounded-lg border border-border">
          {activity.data.entries.map((entry) => (
            <li key={entry.id} className="p-4">
              <p className="wrap-break-word">{activitySentence(entry, activity.data.names, copy, labels)}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {copy.actions[entry.action] ?? entry.action} · {formatShortDateTime(entry.at)}
                {entry.ip ? (
                  <>
                    {" · "}
                    <span className="sr-only">{copy.address}: </span>
                    <span className="font-mono text-xs">{entry.ip}</span>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      )}
      {activity.data?.more ? (
        <LoadMore
          label={copy.more}
          busy={activity.isFetching}
          firstNew={() => {
            const entry = list.current?.children[(pages - 1) * ACTIVITY_PAGE_SIZE];
            if (!(entry instanceof HTMLElement)) return null;
            entry.tabIndex = -1;
            return entry;
          }}
          onClick={() => setPages(pages + 1)}
        />
      ) : null}
    </section>
  );
}
