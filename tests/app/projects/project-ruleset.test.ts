/**
 * The open project's ruleset (issue 30): read from and saved to the project, with nothing lost
 * on the way: a change waits in this browser until the server has it (offline, a reload), and a
 * change made elsewhere meanwhile is left to the user (conflict), never overwritten silently.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProjectRuleset } from '../../../src/shared/projects';
import {
  pendingRulesetKey,
  ProjectRulesetStore,
  type RulesetApi,
} from '../../../src/app/projects/project-ruleset';

const RULES = 'extends:\n  - spectral:oas\nrules:\n  operation-tags: off\n';
const OTHER = 'extends:\n  - spectral:oas\nrules:\n  info-contact: off\n';

class Unreachable extends Error {}
class Http extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** A server holding one project's ruleset, with a switch to be unreachable. */
function fakeServer(initial: ProjectRuleset = { ruleset: null, rulesetRevision: 0 }) {
  const server = { stored: { ...initial }, offline: false, saves: [] as (string | null)[] };
  const api: RulesetApi = {
    get: () => {
      if (server.offline) return Promise.reject(new Unreachable());
      return Promise.resolve({ ...server.stored });
    },
    save: (_id, base, ruleset) => {
      if (server.offline) return Promise.reject(new Unreachable());
      if (base !== server.stored.rulesetRevision) {
        return Promise.reject(new Http(412, { ...server.stored }));
      }
      server.saves.push(ruleset);
      server.stored = { ruleset, rulesetRevision: server.stored.rulesetRevision + 1 };
      return Promise.resolve({ ...server.stored });
    },
    status: (error) => (error instanceof Http ? error.status : undefined),
    unreachable: (error) => error instanceof Unreachable,
    message: (error) => Promise.resolve(error instanceof Http ? 'refused' : undefined),
    stale: (error) =>
      Promise.resolve(error instanceof Http ? (error.body as ProjectRuleset) : undefined),
  };
  return { server, api };
}

const pending = (id = 'p1') => localStorage.getItem(pendingRulesetKey(id));

beforeEach(() => localStorage.clear());

describe('project ruleset store', () => {
  it('reads the default, saves a change, and keeps nothing in the browser once saved', async () => {
    const { server, api } = fakeServer();
    const store = new ProjectRulesetStore('p1', api);
    expect(store.current.status).toBe('loading');
    await store.load();
    expect(store.current).toEqual({ status: 'saved', ruleset: '' });
    await store.change(RULES);
    expect(store.current).toEqual({ status: 'saved', ruleset: RULES });
    expect(server.stored).toEqual({ ruleset: RULES, rulesetRevision: 1 });
    expect(pending()).toBeNull();
    // The default is stored as null.
    await store.change('');
    expect(server.stored).toEqual({ ruleset: null, rulesetRevision: 2 });
  });

  it('offline: the change stays in force and in this browser, and is sent when back', async () => {
    const { server, api } = fakeServer({ ruleset: OTHER, rulesetRevision: 3 });
    const store = new ProjectRulesetStore('p1', api);
    await store.load();
    expect(store.current.ruleset).toBe(OTHER);
    server.offline = true;
    await store.change(RULES);
    expect(store.current).toEqual({ status: 'offline', ruleset: RULES });
    expect(JSON.parse(pending()!)).toEqual({ ruleset: RULES, base: 3 });

    // A reload while still offline shows the user's ruleset, not the server's.
    const reloaded = new ProjectRulesetStore('p1', api);
    await reloaded.load();
    expect(reloaded.current).toEqual({ status: 'offline', ruleset: RULES });

    server.offline = false;
    await reloaded.retry();
    expect(reloaded.current).toEqual({ status: 'saved', ruleset: RULES });
    expect(server.stored).toEqual({ ruleset: RULES, rulesetRevision: 4 });
    expect(pending()).toBeNull();
  });

  it('opened offline: the ruleset is read when the browser is back', async () => {
    const { server, api } = fakeServer({ ruleset: OTHER, rulesetRevision: 2 });
    server.offline = true;
    const store = new ProjectRulesetStore('p1', api);
    await store.load();
    expect(store.current).toEqual({ status: 'offline', ruleset: '' });
    server.offline = false;
    await store.retry();
    expect(store.current).toEqual({ status: 'saved', ruleset: OTHER });
  });

  it('a change kept from an earlier visit is sent when the project opens', async () => {
    const { server, api } = fakeServer({ ruleset: null, rulesetRevision: 1 });
    localStorage.setItem(pendingRulesetKey('p1'), JSON.stringify({ ruleset: RULES, base: 1 }));
    const store = new ProjectRulesetStore('p1', api);
    await store.load();
    expect(store.current).toEqual({ status: 'saved', ruleset: RULES });
    expect(server.saves).toEqual([RULES]);
  });

  it('a conflict keeps the user ruleset and lets the user replace or take the other', async () => {
    const { server, api } = fakeServer();
    const store = new ProjectRulesetStore('p1', api);
    await store.load();
    // Another tab saves meanwhile.
    server.stored = { ruleset: OTHER, rulesetRevision: 1 };
    await store.change(RULES);
    expect(store.current).toEqual({ status: 'conflict', ruleset: RULES, theirs: OTHER });
    expect(server.stored.ruleset).toBe(OTHER);
    expect(JSON.parse(pending()!).ruleset).toBe(RULES);

    // A rule turned off meanwhile is not saved over the other one either.
    const more = `${RULES}  info-license: off\n`;
    await store.change(more);
    expect(store.current.status).toBe('conflict');
    expect(server.saves).toEqual([]);

    await store.replace(more);
    expect(store.current).toEqual({ status: 'saved', ruleset: more });
    expect(server.stored).toEqual({ ruleset: more, rulesetRevision: 2 });

    server.stored = { ruleset: OTHER, rulesetRevision: 5 };
    await store.change(RULES);
    expect(store.current.status).toBe('conflict');
    store.takeTheirs();
    expect(store.current).toEqual({ status: 'saved', ruleset: OTHER });
    expect(pending()).toBeNull();
    await store.change(RULES);
    expect(server.stored).toEqual({ ruleset: RULES, rulesetRevision: 6 });
  });

  it('a refusal keeps the ruleset in force and in this browser, with the server words', async () => {
    const { api } = fakeServer();
    const refusing: RulesetApi = { ...api, save: () => Promise.reject(new Http(402, {})) };
    const store = new ProjectRulesetStore('p1', refusing);
    await store.load();
    await store.change(RULES);
    expect(store.current).toEqual({ status: 'failed', ruleset: RULES, message: 'refused' });
    expect(JSON.parse(pending()!).ruleset).toBe(RULES);
  });

  it('moves a ruleset this browser kept before into a project that has none, once', async () => {
    const { server, api } = fakeServer();
    let legacy: string | undefined = RULES;
    const take = () => {
      const value = legacy;
      legacy = undefined;
      return value;
    };
    const store = new ProjectRulesetStore('p1', api, take);
    await store.load();
    expect(server.stored).toEqual({ ruleset: RULES, rulesetRevision: 1 });
    await store.change('');
    const again = new ProjectRulesetStore('p1', api, take);
    await again.load();
    expect(again.current).toEqual({ status: 'saved', ruleset: '' });
  });
});
