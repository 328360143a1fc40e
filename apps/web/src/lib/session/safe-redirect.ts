/**
 * The page to open after login (spec §2 `toRedirect`): only a path of this site ('/...'),
 * never another origin ('//evil.com', '/\\evil.com') nor the login page itself.
 */
export const safeRedirectPath = (toRedirect: string | undefined | null): string => {
  if (!toRedirect || !toRedirect.startsWith('/') || toRedirect.startsWith('//') || toRedirect.startsWith('/\\')) {
    return '/';
  }
  if (toRedirect === '/login' || toRedirect.startsWith('/login?') || toRedirect.startsWith('/login/')) return '/';
  return toRedirect;
};
