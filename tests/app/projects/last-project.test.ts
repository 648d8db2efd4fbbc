/**
 * Issue 31.18: after a browser restart, /generator reopens the project the user was in, unless
 * the local draft was chosen last; a project that no longer exists is forgotten.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetProject,
  generatorRedirect,
  rememberProject,
} from '../../../src/app/projects/last-project';

const at = (query: string) => generatorRedirect(new URLSearchParams(query));

beforeEach(() => localStorage.clear());

describe('the last opened project', () => {
  it('is reopened by /generator without a project, after a restart', () => {
    expect(at('')).toBeUndefined();
    rememberProject('p-1');
    expect(at('')).toBe('/generator?project=p-1');
    // A project in the address stays as it is.
    expect(at('project=p-2')).toBeUndefined();
  });

  it('gives way to the local draft once the user chose it', () => {
    rememberProject('p-1');
    expect(at('draft=local')).toBe('/generator');
    expect(at('')).toBeUndefined();
    rememberProject('p-3');
    expect(at('')).toBe('/generator?project=p-3');
  });

  it('is forgotten when it does not exist any more', () => {
    rememberProject('p-1');
    forgetProject('p-other');
    expect(at('')).toBe('/generator?project=p-1');
    forgetProject('p-1');
    expect(at('')).toBeUndefined();
  });
});
