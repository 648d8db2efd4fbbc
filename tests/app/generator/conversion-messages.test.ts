/**
 * Issue 31.16, the Swagger conversion report: every kind of item is worded in Russian, with
 * the names it mentions filled in.
 */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { conversionItemText } from '../../../src/app/generator/conversion-messages';
import {
  CONVERSION_ITEM_KINDS,
  conversionMessage,
  convertSwagger2,
} from '../../../src/shared/openapi/convert-swagger2';
import { activateTestLocale } from '../shell/helpers';

const PARAMS = {
  key: 'consumes',
  name: 'Foo[Bar]',
  newName: 'Foo_Bar_',
  ref: '#/parameters/Body',
  target: '#/components/requestBodies/Body',
  format: 'ssv',
  types: 'string, null',
};

describe('the Swagger conversion report', () => {
  it.each(CONVERSION_ITEM_KINDS)('words %s in Russian', (kind) => {
    activateTestLocale('ru');
    const item = { code: 'CONVERTED' as const, kind, params: PARAMS, pointer: '/x', message: '' };
    const text = conversionItemText(i18n, item);
    expect(text).toMatch(/[а-яё]/i);
    expect(text).not.toMatch(/[{}]/);
    for (const [key, value] of Object.entries(PARAMS)) {
      if (conversionMessage(kind, PARAMS).includes(`'${value}'`))
        expect(text, key).toContain(value);
    }
  });

  it('words a real report in English from its kinds', () => {
    activateTestLocale('en');
    const { warnings } = convertSwagger2(
      "swagger: '2.0'\ninfo: { title: t, version: '1' }\npaths: {}\ndefinitions: { 'A B': { type: string } }\n",
    );
    const renamed = warnings.find((w) => w.kind === 'COMPONENT_RENAMED');
    expect(renamed && conversionItemText(i18n, renamed)).toBe(
      'OpenAPI 3.0 does not allow the component name “A B”; it becomes “A_B”, and the references to it follow.',
    );
  });
});
