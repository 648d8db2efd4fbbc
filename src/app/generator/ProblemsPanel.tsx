/**
 * The Problems panel: the lint's findings grouped by rule (errors that block Generate, other
 * errors, warnings) with the form's own rules, and, collapsed apart, the load report: what the
 * form could not show when the document was loaded (rows, the schemas no operation uses as one
 * row, and what the document keeps as written, one line per kind with a count). The badge counts
 * the findings only. Every row's tooltip is its own translated text. Choosing a problem opens
 * its endpoint panel, scrolls to it and focuses the field.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { LintAnswer, LintFinding, LintSeverity } from '../../shared/openapi/lint/types';
import type { LargeLint } from './useLint';
import { FIELD_MESSAGES, PANEL_LABELS } from './issue-messages';
import { describeExampleProblem } from './plain-messages';
import { EXAMPLE_RULES, examplePlace } from './example-findings';
import {
  ALL_SEVERITIES,
  countFindings,
  findingsFromProblems,
  formProblemOf,
  mergeFindings,
  groupByRule,
  loadReportCount,
  NO_LINE,
  rulesTurnedOff,
  setRuleOff,
  type NoteGroup,
  type PanelFinding,
  type Problem,
  type ProblemList,
  type RuleGroup,
} from './problems';
import { NOTE_MESSAGES, WARNING_MESSAGES } from './warning-messages';
import { useDocumentDialect } from '../model/document-store';
import { useProjectRuleset, type RulesetSyncState } from '../projects/project-ruleset';
import { RulesetDialog, type RulesetValidator } from './RulesetDialog';
import './problems.css';

/** A project's ruleset as saved on the server: its save state, and a conflict's two ways out. */
export interface RulesetSync {
  state: RulesetSyncState;
  /** After a conflict: the user's ruleset replaces the one saved elsewhere. */
  replace: (yaml: string) => void;
  /** After a conflict: the one saved elsewhere is taken. */
  takeTheirs: () => void;
}

export interface ProblemsPanelProps {
  problems: ProblemList;
  open: boolean;
  onToggle: (open: boolean) => void;
  onSelect: (problem: Problem) => void;
  /**
   * The lint's answer, once the page has one: its findings (the text's and the form's own
   * rules), less what the user is not shown yet (mergeFindings); until then the panel shows
   * `problems` as findings of source 'specform' (findingsFromProblems).
   */
  lint?: LintAnswer;
  /** The document changed since `lint` was made: its rows are shown as being checked. */
  lintPending?: boolean;
  /** Why the lint could not run as asked (a refused ruleset, a failed lint), in words. */
  lintMessage?: string;
  /** Whether `lintMessage` shows the panel by itself (the ruleset the user wrote was refused). */
  lintMessageShown?: boolean;
  /** A text too large to lint by itself: its whole check, offered or running (useLint). */
  large?: LargeLint;
  onCheckWhole?: () => void;
  onCancelWhole?: () => void;
  /** The project's ruleset YAML ('' for the default); with `onRulesetChange`, rules turn off. */
  ruleset?: string;
  onRulesetChange?: (yaml: string) => void;
  /** The severities shown (the view state remembers them); all when not given. */
  severities?: readonly LintSeverity[];
  onSeveritiesChange?: (severities: LintSeverity[]) => void;
  /** In a project: where its ruleset stands on the server (absent: kept in this browser). */
  rulesetSync?: RulesetSync | undefined;
  /** The page is a project's: a rule turned off goes into its ruleset (else this browser's). */
  inProject?: boolean;
  /** Checks a ruleset before "Ruleset…" saves it; a lint client of the dialog's own if absent. */
  validateRuleset?: RulesetValidator | undefined;
  /** A lint finding chosen: its place in the form. */
  onSelectFinding?: (finding: PanelFinding) => void;
  /** "Show in YAML": the finding's range in the output editor. */
  onReveal?: (finding: PanelFinding) => void;
}

/** Rows per group before "Show all" (thousands of rows would stall the tab). */
const FIRST_ROWS = 100;

export const ProblemsPanel = memo(function ProblemsPanel({
  problems,
  open,
  onToggle,
  onSelect,
  lint,
  lintPending = false,
  lintMessage,
  lintMessageShown = true,
  large,
  onCheckWhole,
  onCancelWhole,
  ruleset = '',
  onRulesetChange,
  severities: severitiesProp,
  onSeveritiesChange,
  rulesetSync,
  inProject = false,
  validateRuleset,
  onSelectFinding,
  onReveal,
}: ProblemsPanelProps) {
  const { t } = useLingui();
  const [editingRuleset, setEditingRuleset] = useState(false);
  const [ownSeverities, setOwnSeverities] = useState<readonly LintSeverity[]>(ALL_SEVERITIES);
  const severities = severitiesProp ?? ownSeverities;
  const setSeverities = (next: LintSeverity[]) => {
    setOwnSeverities(next);
    onSeveritiesChange?.(next);
  };
  const turnedOff = useMemo(() => rulesTurnedOff(ruleset), [ruleset]);
  const findings = useMemo(() => {
    const all = lint === undefined ? findingsFromProblems(problems) : mergeFindings(problems, lint);
    const off = new Set(turnedOff);
    // Our errors stay: they are what Generate waits for, and turning them off cannot change that.
    return off.size === 0
      ? all
      : all.filter((finding) => !off.has(finding.code) || blocksGenerate(finding));
  }, [lint, problems, turnedOff]);
  // The panel names the version the document was checked against.
  const dialect = useDocumentDialect();
  const blocking =
    lint === undefined
      ? findings.filter((finding) => finding.severity === 'error').length
      : findings.filter((finding) => finding.severity === 'error' && finding.source === 'specform')
          .length;
  // Errors of Spectral's or the project's rules are counted as errors, apart from the ones that
  // block generation (the spec's own rules, `specform`).
  const otherErrors =
    lint === undefined
      ? 0
      : findings.filter((finding) => finding.severity === 'error' && finding.source !== 'specform')
          .length;
  const warnings = findings.length - blocking - otherErrors;
  // What the form could not show on load: apart, and not counted as problems.
  const reported = loadReportCount(problems);
  const syncNote = rulesetSync !== undefined && SYNC_NOTED.has(rulesetSync.state.status);
  if (
    blocking === 0 &&
    otherErrors === 0 &&
    warnings === 0 &&
    reported === 0 &&
    turnedOff.length === 0 &&
    ruleset.trim() === '' &&
    !syncNote &&
    large === undefined &&
    (lintMessage === undefined || !lintMessageShown)
  ) {
    return null;
  }
  const checking = lint !== undefined && lintPending;
  return (
    <section
      className={blocking > 0 ? 'gen-problems gen-problems-blocking' : 'gen-problems'}
      aria-label={t`Problems`}
      data-testid="problems"
    >
      <div className="gen-problems-headrow">
        <button
          type="button"
          className="gen-problems-head"
          aria-expanded={open}
          onClick={() => onToggle(!open)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>{' '}
          <strong>
            <Trans>Problems</Trans>
          </strong>{' '}
          {blocking > 0 ? (
            <span
              className="gen-problems-count gen-problems-count-blocking"
              data-testid="problems-errors"
            >
              <Plural
                value={blocking}
                one="# blocks generation"
                few="# block generation"
                many="# block generation"
                other="# block generation"
              />
            </span>
          ) : null}
          {otherErrors > 0 ? (
            <span
              className="gen-problems-count"
              data-testid="problems-other-errors"
              title={t`Errors of Spectral's rules and the project's rules do not block generation`}
            >
              <Plural
                value={otherErrors}
                one="# error"
                few="# errors"
                many="# errors"
                other="# errors"
              />
            </span>
          ) : null}
          {warnings > 0 ? (
            <span className="gen-problems-count" data-testid="problems-warnings">
              <Plural value={warnings} one="# warning" other="# warnings" />
            </span>
          ) : null}
          {blocking === 0 && otherErrors === 0 && warnings === 0 && reported > 0 ? (
            <span className="gen-problems-count gen-muted" data-testid="problems-load-report">
              <Plural
                value={reported}
                one="# note from loading"
                few="# notes from loading"
                many="# notes from loading"
                other="# notes from loading"
              />
            </span>
          ) : null}
          {checking ? (
            <span className="gen-problems-count gen-muted" data-testid="problems-checking">
              <Trans>Checking…</Trans>
            </span>
          ) : null}
        </button>
        {onRulesetChange === undefined ? null : (
          <button
            type="button"
            className="gen-button gen-button-small gen-ruleset-open"
            onClick={() => setEditingRuleset(true)}
            data-testid="ruleset-open"
          >
            <Trans>Ruleset…</Trans>
          </button>
        )}
      </div>
      {/* Said apart from the button, so a screen reader hears the check start and end. */}
      <span className="visually-hidden" role="status">
        {checking ? t`Checking the changed document…` : ''}
      </span>
      <RulesetSyncNote state={rulesetSync?.state} />
      {large === undefined ? null : (
        <WholeCheck large={large} onCheck={onCheckWhole} onCancel={onCancelWhole} />
      )}
      {editingRuleset && onRulesetChange !== undefined ? (
        <RulesetDialog
          ruleset={ruleset}
          sync={rulesetSync?.state}
          onTakeTheirs={rulesetSync?.takeTheirs}
          validate={validateRuleset}
          onCancel={() => setEditingRuleset(false)}
          onSave={(yaml) => {
            setEditingRuleset(false);
            if (rulesetSync?.state.status === 'conflict') rulesetSync.replace(yaml);
            else onRulesetChange(yaml);
          }}
        />
      ) : null}
      {open ? (
        <div className="gen-problems-body">
          <p className="gen-muted gen-problems-checked" data-testid="problems-checked-against">
            <Trans>Checked against OpenAPI {dialect}</Trans>
          </p>
          {lintMessage === undefined ? null : (
            <p className="gen-error" role="alert" data-testid="problems-lint-error">
              {lintMessage}
            </p>
          )}
          {checking ? (
            <p className="gen-muted" data-testid="problems-stale">
              <Trans>
                The document changed: these problems are of the text before the change, being
                checked again.
              </Trans>
            </p>
          ) : null}
          <RuleGroups
            stale={checking}
            findings={findings}
            severities={severities}
            onSeveritiesChange={setSeverities}
            turnedOff={turnedOff}
            ruleset={ruleset}
            onRulesetChange={onRulesetChange}
            inProject={inProject}
            onSelect={onSelect}
            onSelectFinding={onSelectFinding}
            onReveal={onReveal}
          />
          {reported > 0 ? (
            <LoadReport problems={problems} total={reported} onSelect={onSelect} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
});

/** Minutes and seconds, as a clock shows them (`2:05`). */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A text too large to be linted by itself: the check is offered with its expected time, and
 * while it runs, the time spent and a Cancel. The button that replaces the other takes the
 * keyboard's focus when the one pressed had it.
 */
function WholeCheck({
  large,
  onCheck,
  onCancel,
}: {
  large: LargeLint;
  onCheck: (() => void) | undefined;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shown = useRef(large.status);
  const [now, setNow] = useState(() => Date.now());
  const running = large.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  useEffect(() => {
    if (shown.current === large.status) return;
    shown.current = large.status;
    const active = document.activeElement;
    if (active === null || active === document.body || box.current?.contains(active) === true) {
      button.current?.focus();
    }
  }, [large.status]);
  const sizeMb = (large.chars / 1_000_000).toFixed(1);
  const minutes = Math.max(1, Math.ceil(large.estimateMs / 60_000));
  const about = plural(minutes, { one: 'about # minute', other: 'about # minutes' });
  const spent = clock(now - (large.startedAt ?? now));
  return (
    <div
      className="gen-problems-whole"
      ref={box}
      data-testid="problems-whole"
      data-status={large.status}
    >
      {running ? (
        <>
          <p className="gen-problems-whole-text" role="status">
            {t`Checking the whole document with Spectral's rules… ${spent} of ${about}.`}
          </p>
          <progress className="gen-problems-whole-progress" aria-label={t`Checking`} />
          <button
            type="button"
            className="gen-button gen-button-small"
            ref={button}
            onClick={onCancel}
            data-testid="problems-whole-cancel"
          >
            <Trans>Cancel</Trans>
          </button>
        </>
      ) : (
        <>
          <p className="gen-problems-whole-text">
            {t`This document is ${sizeMb} MB: Spectral's rules are not run on it by themselves. Checking it takes ${about} in the background; the form's own checks are shown meanwhile.`}
          </p>
          <button
            type="button"
            className="gen-button gen-button-small"
            ref={button}
            onClick={onCheck}
            data-testid="problems-whole-check"
          >
            {t`Check with Spectral's rules (${about})`}
          </button>
        </>
      )}
    </div>
  );
}

/** Save states of a project's ruleset the panel tells of (it shows for them alone). */
const SYNC_NOTED: ReadonlySet<string> = new Set(['conflict', 'offline', 'failed']);

/** A project's ruleset not (yet) on the server, in one line under the panel's head. */
function RulesetSyncNote({ state }: { state: RulesetSyncState | undefined }) {
  if (state === undefined) return null;
  if (state.status === 'conflict') {
    return (
      <p className="gen-ruleset-sync" role="status" data-testid="ruleset-sync">
        <Trans>
          The ruleset was changed elsewhere: open “Ruleset…” to choose which one the project keeps.
        </Trans>
      </p>
    );
  }
  if (state.status === 'offline' || state.status === 'failed') {
    return (
      <p className="gen-ruleset-sync" role="status" data-testid="ruleset-sync">
        <Trans>The ruleset is not saved to the project yet; it is kept in this browser.</Trans>
      </p>
    );
  }
  return null;
}

/** Groups open at first while the findings are this few; more, every group starts closed. */
const OPEN_GROUPS_UP_TO = 50;

const SEVERITY_ORDER: readonly LintSeverity[] = ['error', 'warning', 'info', 'hint'];

/**
 * The findings grouped by rule, with a count per group and per severity, a severity
 * filter (toggle buttons), and per rule "Turn off for this project" (written into the project's
 * ruleset); the rules turned off are listed apart with "Turn on".
 */
function RuleGroups({
  stale,
  findings,
  severities,
  onSeveritiesChange,
  turnedOff,
  ruleset,
  onRulesetChange,
  inProject,
  onSelect,
  onSelectFinding,
  onReveal,
}: {
  stale: boolean;
  inProject: boolean;
  findings: readonly PanelFinding[];
  severities: readonly LintSeverity[];
  onSeveritiesChange: (next: LintSeverity[]) => void;
  turnedOff: readonly string[];
  ruleset: string;
  onRulesetChange: ((yaml: string) => void) | undefined;
  onSelect: (problem: Problem) => void;
  onSelectFinding: ((finding: PanelFinding) => void) | undefined;
  onReveal: ((finding: PanelFinding) => void) | undefined;
}) {
  const { t } = useLingui();
  const counts = useMemo(() => countFindings(findings), [findings]);
  const shown = useMemo(() => new Set(severities), [severities]);
  const groups = useMemo(() => groupByRule(findings, shown), [findings, shown]);
  const openFirst = findings.length <= OPEN_GROUPS_UP_TO;
  const labels: Record<LintSeverity, string> = {
    error: plural(counts.error, { one: '# error', other: '# errors' }),
    warning: plural(counts.warning, { one: '# warning', other: '# warnings' }),
    info: plural(counts.info, { one: '# info', other: '# info' }),
    hint: plural(counts.hint, { one: '# hint', other: '# hints' }),
  };
  return (
    <div
      className={stale ? 'gen-rule-groups gen-rule-groups-stale' : 'gen-rule-groups'}
      aria-busy={stale}
    >
      <div className="gen-severity-filter" role="group" aria-label={t`Show severities`}>
        {SEVERITY_ORDER.map((severity) => {
          const pressed = shown.has(severity);
          return (
            <button
              key={severity}
              type="button"
              className={`gen-button gen-button-small gen-severity gen-severity-${severity}`}
              aria-pressed={pressed}
              data-testid={`severity-${severity}`}
              onClick={() =>
                onSeveritiesChange(
                  SEVERITY_ORDER.filter((s) => (s === severity ? !pressed : shown.has(s))),
                )
              }
            >
              {labels[severity]}
            </button>
          );
        })}
      </div>
      {groups.length === 0 && findings.length > 0 ? (
        <p className="gen-muted" data-testid="problems-filtered-out">
          <Trans>No problems of the chosen severities.</Trans>
        </p>
      ) : null}
      <ul className="gen-rule-group-list">
        {groups.map((group) => (
          <li key={group.code}>
            <RuleGroupView
              group={group}
              defaultOpen={openFirst}
              onTurnOff={
                onRulesetChange === undefined || blocksGenerate(group)
                  ? undefined
                  : () => onRulesetChange(setRuleOff(ruleset, group.code, true))
              }
              inProject={inProject}
              onSelect={onSelect}
              onSelectFinding={onSelectFinding}
              onReveal={onReveal}
            />
          </li>
        ))}
      </ul>
      {turnedOff.length > 0 ? (
        <details className="gen-rules-off" data-testid="rules-off">
          <summary>
            <Plural value={turnedOff.length} one="# rule turned off" other="# rules turned off" />
          </summary>
          <ul>
            {turnedOff.map((code) => (
              <li key={code} className="gen-rule-off" data-testid="rule-off">
                <span className="gen-rule-title">
                  <RuleTitle code={code} />
                </span>
                {onRulesetChange === undefined ? null : (
                  <button
                    type="button"
                    className="gen-button gen-button-small"
                    onClick={() => onRulesetChange(setRuleOff(ruleset, code, false))}
                  >
                    <Trans>Turn on</Trans>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/**
 * Whether findings of a rule (or one finding) block Generate: errors of our own rules. Such a rule
 * is not offered to turn off: the document would still not generate (what a form rule catches is
 * not in the text; the worker's Generate checks the spec's rules again).
 */
function blocksGenerate(of: { source: LintFinding['source']; severity: LintSeverity }): boolean {
  return of.source === 'specform' && of.severity === 'error';
}

/** A rule's name in words: ours (spec §5, load warnings) translated; Spectral's as named. */
function ruleTitle(i18n: I18n, code: string): string | undefined {
  const label = (PANEL_LABELS as Record<string, MessageDescriptor | undefined>)[code];
  if (label !== undefined) return i18n._(label);
  const warning = WARNING_MESSAGES[code];
  if (warning !== undefined) return i18n._(warning);
  if (EXAMPLE_RULES.has(code)) return i18n._(msg`Example does not fit its schema`);
  return undefined;
}

function RuleTitle({ code }: { code: string }) {
  const { i18n } = useLingui();
  const title = ruleTitle(i18n, code);
  return (
    <>
      {title === undefined ? null : <>{title} </>}
      <code className="gen-rule-code">{code}</code>
    </>
  );
}

function RuleGroupView({
  group,
  defaultOpen,
  onTurnOff,
  inProject,
  onSelect,
  onSelectFinding,
  onReveal,
}: {
  group: RuleGroup;
  defaultOpen: boolean;
  onTurnOff: (() => void) | undefined;
  inProject: boolean;
  onSelect: (problem: Problem) => void;
  onSelectFinding: ((finding: PanelFinding) => void) | undefined;
  onReveal: ((finding: PanelFinding) => void) | undefined;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(defaultOpen);
  const [all, setAll] = useState(false);
  const listId = useId();
  const items = group.findings;
  const shown = all ? items : items.slice(0, FIRST_ROWS);
  return (
    <div
      className={`gen-rule-group gen-rule-group-${group.severity}`}
      data-testid="rule-group"
      data-rule={group.code}
    >
      <div className="gen-rule-group-head">
        <button
          type="button"
          className="gen-rule-toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>{' '}
          <span className={`gen-severity-dot gen-severity-${group.severity}`} aria-hidden="true" />
          <span className="gen-rule-title">
            <RuleTitle code={group.code} />
          </span>{' '}
          <span className="gen-problem-count" data-testid="rule-count">
            {items.length}
          </span>
        </button>
        {onTurnOff === undefined ? null : (
          <button
            type="button"
            className="gen-button gen-button-small gen-rule-off-button"
            data-testid="turn-off-rule"
            title={
              inProject
                ? t`Turn off ${group.code} for this project`
                : t`Turn off ${group.code} in this browser`
            }
            onClick={onTurnOff}
          >
            {inProject ? (
              <Trans>Turn off for this project</Trans>
            ) : (
              <Trans>Turn off in this browser</Trans>
            )}
          </button>
        )}
      </div>
      {open ? (
        <ul id={listId} className="gen-rule-findings">
          {shown.map((finding) => (
            <li key={finding.key} className="gen-finding">
              <FindingRow finding={finding} onSelect={onSelect} onSelectFinding={onSelectFinding} />
              {onReveal === undefined ? null : (
                <button
                  type="button"
                  className="gen-button gen-button-small gen-finding-yaml"
                  data-testid="reveal-yaml"
                  aria-label={
                    finding.range.start.line === NO_LINE
                      ? t`Show in YAML`
                      : t`Show line ${finding.range.start.line + 1} in YAML`
                  }
                  onClick={() => onReveal(finding)}
                >
                  {finding.range.start.line === NO_LINE ? (
                    <Trans>YAML</Trans>
                  ) : (
                    <Trans>Line {finding.range.start.line + 1}</Trans>
                  )}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {open && !all && items.length > FIRST_ROWS ? (
        <button type="button" className="gen-button gen-button-small" onClick={() => setAll(true)}>
          <Trans>Show all {items.length}</Trans>
        </button>
      ) : null}
    </div>
  );
}

/** The last segment of a JSON pointer, unescaped (a schema's name). */
function lastSegment(pointer: string): string {
  const segment = pointer.split('/').pop() ?? '';
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The schemas no operation uses: one row with a count; opened, their names. */
function UnusedSchemas({ items }: { items: readonly Problem[] }) {
  const { t } = useLingui();
  const names = items.map((item) =>
    item.kind === 'warning' ? lastSegment(item.warning.pointer) : '',
  );
  const text = t`Schemas no operation uses: ${items.length}`;
  return (
    <details className="gen-problem-unused" data-testid="unused-schemas">
      <summary className="gen-problem gen-problem-warning" title={text} data-testid="problem">
        <span className="gen-problem-where">
          <Trans>Schemas</Trans>
        </span>{' '}
        <span className="gen-problem-text">{text}</span>
      </summary>
      <p className="gen-problem-names">
        {names.map((name, index) => (
          <code key={index}>{name}</code>
        ))}
      </p>
    </details>
  );
}

/** Where a lint finding is: the operation (`GET /pets`) or its JSON path. */
function findingWhere(finding: LintFinding): { method?: string; path: string } {
  const [root, path, method] = finding.path;
  if ((root === 'paths' || root === 'webhooks') && typeof path === 'string') {
    return typeof method === 'string' ? { method: method.toUpperCase(), path } : { path };
  }
  return { path: finding.path.join('.') };
}

function FindingRow({
  finding,
  onSelect,
  onSelectFinding,
}: {
  finding: PanelFinding;
  onSelect: (problem: Problem) => void;
  onSelectFinding: ((finding: PanelFinding) => void) | undefined;
}) {
  const { i18n, t } = useLingui();
  if (finding.problem !== undefined) {
    return <ProblemRow problem={finding.problem} onSelect={onSelect} />;
  }
  const where = findingWhere(finding);
  const onPath = finding.path[0] === 'paths' || finding.path[0] === 'webhooks';
  const whereText = where.path !== '' ? where.path : onPath ? t`(no path)` : t`Document`;
  // Our own rules (spec §5) in the app's words, and a body's example that does not fit its
  // schema as the form names it; Spectral's other rules and the project's as Spectral says.
  const ours = (FIELD_MESSAGES as Record<string, MessageDescriptor | undefined>)[finding.code];
  const example = examplePlace(finding);
  const { text, detail } =
    example !== undefined
      ? describeExampleProblem(i18n, { ...example, message: finding.message })
      : { text: ours === undefined ? finding.message : i18n._(ours), detail: undefined };
  return (
    <>
      <button
        type="button"
        className={`gen-problem gen-problem-${finding.severity}`}
        data-testid="problem"
        title={`${where.method ?? ''} ${whereText}: ${text}`.trim()}
        onClick={() => onSelectFinding?.(finding)}
      >
        <Where method={where.method} path={whereText} />
        <span className="gen-problem-text">{text}</span>
      </button>
      {detail === undefined ? null : <TechnicalDetail detail={detail} />}
    </>
  );
}

/**
 * The load report: what the form could not show (or showed repaired) when the document was
 * loaded, collapsed. Not problems: the lint's findings above are the document's.
 */
function LoadReport({
  problems,
  total,
  onSelect,
}: {
  problems: ProblemList;
  total: number;
  onSelect: (problem: Problem) => void;
}) {
  const notes = problems.notes.reduce((sum, group) => sum + group.count, 0);
  return (
    <details className="gen-problems-group gen-problems-load" data-testid="load-report">
      <summary>
        <Trans>Load report</Trans> <span className="gen-muted">({total})</span>
      </summary>
      <p className="gen-muted gen-problems-notes-help">
        <Trans>
          What the form could not show, or showed repaired, when the document was loaded. These are
          not counted as problems: the checks above report the document’s own.
        </Trans>
      </p>
      {problems.loadWarnings.length > 0 || problems.unused.length > 0 ? (
        <ul className="gen-load-warnings" data-testid="load-warnings">
          {problems.loadWarnings.map((problem) => (
            <li key={problem.key}>
              <ProblemRow problem={problem} onSelect={onSelect} />
            </li>
          ))}
          {problems.unused.length > 0 ? (
            <li>
              <UnusedSchemas items={problems.unused} />
            </li>
          ) : null}
        </ul>
      ) : null}
      {notes > 0 ? <Notes groups={problems.notes} total={notes} /> : null}
    </details>
  );
}

/** What the document keeps as written: collapsed, one line per kind with a count. */
function Notes({ groups, total }: { groups: readonly NoteGroup[]; total: number }) {
  const { i18n } = useLingui();
  return (
    <details className="gen-problems-group gen-problems-notes" data-testid="kept-as-written">
      <summary>
        <Trans>Kept as written</Trans> <span className="gen-muted">({total})</span>
      </summary>
      <p className="gen-muted gen-problems-notes-help">
        <Trans>
          The form does not show these parts of the document; the document keeps them unchanged.
        </Trans>
      </p>
      <ul>
        {groups.map((group) => {
          const message = NOTE_MESSAGES[group.code];
          const text = message ? i18n._(message) : group.message;
          return (
            <li
              key={group.code}
              className="gen-problem gen-problem-note"
              data-testid="note"
              title={text}
            >
              <span className="gen-problem-text">{text}</span>
              <span className="gen-problem-count">×{group.count}</span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

function ProblemRow({
  problem,
  onSelect,
}: {
  problem: Problem;
  onSelect: (problem: Problem) => void;
}) {
  const { i18n, t } = useLingui();
  if (problem.kind === 'rule') {
    const path = problem.path || t`(no path)`;
    const text = i18n._(FIELD_MESSAGES[problem.code]);
    return (
      <button
        type="button"
        className="gen-problem"
        data-testid="problem"
        title={`${problem.method} ${path}: ${text}`}
        onClick={() => onSelect(problem)}
      >
        <Where method={problem.method} path={path} />
        <span className="gen-problem-text">{text}</span>
      </button>
    );
  }
  const { warning } = problem;
  const message = WARNING_MESSAGES[warning.code];
  const text = message ? i18n._(message) : warning.message;
  const onOperation = warning.method !== undefined || warning.path !== undefined;
  const whereText = onOperation
    ? `${warning.method?.toUpperCase() ?? ''} ${warning.path ?? ''}`.trim()
    : t`Document`;
  const where = onOperation ? (
    <Where method={warning.method?.toUpperCase()} path={warning.path ?? ''} />
  ) : (
    <span className="gen-problem-where">{whereText}</span>
  );
  const title = `${whereText}: ${text}${warning.pointer ? ` ${warning.pointer}` : ''}`;
  const body = (
    <>
      {where}
      <span className="gen-problem-text">{text}</span>{' '}
      {warning.pointer ? <code className="gen-muted">{warning.pointer}</code> : null}
    </>
  );
  return problem.endpointId !== undefined ? (
    <button
      type="button"
      className="gen-problem gen-problem-warning"
      data-testid="problem"
      title={title}
      onClick={() => onSelect(problem)}
    >
      {body}
    </button>
  ) : (
    <div className="gen-problem gen-problem-warning" data-testid="problem" title={title}>
      {body}
    </div>
  );
}

/** The technical text behind a message, shown on request. */
export function TechnicalDetail({ detail }: { detail: string }) {
  return (
    <details className="gen-problem-details" data-testid="problem-details">
      <summary>
        <Trans>Details</Trans>
      </summary>
      <code>{detail}</code>
    </details>
  );
}

function Where({ method, path }: { method: string | undefined; path: string }) {
  return (
    <span className="gen-problem-where">
      {method ? <span className="gen-method">{method}</span> : null} {path}
    </span>
  );
}

/**
 * Why Generate is disabled, in words: its tooltip says so even while the
 * problem is not shown in red yet (a field of a new endpoint the user has not touched).
 * Undefined when no problem blocks it.
 */
export function useGenerateBlockedReason(problems: ProblemList): string | undefined {
  const { i18n, t } = useLingui();
  const first = problems.blocking[0] ?? problems.pending[0];
  if (first === undefined) return undefined;
  const count = problems.blocking.length + problems.pending.length;
  const text = `${first.method} ${first.path || t`(no path)`}: ${i18n._(FIELD_MESSAGES[first.code])}`;
  if (count === 1) return t`Generate is disabled until this is fixed: ${text}`;
  const problemCount = plural(count, { one: '# problem', other: '# problems' });
  return t`Generate is disabled until these are fixed: ${problemCount}. The first: ${text}`;
}

/**
 * Why Generate is disabled by the lint's errors (our own rules in the text): the first one in
 * words, or, while the changed document is being checked, that it waits for the check.
 */
export function useLintBlockedReason(
  errors: readonly LintFinding[],
  pending: boolean,
  problems?: ProblemList,
): string | undefined {
  const { i18n, t } = useLingui();
  const first = errors[0];
  if (first === undefined) return undefined;
  if (pending) return t`Generate waits for the changed document to be checked.`;
  // The form's endpoint names the place as the form does (a blank path is a new endpoint's).
  const problem = problems === undefined ? undefined : formProblemOf(problems, first);
  const where =
    problem === undefined
      ? findingWhere(first)
      : { method: problem.method, path: problem.path || t`(no path)` };
  const ours = (FIELD_MESSAGES as Record<string, MessageDescriptor | undefined>)[first.code];
  const text = `${where.method ?? ''} ${where.path || t`Document`}: ${
    ours === undefined ? first.message : i18n._(ours)
  }`.trim();
  if (errors.length === 1) return t`Generate is disabled until this is fixed: ${text}`;
  const problemCount = plural(errors.length, { one: '# problem', other: '# problems' });
  return t`Generate is disabled until these are fixed: ${problemCount}. The first: ${text}`;
}

/** Where the panel's view is kept, per workspace (`local`, `project:<id>`). */
export function problemsViewKey(workspaceName: string): string {
  return `specform.problems.${workspaceName}`;
}

interface StoredProblemsView {
  ruleset?: string;
  severities?: LintSeverity[];
}

function readProblemsView(key: string): StoredProblemsView {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(key) ?? '{}') as unknown;
    if (typeof value !== 'object' || value === null) return {};
    const { ruleset, severities } = value as Record<string, unknown>;
    return {
      ruleset: typeof ruleset === 'string' ? ruleset : undefined,
      severities: Array.isArray(severities)
        ? ALL_SEVERITIES.filter((severity) => severities.includes(severity))
        : undefined,
    };
  } catch {
    return {};
  }
}

/** The project id of a workspace name (`project:<id>`); undefined for the browser's own. */
function projectOf(workspaceName: string): string | undefined {
  return workspaceName.startsWith('project:') ? workspaceName.slice('project:'.length) : undefined;
}

/**
 * The ruleset this browser kept for a project before projects kept theirs (read once, to move
 * it into the project), taken out of the browser's view.
 */
function takeLegacyRuleset(key: string): string | undefined {
  const { ruleset, severities } = readProblemsView(key);
  if (ruleset === undefined) return undefined;
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(severities ? { severities } : {}));
  } catch {
    // Refused: it is moved in again next time, which changes nothing.
  }
  return ruleset;
}

/**
 * The ruleset (YAML, '' for the default) and the panel's severity filter. In a project
 * (`project:<id>`) the ruleset is the project's, read from and saved to the server (see
 * ProjectRulesetStore: nothing is lost offline or on a conflict, `rulesetSync` tells where it
 * stands); in the browser's own workspace it is kept in this browser (localStorage), like the
 * severity filter always is. The lint's wiring hands `ruleset` to the lint client's setRuleset
 * and re-lints when it changes.
 */
export function useProblemsView(workspaceName: string): {
  ruleset: string;
  setRuleset: (yaml: string) => void;
  severities: readonly LintSeverity[];
  setSeverities: (severities: LintSeverity[]) => void;
  rulesetSync: RulesetSync | undefined;
} {
  const key = problemsViewKey(workspaceName);
  const projectId = projectOf(workspaceName);
  const [view, setView] = useState(() => ({ key, ...readProblemsView(key) }));
  const current = view.key === key ? view : { key, ...readProblemsView(key) };
  if (current !== view) setView(current);
  const project = useProjectRuleset(projectId, () => takeLegacyRuleset(key));
  const update = (next: StoredProblemsView) => {
    const merged = { ...current, ...next };
    setView(merged);
    try {
      const { key: _key, ...stored } = merged;
      // A project's ruleset is the project's: this browser keeps its severity filter only.
      if (projectId !== undefined) delete stored.ruleset;
      globalThis.localStorage?.setItem(key, JSON.stringify(stored));
    } catch {
      // A full or refused store: the view holds for this visit only.
    }
  };
  const store = project.store;
  const state = project.state;
  const rulesetSync = useMemo(
    () =>
      store === undefined || state === undefined
        ? undefined
        : {
            state,
            replace: (yaml: string) => void store.replace(yaml),
            takeTheirs: () => store.takeTheirs(),
          },
    [store, state],
  );
  return {
    ruleset: projectId === undefined ? (current.ruleset ?? '') : (state?.ruleset ?? ''),
    setRuleset: (ruleset) => {
      if (projectId === undefined) update({ ruleset });
      else void store?.change(ruleset);
    },
    severities: current.severities ?? ALL_SEVERITIES,
    setSeverities: (severities) => update({ severities }),
    rulesetSync,
  };
}
