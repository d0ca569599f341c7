// Sequences of 1-4 edits of one channel message: each edit changes the content, the topic, or
// moves it to the other channel; a topic edit may come with a move, never content with a move
// (rule 1 of PATCH /messages/{message_id} forbids it). Topics stay within the realm's
// max_topic_length (from POST /register).
import fc from 'fast-check';
import { messageContent } from './message-content.js';
import { topicName } from './topic-name.js';

export interface MessageEdit {
  content?: string;
  topic?: string;
  move?: true;
}

export function messageEdits(maxTopicLength: number): fc.Arbitrary<MessageEdit[]> {
  const topic = topicName(maxTopicLength);
  const edit: fc.Arbitrary<MessageEdit> = fc.oneof(
    messageContent.map((content) => ({ content })),
    topic.map((t) => ({ topic: t })),
    fc.constant({ move: true as const }),
    fc.tuple(messageContent, topic).map(([content, t]) => ({ content, topic: t })),
    topic.map((t) => ({ topic: t, move: true as const })),
  );
  return fc.array(edit, { minLength: 1, maxLength: 4 });
}
