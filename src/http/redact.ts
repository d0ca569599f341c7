// Credentials never reach a report, a log or a HAR file: every text that leaves the engine
// passes through a Redactor that knows the run's secrets.
export class Redactor {
  private readonly secrets = new Map<string, string>();

  /** Registers a secret and the label that replaces it, e.g. "[redacted: member]". */
  add(secret: string, label: string): void {
    if (secret.length < 4) return; // too short to replace safely; never a real API key
    this.secrets.set(secret, label);
    // The Basic header's base64 form would leak the key as well.
    this.secrets.set(Buffer.from(secret).toString('base64'), label);
  }

  addAccount(role: string, email: string, apiKey: string): void {
    const label = `[redacted: ${role}]`;
    this.secrets.set(Buffer.from(`${email}:${apiKey}`).toString('base64'), label);
    this.add(apiKey, label);
  }

  text(value: string): string {
    let out = value;
    for (const [secret, label] of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(label);
    }
    return out;
  }

  /** Redacts every string inside a JSON-like value. */
  value<T>(value: T): T {
    return JSON.parse(this.text(JSON.stringify(value) ?? 'null')) as T;
  }
}
