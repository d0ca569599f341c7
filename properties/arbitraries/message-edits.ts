// Sequences of 1-4 edits of one channel message: each edit changes the content, the topic, or
// moves it to the other channel; a topic edit may come with a move, never content with a move
// (rule 1 of PATCH /messages/{message_id} forbids it).
import fc from 'fast-check';
import { messageContent } from './message-content.js';
import { topicName } from './topic-name.js';

export interface MessageEdit {
  content?: string;
  topic?: string;
  move?: true;
}

const edit: fc.Arbitrary<MessageEdit> = fc.oneof(
  messageContent.map((content) => ({ content })),
  topicName().map((topic) => ({ topic })),
  fc.constant({ move: true as const }),
  fc.tuple(messageContent, topicName()).map(([content, topic]) => ({ content, topic })),
  topicName().map((topic) => ({ topic, move: true as const })),
);

export const messageEdits = fc.array(edit, { minLength: 1, maxLength: 4 });
