/**
 * A render the server will not make now: 503 when the render queue is full, 429 when the caller's
 * budget of new renders is spent. Either way the caller may retry after `retryAfterSeconds`.
 */
export class RenderRefused extends Error {
  constructor(
    readonly status: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'RenderRefused';
  }
}

/** A message too long to draw (TEXT_MAX_CHARS). */
export class TextTooLong extends Error {
  constructor(readonly maxChars: number) {
    super(`The text must be at most ${maxChars} characters`);
    this.name = 'TextTooLong';
  }
}
