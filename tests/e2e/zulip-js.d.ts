// The part of zulip-js (npm, 2.1.0; it ships no types) that tests/e2e/zulip-js.test.ts uses.
declare module 'zulip-js' {
  type Answer = Record<string, any> & { result: 'success' | 'error'; msg: string };
  interface ZulipClient {
    queues: {
      register(params: { event_types?: string[]; [name: string]: unknown }): Promise<Answer>;
      deregister(params: { queue_id: string }): Promise<Answer>;
    };
    events: { retrieve(params: { queue_id: string; last_event_id: number; dont_block?: boolean }): Promise<Answer> };
    messages: {
      send(params: { to: string | number | number[]; type: string; topic?: string; subject?: string; content: string }): Promise<Answer>;
      update(params: { message_id: number; content?: string; topic?: string }): Promise<Answer>;
    };
  }
  export default function zulip(config: { username: string; apiKey: string; realm: string }): Promise<ZulipClient>;
}
