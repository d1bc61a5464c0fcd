/** The middle value (the upper middle of an even count); 0 for no values. Shared by the benchmarks. */
export function median(values: number[]): number {
  return values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}
