/**
 * TanStack Query defaults (spec §9): 3 retries, 5 minutes of cache retention, data stale at
 * once. A 4xx answer is never retried: the same request would be refused again.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http/api-error.ts';

export const QUERY_RETRIES = 3;
export const QUERY_GC_TIME = 5 * 60 * 1000;

export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < QUERY_RETRIES;
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, gcTime: QUERY_GC_TIME, staleTime: 0 },
      mutations: { retry: false },
    },
  });
