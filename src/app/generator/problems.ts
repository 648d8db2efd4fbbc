/**
 * The Problems panel's list (issue 10): every rule broken by an endpoint and every load warning,
 * ordered like the endpoints (document-level warnings first), blocking ones apart.
 */
import {
  isBlocking,
  type Endpoint,
  type EndpointExampleProblem,
  type EndpointIssueCode,
  type ImportWarning,
  type ValidationReport,
} from '../../shared';

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

export interface ProblemList {
  /** Problems that stop Generate, in endpoint order. */
  blocking: RuleProblem[];
  /** Rules that show on the form but do not block, and load warnings, in endpoint order. */
  warnings: Problem[];
}

/** Collects the problems of the form in the order of `order` (the endpoint list). */
export function collectProblems(
  order: readonly string[],
  endpointOf: (id: string) => Endpoint | undefined,
  report: ValidationReport | undefined,
  loadWarnings: readonly ImportWarning[],
  exampleProblems: readonly EndpointExampleProblem[] = [],
): ProblemList {
  const blocking: RuleProblem[] = [];
  const byEndpoint = new Map<string, Problem[]>();
  const routeToId = new Map<string, string>();
  for (const id of order) {
    const endpoint = endpointOf(id);
    if (endpoint === undefined) continue;
    routeToId.set(`${endpoint.method} ${endpoint.path}`, id);
  }
  const documentLevel: Problem[] = [];
  loadWarnings.forEach((warning, index) => {
    const id =
      warning.method !== undefined && warning.path !== undefined
        ? routeToId.get(`${warning.method.toUpperCase()} ${warning.path}`)
        : undefined;
    const problem: WarningProblem = { kind: 'warning', key: `w${index}`, warning };
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
      if (isBlocking(issue.code)) blocking.push(problem);
      else warnings.push(problem);
    });
    const more = byEndpoint.get(id);
    if (more !== undefined) warnings.push(...more);
  }
  return { blocking, warnings };
}

/** The form control a rule's field stands for, inside its endpoint panel. */
export function fieldSelector(field: string): string {
  const target = field === '' ? 'path' : field;
  return `[data-field="${CSS.escape(target)}"]`;
}
