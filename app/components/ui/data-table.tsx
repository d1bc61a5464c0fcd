import type { ReactNode } from "react";

/**
 * A table of records with a caption for screen readers and one header row of column names; the
 * rows come as children (`<tr>` with `<td className={cellClass}>`). It scrolls sideways on narrow
 * screens instead of squeezing its columns.
 */
export function DataTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={`${cellClass} font-medium`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "p-3";
