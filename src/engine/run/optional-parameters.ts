// The optional kind's check: a step whose expectation shows the request accepted (success, or an
// error code other than BAD_REQUEST) enforces that every optional parameter it leaves out is
// optional. When such a step is refused, its failure also names the optional clauses of what it
// left out: a server that requires one of them breaks that clause.
// specs/ has a success case leaving out every optional parameter (tests/unit/statement-kinds.test.ts).
import type { OptionalCheck } from '../load/statement-kinds.js';
import type { Judged } from '../judge/judge.js';

/** The optional checks whose parameters the request leaves out, with the names left out. */
export function leftOut(checks: readonly OptionalCheck[], sent: Readonly<Record<string, unknown>>): { clause: string; names: string[] }[] {
  return checks.map((c) => ({ clause: c.clause, names: c.parameters.filter((name) => sent[name] === undefined) })).filter((c) => c.names.length > 0);
}

/** The failure of a refused step that expected acceptance (its `result` or `code` check) names the optional clauses of what it left out too. */
export function withOptionalClauses(judged: Judged[], omitted: readonly { clause: string; names: string[] }[], check: 'result' | 'code'): Judged[] {
  if (!omitted.length) return judged;
  return judged.map((f) => {
    // A zulip-profile expectation rests on facts: what the document makes optional is not its question.
    if (f.check !== check || f.profile === 'zulip') return f;
    const clauses = [...new Set([...f.clauses, ...omitted.map((o) => o.clause)])];
    const names = [...new Set(omitted.flatMap((o) => o.names))];
    const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    return { ...f, clause: clauses[0], clauses, message: `${f.message}; or the server requires a parameter the document makes optional (left out: ${shown})` };
  });
}
