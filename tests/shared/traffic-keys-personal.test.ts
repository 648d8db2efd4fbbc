/**
 * Issue 31.3–4 and 18: what the traffic import keeps besides values under names.
 * - Secrets used as JSON keys (a session map keyed by its tokens, a key as a field name) are
 *   judged as values are: no trace in the example, the schema's property names or `required`.
 * - Personal data (e-mail addresses, card numbers) becomes typed placeholders wherever it sits,
 *   and the import report says how many.
 * - An `Authorization` header becomes a security scheme and the operation's requirement, not a
 *   header parameter (which OpenAPI ignores).
 */
import { describe, expect, it } from 'vitest';
import { importCurl, importHar, type TrafficResult } from '../../src/shared/openapi';
import { har, jwt } from './support/har';

const SESSION_A = jwt('alice');
const SESSION_B = jwt('bob');
const AWS_KEY = 'AKIAIOSFODNN7EXAMPL3';
const RANDOM_KEY = 'Q7xK2mPz9LwR4vN8bT1cY6hJ3sD5fG0aZeUiOpVq';

const documentText = (result: TrafficResult) => JSON.stringify(result.endpoints);

function expectAbsent(result: TrafficResult, values: string[]): void {
  const text = documentText(result);
  for (const value of values) {
    expect(text, `${value} left in the document`).not.toContain(value);
    expect(text, `${value} left in the document`).not.toContain(encodeURIComponent(value));
  }
}

describe('secrets used as JSON keys (issue 31.3)', () => {
  it('leaves no secret key in the example, the property names or required', () => {
    const body = JSON.stringify({
      sessions: {
        [SESSION_A]: { user: 'a', created: '2024-01-01' },
        [SESSION_B]: { user: 'b', created: '2024-01-02' },
      },
      [AWS_KEY]: true,
      keys: { [RANDOM_KEY]: 'read' },
      plain: 1,
    });
    const result = importHar(
      har([
        {
          url: 'https://api.example.com/v1/sessions',
          response: { mimeType: 'application/json', text: body },
        },
      ]),
    );
    expectAbsent(result, [SESSION_A, SESSION_B, AWS_KEY, RANDOM_KEY]);
    const response = result.endpoints[0]!.responses[0]!.body;
    const example = JSON.parse(response.customerJson) as Record<string, Record<string, unknown>>;
    // Distinct keys stay distinct (the example keeps its shape), and the plain key stays.
    expect(Object.keys(example.sessions!)).toHaveLength(2);
    expect(example.plain).toBe(1);
    expect(Object.keys(example)).toHaveLength(4);
    expect(JSON.stringify(response.schema)).toContain('"plain"');
    expect(result.redacted).toBe(4);
  });

  it('judges the names of form fields and query parameters too', () => {
    const result = importCurl(
      `curl 'https://api.example.com/v1/things?${SESSION_A}=1&page=2' -d '${AWS_KEY}=true&name=x'`,
    );
    expectAbsent(result, [SESSION_A, AWS_KEY]);
    const names = result.endpoints[0]!.parameters.map((parameter) => parameter.name);
    expect(names).toContain('page');
    expect(result.endpoints[0]!.requestBody!.customerJson).toContain('name=x');
  });
});

describe('personal data (issue 31.4)', () => {
  const people = [
    'alice.smith@corp.io',
    'bob@corp.io',
    'carol@corp.io',
    'dave@corp.io',
    'erin@corp.io',
    'frank@corp.io',
    'gina@corp.io',
  ];
  const cards = ['4111111111111111', '5105105105105100', '378734493671000', '4012888888881881'];

  it('replaces e-mail addresses and card numbers in every place, and says so', () => {
    const result = importHar(
      har([
        {
          method: 'POST',
          url: `https://api.example.com/v1/users/${encodeURIComponent('gina@corp.io')}/orders?email=${encodeURIComponent('dave@corp.io')}&cc=4111111111111111`,
          headers: [
            ['X-User-Email', 'erin@corp.io'],
            ['From', 'Frank <frank@corp.io>'],
          ],
          body: {
            mimeType: 'application/json',
            text: JSON.stringify({
              email: 'alice.smith@corp.io',
              note: 'Copy to bob@corp.io, card 5105 1051 0510 5100',
              card: { number: 4012888888881881, cvcHint: 'none' },
              members: { 'alice.smith@corp.io': 'owner', 'bob@corp.io': 'viewer' },
            }),
          },
          response: {
            mimeType: 'application/xml',
            text: '<order><buyer>carol@corp.io</buyer><pan>378734493671000</pan></order>',
          },
        },
        {
          method: 'PUT',
          url: 'https://api.example.com/v1/profile',
          body: {
            mimeType: 'application/x-www-form-urlencoded',
            text: `email=${encodeURIComponent('alice.smith@corp.io')}&card=4111+1111+1111+1111`,
          },
        },
      ]),
    );
    expectAbsent(result, [...people, ...cards, '5105 1051 0510 5100', '4111+1111+1111+1111']);
    const text = documentText(result);
    expect(text).toContain('user@example.com');
    expect(text).toContain('4242424242424242');
    // Keys stay distinct: two members, two placeholders.
    const request = JSON.parse(result.endpoints[0]!.requestBody!.customerJson) as {
      members: Record<string, string>;
      card: { number: unknown };
    };
    expect(Object.keys(request.members)).toHaveLength(2);
    expect(typeof request.card.number).toBe('number');
    // The path keeps no address: the segment is a parameter with a placeholder example.
    expect(result.endpoints[0]!.path).toBe('/v1/users/{userId}/orders');
    expect(result.personal).toEqual({ emails: people.length, cards: cards.length });
    const warning = result.warnings.find((w) => w.code === 'TRAFFIC_PERSONAL_DATA_REPLACED');
    expect(warning?.message).toContain(`${people.length} e-mail addresses`);
    expect(warning?.message).toContain(`${cards.length} card numbers`);
  });

  it('keeps example addresses, numbers that are not card numbers, and URL user names', () => {
    const result = importCurl(
      `curl 'https://api.example.com/v1/items?since=1700000000000&order=4111111111111112' -H 'content-type: application/json' -d '{"contact":"user@example.com","id":1234567890123456,"icon":"logo@2x.png","mirror":"https://deploy@mirror.corp.io/pkg"}'`,
    );
    const text = documentText(result);
    expect(text).toContain('user@example.com');
    expect(text).toContain('1234567890123456');
    expect(text).toContain('4111111111111112');
    expect(text).toContain('1700000000000');
    expect(text).toContain('logo@2x.png');
    expect(text).toContain('https://deploy@mirror.corp.io/pkg');
    expect(result.personal).toEqual({ emails: 0, cards: 0 });
    expect(result.warnings.map((w) => w.code)).not.toContain('TRAFFIC_PERSONAL_DATA_REPLACED');
  });
});

describe('Authorization becomes a security scheme (issue 18)', () => {
  const token = SESSION_A;

  it('cURL: Bearer → http bearer, -u → http basic, other → apiKey; not a header parameter', () => {
    const result = importCurl(
      [
        `curl https://api.example.com/v1/me -H 'Authorization: Bearer ${token}'`,
        `curl https://api.example.com/v1/admin -u admin:s3cretPassw0rd`,
        `curl https://api.example.com/v1/legacy -H 'Authorization: Token ${RANDOM_KEY}'`,
        `curl https://api.example.com/v1/open`,
      ].join('\n'),
    );
    const byPath = new Map(result.endpoints.map((endpoint) => [endpoint.path, endpoint]));
    for (const endpoint of result.endpoints) {
      expect(endpoint.parameters.map((p) => p.name.toLowerCase())).not.toContain('authorization');
    }
    expect(result.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      basicAuth: { type: 'http', scheme: 'basic' },
      apiKeyAuth: { type: 'apiKey', in: 'header', name: 'Authorization' },
    });
    expect(byPath.get('/v1/me')!.security).toEqual([{ bearerAuth: [] }]);
    expect(byPath.get('/v1/admin')!.security).toEqual([{ basicAuth: [] }]);
    expect(byPath.get('/v1/legacy')!.security).toEqual([{ apiKeyAuth: [] }]);
    expect(byPath.get('/v1/open')!.security).toBeUndefined();
    expectAbsent(result, [token, RANDOM_KEY, 's3cretPassw0rd']);
  });

  it('HAR: the same, and optional when only some calls sent it', () => {
    const result = importHar(
      har([
        { url: 'https://api.example.com/v1/feed', headers: [['authorization', `Bearer ${token}`]] },
        { url: 'https://api.example.com/v1/feed' },
      ]),
    );
    const endpoint = result.endpoints[0]!;
    expect(endpoint.parameters.map((p) => p.name.toLowerCase())).not.toContain('authorization');
    expect(endpoint.security).toEqual([{ bearerAuth: [] }, {}]);
    expect(result.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });
});
