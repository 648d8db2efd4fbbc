/**
 * The Problems panel's list (issue 10): every rule broken by an endpoint and every load warning,
 * ordered like the endpoints (document-level warnings first), blocking ones apart. Issue 20:
 * errors block Generate; warnings are what the user should act on; notes (what the document
 * keeps as written and the form does not show) are counted per kind, not listed; the panels' red
 * labels come from the same split ({@link splitIssues}).
 */
import {
  isBlocking,
  type Endpoint,
  type EndpointExampleProblem,
  type EndpointIssue,
  type EndpointIssueCode,
  type ImportWarning,
  type ValidationReport,
} from '../../shared/openapi';

export interface RuleProblem {
  kind: 'rule';
  key: string;
  endpointId: string;
  method: string;
  path: string;
  code: EndpointIssueCode;
  /** The field the rule concerns (see EndpointIssue.field). */
  field: string;
}

export interface WarningProblem {
  kind: 'warning';
  key: string;
  /** The endpoint the warning is about, when it is about one that the form shows. */
  endpointId?: string;
  warning: ImportWarning;
}

/** An example that does not fit its schema (issue 10 point 3, issue 14 point 3). */
export interface ExampleProblemItem {
  kind: 'example';
  key: string;
  endpointId: string;
  method: string;
  path: string;
  problem: EndpointExampleProblem;
}

export type Problem = RuleProblem | WarningProblem | ExampleProblemItem;

/** All load warnings of one kind, as one line (issue 20: notes are counted, not listed). */
export interface NoteGroup {
  code: string;
  count: number;
  /** The core's English message of the first one (for a code the app has no words for). */
  message: string;
}

export interface ProblemList {
  /** Problems that stop Generate and are shown, in endpoint order. */
  blocking: RuleProblem[];
  /**
   * Problems that stop Generate on fields of a new endpoint the user has not touched yet
   * (issue 20 point 6): not shown in red, but the reason Generate gives for being disabled.
   */
  pending: RuleProblem[];
  /** What the user should act on: rules that do not block, examples, load warnings. */
  warnings: Problem[];
  /** Schemas no operation uses: one row with a count (issue 20). */
  unused: WarningProblem[];
  /** What the document keeps as written and the form does not show, one line per kind. */
  notes: NoteGroup[];
}

/** How many rows the badge and the "warnings" count show: the unused schemas are one row. */
export function warningCount(problems: ProblemList): number {
  return problems.warnings.length + (problems.unused.length > 0 ? 1 : 0);
}

/**
 * Load warning codes about things the form edits now (the Document panel edits servers,
 * security, tags, and info's contact, license and terms): a line saying they are "kept as
 * written" would contradict the form, so nothing is said.
 */
const EDITED_BY_FORM: ReadonlySet<string> = new Set([
  'SERVERS',
  'SECURITY',
  'TAG_DEFINITIONS',
  'OPERATION_SECURITY',
]);
const EDITED_INFO_FIELDS: ReadonlySet<string> = new Set(['contact', 'license', 'termsOfService']);

/**
 * Load warning codes a user should act on: the document is wrong or incomplete there. Every
 * other code is a note: something kept as written that the form does not show.
 */
const ACT_ON: ReadonlySet<string> = new Set([
  'MISSING_OPENAPI_VERSION',
  'UNUSED_SCHEMA',
  'INVALID_PARAMETER',
  'PATH_PARAMETER_REQUIRED',
  'UNRESOLVED_REF',
  'SCHEMA_INVALID',
  'INVALID_FIELD',
]);

/** What a load warning is to the user (issue 20 point 4). */
export function warningKind(warning: ImportWarning): 'warning' | 'note' | 'none' {
  if (EDITED_BY_FORM.has(warning.code)) return 'none';
  if (warning.code === 'INFO_FIELD') {
    const key = warning.pointer.split('/').pop() ?? '';
    if (EDITED_INFO_FIELDS.has(key)) return 'none';
  }
  return ACT_ON.has(warning.code) ? 'warning' : 'note';
}

/** Whether an issue is shown (see TouchedFields); every issue when no filter is given. */
export type IssueFilter = (endpointId: string, issue: EndpointIssue) => boolean;

const SHOW_ALL: IssueFilter = () => true;

/** The issues of a panel split as its labels and the Problems panel show them. */
export function splitIssues(
  endpointId: string,
  issues: readonly EndpointIssue[],
  shown: IssueFilter = SHOW_ALL,
): { errors: EndpointIssue[]; warnings: EndpointIssue[]; pending: EndpointIssue[] } {
  const errors: EndpointIssue[] = [];
  const warnings: EndpointIssue[] = [];
  const pending: EndpointIssue[] = [];
  for (const issue of issues) {
    const visible = shown(endpointId, issue);
    if (isBlocking(issue.code)) (visible ? errors : pending).push(issue);
    else if (visible) warnings.push(issue);
  }
  return { errors, warnings, pending };
}

/** Collects the problems of the form in the order of `order` (the endpoint list). */
export function collectProblems(
  order: readonly string[],
  endpointOf: (id: string) => Endpoint | undefined,
  report: ValidationReport | undefined,
  loadWarnings: readonly ImportWarning[],
  exampleProblems: readonly EndpointExampleProblem[] = [],
  shown: IssueFilter = SHOW_ALL,
): ProblemList {
  const blocking: RuleProblem[] = [];
  const pending: RuleProblem[] = [];
  const unused: WarningProblem[] = [];
  const notes = new Map<string, NoteGroup>();
  const byEndpoint = new Map<string, Problem[]>();
  const routeToId = new Map<string, string>();
  for (const id of order) {
    const endpoint = endpointOf(id);
    if (endpoint === undefined) continue;
    routeToId.set(`${endpoint.method} ${endpoint.path}`, id);
  }
  const documentLevel: Problem[] = [];
  loadWarnings.forEach((warning, index) => {
    const kind = warningKind(warning);
    if (kind === 'none') return;
    if (kind === 'note') {
      const group = notes.get(warning.code);
      if (group === undefined) {
        notes.set(warning.code, { code: warning.code, count: 1, message: warning.message });
      } else group.count++;
      return;
    }
    const problem: WarningProblem = { kind: 'warning', key: `w${index}`, warning };
    if (warning.code === 'UNUSED_SCHEMA') {
      unused.push(problem);
      return;
    }
    const id =
      warning.method !== undefined && warning.path !== undefined
        ? routeToId.get(`${warning.method.toUpperCase()} ${warning.path}`)
        : undefined;
    if (id === undefined) {
      documentLevel.push(problem);
      return;
    }
    problem.endpointId = id;
    const list = byEndpoint.get(id);
    if (list === undefined) byEndpoint.set(id, [problem]);
    else list.push(problem);
  });
  exampleProblems.forEach((problem, index) => {
    const endpoint = endpointOf(problem.endpointId);
    if (endpoint === undefined) return;
    const item: ExampleProblemItem = {
      kind: 'example',
      key: `x${index}`,
      endpointId: problem.endpointId,
      method: endpoint.method,
      path: endpoint.path,
      problem,
    };
    const list = byEndpoint.get(problem.endpointId);
    if (list === undefined) byEndpoint.set(problem.endpointId, [item]);
    else list.push(item);
  });
  const warnings: Problem[] = [...documentLevel];
  for (const id of order) {
    const endpoint = endpointOf(id);
    if (endpoint === undefined) continue;
    const issues = report?.issues[id] ?? [];
    issues.forEach((issue, index) => {
      const problem: RuleProblem = {
        kind: 'rule',
        key: `${id}:${index}`,
        endpointId: id,
        method: endpoint.method,
        path: endpoint.path,
        code: issue.code,
        field: issue.field,
      };
      const visible = shown(id, issue);
      if (isBlocking(issue.code)) (visible ? blocking : pending).push(problem);
      else if (visible) warnings.push(problem);
    });
    const more = byEndpoint.get(id);
    if (more !== undefined) warnings.push(...more);
  }
  return { blocking, pending, warnings, unused, notes: [...notes.values()] };
}

/** The form control a rule's field stands for, inside its endpoint panel. */
export function fieldSelector(field: string): string {
  const target = field === '' ? 'path' : field;
  return `[data-field="${CSS.escape(target)}"]`;
}
