/** localStorage key of the cached customer profile (spec §3: profile data is cached locally). */
export const PROFILE_CACHE_KEY = 'customerProfile';
/** Name of the window event emitted when a session ends by force (failed refresh). */
export const UNAUTHORIZED_EVENT = 'specform:unauthorized';
