import { PINGBACK_ID_ALPHABET, PINGBACK_ID_LENGTH, PINGBACK_ID_STORAGE_KEY } from './constants.ts';

/** The part of the Web Storage API the pingback id needs (sessionStorage in a browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface PingbackIdSources {
  /** Where the id is kept for the session; null or absent to keep nothing. */
  storage?: KeyValueStorage | null | undefined;
  /** Clock in milliseconds; default Date.now. */
  now?: () => number;
  /** UUID source; absent (e.g. an insecure context) selects the alphanumeric fallback. */
  randomUUID?: (() => string) | undefined;
  /** Random source in [0, 1) for the fallback; default Math.random. */
  random?: () => number;
}

const VALID_PINGBACK_ID = new RegExp(`^[0-9a-z]{${PINGBACK_ID_LENGTH}}$`);

function randomAlphanumeric(length: number, random: () => number): string {
  let id = '';
  for (let i = 0; i < length; i += 1) {
    id += PINGBACK_ID_ALPHABET[Math.floor(random() * PINGBACK_ID_ALPHABET.length)] ?? '0';
  }
  return id;
}

/** A new 16-character id: hex timestamp then the hex digits of a random UUID, else random letters. */
export function createPingbackId({
  now = () => Date.now(),
  randomUUID,
  random = Math.random,
}: Omit<PingbackIdSources, 'storage'> = {}): string {
  if (!randomUUID) return randomAlphanumeric(PINGBACK_ID_LENGTH, random);
  const hex = now().toString(16) + randomUUID().replace(/-/g, '').toLowerCase();
  return hex.slice(0, PINGBACK_ID_LENGTH);
}

function readStoredId(storage: KeyValueStorage): string | undefined {
  try {
    const stored = storage.getItem(PINGBACK_ID_STORAGE_KEY);
    return stored && VALID_PINGBACK_ID.test(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function storeId(storage: KeyValueStorage, id: string): void {
  try {
    storage.setItem(PINGBACK_ID_STORAGE_KEY, id);
  } catch {
    // Storage can be full or forbidden (private modes, sandboxed frames): the id stays per page.
  }
}

/** The session's pingback id: the stored one when valid, else a new one, stored for next time. */
export function getPingbackId({ storage, ...sources }: PingbackIdSources = {}): string {
  const stored = storage ? readStoredId(storage) : undefined;
  if (stored) return stored;
  const id = createPingbackId(sources);
  if (storage) storeId(storage, id);
  return id;
}
