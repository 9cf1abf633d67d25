import { describe, expect, it } from 'vitest';
import { noticeReason } from './gif-state.ts';

describe('a state notice beside its badge', () => {
  it('leaves out the state it opens with', () => {
    expect(noticeReason('Private: only you and staff can see this GIF.')).toBe('Only you and staff can see this GIF.');
    expect(noticeReason('Hidden by the moderators: others cannot see this GIF.')).toBe('Others cannot see this GIF.');
    expect(noticeReason('Taken down by staff: its files are served to nobody else.')).toBe('Its files are served to nobody else.');
  });

  it('keeps a notice that opens with no state whole', () => {
    expect(noticeReason('Others will see this GIF once approved: soon.')).toBe('Others will see this GIF once approved: soon.');
    expect(noticeReason('Nothing to strip.')).toBe('Nothing to strip.');
    expect(noticeReason('Private:')).toBe('Private:');
  });
});
