import { describe, expect, it } from 'vitest';
import { newDocumentMeta, type DocumentMeta } from '../../src/shared/openapi/document/meta';
import {
  isAbsoluteUrl,
  isServerUrl,
  validateMeta,
} from '../../src/shared/openapi/document/validate-meta';

const codes = (meta: DocumentMeta) => validateMeta(meta).map((i) => `${i.code}@${i.field}`);

describe('validateMeta', () => {
  it('accepts a new document', () => {
    expect(validateMeta(newDocumentMeta())).toEqual([]);
  });

  it('requires title and version, checks URLs and e-mail', () => {
    const meta: DocumentMeta = {
      openapi: '3.0.1',
      info: {
        title: ' ',
        version: '',
        termsOfService: 'terms',
        contact: { url: 'ftp://x', email: 'a@b' },
        license: { name: '', url: 'https://ok.example/l' },
      },
    };
    expect(codes(meta)).toEqual([
      'TITLE_REQUIRED@info.title',
      'VERSION_REQUIRED@info.version',
      'URL_INVALID@info.termsOfService',
      'URL_INVALID@info.contact.url',
      'EMAIL_INVALID@info.contact.email',
      'LICENSE_NAME_REQUIRED@info.license.name',
    ]);
  });

  it('checks servers, variables, schemes and tags', () => {
    const meta: DocumentMeta = {
      ...newDocumentMeta(),
      servers: [
        { url: '' },
        {
          url: 'https://{env}.example.com/{version}',
          variables: { env: { default: 'x', enum: ['a', 'b'] } },
        },
        { url: 'not a url' },
        { url: '/relative/v1' },
      ],
      securitySchemes: {
        'bad name': { type: 'http', scheme: 'bearer' },
        key: { type: 'apiKey', in: 'header', name: '' },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'nope' },
        oauth: { type: 'oauth2', flows: {} },
        oauth2: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'x', scopes: {} } } },
      },
      tags: [{ name: 'a' }, { name: 'a' }, { name: '' }],
    };
    expect(codes(meta)).toEqual([
      'SERVER_URL_REQUIRED@servers.0.url',
      'VARIABLE_DEFAULT_NOT_IN_ENUM@servers.1.variables.0.default',
      'URL_INVALID@servers.2.url',
      'SCHEME_NAME_INVALID@securitySchemes.bad name.key',
      'API_KEY_NAME_REQUIRED@securitySchemes.key.name',
      'URL_INVALID@securitySchemes.oidc.openIdConnectUrl',
      'OAUTH_FLOW_REQUIRED@securitySchemes.oauth.flows',
      'URL_INVALID@securitySchemes.oauth2.flows.implicit.authorizationUrl',
      'TAG_NAME_DUPLICATE@tags.1.name',
      'TAG_NAME_REQUIRED@tags.2.name',
    ]);
  });

  it('tells absolute and server URLs apart', () => {
    expect(isAbsoluteUrl('https://a.example/x?y=1')).toBe(true);
    expect(isAbsoluteUrl('/x')).toBe(false);
    expect(isAbsoluteUrl('javascript:alert(1)')).toBe(false);
    expect(isServerUrl('/v1')).toBe(true);
    expect(isServerUrl('{scheme}://{host}/v1')).toBe(true);
    expect(isServerUrl('https://a b')).toBe(false);
    expect(isServerUrl('https://x/{open')).toBe(false);
    expect(isServerUrl('javascript:alert(1)')).toBe(false);
  });
});
