// Typed readers for request parameters, failing with the Zulip server's own error texts.
import { ApiError, badRequest } from './errors.js';

export function codePointLength(text: string): number {
  return [...text].length;
}

export function tooLongMessage(name: string, limit: number): string {
  return `${name} is too long (limit: ${limit} characters)`;
}

const INTEGER_TEXT = /^\s*-?\d+\s*$/;

/** The parameters of one request. A route may only read the names it declared. */
export class Params {
  constructor(
    private readonly values: ReadonlyMap<string, string>,
    private readonly declared: ReadonlySet<string>,
    /** Names the route has, though not at the server's feature level: they read as absent. */
    private readonly known: ReadonlySet<string> = declared,
  ) {}

  private raw(name: string): string | undefined {
    // A handler reading an undeclared name would hide it from ignored_parameters_unsupported.
    if (!this.known.has(name)) throw new Error(`route reads undeclared parameter '${name}'`);
    return this.declared.has(name) ? this.values.get(name) : undefined;
  }

  has(name: string): boolean {
    return this.raw(name) !== undefined;
  }

  missing(name: string): ApiError {
    return new ApiError(400, 'REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, { var_name: name });
  }

  optString(name: string, maxLength?: number): string | undefined {
    const value = this.raw(name);
    if (value !== undefined && maxLength !== undefined && codePointLength(value) > maxLength) {
      throw badRequest(tooLongMessage(name, maxLength));
    }
    return value;
  }

  string(name: string, maxLength?: number): string {
    const value = this.optString(name, maxLength);
    if (value === undefined) throw this.missing(name);
    return value;
  }

  /** Zulip parses the text as JSON first: "yes" is invalid JSON, "1" is JSON but no boolean. */
  optBool(name: string): boolean | undefined {
    const value = this.optJson(name);
    if (value === undefined || typeof value === 'boolean') return value;
    throw badRequest(`${name} is not a boolean`);
  }

  bool(name: string, fallback: boolean): boolean {
    return this.optBool(name) ?? fallback;
  }

  optInt(name: string): number | undefined {
    const text = this.raw(name);
    if (text === undefined) return undefined;
    const value = this.optJson(name);
    if (typeof value !== 'number' || !INTEGER_TEXT.test(text)) throw badRequest(`${name} is not an integer`);
    return value;
  }

  int(name: string): number {
    const value = this.optInt(name);
    if (value === undefined) throw this.missing(name);
    return value;
  }

  optJson(name: string): unknown {
    const text = this.raw(name);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw badRequest(`${name} is not valid JSON`);
    }
  }

  optList(name: string): unknown[] | undefined {
    const value = this.optJson(name);
    if (value === undefined || Array.isArray(value)) return value;
    throw badRequest(`${name} is not a list`);
  }

  list(name: string): unknown[] {
    const value = this.optList(name);
    if (value === undefined) throw this.missing(name);
    return value;
  }

  optDict(name: string): Record<string, unknown> | undefined {
    const value = this.optJson(name);
    if (value === undefined) return undefined;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    throw badRequest(`${name} is not a dict`);
  }

  /** A string restricted to a set of values; anything else is `Invalid <name>`. */
  optEnum<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) throw badRequest(`Invalid ${name}`);
    return value as T;
  }
}
