/**
 * One module per OpenAPI version (issue 29.4): the version logic lives in
 * src/shared/openapi/versions, and a new version is one more module there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseOpenApi, renderOpenApi } from '../../src/shared/openapi';
import { upgradeOpenApi } from '../../src/shared/openapi/document/upgrade';
import { officialSchema } from '../../src/shared/openapi/openapi-schemas';
import { detectVersion } from '../../src/shared/openapi/openapi-version';
import {
  newDocumentVersions,
  registerVersion,
  upgradeTargetsOf,
  type VersionDescriptor,
} from '../../src/shared/openapi/versions';
import { openApi32 } from '../../src/shared/openapi/versions/openapi-3.2';

const SRC = path.resolve(__dirname, '../../src');
const VERSIONS_DIR = path.join(SRC, 'shared/openapi/versions');

/** Quoted version strings ('3.1', "3.0.1", `2.0`) and regular expressions naming one (/^3\.2/). */
const VERSION_LITERAL = /(['"`])v?\d+\.\d+(?:\.\d+)?\1|[0-9]\\\.[0-9]/g;

/** Literals that are no OpenAPI version, each with its reason. */
const ALLOWED: Record<string, { literal: string; why: string }[]> = {
  'shared/openapi/document/yaml-text.ts': [
    { literal: "'1.1'", why: 'the YAML version of a scalar check' },
    { literal: "'1.2'", why: 'the YAML version of a scalar check' },
  ],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === VERSIONS_DIR ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The code without its comments (lines kept, so a finding names its line). */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

describe('version literals', () => {
  it('no file outside src/shared/openapi/versions names an OpenAPI version', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      const allowed = (ALLOWED[relative] ?? []).map((entry) => entry.literal);
      code(fs.readFileSync(file, 'utf8'))
        .split('\n')
        .forEach((line, index) => {
          for (const [literal] of line.matchAll(VERSION_LITERAL)) {
            if (!allowed.includes(literal)) found.push(`${relative}:${index + 1}: ${literal}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it('the scan finds a literal and a regular expression', () => {
    const sample = code("if (dialect === '3.2') x();\nconst re = /^3\\.1/; // '3.0' in a comment");
    expect(sample.match(VERSION_LITERAL)).toEqual(["'3.2'", '3\\.1']);
  });
});

/** A 3.3 that is 3.2 under another number: all a new version needs is its module. */
const openApi33: VersionDescriptor = {
  ...openApi32,
  id: 'openapi-3.3',
  dialect: '3.3',
  matches: (version) => /^3\.3(?:\.\d+)?$/.test(version),
  newDocument: '3.3.0',
  writes: '3.3.0',
  schema: { ...openApi32.schema, $id: 'https://spec.openapis.org/oas/3.3/schema/fake' },
};

const TEXT_33 = `openapi: 3.3.0
info:
  title: Books # kept
  version: '1'
paths:
  /books:
    query:
      summary: Search
      requestBody:
        content:
          application/json:
            schema: { type: [object, 'null'] }
      responses:
        '200': { description: Found }
webhooks:
  added:
    post:
      responses:
        '200': { description: ok }
`;

describe('a version registered as one module (a fake 3.3)', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => {
    unregister?.();
    unregister = undefined;
  });

  it('is refused until its module is registered', () => {
    expect(() => parseOpenApi(TEXT_33)).toThrow(/OpenAPI 3\.3\.0 is not supported/);
  });

  it('opens, round-trips and edits a 3.3 document with the features its module states', () => {
    unregister = registerVersion(openApi33);
    expect(detectVersion(parse(TEXT_33))).toEqual({ version: '3.3.0', dialect: '3.3' });
    const doc = parseOpenApi(TEXT_33);
    expect(doc.dialect).toBe('3.3');
    expect(renderOpenApi(doc)).toBe(TEXT_33);
    // The query method and webhooks come from the module's features.
    expect(
      doc.endpoints.map((e) => `${e.method} ${e.path}${e.webhook ? ' (webhook)' : ''}`),
    ).toEqual(['QUERY /books', 'POST added (webhook)']);
    doc.endpoints[0]!.summary = 'Searches';
    expect(renderOpenApi(doc)).toBe(TEXT_33.replace('summary: Search', 'summary: Searches'));
  });

  it('is offered to new documents and as an upgrade, with its schema for the editor', () => {
    unregister = registerVersion(openApi33);
    expect(newDocumentVersions()).toEqual(['3.0.1', '3.1.1', '3.2.0', '3.3.0']);
    expect(upgradeTargetsOf('3.2').map((v) => v.writes)).toEqual(['3.3.0']);
    expect(officialSchema('3.3')['$id']).toBe('https://spec.openapis.org/oas/3.3/schema/fake');
    const from32 = TEXT_33.replace('openapi: 3.3.0', 'openapi: 3.2.0');
    // An upgrade writes the version as a string (as 3.1.1 and 3.2.0 are written).
    expect(upgradeOpenApi(from32, '3.3.0').text).toBe(
      TEXT_33.replace('openapi: 3.3.0', "openapi: '3.3.0'"),
    );
  });
});
