import { useEffect, useId, useState } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { OptionSelect } from "~/components/ui/native-select";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { AttributionOptions, MessageFilters } from "~/lib/admin/leads";

/** A select of the bar: which filter, its id, its label and its options (value → label). */
type Choice = [keyof MessageFilters, string, string, Record<string, string>];

/** Narrows the inbox by status and subject; the database does the filtering, page by page. */
export function MessageFilterBar({
  filters,
  copy,
  attribution,
  onChange,
}: {
  filters: MessageFilters;
  copy: typeof AdminCopy.messages;
  /** The sources and campaigns leads came from; their filters show once there are any. */
  attribution?: AttributionOptions;
  onChange: (key: keyof MessageFilters, value: string) => void;
}) {
  const statusId = useId();
  const subjectId = useId();
  const sourceId = useId();
  const campaignId = useId();
  const searchId = useId();
  // The search runs once typing pauses, not on every key.
  const [search, setSearch] = useState(filters.search ?? "");
  useEffect(() => {
    if (search === (filters.search ?? "")) return;
    const timer = setTimeout(() => onChange("search", search), 300);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);
  // What leads came from, plus a filter chosen before its last lead was deleted.
  const offered = (key: "source" | "campaign", values: string[] = []) =>
    Object.fromEntries([...new Set([...values, filters[key] ?? ""])].filter(Boolean).map((value) => [value, value]));
  const sources = offered("source", attribution?.sources);
  const campaigns = offered("campaign", attribution?.campaigns);
  const choices: Choice[] = [
    ["status", statusId, copy.filters.status, copy.statuses],
    ["subject", subjectId, copy.filters.subject, copy.subjects],
  ];
  if (Object.keys(sources).length > 0) choices.push(["source", sourceId, copy.filters.source, sources]);
  if (Object.keys(campaigns).length > 0) choices.push(["campaign", campaignId, copy.filters.campaign, campaigns]);
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="sr-only">{copy.filters.label}</legend>
      {choices.map(([key, id, label, options]) => (
        <div key={key} className="flex flex-col gap-1">
          <Label htmlFor={id}>{label}</Label>
          <OptionSelect
            id={id}
            value={filters[key] ?? ""}
            onChange={(event) => onChange(key, event.target.value)}
            options={Object.keys(options)}
            labels={options}
            emptyLabel={copy.filters.all}
          />
        </div>
      ))}
      <div className="flex flex-col gap-1">
        <Label htmlFor={searchId}>{copy.filters.search}</Label>
        <Input
          id={searchId}
          type="search"
          placeholder={copy.filters.searchHint}
          maxLength={200}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="w-64"
        />
      </div>
    </fieldset>
  );
}
