/**
 * The page's journal as useWorkspace writes it: an edit made and the page left (`pagehide`)
 * before the record's debounced store is journalled as the commands since the stored record,
 * and the next page replays them over that record.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerProfile } from '../../../src/shared/api-types';
import GeneratorPage from '../../../src/app/generator/GeneratorPage';
import { readJournal } from '../../../src/app/workspace/journal';
import { RECORD_SAVE_DEBOUNCE_MS } from '../../../src/app/workspace/useWorkspace';
import {
  MemoryWorkspaceStore,
  setWorkspaceStore,
} from '../../../src/app/workspace/workspace-store';
import { renderWithProviders, restored } from '../generator/helpers';
import { resetFakeLint } from '../generator/fake-lint-client';

vi.mock('../../../src/app/generator/OutputEditor', () => import('../generator/fake-output-editor'));
vi.mock('../../../src/app/core/lint-client', () => import('../generator/fake-lint-client'));
vi.mock('../../../src/app/editor/monaco-load', () => ({
  loadMonacoInSteps: () => Promise.resolve(),
}));

const customer = vi.hoisted(() => ({ profile: undefined as CustomerProfile | undefined }));

vi.mock('../../../src/app/api/customer', () => ({
  fetchCustomer: vi.fn(() => Promise.resolve(customer.profile)),
  isSubscriptionActive: () => true,
}));

let records = new MemoryWorkspaceStore();

beforeEach(() => {
  resetFakeLint();
  localStorage.clear();
  records = new MemoryWorkspaceStore();
  setWorkspaceStore(records);
  customer.profile = {
    firstName: 'A',
    lastName: 'B',
    email: 'a@example.com',
    balance: 0,
    subscription: { until: Math.floor(Date.now() / 1000) + 86_400 },
  };
});

/** The document the Load tests load. */
const LOADED = [
  'openapi: 3.0.3',
  'info:',
  '  title: Loaded',
  '  version: 1.0.0',
  'paths:',
  '  /loaded:',
  '    get:',
  '      responses:',
  "        '200':",
  '          description: OK',
  '',
].join('\n');

const pathField = () =>
  within(screen.getAllByTestId('endpoint-panel')[0]!).getByLabelText('Path') as HTMLInputElement;

describe('the page left before the debounced store', () => {
  it('keeps the edit: journalled as commands over the stored record, replayed on return', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<GeneratorPage />);
    await restored();
    await user.type(pathField(), '/stored');
    // The debounced store runs: the record holds '/stored'.
    await waitFor(() => expect(records.records.get('local')).toBeDefined(), { timeout: 5000 });
    const stored = records.records.get('local')!;
    await user.type(pathField(), '/more');
    // Left at once: the store's debounce has not run, and a write started now never lands (the
    // page is gone with it).
    const put = records.put.bind(records);
    records.put = () => new Promise<void>(() => undefined);
    act(() => {
      fireEvent(window, new Event('pagehide'));
    });
    const entry = readJournal('local');
    expect(entry?.base).toBe(records.records.get('local')!.savedAt);
    expect(entry?.commands?.length).toBeGreaterThan(0);
    expect(entry?.viewState.form).toBeUndefined();
    first.unmount();
    records.put = put;
    expect(records.records.get('local')!.savedAt).toBe(stored.savedAt);

    const second = renderWithProviders(<GeneratorPage />);
    await restored();
    await waitFor(() => expect(pathField().value).toBe('/stored/more'));
    // Left again before a store lands (a slow machine may start one while typing): the journal
    // still builds on the same record, with the replayed commands and the new ones.
    records.put = () => new Promise<void>(() => undefined);
    await user.type(pathField(), '/again');
    act(() => {
      fireEvent(window, new Event('pagehide'));
    });
    const again = readJournal('local');
    expect(again?.base).toBe(stored.savedAt);
    expect(again?.commands?.length).toBeGreaterThan(entry!.commands!.length);
    second.unmount();
    records.put = put;
    renderWithProviders(<GeneratorPage />);
    await restored();
    await waitFor(() => expect(pathField().value).toBe('/stored/more/again'));
  }, 20_000);

  it('stores the record right after a Load, so a page left then journals commands over it', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<GeneratorPage />);
    await restored();
    const text = LOADED;
    fireEvent.change(screen.getByTestId('fake-output'), { target: { value: text } });
    const load = screen.getByRole('button', { name: 'Load YAML' });
    await waitFor(() => expect((load as HTMLButtonElement).disabled).toBe(false));
    const clicked = Date.now();
    await user.click(load);
    await waitFor(() => expect(pathField().value).toBe('/loaded'));
    await waitFor(() => expect(records.records.get('local')?.text).toBe(text));
    // Stored at once, not after the record's pause.
    expect(records.records.get('local')!.savedAt - clicked).toBeLessThan(RECORD_SAVE_DEBOUNCE_MS);
    const stored = records.records.get('local')!;
    await user.type(pathField(), '/typed');
    const put = records.put.bind(records);
    records.put = () => new Promise<void>(() => undefined);
    act(() => {
      fireEvent(window, new Event('pagehide'));
    });
    const entry = readJournal('local');
    expect(entry?.base).toBe(stored.savedAt);
    expect(entry?.commands?.length).toBeGreaterThan(0);
    expect(entry?.text).toBeUndefined();
    first.unmount();
    records.put = put;
    renderWithProviders(<GeneratorPage />);
    await restored();
    await waitFor(() => expect(pathField().value).toBe('/loaded/typed'));
  }, 20_000);

  it('journals a Load whose first store never landed as the load and the commands after it', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<GeneratorPage />);
    await restored();
    await waitFor(() => expect(records.records.get('local')).toBeDefined(), { timeout: 5000 });
    const before = records.records.get('local')!;
    const text = LOADED;
    // From the Load on, no store lands (the page goes away first).
    const put = records.put.bind(records);
    records.put = () => new Promise<void>(() => undefined);
    fireEvent.change(screen.getByTestId('fake-output'), { target: { value: text } });
    const load = screen.getByRole('button', { name: 'Load YAML' });
    await waitFor(() => expect((load as HTMLButtonElement).disabled).toBe(false));
    await user.click(load);
    await waitFor(() => expect(pathField().value).toBe('/loaded'));
    await user.type(pathField(), '/typed');
    act(() => {
      fireEvent(window, new Event('pagehide'));
    });
    const entry = readJournal('local');
    expect(entry?.base).toBeUndefined();
    expect(entry?.commands?.[0]).toEqual({ kind: 'load', text });
    first.unmount();
    records.put = put;
    expect(records.records.get('local')!.savedAt).toBe(before.savedAt);
    renderWithProviders(<GeneratorPage />);
    await restored();
    await waitFor(() => expect(pathField().value).toBe('/loaded/typed'));
    expect(screen.getAllByTestId('endpoint-panel')).toHaveLength(1);
  }, 20_000);

  it('a new workspace left before its first store comes back with its one endpoint, edited', async () => {
    const user = userEvent.setup();
    const put = records.put.bind(records);
    records.put = () => new Promise<void>(() => undefined);
    const first = renderWithProviders(<GeneratorPage />);
    await restored();
    await user.type(pathField(), '/first');
    act(() => {
      fireEvent(window, new Event('pagehide'));
    });
    expect(readJournal('local')?.base).toBeUndefined();
    first.unmount();
    records.put = put;
    expect(records.records.get('local')).toBeUndefined();
    renderWithProviders(<GeneratorPage />);
    await restored();
    await waitFor(() => expect(pathField().value).toBe('/first'));
    // The journal brings the endpoint the page started with: no second one.
    expect(screen.getAllByTestId('endpoint-panel')).toHaveLength(1);
  }, 20_000);

  it('says on the next open since when the edits a closed page could not keep were lost', async () => {
    const since = Date.UTC(2026, 10, 28, 21, 5);
    localStorage.setItem(
      'specform.workspace.journal:local',
      JSON.stringify({ savedAt: Date.now(), viewState: { v: 2 }, lost: since }),
    );
    renderWithProviders(<GeneratorPage />);
    await restored();
    const notice = await screen.findByTestId('journal-lost-notice');
    expect(notice.textContent).toContain('could not be kept');
    expect(readJournal('local')).toBeUndefined();
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('journal-lost-notice')).toBeNull();
  }, 20_000);
});
