// A filter (--operation, --grep, --clause) that keeps no case would hand vitest nothing to run,
// and it answers "No test suite found" with exit 1, as if the server had failed. This checks the
// plan first: no case kept is a usage error (exit 2) that says which filter and suggests the
// closest operation, clause id or case id.
import { type Config } from '../../config/config.js';
import { ConfigError, PROFILES } from '../../common/vocabulary.js';
import { decide, type PlanInput } from '../../engine/run/plan.js';
import type { Suite } from '../../engine/load/load.js';
import { everyCase, type Planned } from './planned-cases.js';
import { closestName, didYouMean } from '../../common/suggest.js';
import { viaAction } from '../../common/audience.js';
import { filterText } from '../../report/model/verdict.js';

/** Whether the run is narrowed by --grep, --operation or --clause. */
export const filtered = (config: Config) => config.grep !== null || config.operations.length > 0 || config.clauses.length > 0;
const kept = (all: Planned[], input: PlanInput) => all.filter(({ spec, c }) => !('omit' in decide(spec, c, input)));

export async function checkFilterMatches(config: Config, suite: Suite, input: PlanInput): Promise<void> {
  if (!filtered(config)) return;
  const all = await everyCase(suite);
  if (kept(all, input).length) return;
  throw new ConfigError(
    `no case matched ${filterText({ operations: config.operations, grep: config.grep ?? undefined, clauses: config.clauses })}: ${why(config, suite, all, input)}`,
  );
}

/**
 * A --clause value no clause matches: a prefix matches whole dot-separated parts ("op20" and
 * "op20.include-all" keep op20.include-all, "op20.include" does not), so an id that merely begins
 * with the text is named, as the way to write it.
 */
function noClause(want: string, clauseIds: string[]): string {
  const head = `no clause id is "${want}" or starts with "${want}." (a prefix matches whole dot-separated parts)`;
  const longer = clauseIds.filter((id) => id.startsWith(want));
  if (!longer.length) return `${head}${didYouMean(want, clauseIds)}`;
  const shown = longer.slice(0, 3).join(', ');
  return `${head}; ${longer.length === 1 ? 'the clause' : `the ${longer.length} clauses`} whose id begins with the text: ${shown}${longer.length > 3 ? ', ...' : ''} (give the whole id)`;
}

/** The first filter that explains the empty plan, with a suggestion. */
function why(config: Config, suite: Suite, all: Planned[], input: PlanInput): string {
  const operations = [...new Set(all.map(({ spec }) => spec.operation))].sort();
  const unknownOp = config.operations.find((op) => !operations.includes(op));
  if (unknownOp !== undefined) return `no operation is "${unknownOp}"${didYouMean(unknownOp, operations)}`;
  const clauseIds = suite.clauses.map((cl) => cl.id);
  const unknownClause = config.clauses.find((want) => !clauseIds.some((id) => id === want || id.startsWith(`${want}.`)));
  if (unknownClause !== undefined) return noClause(unknownClause, clauseIds);
  if (config.grep !== null && !all.some(({ c }) => `${c.id} ${c.title}`.includes(config.grep!))) {
    const ids = all.map(({ c }) => c.id);
    const near = closestName(config.grep, ids, Math.max(2, Math.floor(config.grep.length / 4)));
    return `no case id or title contains "${config.grep}"${near ? ` (did you mean ${near}?)` : ''}`;
  }
  const other = PROFILES.find((p) => p !== input.profile && kept(all, { ...input, profile: p }).length);
  if (other) return `the matching cases belong to the ${other} profile (${viaAction() ? `set the input profile: ${other}` : `add --profile ${other}`})`;
  if (input.shard && kept(all, { ...input, shard: null }).length)
    return `the matching cases are in other shards than ${input.shard.index}/${input.shard.count}`;
  return 'the filters together leave no case (each matches some, but no case matches all of them)';
}
