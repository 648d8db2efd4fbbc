import { describe, expect, it } from 'vitest';
import { decimalToMinor } from '../../../src/server/payments/providers/http-json';
import {
  cryptomusSign,
  phpJson,
  safeEqual,
  tbankToken,
} from '../../../src/server/payments/providers/signatures';
import { displayPrice, formatMajor, parseMajorAmount } from '../../../src/server/payments/money';
import {
  loadPaymentsConfig,
  PaymentsConfigError,
} from '../../../src/server/payments/payments-config';

describe('T-Bank token', () => {
  it('matches the Init example of developer.tbank.ru', () => {
    const params = {
      TerminalKey: 'MerchantTerminalKey',
      Amount: 19200,
      OrderId: '00000',
      Description: 'Подарочная карта на 1000 рублей',
      DATA: { Phone: '+71234567890' },
      Receipt: { Email: 'a@test.ru', Items: [{ Name: 'x', Amount: 19200 }] },
    };
    expect(tbankToken(params, '11111111111111')).toBe(
      '72dd466f8ace0a37a1f740ce5fb78101712bc0665d91a8108c7c8a0ccd426db2',
    );
  });

  it('matches the notification example (booleans as "true", Token itself left out)', () => {
    const notification = {
      TerminalKey: '1234567890DEMO',
      OrderId: '000000',
      Success: true,
      Status: 'AUTHORIZED',
      PaymentId: '0000000',
      ErrorCode: '0',
      Amount: '1111',
      CardId: '000000',
      Pan: '200000******0000',
      ExpDate: '1111',
      RebillId: '000000',
      Token: 'ignored',
    };
    expect(tbankToken(notification, '11111111111')).toBe(
      '1c0964277d0213349243065a0d5b838b8e90d2d25f740d0f2767836e710e80c8',
    );
  });
});

describe('Cryptomus sign', () => {
  it('escapes slashes like PHP json_encode and keeps Unicode as is', () => {
    expect(phpJson({ url: 'https://a.b/c', text: 'Привет' })).toBe(
      '{"url":"https:\\/\\/a.b\\/c","text":"Привет"}',
    );
  });

  it('is md5 of base64 of the JSON text plus the key', () => {
    // base64('{"a":1}') = 'eyJhIjoxfQ==', md5('eyJhIjoxfQ==key') computed outside this code.
    expect(cryptomusSign('{"a":1}', 'key')).toBe('52984746e1bfcb9d436d81804d2b0046');
  });
});

describe('safeEqual', () => {
  it('compares exactly', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });
});

describe('money', () => {
  it.each([
    ['490', 49000],
    ['4.9', 490],
    ['4.99', 499],
    ['0.01', 1],
  ])('parses %s', (text, minor) => expect(parseMajorAmount(text)).toBe(minor));

  it.each(['', '-1', '1.234', 'abc', '1e3', '1,5', '.5'])('refuses %j', (text) =>
    expect(parseMajorAmount(text)).toBeUndefined(),
  );

  it('formats and displays', () => {
    expect(formatMajor(500)).toBe('5.00');
    expect(formatMajor(49000)).toBe('490.00');
    expect(formatMajor(7)).toBe('0.07');
    expect(displayPrice(49000, 'RUB')).toBe('490.00 ₽');
    expect(displayPrice(500, 'USD')).toBe('$5.00');
    expect(displayPrice(500, 'XTS')).toBe('5.00 XTS');
  });

  it.each([
    ['5', 500],
    ['5.00', 500],
    ['5.000000', 500],
    [5, 500],
    ['15.5', 1550],
  ])('reads the provider amount %j', (value, minor) => expect(decimalToMinor(value)).toBe(minor));

  it.each(['5.001', 'five', null, '', '-5'])('refuses the provider amount %j', (value) =>
    expect(decimalToMinor(value)).toBeUndefined(),
  );
});

describe('payments configuration', () => {
  it('has sensible defaults and the sandbox outside production', () => {
    const config = loadPaymentsConfig(
      {},
      { publicUrl: 'http://localhost:8080/', production: false },
    );
    expect(config.prices).toEqual({
      'mir-1m': 49000,
      'mir-12m': 490000,
      'crypto-1m': 500,
      'crypto-12m': 5000,
    });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.tbank).toBeNull();
    expect(config.cryptomus).toBeNull();
    expect(config.sandbox).toBe(true);
    expect(loadPaymentsConfig({}, { publicUrl: 'https://x', production: true }).sandbox).toBe(
      false,
    );
    expect(
      loadPaymentsConfig({ PAYMENTS_SANDBOX: 'true' }, { publicUrl: 'https://x', production: true })
        .sandbox,
    ).toBe(true);
  });

  it('reads prices and credentials', () => {
    const config = loadPaymentsConfig(
      {
        PRICE_MIR_1M: '299.50',
        PRICE_CRYPTO_12M: '39',
        TBANK_TERMINAL_KEY: 'T',
        TBANK_PASSWORD: 'P',
        CRYPTOMUS_MERCHANT_ID: 'M',
        CRYPTOMUS_API_KEY: 'K',
        CRYPTOMUS_API_URL: 'http://127.0.0.1:9/',
      },
      { publicUrl: 'https://specform.example', production: true },
    );
    expect(config.prices['mir-1m']).toBe(29950);
    expect(config.prices['crypto-12m']).toBe(3900);
    expect(config.tbank).toEqual({
      terminalKey: 'T',
      password: 'P',
      apiUrl: 'https://securepay.tinkoff.ru',
    });
    expect(config.cryptomus?.apiUrl).toBe('http://127.0.0.1:9');
  });

  it.each([
    [{ PRICE_MIR_1M: 'free' }, /PRICE_MIR_1M/],
    [{ PRICE_CRYPTO_1M: '0' }, /PRICE_CRYPTO_1M/],
    [{ PRICE_MIR_12M: '1.999' }, /PRICE_MIR_12M/],
    [{ TBANK_TERMINAL_KEY: 'T' }, /TBANK_TERMINAL_KEY and TBANK_PASSWORD/],
    [{ CRYPTOMUS_API_KEY: 'K' }, /CRYPTOMUS_MERCHANT_ID and CRYPTOMUS_API_KEY/],
    [{ TBANK_TERMINAL_KEY: 'T', TBANK_PASSWORD: 'P', TBANK_API_URL: 'ftp://x' }, /TBANK_API_URL/],
    [{ PAYMENTS_SANDBOX: 'maybe' }, /PAYMENTS_SANDBOX/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() =>
      loadPaymentsConfig(env, { publicUrl: 'http://localhost', production: false }),
    ).toThrow(PaymentsConfigError);
    expect(() =>
      loadPaymentsConfig(env, { publicUrl: 'http://localhost', production: false }),
    ).toThrow(message);
  });
});
