import { Download } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { downloadCsv } from "./csv";

export interface TableSectionProps {
  title: string;
  /** The CSV file's name. */
  fileName: string;
  /** The CSV's header and rows: what the table shows, as text. */
  header: string[];
  rows: string[][];
  copy: typeof AdminCopy.analytics;
  children: ReactNode;
}

/** One of "Análises"' tables: its heading, the button that exports it as CSV, and the table. */
export function TableSection({ title, fileName, header, rows, copy, children }: TableSectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          {title}
        </h3>
        <Button
          variant="outline"
          size="sm"
          disabled={rows.length === 0}
          aria-label={copy.exportLabel(title)}
          onClick={() => downloadCsv(fileName, header, rows)}
        >
          <Download aria-hidden="true" />
          {copy.exportCsv}
        </Button>
      </div>
      {children}
    </section>
  );
}
