/** "Save as a project" says what it is doing while a large document is sent (issue 28.5). */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NameProjectDialog } from '../../../src/app/projects/NameProjectDialog';
import { renderWithProviders } from '../generator/helpers';

describe('NameProjectDialog', () => {
  it('shows progress with its reason while the project is created', () => {
    const props = { initialName: 'GitHub', onSave: () => undefined, onCancel: () => undefined };
    const idle = renderWithProviders(<NameProjectDialog {...props} />);
    expect(screen.queryByTestId('name-project-progress')).toBeNull();
    expect(screen.getByTestId('name-project-save').textContent).toBe('Save');
    idle.unmount();
    renderWithProviders(<NameProjectDialog {...props} busy />);
    expect(screen.getByTestId('name-project-progress').textContent).toMatch(/Sending the document/);
    expect(screen.getByTestId('name-project-save').textContent).toBe('Saving…');
  });
});
