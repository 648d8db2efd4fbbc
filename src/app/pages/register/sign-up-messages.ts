import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SignUpErrorCode } from '../../../shared/account';

/** The spec §5 message for each sign-up error code of `validateSignUp`. */
export const SIGN_UP_MESSAGES: Record<SignUpErrorCode, MessageDescriptor> = {
  REQUIRED: msg`This field must not be empty`,
  INVALID_EMAIL: msg`Please enter a valid email address`,
  INVALID_NAME: msg`Only letters, spaces, hyphens, and apostrophes are allowed`,
  INVALID_PASSWORD: msg`Password must be 6-20 characters and can include A-Z, a-z, 0-9, and !#$%&^=?/@`,
  COMMON_PASSWORD: msg`This password is too common. Please choose another one`,
  TERMS_NOT_ACCEPTED: msg`Please accept the terms to continue`,
};
