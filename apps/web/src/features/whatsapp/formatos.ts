/** Formatting of the WhatsApp screens (pt-BR). */
import { formatTelefone } from '@petshop/shared/format';
import type { StatusConexaoWhatsapp, StatusMensagemWhatsapp } from '@petshop/shared/whatsapp';

/** '5511987654321' → '+55 (11) 98765-4321'; other digits as formatTelefone writes them. */
export const formatNumeroWhatsapp = (numero: string | null | undefined): string => {
  const d = (numero ?? '').replace(/\D/g, '');
  if (d.startsWith('55') && (d.length === 12 || d.length === 13)) return `+55 ${formatTelefone(d.slice(2))}`;
  return formatTelefone(d);
};

/** Badge colour of each connection status: gray, yellow, green. */
export const COR_STATUS_CONEXAO: Record<StatusConexaoWhatsapp, string> = {
  Desconectado: 'gray',
  AguardandoLeitura: 'yellow',
  Conectado: 'green',
};

/** Badge colour of each message status. */
export const COR_STATUS_MENSAGEM: Record<StatusMensagemWhatsapp, string> = {
  Pendente: 'yellow',
  Enviando: 'orange',
  Enviada: 'blue',
  Entregue: 'teal',
  Lida: 'green',
  Falhou: 'red',
  Cancelada: 'gray',
};
