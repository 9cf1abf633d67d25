import { ADOPT_LOCK_NAME, OWNER_LOCK_PREFIX } from '../constants.ts';
import type { QueuedEvent, QueueStore } from './types.ts';

/** The part of the Web Locks API the queue uses (navigator.locks in pages, workers and service workers). */
export interface Locks {
  request<T>(name: string, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T>;
}

export const ownerLockName = (owner: string) => `${OWNER_LOCK_PREFIX}${owner}`;

/**
 * Takes `owner`'s lock and keeps it until `release` is called or the holder (page worker, service
 * worker) ends: while it is held nobody else sends that owner's events. Resolves once it is held.
 */
export function holdOwnership(locks: Locks, owner: string): Promise<{ release(): void }> {
  return new Promise((held) => {
    void locks.request(ownerLockName(owner), () => new Promise<void>((release) => held({ release })));
  });
}

/** Whether `owner` is gone: nobody holds its lock. */
async function isGone(locks: Locks, owner: string, waitMs: number): Promise<boolean> {
  if (waitMs <= 0) return locks.request(ownerLockName(owner), { ifAvailable: true }, (lock) => lock !== null);
  try {
    return await locks.request(ownerLockName(owner), { signal: AbortSignal.timeout(waitMs) }, () => true);
  } catch {
    return false;
  }
}

/** The owners (other than `self`) among `entries` that are gone; each is checked in parallel, waiting up to `waitMs`. */
async function goneOwners(locks: Locks, entries: QueuedEvent[], self: string, waitMs: number): Promise<Set<string>> {
  const owners = [...new Set(entries.map((entry) => entry.owner))].filter((owner) => owner !== self);
  const verdicts = await Promise.all(owners.map(async (owner) => [owner, await isGone(locks, owner, waitMs)] as const));
  return new Set(verdicts.filter(([, gone]) => gone).map(([owner]) => owner));
}

/** Those of `entries` left by queues that are gone (nobody adopted them yet). */
export async function orphansAmong(locks: Locks, entries: QueuedEvent[], self: string): Promise<QueuedEvent[]> {
  const gone = await goneOwners(locks, entries, self, 0);
  return entries.filter((entry) => gone.has(entry.owner));
}

/**
 * Makes `self` the owner of every orphan, under an exclusive lock so two adopters never take the
 * same event: the second finds them owned by the first, whose lock is held. `waitMs` lets a caller
 * wait that long for owners still alive to go (a closing page's worker ends a moment after it).
 * The store is read again after the wait: an owner that went meanwhile may have sent and removed
 * its events first. The caller must hold its own ownership lock before adopting.
 */
export function adoptOrphans(locks: Locks, store: QueueStore, self: string, waitMs = 0): Promise<QueuedEvent[]> {
  return locks.request(ADOPT_LOCK_NAME, async () => {
    const gone = await goneOwners(locks, await store.all(), self, waitMs);
    const adopted = (await store.all()).filter((entry) => gone.has(entry.owner)).map((entry) => ({ ...entry, owner: self }));
    if (adopted.length > 0) await store.put(adopted);
    return adopted;
  });
}
