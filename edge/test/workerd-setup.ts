import type { TestProject } from 'vitest/node';
import { startEchoServer } from './echo-server.ts';
import { startOriginStandIn } from './origin-stand-in.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    echoUrl: string;
    closedUrl: string;
    originUrl: string;
  }
}

/** Runs on Node before the workerd run: the HTTP upstreams the Worker reaches over 127.0.0.1. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const echo = await startEchoServer();
  const origin = await startOriginStandIn();
  project.provide('echoUrl', echo.url);
  project.provide('closedUrl', echo.closedUrl);
  project.provide('originUrl', origin.url);
  return async () => {
    await echo.close();
    await origin.close();
  };
}
