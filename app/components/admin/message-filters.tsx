import { useId } from "react";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { MessageFilters } from "~/lib/admin-data";

/** Narrows the inbox by status and subject; the database does the filtering, page by page. */
export function MessageFilterBar({
  filters,
  copy,
  onChange,
}: {
  filters: MessageFilters;
  copy: typeof AdminCopy.messages;
  onChange: (key: keyof MessageFilters, value: string) => void;
}) {
  const statusId = useId();
  const subjectId = useId();
  const choices: [keyof MessageFilters, string, string, Record<string, string>][] = [
    ["status", statusId, copy.filters.status, copy.statuses],
    ["subject", subjectId, copy.filters.subject, copy.subjects],
  ];
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="sr-only">{copy.filters.label}</legend>
      {choices.map(([key, id, label, options]) => (
        <div key={key} className="flex flex-col gap-1">
          <Label htmlFor={id}>{label}</Label>
          <NativeSelect id={id} value={filters[key] ?? ""} onChange={(event) => onChange(key, event.target.value)}>
            <option value="">{copy.filters.all}</option>
            {Object.entries(options).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </NativeSelect>
        </div>
      ))}
    </fieldset>
  );
}
