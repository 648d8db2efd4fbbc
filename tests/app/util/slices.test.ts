import { describe, expect, it } from 'vitest';
import { runInSlices, runToEnd } from '../../../src/app/util/slices';

function* counting(steps: number, log: string[]): Generator<void, number> {
  for (let i = 0; i < steps; i++) {
    log.push(`step ${i}`);
    yield;
  }
  return steps;
}

describe('runInSlices', () => {
  it('gives the browser a turn between slices and returns the result', async () => {
    const log: string[] = [];
    const done = runInSlices(counting(3, log), () => false, 0);
    // The first slice ran synchronously; the rest waits for a message task.
    expect(log).toEqual(['step 0']);
    log.push('browser turn');
    expect(await done).toBe(3);
    expect(log).toEqual(['step 0', 'browser turn', 'step 1', 'step 2']);
  });

  it('stops between slices once cancelled', async () => {
    const log: string[] = [];
    let cancelled = false;
    const done = runInSlices(counting(5, log), () => cancelled, 0);
    cancelled = true;
    expect(await done).toBeUndefined();
    expect(log).toEqual(['step 0']);
  });

  it('runs a slice to its time budget before yielding', async () => {
    const log: string[] = [];
    expect(await runInSlices(counting(50, log), () => false, 10_000)).toBe(50);
    expect(log).toHaveLength(50);
  });
});

describe('runToEnd', () => {
  it('runs the generator synchronously', () => {
    expect(runToEnd(counting(4, []))).toBe(4);
  });
});
