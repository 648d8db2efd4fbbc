import type { FastifyRequest } from 'fastify';
import type { SignUpErrorCode } from '../shared/account';

/** Server answers shown to users ({ message }), in English and Russian (Accept-Language). */
const MESSAGES = {
  registered: {
    en: 'Registration successful. Check your e-mail and follow the link to verify your account.',
    ru: 'Регистрация прошла успешно. Проверьте почту и перейдите по ссылке, чтобы подтвердить учётную запись.',
  },
  verified: { en: 'Email successfully verified', ru: 'Адрес электронной почты подтверждён' },
  verifyInvalid: { en: 'Invalid verification link.', ru: 'Неверная ссылка подтверждения.' },
  verifyUsed: {
    en: 'This verification link has already been used.',
    ru: 'Эта ссылка подтверждения уже использована.',
  },
  verifyNotFound: {
    en: 'Verification link not found or expired. Sign up again to get a new one.',
    ru: 'Ссылка подтверждения не найдена или устарела. Зарегистрируйтесь ещё раз, чтобы получить новую.',
  },
  loginFailed: {
    en: 'Invalid e-mail or password, or the account is not verified yet.',
    ru: 'Неверный e-mail или пароль, либо учётная запись ещё не подтверждена.',
  },
  notVerified: {
    en: 'Your e-mail is not verified yet. Follow the link we sent you, or ask for a new one.',
    ru: 'Адрес электронной почты ещё не подтверждён. Перейдите по ссылке из письма или запросите новую.',
  },
  resendSent: {
    en: 'If this address has an account waiting for verification, we have sent a new link.',
    ru: 'Если для этого адреса есть неподтверждённая учётная запись, мы отправили новую ссылку.',
  },
  resetRequested: {
    en: 'If an account uses this address, we have sent it a link to reset the password.',
    ru: 'Если этот адрес используется в учётной записи, мы отправили на него ссылку для сброса пароля.',
  },
  passwordReset: {
    en: 'Your password has been changed. Log in with the new one.',
    ru: 'Пароль изменён. Войдите с новым паролем.',
  },
  resetInvalid: { en: 'Invalid password reset link.', ru: 'Неверная ссылка для сброса пароля.' },
  resetUsed: {
    en: 'This password reset link has already been used.',
    ru: 'Эта ссылка для сброса пароля уже использована.',
  },
  resetNotFound: {
    en: 'Password reset link not found or expired. Ask for a new one.',
    ru: 'Ссылка для сброса пароля не найдена или устарела. Запросите новую.',
  },
  invalidRefresh: {
    en: 'Session expired. Please log in again.',
    ru: 'Сессия истекла. Войдите снова.',
  },
  REQUIRED: { en: 'This field must not be empty', ru: 'Поле не должно быть пустым' },
  INVALID_EMAIL: {
    en: 'Please enter a valid email address',
    ru: 'Введите корректный адрес электронной почты',
  },
  INVALID_NAME: {
    en: 'Only letters, spaces, hyphens, and apostrophes are allowed',
    ru: 'Допускаются только буквы, пробелы, дефисы и апострофы',
  },
  INVALID_PASSWORD: {
    en: 'Password must be 6-20 characters and can include A-Z, a-z, 0-9, and !#$%&^=?/@',
    ru: 'Пароль должен содержать от 6 до 20 символов: A-Z, a-z, 0-9 и !#$%&^=?/@',
  },
  COMMON_PASSWORD: {
    en: 'This password is too common. Choose another one.',
    ru: 'Этот пароль слишком распространён. Выберите другой.',
  },
  TERMS_NOT_ACCEPTED: {
    en: 'You must accept the terms of use',
    ru: 'Необходимо принять условия использования',
  },
} satisfies Record<string, { en: string; ru: string }> &
  Record<SignUpErrorCode, { en: string; ru: string }>;

export type MessageKey = keyof typeof MESSAGES;

/** Picks Russian when the caller prefers it, English otherwise. */
export function language(request: FastifyRequest): 'en' | 'ru' {
  const header = request.headers['accept-language'];
  return typeof header === 'string' && /^\s*ru\b/i.test(header) ? 'ru' : 'en';
}

export function message(request: FastifyRequest, key: MessageKey): { message: string } {
  return { message: MESSAGES[key][language(request)] };
}

/** Field names in the sign-up error message. */
const FIELDS = {
  email: { en: 'E-mail', ru: 'E-mail' },
  firstName: { en: 'First name', ru: 'Имя' },
  lastName: { en: 'Last name', ru: 'Фамилия' },
  password: { en: 'Password', ru: 'Пароль' },
  acceptTerms: { en: 'Terms', ru: 'Условия' },
} as const;

/** "<Field>: <message>" for the first rejected sign-up field. */
export function signUpMessage(
  request: FastifyRequest,
  field: keyof typeof FIELDS,
  code: SignUpErrorCode,
): { message: string } {
  const lang = language(request);
  return { message: `${FIELDS[field][lang]}: ${MESSAGES[code][lang]}` };
}
