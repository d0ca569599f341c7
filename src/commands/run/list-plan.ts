// --list: the plan of a run (every case: run, or skip and why) and every write request it would
// make (fixtures, cases, cleanups, and the preflight's event queue), without sending anything.
// Values captured at run time are shown as <name>.
import { basename } from 'node:path';
import type { Config } from '../../config/config.js';
import { decide } from '../../engine/run/plan.js';
import { planInputFor } from './plan-input.js';
import { previewPlaceholder } from '../../engine/run/interpolate.js';
import { encodeParam } from '../../http/encode.js';
import type { Suite } from '../../engine/load/load.js';
import { roleOf, type MadeAccount, type SettingNeed, type Step } from '../../engine/load/types.js';
import { describeNeed, needAt } from '../../engine/run/setting-needs.js';
import type { Params } from '../../http/encode.js';
import { propertyFiles } from '../../property/files.js';
import type { Output } from '../shared/output.js';

const shorten = (text: string) => (text.length > 120 ? `${text.slice(0, 100)}...(${text.length} chars)` : text);

/** "${run.id}" -> "<run.id>"; ${repeat('x', 3)} is computed, it needs nothing from the target. */
export function placeholders<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\$\{([^}]+)\}/g, (_, expr: string) => previewPlaceholder(expr)) as T;
  if (Array.isArray(value)) return value.map(placeholders) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, placeholders(v)])) as T;
  return value;
}

/** The steps' write requests; in `fixtures`, an optional step says what its failure skips. */
function writes(steps: Step[] | undefined, indent: string, fixtures = false): string[] {
  return (steps ?? [])
    .filter((s) => s.request.method.toUpperCase() !== 'GET')
    .map((s) => {
      const params = Object.entries(placeholders<Params>(s.request.params ?? {}))
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${shorten(encodeParam(v!))}`);
      const caller = roleOf(s) ?? `${placeholders((s.as as MadeAccount).email)} (an account the run made)`;
      const who = s.request.auth === 'none' ? 'without credentials' : `as ${caller}${s.request.auth === 'bad' ? ' with a wrong API key' : ''}`;
      // An optional fixture the target cannot make skips the cases that need it, no more.
      const optional = fixtures && s.optional ? ' (optional: where it fails, the cases needing it are skipped)' : '';
      return `${indent}write: ${s.request.method.toUpperCase()} ${placeholders(s.request.path)} ${who}${params.length ? `: ${params.join(' ')}` : ''}${optional}`;
    });
}

export function listPlan(config: Config, suite: Suite, io: Output): number {
  // The embedded reference server has every role and its seeded realm: the plan says so.
  const input = planInputFor(config);
  const roles = [...input.configuredRoles];
  const level = input.featureLevel;
  const lines: string[] = [];
  let run = 0;
  let conditional = 0;
  let skipped = 0;
  let writeCount = 0;
  for (const spec of suite.specs) {
    const decided = spec.cases.map((c) => ({ c, d: decide(spec, c, input) })).filter(({ d }) => !('omit' in d));
    if (!decided.length) continue;
    const anyRuns = decided.some(({ d }) => d.run);
    const block = [`${spec.operation} (${spec.file}${scheduling(spec)})`];
    if (anyRuns && spec.fixtures?.length) block.push('  fixtures:', ...writes(spec.fixtures, '    ', true));
    for (const { c, d } of decided) {
      if (d.run) {
        run += 1;
        // What the case assumes of the target is read first: where it does not hold, it is skipped.
        const conditions = (c.assume ?? []).map((step, i) => step.note ?? `assumption ${i + 1}`);
        if (conditions.length) conditional += 1;
        block.push(
          `  run   ${c.id}: ${c.title}${conditions.length ? ` (if ${conditions.join('; and ')}: else skipped)` : ''}`,
          ...needsOf(c.settingNeeds, level, '        '),
          ...writes(c.steps, '        '),
          ...writes(c.cleanup, '        '),
        );
      } else {
        skipped += 1;
        block.push(`  skip  ${c.id}: ${'skip' in d ? d.skip : ''}`);
      }
    }
    if (anyRuns && spec.cleanup?.length) block.push('  cleanup:', ...writes(spec.cleanup, '    '));
    writeCount += block.filter((l) => l.trimStart().startsWith('write:')).length;
    lines.push(...block);
  }
  const target = config.targetUrl ?? 'the embedded reference server (no target configured)';
  const levelNote = config.featureLevel === null ? ` (assumed: --list sends nothing, so the target's level is not probed)` : '';
  io.out(
    `Plan for ${target}: profile ${config.profile}, feature level ${level}${levelNote}${config.shard ? `, shard ${config.shard.index}/${config.shard.count}` : ''}`,
  );
  io.out('preflight (reads, then one event queue for the limits the cases use):');
  io.out(`  write: POST /register as ${roles[0] ?? 'member'}: fetch_event_types=["realm"] event_types=["message"]`);
  io.out(`  write: DELETE /events as ${roles[0] ?? 'member'}: queue_id=<queue_id>`);
  for (const line of lines) io.out(line);
  const properties = propertyFiles().map((file) => basename(file));
  if (properties.length)
    io.out(`properties/: ${properties.length} property files also run (${properties.join(', ')}); their requests are generated at run time`);
  const ifs = conditional ? ` (${conditional} only if the target holds what they assume)` : '';
  io.out(`${run} cases would run${ifs}, ${skipped} would be skipped; ${writeCount + 2} write requests (non-GET), nothing sent`);
  return 0;
}

/**
 * The organisation settings a case needs at the level judged: read before it; where one differs,
 * an administrator's PATCH /realm sets it (shared with the other cases needing it) and puts it back.
 */
function needsOf(needs: SettingNeed[] | undefined, level: number, indent: string): string[] {
  const atLevel = (needs ?? []).flatMap((n) => needAt(n, level) ?? []);
  if (!atLevel.length) return [];
  const what = atLevel.map((n) => `${n.setting} ${describeNeed(n)}`).join(', ');
  return [`${indent}needs: ${what} (read first; where one differs, set by an administrator with PATCH /realm and put back after)`];
}

/** How the file's cases are scheduled, as the plan shows it. */
function scheduling(spec: Suite['specs'][number]): string {
  const parts = [
    ...(spec.exclusive === true ? ['exclusive'] : spec.exclusive ? [`exclusive, group ${spec.exclusive}`] : []),
    ...(typeof spec.serial === 'string' ? [`serial ${spec.serial}`] : spec.serial ? ['serial'] : []),
    ...(spec.lock ? [`lock ${spec.lock}`] : []),
    ...(spec.fixturesAge ? [`cases start once the fixtures are ${spec.fixturesAge} s old`] : []),
  ];
  return parts.length ? `, ${parts.join(', ')}` : '';
}
