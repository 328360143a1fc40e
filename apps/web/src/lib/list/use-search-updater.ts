/**
 * Patches the current route's search params (list state lives in the URL, spec §5/§9).
 * `replace` keeps typing and paging out of the browser history.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

export type SearchPatch = Record<string, string | number | boolean | undefined>;

export const useSearchUpdater = () => {
  const navigate = useNavigate();
  return useCallback(
    (patch: SearchPatch) =>
      navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ ...prev, ...patch }),
        replace: true,
      }),
    [navigate],
  );
};
