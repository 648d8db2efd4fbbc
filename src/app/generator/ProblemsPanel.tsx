/**
 * The Problems panel (issue 10): every problem that blocks Generate and every warning (load
 * warnings included), counted, grouped and ordered like the endpoints. Choosing a problem opens
 * its endpoint panel, scrolls to it and focuses the field.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo, useState } from 'react';
import { FIELD_MESSAGES } from './issue-messages';
import type { Problem, ProblemList, RuleProblem } from './problems';
import { WARNING_MESSAGES } from './warning-messages';

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
  const blocking = problems.blocking.length;
  const warnings = problems.warnings.length;
  if (blocking === 0 && warnings === 0) return null;
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
          <span className="gen-problems-count gen-problems-count-blocking">
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
          <span className="gen-problems-count">
            <Plural value={warnings} one="# warning" other="# warnings" />
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="gen-problems-body">
          {blocking > 0 ? (
            <ProblemGroup
              title={t`Blocking generation`}
              items={problems.blocking}
              onSelect={onSelect}
            />
          ) : null}
          {warnings > 0 ? (
            <ProblemGroup title={t`Warnings`} items={problems.warnings} onSelect={onSelect} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
});

function ProblemGroup({
  title,
  items,
  onSelect,
}: {
  title: string;
  items: readonly Problem[];
  onSelect: (problem: Problem) => void;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FIRST_ROWS);
  return (
    <div className="gen-problems-group">
      <h4>
        {title} <span className="gen-muted">({items.length})</span>
      </h4>
      <ul>
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

function ProblemRow({
  problem,
  onSelect,
}: {
  problem: Problem;
  onSelect: (problem: Problem) => void;
}) {
  const { i18n, t } = useLingui();
  if (problem.kind === 'rule') {
    return (
      <button
        type="button"
        className="gen-problem"
        data-testid="problem"
        onClick={() => onSelect(problem)}
      >
        <Where method={problem.method} path={problem.path || t`(no path)`} />
        <span>{i18n._(FIELD_MESSAGES[(problem as RuleProblem).code])}</span>
      </button>
    );
  }
  if (problem.kind === 'example') {
    const { problem: p } = problem;
    const which = p.body === 'request' ? t`request body` : t`response ${p.body}`;
    return (
      <button
        type="button"
        className="gen-problem gen-problem-warning"
        data-testid="problem"
        onClick={() => onSelect(problem)}
      >
        <Where method={problem.method} path={problem.path || t`(no path)`} />
        <span title={p.message}>
          {t`Example “${p.example}” of the ${which} does not fit its schema (${p.rule})`}
        </span>{' '}
        <code className="gen-muted">{p.pointer || '/'}</code>
      </button>
    );
  }
  const { warning } = problem;
  const message = WARNING_MESSAGES[warning.code];
  const text = message ? i18n._(message) : warning.message;
  const where =
    warning.method !== undefined || warning.path !== undefined ? (
      <Where method={warning.method?.toUpperCase()} path={warning.path ?? ''} />
    ) : (
      <span className="gen-problem-where">
        <Trans>Document</Trans>
      </span>
    );
  const body = (
    <>
      {where}
      <span title={warning.message}>{text}</span>{' '}
      {warning.pointer ? <code className="gen-muted">{warning.pointer}</code> : null}
    </>
  );
  return problem.endpointId !== undefined ? (
    <button
      type="button"
      className="gen-problem gen-problem-warning"
      data-testid="problem"
      onClick={() => onSelect(problem)}
    >
      {body}
    </button>
  ) : (
    <div className="gen-problem gen-problem-warning">{body}</div>
  );
}

function Where({ method, path }: { method: string | undefined; path: string }) {
  return (
    <span className="gen-problem-where">
      {method ? <span className="gen-method">{method}</span> : null} {path}
    </span>
  );
}
