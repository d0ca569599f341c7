// Clauses about a set: a statement about the settings an event carries, the parameters of an
// operation, the fields of an object, the values of an enumeration. One tested member would
// hide the others, so the catalog lists the members (`members` in specs/clauses.yaml) and each
// is exercised by a case and proven by a mutant that breaks it alone (CONTRIBUTING.md, "A
// clause about a set"). This module holds their data and what the loader refuses in it.

export type MemberName = string | number | boolean;

/** An event a value travels in: its type, op and the fields that pick it (property: the setting it is about). */
export interface EventPick {
  type: string;
  op?: string;
  where?: Record<string, unknown>;
}

/** Where answers or events carry a set's members (the values of an enumeration, the objects whose fields they are). */
export interface MemberPlace {
  /** The operation whose success answer carries them ("POST /register" for registration fields). */
  operation?: string;
  /** Or the event that carries them. */
  event?: EventPick;
  /** The body path of the values (or of the objects), in the answer or the event. */
  path: string;
  /** Where the document shows neither the read nor the event: the Zulip facts it rests on. */
  facts?: string[];
}

export type MemberKind = 'parameter' | 'value' | 'field' | 'setting' | 'operation' | 'event';

export interface MemberSpec {
  of: MemberKind;
  names: MemberName[];
  /** Where the document lists them ("§Channel object table 1", "§1 rule 4"). */
  from?: string | string[];
  /** of value: the parameter (or field) whose values they are. */
  parameter?: string;
  /** Each member must be checked by value: a case asserts it (a read-back, an event). */
  byValue?: true;
  at?: MemberPlace[];
  /** Members with a clause of their own: a failure naming it proves the member too. */
  clauses?: Record<string, string>;
  /** Members no server can show, each with why. */
  unshown?: Record<string, string>;
}

/** Where an enumeration's values appear, and the members they must be (the generic check of values). */
export interface ValueCheck {
  clause: string;
  /** The members, as memberKey gives them. */
  members: string[];
  place: MemberPlace;
}

/** The value checks of the catalog: every place an enumeration's members (of value) are carried. */
export function valueChecksOf(clauses: readonly SetClause[]): ValueCheck[] {
  return clauses.flatMap((c) =>
    c.members?.of === 'value' ? (c.members.at ?? []).map((place) => ({ clause: c.id, members: c.members!.names.map(memberKey), place })) : [],
  );
}

/** A member as the reports and the proofs name it. */
export const memberKey = (name: MemberName): string => String(name);

interface SetClause {
  id: string;
  endpoint: string;
  members?: MemberSpec;
}

/**
 * What a set clause's data names must exist: the member clauses and the facts; its exceptions
 * must be members. (Parameters need not be the operation's: some sets are of parameters it does
 * not accept; tests/unit/set-members.test.ts ties an optional clause's to its check's.)
 */
export function memberProblems(clauses: readonly SetClause[], known: ReadonlySet<string>, facts: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const c of clauses) {
    const m = c.members;
    if (!m) continue;
    const names = new Set(m.names.map(memberKey));
    if (m.of === 'value' && !m.parameter) problems.push(`${c.id}: members of value name the parameter (or field) whose values they are`);
    for (const [name, clause] of Object.entries(m.clauses ?? {})) {
      if (!names.has(name)) problems.push(`${c.id}: clauses names "${name}", which is no member`);
      if (!known.has(clause)) problems.push(`${c.id}: member "${name}" names the unknown clause "${clause}"`);
    }
    for (const name of Object.keys(m.unshown ?? {})) if (!names.has(name)) problems.push(`${c.id}: unshown names "${name}", which is no member`);
    for (const place of m.at ?? [])
      for (const fact of place.facts ?? []) if (!facts.has(fact)) problems.push(`${c.id}: a place rests on the unknown fact "${fact}"`);
  }
  return problems;
}
