import type { RegistrationRequest } from '../api-types';
import { isCommonPassword } from './common-passwords';

/** Why a sign-up field was rejected; the app maps each code to its spec §5 message. */
export type SignUpErrorCode =
  | 'REQUIRED'
  | 'INVALID_EMAIL'
  | 'INVALID_NAME'
  | 'INVALID_PASSWORD'
  | 'COMMON_PASSWORD'
  | 'TERMS_NOT_ACCEPTED';

/** The fields of the sign-up form (the registration payload). */
export type SignUpField = 'email' | 'firstName' | 'lastName' | 'password' | 'acceptTerms';

/** Per-field outcome of {@link validateSignUp}; `valid` when `errors` is empty. */
export interface SignUpValidation {
  valid: boolean;
  errors: Partial<Record<SignUpField, SignUpErrorCode>>;
}

/** Longest e-mail address accepted (RFC 5321 path limit); longer input is INVALID_EMAIL. */
export const MAX_EMAIL_LENGTH = 254;
/** Longest first or last name accepted; longer input is INVALID_NAME. */
export const MAX_NAME_LENGTH = 100;

/**
 * Spec §5: local part, @, domain, dot, suffix, from Latin letters, digits and `. % + -`,
 * or the same with Cyrillic letters (one alphabet per address). The suffix is letters only.
 */
const EMAIL_LATIN = /^[A-Za-z0-9.%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const EMAIL_CYRILLIC = /^[А-Яа-яЁё0-9.%+-]+@[А-Яа-яЁё0-9.-]+\.[А-Яа-яЁё]{2,}$/;

/** Spec §5: letters of one alphabet, words separated by one space, apostrophe or hyphen. */
const NAME_LATIN = /^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/;
const NAME_CYRILLIC = /^[А-Яа-яЁё]+(?:[ '-][А-Яа-яЁё]+)*$/;

/** Spec §5/§9: 6 to 20 characters from A-Z a-z 0-9 and ! # $ % & ^ = ? / @. */
const PASSWORD = /^[A-Za-z0-9!#$%&^=?/@]{6,20}$/;

const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim().length === 0;

/** Checks an e-mail address against the spec §5 rule (not emptiness). */
export function isValidEmail(email: string): boolean {
  if (email.length > MAX_EMAIL_LENGTH) return false;
  return EMAIL_LATIN.test(email) || EMAIL_CYRILLIC.test(email);
}

/** Checks a first or last name against the spec §5 rule (not emptiness). */
export function isValidName(name: string): boolean {
  if (name.length > MAX_NAME_LENGTH) return false;
  return NAME_LATIN.test(name) || NAME_CYRILLIC.test(name);
}

/** Checks a password against the spec §5 length and character rule (not the common list). */
export function isValidPassword(password: string): boolean {
  return PASSWORD.test(password);
}

/**
 * The spec §5 password rule plus the common-password list: sign-up, and a new password set with
 * a reset link (the app before sending, the server on receipt). Undefined when acceptable.
 */
export function validatePassword(password: unknown): SignUpErrorCode | undefined {
  if (isBlank(password)) return 'REQUIRED';
  if (!isValidPassword(password as string)) return 'INVALID_PASSWORD';
  if (isCommonPassword(password as string)) return 'COMMON_PASSWORD';
  return undefined;
}

/**
 * Applies the spec §5 sign-up rules to all fields at once (the app on submit, the server on
 * POST /registration). Values are checked as given, without trimming; blank is REQUIRED.
 */
export function validateSignUp(form: Partial<RegistrationRequest>): SignUpValidation {
  const errors: SignUpValidation['errors'] = {};
  const { email, firstName, lastName, password } = form;

  if (isBlank(email)) errors.email = 'REQUIRED';
  else if (!isValidEmail(email as string)) errors.email = 'INVALID_EMAIL';

  if (isBlank(firstName)) errors.firstName = 'REQUIRED';
  else if (!isValidName(firstName as string)) errors.firstName = 'INVALID_NAME';

  if (isBlank(lastName)) errors.lastName = 'REQUIRED';
  else if (!isValidName(lastName as string)) errors.lastName = 'INVALID_NAME';

  const passwordError = validatePassword(password);
  if (passwordError) errors.password = passwordError;

  if (form.acceptTerms !== true) errors.acceptTerms = 'TERMS_NOT_ACCEPTED';

  return { valid: Object.keys(errors).length === 0, errors };
}
