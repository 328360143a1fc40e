/**
 * The API's base path and the current-user call, in a module without axios: the entry chunk
 * (login page) reads them without loading the HTTP client (issue #22 item 8).
 */
export const API_BASE_URL = '/api';
/** The current-user call: a 401 there also clears the session (spec §8). */
export const CURRENT_USER_PATH = '/auth/me';
