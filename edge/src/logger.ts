/**
 * Where the edge writes: structured fields plus a message, the shape pino's `info(fields, msg)` takes,
 * so `npm start` hands it a pino logger and the Worker a JSON-lines console one. Values are never
 * formatted into the message: a client-chosen string stays a field, escaped by the JSON encoder.
 */
export interface EdgeLogger {
  info(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** One JSON object per line on the console, as Workers Logs expect. */
export const consoleJsonLogger: EdgeLogger = {
  info: (fields, message) => console.log(JSON.stringify({ level: 'info', msg: message, ...fields })),
  error: (fields, message) => console.error(JSON.stringify({ level: 'error', msg: message, ...fields })),
};
