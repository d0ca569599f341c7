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
