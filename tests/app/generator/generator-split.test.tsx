import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SPLIT_KEY, useGeneratorSplit } from '../../../src/app/generator/GeneratorSplit';
import { renderWithProviders } from './helpers';

function Page({ narrow = false }: { narrow?: boolean }) {
  const split = useGeneratorSplit(narrow);
  return (
    <div data-testid="page" className={split.className} style={split.style}>
      <div>form</div>
      {split.separator}
      <div>output</div>
    </div>
  );
}

beforeEach(() => localStorage.clear());

describe('the generator split', () => {
  it('is a separator that arrow keys move, within bounds, and that is remembered', () => {
    const view = renderWithProviders(<Page />);
    const separator = screen.getByRole('separator');
    expect(separator.getAttribute('aria-valuenow')).toBe('50');
    expect(separator.getAttribute('aria-orientation')).toBe('vertical');
    fireEvent.keyDown(separator, { key: 'ArrowRight' });
    fireEvent.keyDown(separator, { key: 'ArrowRight', shiftKey: true });
    expect(separator.getAttribute('aria-valuenow')).toBe('62');
    expect(screen.getByTestId('page').style.getPropertyValue('--gen-form-share')).toBe('62fr');
    expect(screen.getByTestId('page').style.getPropertyValue('--gen-output-share')).toBe('38fr');
    fireEvent.keyDown(separator, { key: 'End' });
    expect(separator.getAttribute('aria-valuenow')).toBe('75');
    fireEvent.keyDown(separator, { key: 'ArrowRight' });
    expect(separator.getAttribute('aria-valuenow')).toBe('75');
    fireEvent.keyDown(separator, { key: 'ArrowLeft' });
    expect(localStorage.getItem(SPLIT_KEY)).toBe('73');
    view.unmount();
    renderWithProviders(<Page />);
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('73');
  });

  it('Home, Enter and a double-click', () => {
    renderWithProviders(<Page />);
    const separator = screen.getByRole('separator');
    fireEvent.keyDown(separator, { key: 'Home' });
    expect(separator.getAttribute('aria-valuenow')).toBe('25');
    fireEvent.keyDown(separator, { key: 'Enter' });
    expect(separator.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.keyDown(separator, { key: 'Home' });
    fireEvent.doubleClick(separator);
    expect(separator.getAttribute('aria-valuenow')).toBe('50');
  });

  it('has no separator on phones (the Form/YAML tabs stay)', () => {
    renderWithProviders(<Page narrow />);
    expect(screen.queryByRole('separator')).toBeNull();
  });
});
