/**
 * Thrown by a route's beforeLoad when the user may not open it; the router's error component
 * renders it as an "access restricted" page instead of a failure.
 */
export class ForbiddenError extends Error {
  override readonly name = 'ForbiddenError';
}

export const isForbiddenError = (error: unknown): error is ForbiddenError => error instanceof ForbiddenError;
