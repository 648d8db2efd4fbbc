/** JSON-schema building blocks shared by the routes (request and response). */

export const MessageSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

/** An error answer the app acts on: `{ message, code }` (e.g. EMAIL_NOT_VERIFIED). */
export const CodedMessageSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
  required: ['message', 'code'],
} as const;

/** Every error answer is `{ message }`. */
export const ErrorResponses = { '4xx': MessageSchema, '5xx': MessageSchema } as const;

/** Long enough for any real address; the shared validator applies the exact rule. */
export const Email = { type: 'string', maxLength: 320 } as const;
export const Name = { type: 'string', maxLength: 200 } as const;
export const Password = { type: 'string', maxLength: 256 } as const;
/** A JWT of ours is well under 2 KiB. */
export const Jwt = { type: 'string', minLength: 1, maxLength: 4096 } as const;

export const TokenPairSchema = {
  type: 'object',
  properties: { accessToken: { type: 'string' }, refreshToken: { type: 'string' } },
  required: ['accessToken', 'refreshToken'],
} as const;
