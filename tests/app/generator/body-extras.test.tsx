/** Examples and schema below a body editor (issue 14). */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BodyModel } from '../../../src/shared/openapi';
import { generatorClient } from '../../../src/app/core/generator-client';
import { BodyExtras } from '../../../src/app/generator/BodyExtras';
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
    // The example that breaks the edit is listed with its pointer and rule.
    const listed = await screen.findByTestId('example-problems', {}, { timeout: 5000 });
    expect(listed.textContent).toContain('Example b: /role breaks “enum”');
    await user.click(screen.getByRole('button', { name: 'Follow the examples' }));
    expect(latest?.schema?.properties?.role?.enum).toBeUndefined();
    expect(latest?.schema?.properties?.role?.description).toBe('Access');
    expect(screen.queryByTestId('schema-conflict')).toBeNull();
  });
});
