/**
 * The port a delivery attempt goes through: one POST to an address the SSRF guard checked. The
 * deliverer sees only this; http-sender.ts implements it on both runtimes, tests pass their own.
 */
export interface SendRequest {
  url: URL;
  /** The address the guard checked: connected to, while Host and TLS SNI stay the URL's host. */
  address: string;
  family: number;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
}

export type SendOutcome = { status?: number; body?: string; error?: string; durationMs: number };
export type Sender = (request: SendRequest) => Promise<SendOutcome>;
