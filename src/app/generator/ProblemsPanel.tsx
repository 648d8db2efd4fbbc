/**
 * The Problems panel (issue 10, issue 20 point 4): errors that block Generate, warnings the user
 * should act on (the schemas no operation uses as one row with a count), and, collapsed apart,
 * what the document keeps as written, one line per kind with a count. The badge counts errors
 * and warnings only. Every row's tooltip is its own translated text. Choosing a problem opens
 * its endpoint panel, scrolls to it and focuses the field.
 */
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo, useState } from 'react';
import { FIELD_MESSAGES } from './issue-messages';
import { describeExampleProblem } from './plain-messages';
import { warningCount, type NoteGroup, type Problem, type ProblemList } from './problems';
import { NOTE_MESSAGES, WARNING_MESSAGES } from './warning-messages';
import { useDocumentDialect } from '../model/document-store';
import './problems.css';

export interface ProblemsPanelProps {
  problems: ProblemList;
  open: boolean;
  onToggle: (open: boolean) => void;
  onSelect: (problem: Problem) => void;
}

/** Rows per group before "Show all" (thousands of rows would stall the tab). */
const FIRST_ROWS = 100;

export const ProblemsPanel = memo(function ProblemsPanel({
  problems,
  open,
  onToggle,
  onSelect,
}: ProblemsPanelProps) {
  const { t } = useLingui();
  // Issue 19.4: the panel names the version the document was checked against.
  const dialect = useDocumentDialect();
  const blocking = problems.blocking.length;
  const warnings = warningCount(problems);
  const notes = problems.notes.reduce((sum, group) => sum + group.count, 0);
  if (blocking === 0 && warnings === 0 && notes === 0) return null;
  return (
    <section
      className={blocking > 0 ? 'gen-problems gen-problems-blocking' : 'gen-problems'}
      aria-label={t`Problems`}
      data-testid="problems"
    >
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
        {warnings > 0 ? (
          <span className="gen-problems-count" data-testid="problems-warnings">
            <Plural value={warnings} one="# warning" other="# warnings" />
          </span>
        ) : null}
        {blocking === 0 && warnings === 0 ? (
          <span className="gen-problems-count">
            <Plural value={notes} one="# part kept as written" other="# parts kept as written" />
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="gen-problems-body">
          <p className="gen-muted gen-problems-checked" data-testid="problems-checked-against">
            <Trans>Checked against OpenAPI {dialect}</Trans>
          </p>
          {blocking > 0 ? (
            <ProblemGroup
              title={t`Blocking generation`}
              items={problems.blocking}
              onSelect={onSelect}
            />
          ) : null}
          {warnings > 0 ? (
            <ProblemGroup
              title={t`Warnings`}
              count={warnings}
              items={problems.warnings}
              onSelect={onSelect}
              unused={problems.unused}
            />
          ) : null}
          {notes > 0 ? <Notes groups={problems.notes} total={notes} /> : null}
        </div>
      ) : null}
    </section>
  );
});

function ProblemGroup({
  title,
  count,
  items,
  onSelect,
  unused = [],
}: {
  title: string;
  count?: number;
  items: readonly Problem[];
  onSelect: (problem: Problem) => void;
  unused?: readonly Problem[];
}) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FIRST_ROWS);
  return (
    <div className="gen-problems-group">
      <h4>
        {title} <span className="gen-muted">({count ?? items.length})</span>
      </h4>
      <ul>
        {unused.length > 0 ? (
          <li>
            <UnusedSchemas items={unused} />
          </li>
        ) : null}
        {shown.map((problem) => (
          <li key={problem.key}>
            <ProblemRow problem={problem} onSelect={onSelect} />
          </li>
        ))}
      </ul>
      {!all && items.length > FIRST_ROWS ? (
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
  if (problem.kind === 'rule' || problem.kind === 'example') {
    const path = problem.path || t`(no path)`;
    // Issue 31.17: an example's problem in words; the validator's terms on request.
    const { text, detail } =
      problem.kind === 'rule'
        ? { text: i18n._(FIELD_MESSAGES[problem.code]), detail: undefined }
        : describeExampleProblem(i18n, problem.problem);
    return (
      <>
        <button
          type="button"
          className={problem.kind === 'rule' ? 'gen-problem' : 'gen-problem gen-problem-warning'}
          data-testid="problem"
          title={`${problem.method} ${path}: ${text}`}
          onClick={() => onSelect(problem)}
        >
          <Where method={problem.method} path={path} />
          <span className="gen-problem-text">{text}</span>
        </button>
        {detail === undefined ? null : <TechnicalDetail detail={detail} />}
      </>
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

/** The technical text behind a message, shown on request (issue 31.17). */
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
 * Why Generate is disabled, in words (issue 20 point 6): its tooltip says so even while the
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
