// A topic move: a topic of 2-5 messages, the index of the message the request names, and the
// propagate_mode that decides which of them move.
import fc from 'fast-check';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface TopicMove {
  size: number;
  target: number;
  mode: PropagateMode;
}

export const topicMove: fc.Arbitrary<TopicMove> = fc.integer({ min: 2, max: 5 }).chain((size) =>
  fc.record({
    size: fc.constant(size),
    target: fc.nat({ max: size - 1 }),
    mode: fc.constantFrom<PropagateMode>('change_one', 'change_later', 'change_all'),
  }),
);

/** Which message indexes the mode moves. */
export function movedIndexes({ size, target, mode }: TopicMove): number[] {
  return Array.from({ length: size }, (_, i) => i).filter((i) => (mode === 'change_one' ? i === target : mode === 'change_later' ? i >= target : true));
}
