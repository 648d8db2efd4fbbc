/**
 * fast-check arbitraries for VALID endpoint lists (the ones the form lets the user generate):
 * unique method+path, paths of the spec §5 grammar, declared path parameters, unique
 * (name, in) parameters, unique status codes, a name on every body that has content.
 */
import fc from 'fast-check';
import type {
  BodyModel,
  Endpoint,
  HttpMethod,
  Parameter,
  ResponseModel,
} from '../../../src/shared/openapi';

const METHODS: HttpMethod[] = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

const word = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
const paramName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,9}$/);

/** A small pool so that bodies share names (identical and conflicting schemas alike). */
const bodyName = fc.oneof(
  fc.constantFrom(
    'User',
    'Error',
    'Item',
    'user-list',
    'Pet',
    'Owner',
    'Pet_2',
    '__proto__',
    '200',
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
);

const text = fc.string({ maxLength: 40 });

/** Example texts of every kind the form accepts (typed as text). */
const exampleText = fc.oneof(
  fc.constant(''),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.constantFrom('true', 'false', '-0', '007', '1.50', ' 5', 'abc def', '2024-01-01', 'null'),
  fc.string({ maxLength: 20 }),
);

/** Example JSON the user typed: pretty or compact JSON, invalid text, or nothing. */
const customerJson = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v, null, 2)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constantFrom('{"a": 1,', 'not json', '  ', '{"id": -0, "n": 1e21}') },
);

const body: fc.Arbitrary<BodyModel> = fc.record({ name: bodyName, customerJson });

const emptyBody: BodyModel = { name: '', customerJson: '' };

const response: fc.Arbitrary<Omit<ResponseModel, 'statusCode'>> = fc.record(
  {
    body: fc.oneof(body, fc.constant(emptyBody)),
    description: text,
  },
  { requiredKeys: ['body'] },
);

const pathShape = fc.array(
  fc.oneof(
    word,
    word.map((w) => `{${w}}`),
  ),
  { minLength: 0, maxLength: 4 },
);

function parameter(
  name: string,
  location: Parameter['location'],
  rest: { required: boolean; description: string; example: string; deprecated?: boolean },
  id: string,
): Parameter {
  const p: Parameter = {
    id,
    name,
    location,
    ...rest,
    required: location === 'path' || rest.required,
  };
  if (location === 'path') p.hideRequired = true;
  return p;
}

const parameterFields = fc.record(
  {
    required: fc.boolean(),
    description: text,
    example: exampleText,
    deprecated: fc.boolean(),
  },
  { requiredKeys: ['required', 'description', 'example'] },
);

const endpointShape = fc.record(
  {
    method: fc.constantFrom(...METHODS),
    segments: pathShape,
    trailingSlash: fc.boolean(),
    summary: text,
    extraParams: fc.uniqueArray(
      fc.tuple(paramName, fc.constantFrom<'query' | 'header'>('query', 'header'), parameterFields),
      { maxLength: 4, selector: ([name, location]) => `${location} ${name}` },
    ),
    pathParamFields: fc.array(parameterFields, { minLength: 4, maxLength: 4 }),
    requestBody: fc.option(body, { nil: undefined }),
    responses: fc.uniqueArray(fc.tuple(fc.integer({ min: 100, max: 599 }), response), {
      minLength: 1,
      maxLength: 4,
      selector: ([code]) => code,
    }),
    operationId: word,
    description: text,
    tags: fc.array(word, { maxLength: 3 }),
    deprecated: fc.boolean(),
    requestBodyRequired: fc.boolean(),
  },
  {
    requiredKeys: [
      'method',
      'segments',
      'trailingSlash',
      'summary',
      'extraParams',
      'pathParamFields',
      'responses',
    ],
  },
);

function pathOf(shape: { segments: string[]; trailingSlash: boolean }): string {
  const slash = shape.trailingSlash && shape.segments.length > 0 ? '/' : '';
  return `/${shape.segments.join('/')}${slash}`;
}

/** A valid list of endpoints (possibly empty) with unique method+path pairs. */
export const endpointsArbitrary: fc.Arbitrary<Endpoint[]> = fc
  .uniqueArray(endpointShape, {
    maxLength: 6,
    selector: (e) => `${e.method} ${pathOf(e)}`,
  })
  .map((shapes) =>
    shapes.map((shape, index): Endpoint => {
      const path = pathOf(shape);
      const pathNames = [
        ...new Set(shape.segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1))),
      ];
      const parameters: Parameter[] = [
        ...pathNames.map((name, i) =>
          parameter(name, 'path', shape.pathParamFields[i % 4] as never, `p${index}-${i}`),
        ),
        ...shape.extraParams.map(([name, location, fields], i) =>
          parameter(name, location, fields, `q${index}-${i}`),
        ),
      ];
      const endpoint: Endpoint = {
        id: `e${index}`,
        method: shape.method,
        path,
        summary: shape.summary,
        parameters,
        responses: shape.responses.map(([statusCode, r]) => ({ ...r, statusCode })),
      };
      if (shape.requestBody !== undefined && shape.method !== 'GET')
        endpoint.requestBody = shape.requestBody;
      if (shape.operationId !== undefined) endpoint.operationId = `${shape.operationId}${index}`;
      if (shape.description !== undefined) endpoint.description = shape.description;
      if (shape.tags !== undefined) endpoint.tags = shape.tags;
      if (shape.deprecated !== undefined) endpoint.deprecated = shape.deprecated;
      if (shape.requestBodyRequired !== undefined && endpoint.requestBody !== undefined) {
        endpoint.requestBodyRequired = shape.requestBodyRequired;
      }
      return endpoint;
    }),
  );
