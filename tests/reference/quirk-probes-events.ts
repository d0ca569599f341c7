// Probes of the event quirks: what a queue receives with and without each.
import type { ReferenceServer } from '../../src/reference/server.js';
import { call } from './helpers.js';
import { events, openQueue } from './event-helpers.js';
import type { QuirkProbe } from './quirk-probes.js';

/** A direct message from the member to member2: the types member2's queue receives. */
async function messageEventTypes(s: ReferenceServer): Promise<string[]> {
  const q = await openQueue(s, s.accounts.member2, {}, ['message']);
  await call(s, 'POST', '/messages', { as: s.accounts.member, form: { type: 'direct', to: JSON.stringify([s.accounts.member2.userId]), content: 'hi' } });
  return (await events(s, s.accounts.member2, q)).map((e) => e.type);
}

export const eventProbes: QuirkProbe[] = [
  { quirk: 'message-no-event', probe: messageEventTypes, normal: ['message'], quirked: [] },
];
