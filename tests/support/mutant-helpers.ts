// What a mutant is, and the rewrites the mutant files build theirs from.
import type { Profile } from '../../src/common/vocabulary.js';
import type { EventPick } from '../../src/engine/load/set-members.js';
import { isPicked } from '../../src/engine/judge/kind-places.js';
import type { QuirkName } from '../../src/reference/quirks.js';
import { paramsOf, type ProxiedAnswer, type ProxiedRequest, type Rewrite } from './rewriting-proxy.js';

/**
 * What the server gets wrong. unit, optional, default, not-affected, order, limit, permission and
 * error-code are also statement kinds of the catalog (specs/clauses.yaml `kind`): a mutant of one
 * proves the clauses of that kind it breaks (specs/proven-cases.json `kinds`).
 */
export type Kind =
  | 'envelope'
  | 'field'
  | 'order'
  | 'invalid-input'
  | 'error-code'
  | 'parameter'
  | 'permission'
  | 'effect'
  | 'unit'
  | 'optional'
  | 'default'
  | 'not-affected'
  | 'limit';

export interface Mutant {
  name: string;
  kind: Kind;
  operations: string[];
  quirks?: QuirkName[];
  rewrite?: Rewrite;
  profile?: Profile;
  /**
   * The clauses of the document (or Zulip facts) this server breaks. Each case of `kills` must
   * fail with a failure naming one of them; that is what proves the clause tested.
   */
  breaks: string[];
  /** Cases that must fail against this mutant. */
  kills: string[];
  /**
   * Run every case of `operations`, not only `kills`: the mutant misbehaves only where other
   * cases have made something first (a message sent before the edited one).
   */
  wholeFiles?: true;
  /**
   * The one member of a clause about a set this server breaks, alone (specs/clauses.yaml
   * `members`): a case caught failing against it proves that member (specs/proven-cases.json `members`).
   */
  member?: { clause: string; name: string };
  /**
   * false: run the cases as against any other server (the reference server without its
   * shortcuts): fixtures that must age are waited for, as on a real server, not aged by it.
   */
  shortcuts?: false;
}

export type Json = Record<string, unknown>;
export const isStreams = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/streams';
export const isEvents = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/events';
/** Rewrites every event of a GET /events answer that `pick` names. */
export function eachPickedEvent(pick: EventPick, fn: (event: Json) => void): Rewrite {
  return {
    answer: (req, a) => {
      if (isEvents(req)) ((a.json as Json).events as Json[] | undefined)?.forEach((e) => isPicked(e, pick) && fn(e));
    },
  };
}
export const isStatusRead = (req: ProxiedRequest) => req.method === 'GET' && /^\/users\/\d+\/status$/.test(req.path);
export const isStatusWrite = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/users/me/status';

/** Applies fn to every channel object of a GET /streams answer. */
export function eachChannel(fn: (channel: Json) => void): Rewrite {
  return {
    answer: (req, a) => {
      if (isStreams(req)) ((a.json as Json).streams as Json[] | undefined)?.forEach(fn);
    },
  };
}
export function dropChannels(keep: (channel: Json) => boolean): Rewrite {
  return {
    answer: (req, a) => {
      if (isStreams(req) && Array.isArray((a.json as Json).streams)) (a.json as Json).streams = ((a.json as Json).streams as Json[]).filter(keep);
    },
  };
}
export function forceStreamsParam(name: string, value: string): Rewrite {
  return {
    request: (req) => {
      if (isStreams(req)) req.query.set(name, value);
    },
  };
}
/** Replays GET /streams with the credentials of the owner (seen on the fixtures' requests). */
export function answerAsOwner(): Rewrite {
  let owner: string | undefined;
  return {
    request: (req) => {
      const auth = req.headers.authorization;
      if (
        auth &&
        Buffer.from(auth.replace(/^Basic /, ''), 'base64')
          .toString()
          .startsWith('owner@')
      )
        owner = auth;
      if (isStreams(req) && owner) req.headers.authorization = owner;
    },
  };
}
/** Answers a request matching `when` with a BAD_REQUEST error instead of what the server said. */
export function refuse(when: (req: ProxiedRequest) => boolean, msg = 'Refused by mutant'): Rewrite {
  return {
    answer: (req, a) => {
      if (when(req)) {
        a.status = 400;
        a.json = { result: 'error', msg, code: 'BAD_REQUEST' };
      }
    },
  };
}
/**
 * Answers a request matching `when` as a server requiring `names` does: Zulip's error for a
 * missing argument, naming it (`var_name`, and the message quoting it), which is the evidence a
 * failure blames a parameter the document makes optional on.
 */
export function missingArgument(when: (req: ProxiedRequest) => boolean, ...names: string[]): Rewrite {
  return {
    answer: (req, a) => {
      if (when(req)) {
        a.status = 400;
        a.json = { result: 'error', msg: `Missing ${names.map((n) => `'${n}'`).join(' or ')} argument`, code: 'REQUEST_VARIABLE_MISSING', var_name: names[0] };
      }
    },
  };
}
/** Answers a request matching `when` with success, whatever the server said. */
export function accept(when: (req: ProxiedRequest) => boolean): Rewrite {
  return {
    answer: (req, a) => {
      if (when(req)) {
        a.status = 200;
        a.json = { result: 'success', msg: '' };
      }
    },
  };
}
export function statusRead(fn: (status: Json) => void): Rewrite {
  return {
    answer: (req, a: ProxiedAnswer) => {
      if (isStatusRead(req)) fn(((a.json as Json).status ?? {}) as Json);
    },
  };
}
export const statusParam = (name: string, value?: string) => (req: ProxiedRequest) =>
  isStatusWrite(req) && paramsOf(req).has(name) && (value === undefined || paramsOf(req).get(name) === value);

export { paramsOf };
