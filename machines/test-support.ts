import { fromPromise } from 'xstate';

/** A promise actor whose every invocation the test settles by hand. */
export function controllablePromiseActor<TOutput, TInput>() {
  const calls: Array<{ input: TInput; resolve: (output: TOutput) => void; reject: (error: unknown) => void }> = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) => new Promise<TOutput>((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  return { logic, calls };
}

/** Lets settled promise actors deliver their done/error events. */
export const flushPromises = () => new Promise<void>((resolve) => setImmediate(resolve));
