/**
 * Our own Spectral ruleset, `specform`: the spec §5 checks that apply to a written
 * document, as Spectral rules whose names are the core's issue codes (validate-endpoints.ts,
 * document/validate-meta.ts), so the app's EN/RU wording of those codes applies to them. The
 * functions are bundled here; nothing is loaded at run time. Every rule reads the document as
 * written (`resolved: false`): `$ref`s to `components.parameters` are followed by hand, which is
 * linear in the document, where Spectral's resolved view of a large document is not.
 *
 * A written document is "as loaded": a path or parameter name the form would not
 * offer is a warning. What makes a document invalid or ambiguous is an error, and errors of
 * this ruleset are what stops Generate (LintAnswer.canGenerate).
 *
 * The form's own rules (FORM_RULES) are rules of this ruleset too: they read the form state the
 * document session hands the lint with the text (form-state.ts), so they are in force, turned
 * off or given another severity by a project's ruleset like every other rule here.
 */
import type { IFunctionResult, RulesetDefinition, RulesetFunction } from '@stoplight/spectral-core';
import { isObject, own, type JsonObject } from '../openapi-common';
import { versionStated } from '../versions';
import { FORM_ISSUES_GIVEN, FORM_RULES } from './form-state';
import {
  checkPathCharacters,
  isBlocking,
  isValidOperationId,
  pathTemplateNames,
  type EndpointIssueCode,
} from '../validate-endpoints';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];
const PARAM_NAME = /^[A-Za-z0-9/_{}-]+$/;
const RESPONSE_KEY = /^([1-5]XX|default)$/;

type Path = (string | number)[];

/** The object a local `#/components/parameters/…` (or any local) `$ref` points at. */
function deref(document: unknown, value: unknown): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) {
    return value;
  }
  let node: unknown = document;
  for (const raw of value.$ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? own(node, key) : undefined;
  }
  return node;
}

function operations(pathItem: JsonObject): [string, JsonObject][] {
  const list: [string, JsonObject][] = [];
  for (const method of METHODS) {
    const operation = own(pathItem, method);
    if (isObject(operation)) list.push([method, operation]);
  }
  return list;
}

/**
 * Keys of `paths`: a blank path (error: the form writes an endpoint without a path as `''`), a
 * path that does not start with '/' (error) or uses other characters (warning).
 */
const pathKeys: RulesetFunction<unknown, { check: 'required' | 'start' | 'chars' }> = (
  paths,
  options,
) => {
  if (!isObject(paths)) return;
  const results: IFunctionResult[] = [];
  for (const key of Object.keys(paths)) {
    const error = checkPathCharacters(key);
    if (options.check === 'required' && error === 'REQUIRED') {
      results.push({ message: 'Path is required', path: ['paths', key] });
    } else if (options.check === 'start' && error === 'MUST_START_WITH') {
      results.push({ message: 'Path must start with a /', path: ['paths', key] });
    } else if (options.check === 'chars' && error === 'INCORRECT_CHARS') {
      results.push({
        message:
          'The path uses characters the form does not offer (letters, digits, / _ { } - . ~)',
        path: ['paths', key],
      });
    }
  }
  return results;
};

/** A path item's path parameters against its path's template names. */
const pathParameters: RulesetFunction<unknown, { check: 'undefined' | 'notInPath' }> = (
  pathItem,
  options,
  context,
) => {
  if (!isObject(pathItem)) return;
  const path = context.path;
  const key = String(path[path.length - 1]);
  const names = pathTemplateNames(key);
  const data = context.document.data;
  const common = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
  const results: IFunctionResult[] = [];
  const scan = (list: unknown[], at: Path, defined: Set<string>) => {
    list.forEach((raw, index) => {
      const parameter = deref(data, raw);
      if (!isObject(parameter) || parameter.in !== 'path' || typeof parameter.name !== 'string') {
        return;
      }
      defined.add(parameter.name);
      if (options.check === 'notInPath' && !names.includes(parameter.name)) {
        results.push({
          message: `Path parameter "${parameter.name}" is not in the path`,
          path: [...at, 'parameters', index],
        });
      }
    });
  };
  const commonDefined = new Set<string>();
  scan(common, [...path], commonDefined);
  const ops = operations(pathItem);
  for (const [method, operation] of ops) {
    const defined = new Set(commonDefined);
    if (Array.isArray(operation.parameters)) scan(operation.parameters, [...path, method], defined);
    const missing = names.filter((name) => !defined.has(name));
    if (options.check === 'undefined' && missing.length > 0) {
      results.push({
        message: `The path names parameters the operation does not define: ${missing.join(', ')}`,
        path: [...path, method],
      });
    }
  }
  if (options.check === 'notInPath' && ops.length === 0) return results;
  // The path item's own parameters were reported once per scan of the item, not per operation.
  const seen = new Set<string>();
  return results.filter((result) => {
    const id = JSON.stringify(result.path);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
};

/** A parameter's name: blank (written `name: ''`), or outside letters, digits, / _ { } -. */
const parameterName: RulesetFunction<unknown, { check: 'required' | 'chars' }> = (
  parameter,
  options,
) => {
  if (!isObject(parameter) || typeof parameter.name !== 'string') return;
  const blank = parameter.name.trim() === '';
  if (options.check === 'required') return blank ? [{ message: 'Name is required' }] : undefined;
  if (!blank && !PARAM_NAME.test(parameter.name)) {
    return [
      { message: `Parameter name "${parameter.name}" uses characters the form does not offer` },
    ];
  }
  return;
};

/** A parameter's example, when written as text, is not blank (spaces only say nothing). */
const parameterExample: RulesetFunction = (parameter, _options, context) => {
  if (!isObject(parameter)) return;
  const example = parameter.example;
  if (typeof example === 'string' && example !== '' && example.trim() === '') {
    return [{ message: 'Example is required', path: [...context.path, 'example'] }];
  }
  return;
};

/** An operation's responses: present and not empty; each key a status code, nXX or default. */
const responses: RulesetFunction<unknown, { check: 'none' | 'code' }> = (
  operation,
  options,
  context,
) => {
  if (!isObject(operation)) return;
  const list = operation.responses;
  if (options.check === 'none') {
    // From 3.1 on an operation may have no responses: only versions that require them check.
    if (responsesOptional(context.document.data)) return;
    if (!isObject(list) || Object.keys(list).length === 0) {
      return [{ message: 'Add at least one response' }];
    }
    return;
  }
  if (!isObject(list)) return;
  const results: IFunctionResult[] = [];
  for (const key of Object.keys(list)) {
    const number = /^\d{3}$/.test(key) ? Number(key) : NaN;
    if (!(number >= 100 && number <= 599) && !RESPONSE_KEY.test(key)) {
      results.push({
        message: `Invalid response code "${key}"`,
        path: [...context.path, 'responses', key],
      });
    }
  }
  return results;
};

/** Whether the document's stated version lets an operation have no responses. */
function responsesOptional(data: unknown): boolean {
  if (!isObject(data)) return false;
  const stated = typeof data.openapi === 'string' ? data.openapi : undefined;
  const version = stated === undefined ? undefined : versionStated('openapi', stated);
  return version?.features.responsesOptional === true;
}

/** operationIds: usable as a name, and unique in the document. */
const operationIds: RulesetFunction<unknown, { check: 'name' | 'unique' }> = (paths, options) => {
  if (!isObject(paths)) return;
  const results: IFunctionResult[] = [];
  const seen = new Map<string, number>();
  for (const [key, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    for (const [method, operation] of operations(pathItem)) {
      const id = operation.operationId;
      if (id === undefined) continue;
      const at = ['paths', key, method, 'operationId'];
      if (options.check === 'name') {
        if (typeof id !== 'string' || !isValidOperationId(id)) {
          results.push({ message: 'The operation ID is empty or holds spaces', path: at });
        }
      } else if (typeof id === 'string') {
        const count = (seen.get(id) ?? 0) + 1;
        seen.set(id, count);
        if (count > 1)
          results.push({ message: `Another operation has the operation ID "${id}"`, path: at });
      }
    }
  }
  return results;
};

/** A non-empty string. */
const filled: RulesetFunction = (value) =>
  typeof value === 'string' && value.trim() !== '' ? undefined : [{ message: 'Should be filled' }];

/** Tag names: filled and unique. */
const tagNames: RulesetFunction<unknown, { check: 'required' | 'unique' }> = (tags, options) => {
  if (!Array.isArray(tags)) return;
  const results: IFunctionResult[] = [];
  const seen = new Set<string>();
  tags.forEach((tag: unknown, index) => {
    const name = isObject(tag) ? tag.name : undefined;
    if (options.check === 'required' && (typeof name !== 'string' || name.trim() === '')) {
      results.push({ message: 'Tag name is required', path: ['tags', index] });
    }
    if (options.check === 'unique' && typeof name === 'string' && name.trim() !== '') {
      if (seen.has(name))
        results.push({ message: `Another tag is named "${name}"`, path: ['tags', index, 'name'] });
      seen.add(name);
    }
  });
  return results;
};

/** Whether a value is an issue of the form state document (form-state.ts). */
function isFormIssue(value: unknown, context: { path: Path }): value is { code: string } {
  return context.path[0] === 'formEndpoints' && isObject(value) && typeof value.code === 'string';
}

/** An issue of the form state under the rule named `code` (the session found it). */
const formIssue: RulesetFunction<unknown, { code: string }> = (issue, options, context) =>
  isFormIssue(issue, context) && issue.code === options.code
    ? [{ message: FORM_MESSAGES[options.code] ?? options.code }]
    : undefined;

/** A rule of the text that the form state has too (NO_RESPONSES): each read as what it is. */
function orFormIssue<O>(
  code: string,
  run: RulesetFunction<unknown, O>,
): RulesetFunction<unknown, O> {
  const either: RulesetFunction<unknown, O> = (value, options, context) =>
    context.path[0] === 'formEndpoints'
      ? formIssue(value, { code }, context)
      : run(value, options, context);
  return either;
}

/** The English words of the form's rules (the app words them in its languages). */
const FORM_MESSAGES: Readonly<Record<string, string>> = {
  DUPLICATE: 'Another endpoint has the same method and path',
  NO_RESPONSES: 'Add at least one response',
  RESPONSE_CODE_REQUIRED: 'A response has no status code',
  RESPONSE_CODE_DUPLICATE: 'Another response has the same status code',
  REQUEST_BODY_NAME_REQUIRED: 'The request body has no name',
  RESPONSE_NAME_REQUIRED: 'A response body has no name',
  BODY_NAME_SCHEMA_CLASH: 'Another body of this name has another schema',
  RESPONSE_CONFLICT: 'Responses next to each other differ in having a body',
  PATH_INCORRECT_CHARS: 'The path uses characters the form does not offer',
  PARAM_NAME_INCORRECT: 'A parameter name uses characters the form does not offer',
  PATH_PARAM_UNDEFINED: 'The path names parameters the operation does not define',
  PATH_PARAM_NOT_IN_PATH: 'A path parameter is not in the path',
  CHECK_TIME_BUDGET: "The form's checks ran out of time before this endpoint",
};

/** The form's rules that read only the form state (NO_RESPONSES reads the text too). */
function formRules(): Record<string, unknown> {
  const rules: Record<string, unknown> = {};
  for (const code of FORM_RULES) {
    if (code === 'NO_RESPONSES') continue;
    rules[code] = {
      description: `${FORM_MESSAGES[code] ?? code} (the form's state).`,
      severity: formRuleSeverity(code) === 'error' ? 'error' : 'warn',
      resolved: false,
      given: FORM_ISSUES_GIVEN,
      then: { function: formIssue, functionOptions: { code } },
    };
  }
  return rules;
}

const OPERATIONS = `$.paths[*][${METHODS.join(',')}]`;
const PARAMETERS = [
  '$.paths[*].parameters[*]',
  `${OPERATIONS}.parameters[*]`,
  '$.components.parameters[*]',
];

/** `specform`: spec §5 as a Spectral ruleset (see the header). */
export const specformRuleset: RulesetDefinition = {
  documentationUrl: 'https://specform.app/docs/rules',
  rules: {
    PATH_REQUIRED: {
      description: 'A path is not blank.',
      severity: 'error',
      resolved: false,
      given: '$.paths',
      then: { function: pathKeys, functionOptions: { check: 'required' } },
    },
    PATH_MUST_START_WITH: {
      description: 'A path starts with /.',
      severity: 'error',
      resolved: false,
      given: '$.paths',
      then: { function: pathKeys, functionOptions: { check: 'start' } },
    },
    PATH_INCORRECT_CHARS_AS_LOADED: {
      description: 'A path uses only letters, digits and / _ { } - . ~',
      severity: 'warn',
      resolved: false,
      given: '$.paths',
      then: { function: pathKeys, functionOptions: { check: 'chars' } },
    },
    PATH_PARAM_UNDEFINED_AS_LOADED: {
      description: 'Every name in a path template is a path parameter of the operation.',
      severity: 'warn',
      resolved: false,
      given: '$.paths[*]',
      then: { function: pathParameters, functionOptions: { check: 'undefined' } },
    },
    PATH_PARAM_NOT_IN_PATH_AS_LOADED: {
      description: 'Every path parameter is named in the path.',
      severity: 'warn',
      resolved: false,
      given: '$.paths[*]',
      then: { function: pathParameters, functionOptions: { check: 'notInPath' } },
    },
    PARAM_NAME_INCORRECT_AS_LOADED: {
      description: 'A parameter name uses only letters, digits and / _ { } -',
      severity: 'warn',
      resolved: false,
      given: PARAMETERS,
      then: { function: parameterName, functionOptions: { check: 'chars' } },
    },
    PARAM_NAME_REQUIRED: {
      description: 'A parameter has a name.',
      severity: 'error',
      resolved: false,
      given: PARAMETERS,
      then: { function: parameterName, functionOptions: { check: 'required' } },
    },
    PARAM_EXAMPLE_REQUIRED: {
      description: 'A parameter example written as text is not blank.',
      severity: 'warn',
      resolved: false,
      given: PARAMETERS,
      then: { function: parameterExample },
    },
    NO_RESPONSES: {
      description: 'An operation has at least one response.',
      severity: 'error',
      resolved: false,
      // In the text: a written operation without responses; in the form's state: an endpoint
      // the user gave none (the generator writes a `default` one in its place).
      given: [OPERATIONS, FORM_ISSUES_GIVEN],
      then: {
        function: orFormIssue('NO_RESPONSES', responses),
        functionOptions: { check: 'none' },
      },
    },
    RESPONSE_CODE_INVALID: {
      description: 'A response key is a status code 100–599, 1XX–5XX or default.',
      severity: 'error',
      resolved: false,
      given: OPERATIONS,
      then: { function: responses, functionOptions: { check: 'code' } },
    },
    OPERATION_ID_INVALID: {
      description: 'An operation ID is usable as a function name (not empty, no spaces).',
      severity: 'warn',
      resolved: false,
      given: '$.paths',
      then: { function: operationIds, functionOptions: { check: 'name' } },
    },
    OPERATION_ID_DUPLICATE: {
      description: 'No two operations share an operation ID.',
      severity: 'error',
      resolved: false,
      given: '$.paths',
      then: { function: operationIds, functionOptions: { check: 'unique' } },
    },
    TITLE_REQUIRED: {
      description: 'The document has a title.',
      severity: 'warn',
      resolved: false,
      given: '$.info',
      then: { field: 'title', function: filled },
    },
    VERSION_REQUIRED: {
      description: 'The document has a version.',
      severity: 'warn',
      resolved: false,
      given: '$.info',
      then: { field: 'version', function: filled },
    },
    TAG_NAME_REQUIRED: {
      description: 'A tag has a name.',
      severity: 'warn',
      resolved: false,
      given: '$',
      then: { field: 'tags', function: tagNames, functionOptions: { check: 'required' } },
    },
    TAG_NAME_DUPLICATE: {
      description: 'No two tags share a name.',
      severity: 'warn',
      resolved: false,
      given: '$',
      then: { field: 'tags', function: tagNames, functionOptions: { check: 'unique' } },
    },
    // The form's own rules, over the form state the session hands the lint (form-state.ts).
    ...formRules(),
  },
} as unknown as RulesetDefinition;

export { FORM_RULES };

/** A form rule's severity as a finding: an error when it blocks Generate. */
export function formRuleSeverity(code: EndpointIssueCode): 'error' | 'warning' {
  return isBlocking(code) ? 'error' : 'warning';
}
