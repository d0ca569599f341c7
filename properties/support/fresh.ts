// Makes a generated edit a real change: a topic or content equal to the current one would be
// "nothing to change", not an edit. The replacement stays within max_topic_length code points.
export function freshTopic(topic: string, current: string, step: number, max = 60): string {
  if (topic.toLowerCase() !== current.toLowerCase()) return topic;
  return [...`${step} ${topic}`].slice(0, max).join('').trim();
}

export function freshContent(content: string, current: string, step: number): string {
  return content === current ? `${content} (${step})` : content;
}
