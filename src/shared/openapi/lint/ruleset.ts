/**
 * The project's ruleset: Spectral's ruleset YAML (`extends`, `rules`, `overrides`,
 * `aliases`, `formats`) read into the ruleset object Spectral runs, with every rule and function
 * bundled here. Nothing is fetched and nothing is read from disk: `extends` may name only
 * `spectral:oas` and `specform` (ours), a rule may call only Spectral's own functions, and a
 * ruleset that asks for more (a URL, a file, a package, custom JavaScript) is refused with
 * RULESET_REFUSED and a message that says what was refused and why.
 */
import type { RulesetDefinition } from '@stoplight/spectral-core';
import * as functions from '@stoplight/spectral-functions';
import * as formats from '@stoplight/spectral-formats';
import { oas } from '@stoplight/spectral-rulesets';
import { parse } from 'yaml';
import { CoreError } from '../errors';
import { isObject, own, type JsonObject } from '../openapi-common';
import { specformRuleset } from './specform-ruleset';
import { DEFAULT_RULESET_YAML } from './types';

/** The rulesets `extends` may name: Spectral's OpenAPI rules and ours (spec §5). */
const KNOWN_RULESETS: Record<string, RulesetDefinition> = {
  'spectral:oas': oas as RulesetDefinition,
  specform: specformRuleset,
};

/** Spectral's own functions by the names a ruleset YAML uses. */
const KNOWN_FUNCTIONS: Record<string, unknown> = { ...functions };

/** Spectral's format names. */
const KNOWN_FORMATS: Record<string, unknown> = { ...formats };

/** Sizes a ruleset text may not pass (it is the user's, kept with the project). */
export const MAX_RULESET_CHARS = 256 * 1024;

function refused(message: string): CoreError {
  return new CoreError('RULESET_REFUSED', message);
}

function invalid(message: string): CoreError {
  return new CoreError('RULESET_INVALID', message);
}

/** Why an `extends` entry is refused, in words that say what it would have read. */
function refuseExtends(name: string): CoreError {
  if (/^https?:/i.test(name)) {
    return refused(
      `The ruleset extends "${name}": rulesets are not fetched from the network here. Paste its rules into the project's ruleset instead.`,
    );
  }
  if (/^(file:|\.{0,2}\/|[a-z]:\\)/i.test(name) || /\.(ya?ml|json|js|mjs|cjs)$/i.test(name)) {
    return refused(
      `The ruleset extends "${name}": rulesets are not read from files here. Paste its rules into the project's ruleset instead.`,
    );
  }
  return refused(
    `The ruleset extends "${name}": only spectral:oas and specform can be extended here (no packages are loaded).`,
  );
}

function resolveExtends(value: unknown): unknown {
  const one = (entry: unknown): unknown => {
    if (typeof entry === 'string') {
      const known = own(KNOWN_RULESETS, entry);
      if (known === undefined) throw refuseExtends(entry);
      return known;
    }
    if (Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string') {
      const known = own(KNOWN_RULESETS, entry[0]);
      if (known === undefined) throw refuseExtends(entry[0]);
      if (entry[1] !== 'all' && entry[1] !== 'recommended' && entry[1] !== 'off') {
        throw invalid(`"extends" of ${entry[0]}: the mode must be all, recommended or off.`);
      }
      return [known, entry[1]];
    }
    throw invalid('"extends" holds a ruleset name, or a [name, mode] pair.');
  };
  return Array.isArray(value) &&
    !(
      value.length === 2 &&
      ['all', 'recommended', 'off'].includes(String(value[1])) &&
      typeof value[0] === 'string'
    )
    ? value.map(one)
    : one(value);
}

function resolveFormats(value: unknown, where: string): unknown {
  if (!Array.isArray(value)) throw invalid(`${where}: "formats" is a list of format names.`);
  return value.map((name) => {
    const format = typeof name === 'string' ? own(KNOWN_FORMATS, name) : undefined;
    if (format === undefined) throw invalid(`${where}: unknown format "${String(name)}".`);
    return format;
  });
}

function resolveThen(then: unknown, rule: string): unknown {
  const one = (entry: unknown): unknown => {
    if (!isObject(entry)) throw invalid(`Rule ${rule}: "then" holds objects.`);
    const name = entry.function;
    if (typeof name !== 'string') throw invalid(`Rule ${rule}: "then.function" names a function.`);
    const fn = own(KNOWN_FUNCTIONS, name);
    if (fn === undefined) {
      throw refused(
        `Rule ${rule} calls the function "${name}": only Spectral's own functions (${Object.keys(KNOWN_FUNCTIONS).join(', ')}) run here; custom JavaScript functions are not loaded.`,
      );
    }
    return { ...entry, function: fn };
  };
  return Array.isArray(then) ? then.map(one) : one(then);
}

/** Whether a rule of this name is in a ruleset `extends` may name (ours or Spectral's). */
function isKnownRule(name: string): boolean {
  return Object.values(KNOWN_RULESETS).some((ruleset) => {
    const rules = (ruleset as { rules?: unknown }).rules;
    return isObject(rules) && own(rules, name) !== undefined;
  });
}

function resolveRules(rules: unknown, where: string): unknown {
  if (!isObject(rules)) throw invalid(`${where}: "rules" is a map of rule names.`);
  const defined = new Set(Object.keys(rules).filter((name) => isObject(rules[name])));
  const out: JsonObject = {};
  for (const [name, rule] of Object.entries(rules)) {
    if (!isObject(rule)) {
      // Turning off a rule that no ruleset here has (a rule of a ruleset since removed, a
      // code the app no longer has) changes nothing: it is kept in the text and left out
      // of what Spectral reads, which would refuse the whole ruleset over it.
      if ((rule === 'off' || rule === false) && !defined.has(name) && !isKnownRule(name)) continue;
      out[name] = rule; // a severity or true/false: turns a rule of an extended ruleset on or off
      continue;
    }
    const next: JsonObject = { ...rule };
    if ('then' in rule) next.then = resolveThen(rule.then, name);
    if ('formats' in rule) next.formats = resolveFormats(rule.formats, `Rule ${name}`);
    out[name] = next;
  }
  return out;
}

/**
 * A ruleset YAML as the object Spectral runs ('' is {@link DEFAULT_RULESET_YAML}). Throws
 * RULESET_REFUSED (network, files, custom functions) or RULESET_INVALID (not a ruleset).
 */
export function readRuleset(yaml: string): RulesetDefinition {
  const text = yaml.trim() === '' ? DEFAULT_RULESET_YAML : yaml;
  if (text.length > MAX_RULESET_CHARS) {
    throw invalid(`The ruleset is ${text.length} characters; the limit is ${MAX_RULESET_CHARS}.`);
  }
  let data: unknown;
  try {
    data = parse(text, { maxAliasCount: 100 });
  } catch (error) {
    throw invalid(
      `The ruleset is not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!isObject(data)) throw invalid('A ruleset is a map with "extends" and/or "rules".');
  if ('functions' in data || 'functionsDir' in data) {
    throw refused(
      'The ruleset loads custom functions ("functions" / "functionsDir"): custom JavaScript is not run here; only Spectral\'s own functions are.',
    );
  }
  const out: JsonObject = { ...data };
  if ('extends' in data) out.extends = resolveExtends(data.extends);
  if ('formats' in data) out.formats = resolveFormats(data.formats, 'The ruleset');
  if ('rules' in data) out.rules = resolveRules(data.rules, 'The ruleset');
  if ('overrides' in data) {
    if (!Array.isArray(data.overrides)) throw invalid('"overrides" is a list.');
    out.overrides = data.overrides.map((override: unknown, index) => {
      if (!isObject(override)) throw invalid(`overrides[${index}] is a map.`);
      const next: JsonObject = { ...override };
      if ('extends' in override) next.extends = resolveExtends(override.extends);
      if ('rules' in override) next.rules = resolveRules(override.rules, `overrides[${index}]`);
      return next;
    });
  }
  if (!('extends' in out) && !('rules' in out)) {
    throw invalid('A ruleset has "extends" and/or "rules".');
  }
  return out as unknown as RulesetDefinition;
}
