// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installObservers } from '../testing/observers.ts';
import { createObserverPool } from './observer-pool.ts';

describe('observer pool', () => {
  let observers: ReturnType<typeof installObservers>;
  beforeEach(() => {
    observers = installObservers();
  });

  it('shares one observer per option set and hands each element its own entries', () => {
    const pool = createObserverPool();
    const [a, b] = [document.createElement('div'), document.createElement('div')];
    const [onA, onB, onSeen] = [vi.fn(), vi.fn(), vi.fn()];
    pool.observe(a, { threshold: 0 }, onA);
    pool.observe(b, { threshold: 0 }, onB);
    pool.observe(a, { threshold: 0.99 }, onSeen);
    expect(observers.connected()).toBe(2);
    observers.intersect(b, 1);
    expect(onB).toHaveBeenCalledTimes(1);
    expect(onA).not.toHaveBeenCalled();
    observers.intersect(a, 1);
    expect([onA.mock.calls.length, onSeen.mock.calls.length]).toEqual([1, 1]);
  });

  it('keeps watching an element while one of its callbacks remains, and lets it go after the last', () => {
    const pool = createObserverPool();
    const element = document.createElement('div');
    const [first, second] = [vi.fn(), vi.fn()];
    const stopFirst = pool.observe(element, { threshold: 0 }, first);
    const stopSecond = pool.observe(element, { threshold: 0 }, second);
    stopFirst();
    observers.intersect(element, 1);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([0, 1]);
    stopSecond();
    expect(observers.connected()).toBe(0);
    stopSecond(); // a second call changes nothing
    expect(observers.connected()).toBe(0);
  });

  it('disconnects everything at once, and observes afresh afterwards', () => {
    const pool = createObserverPool();
    const element = document.createElement('div');
    pool.observe(element, { threshold: 0 }, vi.fn());
    pool.disconnect();
    expect(observers.connected()).toBe(0);
    const again = vi.fn();
    pool.observe(element, { threshold: 0 }, again);
    observers.intersect(element, 1);
    expect(again).toHaveBeenCalledTimes(1);
  });
});
