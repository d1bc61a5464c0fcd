import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { fieldClass } from "./input";

/** A styled native <select>: the platform's own picker is the most accessible one on phones. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(fieldClass, "h-10 appearance-auto", className)} {...props} />;
}

/**
 * A select of a fixed list of values, each shown by its label. With `emptyLabel`, a first empty
 * choice comes before them (the placeholder of a form field, or "all" of a filter); without it,
 * one of the values is always chosen.
 */
export function OptionSelect<T extends string>({
  options,
  labels,
  emptyLabel,
  ...props
}: ComponentProps<"select"> & { options: readonly T[]; labels: Record<T, string>; emptyLabel?: string }) {
  return (
    <NativeSelect {...props}>
      {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
      {options.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </NativeSelect>
  );
}
