/** The parts of an R2 bucket binding the edge reads media with (the edge compiles against the DOM typings, not Workers'). */
export interface MediaObject {
  size: number;
  /** The entity tag as HTTP carries it, quoted. */
  httpEtag: string;
  uploaded: Date;
  httpMetadata?: { contentType?: string };
}

export interface MediaObjectBody extends MediaObject {
  body: ReadableStream;
}

export interface MediaBucket {
  head(key: string): Promise<MediaObject | null>;
  get(key: string, options?: { range?: { offset: number; length: number } }): Promise<MediaObjectBody | null>;
}

export function isMediaBucket(value: unknown): value is MediaBucket {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as MediaBucket).head === 'function' &&
    typeof (value as MediaBucket).get === 'function'
  );
}
