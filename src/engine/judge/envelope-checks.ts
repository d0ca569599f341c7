// Checks that apply to every answer, whatever the case: the common conventions of the API
// document. Each finding names the clause it enforces.
import type { Exchange } from '../../http/client.js';
import type { Finding } from './failure.js';
import { show } from './matchers.js';

export function envelopeFindings(response: NonNullable<Exchange['response']>): Finding[] {
  const envelope = (f: Omit<Finding, 'check' | 'clause'>, clause = 'conv.json-envelope'): Finding => ({ check: 'envelope', clause, ...f });
  if (response.json === undefined) {
    return [
      envelope({
        path: '',
        expected: 'a JSON object',
        actual: `HTTP ${response.status}, ${response.jsonError}`,
        message: `answer (HTTP ${response.status}) is ${response.jsonError}`,
      }),
    ];
  }
  const body = response.json;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [envelope({ path: '', expected: 'a JSON object', actual: show(body) })];
  }
  const env = body as Record<string, unknown>;
  const findings: Finding[] = [];
  if (env.result !== 'success' && env.result !== 'error') {
    findings.push(envelope({ path: 'result', expected: '"success" or "error"', actual: show(env.result) }));
  }
  if (typeof env.msg !== 'string') {
    findings.push(envelope({ path: 'msg', expected: 'a string', actual: show(env.msg) }));
  } else if (env.result === 'success' && env.msg !== '') {
    findings.push(envelope({ path: 'msg', expected: '"" on success', actual: show(env.msg) }));
  }
  if (env.result === 'error' && typeof env.code !== 'string') {
    findings.push(envelope({ path: 'code', expected: 'a string on an error', actual: show(env.code) }, 'conv.error-code'));
  }
  if ('ignored_parameters_unsupported' in env) {
    const list = env.ignored_parameters_unsupported;
    if (!Array.isArray(list) || list.some((v) => typeof v !== 'string')) {
      findings.push(envelope({ path: 'ignored_parameters_unsupported', expected: 'an array of strings', actual: show(list) }, 'conv.ignored-params'));
    }
  }
  return findings;
}
