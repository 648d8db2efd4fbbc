import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, loadConfig } from '../../src/server/config';
import { useTestApp } from './helpers';

/** Enough for a production start (issue 13 point 8 requires PUBLIC_URL there). */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://specform.example' };

describe('operator settings (issue 13 point 12)', () => {
  it('fills marked demo details, in both languages, in a default development install', () => {
    const { operator } = loadConfig({});
    expect(operator).toEqual({ ...DEMO_OPERATOR, demo: true });
    expect(operator.name).not.toMatch(/not configured/i);
    expect(operator.nameRu).toMatch(/[А-Яа-яЁё]/);
  });

  it('reads the Russian name from OPERATOR_NAME_RU, falling back to OPERATOR_NAME', () => {
    const both = loadConfig({
      OPERATOR_NAME: 'IP Petrov P. P.',
      OPERATOR_NAME_RU: 'ИП Петров П. П.',
    });
    expect(both.operator).toMatchObject({
      name: 'IP Petrov P. P.',
      nameRu: 'ИП Петров П. П.',
      demo: false,
    });
    const one = loadConfig({ OPERATOR_NAME: 'IP Petrov P. P.' });
    expect(one.operator.nameRu).toBe('IP Petrov P. P.');
    expect(one.operator.taxNumber).toBe('—');
  });

  it('never shows demo details in production', () => {
    const { operator } = loadConfig(PRODUCTION);
    expect(operator.demo).toBe(false);
    expect(operator.taxNumber).not.toBe(DEMO_OPERATOR.taxNumber);
  });
});

describe('GET /api/public/v1/site', () => {
  const t = useTestApp({
    operator: {
      name: 'IP Sidorov S. S.',
      nameRu: 'ИП Сидоров С. С.',
      supportEmail: 'help@specform.test',
      taxNumber: '7700000000',
      registrationNumber: '300000000000000',
      demo: true,
    },
  });

  it('sends both forms of the name and the demo flag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/v1/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      operatorName: 'IP Sidorov S. S.',
      operatorNameRu: 'ИП Сидоров С. С.',
      demo: true,
    });
  });
});
