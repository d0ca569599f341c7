// Mutants of the clauses about a set (specs/clauses.yaml `members`), one family per clause: each
// server of a family breaks one member alone (one setting's event, one parameter required, one
// value refused, one field dropped), so a case that checks one member and not the others lets
// the others' servers through. Made from the catalog: a new member gets its mutant by itself.
// The families of the statement kinds (a unit, an optional parameter) are in
// statement-kinds.mutants.ts; this file holds the others.
import { loadSuite } from '../../src/engine/load/load.js';
import { memberKey } from '../../src/engine/load/set-members.js';
import { eachPickedEvent, type Json, type Kind, type Mutant } from '../support/mutant-helpers.js';
import type { Rewrite } from '../support/rewriting-proxy.js';

const suite = loadSuite();
const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
const membersOf = (clause: string) => (suite.clauses.find((c) => c.id === clause)?.members?.names ?? []).map(memberKey);

/** A family: for each member of the clause, a server breaking it alone, and the cases that must catch it. */
function family(clause: string, kind: Kind, server: (member: string) => Pick<Mutant, 'operations' | 'kills'> & Partial<Mutant>): Mutant[] {
  return membersOf(clause).map((member) => ({
    name: `member-${slug(clause)}-${slug(member)}`,
    kind,
    breaks: [clause],
    member: { clause, name: member },
    ...server(member),
  }));
}

/** Another value of the same kind: a wrong value a server could carry for the one sent. */
export function wrongValue(value: unknown): unknown {
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'string') return `${value}x`;
  if (value === null) return 1;
  return { direct_members: [], direct_subgroups: [] };
}

/** Realm events carry a wrong value for one setting: in update_dict's data, or as an update's value. */
const realmEventWrong = (setting: string): Rewrite =>
  eachPickedEvent({ type: 'realm' }, (e) => {
    const data = e.data as Json | undefined;
    if (data && setting in data) data[setting] = wrongValue(data[setting]);
    if (e.property === setting) e.value = wrongValue(e.value);
  });

const EDIT = 'PATCH /messages/{message_id}';

export const MUTANTS: Mutant[] = [
  // Events 3: the held-out server, for each of the seven settings.
  ...family('events.realm-update-dict', 'field', (setting) => ({
    operations: [EDIT],
    rewrite: realmEventWrong(setting),
    kills: ['op1.zulip.events.realm-settings-each'],
  })),
];
