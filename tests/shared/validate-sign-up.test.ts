import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORDS,
  isCommonPassword,
  validateSignUp,
  type SignUpErrorCode,
} from '../../src/shared/account';
import { type RegistrationRequest } from '../../src/shared/api-types';

const valid: RegistrationRequest = {
  email: 'ann.smith+work@example.com',
  firstName: 'Ann',
  lastName: 'Smith',
  password: 'Xk7#pq!Lm',
  acceptTerms: true,
};

const errorFor = (patch: Partial<RegistrationRequest>, field: keyof RegistrationRequest) =>
  validateSignUp({ ...valid, ...patch }).errors[field];

describe('validateSignUp', () => {
  it('accepts a valid form', () => {
    expect(validateSignUp(valid)).toEqual({ valid: true, errors: {} });
  });

  it('reports every field at once', () => {
    const result = validateSignUp({
      email: '',
      firstName: 'J0hn',
      lastName: ' ',
      password: 'abc',
      acceptTerms: false,
    });
    expect(result).toEqual({
      valid: false,
      errors: {
        email: 'REQUIRED',
        firstName: 'INVALID_NAME',
        lastName: 'REQUIRED',
        password: 'INVALID_PASSWORD',
        acceptTerms: 'TERMS_NOT_ACCEPTED',
      },
    });
  });

  it('treats missing or non-string values as REQUIRED (server input)', () => {
    const result = validateSignUp({} as RegistrationRequest);
    expect(result.errors).toEqual({
      email: 'REQUIRED',
      firstName: 'REQUIRED',
      lastName: 'REQUIRED',
      password: 'REQUIRED',
      acceptTerms: 'TERMS_NOT_ACCEPTED',
    });
    const weird = { ...valid, email: 42, acceptTerms: 'true' } as unknown as RegistrationRequest;
    expect(validateSignUp(weird).errors).toEqual({
      email: 'REQUIRED',
      acceptTerms: 'TERMS_NOT_ACCEPTED',
    });
  });

  const emails: [string, SignUpErrorCode | undefined][] = [
    ['user@example.com', undefined],
    ['first.last@sub.example.org', undefined],
    ['user+tag@example.co', undefined],
    ['user%name@example.com', undefined],
    ['user-name@my-domain.io', undefined],
    ['USER123@EXAMPLE.COM', undefined],
    ['иван@почта.рф', undefined],
    ['иван.петров@пример.рус', undefined],
    ['', 'REQUIRED'],
    ['   ', 'REQUIRED'],
    ['plainaddress', 'INVALID_EMAIL'],
    ['user@', 'INVALID_EMAIL'],
    ['@example.com', 'INVALID_EMAIL'],
    ['user@example', 'INVALID_EMAIL'],
    ['user@example.c', 'INVALID_EMAIL'],
    ['user@example.c0m', 'INVALID_EMAIL'],
    ['user name@example.com', 'INVALID_EMAIL'],
    ['user@exa_mple.com', 'INVALID_EMAIL'],
    ['user!@example.com', 'INVALID_EMAIL'],
    ['user@@example.com', 'INVALID_EMAIL'],
    [' user@example.com', 'INVALID_EMAIL'],
    ['иван@example.com', 'INVALID_EMAIL'],
    ['ivan@почта.рф', 'INVALID_EMAIL'],
    ['user@example.com\n', 'INVALID_EMAIL'],
    [`${'a'.repeat(250)}@example.com`, 'INVALID_EMAIL'],
  ];
  it.each(emails)('email %j → %s', (email, code) => {
    expect(errorFor({ email }, 'email')).toBe(code);
  });

  const names: [string, SignUpErrorCode | undefined][] = [
    ['Ann', undefined],
    ['Mary Ann', undefined],
    ["O'Neil", undefined],
    ['Jean-Luc', undefined],
    ['Anne-Marie de la Tour', undefined],
    ['Иван', undefined],
    ['Анна-Мария', undefined],
    ['Ёлкин', undefined],
    ['д’Артаньян'.replace('’', "'"), undefined],
    ['', 'REQUIRED'],
    ['  ', 'REQUIRED'],
    ['Ivan Иванов', 'INVALID_NAME'],
    ['Ivаn', 'INVALID_NAME'], // Cyrillic "а" inside a Latin name
    ['John2', 'INVALID_NAME'],
    ['Mary  Ann', 'INVALID_NAME'],
    ['Jean--Luc', 'INVALID_NAME'],
    ["O''Neil", 'INVALID_NAME'],
    ['-Ann', 'INVALID_NAME'],
    ['Ann-', 'INVALID_NAME'],
    [' Ann', 'INVALID_NAME'],
    ['Ann ', 'INVALID_NAME'],
    ['Ann_Lee', 'INVALID_NAME'],
    ['Ann.', 'INVALID_NAME'],
    ['Zoë', 'INVALID_NAME'],
    ['A'.repeat(101), 'INVALID_NAME'],
  ];
  it.each(names)('name %j → %s (first and last)', (name, code) => {
    expect(errorFor({ firstName: name }, 'firstName')).toBe(code);
    expect(errorFor({ lastName: name }, 'lastName')).toBe(code);
  });

  const passwords: [string, SignUpErrorCode | undefined][] = [
    ['Ab3#x9', undefined],
    ['Zz9!Zz9!Zz9!Zz9!Zz9!', undefined],
    ['a!#$%&^=?/@', undefined],
    ['', 'REQUIRED'],
    ['      ', 'REQUIRED'],
    ['Ab3#x', 'INVALID_PASSWORD'],
    ['Zz9!Zz9!Zz9!Zz9!Zz9!Z', 'INVALID_PASSWORD'],
    ['Abc 123x', 'INVALID_PASSWORD'],
    ['Abc*123x', 'INVALID_PASSWORD'],
    ['Abc-123x', 'INVALID_PASSWORD'],
    ['пароль123', 'INVALID_PASSWORD'],
    ['123456', 'COMMON_PASSWORD'],
    ['password', 'COMMON_PASSWORD'],
    ['PassWord1', 'COMMON_PASSWORD'],
    ['QWERTY123', 'COMMON_PASSWORD'],
    ['1q2w3e4r', 'COMMON_PASSWORD'],
    ['p@ssw0rd', 'COMMON_PASSWORD'],
  ];
  it.each(passwords)('password %j → %s', (password, code) => {
    expect(errorFor({ password }, 'password')).toBe(code);
  });

  it('requires the terms to be accepted', () => {
    expect(errorFor({ acceptTerms: false }, 'acceptTerms')).toBe('TERMS_NOT_ACCEPTED');
    expect(errorFor({ acceptTerms: true }, 'acceptTerms')).toBeUndefined();
  });
});

describe('common passwords', () => {
  it('bundles a few hundred entries, all lower case and all allowed by the password rule', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry).toBe(entry.toLowerCase());
      expect(entry).toMatch(/^[a-z0-9!#$%&^=?/@]{6,20}$/);
    }
  });

  it('compares case-insensitively', () => {
    expect(isCommonPassword('LetMeIn')).toBe(true);
    expect(isCommonPassword('Xk7#pq!Lm')).toBe(false);
  });
});
