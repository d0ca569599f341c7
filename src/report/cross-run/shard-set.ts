// A sharded run merges only as a complete set: each shard i of n exactly once. Without this,
// a CI job whose third machine failed to upload its report would merge two shards into a PASS.
import { ConfigError } from '../../common/vocabulary.js';
import type { ConformanceReport } from '../model/model.js';

const name = (shard: { index: number; count: number }) => `shard ${shard.index} of ${shard.count}`;

/** Throws (exit 2) naming the missing and duplicated shards; reports without a shard are whole runs. */
export function checkShardSet(reports: { file: string; report: ConformanceReport }[]): void {
  const sharded = reports.filter((r) => r.report.shard);
  if (!sharded.length) return;
  const whole = reports.find((r) => !r.report.shard);
  if (whole) throw new ConfigError(`merge: ${whole.file} is a whole run (no --shard), ${sharded[0].file} is ${name(sharded[0].report.shard!)}`);
  const count = sharded[0].report.shard!.count;
  const other = sharded.find((r) => r.report.shard!.count !== count);
  if (other)
    throw new ConfigError(`merge: ${sharded[0].file} is ${name(sharded[0].report.shard!)}, ${other.file} is ${name(other.report.shard!)}: not one split`);
  const files = new Map<number, string[]>();
  for (const { file, report } of sharded) files.set(report.shard!.index, [...(files.get(report.shard!.index) ?? []), file]);
  const problems: string[] = [];
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !files.has(i));
  if (missing.length) problems.push(`${missing.length > 1 ? 'shards' : 'shard'} ${missing.join(', ')} of ${count} missing`);
  for (const [index, list] of [...files].sort(([a], [b]) => a - b)) {
    if (list.length > 1) problems.push(`shard ${index} of ${count} given ${list.length} times (${list.join(', ')})`);
  }
  if (problems.length) throw new ConfigError(`merge: not one complete set of shards: ${problems.join('; ')}`);
}
