// An API error travels as an exception from any handler to the envelope writer.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Zulip's default: HTTP 400 with code BAD_REQUEST. */
export function badRequest(msg: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(400, 'BAD_REQUEST', msg, extra);
}

export function adminRequired(): ApiError {
  return new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
}

/**
 * A refusal that is no JSON envelope at all (a front proxy's page): the answer the variant realm
 * gives to missing or invalid credentials, which the document leaves "not shown".
 */
export class PlainRefusal extends ApiError {
  constructor(
    status: number,
    readonly contentType: string,
    readonly text: string,
    headers: Record<string, string> = {},
  ) {
    super(status, 'UNAUTHORIZED', text, {}, headers);
  }
}
