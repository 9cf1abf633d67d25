import { describe, expect, it } from 'vitest';
import { fileExtension, videoErrorMessage } from './video-error.ts';
import { displayedProgress, newlyReachedQuartiles } from './video-progress.ts';
import { betterRendition, chooseRendition } from './video-rendition.ts';

describe('videoErrorMessage', () => {
  it('maps codes 1..4 to the SPEC 8 messages', () => {
    const url = 'https://media.example/v/clip.webm?cid=1#t=2';
    expect(videoErrorMessage(1, url)).toBe(
      "Aborted. The fetching process for the media resource was aborted by the user agent at the user's request.",
    );
    expect(videoErrorMessage(2, url)).toBe('Network Error...');
    expect(videoErrorMessage(3, url)).toBe('Decode Error...');
    expect(videoErrorMessage(4, url)).toBe('Can not play a video of type "webm" on this platform.');
  });

  it('names codes outside 1..4 instead of throwing', () => {
    expect(videoErrorMessage(9, undefined)).toBe('Unknown video error (code 9).');
  });
});

describe('fileExtension', () => {
  it.each([
    ['https://h/a/b.mp4?x=1.2', 'mp4'],
    ['https://h/a.b/clip', ''],
    ['/v/.hidden', ''],
    ['', ''],
    [undefined, ''],
  ])('%s -> %s', (url, ext) => expect(fileExtension(url)).toBe(ext));
});

describe('rendition choice', () => {
  const small = { url: 's.mp4', width: 200, height: 112 };
  const medium = { url: 'm.mp4', width: 480, height: 270 };
  const large = { url: 'l.mp4', width: 1280, height: 720 };
  const all = [large, small, medium];

  it('takes the smallest rendition covering the box within 50 px', () => {
    expect(chooseRendition(all, 250, 162)).toBe(small);
    expect(chooseRendition(all, 251, 100)).toBe(medium);
    expect(chooseRendition(all, 100, 163)).toBe(medium);
  });

  it('falls back to the largest when none covers, and to undefined when empty', () => {
    expect(chooseRendition(all, 4000, 3000)).toBe(large);
    expect(chooseRendition([], 100, 100)).toBeUndefined();
  });

  it('only ever upgrades the current rendition', () => {
    expect(betterRendition(small, all, 480, 270)).toBe(medium);
    expect(betterRendition(medium, all, 480, 270)).toBeUndefined();
    expect(betterRendition(medium, all, 100, 50)).toBeUndefined();
    expect(betterRendition(undefined, all, 100, 50)).toBe(small);
    expect(betterRendition(undefined, [], 100, 50)).toBeUndefined();
  });
});

describe('progress', () => {
  it('is the played fraction, clamped, and 0 while the duration is unknown', () => {
    expect(displayedProgress(3, 12)).toBe(0.25);
    expect(displayedProgress(13, 12)).toBe(1);
    expect(displayedProgress(-1, 12)).toBe(0);
    expect(displayedProgress(3, 0)).toBe(0);
    expect(displayedProgress(3, Number.NaN)).toBe(0);
  });

  it('shows 100% for videos under 10 s once past 98%', () => {
    expect(displayedProgress(4.95, 5)).toBe(1);
    expect(displayedProgress(0.98, 1)).toBe(0.98); // exactly 98% is not over it
    expect(displayedProgress(9.9, 10)).toBe(0.99); // 10 s is not under 10 s
    expect(displayedProgress(19.8, 20)).toBe(0.99);
  });
});

describe('newlyReachedQuartiles', () => {
  it('returns unreported quartiles passed, in order', () => {
    expect(newlyReachedQuartiles(2.4, 10, [])).toEqual([]);
    expect(newlyReachedQuartiles(2.5, 10, [])).toEqual([0.25]);
    expect(newlyReachedQuartiles(8, 10, [0.25])).toEqual([0.5, 0.75]);
    expect(newlyReachedQuartiles(10, 10, [0.25, 0.5, 0.75])).toEqual([]);
    expect(newlyReachedQuartiles(5, 0, [])).toEqual([]);
  });
});
