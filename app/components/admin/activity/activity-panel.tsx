import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { HiddenHeading } from "~/components/ui/hidden-heading";
import { Label } from "~/components/ui/label";
import { OptionSelect } from "~/components/ui/native-select";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { listActivity, type AuditEntry } from "~/lib/admin/activity";
import { adminKeys } from "~/lib/admin/keys";
import { formatShortDateTime } from "~/lib/format";
import type { AdminPanelProps } from "../admin-view";

type Copy = (typeof AdminCopy)["activity"];
type FieldLabels = Record<string, { label: string }>;

/**
 * What the entry was about, in a few words: a post's title, a lead's status change, a colleague,
 * the settings fields changed.
 */
function describeTarget(entry: AuditEntry, copy: Copy, settingsFields: FieldLabels): string {
  const details = entry.details as Record<string, unknown>;
  if (entry.action === "settings.updated" && Array.isArray(details["fields"])) {
    return details["fields"].map((field) => settingsFields[String(field)]?.label ?? String(field)).join(", ");
  }
  if (entry.action === "lead.status_changed" && typeof details["to"] === "string") {
    return `${String(details["from"] ?? "")} → ${details["to"]}`;
  }
  if (entry.action === "member.invited" && typeof details["email"] === "string") return details["email"];
  if (entry.action === "lead.exported") {
    const filters = Object.entries(details).map(([key, value]) => `${key}: ${String(value)}`);
    return filters.join(", ");
  }
  return entry.target ?? copy.system;
}

/**
 * "Atividade": the audit log, newest first, filtered by action. Read-only by construction: the
 * table takes no update or delete from anyone (supabase/migrations/20260101001200_admin_security.sql).
 */
export function ActivityPanel({ client, copy: { activity: copy, settings } }: AdminPanelProps) {
  const id = useId();
  const [action, setAction] = useState("");
  const [pages, setPages] = useState(1);
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
        <DataTable caption={copy.label} columns={[copy.when, copy.who, copy.what, copy.address]}>
          {activity.data.entries.map((entry) => (
            <tr key={entry.id} className="border-t border-border align-top">
              <td className="p-3 whitespace-nowrap">{formatShortDateTime(entry.at)}</td>
              <td className="p-3 break-all">{entry.actor_email ?? copy.system}</td>
              <td className="p-3">
                <span className="font-medium">{copy.actions[entry.action] ?? entry.action}</span>
                <span className="block text-muted-foreground break-all">
                  {describeTarget(entry, copy, settings.fields)}
                </span>
              </td>
              <td className="p-3 font-mono text-xs">{entry.ip ?? "—"}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {activity.data?.more ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={activity.isFetching}
          onClick={() => setPages(pages + 1)}
        >
          {copy.more}
        </Button>
      ) : null}
    </section>
  );
}
