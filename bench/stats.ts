// Small statistics for the benchmark: figures are reported as min/median/max and ratios
// within one run, never compared with fixed times.
export function summary(values: number[]): { min: number; median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0], median, max: sorted.at(-1)! };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** A figure with its spread; a ratio (no unit) gets two decimals, since 0.45 and 0.54 differ. */
export function line(label: string, s: { min: number; median: number; max: number }, unit: string): string {
  const digits = unit === '' ? 2 : 1;
  return `${label.padEnd(52)} median ${fmt(s.median, digits)} ${unit} (min ${fmt(s.min, digits)}, max ${fmt(s.max, digits)})`.replace(/ {2}\(/, ' (');
}
