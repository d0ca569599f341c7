// Checks that apply to every answer, whatever the case: the common conventions of the API
// document. Each returns the clause it enforces with its failure.
import type { Exchange } from '../http/client.js';
import { show } from './matchers.js';

export interface CheckFailure {
  clause: string;
  message: string;
}

export function envelopeFailures(response: NonNullable<Exchange['response']>): CheckFailure[] {
  if (response.json === undefined) {
    return [{ clause: 'conv.json-envelope', message: `answer (HTTP ${response.status}) is ${response.jsonError}` }];
  }
  const body = response.json;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [{ clause: 'conv.json-envelope', message: `expected a JSON object, got ${show(body)}` }];
  }
  const env = body as Record<string, unknown>;
  const failures: CheckFailure[] = [];
  if (env.result !== 'success' && env.result !== 'error') {
    failures.push({ clause: 'conv.json-envelope', message: `"result": expected "success" or "error", got ${show(env.result)}` });
  }
  if (typeof env.msg !== 'string') {
    failures.push({ clause: 'conv.json-envelope', message: `"msg": expected a string, got ${show(env.msg)}` });
  } else if (env.result === 'success' && env.msg !== '') {
    failures.push({ clause: 'conv.json-envelope', message: `"msg": expected "" on success, got ${show(env.msg)}` });
  }
  if (env.result === 'error' && typeof env.code !== 'string') {
    failures.push({ clause: 'conv.error-code', message: `"code": expected a string on an error, got ${show(env.code)}` });
  }
  if ('ignored_parameters_unsupported' in env) {
    const list = env.ignored_parameters_unsupported;
    if (!Array.isArray(list) || list.some((v) => typeof v !== 'string')) {
      failures.push({ clause: 'conv.ignored-params', message: `"ignored_parameters_unsupported": expected an array of strings, got ${show(list)}` });
    }
  }
  return failures;
}
