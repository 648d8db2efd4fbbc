/**
 * Problem messages in words: what is wrong and where, said plainly; the technical
 * text (a validator keyword, a JSON pointer, a regular expression) is kept as the detail the
 * page shows on request.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * One way an example does not fit its schema: the lint's finding read as its place
 * (example-findings.ts).
 */
export interface ExampleMisfit {
  /** 'request' or the response's key (`200`, `default`). */
  body: 'request' | number | string;
  /** The example's name. */
  example: string;
  /** JSON pointer (RFC 6901) into the example's value. */
  pointer: string;
  /** The schema keyword that failed (type, required, enum, format, minimum, …). */
  rule: string;
  /** The validator's own words. */
  message: string;
  /** JSON pointer into the schema, to the node whose keyword failed, when known. */
  schemaPointer?: string;
}

/** A message in words and, when there is one, the technical detail behind it. */
export interface PlainMessage {
  text: string;
  detail?: string;
}

/** Reads a JSON pointer as a place in words: `/items/0/id` → `items[0].id`. */
export function pointerInWords(pointer: string): string {
  if (pointer === '' || pointer === '/') return '';
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out;
}

/** The last property name of a pointer (`/data/0/id` → `id`), if it ends in one. */
function lastProperty(pointer: string): string | undefined {
  const last = pointer.split('/').pop();
  if (last === undefined || last === '' || /^\d+$/.test(last)) return undefined;
  return last.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** What a failed validator keyword says of the value, in words (besides the properties' rules). */
const RULE_WORDS: Readonly<Partial<Record<string, MessageDescriptor>>> = {
  type: msg`has the wrong type of value`,
  required: msg`lacks a property the schema requires`,
  enum: msg`is not one of the values the schema allows`,
  const: msg`is not one of the values the schema allows`,
  format: msg`is not in the format the schema gives`,
  pattern: msg`does not have the form the schema's pattern asks for`,
  minimum: msg`is smaller than the schema allows`,
  exclusiveMinimum: msg`is smaller than the schema allows`,
  maximum: msg`is larger than the schema allows`,
  exclusiveMaximum: msg`is larger than the schema allows`,
  minLength: msg`is shorter than the schema allows`,
  maxLength: msg`is longer than the schema allows`,
  minItems: msg`has fewer items than the schema allows`,
  maxItems: msg`has more items than the schema allows`,
  uniqueItems: msg`repeats an item, and the schema asks for unique items`,
  oneOf: msg`fits none of the alternatives the schema gives`,
  anyOf: msg`fits none of the alternatives the schema gives`,
};

/** Why one example does not fit its schema, in words; the validator's own words as the detail. */
export function describeExampleProblem(i18n: I18n, p: ExampleMisfit): PlainMessage {
  const which = p.body === 'request' ? i18n._(msg`request body`) : i18n._(msg`response ${p.body}`);
  const example = p.example;
  const place = pointerInWords(p.pointer);
  const where =
    place === ''
      ? i18n._(msg`Example “${example}” of the ${which}`)
      : i18n._(msg`In example “${example}” of the ${which}, “${place}”`);
  const property = lastProperty(p.pointer);
  let what: string;
  switch (p.rule) {
    case 'false':
    case 'additionalProperties':
    case 'unevaluatedProperties':
      what =
        property !== undefined && p.rule !== 'unevaluatedProperties'
          ? p.schemaPointer?.includes('/allOf/') === true
            ? i18n._(
                msg`is not allowed: a part of the schema (allOf) allows only its own properties, and “${property}” is not one of them`,
              )
            : i18n._(
                msg`is not allowed: the schema, or one of its allOf parts, allows only the properties it lists itself (additionalProperties: false)`,
              )
          : i18n._(msg`has a property the schema does not allow`);
      break;
    default:
      what = i18n._(RULE_WORDS[p.rule] ?? msg`does not fit its schema`);
  }
  const detail = [
    `${p.rule}: ${p.message}`,
    i18n._(msg`example at ${p.pointer || '/'}`),
    ...(p.schemaPointer === undefined ? [] : [i18n._(msg`schema at ${p.schemaPointer || '/'}`)]),
  ].join(' · ');
  return { text: `${where} ${what}.`, detail };
}

/** The `openapi` version patterns of the bundled 3.0, 3.1 and 3.2 schemas. */
const VERSION_PATTERN = /^String does not match the pattern of "\^3\\\.\d\\\.\\d/;

/**
 * A YAML diagnostic (monaco-yaml's English, from the bundled OpenAPI schema) in words; the
 * original message is the detail. Messages not recognised are kept as they are.
 */
export function describeDiagnostic(i18n: I18n, message: string): PlainMessage {
  if (VERSION_PATTERN.test(message)) {
    return {
      text: i18n._(
        msg`The “openapi” version is not one Specform reads: write 3.0.x, 3.1.x or 3.2.x (such as 3.1.0). Swagger 2.0 documents are converted.`,
      ),
      detail: message,
    };
  }
  const pattern = /^String does not match the pattern of "(.*)"\.?$/.exec(message);
  if (pattern) {
    return {
      text: i18n._(msg`This value does not have the form the OpenAPI schema asks for here.`),
      detail: message,
    };
  }
  const missing = /^Missing property "(.+)"\.?$/.exec(message);
  if (missing) {
    const name = missing[1] ?? '';
    return { text: i18n._(msg`The required field “${name}” is missing here.`), detail: message };
  }
  const notAllowed = /^Property (.+) is not allowed\.?$/.exec(message);
  if (notAllowed) {
    const name = notAllowed[1] ?? '';
    return {
      text: i18n._(msg`“${name}” is not a field OpenAPI allows here (a typo, or the wrong level).`),
      detail: message,
    };
  }
  const type = /^Incorrect type\. Expected "(.+)"\.?$/.exec(message);
  if (type) {
    const expected = type[1] ?? '';
    return {
      text: i18n._(msg`This value has the wrong type: OpenAPI expects ${expected} here.`),
      detail: message,
    };
  }
  if (/^Value is not accepted\. Valid values:/.test(message)) {
    return {
      text: i18n._(msg`This value is not one of the values OpenAPI allows here.`),
      detail: message,
    };
  }
  return { text: message };
}
