// Writes the JSON envelope of every answer: success with `msg: ""` and the ignored parameters,
// or error with `msg` and `code`.
import type { ServerResponse } from 'node:http';
import { PlainRefusal, type ApiError } from './errors.js';
import type { Quirks } from '../realm/quirk-set.js';
import type { Body } from './router.js';
import { withExtraField, ZULIP, type Flavor } from '../realm/flavor.js';
import type { FeatureLevel } from './levels.js';

function send(res: ServerResponse, status: number, body: Body, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendSuccess(
  res: ServerResponse,
  fields: Body,
  sent: readonly string[],
  declared: ReadonlySet<string>,
  quirks: Quirks,
  flavor: Flavor = ZULIP,
): void {
  const body: Body = withExtraField({ result: 'success', msg: '', ...fields }, flavor);
  if (quirks.has('envelope-no-msg')) delete body.msg;
  const ignored = quirks.has('ignored-params-wrong') ? [...sent] : sent.filter((name) => !declared.has(name));
  if (ignored.length > 0 && !quirks.has('ignored-params-missing')) {
    // The document gives no order: Zulip sorts, the variant does not (realm/flavor.ts).
    ignored.sort();
    body.ignored_parameters_unsupported = flavor.ignoredParamsOrder === 'sorted' ? ignored : ignored.reverse();
  } else if (ignored.length === 0 && flavor.ignoredParamsWhenNone === 'empty') body.ignored_parameters_unsupported = [];
  send(res, 200, body);
}

export function sendError(res: ServerResponse, error: ApiError, quirks: Quirks, headers: Record<string, string> = {}, flavor: Flavor = ZULIP): void {
  if (error instanceof PlainRefusal) {
    res.writeHead(error.status, { ...error.headers, ...headers, 'Content-Type': error.contentType, 'Content-Length': Buffer.byteLength(error.text) });
    res.end(error.text);
    return;
  }
  const body: Body = { result: 'error', msg: flavor.errorMessage(error), code: error.code, ...error.extra };
  if (quirks.has('error-without-code')) delete body.code;
  send(res, flavor.errorStatus(error), body, { ...error.headers, ...headers });
}

/**
 * Whether a success answer of `endpoint` lists the parameters it ignored: every endpoint from 167;
 * before, only those that did already (PATCH /settings from 78, PATCH /realm/user_settings_defaults
 * from its first level, 96, and the settings aliases from 80).
 */
export function listsIgnoredParameters(level: FeatureLevel, endpoint: string): boolean {
  if (level.has('ignored parameters listed')) return true;
  if (endpoint === 'PATCH /settings' || endpoint === 'PATCH /realm/user_settings_defaults') return true;
  return (
    (endpoint === 'PATCH /settings/display' || endpoint === 'PATCH /settings/notifications') && level.has('ignored parameters listed by the settings aliases')
  );
}
