/**
 * Issue 28.1: a check cut by its time budget is said in words, in English and Russian, as the
 * warning it is (the rules' own wording).
 */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { isBlocking } from '../../../src/shared/openapi';
import { FIELD_MESSAGES, PANEL_LABELS } from '../../../src/app/generator/issue-messages';
import { activateTestLocale } from '../shell/helpers';

describe('checks cut by their time budget (issue 28.1)', () => {
  it('words the rules cut as a warning that does not block', () => {
    expect(isBlocking('CHECK_TIME_BUDGET')).toBe(false);
    activateTestLocale('en');
    expect(i18n._(PANEL_LABELS.CHECK_TIME_BUDGET)).toBe('Not checked');
    expect(i18n._(FIELD_MESSAGES.CHECK_TIME_BUDGET)).toContain('longer than 60 s');
    activateTestLocale('ru');
    expect(i18n._(FIELD_MESSAGES.CHECK_TIME_BUDGET)).toContain('больше 60 с');
  });
});
