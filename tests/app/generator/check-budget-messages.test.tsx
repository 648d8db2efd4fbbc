/**
 * Issue 28.1: a check cut by its time budget is said in words, in English and Russian, as the
 * warning it is (the example checks' and the rules' own wording).
 */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  CHECK_TIME_BUDGET,
  isBlocking,
  type EndpointExampleProblem,
} from '../../../src/shared/openapi';
import { FIELD_MESSAGES, PANEL_LABELS } from '../../../src/app/generator/issue-messages';
import { describeExampleProblem } from '../../../src/app/generator/plain-messages';
import { activateTestLocale } from '../shell/helpers';

const CUT: EndpointExampleProblem = {
  endpointId: 'e1',
  body: 200,
  example: 'bad',
  pointer: '',
  rule: CHECK_TIME_BUDGET,
  schemaPointer: '',
  message: 'The example checks took longer than 60000 ms and were stopped at this example.',
};

describe('checks cut by their time budget (issue 28.1)', () => {
  it('says where the example checks stopped and that the rest were not checked', () => {
    activateTestLocale('en');
    expect(describeExampleProblem(i18n, CUT)).toEqual({
      text: 'The example checks took longer than 60 s and were stopped at example “bad” of the response 200: it and the examples after it were not checked. Editing the endpoint checks them again.',
    });
    activateTestLocale('ru');
    const ru = describeExampleProblem(i18n, CUT).text;
    expect(ru).toContain('60 с');
    expect(ru).toContain('«bad»');
    expect(ru).toMatch(/не проверены/);
  });

  it('words the rules cut as a warning that does not block', () => {
    expect(isBlocking('CHECK_TIME_BUDGET')).toBe(false);
    activateTestLocale('en');
    expect(i18n._(PANEL_LABELS.CHECK_TIME_BUDGET)).toBe('Not checked');
    expect(i18n._(FIELD_MESSAGES.CHECK_TIME_BUDGET)).toContain('longer than 60 s');
    activateTestLocale('ru');
    expect(i18n._(FIELD_MESSAGES.CHECK_TIME_BUDGET)).toContain('больше 60 с');
  });
});
