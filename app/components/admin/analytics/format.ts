import type { adminCopy as AdminCopy } from "~/content/admin";
import type { Dimension } from "~/lib/admin/analytics";

// Numbers as the dashboard shows them, in pt-BR.

const whole = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat("pt-BR", {
  style: "percent",
  maximumFractionDigits: 0,
  signDisplay: "exceptZero",
});

export const formatCount = (value: number) => whole.format(value);
export const formatDecimal = (value: number) => oneDecimal.format(value);
export const formatPercent = (value: number) => percent.format(value);
export const formatChange = (value: number) => signedPercent.format(value);

/** Web Vitals: LCP and INP in milliseconds (seconds from one second), CLS unitless. */
export function formatVital(metric: "lcp" | "inp" | "cls", value: number): string {
  if (metric === "cls") return new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 }).format(value);
  return value >= 1000 ? `${oneDecimal.format(value / 1000)} s` : `${whole.format(value)} ms`;
}

/** A row's value as people read it: channel and device names, "(nenhum)" for none. */
export function dimensionLabel(dimension: Dimension, value: string, copy: typeof AdminCopy.analytics): string {
  if (dimension === "channel") return copy.channels[value] ?? value;
  if (dimension === "device") return copy.devices[value] ?? (value || copy.unknown);
  if (value === "") return dimension === "browser" || dimension === "os" ? copy.unknown : copy.none;
  return value;
}
