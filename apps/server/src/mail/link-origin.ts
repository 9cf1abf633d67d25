/**
 * The one origin every mailed link points at: PUBLIC_URL, else the address the server was started
 * on (what it prints at start). Never a request header: a forged Host or X-Forwarded-Host would send
 * reset and confirmation links to whoever forged it.
 */
export interface LinkOrigin {
  /** The origin for a link in a mail; throws before the server listens when PUBLIC_URL is unset. */
  get(): string;
  /** Told once the server listens (main.ts, the test servers), when PUBLIC_URL is unset. */
  listening(origin: string): void;
}

export function createLinkOrigin(publicUrl: string | undefined): LinkOrigin {
  let started: string | undefined;
  return {
    get() {
      const origin = publicUrl ?? started;
      if (!origin) throw new Error('mailed links have no origin yet: set PUBLIC_URL or start the server first');
      return origin;
    },
    listening(origin) {
      started = new URL(origin).origin;
    },
  };
}

/** The origin a server listening on host:port prints and links to (an IPv6 host in brackets). */
export function listenOrigin(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
