import type { TestProject } from 'vitest/node';
import { startEchoServer } from './echo-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    echoUrl: string;
    closedUrl: string;
  }
}

/** Runs on Node before the workerd run: the HTTP upstreams the Worker reaches over 127.0.0.1. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const echo = await startEchoServer();
  project.provide('echoUrl', echo.url);
  project.provide('closedUrl', echo.closedUrl);
  return () => echo.close();
}
