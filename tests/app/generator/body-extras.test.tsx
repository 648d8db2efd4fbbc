/** Examples and schema below a body editor (issue 14). */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BodyModel } from '../../../src/shared/openapi';
import { generatorClient } from '../../../src/app/core/generator-client';
import { BodyExtras } from '../../../src/app/generator/BodyExtras';
import { LintAnswerContext } from '../../../src/app/generator/example-findings';
import type { LintAnswer } from '../../../src/shared/openapi/lint/types';
import { renderWithProviders } from './helpers';

let latest: BodyModel | undefined;

function Harness({ initial }: { initial: BodyModel }) {
  const [body, setBody] = useState(initial);
  useEffect(() => {
    latest = body;
  }, [body]);
  return (
    <BodyExtras
      label="Request body"
      body={body}
      onChange={(change) => setBody({ ...body, ...change })}
    />
  );
}

describe('BodyExtras', () => {
  beforeAll(async () => {
    await generatorClient().reinferBodySchema({ name: '', customerJson: '1' });
  }, 30_000);

  it('adds, renames, edits and removes examples', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={{ name: 'User', customerJson: '{"id": 1}' }} />);
    await user.click(screen.getByText('Examples and schema'));
    await user.click(screen.getByRole('button', { name: 'Add example' }));
    expect(latest?.examples).toEqual([{ name: 'example2', json: '' }]);
    fireEvent.change(screen.getByLabelText('Example name'), { target: { value: 'guest' } });
    fireEvent.change(screen.getByLabelText('Request body: example guest JSON'), {
      target: { value: '{"id": 2, "nick": "g"}' },
    });
    expect(latest?.examples).toEqual([{ name: 'guest', json: '{"id": 2, "nick": "g"}' }]);
    fireEvent.change(screen.getByLabelText('Name of the first example'), {
      target: { value: 'admin' },
    });
    expect(latest?.exampleName).toBe('admin');
    await user.click(screen.getByRole('button', { name: 'Remove example' }));
    expect(latest?.examples).toEqual([]);
  });

  it('infers the schema, lets the user edit it, and shows conflicts to decide', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Harness
        initial={{
          name: 'User',
          customerJson: '{"id": 1, "role": "admin"}',
          examples: [{ name: 'b', json: '{"id": 2, "role": "user"}' }],
        }}
      />,
    );
    await user.click(screen.getByText('Examples and schema'));
    await user.click(screen.getByRole('button', { name: 'Infer schema from examples' }));
    expect(await screen.findAllByTestId('schema-row')).toHaveLength(2);
    expect(latest?.schema?.required).toEqual(['id', 'role']);
    fireEvent.change(screen.getByLabelText('role: enum, comma-separated'), {
      target: { value: 'admin' },
    });
    fireEvent.change(screen.getByLabelText('role: description'), { target: { value: 'Access' } });
    expect(latest?.schema?.properties?.role).toMatchObject({
      enum: ['admin'],
      description: 'Access',
    });
    // Re-inference keeps the edits and lists the contradiction.
    await user.click(screen.getByRole('button', { name: 'Infer schema from examples' }));
    const conflict = await screen.findByTestId('schema-conflict');
    expect(conflict.textContent).toContain('/properties/role');
    expect(latest?.schema?.properties?.role).toMatchObject({
      enum: ['admin'],
      description: 'Access',
    });
    await user.click(screen.getByRole('button', { name: 'Follow the examples' }));
    expect(latest?.schema?.properties?.role?.enum).toBeUndefined();
    expect(latest?.schema?.properties?.role?.description).toBe('Access');
    expect(screen.queryByTestId('schema-conflict')).toBeNull();
  });

  it("lists the lint's findings of its own examples that do not fit the schema", async () => {
    const user = userEvent.setup();
    const at = (body: string, example: string) => [
      'paths',
      '/users',
      'post',
      ...(body === 'request' ? ['requestBody'] : ['responses', body]),
      'content',
      'application/json',
      'examples',
      example,
      'value',
      'role',
    ];
    const finding = (path: string[]) => ({
      code: 'oas3-valid-media-example',
      path,
      severity: 'error' as const,
      message: '"role" property must be equal to one of the allowed values: "admin"',
      range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } },
      source: 'spectral:oas' as const,
    });
    const answer: LintAnswer = {
      revision: 1,
      // This body's, and another body's (not listed here).
      findings: [finding(at('request', 'b')), finding(at('200', 'c'))],
      counts: { error: 2, warning: 0, info: 0, hint: 0 },
      canGenerate: true,
      mode: 'full',
      ms: 1,
    };
    renderWithProviders(
      <LintAnswerContext.Provider value={answer}>
        <BodyExtras
          label="Request body"
          body={{ name: 'User', customerJson: '{"role": "admin"}' }}
          place={{ root: 'paths', path: '/users', method: 'POST', body: 'request' }}
          onChange={() => {}}
        />
      </LintAnswerContext.Provider>,
    );
    // Marked while closed, listed with the pointer and the rule once opened.
    expect(screen.getByTestId('example-misfits').textContent).toBe('1 does not fit the schema');
    await user.click(screen.getByText('Examples and schema'));
    const listed = screen.getByTestId('example-problems');
    expect(listed.textContent).toContain('Example b: /role breaks “enum”');
    expect(listed.querySelectorAll('li')).toHaveLength(1);
  });
});
