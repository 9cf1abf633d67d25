import type { Readable } from 'node:stream';

/** What a stored object is: what conditional and range requests are answered from. */
export interface StoredObject {
  size: number;
  /** A strong entity tag, quoted. */
  etag: string;
  lastModified: Date;
  contentType: string;
}

/** An object's body, or the part of it a byte range asked for, with what the whole object is. */
export interface ObjectRead extends StoredObject {
  body: Readable;
}

/**
 * One object to store: its bytes, or a file on disk read as it is sent; with `move`, the file is a
 * work file its maker no longer needs (the local disk renames it into place instead of copying it).
 */
export interface PutItem {
  key: string;
  body: Uint8Array | { file: string; move?: boolean };
  contentType: string;
}

/** Inclusive byte offsets, as in a Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media live: the local disk under DATA_DIR/media (the embedded default) or an S3-compatible
 * bucket. Keys are media paths as served below `/media/` (`{gifId}/{file}`, `avatars/…`,
 * `channels/…`); no method lists keys, so nothing depends on listing a bucket.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Stores one object; a reader sees the whole object or none of it. */
  put(item: PutItem): Promise<void>;
  /** Stores many objects, several at a time; rejects if any failed (those stored stay stored: the caller deletes them). */
  putMany(items: PutItem[]): Promise<void>;
  head(key: string): Promise<StoredObject | null>;
  read(key: string, range?: ByteRange): Promise<ObjectRead | null>;
  /** Deletes the keys; keys already gone are fine. */
  delete(keys: string[]): Promise<void>;
  /** Where a key's file is on this machine, on the local disk only (readers that need a path use media-store/local-file.ts). */
  localPath?(key: string): string;
}

/** The store could not be reached or refused to work (network, credentials, 5xx): an upload should be retried later. */
export class MediaStoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaStoreUnavailable';
  }
}

/** What a route that stores or names media needs. */
export interface MediaDeps {
  /** Where avatars and channel pictures are stored. */
  mediaStore: MediaStore;
  /** Where GIF renditions are named (MEDIA_PUBLIC_URL); unset, this server's `/media`. */
  mediaPublicUrl?: string | undefined;
}
