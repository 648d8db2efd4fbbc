/** What decides Generate: the lint's one answer, and the session's report where it must. */
import { describe, expect, it } from 'vitest';
import { generateVerdict } from '../../../src/app/generator/problems';

const yes = { canGenerate: true };
const no = { canGenerate: false };

describe('generateVerdict', () => {
  it('follows the lint once it answered, giving its reason', () => {
    expect(generateVerdict(yes, yes)).toEqual({ pass: true, reasonFromReport: true });
    expect(generateVerdict(no, yes)).toEqual({ pass: false, reasonFromReport: false });
    expect(generateVerdict(no, no)).toEqual({ pass: false, reasonFromReport: false });
  });

  it('follows the session before the lint answered (or when it cannot)', () => {
    expect(generateVerdict(undefined, yes).pass).toBe(true);
    expect(generateVerdict(undefined, no)).toEqual({ pass: false, reasonFromReport: true });
    expect(generateVerdict(undefined, undefined).pass).toBe(false);
  });

  it('stays off, with the form’s reason, when the lint lets pass what the session cannot write', () => {
    // A ruleset with DUPLICATE: off, or an answer a step behind a new duplicate route: the
    // worker would refuse the Generate without a word.
    expect(generateVerdict(yes, no)).toEqual({ pass: false, reasonFromReport: true });
  });
});
