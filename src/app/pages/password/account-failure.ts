import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AccountFailure } from '../../api/account';

/** What the user reads when an account call fails (the detail goes to the console). */
export const ACCOUNT_FAILURE_MESSAGES: Record<AccountFailure, MessageDescriptor> = {
  'rate-limited': msg`Too many attempts. Please wait a minute and try again.`,
  'link-expired': msg`This link has expired or does not exist. Ask for a new one.`,
  'link-invalid': msg`This link is not valid or has already been used. Ask for a new one.`,
  unavailable: msg`Could not reach the server. Check your connection and try again.`,
};
