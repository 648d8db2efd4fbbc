/**
 * The Problems panel's list: every rule broken by an endpoint, ordered like the endpoints,
 * blocking ones apart, and the load report. Errors block Generate; warnings are what the user
 * should act on. The load report is what the form could not show (or showed repaired) when the
 * document was loaded: it is not counted as problems (the document's problems are the lint's
 * findings: Spectral reports the same references, schemas and parameters by its own rules); its
 * notes (what the document keeps as written) are counted per kind, not listed. The panels' red
 * labels come from the same split ({@link splitIssues}).
 */
import {
  isBlocking,
  type Endpoint,
  type EndpointIssue,
  type EndpointIssueCode,
  type ImportWarning,
  type ValidationReport,
} from '../../shared/openapi';
import {
  DEFAULT_RULESET_YAML,
  type LintAnswer,
  type LintCounts,
  type LintFinding,
  type LintRange,
  type LintSeverity,
} from '../../shared/openapi/lint/types';
import { isMap, parse as parseYaml, parseDocument } from 'yaml';

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

export type Problem = RuleProblem | WarningProblem;

/** All load warnings of one kind, as one line (notes are counted, not listed). */
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
   * Problems that stop Generate on fields of a new endpoint the user has not touched yet:
   * not shown in red, but the reason Generate gives for being disabled.
   */
  pending: RuleProblem[];
  /** What the user should act on: the form's rules that do not block. */
  warnings: RuleProblem[];
  /**
   * The load report's rows: load warnings the user may act on (document-level ones first,
   * then in endpoint order). Not problems: the lint reports the document's own.
   */
  loadWarnings: WarningProblem[];
  /** The load report's schemas no operation uses: one row with a count. */
  unused: WarningProblem[];
  /** The load report's notes: what the document keeps as written, one line per kind. */
  notes: NoteGroup[];
}

/** How many lines the load report has: its rows, the unused schemas' row, its notes. */
export function loadReportCount(problems: ProblemList): number {
  return (
    problems.loadWarnings.length +
    (problems.unused.length > 0 ? 1 : 0) +
    problems.notes.reduce((sum, group) => sum + group.count, 0)
  );
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

/** What a load warning is to the user. */
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

/** The load warnings sorted out once per list (see {@link groupLoadWarnings}). */
export interface LoadWarningGroups {
  notes: readonly NoteGroup[];
  unused: readonly WarningProblem[];
  /** Warnings of no endpoint of the form. */
  documentLevel: readonly WarningProblem[];
  byEndpoint: ReadonlyMap<string, readonly WarningProblem[]>;
}

/**
 * The load warnings by kind and endpoint. They change with a Load or the list, not with a report:
 * a document's thousands of warnings are not sorted again with every answer while typing.
 */
export function groupLoadWarnings(
  order: readonly string[],
  endpointOf: (id: string) => Endpoint | undefined,
  loadWarnings: readonly ImportWarning[],
): LoadWarningGroups {
  const unused: WarningProblem[] = [];
  const notes = new Map<string, NoteGroup>();
  const byEndpoint = new Map<string, WarningProblem[]>();
  const documentLevel: WarningProblem[] = [];
  if (loadWarnings.length === 0) return { notes: [], unused, documentLevel, byEndpoint };
  const routeToId = new Map<string, string>();
  for (const id of order) {
    const endpoint = endpointOf(id);
    if (endpoint === undefined) continue;
    routeToId.set(`${endpoint.method} ${endpoint.path}`, id);
  }
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
  return { notes: [...notes.values()], unused, documentLevel, byEndpoint };
}

/**
 * Collects the problems of the form in the order of `order` (the endpoint list). `loadWarnings`
 * may come grouped already ({@link groupLoadWarnings}, kept while only the report changes).
 */
export function collectProblems(
  order: readonly string[],
  endpointOf: (id: string) => Endpoint | undefined,
  report: ValidationReport | undefined,
  loadWarnings: readonly ImportWarning[] | LoadWarningGroups,
  shown: IssueFilter = SHOW_ALL,
): ProblemList {
  const blocking: RuleProblem[] = [];
  const pending: RuleProblem[] = [];
  const groups = isGrouped(loadWarnings)
    ? loadWarnings
    : groupLoadWarnings(order, endpointOf, loadWarnings);
  const { byEndpoint, documentLevel } = groups;
  const warnings: RuleProblem[] = [];
  const loadReport: WarningProblem[] = [...documentLevel];
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
    if (more !== undefined) loadReport.push(...more);
  }
  return {
    blocking,
    pending,
    warnings,
    loadWarnings: loadReport,
    unused: [...groups.unused],
    notes: groups.notes.map((group) => ({ ...group })),
  };
}

function isGrouped(
  warnings: readonly ImportWarning[] | LoadWarningGroups,
): warnings is LoadWarningGroups {
  return !Array.isArray(warnings);
}

/** The form control a rule's field stands for, inside its endpoint panel. */
export function fieldSelector(field: string): string {
  const target = field === '' ? 'path' : field;
  return `[data-field="${CSS.escape(target)}"]`;
}

/*
 * The panel groups problems by rule. Its input is the lint's answer (one finding per rule and
 * place: the text's and the form's own rules, one lint in the worker); until that answer reaches
 * the page (a text too large to check by itself, a failed lint), the session's problems above
 * are mapped to findings of source 'specform' ({@link findingsFromProblems}).
 */

/** A finding as the panel shows it: a key, and the form's problem it came from (if any). */
export interface PanelFinding extends LintFinding {
  key: string;
  /** The form's problem this finding stands for (the form's jump: its endpoint, its field). */
  problem?: Problem;
}

/** The line a finding mapped from the form's problems has: unknown (found by its operation). */
export const NO_LINE = -1;

const SEVERITIES: readonly LintSeverity[] = ['error', 'warning', 'info', 'hint'];

/** Lowest first: `error` is 0. */
export function severityRank(severity: LintSeverity): number {
  return SEVERITIES.indexOf(severity);
}

function unknownRange(): LintRange {
  return { start: { line: NO_LINE, character: 0 }, end: { line: NO_LINE, character: 0 } };
}

function pathOf(method: string | undefined, path: string | undefined): (string | number)[] {
  if (path === undefined || path === '') return [];
  return method === undefined ? ['paths', path] : ['paths', path, method.toLowerCase()];
}

/** The form's problems as findings (source 'specform'), blocking ones as errors. */
export function findingsFromProblems(list: ProblemList): PanelFinding[] {
  const out: PanelFinding[] = [];
  for (const problem of list.blocking) {
    out.push({
      key: problem.key,
      code: problem.code,
      path: pathOf(problem.method, problem.path),
      severity: 'error',
      message: problem.code,
      range: unknownRange(),
      source: 'specform',
      problem,
    });
  }
  for (const problem of list.warnings) {
    out.push({
      key: problem.key,
      code: problem.code,
      path: pathOf(problem.method, problem.path),
      severity: 'warning',
      message: problem.code,
      range: unknownRange(),
      source: 'specform',
      problem,
    });
  }
  return out;
}

/** The lint's findings as the panel shows them (keyed by position). */
export function findingsFromLint(answer: LintAnswer): PanelFinding[] {
  return answer.findings.map((finding, index) => ({ ...finding, key: `l${index}` }));
}

/** A rule at an operation: its code, its `paths` key and its method ('' for the path item). */
function placeOf(code: string, pathKey: unknown, method: unknown): string {
  return `${code} ${String(pathKey)} ${typeof method === 'string' ? method.toLowerCase() : ''}`;
}

/** Whether a lint finding is at the place of a form problem of the same rule. */
function atPlaceOf(finding: LintFinding, places: ReadonlySet<string>): boolean {
  const [, pathKey, method] = finding.path;
  return (
    places.has(placeOf(finding.code, pathKey, method)) ||
    places.has(placeOf(finding.code, pathKey, undefined))
  );
}

/** The form's problems by place (see {@link placeOf}). */
function placesOf(problems: readonly RuleProblem[]): Set<string> {
  const places = new Set<string>();
  for (const problem of problems) {
    places.add(placeOf(problem.code, problem.path, problem.method));
    places.add(placeOf(problem.code, problem.path, undefined));
  }
  return places;
}

/** A rule at a field of an endpoint of the form. */
function fieldOf(endpointId: string, code: string, field: string): string {
  return `${endpointId}\u0000${code}\u0000${field}`;
}

/**
 * The lint's findings as the panel shows them: the one answer of the lint holds the text's
 * findings and the form's own rules (lint/form-state.ts); this only leaves out what the user is
 * not shown yet. A finding at a field of a new endpoint the user has not touched (`pending`: a
 * form rule's finding at that endpoint and field, or a finding of the text at the place of such
 * a problem) is not shown; it still blocks Generate (the answer's `canGenerate`), whose tooltip
 * names it.
 */
export function mergeFindings(list: ProblemList, answer: LintAnswer): PanelFinding[] {
  const all = findingsFromLint(answer);
  if (list.pending.length === 0) return all;
  const places = placesOf(list.pending);
  const fields = new Set(
    list.pending.map((problem) => fieldOf(problem.endpointId, problem.code, problem.field)),
  );
  return all.filter((finding) =>
    finding.form === undefined
      ? !atPlaceOf(finding, places)
      : !fields.has(fieldOf(finding.form.endpointId, finding.code, finding.form.field)),
  );
}

/**
 * The form's problem a lint finding of our own rules stands for, so choosing it focuses the
 * field as the form's row did: a finding of the form's rules names its endpoint and field; one
 * of the text is matched by rule and operation (a finding on a `paths` key, the first endpoint at
 * that path). Undefined for other findings.
 */
export function formProblemOf(list: ProblemList, finding: LintFinding): RuleProblem | undefined {
  if (finding.source !== 'specform') return undefined;
  const [, pathKey, method] = finding.path;
  if (finding.form !== undefined) {
    return {
      kind: 'rule',
      key: `f:${finding.form.endpointId}:${finding.code}:${finding.form.field}`,
      endpointId: finding.form.endpointId,
      method: String(method ?? '').toUpperCase(),
      path: String(pathKey ?? ''),
      code: finding.code as EndpointIssueCode,
      field: finding.form.field,
    };
  }
  if (finding.path[0] !== 'paths') return undefined;
  const same = (problem: Problem): problem is RuleProblem =>
    problem.kind === 'rule' &&
    problem.code === finding.code &&
    problem.path === pathKey &&
    (typeof method !== 'string' || problem.method.toLowerCase() === method);
  return list.blocking.find(same) ?? list.pending.find(same) ?? list.warnings.find(same);
}

/** All findings of one rule. */
export interface RuleGroup {
  code: string;
  source: LintFinding['source'];
  /** The most severe of its findings. */
  severity: LintSeverity;
  findings: PanelFinding[];
  counts: LintCounts;
}

export function emptyCounts(): LintCounts {
  return { error: 0, warning: 0, info: 0, hint: 0 };
}

export function countFindings(findings: readonly LintFinding[]): LintCounts {
  const counts = emptyCounts();
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}

/**
 * Groups the findings by rule, keeping those of the severities in `shown`: the most severe rule
 * first, then the rule with more findings, then by name. A group keeps its findings' order.
 */
export function groupByRule(
  findings: readonly PanelFinding[],
  shown: ReadonlySet<LintSeverity> = new Set(SEVERITIES),
): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const finding of findings) {
    if (!shown.has(finding.severity)) continue;
    let group = groups.get(finding.code);
    if (group === undefined) {
      group = {
        code: finding.code,
        source: finding.source,
        severity: finding.severity,
        findings: [],
        counts: emptyCounts(),
      };
      groups.set(finding.code, group);
    }
    group.findings.push(finding);
    group.counts[finding.severity]++;
    if (severityRank(finding.severity) < severityRank(group.severity)) {
      group.severity = finding.severity;
    }
  }
  return [...groups.values()].sort(
    (a, b) =>
      severityRank(a.severity) - severityRank(b.severity) ||
      b.findings.length - a.findings.length ||
      a.code.localeCompare(b.code),
  );
}

/** The severities the panel shows by default: all of them. */
export const ALL_SEVERITIES: readonly LintSeverity[] = SEVERITIES;

/** The rules a project's ruleset turns off (`rules: { <code>: off }`), in the order written. */
export function rulesTurnedOff(rulesetYaml: string): string[] {
  if (rulesetYaml.trim() === '') return [];
  let rules: unknown;
  try {
    rules = (parseYaml(rulesetYaml) as { rules?: unknown } | null)?.rules;
  } catch {
    return [];
  }
  if (typeof rules !== 'object' || rules === null) return [];
  return Object.entries(rules)
    .filter(([, value]) => value === 'off' || value === false)
    .map(([code]) => code);
}

/**
 * The project's ruleset with `rules: { <code>: off }` written in (`off` true) or that entry
 * taken out (`off` false; an emptied `rules` goes too). The rest of the text is kept as written;
 * an empty ruleset starts from {@link DEFAULT_RULESET_YAML}.
 */
export function setRuleOff(rulesetYaml: string, code: string, off: boolean): string {
  const doc = parseDocument(rulesetYaml.trim() === '' ? DEFAULT_RULESET_YAML : rulesetYaml);
  if (off) doc.setIn(['rules', code], 'off');
  else {
    doc.deleteIn(['rules', code]);
    const rules = doc.get('rules');
    if (isMap(rules) && rules.items.length === 0) doc.delete('rules');
  }
  return doc.toString();
}

/** What decides Generate, and whose reason its tooltip gives. */
export interface GenerateVerdict {
  pass: boolean;
  /** The reason is the session's report's (its first blocking problem), not the lint's. */
  reasonFromReport: boolean;
}

/**
 * Whether Generate may run. Once the lint answered, its answer decides: it carries the form's
 * own rules too (lint/form-state.ts); until then (a text above LINT_MAX_CHARS not checked whole,
 * a failed lint) the session's report. Either way a report that says the form cannot be written
 * has the last word: a project's ruleset may turn a rule off (DUPLICATE: off), and the lint's
 * answer may be a step behind the last edit, but neither makes a second endpoint on one route
 * writable, and the worker would refuse the Generate without a word.
 */
export function generateVerdict(
  answer: Pick<LintAnswer, 'canGenerate'> | undefined,
  report: Pick<ValidationReport, 'canGenerate'> | undefined,
): GenerateVerdict {
  if (answer === undefined) return { pass: report?.canGenerate === true, reasonFromReport: true };
  const writable = report?.canGenerate !== false;
  return { pass: answer.canGenerate && writable, reasonFromReport: answer.canGenerate };
}
