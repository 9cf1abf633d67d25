import { describe, expect, it } from 'vitest';
import { MIGRATE_PROGRESS_EVERY_FILES } from './constants.ts';
import { createProgress, progressLine, summary } from './migrate-progress.ts';

const MB = 1024 * 1024;
const sink = (isTTY: boolean) => {
  const writes: string[] = [];
  return { writes, out: { isTTY, write: (s: string) => writes.push(s) > 0 } as unknown as NodeJS.WriteStream };
};

describe('the migration progress', () => {
  it('says files and bytes done of the total and the rate', () => {
    expect(progressLine({ files: 3, bytes: 5 * MB }, { files: 10, bytes: 20 * MB }, 2000)).toBe(
      '3/10 files, 5.0 MB/20.0 MB (25%), 2.5 MB/s',
    );
  });

  it('prints a plain line every N files and at the end without a terminal', () => {
    const { writes, out } = sink(false);
    const total = { files: MIGRATE_PROGRESS_EVERY_FILES + 1, bytes: MIGRATE_PROGRESS_EVERY_FILES + 1 };
    const progress = createProgress(out, total, () => 0);
    for (let files = 1; files <= total.files; files++) progress.update({ files, bytes: files });
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatch(new RegExp(`^${total.files}/${total.files} files`));
    expect(writes.every((w) => w.endsWith('\n') && !w.includes('\r'))).toBe(true);
  });

  it('redraws one bar in place on a terminal, ending the line when done', () => {
    const { writes, out } = sink(true);
    const progress = createProgress(out, { files: 2, bytes: 2 }, () => 0);
    progress.update({ files: 1, bytes: 1 });
    progress.update({ files: 2, bytes: 2 });
    expect(writes[0]).toMatch(/^\r\[#{15}-{15}\] 1\/2 files/);
    expect(writes.slice(1)).toEqual([expect.stringMatching(/^\r\[#{30}\] 2\/2 files/), '\n']);
  });

  it('ends with a count that lists the failed keys', () => {
    const text = summary({
      found: 3,
      bytesFound: 3 * MB,
      copied: 1,
      bytesCopied: MB,
      alreadyThere: 1,
      failed: ['a/1.gif'],
      vanished: 0,
      notTried: 0,
      ignored: [],
      gifsRecorded: 1,
    });
    expect(text).toContain('found:         3 files, 3.0 MB');
    expect(text).toContain('copied:        1 files, 1.0 MB');
    expect(text).toContain('already there: 1');
    expect(text).toContain('failed:        1');
    expect(text).toContain('failed: a/1.gif');
  });
});
