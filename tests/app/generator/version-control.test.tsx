/** The document panel's version choices come from the version registry (issue 29.4). */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VersionControl } from '../../../src/app/generator/document/VersionControl';
import { DocumentStore } from '../../../src/app/model/document-store';
import { registerVersion } from '../../../src/shared/openapi/versions';
import { openApi32 } from '../../../src/shared/openapi/versions/openapi-3.2';
import { renderWithProviders } from './helpers';

describe('VersionControl', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => {
    unregister?.();
    unregister = undefined;
  });

  it('lists a registered 3.3 for a new document and offers it as an upgrade', () => {
    unregister = registerVersion({
      ...openApi32,
      id: 'openapi-3.3',
      dialect: '3.3',
      matches: (version) => /^3\.3(?:\.\d+)?$/.test(version),
      newDocument: '3.3.0',
      writes: '3.3.0',
    });
    const store = new DocumentStore();
    const { unmount } = renderWithProviders(
      <VersionControl store={store} openapi="3.0.1" dialect="3.0" isNew />,
    );
    const select = within(screen.getByTestId('doc-openapi-version')).getByRole('combobox');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['3.0.1', '3.1.1', '3.2.0', '3.3.0']);
    unmount();
    const asked: string[] = [];
    renderWithProviders(
      <VersionControl
        store={store}
        openapi="3.2.0"
        dialect="3.2"
        isNew={false}
        onUpgrade={(target) => asked.push(target)}
      />,
    );
    screen.getByRole('button', { name: 'Upgrade to OpenAPI 3.3…' }).click();
    expect(asked).toEqual(['3.3.0']);
  });
});
