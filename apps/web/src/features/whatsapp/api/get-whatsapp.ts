import type { Whatsapp } from '@petshop/shared/whatsapp';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /whatsapp → the selected unit's connection (status, number, gateway), its five templates
 * (defaults filled in) and the header's counts (pendentes, falhas7Dias). Permission whatsapp.
 * With the cloud gateway it also answers `credenciaisDefinidas` and the `webhookUrl` to register at Meta.
 */
export type WhatsappConexao = Whatsapp;

export const getWhatsapp = async (): Promise<WhatsappConexao> => {
  const { data } = await http.get<WhatsappConexao>('/whatsapp');
  return data;
};

export const whatsappQueryOptions = () => queryOptions({ queryKey: queryKeys.whatsapp.conexao, queryFn: getWhatsapp });

export const useWhatsapp = () => useQuery(whatsappQueryOptions());
