// Custom profile fields: the realm's fields (GET/POST/DELETE /realm/profile_fields) and the
// `profile_data` values of op 10, checked as Zulip checks them.
import { isAdmin } from '../realm/access.js';
import { adminRequired, badRequest } from '../core/errors.js';
import type { ProfileField, Realm, User } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { allocate } from '../realm/flavor.js';

const SHORT_TEXT = 1;
const LONG_TEXT = 2;
const MAX_NAME_LENGTH = 40;

export function seedProfileFields(): ProfileField[] {
  return [
    { id: 1, name: 'Phone number', type: SHORT_TEXT, order: 1 },
    { id: 2, name: 'Biography', type: LONG_TEXT, order: 2 },
  ];
}

/** Op 10's `profile_data`: a JSON list of {id, value}; an empty value removes the field's value. */
export function readProfileData(ctx: Context): Map<number, string> | undefined {
  const list = ctx.params.optList('profile_data');
  if (list === undefined) return undefined;
  const updates = new Map<number, string>();
  for (const [i, entry] of list.entries()) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw badRequest(`profile_data[${i}] is not a dict`);
    const { id, value } = entry as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isInteger(id)) throw badRequest(`profile_data[${i}]["id"] is not an integer`);
    if (value !== null && typeof value !== 'string') throw badRequest(`profile_data[${i}]["value"] is not a string`);
    if (!ctx.realm.profileFields.some((f) => f.id === id) && !ctx.quirks.has('update-user-unknown-field-ok')) {
      throw badRequest(`Field id ${id} not found.`);
    }
    updates.set(id, value ?? '');
  }
  return updates;
}

export function applyProfileData(user: User, updates: Map<number, string>): void {
  for (const [id, value] of updates) {
    if (value === '') user.profileData.delete(id);
    else user.profileData.set(id, value);
  }
}

/** Zulip's shape: `{"<field id>": {value, rendered_value}}`, only fields with a value. */
export function profileDataObject(user: User): Record<string, unknown> {
  return Object.fromEntries([...user.profileData].map(([id, value]) => [String(id), { value, rendered_value: `<p>${value}</p>` }]));
}

function fieldObject(f: ProfileField) {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    hint: '',
    field_data: '',
    order: f.order,
    required: false,
    editable_by_user: true,
    display_in_profile_summary: false,
  };
}

function listFields(ctx: Context) {
  return { custom_fields: [...ctx.realm.profileFields].sort((a, b) => a.order - b.order).map(fieldObject) };
}

function createField(ctx: Context) {
  const { params, realm, user } = ctx;
  if (!isAdmin(user)) throw adminRequired();
  const name = params.string('name', MAX_NAME_LENGTH).trim();
  const type = params.int('field_type');
  params.optString('hint');
  if (type !== SHORT_TEXT && type !== LONG_TEXT) throw badRequest('Invalid field type.');
  if (!name) throw badRequest('Label cannot be blank.');
  if (realm.profileFields.some((f) => f.name === name)) throw badRequest('A field with that label already exists.');
  const id = allocate(realm, 'record');
  realm.profileFields.push({ id, name, type, order: Math.max(0, ...realm.profileFields.map((f) => f.order)) + 1 });
  return { id };
}

function deleteField(ctx: Context) {
  if (!isAdmin(ctx.user)) throw adminRequired();
  const realm: Realm = ctx.realm;
  const index = realm.profileFields.findIndex((f) => f.id === ctx.path.field_id);
  if (index < 0) throw badRequest(`Field id ${ctx.path.field_id} not found.`);
  realm.profileFields.splice(index, 1);
  for (const u of realm.users) u.profileData.delete(ctx.path.field_id);
  return {};
}

export const customProfileFieldRoutes: Route[] = [
  { method: 'GET', path: '/realm/profile_fields', params: [], handle: listFields },
  { method: 'POST', path: '/realm/profile_fields', params: ['name', 'field_type', 'hint'], handle: createField },
  { method: 'DELETE', path: '/realm/profile_fields/{field_id}', params: [], handle: deleteField },
];
