// undici's Pool, loaded without the rest of undici. Its index loads everything (fetch, WebSocket,
// caches, mocks): 60-80 ms per thread, paid by the CLI before its first request and again by the
// worker that runs the cases. The Pool and its request() alone cost a third of that. Their files
// have kept these paths since undici 5; should they move, the index is the fallback (and
// tests/unit/http-client.test.ts says so).
import { createRequire } from 'node:module';
import type { Dispatcher, Pool } from 'undici';

type RequestFn = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

const require = createRequire(import.meta.url);

function load(): { Pool: typeof Pool; request: RequestFn; source: 'pool only' | 'index' } {
  try {
    return {
      Pool: require('undici/lib/dispatcher/pool.js') as typeof Pool,
      request: require('undici/lib/api/api-request.js') as RequestFn,
      source: 'pool only',
    };
  } catch {
    const undici = require('undici') as typeof import('undici');
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the client calls it with the pool as `this`
    return { Pool: undici.Pool, request: undici.Pool.prototype.request, source: 'index' };
  }
}

const loaded = load();

/** Which of undici was loaded: 'pool only', or the whole 'index' when the Pool's files moved. */
export const UNDICI_SOURCE = loaded.source;

export type { Pool };

export function createPool(origin: string, options: Pool.Options): Pool {
  return new loaded.Pool(origin, options);
}

/** pool.request(options), which undici's index would have added to every dispatcher. */
export function poolRequest(pool: Pool, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return loaded.request.call(pool, options);
}
