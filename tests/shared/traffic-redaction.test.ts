/**
 * Issue 21.1: traffic import leaves no secret in the document. One case for each place a value
 * can sit and each way a secret is recognised, through importCurl and importHar; the warning's
 * count is the number of distinct secret values replaced.
 */
import { describe, expect, it } from 'vitest';
import {
  importCurl,
  importHar,
  isSecretHeader,
  isSecretName,
  isSecretValue,
  REDACTED,
  type TrafficResult,
} from '../../src/shared/openapi';
import { har, jwt } from './support/har';

const REFRESH = jwt('42', 'refresh');
const ACCESS = jwt('42', 'access');
/** 40 random-looking base62 characters (an API key under a harmless name). */
const RANDOM_KEY = 'Q7xK2mPz9LwR4vN8bT1cY6hJ3sD5fG0aZeUiOpVq';

/** Everything the import would write into the document, as one text. */
const documentText = (result: TrafficResult) => JSON.stringify(result.endpoints);

function expectNoSecrets(result: TrafficResult, secrets: (string | number)[]): void {
  const text = documentText(result);
  for (const secret of secrets) {
    expect(text, `secret ${String(secret)} left in the document`).not.toContain(String(secret));
    expect(text).not.toContain(encodeURIComponent(String(secret)));
  }
}

/** The warning holds the exact count, and says so. */
function expectCount(result: TrafficResult, count: number): void {
  expect(result.redacted).toBe(count);
  const warning = result.warnings.find((w) => w.code === 'TRAFFIC_SECRETS_REDACTED');
  if (count === 0) expect(warning).toBeUndefined();
  else expect(warning?.message).toContain(`${count} secret values`);
}

describe('secret names (issue 21.1)', () => {
  it.each([
    'password',
    'Password',
    'passwd',
    'pass',
    'passcode',
    'userPasscode',
    'pin',
    'pin_code',
    'otp',
    'otpCode',
    'secret',
    'client_secret',
    'clientSecret',
    'token',
    'access',
    'refresh',
    'access_token',
    'accessToken',
    'refresh-token',
    'id_token',
    'idToken',
    'api_key',
    'apiKey',
    'apikey',
    'APIKEY',
    'X-Api-Key',
    'x-api-key',
    'private_key',
    'privateKey',
    'authorization',
    'Authorization',
    'Authentication',
    'Proxy-Authorization',
    'cookie',
    'Set-Cookie',
    'session',
    'sessionId',
    'SESSION_ID',
    'sid',
    'csrf',
    'csrfmiddlewaretoken',
    'X-CSRF-Token',
    'X-XSRF-TOKEN',
    'X-Access',
    'X-Access-Token',
    'x-access-key',
    'X-Auth-Token',
    'X-Auth',
    'DPoP',
    'dpop',
    'signature',
    'X-Amz-Signature',
    'credential',
    'credentials',
    'user.password',
  ])('%s is a secret name', (name) => {
    expect(isSecretName(name) || isSecretHeader(name)).toBe(true);
  });

  it.each([
    'username',
    'email',
    'token_type',
    'expires_in',
    'max_tokens',
    'prompt_tokens',
    'access_level',
    'author',
    'monkey',
    'passenger',
    'shipping',
    'description',
    'id',
  ])('%s is not a secret name', (name) => {
    expect(isSecretName(name)).toBe(false);
  });

  it('judges the secret value shapes, and keeps UUIDs and hex digests', () => {
    expect(isSecretValue(ACCESS)).toBe(true);
    expect(isSecretValue('Bearer abc')).toBe(false); // too short to be anything
    expect(isSecretValue('Bearer abcdefgh1')).toBe(true);
    expect(isSecretValue('Basic YW5uOmh1bnRlcjI=')).toBe(true);
    expect(isSecretValue('Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b')).toBe(true);
    expect(isSecretValue(`DPoP ${ACCESS}`)).toBe(true);
    expect(isSecretValue(RANDOM_KEY)).toBe(true);
    expect(isSecretValue('sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toBe(true);
    expect(isSecretValue('ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po12')).toBe(true);
    expect(isSecretValue('3f6c1d2e-7a4b-4c1d-9e8f-0a1b2c3d4e5f')).toBe(false);
    expect(isSecretValue('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08')).toBe(
      false,
    );
    expect(isSecretValue('getUserProfileSettingsForAccount1')).toBe(false);
    expect(isSecretValue('The quick brown fox jumps over the lazy dog 12 times')).toBe(false);
    expect(isSecretValue('a.b.c')).toBe(false);
  });
});

describe('traffic import redaction (issue 21.1)', () => {
  it("replaces both tokens of Django's default token response", () => {
    const result = importHar(
      har([
        {
          method: 'POST',
          url: 'https://api.example.com/api/token/',
          headers: [['Content-Type', 'application/json']],
          body: {
            mimeType: 'application/json',
            text: JSON.stringify({ username: 'ann', password: 'hunter2-Django' }),
          },
          response: {
            mimeType: 'application/json',
            text: JSON.stringify({ refresh: REFRESH, access: ACCESS }),
          },
        },
      ]),
    );
    expectNoSecrets(result, [REFRESH, ACCESS, 'hunter2-Django']);
    const body = JSON.parse(result.endpoints[0]?.responses[0]?.body.customerJson ?? '') as object;
    expect(body).toEqual({ refresh: REDACTED, access: REDACTED });
    expectCount(result, 3);
  });

  it('replaces values under the names access, refresh, passcode, Authentication, X-Access, DPoP', () => {
    const curl = importCurl(
      `curl https://api.example.com/session -H 'Authentication: auth-value-1' -H 'X-Access: xaccess-value-2' ` +
        `-H 'DPoP: dpop-proof-3' -H 'X-Request-Id: 7' --json '{"passcode":"passcode-4","access":"access-5","refresh":"refresh-6"}'`,
    );
    const secrets = [
      'auth-value-1',
      'xaccess-value-2',
      'dpop-proof-3',
      'passcode-4',
      'access-5',
      'refresh-6',
    ];
    expectNoSecrets(curl, secrets);
    expect(documentText(curl)).toContain('"example":"7"');
    expectCount(curl, 6);
    const fromHar = importHar(
      har([
        {
          method: 'POST',
          url: 'https://api.example.com/session',
          headers: [
            ['Authentication', 'auth-value-1'],
            ['X-Access', 'xaccess-value-2'],
            ['DPoP', 'dpop-proof-3'],
          ],
          body: {
            mimeType: 'application/json',
            text: '{"passcode":"passcode-4","access":"access-5","refresh":"refresh-6"}',
          },
        },
      ]),
    );
    expectNoSecrets(fromHar, secrets);
    expectCount(fromHar, 6);
  });

  it('replaces numbers under secret names (password, pin, otp)', () => {
    const text = '{"password": 987654321, "pin": 4321, "otp": 135790, "remember": true, "age": 33}';
    for (const result of [
      importCurl(`curl https://api.example.com/login --json '${text}'`),
      importHar(
        har([
          {
            method: 'POST',
            url: 'https://api.example.com/login',
            body: { mimeType: 'application/json', text },
          },
        ]),
      ),
    ]) {
      expectNoSecrets(result, [987654321, 4321, 135790]);
      const body = JSON.parse(result.endpoints[0]?.requestBody?.customerJson ?? '') as object;
      expect(body).toEqual({
        password: REDACTED,
        pin: REDACTED,
        otp: REDACTED,
        remember: true,
        age: 33,
      });
      expectCount(result, 3);
    }
  });

  it('replaces secrets in multipart bodies (curl -F, HAR multipart text)', () => {
    const curl = importCurl(
      `curl https://api.example.com/upload -F name=ann -F password=hunter2-multi -F 'file=@photo.png;type=image/png'`,
    );
    expectNoSecrets(curl, ['hunter2-multi']);
    expect(curl.endpoints[0]?.requestBody?.customerJson).toContain('name=ann');
    expectCount(curl, 1);
    const boundary = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
    const text = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="name"',
      '',
      'ann',
      `--${boundary}`,
      'Content-Disposition: form-data; name="password"',
      '',
      'hunter2-multi',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const fromHar = importHar(
      har([
        {
          method: 'POST',
          url: 'https://api.example.com/upload',
          body: { mimeType: `multipart/form-data; boundary=${boundary}`, text },
        },
      ]),
    );
    expectNoSecrets(fromHar, ['hunter2-multi']);
    expect(fromHar.endpoints[0]?.requestBody?.customerJson).toContain('ann');
    expectCount(fromHar, 1);
  });

  it('replaces secrets in XML bodies (elements, attributes, namespaces)', () => {
    const xml =
      '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
      '<soap:Body><Login apiKey="xml-attr-key-1"><User>ann</User><ns:Password>xml-pass-2</ns:Password>' +
      `<Note>${ACCESS}</Note></Login></soap:Body></soap:Envelope>`;
    for (const result of [
      importCurl(`curl https://api.example.com/soap -H 'Content-Type: text/xml' -d '${xml}'`),
      importHar(
        har([
          {
            method: 'POST',
            url: 'https://api.example.com/soap',
            body: { mimeType: 'application/xml', text: xml },
            response: { mimeType: 'application/soap+xml', text: xml },
          },
        ]),
      ),
    ]) {
      expectNoSecrets(result, ['xml-attr-key-1', 'xml-pass-2', ACCESS]);
      const body = result.endpoints[0]?.requestBody?.customerJson ?? '';
      expect(body).toContain('<User>ann</User>');
      expect(body).toContain('<ns:Password>&lt;redacted&gt;</ns:Password>');
      expectCount(result, 3);
    }
  });

  it('replaces secrets in text/plain bodies', () => {
    const text = `user=ann password=hunter2-text\nAuthorization: Bearer ${RANDOM_KEY}\ntoken: tok-plain-3`;
    for (const result of [
      importCurl(
        `curl https://api.example.com/note -H 'Content-Type: text/plain' --data-raw '${text}'`,
      ),
      importHar(
        har([
          {
            method: 'POST',
            url: 'https://api.example.com/note',
            body: { mimeType: 'text/plain', text },
            response: { mimeType: 'text/plain', text: `ok, session=sess-plain-4` },
          },
        ]),
      ),
    ]) {
      expectNoSecrets(result, ['hunter2-text', RANDOM_KEY, 'tok-plain-3', 'sess-plain-4']);
      expect(documentText(result)).toContain('user=ann');
    }
  });

  it('replaces secrets in NDJSON bodies, line by line', () => {
    const text = `{"event":"login","token":"nd-token-1"}\n{"event":"refresh","refresh":"${REFRESH}"}\n`;
    for (const result of [
      importCurl(
        `curl https://api.example.com/events -H 'Content-Type: application/x-ndjson' --data-binary '${text}'`,
      ),
      importHar(
        har([
          {
            url: 'https://api.example.com/events',
            response: { mimeType: 'application/x-ndjson', text },
          },
        ]),
      ),
    ]) {
      expectNoSecrets(result, ['nd-token-1', REFRESH]);
      expect(documentText(result)).toContain('\\"event\\":\\"refresh\\"');
      expectCount(result, 2);
    }
  });

  it('replaces secrets in GraphQL bodies (variables and inline arguments)', () => {
    const json = JSON.stringify({
      query: 'mutation { login(username: "ann", password: "gql-inline-1", pin: 2468) { token } }',
      variables: { apiKey: 'gql-var-3', otp: 97531, first: 10 },
    });
    const raw =
      'mutation { login(username: "ann", password: "gql-inline-1", pin: 2468) { token } }';
    for (const result of [
      importCurl(`curl https://api.example.com/graphql --json '${json}'`),
      importCurl(
        `curl https://api.example.com/graphql -H 'Content-Type: application/graphql' -d '${raw}'`,
      ),
      importHar(
        har([
          {
            method: 'POST',
            url: 'https://api.example.com/graphql',
            body: { mimeType: 'application/json', text: json },
          },
        ]),
      ),
    ]) {
      expectNoSecrets(result, ['gql-inline-1', 2468, 'gql-var-3', 97531]);
      expect(documentText(result)).toContain('username: \\"ann\\"');
    }
  });

  it('keeps a declared-JSON body that does not parse out of the document, offered redacted', () => {
    const text = '{"username": "ann", "password": "broken-json-pass", "token": "tok-5", ';
    for (const result of [
      importCurl(
        `curl https://api.example.com/login -H 'Content-Type: application/json' -d '${text}'`,
      ),
      importHar(
        har([
          {
            method: 'POST',
            url: 'https://api.example.com/login',
            body: { mimeType: 'application/json', text },
            response: { mimeType: 'application/json', text: `{"access": "${ACCESS}"` },
          },
        ]),
      ),
    ]) {
      expectNoSecrets(result, ['broken-json-pass', 'tok-5', ACCESS]);
      expect(result.endpoints[0]?.requestBody).toBeUndefined();
      expect(documentText(result)).not.toContain('ann');
      const offered = result.unparsed.find((u) => u.status === undefined);
      expect(offered?.endpoint).toBe(0);
      expect(offered?.body.customerJson).toContain('"username": "ann"');
      expect(offered?.body.customerJson).toContain(`"password": "${REDACTED}"`);
      expect(JSON.stringify(result.unparsed)).not.toContain('broken-json-pass');
      expect(JSON.stringify(result.unparsed)).not.toContain(ACCESS);
      expect(offered?.body.name).not.toBe('');
      expect(result.warnings.map((w) => w.code)).toContain('TRAFFIC_UNPARSED_BODY');
    }
  });

  it('replaces secrets in a response Location (query and fragment)', () => {
    const result = importHar(
      har([
        {
          url: 'https://auth.example.com/authorize?client_id=web&state=xyz',
          status: 302,
          responseHeaders: [
            [
              'Location',
              'https://app.example.com/callback?code=oauth-code-1&access_token=loc-token-2&state=xyz#id_token=frag-token-3',
            ],
            ['Content-Location', '/callback?page=2'],
          ],
        },
      ]),
    );
    expectNoSecrets(result, ['oauth-code-1', 'loc-token-2', 'frag-token-3']);
    const location = result.endpoints[0]?.responses[0]?.headers?.find((h) => h.name === 'Location');
    expect(location?.example).toContain('https://app.example.com/callback?code=%3Credacted%3E');
    expect(location?.example).toContain('state=xyz');
    expect(result.endpoints[0]?.parameters.find((p) => p.name === 'client_id')?.example).toBe(
      'web',
    );
    expectCount(result, 3);
  });

  it('replaces JWT-shaped, Bearer and high-entropy values under harmless names', () => {
    const json = JSON.stringify({
      data: ACCESS,
      note: `Bearer ${RANDOM_KEY}`,
      value: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
      id: '3f6c1d2e-7a4b-4c1d-9e8f-0a1b2c3d4e5f',
      sha: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    });
    const curl = importCurl(
      `curl 'https://api.example.com/items?next=${ACCESS}&page=2' -H 'X-Trace: ${RANDOM_KEY}' --json '${json}'`,
    );
    const fromHar = importHar(
      har([
        {
          method: 'POST',
          url: `https://api.example.com/items?next=${ACCESS}&page=2`,
          headers: [['X-Trace', RANDOM_KEY]],
          body: { mimeType: 'application/json', text: json },
          responseHeaders: [['X-Debug', `Bearer ${REFRESH}`]],
          response: { mimeType: 'application/json', text: json },
        },
      ]),
    );
    for (const result of [curl, fromHar]) {
      expectNoSecrets(result, [ACCESS, RANDOM_KEY, REFRESH, 'sk_live_4eC39HqLyjWDarjtT1zdp7dc']);
      const text = documentText(result);
      expect(text).toContain(`Bearer ${REDACTED}`);
      expect(text).toContain('3f6c1d2e-7a4b-4c1d-9e8f-0a1b2c3d4e5f');
      expect(text).toContain('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08');
    }
    expectCount(curl, 3);
    expectCount(fromHar, 4);
  });

  it('replaces secrets in query strings, full URLs and path segments', () => {
    const url = `https://ann:url-pass-1@api.example.com/v1/reset/${REFRESH}/confirm?api_key=q-key-2&page=3&redirect=${encodeURIComponent('https://app.example.com/cb?access_token=nested-4')}`;
    for (const result of [importCurl(`curl '${url}'`), importHar(har([{ url }]))]) {
      expectNoSecrets(result, ['url-pass-1', REFRESH, 'q-key-2', 'nested-4']);
      const endpoint = result.endpoints[0];
      expect(endpoint?.path).toMatch(/^\/v1\/reset\/\{\w+\}\/confirm$/);
      expect(endpoint?.parameters.find((p) => p.name === 'page')?.example).toBe('3');
      expect(endpoint?.parameters.find((p) => p.name === 'redirect')?.example).toContain(
        'https://app.example.com/cb?access_token=',
      );
    }
  });

  it('replaces secrets in request and response headers', () => {
    const result = importHar(
      har([
        {
          url: 'https://api.example.com/me',
          headers: [
            ['Authorization', 'Bearer req-bearer-1'],
            ['Cookie', 'sid=cookie-sid-2'],
            ['X-Api-Key', 'req-key-3'],
            ['Accept-Language', 'en'],
          ],
          responseHeaders: [
            ['Set-Cookie', 'session=resp-cookie-4; HttpOnly'],
            ['X-Auth-Token', 'resp-token-5'],
            ['X-RateLimit-Remaining', '99'],
          ],
          response: { mimeType: 'application/json', text: '{"name":"ann"}' },
        },
      ]),
    );
    expectNoSecrets(result, [
      'req-bearer-1',
      'cookie-sid-2',
      'req-key-3',
      'resp-cookie-4',
      'resp-token-5',
    ]);
    const endpoint = result.endpoints[0];
    // A security scheme, not a parameter (issue 18); its credential is counted as replaced.
    expect(endpoint?.parameters.find((p) => p.name === 'Authorization')).toBeUndefined();
    expect(endpoint?.security).toEqual([{ bearerAuth: [] }]);
    expect(
      endpoint?.responses[0]?.headers?.find((h) => h.name === 'X-RateLimit-Remaining')?.example,
    ).toBe('99');
    // The cookie is never a parameter, but its value was still found and not copied.
    expectCount(result, 4);
  });

  it('counts each distinct secret once, however often it was sent', () => {
    const command = (n: number) =>
      `curl 'https://api.example.com/items/${n}' -H 'Authorization: Bearer same-token-123'`;
    const result = importCurl([1, 2, 3].map(command).join('\n'));
    expectNoSecrets(result, ['same-token-123']);
    expectCount(result, 1);
    expectCount(importCurl("curl 'https://api.example.com/items?page=2'"), 0);
  });
});

describe('traffic redaction cannot be sidestepped', () => {
  it('replaces a secret written next to a placeholder', () => {
    const result = importCurl(
      `curl https://api.example.com/a --json '${JSON.stringify({ note: `<redacted> ${ACCESS}`, password: `<redacted>x` })}'`,
    );
    expectNoSecrets(result, [ACCESS]);
    expect(documentText(result)).not.toContain('<redacted>x');
  });
});

describe('traffic redaction: more shapes of the same secrets', () => {
  it('replaces one-time codes, key-value entries and what secret-named objects hold', () => {
    const json = JSON.stringify({
      key: '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b',
      verification_code: '482913',
      device_code: 'GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS',
      secrets: { db: 'hunter2-db' },
      session: { id: 'sess-id-1', expires_at: '2026-01-01T00:00:00Z' },
      params: [
        { name: 'password', value: 'kv-pass' },
        { name: 'region', value: 'eu-west-1' },
      ],
    });
    const result = importHar(
      har([
        {
          method: 'POST',
          url: 'https://api.example.com/auth/login/',
          response: { mimeType: 'application/json', text: json },
        },
      ]),
    );
    expectNoSecrets(result, [
      '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b',
      '482913',
      'GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS',
      'hunter2-db',
      'sess-id-1',
      'kv-pass',
    ]);
    const text = documentText(result);
    expect(text).toContain('eu-west-1');
    expect(text).toContain('2026-01-01T00:00:00Z');
    expectCount(result, 6);
  });

  it('replaces CDATA, key/value attributes and PHP-style pairs in text bodies', () => {
    const xml =
      '<config><Password><![CDATA[cdata-pass]]></Password><add key="ApiKey" value="cfg-key"/>' +
      '<entry key="token">entry-tok</entry><entry key="region">eu</entry></config>';
    const xmlResult = importCurl(
      `curl https://api.example.com/cfg -H 'Content-Type: application/xml' -d '${xml}'`,
    );
    expectNoSecrets(xmlResult, ['cdata-pass', 'cfg-key', 'entry-tok']);
    expect(documentText(xmlResult)).toContain('<entry key=\\"region\\">eu</entry>');
    const php = importCurl(
      `curl https://api.example.com/php -H 'Content-Type: text/plain' -d '["user" => "ann", "password" => "php-pass"]'`,
    );
    expectNoSecrets(php, ['php-pass']);
  });

  it('replaces secrets in a JSON text sent as a form, and in HAR multipart params', () => {
    const form = importCurl(
      `curl https://api.example.com/f -H 'Content-Type: application/x-www-form-urlencoded' -d '{"password":"form-json-pass"}'`,
    );
    expectNoSecrets(form, ['form-json-pass']);
    const entries = JSON.parse(
      har([{ method: 'POST', url: 'https://api.example.com/upload' }]),
    ) as { log: { entries: { request: Record<string, unknown> }[] } };
    (entries.log.entries[0] as { request: Record<string, unknown> }).request.postData = {
      mimeType: 'multipart/form-data; boundary=x',
      params: [
        { name: 'user', value: 'ann' },
        { name: 'password', value: 'param-pass' },
        { name: 'file', fileName: 'a.png', contentType: 'image/png' },
      ],
    };
    const result = importHar(JSON.stringify(entries));
    expectNoSecrets(result, ['param-pass']);
    expect(result.endpoints[0]?.requestBody?.customerJson).toContain('user=ann');
    expectCount(result, 1);
  });
});

describe('high-entropy strings', () => {
  it('replaces one-case keys and keeps word-like identifiers', () => {
    expect(isSecretValue('key-3ax6xnjp29jd6fds4gc373sgvjxteol0')).toBe(true);
    expect(isSecretValue('projects-2024-q3-budget-review-v12')).toBe(false);
    expect(isSecretValue('aws-us-east-1-prod-cluster-node-0042')).toBe(false);
    expect(isSecretValue('9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B')).toBe(false);
  });
});
