// Messages sent to a few topics of one channel, by the member or the owner: indexes into a
// list of topic names (the empty topic among them), so each run reuses the channel's topics.
import fc from 'fast-check';

export interface TopicSend {
  topic: number;
  as: 'member' | 'owner';
}

export function topicSends(topicCount: number): fc.Arbitrary<TopicSend[]> {
  const send = fc.record({ topic: fc.nat({ max: topicCount - 1 }), as: fc.constantFrom('member' as const, 'owner' as const) });
  return fc.array(send, { minLength: 1, maxLength: 4 });
}
