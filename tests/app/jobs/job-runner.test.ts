import { describe, expect, it, vi } from 'vitest';
import { JobRunner, type JobRunnerOptions } from '../../../src/app/jobs/job-runner';
import type { SubscriptionCheck } from '../../../src/app/api/subscription-check';

function runner(check: SubscriptionCheck, overrides: Partial<JobRunnerOptions> = {}) {
  return new JobRunner({
    checkSubscription: () => Promise.resolve(check),
    describe: (failure) => `failed: ${String(failure)}`,
    checkFailed: () => 'check failed',
    ...overrides,
  });
}

describe('JobRunner', () => {
  it('runs a job when the subscription is active, busy meanwhile', async () => {
    const jobs = runner({ status: 'active' });
    const seen: (string | undefined)[] = [];
    jobs.subscribe(() => seen.push(jobs.getState().busy));
    const job = vi.fn(() => Promise.resolve());
    await jobs.run('generate', job);
    expect(job).toHaveBeenCalledOnce();
    expect(seen).toContain('generate');
    expect(jobs.getState()).toMatchObject({ busy: undefined, renew: false, error: undefined });
  });

  it('shows the renew link and runs nothing when the subscription is not active', async () => {
    const jobs = runner({ status: 'inactive' });
    const job = vi.fn(() => Promise.resolve());
    await jobs.run('load', job);
    expect(job).not.toHaveBeenCalled();
    expect(jobs.getState().renew).toBe(true);
  });

  it('says a failed check and retries the same job', async () => {
    let status: SubscriptionCheck = { status: 'failed', failure: undefined };
    const jobs = runner(status, { checkSubscription: () => Promise.resolve(status) });
    const job = vi.fn(() => Promise.resolve());
    await jobs.run('load', job);
    expect(jobs.getState().checkFailed?.message).toBe('check failed');
    expect(job).not.toHaveBeenCalled();
    status = { status: 'active' };
    jobs.getState().checkFailed?.retry();
    await vi.waitFor(() => expect(job).toHaveBeenCalledOnce());
    expect(jobs.getState().checkFailed).toBeUndefined();
  });

  it('turns a failure into the error line, and a cancelled job into nothing', async () => {
    const jobs = runner({ status: 'active' });
    await jobs.run('generate', () => Promise.reject(new Error('boom')));
    expect(jobs.getState().error).toBe('failed: Error: boom');
    await jobs.run('generate', async () => {
      const signal = jobs.signal();
      jobs.cancel();
      expect(signal.aborted).toBe(true);
      throw new DOMException('Aborted', 'AbortError');
    });
    expect(jobs.getState().error).toBeUndefined();
  });

  it('aborts a running job when the page goes away, and works again once shown', async () => {
    const jobs = runner({ status: 'active' });
    const detach = jobs.attach();
    let signal: AbortSignal | undefined;
    const running = jobs.run('load', async () => {
      signal = jobs.signal();
      detach();
      await Promise.resolve();
    });
    await running;
    expect(signal?.aborted).toBe(true);
    jobs.attach();
    expect(jobs.pageSignal.aborted).toBe(false);
  });

  it('shows progress only beyond one message of views', () => {
    const jobs = runner({ status: 'active' });
    jobs.onProgress(5, 10);
    expect(jobs.getState().progress).toBeUndefined();
    jobs.onProgress(30, 400);
    expect(jobs.getState().progress).toEqual({ done: 30, total: 400 });
  });
});
