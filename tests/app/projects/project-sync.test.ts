/**
 * The project autosave against a fake server: saves carry the base revision, a stale save raises
 * a conflict and stops, an unreachable server keeps the change on the device (and a reload
 * restores it), settling a conflict never overwrites silently. The record is kept as the
 * document's core keeps it (src/shared/workspace/record-keeper.ts): stored, marked pending until
 * the server has it, and sent as the body built from it; records are told apart by `savedAt`.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  pendingRecords,
  ProjectSync,
  type ApplyReason,
  type ProjectContent,
  type ProjectKeeper,
  type SaveIntent,
  type SyncApi,
  type UploadBody,
} from '../../../src/app/projects/project-sync';
import { readJournal, writeJournal } from '../../../src/app/workspace/journal';
import { MemoryWorkspaceStore, projectWorkspace } from '../../../src/app/workspace/workspace-store';
import { newDocumentMeta } from '../../../src/shared/openapi/document/meta';
import { projectBody, type Project } from '../../../src/shared/projects';
import { utf8Length } from '../../../src/shared/sizes';

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(`HTTP ${status}`);
  }
}

/** A server of one user's projects with the real revision rule; `down` makes it unreachable. */
class FakeServer {
  down = false;
  projects = new Map<string, Project>();
  saves: { id: string; base: number; content: string }[] = [];
  /** Which editing session made each revision of each project (the server's rule reads it). */
  sessions = new Map<string, (string | undefined)[]>();
  private next = 1;

  add(content: string, name = 'Pets'): string {
    const id = `p${this.next++}`;
    this.projects.set(id, { id, name, content, viewState: null, revision: 1, updatedAt: '' });
    return id;
  }

  /** Another tab saves. */
  saveElsewhere(id: string, content: string, session = 'elsewhere'): void {
    const p = this.projects.get(id)!;
    this.projects.set(id, { ...p, content, revision: p.revision + 1 });
    this.sessionsOf(id)[p.revision + 1] = session;
  }

  private sessionsOf(id: string): (string | undefined)[] {
    let list = this.sessions.get(id);
    if (list === undefined) this.sessions.set(id, (list = []));
    return list;
  }

  /** Every save after `base` was made by `session` (a tab never conflicts with itself). */
  private onlyOwnSince(id: string, base: number, revision: number, session?: string): boolean {
    if (session === undefined || revision <= base) return false;
    const made = this.sessionsOf(id);
    for (let r = base + 1; r <= revision; r += 1) if (made[r] !== session) return false;
    return true;
  }

  /** A body as the server reads it. */
  static read(body: UploadBody): ProjectContent & SaveIntent & { name?: string } {
    if (typeof body !== 'string') throw new Error('the fake keeper builds string bodies');
    const parsed = JSON.parse(body) as { content: string; viewState: unknown } & SaveIntent;
    return { ...parsed, viewStateJson: JSON.stringify(parsed.viewState ?? null) };
  }

  api: SyncApi = {
    get: (id) => {
      if (this.down) return Promise.reject(new TypeError('Failed to fetch'));
      const p = this.projects.get(id);
      return p
        ? Promise.resolve({ ...p })
        : Promise.reject(new HttpFailure(404, { message: 'Project not found.' }));
    },
    save: (id, base, content, intent) => {
      if (this.down) return Promise.reject(new TypeError('Failed to fetch'));
      const p = this.projects.get(id);
      if (!p) return Promise.reject(new HttpFailure(404, { message: 'Project not found.' }));
      this.saves.push({ id, base, content: content.content });
      if (p.revision !== base && !this.onlyOwnSince(id, base, p.revision, intent?.editSession)) {
        return Promise.reject(new HttpFailure(412, { message: 'stale', revision: p.revision }));
      }
      const revision = p.revision + 1;
      this.sessionsOf(id)[revision] = intent?.editSession;
      this.projects.set(id, { ...p, content: content.content, revision });
      return Promise.resolve({ revision, updatedAt: '' });
    },
    put: (id, base, body) => {
      const { revisionReason, editSession, ...content } = FakeServer.read(body);
      return this.api.save(id, base, content, { revisionReason, editSession });
    },
    create: (body) => {
      if (this.down) return Promise.reject(new TypeError('Failed to fetch'));
      const { name, content } = FakeServer.read(body);
      const id = this.add(content, name);
      return Promise.resolve({ id, revision: 1 });
    },
    status: (error) => (error instanceof HttpFailure ? error.status : undefined),
    unreachable: (error) => error instanceof TypeError,
    message: (error) =>
      Promise.resolve(
        error instanceof HttpFailure ? (error.body.message as string | undefined) : undefined,
      ),
    staleRevision: (error) =>
      Promise.resolve(
        error instanceof HttpFailure ? (error.body.revision as number | undefined) : undefined,
      ),
  };
}

/** Tells records apart across pages (the core stamps them with the time). */
let clock = 0;

/**
 * An editor and the document's core keeping its record: the text on screen, what the sync put
 * there, and the records stored in `store` as the core stores them.
 */
function editor(projectId: string, store: MemoryWorkspaceStore) {
  const screen = { text: '', applied: [] as ApplyReason[] };
  const name = projectWorkspace(projectId);
  let target: number | undefined;
  let last: { savedAt: number; content: string; base: number; pending: boolean } | undefined;
  const listeners = new Set<(savedAt: number) => void>();
  const write = async (record: NonNullable<typeof last>) => {
    await store.put(name, {
      text: record.content,
      viewState: { v: 2 },
      baseRevision: record.base,
      savedAt: record.savedAt,
      ...(record.pending ? { pending: true } : {}),
    });
    last = record;
  };
  const keeper: ProjectKeeper = {
    target: (revision) => {
      target = revision;
      last = undefined;
    },
    record: async () => {
      if (target === undefined) return undefined;
      if (last?.content === screen.text && last.base === target) return last.savedAt;
      const record = { savedAt: ++clock, content: screen.text, base: target, pending: true };
      await write(record);
      for (const listener of listeners) listener(record.savedAt);
      return record.savedAt;
    },
    body: (fields) =>
      Promise.resolve(
        last && {
          body: projectBody({ content: last.content, viewStateJson: '{"v":2}', ...fields }),
          savedAt: last.savedAt,
          bytes: utf8Length(last.content) + 8,
        },
      ),
    sent: async (revision, savedAt) => {
      target = revision;
      if (last === undefined) return;
      await write({ ...last, base: revision, pending: last.savedAt !== savedAt && last.pending });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    release: () => {
      target = undefined;
    },
  };
  return {
    screen,
    keeper,
    apply: (content: ProjectContent, reason: ApplyReason) => {
      screen.text = content.content;
      // The page replays a journal's commands over the shown record (useWorkspace `show`).
      for (const command of content.journal?.commands ?? []) {
        if (command.kind === 'setMeta') screen.text += ` ${command.meta.info?.title ?? ''}`;
      }
      screen.applied.push(reason);
    },
  };
}

function sync(
  server: FakeServer,
  id: string,
  store = new MemoryWorkspaceStore(),
  editSession?: string,
) {
  const ed = editor(id, store);
  const instance = new ProjectSync(id, {
    editSession: editSession ?? `tab-${++clock}`,
    api: server.api,
    pending: pendingRecords(store),
    keeper: ed.keeper,
    apply: ed.apply,
    debounceMs: 5,
    maxWaitMs: 20,
    retryMs: 10_000,
  });
  return { instance, screen: ed.screen, pending: pendingRecords(store), store };
}

const status = (s: ProjectSync) => s.getState().status;

describe('ProjectSync', () => {
  it('opens the project, saves changes with the revision they are based on', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { instance, screen } = sync(server, id);
    await instance.start();
    expect(screen.text).toBe('v1');
    expect(instance.getState()).toMatchObject({ status: 'saved', name: 'Pets', revision: 1 });

    screen.text = 'v2';
    instance.changed();
    await vi.waitFor(() => expect(server.projects.get(id)!.content).toBe('v2'));
    await vi.waitFor(() => expect(status(instance)).toBe('saved'));
    expect(instance.getState().revision).toBe(2);
    screen.text = 'v3';
    instance.changed();
    await vi.waitFor(() => expect(instance.getState().revision).toBe(3));
    expect(server.saves.map((s) => s.base)).toEqual([1, 2]);
  });

  it('does not save what is unchanged (opening, typing and undoing)', async () => {
    const server = new FakeServer();
    const id = server.add('same');
    const { instance } = sync(server, id);
    await instance.start();
    instance.changed();
    await new Promise((r) => setTimeout(r, 40));
    expect(server.saves).toEqual([]);
    expect(status(instance)).toBe('saved');
  });

  it('saves within the longest wait even while the user keeps typing', async () => {
    const server = new FakeServer();
    const id = server.add('');
    const { instance, screen } = sync(server, id);
    await instance.start();
    const started = Date.now();
    const typing = setInterval(() => {
      screen.text += 'x';
      instance.changed();
    }, 2);
    await vi.waitFor(() => expect(server.saves.length).toBeGreaterThan(0), { timeout: 500 });
    clearInterval(typing);
    expect(Date.now() - started).toBeLessThan(200);
  });

  it('raises a conflict on a stale save, stops saving and overwrites nothing', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { instance, screen, pending } = sync(server, id);
    await instance.start();
    server.saveElsewhere(id, 'theirs');
    screen.text = 'mine';
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('conflict'));
    expect(instance.getState().serverRevision).toBe(2);
    expect(server.projects.get(id)!.content).toBe('theirs');
    // Mine is kept on the device meanwhile.
    expect((await pending.get(id))?.content).toBe('mine');
    // No more saves while the conflict stands.
    screen.text = 'mine, more';
    instance.changed();
    await new Promise((r) => setTimeout(r, 40));
    expect(server.saves).toHaveLength(1);
    expect(server.projects.get(id)!.content).toBe('theirs');
  });

  it('settles a conflict by reloading the newer version', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { instance, screen, pending } = sync(server, id);
    await instance.start();
    server.saveElsewhere(id, 'theirs');
    screen.text = 'mine';
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('conflict'));
    await instance.reloadNewer();
    expect(screen.text).toBe('theirs');
    expect(screen.applied.at(-1)).toBe('reload');
    expect(instance.getState()).toMatchObject({ status: 'saved', revision: 2 });
    expect(await pending.get(id)).toBeUndefined();
    screen.text = 'theirs + mine';
    instance.changed();
    await vi.waitFor(() => expect(server.projects.get(id)!.content).toBe('theirs + mine'));
  });

  it('settles a conflict by keeping mine as a new project', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { instance, screen, pending } = sync(server, id);
    await instance.start();
    server.saveElsewhere(id, 'theirs');
    screen.text = 'mine';
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('conflict'));
    const copyId = await instance.keepMineAsCopy('Pets (my copy)');
    expect(copyId).not.toBe(id);
    expect(server.projects.get(copyId)).toMatchObject({ name: 'Pets (my copy)', content: 'mine' });
    expect(server.projects.get(id)!.content).toBe('theirs');
    instance.dispose();
    expect(await pending.get(id)).toBeUndefined();
  });

  it('keeps changes on the device while offline and sends them when back', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { instance, screen, pending } = sync(server, id);
    await instance.start();
    server.down = true;
    screen.text = 'offline edit';
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('offline'));
    expect(await pending.get(id)).toMatchObject({ content: 'offline edit', baseRevision: 1 });
    server.down = false;
    await instance.retry();
    expect(status(instance)).toBe('saved');
    expect(server.projects.get(id)!.content).toBe('offline edit');
    expect(await pending.get(id)).toBeUndefined();
  });

  it('restores a change kept on the device after a reload, offline or online', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const store = new MemoryWorkspaceStore();
    const first = sync(server, id, store);
    await first.instance.start();
    server.down = true;
    first.screen.text = 'kept';
    first.instance.changed();
    await vi.waitFor(() => expect(status(first.instance)).toBe('offline'));
    first.instance.dispose();

    // Reload while still offline: the kept text is shown, marked offline.
    const offline = sync(server, id, store);
    await offline.instance.start();
    expect(offline.screen.text).toBe('kept');
    expect(status(offline.instance)).toBe('offline');
    offline.instance.dispose();

    // Reload once the server is back: the kept text is shown and sent.
    server.down = false;
    const online = sync(server, id, store);
    await online.instance.start();
    expect(online.screen.text).toBe('kept');
    await vi.waitFor(() => expect(server.projects.get(id)!.content).toBe('kept'));
    await vi.waitFor(() => expect(status(online.instance)).toBe('saved'));
  });

  it('replays the commands journalled over a record the server has, and sends them', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const store = new MemoryWorkspaceStore();
    const name = projectWorkspace(id);
    // The record the server has (not pending), then an edit and the page left before the
    // debounced store: the journal holds the command over that record.
    await store.put(name, { text: 'v1', viewState: { v: 2 }, baseRevision: 1, savedAt: 5 });
    const meta = { ...newDocumentMeta(), info: { ...newDocumentMeta().info, title: 'typed' } };
    expect(
      writeJournal(name, {
        journal: { base: 5, commands: [{ kind: 'setMeta', meta }], since: 5 },
        collapsed: ['e1'],
        baseRevision: 1,
      }),
    ).toBe(true);
    const kept = await pendingRecords(store).get(id);
    expect(kept).toMatchObject({ content: 'v1', baseRevision: 1 });
    expect(kept?.journal).toEqual({
      base: 5,
      commands: [{ kind: 'setMeta', meta }],
      collapsed: ['e1'],
    });
    const { instance, screen } = sync(server, id, store);
    await instance.start();
    expect(screen.applied).toEqual(['restore-local']);
    expect(screen.text).toBe('v1 typed');
    await vi.waitFor(() => expect(server.projects.get(id)!.content).toBe('v1 typed'));
    await vi.waitFor(() => expect(status(instance)).toBe('saved'));
    // A journal over another record than the stored one is older than it: dropped.
    localStorage.clear();
    writeJournal(name, {
      journal: { base: 4, commands: [{ kind: 'setMeta', meta }], since: 4 },
      collapsed: [],
      baseRevision: 1,
    });
    expect((await pendingRecords(store).get(id))?.journal).toBeUndefined();
    expect(readJournal(name)).toBeUndefined();
  });

  it('a kept change based on an older revision is a conflict, not a silent overwrite', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const store = new MemoryWorkspaceStore();
    await store.put(projectWorkspace(id), {
      text: 'kept',
      viewState: { v: 2 },
      baseRevision: 1,
      pending: true,
      savedAt: 0,
    });
    server.saveElsewhere(id, 'theirs');
    const { instance, screen } = sync(server, id, store);
    await instance.start();
    expect(screen.text).toBe('kept');
    await vi.waitFor(() => expect(status(instance)).toBe('conflict'));
    expect(instance.getState().serverRevision).toBe(2);
    expect(server.projects.get(id)!.content).toBe('theirs');
  });

  it('a save of this tab whose answer a reload cut off is no conflict: the kept change goes on top', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const store = new MemoryWorkspaceStore();
    // The tab sent 'sent' (revision 2) and reloaded before the answer; the device kept its
    // later change, still based on revision 1.
    await store.put(projectWorkspace(id), {
      text: 'sent, then more',
      viewState: { v: 2 },
      baseRevision: 1,
      pending: true,
      savedAt: 0,
    });
    server.saveElsewhere(id, 'sent', 'this-tab');
    const { instance, screen } = sync(server, id, store, 'this-tab');
    await instance.start();
    expect(screen.text).toBe('sent, then more');
    await vi.waitFor(() => expect(status(instance)).toBe('saved'));
    expect(server.projects.get(id)).toMatchObject({ content: 'sent, then more', revision: 3 });
    expect(instance.getState().revision).toBe(3);
    // Another tab's save in between is still a conflict.
    server.saveElsewhere(id, 'theirs');
    screen.text = 'mine again';
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('conflict'));
    expect(server.projects.get(id)!.content).toBe('theirs');
  });

  it('says when a save fails for another reason, keeps the change and retries on demand', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { instance, screen, pending } = sync(server, id);
    await instance.start();
    const put = server.api.put;
    server.api.put = () => Promise.reject(new HttpFailure(413, { message: 'Too large' }));
    screen.text = 'big';
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('error'));
    expect(instance.getState().message).toBe('Too large');
    expect((await pending.get(id))?.content).toBe('big');
    server.api.put = put;
    await instance.retry();
    expect(status(instance)).toBe('saved');
    expect(server.projects.get(id)!.content).toBe('big');
  });

  it('is read-only after a 402 and reports a missing project', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { instance, screen } = sync(server, id);
    await instance.start();
    server.api.put = () => Promise.reject(new HttpFailure(402, { message: 'No subscription' }));
    screen.text = 'x';
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('readonly'));
    const missing = sync(server, 'nope');
    await missing.instance.start();
    expect(status(missing.instance)).toBe('missing');
  });
});

describe('ProjectSync sizes and history reasons (issues 21.5, 18.4)', () => {
  /** The fake server's api, recording each save's intent; `limit` answers 413 above it. */
  function recording(server: FakeServer, limit = Infinity) {
    const intents: (SaveIntent | undefined)[] = [];
    const save: SyncApi['save'] = (id, base, content, intent) => {
      intents.push(intent);
      if (new TextEncoder().encode(content.content).length > limit) {
        return Promise.reject(new HttpFailure(413, { message: 'The project is too large.' }));
      }
      return server.api.save(id, base, content, intent);
    };
    const api: SyncApi = {
      ...server.api,
      save,
      put: (id, base, body) => {
        const { revisionReason, editSession, ...content } = FakeServer.read(body);
        return save(id, base, content, { revisionReason, editSession });
      },
      maxBytes: () => Promise.resolve(1024),
    };
    return { api, intents };
  }

  function start(api: SyncApi, id: string) {
    const store = new MemoryWorkspaceStore();
    const ed = editor(id, store);
    const instance = new ProjectSync(id, {
      api,
      pending: pendingRecords(store),
      keeper: ed.keeper,
      apply: ed.apply,
      debounceMs: 5,
      maxWaitMs: 20,
      retryMs: 10,
    });
    return { instance, screen: ed.screen };
  }

  it('refuses a save over the limit in UTF-8 bytes before sending it, and says so', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { api, intents } = recording(server);
    const { instance, screen } = start(api, id);
    await instance.start();
    // 600 characters, 1200 bytes of UTF-8: over the 1024-byte limit though "short" in characters.
    screen.text = 'ж'.repeat(600);
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('error'));
    expect(instance.getState().message).toMatch(/too large to save/);
    expect(intents).toEqual([]);
    // Made smaller, it is saved.
    screen.text = 'ж'.repeat(500);
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('saved'));
    expect(server.projects.get(id)!.content).toBe('ж'.repeat(500));
  });

  it('shows a 413 answer and does not retry it by itself', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { api, intents } = recording(server, 100);
    const { instance, screen } = start(api, id);
    await instance.start();
    screen.text = 'x'.repeat(200);
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('error'));
    expect(instance.getState().message).toBe('The project is too large.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(intents).toHaveLength(1);
    // The same size again is not sent either; a smaller text is.
    screen.text = 'y'.repeat(200);
    instance.changed();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(intents).toHaveLength(1);
    expect(status(instance)).toBe('error');
    screen.text = 'small';
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('saved'));
    expect(intents).toHaveLength(2);
  });

  it('sends the reason of a save once, then autosaves, all with one editing session', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { api, intents } = recording(server);
    const { instance, screen } = start(api, id);
    await instance.start();
    screen.text = 'typed';
    instance.changed();
    await vi.waitFor(() => expect(instance.getState().revision).toBe(2));
    instance.startRevision('load');
    screen.text = 'loaded';
    instance.changed();
    await vi.waitFor(() => expect(instance.getState().revision).toBe(3));
    screen.text = 'loaded and edited';
    instance.changed();
    await vi.waitFor(() => expect(instance.getState().revision).toBe(4));
    expect(intents.map((i) => i?.revisionReason)).toEqual(['autosave', 'load', 'autosave']);
    const sessions = new Set(intents.map((i) => i?.editSession));
    expect(sessions.size).toBe(1);
    expect([...sessions][0]).toMatch(/^[0-9a-f]{24}$/);
  });

  it('saves a given text as a version of its own before a change (issue 19.6)', async () => {
    const server = new FakeServer();
    const id = server.add('openapi: 3.0.1 (before)');
    const { api, intents } = recording(server);
    const { instance, screen } = start(api, id);
    await instance.start();
    // Swagger text pasted into the editor: an autosave of the screen is scheduled…
    screen.text = 'openapi: 3.0.1 (before) + pasted swagger';
    instance.changed();
    // …and the conversion first keeps the Swagger text as a version, then converts.
    const swagger = { content: "swagger: '2.0'", viewStateJson: null };
    expect(await instance.saveVersion(swagger, 'load')).toBe(true);
    instance.startRevision('convert');
    screen.text = 'openapi: 3.0.4 (converted)';
    instance.changed();
    await vi.waitFor(() => expect(instance.getState().revision).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.saves.map((save) => save.content)).toEqual([
      "swagger: '2.0'",
      'openapi: 3.0.4 (converted)',
    ]);
    expect(intents.map((i) => i?.revisionReason)).toEqual(['load', 'convert']);
    expect(status(instance)).toBe('saved');
  });

  it('waits for a save under way before saving a version, so neither is stale', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api: SyncApi = {
      ...server.api,
      put: async (...args) => {
        if (server.saves.length === 0) await gate;
        return server.api.put(...args);
      },
    };
    const { instance, screen } = start(api, id);
    await instance.start();
    screen.text = 'typed';
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('saving'));
    const version = instance.saveVersion({ content: 'kept', viewStateJson: null }, 'load');
    release();
    expect(await version).toBe(true);
    expect(server.saves).toEqual([
      { id, base: 1, content: 'typed' },
      { id, base: 2, content: 'kept' },
    ]);
    expect(instance.getState()).toMatchObject({ status: 'saved', revision: 3 });
  });

  it('saves no version while the project is in conflict', async () => {
    const server = new FakeServer();
    const id = server.add('v1');
    const { instance, screen } = start(server.api, id);
    await instance.start();
    server.saveElsewhere(id, 'elsewhere');
    screen.text = 'mine';
    instance.changed();
    await vi.waitFor(() => expect(status(instance)).toBe('conflict'));
    const saves = server.saves.length;
    expect(await instance.saveVersion({ content: 'kept', viewStateJson: null }, 'load')).toBe(
      false,
    );
    expect(server.saves).toHaveLength(saves);
  });
});
