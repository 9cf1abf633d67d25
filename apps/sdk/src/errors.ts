import { LIBRARY_NAME } from './constants.ts';

/** A FetchError as plain data, so a cache store may keep it off the main thread. */
export interface SerializedFetchError {
  message: string;
  url: string;
  status: number;
  statusText: string;
}

/**
 * Every failure of a client call (SPEC 8): the request URL, the HTTP status and its text
 * (0 and '' when no response arrived).
 */
export class FetchError extends Error {
  override readonly name = 'FetchError';

  constructor(
    message: string,
    readonly url: string,
    readonly status = 0,
    readonly statusText = '',
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  static fromJSON({ message, url, status, statusText }: SerializedFetchError): FetchError {
    return new FetchError(message, url, status, statusText);
  }

  toJSON(): SerializedFetchError {
    return { message: this.message, url: this.url, status: this.status, statusText: this.statusText };
  }
}

/** A FetchError whose message is `detail` prefixed with the library name. */
export function createFetchError(detail: string, url: string, status?: number, statusText?: string, options?: ErrorOptions): FetchError {
  return new FetchError(`${LIBRARY_NAME}: ${detail}`, url, status, statusText, options);
}
