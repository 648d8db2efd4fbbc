import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RequestFailure } from '../../api/products';

/**
 * The reason of a failed request in words: the server's `{ message }` when it sent one,
 * otherwise the generic reasons of spec §8 ('Network Error', 'timeout exceeded',
 * 'request aborted') or the HTTP status. Empty when there is nothing to say.
 */
export function failureReason(i18n: I18n, failure: RequestFailure | undefined): string {
  if (!failure) return '';
  switch (failure.kind) {
    case 'http': {
      const status = failure.status;
      return failure.message ?? i18n._(msg`HTTP status ${status}`);
    }
    case 'network':
      return i18n._(msg`Network Error`);
    case 'timeout':
      return i18n._(msg`timeout exceeded`);
    case 'aborted':
      return i18n._(msg`request aborted`);
  }
}
