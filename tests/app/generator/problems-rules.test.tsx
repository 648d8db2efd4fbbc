/**
 * Issue 30.4: a panel that helps. Findings grouped by rule with counts per group and per
 * severity; a severity filter of toggle buttons (aria-pressed) that the view remembers; each
 * finding jumps to its place (the form, the YAML line); "Turn off for this project" writes
 * `rules: { <code>: off }` into the project's ruleset, and "Turn on" takes it out again.
 */
import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import type { LintAnswer, LintFinding, LintSeverity } from '../../../src/shared/openapi/lint/types';
import {
  collectProblems,
  findingsFromLint,
  groupByRule,
  rulesTurnedOff,
  setRuleOff,
  type PanelFinding,
} from '../../../src/app/generator/problems';
import {
  ProblemsPanel,
  problemsViewKey,
  useProblemsView,
} from '../../../src/app/generator/ProblemsPanel';
import { renderPage } from '../pages/pricing/page-helpers';

const finding = (
  code: string,
  severity: LintSeverity,
  line: number,
  path: (string | number)[] = ['paths', '/pets', 'get'],
  source: LintFinding['source'] = 'spectral:oas',
): LintFinding => ({
  code,
  path,
  severity,
  message: `${code} at ${line}`,
  range: { start: { line, character: 2 }, end: { line, character: 10 } },
  source,
});

function answer(findings: LintFinding[]): LintAnswer {
  const counts = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const f of findings) counts[f.severity]++;
  return { revision: 1, findings, counts, canGenerate: true, mode: 'full', ms: 1 };
}

const LINT = answer([
  finding('operation-description', 'warning', 3),
  finding('operation-tag-defined', 'warning', 4),
  finding('operation-description', 'warning', 9, ['paths', '/pets', 'post']),
  finding('oas3-schema', 'error', 12, ['info']),
  finding('info-contact', 'info', 1, ['info']),
  finding('operation-description', 'warning', 20, ['paths', '/owners', 'get']),
]);

const EMPTY = collectProblems([], () => undefined, undefined, []);

/** The panel with its ruleset and filter held as the page holds them. */
function Panel({
  lint = LINT,
  onReveal,
  onSelectFinding,
  onRuleset,
  inProject = true,
}: {
  lint?: LintAnswer;
  onReveal?: (finding: PanelFinding) => void;
  onSelectFinding?: (finding: PanelFinding) => void;
  onRuleset?: (yaml: string) => void;
  inProject?: boolean;
}) {
  const [ruleset, setRuleset] = useState('');
  return (
    <ProblemsPanel
      problems={EMPTY}
      lint={lint}
      open
      onToggle={() => {}}
      onSelect={() => {}}
      onSelectFinding={onSelectFinding}
      onReveal={onReveal}
      ruleset={ruleset}
      inProject={inProject}
      onRulesetChange={(yaml) => {
        setRuleset(yaml);
        onRuleset?.(yaml);
      }}
    />
  );
}

const groups = () => screen.getAllByTestId('rule-group');
const groupOf = (code: string) => groups().find((g) => g.dataset.rule === code)!;

beforeEach(() => localStorage.clear());

describe('grouping by rule (issue 30.4)', () => {
  it('groups by rule, most severe first, then by count, with a count per group', () => {
    const grouped = groupByRule(findingsFromLint(LINT));
    expect(grouped.map((g) => [g.code, g.severity, g.findings.length])).toEqual([
      ['oas3-schema', 'error', 1],
      ['operation-description', 'warning', 3],
      ['operation-tag-defined', 'warning', 1],
      ['info-contact', 'info', 1],
    ]);
    renderPage(<Panel />);
    expect(groups().map((g) => g.dataset.rule)).toEqual([
      'oas3-schema',
      'operation-description',
      'operation-tag-defined',
      'info-contact',
    ]);
    expect(within(groupOf('operation-description')).getByTestId('rule-count').textContent).toBe(
      '3',
    );
    // Spectral's rules show their name and Spectral's message.
    const rows = within(groupOf('operation-description')).getAllByTestId('problem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'GET /petsoperation-description at 3',
      'POST /petsoperation-description at 9',
      'GET /ownersoperation-description at 20',
    ]);
  });

  it('names our own rules in words, in English and Russian', () => {
    const ours = answer([
      finding('PATH_INCORRECT_CHARS', 'error', 5, ['paths', '/a b', 'get'], 'specform'),
      finding('operation-description', 'warning', 3),
    ]);
    const { unmount } = renderPage(<Panel lint={ours} />);
    expect(groupOf('PATH_INCORRECT_CHARS').textContent).toContain('Path invalid');
    unmount();
    renderPage(<Panel lint={ours} />, { locale: 'ru' });
    expect(groupOf('PATH_INCORRECT_CHARS').textContent).toMatch(/[а-я]/i);
    // Our error blocks Generate whatever the ruleset says, so it is not offered to turn off;
    // a warning of Spectral's rules is.
    expect(within(groupOf('PATH_INCORRECT_CHARS')).queryByTestId('turn-off-rule')).toBeNull();
    expect(
      within(groupOf('operation-description')).getByText('Отключить для проекта'),
    ).toBeTruthy();
  });

  it('is a disclosure list: a group header toggles its findings (aria-expanded)', () => {
    renderPage(<Panel />);
    const toggle = within(groupOf('operation-description')).getByRole('button', {
      expanded: true,
    });
    expect(within(groupOf('operation-description')).getAllByTestId('problem')).toHaveLength(3);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(groupOf('operation-description')).queryAllByTestId('problem')).toHaveLength(0);
  });
});

describe('severity filter (issue 30.4)', () => {
  it('counts per severity on toggle buttons; turning one off hides its findings', () => {
    renderPage(<Panel />);
    const errors = screen.getByTestId('severity-error');
    const warnings = screen.getByTestId('severity-warning');
    expect(errors.textContent).toBe('1 error');
    expect(warnings.textContent).toBe('4 warnings');
    expect(screen.getByTestId('severity-info').textContent).toBe('1 info');
    expect(screen.getByTestId('severity-hint').textContent).toBe('0 hints');
    expect(warnings.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(warnings);
    expect(warnings.getAttribute('aria-pressed')).toBe('false');
    expect(groups().map((g) => g.dataset.rule)).toEqual(['oas3-schema', 'info-contact']);
    fireEvent.click(errors);
    fireEvent.click(screen.getByTestId('severity-info'));
    expect(screen.queryAllByTestId('rule-group')).toHaveLength(0);
    expect(screen.getByTestId('problems-filtered-out')).toBeTruthy();
  });

  it('is remembered per workspace (a reload keeps it)', () => {
    const first = renderHook(() => useProblemsView('project:7'));
    act(() => first.result.current.setSeverities(['error']));
    expect(JSON.parse(localStorage.getItem(problemsViewKey('project:7'))!)).toEqual({
      severities: ['error'],
    });
    const again = renderHook(() => useProblemsView('project:7'));
    expect(again.result.current.severities).toEqual(['error']);
    expect(renderHook(() => useProblemsView('local')).result.current.severities).toEqual([
      'error',
      'warning',
      'info',
      'hint',
    ]);
  });
});

describe('jumps (issue 30.4)', () => {
  it('a finding opens its place in the form; "Line N" reveals its range in the YAML', () => {
    const onReveal = vi.fn();
    const onSelectFinding = vi.fn();
    renderPage(<Panel onReveal={onReveal} onSelectFinding={onSelectFinding} />);
    const group = groupOf('operation-description');
    fireEvent.click(within(group).getAllByTestId('problem')[1]!);
    expect(onSelectFinding.mock.calls[0]![0].path).toEqual(['paths', '/pets', 'post']);
    const reveal = within(group).getAllByTestId('reveal-yaml')[1]!;
    expect(reveal.textContent).toBe('Line 10');
    expect(reveal.getAttribute('aria-label')).toBe('Show line 10 in YAML');
    fireEvent.click(reveal);
    expect(onReveal.mock.calls[0]![0].range.start.line).toBe(9);
  });
});

describe('turning a rule off for the project (issue 30.4)', () => {
  it('writes rules: { <code>: off } into the ruleset, keeping what is written', () => {
    const yaml = 'extends:\n  - spectral:oas\n# ours too\nrules:\n  info-contact: warn\n';
    const off = setRuleOff(yaml, 'operation-tag-defined', true);
    expect(parse(off)).toEqual({
      extends: ['spectral:oas'],
      rules: { 'info-contact': 'warn', 'operation-tag-defined': 'off' },
    });
    expect(off).toContain('# ours too');
    expect(rulesTurnedOff(off)).toEqual(['operation-tag-defined']);
    expect(parse(setRuleOff(off, 'operation-tag-defined', false))).toEqual(parse(yaml));
    // The default ruleset when the project has none; an emptied `rules` goes.
    const fromDefault = setRuleOff('', 'oas3-schema', true);
    expect(parse(fromDefault)).toEqual({
      extends: ['spectral:oas', 'specform'],
      rules: { 'oas3-schema': 'off' },
    });
    expect(parse(setRuleOff(fromDefault, 'oas3-schema', false))).toEqual({
      extends: ['spectral:oas', 'specform'],
    });
  });

  it('outside a project, a rule is turned off in this browser, and the button says so', () => {
    const onRuleset = vi.fn();
    renderPage(<Panel onRuleset={onRuleset} inProject={false} />);
    const group = within(groupOf('operation-description'));
    expect(group.queryByRole('button', { name: 'Turn off for this project' })).toBeNull();
    fireEvent.click(group.getByRole('button', { name: 'Turn off in this browser' }));
    expect(parse(onRuleset.mock.calls.at(-1)![0] as string)).toMatchObject({
      rules: { 'operation-description': 'off' },
    });
  });

  it('"Turn off for this project" writes the ruleset, hides the rule, and "Turn on" undoes it', () => {
    const onRuleset = vi.fn();
    renderPage(<Panel onRuleset={onRuleset} />);
    fireEvent.click(
      within(groupOf('operation-description')).getByRole('button', {
        name: 'Turn off for this project',
      }),
    );
    const written = onRuleset.mock.calls.at(-1)![0] as string;
    expect(parse(written)).toEqual({
      extends: ['spectral:oas', 'specform'],
      rules: { 'operation-description': 'off' },
    });
    expect(groups().map((g) => g.dataset.rule)).not.toContain('operation-description');
    expect(screen.getByTestId('severity-warning').textContent).toBe('1 warning');
    const off = screen.getByTestId('rules-off');
    expect(off.querySelector('summary')!.textContent).toBe('1 rule turned off');
    expect(within(off).getByTestId('rule-off').textContent).toContain('operation-description');
    fireEvent.click(within(off).getByRole('button', { name: 'Turn on' }));
    expect(parse(onRuleset.mock.calls.at(-1)![0] as string)).toEqual({
      extends: ['spectral:oas', 'specform'],
    });
    expect(groups().map((g) => g.dataset.rule)).toContain('operation-description');
    expect(screen.queryByTestId('rules-off')).toBeNull();
  });
});
