/**
 * Issue 30: the project's ruleset edited in the app. "Ruleset…" in the Problems panel opens a
 * dialog with the ruleset in force (the default's own text when none), checked by the lint engine
 * before it is saved; a refused or invalid ruleset keeps the dialog open with the user's text and
 * says why. In a project the ruleset is the project's (read from and saved to the server), and
 * turning a rule off writes it there.
 */
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RULESET_YAML } from '../../../src/shared/openapi/lint/types';
import type { ProjectRuleset } from '../../../src/shared/projects';
import { collectProblems } from '../../../src/app/generator/problems';
import {
  ProblemsPanel,
  problemsViewKey,
  useProblemsView,
} from '../../../src/app/generator/ProblemsPanel';
import { RulesetDialog, storedRuleset } from '../../../src/app/generator/RulesetDialog';
import { renderPage } from '../pages/pricing/page-helpers';
import type * as ProjectsApi from '../../../src/app/api/projects';

const server = vi.hoisted(() => ({
  stored: { ruleset: null, rulesetRevision: 0 } as {
    ruleset: string | null;
    rulesetRevision: number;
  },
  saves: [] as { base: number; ruleset: string | null }[],
}));

vi.mock('../../../src/app/api/projects', async (importOriginal) => {
  const actual = await importOriginal<typeof ProjectsApi>();
  return {
    ...actual,
    getProjectRuleset: (): Promise<ProjectRuleset> => Promise.resolve({ ...server.stored }),
    saveProjectRuleset: (
      _id: string,
      base: number,
      ruleset: string | null,
    ): Promise<ProjectRuleset> => {
      server.saves.push({ base, ruleset });
      server.stored = { ruleset, rulesetRevision: server.stored.rulesetRevision + 1 };
      return Promise.resolve({ ...server.stored });
    },
  };
});

const RULES = 'extends:\n  - spectral:oas\nrules:\n  operation-tags: off\n';
const EMPTY = collectProblems([], () => undefined, undefined, []);

beforeEach(() => {
  localStorage.clear();
  server.stored = { ruleset: null, rulesetRevision: 0 };
  server.saves = [];
});

const text = () => screen.getByTestId<HTMLTextAreaElement>('ruleset-text');

describe('Ruleset dialog', () => {
  it('shows the default with a line saying what it is; saving it unchanged stores the default', async () => {
    const onSave = vi.fn();
    renderPage(<RulesetDialog ruleset="" onSave={onSave} onCancel={() => {}} />);
    expect(text().value).toBe(DEFAULT_RULESET_YAML);
    expect(screen.getByTestId('ruleset-default-note').textContent).toMatch(
      /spectral:oas.*Specform's own rules/,
    );
    fireEvent.click(screen.getByTestId('ruleset-save'));
    // The first check loads the lint engine.
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(''), { timeout: 20_000 });
    expect(storedRuleset(`  ${DEFAULT_RULESET_YAML}\n`)).toBe('');
  }, 30_000);

  it('checks with the lint engine: a ruleset that would read the network is refused, the dialog stays with the text', async () => {
    const onSave = vi.fn();
    renderPage(<RulesetDialog ruleset={RULES} onSave={onSave} onCancel={() => {}} />);
    expect(text().value).toBe(RULES);
    const remote = 'extends:\n  - https://example.com/ruleset.yaml\n';
    fireEvent.change(text(), { target: { value: remote } });
    fireEvent.click(screen.getByTestId('ruleset-save'));
    const error = await screen.findByTestId('ruleset-error', {}, { timeout: 20_000 });
    expect(error.textContent).toMatch(/refused: it would read the network or the file system/);
    expect(error.textContent).toMatch(/not fetched from the network/);
    expect(onSave).not.toHaveBeenCalled();
    expect(text().value).toBe(remote);
    expect(screen.getByTestId('ruleset-dialog')).toBeTruthy();

    fireEvent.change(text(), { target: { value: 'rules: [1, 2' } });
    fireEvent.click(screen.getByTestId('ruleset-save'));
    expect((await screen.findByTestId('ruleset-error')).textContent).toMatch(
      /not a valid Spectral ruleset/,
    );
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(text(), { target: { value: RULES } });
    fireEvent.click(screen.getByTestId('ruleset-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(RULES));
  }, 30_000);

  it('when the engine cannot answer, says so and offers to save unchecked', async () => {
    const onSave = vi.fn();
    renderPage(
      <RulesetDialog
        ruleset={RULES}
        onSave={onSave}
        onCancel={() => {}}
        validate={() => Promise.reject(new Error('The lint worker failed.'))}
      />,
    );
    fireEvent.click(screen.getByTestId('ruleset-save'));
    const error = await screen.findByTestId('ruleset-error');
    expect(error.textContent).toMatch(/could not be checked: the lint engine did not answer/);
    expect(error.textContent).toMatch(/The lint worker failed/);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('ruleset-save-unchecked'));
    expect(onSave).toHaveBeenCalledWith(RULES);
  });

  it('"Reset to default" puts the default text in; Cancel saves nothing', () => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    renderPage(<RulesetDialog ruleset={RULES} onSave={onSave} onCancel={onCancel} />);
    fireEvent.click(screen.getByTestId('ruleset-reset'));
    expect(text().value).toBe(DEFAULT_RULESET_YAML);
    fireEvent.click(screen.getByText('Cancel'));
    expect(onCancel).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('speaks Russian', () => {
    renderPage(<RulesetDialog ruleset="" onSave={() => {}} onCancel={() => {}} />, {
      locale: 'ru',
    });
    expect(screen.getByTestId('ruleset-reset').textContent).toBe('Вернуть стандартный');
    expect(screen.getByTestId('ruleset-default-note').textContent).toMatch(/Стандартный набор/);
  });
});

/** The panel as the page holds it, for one workspace. */
function Page({ workspace }: { workspace: string }) {
  const view = useProblemsView(workspace);
  const [open, setOpen] = useState(true);
  return (
    <ProblemsPanel
      problems={EMPTY}
      lint={{
        revision: 1,
        findings: [
          {
            code: 'operation-description',
            path: ['paths', '/pets', 'get'],
            severity: 'warning',
            message: 'no description',
            range: { start: { line: 3, character: 0 }, end: { line: 3, character: 5 } },
            source: 'spectral:oas',
          },
        ],
        counts: { error: 0, warning: 1, info: 0, hint: 0 },
        canGenerate: true,
        mode: 'full',
        ms: 1,
      }}
      open={open}
      onToggle={setOpen}
      onSelect={() => {}}
      ruleset={view.ruleset}
      onRulesetChange={view.setRuleset}
      rulesetSync={view.rulesetSync}
      validateRuleset={(yaml) => Promise.resolve({ ok: true as const, value: { yaml, rules: {} } })}
    />
  );
}

describe('the ruleset of a project', () => {
  it('comes from the project, and "Ruleset…" and "Turn off" save into it', async () => {
    server.stored = { ruleset: RULES, rulesetRevision: 2 };
    renderPage(<Page workspace="project:abc" />);
    fireEvent.click(await screen.findByTestId('ruleset-open'));
    await waitFor(() => expect(text().value).toBe(RULES));
    const mine = `${RULES}  info-contact: off\n`;
    fireEvent.change(text(), { target: { value: mine } });
    fireEvent.click(screen.getByTestId('ruleset-save'));
    await waitFor(() => expect(server.stored).toEqual({ ruleset: mine, rulesetRevision: 3 }));
    expect(screen.queryByTestId('ruleset-dialog')).toBeNull();
    expect(server.saves).toEqual([{ base: 2, ruleset: mine }]);

    fireEvent.click(screen.getByRole('button', { name: /Turn off/ }));
    await waitFor(() => expect(server.stored.rulesetRevision).toBe(4));
    expect(server.stored.ruleset).toMatch(/operation-description: off/);
    // Not kept in this browser: the project has it.
    expect(localStorage.getItem(problemsViewKey('project:abc'))).toBeNull();
  });

  it('outside a project the ruleset stays in this browser', () => {
    const view = renderHook(() => useProblemsView('local'));
    act(() => view.result.current.setRuleset(RULES));
    expect(JSON.parse(localStorage.getItem(problemsViewKey('local'))!)).toEqual({
      ruleset: RULES,
    });
    expect(view.result.current.rulesetSync).toBeUndefined();
    expect(server.saves).toEqual([]);
  });

  it('moves a ruleset this browser kept for the project into it, once', async () => {
    localStorage.setItem(
      problemsViewKey('project:abc'),
      JSON.stringify({ ruleset: RULES, severities: ['error'] }),
    );
    const view = renderHook(() => useProblemsView('project:abc'));
    await waitFor(() => expect(server.stored).toEqual({ ruleset: RULES, rulesetRevision: 1 }));
    expect(JSON.parse(localStorage.getItem(problemsViewKey('project:abc'))!)).toEqual({
      severities: ['error'],
    });
    expect(view.result.current.ruleset).toBe(RULES);
    expect(view.result.current.severities).toEqual(['error']);
  });
});
