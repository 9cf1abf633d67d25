import { describe, expect, it } from 'vitest';
import { queueCommand, type KeyPress } from './shortcuts.ts';

const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  targetTag: 'BODY',
  targetEditable: false,
  ...over,
});

describe('review queue shortcuts', () => {
  it('maps a, h, r to decisions and j, k to moving, whatever the case', () => {
    expect(queueCommand(press('a'))).toEqual({ decide: 'approve' });
    expect(queueCommand(press('H'))).toEqual({ decide: 'hide' });
    expect(queueCommand(press('r'))).toEqual({ decide: 'remove' });
    expect(queueCommand(press('j'))).toEqual({ move: 1 });
    expect(queueCommand(press('k'))).toEqual({ move: -1 });
    expect(queueCommand(press('x'))).toBeUndefined();
  });

  it('does nothing while typing in a field or with a modifier held', () => {
    expect(queueCommand(press('h', { targetTag: 'INPUT' }))).toBeUndefined();
    expect(queueCommand(press('h', { targetTag: 'TEXTAREA' }))).toBeUndefined();
    expect(queueCommand(press('h', { targetTag: 'DIV', targetEditable: true }))).toBeUndefined();
    expect(queueCommand(press('r', { ctrlKey: true }))).toBeUndefined();
    expect(queueCommand(press('r', { metaKey: true }))).toBeUndefined();
  });
});
