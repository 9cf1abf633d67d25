/**
 * Every PostgreSQL advisory lock the server takes, named in one place so no two features share a
 * key by accident. Keys are 7_311_xxx (an arbitrary prefix of ours); a retired key is not reused.
 */
export const LOCK_KEYS = {
  /** Two servers starting at once on a database made before Kysely's Migrator adopt its record once (store/migrate.ts). */
  migrations: 7_311_001,
  /** Event appends in commit order, so a projector reading `seq > last` never skips one (store/events.ts). */
  eventLog: 7_311_002,
  /** With a trending list's number: one process rebuilds it, the others skip (content/trending-order.ts). */
  trendingOrder: 7_311_009,
  /** Channel tree changes: a cycle check and the move it allows see one tree (channels/write-routes.ts). */
  channelTree: 7_311_011,
} as const;
