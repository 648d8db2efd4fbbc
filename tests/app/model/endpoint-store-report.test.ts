/**
 * The bridge hands out the same report while nothing in it changed (most keystrokes): the store
 * then tells nobody, unless the list changed since (a panel added has its issues to take).
 */
import { describe, expect, it } from 'vitest';
import { EndpointStore } from '../../../src/app/model/endpoint-store';
import { createEndpoint } from '../../../src/app/model/endpoint-ops';
import type { ValidationReport } from '../../../src/shared/openapi';

describe('EndpointStore.setReport', () => {
  it('tells nobody of the same report over the same list, and does after the list changed', () => {
    const first = createEndpoint(true);
    const store = new EndpointStore([first]);
    let told = 0;
    store.subscribeReport(() => (told += 1));
    const report: ValidationReport = {
      issues: { [first.id]: [{ code: 'PATH_REQUIRED', field: 'path' }] },
      duplicateIds: [],
      canGenerate: false,
    };
    store.setReport(report);
    expect(told).toBe(1);
    store.setReport(report);
    expect(told).toBe(1);
    const second = createEndpoint(false);
    store.add(second);
    store.setReport(report);
    expect(told).toBe(2);
    expect(store.getIssues(first.id)).toHaveLength(1);
  });
});
