import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LandingPage from '../../../../src/app/pages/landing/LandingPage';
import { TUTORIAL_VIDEO, tutorialEmbedUrl } from '../../../../src/app/pages/landing/tutorial-video';
import { renderPage } from '../pricing/page-helpers';

describe('LandingPage', () => {
  it('has the title, subtitle, three feature cards and Get Started leading to /register', () => {
    renderPage(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'API specifications from a simple form',
    );
    expect(screen.getByText(/get a valid OpenAPI document in YAML or JSON/)).toBeTruthy();
    // Issue 31.18: every version the generator reads, not only 3.0.1.
    expect(screen.getByText(/OpenAPI 3\.0 · 3\.1 · 3\.2 · Swagger 2\.0/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('3.0.1');
    const cards = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(cards).toEqual(['Save time', 'JSON and YAML formatting and validation', 'Fewer errors']);
    const starts = screen.getAllByRole('link', { name: 'Get Started' });
    expect(starts.length).toBeGreaterThan(0);
    for (const link of starts) expect(link.getAttribute('href')).toBe('/register');
  });

  it('shows the example screenshot', () => {
    renderPage(<LandingPage />);
    const image = screen.getByRole('img', { name: /POST \/users endpoint/ });
    expect(image.getAttribute('src')).toBe('/example-screenshot.svg');
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('loads no player until asked, then embeds the tutorial from 157 s', () => {
    const { container } = renderPage(<LandingPage />);
    expect(container.querySelector('iframe')).toBeNull();
    const youtube = screen.getByRole('tab', { name: 'YouTube' });
    const rutube = screen.getByRole('tab', { name: 'Rutube' });
    expect(youtube.getAttribute('aria-selected')).toBe('true');
    expect(rutube.getAttribute('aria-selected')).toBe('false');

    const panel = screen.getByRole('tabpanel');
    const play = within(panel).getByRole('button', { name: 'Play the tutorial on YouTube' });
    expect(play.getAttribute('aria-describedby')).toBe('landing-video-note');
    fireEvent.click(play);
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(
      `https://www.youtube-nocookie.com/embed/${TUTORIAL_VIDEO.youtubeId}?start=157&autoplay=1`,
    );
    expect(frame?.getAttribute('title')).toBe('Specform tutorial on YouTube');

    fireEvent.click(rutube);
    expect(rutube.getAttribute('aria-selected')).toBe('true');
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Play the tutorial on Rutube/ }));
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
      `https://rutube.ru/play/embed/${TUTORIAL_VIDEO.rutubeId}?t=157&autoplay=1`,
    );

    // Back on YouTube, the player the visitor already asked for comes back at once.
    fireEvent.click(youtube);
    expect(container.querySelector('iframe')?.getAttribute('src')).toContain('youtube-nocookie');
  });

  it('moves between the video tabs with the arrow keys', () => {
    renderPage(<LandingPage />);
    const youtube = screen.getByRole('tab', { name: 'YouTube' });
    const rutube = screen.getByRole('tab', { name: 'Rutube' });
    expect(youtube.tabIndex).toBe(0);
    expect(rutube.tabIndex).toBe(-1);
    fireEvent.keyDown(youtube, { key: 'ArrowRight' });
    expect(rutube.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(rutube);
    fireEvent.keyDown(rutube, { key: 'ArrowRight' });
    expect(youtube.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(youtube, { key: 'End' });
    expect(rutube.getAttribute('aria-selected')).toBe('true');
  });

  it('builds the embed addresses with the 157 s start', () => {
    expect(TUTORIAL_VIDEO.startSeconds).toBe(157);
    expect(tutorialEmbedUrl('youtube')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?start=157$/,
    );
    expect(tutorialEmbedUrl('rutube')).toMatch(/^https:\/\/rutube\.ru\/play\/embed\/\w+\?t=157$/);
  });

  it('speaks Russian', () => {
    renderPage(<LandingPage />, { locale: 'ru' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Спецификации API из простой формы',
    );
    expect(screen.getAllByRole('link', { name: 'Начать' })[0]?.getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByText(/Видео начинается с 2:37/)).toBeTruthy();
  });
});
