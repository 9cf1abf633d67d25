import { describe, expect, it } from 'vitest';
import { pollJob, type JobReport } from './job-polling.ts';

const reader = (reports: (JobReport | Error)[]) => {
  let calls = 0;
  const read = async () => {
    const next = reports[Math.min(calls++, reports.length - 1)]!;
    if (next instanceof Error) throw next;
    return next;
  };
  return { read, calls: () => calls };
};

describe('pollJob (SPEC 9: 8 tries, 500 ms apart)', () => {
  it('stops at DONE and waits 500 ms between tries', async () => {
    const waits: number[] = [];
    const r = reader([{ status: 'PENDING' }, { status: 'RUNNING' }, { status: 'DONE' }]);
    const outcome = await pollJob(r.read, { wait: async (ms) => void waits.push(ms) });
    expect(outcome).toEqual({ kind: 'finished', report: { status: 'DONE' } });
    expect(waits).toEqual([500, 500]);
    expect(r.calls()).toBe(3);
  });

  it('is still working after 8 tries, and says so with the last report', async () => {
    const r = reader([{ status: 'RUNNING', progress: { added: 3 } }]);
    const outcome = await pollJob(r.read, { wait: async () => {} });
    expect(outcome).toEqual({ kind: 'still-working', report: { status: 'RUNNING', progress: { added: 3 } } });
    expect(r.calls()).toBe(8);
  });

  it('reports a failure with its reason and keeps trying through a failed read', async () => {
    const r = reader([new Error('offline'), { status: 'FAILED', error: 'boom' }]);
    expect(await pollJob(r.read, { wait: async () => {} })).toEqual({ kind: 'finished', report: { status: 'FAILED', error: 'boom' } });
  });
});
