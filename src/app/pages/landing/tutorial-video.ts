/** Video providers of the landing page's tutorial section (spec §2). */
export type VideoProvider = 'youtube' | 'rutube';

/**
 * The one tutorial shown on the landing page. The spec gives the start offset (157 s) but not
 * the videos themselves: these ids are placeholders until the real uploads exist. A build can
 * set them without a code change through `VITE_TUTORIAL_YOUTUBE_ID` / `VITE_TUTORIAL_RUTUBE_ID`.
 */
export const TUTORIAL_VIDEO = {
  youtubeId: (import.meta.env.VITE_TUTORIAL_YOUTUBE_ID as string | undefined) || 'SpecformDem',
  rutubeId:
    (import.meta.env.VITE_TUTORIAL_RUTUBE_ID as string | undefined) ||
    '5f0c1d2e3a4b5c6d7e8f90a1b2c3d4e5',
  /** Where the tutorial starts, in seconds (spec §9). */
  startSeconds: 157,
} as const;

/**
 * The player address. YouTube goes through its no-cookie domain; `autoplay` is added only when
 * the player is created by the visitor's own click, so one click both loads and starts it.
 */
export function tutorialEmbedUrl(provider: VideoProvider, autoplay = false): string {
  const start = TUTORIAL_VIDEO.startSeconds;
  if (provider === 'youtube') {
    const id = encodeURIComponent(TUTORIAL_VIDEO.youtubeId);
    return `https://www.youtube-nocookie.com/embed/${id}?start=${start}${autoplay ? '&autoplay=1' : ''}`;
  }
  const id = encodeURIComponent(TUTORIAL_VIDEO.rutubeId);
  return `https://rutube.ru/play/embed/${id}?t=${start}${autoplay ? '&autoplay=1' : ''}`;
}
