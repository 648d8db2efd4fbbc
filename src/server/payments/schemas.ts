/** JSON schemas of the commerce routes (request validation and fast serialisation). */

export const messageSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

export const productSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    paymentType: { type: 'string', enum: ['MIR', 'CRYPTO'] },
    months: { type: 'integer' },
    price: {
      type: 'object',
      properties: { amount: { type: 'number' }, currency: { type: 'string' } },
      required: ['amount', 'currency'],
    },
  },
  required: ['id', 'paymentType', 'months', 'price'],
} as const;

export const orderRequestSchema = {
  type: 'object',
  // No `required`: a missing plan gets the spec's own message (§5), not the validator's.
  properties: { plan: { type: 'string', maxLength: 100 } },
} as const;

export const orderResponseSchema = {
  type: 'object',
  properties: {
    order: { type: 'string' },
    status: { type: 'string' },
    tokensRequested: { type: 'integer' },
    pricePerToken: { type: 'number' },
    priceTotal: { type: 'number' },
    url: { type: 'string' },
  },
  required: ['order', 'status', 'tokensRequested', 'pricePerToken', 'priceTotal', 'url'],
} as const;

export const orderHeadersSchema = {
  type: 'object',
  properties: {
    // Visible ASCII only: the key is stored and compared as given.
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
    },
  },
} as const;

export const orderIdParamsSchema = {
  type: 'object',
  properties: {
    orderId: {
      type: 'string',
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    },
  },
  required: ['orderId'],
} as const;
