// Sequences of edits and moves of a run's three messages: content edits, topic moves (three
// topics, every propagate mode, with or without the new-thread notice) and channel moves between
// the property's two channels (with or without a topic change).
import fc from 'fast-check';
import { EditContent, MoveChannel, MoveTopic, type PropagateMode } from '../models/message-events.js';

/** How many messages each run sends to its first topic, oldest first. */
export const RUN_MESSAGES = 3;

const target = fc.nat({ max: RUN_MESSAGES - 1 });
const mode = fc.constantFrom<PropagateMode>('change_all', 'change_later', 'change_one');
const topic = fc.nat({ max: 2 });

export const messageEditCommands = fc.commands(
  [
    fc.tuple(target, fc.constantFrom('edited', 'edited **again**', 'third text')).map(([t, text]) => new EditContent(t, text)),
    fc.tuple(target, topic, mode, fc.boolean()).map(([t, to, m, notify]) => new MoveTopic(t, to, m, notify)),
    fc.tuple(target, mode, fc.option(topic, { nil: null })).map(([t, m, to]) => new MoveChannel(t, m, to)),
  ],
  { maxCommands: 4 },
);
