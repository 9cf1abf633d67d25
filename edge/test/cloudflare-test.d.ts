/** The parts of @cloudflare/vitest-plugin's `cloudflare:test` module the workerd specs use (its full typings assume the Workers globals instead of the DOM ones). */
declare module 'cloudflare:test' {
  import type { ExecutionContext } from 'hono';

  export const env: Readonly<Record<string, unknown>>;
  export function createExecutionContext(): ExecutionContext;
  export function waitOnExecutionContext(ctx: ExecutionContext): Promise<void>;
}
