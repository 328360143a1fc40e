import { sessionUserSchema, type SessionUser } from '@petshop/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '#lib/http/api-error.ts';
import { CURRENT_USER_PATH } from '#lib/http/caminhos.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

const readUser = (data: unknown): SessionUser =>
  sessionUserSchema.parse(typeof data === 'object' && data !== null && 'user' in data ? data.user : data);

/**
 * GET /auth/me: the session user, refreshed on every entry into the application.
 * A 403 means the selected unit is no longer the user's (deactivated, membership removed):
 * the user is then read without the unit header, and the session picks another unit.
 */
export const getMe = async (): Promise<SessionUser> => {
  try {
    const { data } = await http.get<unknown>(CURRENT_USER_PATH);
    return readUser(data);
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'forbidden') throw error;
    const { data } = await http.get<unknown>(CURRENT_USER_PATH, { skipUnidadeHeader: true });
    return readUser(data);
  }
};

export const meQueryOptions = () => queryOptions({ queryKey: queryKeys.me, queryFn: getMe });

export const useMe = (enabled: boolean) => useQuery({ ...meQueryOptions(), enabled });
