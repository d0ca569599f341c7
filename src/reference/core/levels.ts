// The feature level the reference server answers as (`serve --feature-level N`). Zulip's API grew
// level by level (api_docs/changelog.md of zulip/zulip); each area of this server keeps a table of
// what the suite checks that appeared (or went away) at a level (`<area>/*.levels.ts`), and this
// module reads them: an endpoint newer than the level is unknown, a parameter newer than it is
// ignored (and listed as unsupported from level 167), a value newer than it is refused, a field
// newer than it is absent, and a behaviour an area asks for by name holds or not. Every level a
// table names is the fact zulip.level.<N> of specs/zulip-facts.yaml, whose evidence is Zulip's
// changelog entry (tests/unit/level-table.test.ts checks both ways).

/** The newest level the API document describes: above it the server behaves as this level. */
export const NEWEST_FEATURE_LEVEL = 420;
/** The oldest level the tables reach back to: what changed at or before it is not modelled. */
export const OLDEST_FEATURE_LEVEL = 79;

/** When something holds: from a level on (a number), or up to the level before Zulip removed it. */
export type Level = number | { until: number };

/** The tables of one area; every key is written as the document or Zulip's changelog writes it. */
export interface LevelTable {
  /** "POST /channel_folders/create" (the route's method and path template) -> level. */
  endpoints?: Record<string, Level>;
  /** Endpoint -> parameter -> level. */
  parameters?: Record<string, Record<string, Level>>;
  /** Endpoint -> parameter -> a value as sent (its text) -> level. */
  values?: Record<string, Record<string, Record<string, Level>>>;
  /** Object kind ("channel", "register", "user group", ...) -> field -> level. */
  fields?: Record<string, Record<string, Level>>;
  /** A behaviour an area's code asks for by name -> level. */
  behaviours?: Record<string, Level>;
}

export const holdsAt = (when: Level | undefined, level: number): boolean =>
  when === undefined || (typeof when === 'number' ? level >= when : level <= when.until);

/** The level a statement changed at: where it appeared, or the level that removed it. */
export const changedAt = (when: Level): number => (typeof when === 'number' ? when : when.until + 1);

/** The fact of specs/zulip-facts.yaml that gives the evidence for a level. */
export const factOfLevel = (level: number): string => `zulip.level.${level}`;

/** Joins the areas' tables into one (a key named by two areas is a mistake). */
export function mergeTables(tables: readonly LevelTable[]): Required<LevelTable> {
  const out: Required<LevelTable> = { endpoints: {}, parameters: {}, values: {}, fields: {}, behaviours: {} };
  const put = <T>(into: Record<string, T>, key: string, value: T, where: string) => {
    if (Object.hasOwn(into, key)) throw new Error(`level tables: ${where} ${key} is named twice`);
    into[key] = value;
  };
  for (const t of tables) {
    for (const [k, v] of Object.entries(t.endpoints ?? {})) put(out.endpoints, k, v, 'endpoint');
    for (const [k, v] of Object.entries(t.behaviours ?? {})) put(out.behaviours, k, v, 'behaviour');
    for (const [op, names] of Object.entries(t.parameters ?? {})) for (const [k, v] of Object.entries(names)) put((out.parameters[op] ??= {}), k, v, op);
    for (const [kind, names] of Object.entries(t.fields ?? {})) for (const [k, v] of Object.entries(names)) put((out.fields[kind] ??= {}), k, v, kind);
    for (const [op, names] of Object.entries(t.values ?? {})) {
      for (const [name, values] of Object.entries(names)) {
        for (const [k, v] of Object.entries(values)) put(((out.values[op] ??= {})[name] ??= {}), k, v, `${op} ${name}`);
      }
    }
  }
  return out;
}

/** The server's level and what it implies, asked by the router, the envelope and the areas. */
export class FeatureLevel {
  /** The level the server behaves as: the one it claims, at most the document's newest. */
  readonly level: number;

  constructor(
    /** The level GET /server_settings and POST /register report. */
    readonly claimed: number,
    private readonly table: Required<LevelTable>,
  ) {
    this.level = Math.min(claimed, NEWEST_FEATURE_LEVEL);
  }

  endpoint(key: string): boolean {
    return holdsAt(this.table.endpoints[key], this.level);
  }

  parameter(endpoint: string, name: string): boolean {
    return holdsAt(this.table.parameters[endpoint]?.[name], this.level);
  }

  /** A value of a parameter the level does not know: its raw text, the parameter's name. */
  value(endpoint: string, name: string, raw: string): boolean {
    return holdsAt(this.table.values[endpoint]?.[name]?.[raw], this.level);
  }

  has(behaviour: string): boolean {
    if (!Object.hasOwn(this.table.behaviours, behaviour)) throw new Error(`level tables: no behaviour "${behaviour}"`);
    return holdsAt(this.table.behaviours[behaviour], this.level);
  }

  /** The object without the fields of `kind` the level does not have (the object is changed in place). */
  fields<T extends Record<string, unknown>>(kind: string, body: T): T {
    const fields = this.table.fields[kind];
    if (!fields) throw new Error(`level tables: no object kind "${kind}"`);
    for (const [name, when] of Object.entries(fields)) if (!holdsAt(when, this.level)) delete body[name];
    return body;
  }
}
