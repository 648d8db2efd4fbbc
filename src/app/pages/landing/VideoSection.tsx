import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type KeyboardEvent } from 'react';
import { TUTORIAL_VIDEO, tutorialEmbedUrl, type VideoProvider } from './tutorial-video';

const PROVIDERS: readonly VideoProvider[] = ['youtube', 'rutube'];

/**
 * The tutorial with a YouTube and a Rutube tab (spec §2). Neither player is loaded until the
 * visitor presses play: an embedded player costs a megabyte of third-party script and tells the
 * provider about the visit, so the landing page makes no third-party request until asked.
 * A played provider stays loaded while its tab is shown; switching tabs unloads the hidden one
 * (which also stops its sound).
 */
export function VideoSection() {
  const { t } = useLingui();
  const [active, setActive] = useState<VideoProvider>('youtube');
  const [played, setPlayed] = useState<ReadonlySet<VideoProvider>>(new Set());
  const tabs = useRef<Partial<Record<VideoProvider, HTMLButtonElement | null>>>({});

  const names: Record<VideoProvider, string> = { youtube: 'YouTube', rutube: 'Rutube' };

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = PROVIDERS.indexOf(active);
    let next: VideoProvider | undefined;
    if (event.key === 'ArrowRight') next = PROVIDERS[(index + 1) % PROVIDERS.length];
    else if (event.key === 'ArrowLeft')
      next = PROVIDERS[(index - 1 + PROVIDERS.length) % PROVIDERS.length];
    else if (event.key === 'Home') next = PROVIDERS[0];
    else if (event.key === 'End') next = PROVIDERS[PROVIDERS.length - 1];
    if (!next) return;
    event.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  }

  const provider = names[active];
  const seconds = TUTORIAL_VIDEO.startSeconds;
  const startsAt = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <section className="landing-section landing-video" aria-labelledby="landing-video-title">
      <div className="landing-section-head">
        <h2 id="landing-video-title">
          <Trans>Watch the tutorial</Trans>
        </h2>
        <p>
          <Trans>
            A short walk through the generator: describe an endpoint, paste a JSON example and get
            the YAML.
          </Trans>
        </p>
      </div>
      <div className="landing-tabs" role="tablist" aria-label={t`Video platform`}>
        {PROVIDERS.map((p) => (
          <button
            key={p}
            ref={(element) => {
              tabs.current[p] = element;
            }}
            type="button"
            role="tab"
            id={`landing-video-tab-${p}`}
            aria-selected={active === p}
            aria-controls="landing-video-panel"
            tabIndex={active === p ? 0 : -1}
            className="landing-tab"
            onClick={() => setActive(p)}
            onKeyDown={onTabKey}
          >
            {names[p]}
          </button>
        ))}
      </div>
      <div
        className="landing-video-frame"
        role="tabpanel"
        id="landing-video-panel"
        aria-labelledby={`landing-video-tab-${active}`}
      >
        {played.has(active) ? (
          <iframe
            key={active}
            src={tutorialEmbedUrl(active, true)}
            title={t`Specform tutorial on ${provider}`}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen; clipboard-write"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button
            type="button"
            className="landing-video-poster"
            aria-labelledby="landing-video-cta"
            aria-describedby="landing-video-note"
            onClick={() => setPlayed((prev) => new Set(prev).add(active))}
          >
            <span className="landing-play" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            </span>
            <span className="landing-video-cta" id="landing-video-cta">
              <Trans>Play the tutorial on {provider}</Trans>
            </span>
            <span className="landing-video-note" id="landing-video-note">
              <Trans>
                The player loads from {provider} only after you press play. The video starts at{' '}
                {startsAt}.
              </Trans>
            </span>
          </button>
        )}
      </div>
    </section>
  );
}
