// specs/organisation-settings.yaml: the settings the API document leaves to an organisation that
// a case may need, and the cases' `needs:` resolved against it. A case's need travels with the
// case as data (SettingNeed), so the run (runner/organisation-settings.ts) and --list read
// nothing else.
import { readFileSync } from 'node:fs';
import { displayPath, projectPath } from '../../common/paths.js';
import { parseYaml, SpecError } from './yaml-source.js';
import { validateSource } from './validate.js';
import type { NeedValue, Needs, SettingNeed, SettingType, SettingValue } from './types.js';

export const ORGANISATION_SETTINGS_FILE = 'organisation-settings.yaml';

/** One setting of the catalog: the PATCH /realm parameter, shown by POST /register as realm_<name>. */
export interface OrganisationSetting {
  name: string;
  /** The clauses of specs/clauses.yaml that name it. */
  clauses: string[];
  type: 'boolean' | 'time-limit' | 'group' | string[];
  since?: number;
  until?: number;
  /** The setting it replaced, read and set below `since`, and which of its values stand for this one's. */
  before?: { name: string; values: Record<string, SettingValue> };
}

export function loadOrganisationSettings(path = projectPath('specs', ORGANISATION_SETTINGS_FILE)): OrganisationSetting[] {
  const file = displayPath(path);
  const source = parseYaml(file, readFileSync(path, 'utf8'));
  validateSource(source, 'organisation-settings.schema.json');
  const settings = (source.data as { settings: OrganisationSetting[] }).settings;
  const names = new Set<string>();
  settings.forEach((setting, i) => {
    if (names.has(setting.name)) throw new SpecError(file, source.lineOf(`/settings/${i}/name`), `settings[${i}].name`, `duplicate setting "${setting.name}"`);
    names.add(setting.name);
  });
  settings.forEach((setting, i) => {
    const older = setting.before && settings.find((s) => s.name === setting.before!.name);
    if (setting.before && (!older || older.until === undefined || older.until + 1 !== setting.since))
      throw new SpecError(
        file,
        source.lineOf(`/settings/${i}/before`),
        `settings[${i}].before`,
        `"${setting.before.name}" must be a setting of the catalog whose until is the level before ${setting.name}'s since`,
      );
    for (const [value, stands] of Object.entries(setting.before?.values ?? {})) {
      const problem = valueProblem(setting, value) ?? valueProblem(older!, stands);
      if (problem) throw new SpecError(file, source.lineOf(`/settings/${i}/before/values`), `settings[${i}].before.values`, problem);
    }
  });
  return settings;
}

const typeOf = (setting: OrganisationSetting): SettingType => (Array.isArray(setting.type) ? 'enum' : setting.type);

/** Why a declared value is not one the setting takes, or null. */
function valueProblem(setting: OrganisationSetting, value: unknown): string | null {
  const fits = (() => {
    switch (typeOf(setting)) {
      case 'boolean':
        return typeof value === 'boolean';
      case 'time-limit':
        return Number.isInteger(value) && (value as number) > 0;
      case 'group':
        return typeof value === 'string' && value.startsWith('role:');
      default:
        return (setting.type as string[]).includes(value as string);
    }
  })();
  if (fits) return null;
  const wanted = Array.isArray(setting.type)
    ? `one of ${setting.type.join(', ')}`
    : { boolean: 'true or false', 'time-limit': 'a number of seconds', group: 'a system group (role:members)' }[setting.type];
  return `${JSON.stringify(value)} is not a value of ${setting.name}: ${wanted}`;
}

function resolveOne(catalog: readonly OrganisationSetting[], name: string, declared: NeedValue): SettingNeed | string {
  const setting = catalog.find((s) => s.name === name);
  if (!setting) return `unknown organisation setting "${name}" (not in ${ORGANISATION_SETTINGS_FILE})`;
  const levels = { ...(setting.since ? { since: setting.since } : {}), ...(setting.until ? { until: setting.until } : {}) };
  if (typeof declared === 'object' && !Array.isArray(declared)) {
    if (typeOf(setting) !== 'time-limit') return `${name}: { atLeast } is for a time limit`;
    return { setting: name, type: 'time-limit', atLeast: declared.atLeast, ...levels };
  }
  const accept = Array.isArray(declared) ? declared : [declared];
  for (const value of accept) {
    const problem = valueProblem(setting, value);
    if (problem) return problem;
  }
  const need: SettingNeed = { setting: name, type: typeOf(setting), accept, ...levels };
  if (!setting.before) return need;
  // Below `since`, the older setting, with the values standing for the ones accepted.
  const older = catalog.find((s) => s.name === setting.before!.name)!;
  const stands = accept.flatMap((value) => (Object.hasOwn(setting.before!.values, String(value)) ? [setting.before!.values[String(value)]] : []));
  const olderNeed: SettingNeed = { setting: older.name, type: typeOf(older), accept: [...new Set(stands)], until: older.until! };
  return { ...need, before: olderNeed };
}

/**
 * The needs of a case, the file's and its own (a setting it names overrides the file's), resolved
 * against the catalog; a problem names the setting.
 */
export function resolveNeeds(catalog: readonly OrganisationSetting[], ...declared: (Needs | undefined)[]): SettingNeed[] | string {
  const merged: Needs = {};
  for (const needs of declared) Object.assign(merged, needs);
  const out: SettingNeed[] = [];
  for (const [name, value] of Object.entries(merged)) {
    const need = resolveOne(catalog, name, value);
    if (typeof need === 'string') return need;
    out.push(need);
  }
  return out.sort((a, b) => a.setting.localeCompare(b.setting));
}
