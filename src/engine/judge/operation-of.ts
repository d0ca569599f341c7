// Which operation of the API document a concrete request is: "PATCH /messages/17" ->
// "PATCH /messages/{message_id}". A `{..._id}` slot takes digits only, any other slot one
// segment, so /users/17 is PATCH /users/{user_id} and /users/a@b.c PATCH /users/{email}.

interface Template {
  operation: string;
  method: string;
  pattern: RegExp;
  /** Literal segments count first: /users/me/status before /users/{user_id}/status. */
  literals: number;
  /** Then digit slots: /users/17 is /users/{user_id} before /users/{email}, whatever the order given. */
  idSlots: number;
}

function compile(operation: string): Template {
  const [method, path] = operation.split(' ');
  const segments = path.split('/');
  // A slot is a whole segment, "{name}"; anything else is literal text.
  const slots = segments.map((s) => /^\{(\w+)\}$/.exec(s)?.[1]);
  const source = segments
    .map((s, i) => {
      const slot = slots[i];
      if (slot === undefined) return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return slot.endsWith('_id') ? '\\d+' : '[^/]+';
    })
    .join('/');
  return {
    operation,
    method,
    pattern: new RegExp(`^${source}$`),
    literals: slots.filter((slot) => slot === undefined).length,
    idSlots: slots.filter((slot) => slot?.endsWith('_id')).length,
  };
}

export function operationMatcher(operations: readonly string[]): (method: string, path: string) => string | null {
  const templates = [...new Set(operations)].map(compile).sort((a, b) => b.literals - a.literals || b.idSlots - a.idSlots);
  return (method, path) => {
    const bare = path.split('?')[0];
    return templates.find((t) => t.method === method.toUpperCase() && t.pattern.test(bare))?.operation ?? null;
  };
}
