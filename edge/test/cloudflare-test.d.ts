/** The parts of @cloudflare/vitest-plugin's `cloudflare:test` module the workerd specs use (its full typings assume the Workers globals instead of the DOM ones). */
declare module 'cloudflare:test' {
  import type { ExecutionContext } from 'hono';

  export const env: Readonly<Record<string, unknown>>;
  export function createExecutionContext(): ExecutionContext;
  export function waitOnExecutionContext(ctx: ExecutionContext): Promise<void>;

  export interface TestMessageBatch<Body> {
    readonly queue: string;
    readonly messages: readonly {
      readonly id: string;
      readonly body: Body;
      readonly attempts: number;
      ack(): void;
      retry(options?: { delaySeconds?: number }): void;
    }[];
  }
  export function createMessageBatch<Body>(
    queueName: string,
    messages: { id: string; timestamp: Date | number; attempts: number; body: Body }[],
  ): TestMessageBatch<Body>;
  export interface QueueResult {
    outcome: string;
    ackAll: boolean;
    retryBatch: { retry: boolean; delaySeconds?: number };
    explicitAcks: string[];
    retryMessages: { msgId: string; delaySeconds?: number }[];
  }
  export function getQueueResult(batch: TestMessageBatch<unknown>, ctx: ExecutionContext): Promise<QueueResult>;
}
