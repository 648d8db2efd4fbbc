/**
 * The lint: Spectral (@stoplight/spectral-core) over a document's text with the
 * project's ruleset (ruleset.ts; by default `spectral:oas` and our `specform`). Pure: no DOM, no
 * Node APIs, and nothing is fetched — the resolver below refuses every `$ref` that leaves the
 * document, which Spectral then reports as `invalid-ref` (the same rule the CLI uses when a
 * reference cannot be read).
 *
 * An edit re-lints what it touched ({@link Linter.lint} with `touchedPaths`): the touched path
 * items are linted in a document of their own ({@link partOf}: the other path items and the
 * components they do not reach are left out), and their findings replace the kept findings
 * under those path items; findings elsewhere are kept. Rules across path items (the `DOCUMENT_WIDE` set) cannot be answered from a
 * part, so their kept findings stay until the next full lint, which the caller schedules.
 */
import {
  Document,
  Ruleset,
  Spectral,
  type ISpectralDiagnostic,
  type RulesetDefinition,
} from '@stoplight/spectral-core';
import {
  Json,
  Yaml,
  type JsonParserResult,
  type YamlParserResult,
} from '@stoplight/spectral-parsers';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { CoreError, toErrorInfo } from '../errors';
import { readDocument } from '../yaml-io';
import { escapePointer, isObject, setOwn, type JsonObject } from '../openapi-common';
import { reachedFrom } from '../refs';
import { readRuleset } from './ruleset';
import { specformRuleset } from './specform-ruleset';
import { FORM_RULES, type FormState } from './form-state';
import type {
  LintAnswer,
  LintCounts,
  LintFinding,
  LintRuleSource,
  LintSeverity,
  RulesetInfo,
} from './types';

const SEVERITIES: readonly LintSeverity[] = ['error', 'warning', 'info', 'hint'];

/**
 * Rules whose finding at one path item depends on other path items or on what references
 * components: a partial lint cannot answer them, a full lint does.
 */
export const DOCUMENT_WIDE: ReadonlySet<string> = new Set([
  'operation-operationId-unique',
  'path-params', // also compares paths with each other (equivalent templates)
  'oas3-unused-component',
  'oas2-unused-definition',
  'operation-tag-defined',
  'OPERATION_ID_DUPLICATE',
]);

/** A resolver that reads nothing outside the document (no network, no files). */
function offlineResolver(): Resolver {
  const refuse = (what: string) => ({
    resolve: (ref: { toString(): string }) =>
      Promise.reject(new Error(`${what} are not read here: ${ref.toString()}`)),
  });
  return new Resolver({
    resolvers: {
      http: refuse('Network references'),
      https: refuse('Network references'),
      file: refuse('File references'),
    },
  });
}

/** Whether text is JSON (by its first non-blank character), for Spectral's parser choice. */
export function looksLikeJson(text: string): boolean {
  const first = /\S/.exec(text);
  return first !== null && (first[0] === '{' || first[0] === '[');
}

/** The text as Spectral's document, parsed as JSON or YAML. */
type LintDocument =
  Document<unknown, JsonParserResult<unknown>> | Document<unknown, YamlParserResult<unknown>>;

function toDocument(text: string): LintDocument {
  return looksLikeJson(text)
    ? new Document(text, Json, 'document')
    : new Document(text, Yaml, 'document');
}

/** Where each rule of a ruleset definition came from (by the rulesets it extends). */
function ruleSources(definition: RulesetDefinition): Map<string, LintRuleSource> {
  const sources = new Map<string, LintRuleSource>();
  for (const name of Object.keys((specformRuleset as { rules: JsonObject }).rules)) {
    sources.set(name, 'specform');
  }
  const own = (definition as { rules?: JsonObject }).rules;
  if (own !== undefined) {
    for (const name of Object.keys(own)) if (!sources.has(name)) sources.set(name, 'project');
  }
  return sources;
}

/** A Spectral diagnostic as our finding. */
function toFinding(
  diagnostic: ISpectralDiagnostic,
  sources: Map<string, LintRuleSource>,
): LintFinding {
  const code = String(diagnostic.code);
  return {
    code,
    path: diagnostic.path.map((key) => (typeof key === 'number' ? key : String(key))),
    severity: SEVERITIES[diagnostic.severity] ?? 'error',
    message: diagnostic.message,
    range: {
      start: { line: diagnostic.range.start.line, character: diagnostic.range.start.character },
      end: { line: diagnostic.range.end.line, character: diagnostic.range.end.character },
    },
    source: sources.get(code) ?? 'spectral:oas',
  };
}

function byPosition(a: LintFinding, b: LintFinding): number {
  return (
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  );
}

/** Counts by severity. */
export function countFindings(findings: readonly LintFinding[]): LintCounts {
  const counts: LintCounts = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const finding of findings) counts[finding.severity] += 1;
  return counts;
}

/** Spec §5 "Generate is enabled": no error from our own rules. */
export function canGenerateWith(findings: readonly LintFinding[]): boolean {
  return !findings.some((finding) => finding.source === 'specform' && finding.severity === 'error');
}

/** Spectral with a ruleset definition (RULESET_INVALID when Spectral refuses it). */
function spectralWith(definition: RulesetDefinition): Spectral {
  const spectral = new Spectral({ resolver: offlineResolver() });
  try {
    spectral.setRuleset(guarded(new Ruleset(definition, { source: 'specform-project-ruleset' })));
  } catch (error) {
    throw new CoreError(
      'RULESET_INVALID',
      `Spectral refused the ruleset: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return spectral;
}

/**
 * The findings of `text` under a ruleset definition, in one Spectral run. Spectral's own
 * failures (a ruleset it refuses) surface as RULESET_INVALID.
 */
export async function lintText(
  text: string,
  definition: RulesetDefinition = readRuleset(''),
): Promise<LintFinding[]> {
  const spectral = spectralWith(definition);
  return lintParsed(toDocument(text), definition, spectral);
}

/** {@link lintText} of a text already parsed (its ranges are then found in it). */
async function lintParsed(
  document: LintDocument,
  definition: RulesetDefinition,
  spectral: Spectral = spectralWith(definition),
): Promise<LintFinding[]> {
  const diagnostics = await spectral.run(document, { ignoreUnknownFormat: false });
  const sources = ruleSources(definition);
  return diagnostics.map((diagnostic) => toFinding(diagnostic, sources)).sort(byPosition);
}

/** The line of a finding that has no place in the text (Spectral's lines count from 0). */
export const NO_LINE = -1;

/**
 * The findings of the form's own rules (FORM_RULES) over the session's form state, under the
 * ruleset in force (a project's ruleset turns them off or changes their severity as any rule's),
 * each placed at its endpoint's operation: `[root, key, method]`, the form's endpoint and field
 * in `form`, and the range `locate` finds for the operation in the text (the closest member
 * written when the operation is not: a duplicate route's second endpoint is the first's place).
 */
export async function lintForm(
  form: FormState,
  definition: RulesetDefinition,
  locate: (path: LintFinding['path']) => LintFinding['range'] | undefined = () => undefined,
): Promise<LintFinding[]> {
  if (form.formEndpoints.length === 0) return [];
  const found = await lintText(JSON.stringify(form), definition);
  const out: LintFinding[] = [];
  for (const finding of found) {
    if (finding.source !== 'specform' || !FORM_RULES.has(finding.code as never)) continue;
    const [root, index, issues, at] = finding.path;
    if (root !== 'formEndpoints' || issues !== 'issues') continue;
    const endpoint = form.formEndpoints[Number(index)];
    const issue = endpoint?.issues[Number(at)];
    if (endpoint === undefined || issue === undefined) continue;
    const path = [endpoint.root, endpoint.key, endpoint.method];
    out.push({
      ...finding,
      path,
      range: locate(path) ?? {
        start: { line: NO_LINE, character: 0 },
        end: { line: NO_LINE, character: 0 },
      },
      form: { endpointId: endpoint.id, field: issue.field },
    });
  }
  return out;
}

/**
 * The `…_AS_LOADED` warnings of the text whose edited endpoint's error the form state has (the
 * text cannot tell an edited endpoint from a loaded one): where the form has the error at a path
 * key, the text's warning of the same rule there is left out.
 */
const STRICTER: Readonly<Record<string, string>> = {
  PATH_INCORRECT_CHARS_AS_LOADED: 'PATH_INCORRECT_CHARS',
  PATH_PARAM_UNDEFINED_AS_LOADED: 'PATH_PARAM_UNDEFINED',
  PATH_PARAM_NOT_IN_PATH_AS_LOADED: 'PATH_PARAM_NOT_IN_PATH',
  PARAM_NAME_INCORRECT_AS_LOADED: 'PARAM_NAME_INCORRECT',
};

/**
 * The one list of a lint: the text's findings and the form's. A form finding the text has too
 * (NO_RESPONSES of a loaded operation: same rule, same operation) is the text's, which has its
 * line; a text's as-loaded warning where the form has the edited endpoint's error goes.
 */
export function withFormFindings(
  text: readonly LintFinding[],
  form: readonly LintFinding[],
): LintFinding[] {
  if (form.length === 0) return [...text];
  const at = (code: string, path: LintFinding['path']) =>
    `${code}\u0000${path.map(String).join('\u0000')}`;
  const inText = new Set(text.map((finding) => at(finding.code, finding.path)));
  const strict = new Set(form.map((finding) => at(finding.code, finding.path.slice(0, 2))));
  const ownForm = form.filter((finding) => !inText.has(at(finding.code, finding.path)));
  const kept = text.filter((finding) => {
    const stricter = STRICTER[finding.code];
    return stricter === undefined || !strict.has(at(stricter, finding.path.slice(0, 2)));
  });
  return [...kept, ...ownForm].sort(byPosition);
}

type RuleFunction = Ruleset['rules'][string]['then'][number]['function'];

/**
 * The ruleset with each rule's functions guarded: a function that throws at one place (Spectral's
 * `oasExample` on a schema `$ref` into an example, for one) is that rule's finding there, saying
 * the rule could not check it, instead of an error that ends the whole run with no findings.
 */
function guarded(ruleset: Ruleset): Ruleset {
  for (const rule of Object.values(ruleset.rules)) {
    rule.then = rule.then.map((then) => ({ ...then, function: guardedFunction(then.function) }));
  }
  return ruleset;
}

function guardedFunction(run: RuleFunction): RuleFunction {
  const failed = (error: unknown) => [
    {
      message: `The rule could not check this value: ${error instanceof Error ? error.message : String(error)}`,
    },
  ];
  const guard = function (this: unknown, ...args: Parameters<RuleFunction>) {
    try {
      const result = run.apply(this, args);
      return result instanceof Promise ? result.catch(failed) : result;
    } catch (error) {
      return failed(error);
    }
  } as RuleFunction;
  // Spectral names a rule's function by its name (a ruleset's JSON form).
  Object.defineProperty(guard, 'name', { value: run.name });
  return guard;
}

/**
 * The finding of a text the core cannot read (a YAML syntax error, an alias bomb, nesting too
 * deep, a text over the size limit), at the line and column the core names (line 1 when it
 * names none); undefined for a text it reads. Spectral is not run on such a text: its YAML
 * parser misses some syntax errors (an unclosed quote reads on as a string), and on an alias
 * bomb its run never ends (a 20-level chain of double aliases took more than 100 s).
 */
export function unreadableFinding(text: string): LintFinding | undefined {
  try {
    readDocument(text);
    return undefined;
  } catch (error) {
    const info = toErrorInfo(error);
    const line = Math.max(0, (info.line ?? 1) - 1);
    const character = Math.max(0, (info.column ?? 1) - 1);
    return {
      code: info.code,
      path: [],
      severity: 'error',
      message: info.message,
      range: { start: { line, character }, end: { line, character: lineLength(text, line) } },
      source: 'specform',
    };
  }
}

/** The length of line `line` (0-based) of `text`, without its line break. */
function lineLength(text: string, line: number): number {
  let start = 0;
  for (let i = 0; i < line; i++) {
    const next = text.indexOf('\n', start);
    if (next === -1) return 0;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  const stop = end === -1 ? text.length : end;
  return stop - start - (text.charCodeAt(stop - 1) === 0x0d ? 1 : 0);
}

/** The rules a ruleset puts in force, by name ('off' for one turned off). */
function rulesInForce(definition: RulesetDefinition): Record<string, LintSeverity | 'off'> {
  const ruleset = new Ruleset(definition, { source: 'specform-project-ruleset' });
  const rules: Record<string, LintSeverity | 'off'> = {};
  for (const [name, rule] of Object.entries(ruleset.rules)) {
    rules[name] = rule.enabled ? (SEVERITIES[rule.severity] ?? 'error') : 'off';
  }
  return rules;
}

/** Component kinds whose entries a part carries only when the touched path items reach them. */
const PART_COMPONENT_KINDS = [
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'examples',
  'links',
  'callbacks',
  'pathItems',
  'mediaTypes',
];
/** Swagger 2.0's sections of named entries that `$ref`s reach. */
const SWAGGER2_SECTIONS = ['definitions', 'parameters', 'responses'];

/**
 * The part of a document a re-lint of the touched path items reads: those path items, every
 * member of the document but the path items, webhooks, extensions and components, and of the
 * components
 * (Swagger 2.0: definitions, parameters, responses) only those the rest reaches through `$ref`s,
 * transitively. A path item another one refers to (`#/paths/…`) comes along too, and security
 * schemes all (a handful of objects, and requirements name them in callbacks too). The
 * findings under the touched path items are then those of the whole document: what they resolve
 * is all there; what Spectral reports elsewhere in the part is not read.
 */
export function partOf(data: JsonObject, touched: readonly string[]): JsonObject {
  const paths = isObject(data.paths) ? data.paths : {};
  const swagger2 = Object.hasOwn(data, 'swagger');
  const components = !swagger2 && isObject(data.components) ? data.components : undefined;
  const sectionKeys = swagger2 ? SWAGGER2_SECTIONS : [];
  // Webhooks and the document's own extensions (GitHub's `x-webhooks`: 0.6 MB reaching
  // hundreds of schemas) hold no finding under a path item: they are left out.
  const left = (key: string) => key === 'webhooks' || key.startsWith('x-');
  const tracked = (key: string) =>
    key === 'paths' || key === 'components' || left(key) || sectionKeys.includes(key);
  const roots: unknown[] = [];
  for (const key of touched) if (Object.hasOwn(paths, key)) roots.push(paths[key]);
  for (const key of Object.keys(data)) if (!tracked(key)) roots.push(data[key]);
  if (components !== undefined) {
    for (const key of Object.keys(components)) {
      if (!PART_COMPONENT_KINDS.includes(key)) roots.push(components[key]);
    }
  }
  const sections: string[][] = [['paths']];
  if (swagger2) for (const key of SWAGGER2_SECTIONS) sections.push([key]);
  else for (const kind of PART_COMPONENT_KINDS) sections.push(['components', kind]);
  const reached = reachedFrom(data, roots, sections);
  const touchedSet = new Set(touched);
  const keep = (prefix: string, section: unknown, always?: (name: string) => boolean) => {
    const kept: JsonObject = {};
    if (!isObject(section)) return kept;
    for (const name of Object.keys(section)) {
      if (always?.(name) === true || reached.has(prefix + escapePointer(name))) {
        setOwn(kept, name, section[name]);
      }
    }
    return kept;
  };
  const part: JsonObject = {};
  for (const key of Object.keys(data)) {
    if (left(key)) continue;
    if (key === 'paths') {
      setOwn(
        part,
        key,
        keep('/paths/', paths, (name) => touchedSet.has(name)),
      );
    } else if (key === 'components' && components !== undefined) {
      const kept: JsonObject = {};
      for (const kind of Object.keys(components)) {
        if (!PART_COMPONENT_KINDS.includes(kind)) setOwn(kept, kind, components[kind]);
        else {
          const entries = keep(`/components/${kind}/`, components[kind]);
          if (Object.keys(entries).length > 0) setOwn(kept, kind, entries);
        }
      }
      setOwn(part, key, kept);
    } else if (swagger2 && SWAGGER2_SECTIONS.includes(key)) {
      const entries = keep(`/${key}/`, data[key]);
      if (Object.keys(entries).length > 0) setOwn(part, key, entries);
    } else {
      setOwn(part, key, data[key]);
    }
  }
  if (!Object.hasOwn(part, 'paths')) setOwn(part, 'paths', {});
  return part;
}

/** Texts up to this size keep their parse until the next lint (see Linter.lint). */
const KEEP_PARSE_CHARS = 2_000_000;

/**
 * One project's linter: its ruleset, and the findings of the last lint (kept for a partial
 * re-lint). The worker holds one.
 */
export class Linter {
  private definition: RulesetDefinition = readRuleset('');
  private yaml = '';
  /** The text's findings of the last lint (the form's are made anew at every lint). */
  private findings: LintFinding[] = [];
  private linted = false;
  /** The text last linted, its mode, and (a small text) its parse, to place the form's findings. */
  private last: { text: string; mode: LintAnswer['mode']; document?: LintDocument } | undefined;

  /** Sets the project's ruleset ('' for the default); refused or invalid rulesets throw. */
  setRuleset(yaml: string): RulesetInfo {
    const definition = readRuleset(yaml);
    let rules: Record<string, LintSeverity | 'off'>;
    try {
      rules = rulesInForce(definition);
    } catch (error) {
      throw new CoreError(
        'RULESET_INVALID',
        `Spectral refused the ruleset: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.definition = definition;
    this.yaml = yaml;
    this.linted = false;
    this.findings = [];
    this.last = undefined;
    return { yaml, rules };
  }

  /** The ruleset in force. */
  ruleset(): RulesetInfo {
    return { yaml: this.yaml, rules: rulesInForce(this.definition) };
  }

  /**
   * Lints `text` (at `revision`): whole, or only the path items `touchedPaths` names when a
   * full lint of this ruleset came before (see the header).
   */
  async lint(
    text: string,
    revision: number,
    touchedPaths?: readonly string[],
    form?: FormState,
  ): Promise<LintAnswer> {
    const started = performance.now();
    let findings: LintFinding[];
    let mode: LintAnswer['mode'] = 'full';
    let document: LintDocument | undefined;
    const last = this.last;
    if (touchedPaths?.length === 0 && this.linted && last !== undefined && last.text === text) {
      // Only the form changed (a batch that wrote nothing): the text's findings stand.
      findings = this.findings;
      mode = last.mode;
      document = last.document;
    } else if (touchedPaths !== undefined && this.linted) {
      mode = 'partial';
      document = toDocument(text);
      findings = await this.relint(document, text, touchedPaths);
    } else {
      document = toDocument(text);
      findings = await lintParsed(document, this.definition);
    }
    this.findings = findings;
    this.linted = true;
    // A large text's parse is not kept between lints (it is many times the text's size).
    this.last = { text, mode, document: text.length <= KEEP_PARSE_CHARS ? document : undefined };
    if (form !== undefined && form.formEndpoints.length > 0) {
      let parsed = document;
      const located = (path: LintFinding['path']) => locator((parsed ??= toDocument(text)))(path);
      findings = withFormFindings(findings, await lintForm(form, this.definition, located));
    }
    return {
      revision,
      findings,
      counts: countFindings(findings),
      canGenerate: canGenerateWith(findings),
      mode,
      ms: Math.round(performance.now() - started),
    };
  }

  /**
   * Lints a text that is not the document (the output editor's own, typed or pasted and not
   * loaded), whole, under the ruleset in force. The findings kept for the document's partial
   * re-lints are not touched. A text the core cannot read answers that one finding instead.
   */
  async lintOther(text: string, revision: number): Promise<LintAnswer> {
    const started = performance.now();
    const unreadable = unreadableFinding(text);
    const findings =
      unreadable === undefined ? await lintText(text, this.definition) : [unreadable];
    return {
      revision,
      findings,
      counts: countFindings(findings),
      canGenerate: canGenerateWith(findings),
      mode: 'full',
      ms: Math.round(performance.now() - started),
    };
  }

  /** The kept findings, with those under the touched path items linted anew. */
  private async relint(
    whole: LintDocument,
    text: string,
    touchedPaths: readonly string[],
  ): Promise<LintFinding[]> {
    const data: unknown = whole.data;
    if (!isObject(data)) return lintText(text, this.definition);
    const touched = new Set(touchedPaths);
    const under = (finding: LintFinding) =>
      finding.path[0] === 'paths' && touched.has(String(finding.path[1]));
    // The part is linted as JSON text of its own; its ranges are of that text, so a finding's
    // range is taken from the whole text's locations (the same path in the whole document).
    const part = await lintText(JSON.stringify(partOf(data, touchedPaths)), this.definition);
    const located = locator(whole);
    const fresh = part
      .filter((finding) => under(finding) && !DOCUMENT_WIDE.has(finding.code))
      .map((finding) => ({ ...finding, range: located(finding.path) ?? finding.range }));
    // Kept findings are placed again in the new text: an edit that adds lines moves what follows.
    const kept = this.findings
      .filter((finding) => !under(finding) || DOCUMENT_WIDE.has(finding.code))
      .map((finding) => ({ ...finding, range: located(finding.path) ?? finding.range }));
    return [...kept, ...fresh].sort(byPosition);
  }
}

/** Finds the range of a JSON path in a parsed text (Spectral's own locator). */
function locator(
  document: LintDocument,
): (path: LintFinding['path']) => LintFinding['range'] | undefined {
  return (path) => {
    const range = document.getRangeForJsonPath(path, true);
    return range === undefined
      ? undefined
      : {
          start: { line: range.start.line, character: range.start.character },
          end: { line: range.end.line, character: range.end.character },
        };
  };
}
