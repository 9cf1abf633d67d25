import { MIGRATE_PROGRESS_EVERY_FILES } from './constants.ts';
import type { MigrationCount } from './migrate.ts';

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** A progress line: files and bytes done of the total, and the rate since the start. */
export function progressLine(done: { files: number; bytes: number }, total: { files: number; bytes: number }, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? done.bytes / (elapsedMs / 1000) : 0;
  const share = total.bytes > 0 ? done.bytes / total.bytes : 1;
  return `${done.files}/${total.files} files, ${mb(done.bytes)}/${mb(total.bytes)} (${Math.floor(share * 100)}%), ${mb(rate)}/s`;
}

/**
 * Where the migration shows its progress: on a terminal one bar redrawn in place; otherwise (a log,
 * a pipe) a plain line every MIGRATE_PROGRESS_EVERY_FILES files and at the end.
 */
export function createProgress(out: NodeJS.WriteStream, total: { files: number; bytes: number }, now: () => number = Date.now) {
  const start = now();
  const width = 30;
  return {
    update(done: { files: number; bytes: number }) {
      const line = progressLine(done, total, now() - start);
      if (out.isTTY) {
        const filled = Math.round((total.files > 0 ? done.files / total.files : 1) * width);
        out.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${line}\x1b[K`);
        if (done.files === total.files) out.write('\n');
      } else if (done.files % MIGRATE_PROGRESS_EVERY_FILES === 0 || done.files === total.files) {
        out.write(`${line}\n`);
      }
    },
  };
}

/** The final count, one figure per line, the failed keys listed. */
export function summary(count: MigrationCount): string {
  const lines = [
    `found:         ${count.found} files, ${mb(count.bytesFound)}`,
    `copied:        ${count.copied} files, ${mb(count.bytesCopied)}`,
    `already there: ${count.alreadyThere}`,
    `failed:        ${count.failed.length}`,
  ];
  if (count.vanished) lines.push(`vanished:      ${count.vanished} (deleted from the media folder meanwhile)`);
  if (count.notTried) lines.push(`left:          ${count.notTried} (over --limit; run again)`);
  if (count.ignored.length)
    lines.push(
      `ignored:       ${count.ignored.length} (not media keys: ${count.ignored.slice(0, 5).join(', ')}${count.ignored.length > 5 ? ', …' : ''})`,
    );
  lines.push(`GIFs' keys recorded: ${count.gifsRecorded}`);
  for (const key of count.failed) lines.push(`failed: ${key}`);
  return `${lines.join('\n')}\n`;
}
