/**
 * The lint's findings of examples that do not fit their schema (Spectral's
 * `oas3-valid-media-example`, `oas2-valid-media-example`) read back as the form's places: which
 * endpoint, which body (the request's or a response's), which named example, and where in it.
 * The Problems panel words them from that place; a body's "Examples and schema" lists those of
 * its own examples. Spectral reports the first way an example does not fit (Ajv stops at the
 * first error), one finding per example.
 */
import { createContext, useContext } from 'react';
import type { LintAnswer, LintFinding } from '../../shared/openapi/lint/types';

/** The rules whose finding is an example (a media type's, a parameter's, a header's). */
export const EXAMPLE_RULES: ReadonlySet<string> = new Set([
  'oas3-valid-media-example',
  'oas2-valid-media-example',
]);

/** An example finding's place in the text, as the form shows it. */
export interface ExamplePlace {
  /** `paths` (an operation) or `webhooks`. */
  root: 'paths' | 'webhooks';
  /** The path (or webhook name) key. */
  path: string;
  /** The operation's method, lower-case, as written. */
  method: string;
  /** 'request' or the response's key (`200`, `default`). */
  body: 'request' | string;
  mediaType: string;
  /** The example's key under `examples`; `example` for the one written as `example`. */
  example: string;
  /** JSON pointer (RFC 6901) into the example's value. */
  pointer: string;
  /** The schema keyword the finding names (type, required, enum, …), read from its message. */
  rule: string;
}

function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Where a body example finding is (undefined for other findings, and for the examples of
 * parameters, headers and components, which the form does not show as a body's).
 */
export function examplePlace(finding: LintFinding): ExamplePlace | undefined {
  if (!EXAMPLE_RULES.has(finding.code)) return undefined;
  const at = finding.path.map(String);
  const [root, path, method] = at;
  if ((root !== 'paths' && root !== 'webhooks') || path === undefined || method === undefined) {
    return undefined;
  }
  let body: string;
  let rest: string[];
  if (at[3] === 'requestBody' && at[4] === 'content') {
    body = 'request';
    rest = at.slice(5);
  } else if (at[3] === 'responses' && at[4] !== undefined && at[5] === 'content') {
    body = at[4];
    rest = at.slice(6);
  } else {
    return undefined;
  }
  const [mediaType, field, name] = rest;
  if (mediaType === undefined) return undefined;
  let example: string;
  let inside: string[];
  if (field === 'example') {
    example = 'example';
    inside = rest.slice(2);
  } else if (field === 'examples' && name !== undefined && rest[3] === 'value') {
    example = name;
    inside = rest.slice(4);
  } else {
    return undefined;
  }
  const rule = exampleRule(finding.message);
  // Spectral places a property the schema does not allow at its object, and names it.
  const extra = /^Property "(.+)" is not expected to be here/.exec(finding.message)?.[1];
  if (rule === 'additionalProperties' && extra !== undefined) inside.push(extra);
  return {
    root,
    path,
    method,
    body,
    mediaType,
    example,
    pointer: inside.map((segment) => `/${escapeSegment(segment)}`).join(''),
    rule,
  };
}

/**
 * The schema keyword an example finding's message names (Ajv's words as Spectral gives them:
 * `"age" property type must be integer`); `schema` when the message names none known.
 */
export function exampleRule(message: string): string {
  const rules: [RegExp, string][] = [
    [/type must be /, 'type'],
    [/must have required property/, 'required'],
    [/must be equal to one of the allowed values/, 'enum'],
    [/must be equal to constant/, 'const'],
    [/must match format/, 'format'],
    [/must match pattern/, 'pattern'],
    [/must be >= /, 'minimum'],
    [/must be > /, 'exclusiveMinimum'],
    [/must be <= /, 'maximum'],
    [/must be < /, 'exclusiveMaximum'],
    [/must be multiple of/, 'multipleOf'],
    [/must NOT have fewer than \d+ characters/, 'minLength'],
    [/must NOT have more than \d+ characters/, 'maxLength'],
    [/must NOT have fewer than \d+ items/, 'minItems'],
    [/must NOT have more than \d+ items/, 'maxItems'],
    [/must NOT have duplicate items/, 'uniqueItems'],
    [/must match exactly one schema in oneOf/, 'oneOf'],
    [/must match a schema in anyOf/, 'anyOf'],
    [/is not expected to be here|must NOT have additional properties/, 'additionalProperties'],
    [/must NOT have unevaluated properties/, 'unevaluatedProperties'],
    [/must NOT be valid/, 'not'],
    [/boolean schema is false/, 'false'],
  ];
  return rules.find(([pattern]) => pattern.test(message))?.[1] ?? 'schema';
}

/** The one lint answer the page holds, for the form's fields (a body's examples). */
export const LintAnswerContext = createContext<LintAnswer | undefined>(undefined);

/** Where a body is in the text: its operation and which body. */
export interface BodyPlace {
  root: 'paths' | 'webhooks';
  path: string;
  method: string;
  body: 'request' | string;
}

/** The example findings of one body, from the page's lint answer (none outside the page). */
export function useBodyExampleFindings(
  place: BodyPlace | undefined,
): { place: ExamplePlace; finding: LintFinding }[] {
  const answer = useContext(LintAnswerContext);
  if (answer === undefined || place === undefined) return [];
  const method = place.method.toLowerCase();
  const out: { place: ExamplePlace; finding: LintFinding }[] = [];
  for (const finding of answer.findings) {
    if (!EXAMPLE_RULES.has(finding.code) || finding.path[1] !== place.path) continue;
    const found = examplePlace(finding);
    if (
      found !== undefined &&
      found.root === place.root &&
      found.method === method &&
      found.body === place.body
    ) {
      out.push({ place: found, finding });
    }
  }
  return out;
}
