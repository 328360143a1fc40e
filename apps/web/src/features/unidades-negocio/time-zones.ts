import { TIME_ZONES_BR } from '@petshop/shared/unidade-negocio';

/** Names people recognise for the IANA zones of Brazil. */
const LABELS: Record<(typeof TIME_ZONES_BR)[number], string> = {
  'America/Sao_Paulo': 'Horário de Brasília (São Paulo)',
  'America/Bahia': 'Salvador (UTC−3)',
  'America/Fortaleza': 'Fortaleza (UTC−3)',
  'America/Recife': 'Recife (UTC−3)',
  'America/Belem': 'Belém (UTC−3)',
  'America/Manaus': 'Manaus (UTC−4)',
  'America/Cuiaba': 'Cuiabá (UTC−4)',
  'America/Campo_Grande': 'Campo Grande (UTC−4)',
  'America/Porto_Velho': 'Porto Velho (UTC−4)',
  'America/Boa_Vista': 'Boa Vista (UTC−4)',
  'America/Rio_Branco': 'Rio Branco (UTC−5)',
  'America/Noronha': 'Fernando de Noronha (UTC−2)',
};

export const TIME_ZONE_OPTIONS = TIME_ZONES_BR.map((value) => ({ value, label: LABELS[value] }));
