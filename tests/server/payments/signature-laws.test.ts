/** Laws of the money and signature helpers, checked on generated inputs (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMajor, parseMajorAmount } from '../../../src/server/payments/money';
import { decimalToMinor } from '../../../src/server/payments/providers/http-json';
import { phpJson, tbankToken } from '../../../src/server/payments/providers/signatures';
import { documentedToken } from './fakes/fake-tbank';

const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean());
const tbankParams = fc.dictionary(
  fc.stringMatching(/^[A-Z][A-Za-z]{0,11}$/),
  fc.oneof(scalar, fc.dictionary(fc.string(), scalar)),
);

describe('laws', () => {
  it('minor units survive formatting and both parsers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (minor) => {
        expect(parseMajorAmount(formatMajor(minor))).toBe(minor);
        expect(decimalToMinor(formatMajor(minor))).toBe(minor);
      }),
    );
  });

  it('the T-Bank token agrees with an independent implementation and ignores key order', () => {
    fc.assert(
      fc.property(tbankParams, fc.string(), (params, password) => {
        const token = tbankToken(params, password);
        expect(token).toBe(documentedToken(params, password));
        const reversed = Object.fromEntries(Object.entries(params).reverse());
        expect(tbankToken(reversed, password)).toBe(token);
      }),
    );
  });

  it('PHP-style JSON is still the same JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = phpJson(value);
        expect(text).not.toMatch(/(^|[^\\])\//);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
