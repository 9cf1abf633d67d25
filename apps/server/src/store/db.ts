import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrate } from './migrate.ts';
import { CONTENT_CHANGES_CHANNEL, CONTENT_CHANGES_SETTING } from './migrations/016_content_changes.ts';
import { TRENDING_SEARCH_CHANGES_CHANNEL } from './migrations/026_trending_search_changes.ts';

export type StoreKind = 'pglite' | 'postgres';

export interface Store {
  /** The primary: every write, and reads that must see them. */
  db: Kysely<Database>;
  /** Public reads: a replica when `readDatabaseUrl` is given (PostgreSQL), else `db` itself. */
  readDb: Kysely<Database>;
  kind: StoreKind;
  /**
   * How many times `gifs`, `users` or `trending_lists` changed since the store opened, counted before
   * the writer's own call returns (migration 016's notifications), so a reader in this process can
   * trust what it read while the count stands. Only the embedded store on this thread, where every
   * writer is in this process: another process's changes reach a PostgreSQL listener late, so there
   * is none.
   */
  contentChanges?: () => number;
  /**
   * Likewise, how many times what trending searches are read from besides `gifs` and `users`
   * changed (migration 026's notifications: scores, searchers, blocked and approved terms).
   */
  trendingSearchChanges?: () => number;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite store is used. */
  databaseUrl?: string | undefined;
  /** A second PostgreSQL connection string for public reads (a streaming replica of `databaseUrl`). */
  readDatabaseUrl?: string | undefined;
  /** Where PGlite keeps its files; absent means in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * Where the embedded store runs: PGlite on the calling thread by default. The bench passes PGlite
   * behind a worker thread (tests/bench/pglite-worker.ts) to measure that choice.
   */
  embedded?: (pgdataDir: string | undefined) => EmbeddedPglite;
}

/** What node-postgres needs of PGlite (createPgConfig), and closing it. */
export interface EmbeddedPglite {
  waitReady: Promise<void>;
  execProtocolStream(bytes: Uint8Array, options?: { throwOnError?: boolean }): Promise<unknown[]>;
  /** PGlite's own LISTEN: the callback runs (as a microtask) while the notifying commit's results are read. */
  listen?(channel: string, callback: (payload: string) => void): Promise<unknown>;
  close(): Promise<void>;
}

const onThisThread = (pgdataDir: string | undefined): EmbeddedPglite =>
  new PGlite({ dataDir: pgdataDir, extensions: { pg_trgm } }) as unknown as EmbeddedPglite;

// int8 (count(*), bigint ids) stays a string so 64-bit values never lose precision; a date stays
// `YYYY-MM-DD` (node-postgres would make it a Date at local midnight, a day off in some time zones).
const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * Applied to every connection. Fuzzy search (`%>`) matches a word at 0.5 trigram word similarity
 * rather than pg_trgm's 0.6, which misses one-letter typos and transpositions ("pengiun").
 */
const SESSION_SETTINGS = 'SET pg_trgm.word_similarity_threshold = 0.5';

/** `/* prepared:NAME *\/` at the start of a statement's text: see PreparingClient. */
const PREPARED_MARK = /^\/\* prepared:([a-z][a-z-]*) \*\//;

/**
 * node-postgres's client, sending a statement marked `/* prepared:NAME *\/` as the named prepared
 * statement NAME, so each connection parses and plans it once instead of on every call. Kysely sends
 * every statement unnamed; the mark is how one hot statement (the collector's group commit) asks for
 * a name. Only marked statements are named, so each connection holds a bounded set.
 */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: forwards every one of pg.Client's query overloads
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' && Array.isArray(values) ? PREPARED_MARK.exec(config)?.[1] : undefined;
    return name ? super.query({ name, text: config, values }, callback) : super.query(config, values, callback);
  }
}

function withSessionSettings(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    // Queued before the caller's query: a connection that cannot run this fails that query too, which reports it.
    client.query(SESSION_SETTINGS).catch(() => {});
  });
  return pool;
}

/** Opens the store (PGlite or PostgreSQL, one Kysely dialect over both) and applies pending migrations. */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.readDatabaseUrl && !options.databaseUrl) throw new Error('A read database (DATABASE_READ_URL) needs DATABASE_URL too');
  const store = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.readDatabaseUrl, options.poolSize)
    : await openPglite(options.dataDir, options.embedded ?? onThisThread);
  try {
    await migrate(store.db);
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

/**
 * The store's change counts (`Store.contentChanges`, `Store.trendingSearchChanges`), when the embedded
 * store can listen: its one session both sends (migrations 016 and 026's triggers, switched on here)
 * and hears the notifications.
 */
async function countChanges(
  pglite: EmbeddedPglite,
  db: Kysely<Database>,
): Promise<Pick<Store, 'contentChanges' | 'trendingSearchChanges'>> {
  if (!pglite.listen) return {};
  const counted = async (channel: string) => {
    let changes = 0;
    await pglite.listen!(channel, () => {
      changes += 1;
    });
    return () => changes;
  };
  const counts = {
    contentChanges: await counted(CONTENT_CHANGES_CHANNEL),
    trendingSearchChanges: await counted(TRENDING_SEARCH_CHANGES_CHANNEL),
  };
  await sql`SELECT set_config(${CONTENT_CHANGES_SETTING}, 'on', false)`.execute(db);
  return counts;
}

function postgresDb(connectionString: string, poolSize: number): Kysely<Database> {
  const pool = withSessionSettings(new pg.Pool({ connectionString, max: poolSize, types: { getTypeParser }, Client: PreparingClient }));
  // An idle connection the server ended (a restart, a dropped database) is replaced on next use;
  // unhandled, its error would end the process.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

function openPostgres(connectionString: string, readConnectionString: string | undefined, poolSize = 10): Store {
  const db = postgresDb(connectionString, poolSize);
  const readDb = readConnectionString ? postgresDb(readConnectionString, poolSize) : db;
  return {
    db,
    readDb,
    kind: 'postgres',
    async close() {
      await db.destroy();
      if (readDb !== db) await readDb.destroy();
    },
  };
}

async function openPglite(dataDir: string | undefined, embedded: (pgdataDir: string | undefined) => EmbeddedPglite): Promise<Store> {
  const pglite = embedded(dataDir ? path.join(dataDir, 'pgdata') : undefined);
  await pglite.waitReady;
  const pool = withSessionSettings(
    new pg.Pool({ ...createPgConfig(pglite as unknown as PGlite), types: { getTypeParser }, Client: PreparingClient } as pg.PoolConfig),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    readDb: db,
    kind: 'pglite',
    ...(await countChanges(pglite, db)),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

function getTypeParser(oid: number, format?: string): (value: string) => unknown {
  if (oid === INT8_OID || oid === DATE_OID) return (value: string) => value;
  return pg.types.getTypeParser(oid, format as 'text');
}
