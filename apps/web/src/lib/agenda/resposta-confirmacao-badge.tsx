/**
 * The owner's answer to the WhatsApp confirmation of an appointment (issue #21 item 5), shown by
 * the calendar, the appointment's actions and the grooming board: 'NaoPodeComparecer' a red
 * "Cliente não pode comparecer" (the reception calls back), 'Confirmou' a small green
 * "Confirmado pelo WhatsApp"; nothing without an answer.
 */
import { Badge, type BadgeProps } from '@mantine/core';
import { RESPOSTA_CONFIRMACAO, type RespostaConfirmacao } from '@petshop/shared/agenda';
import { IconBrandWhatsapp } from '@tabler/icons-react';

/** The badge's colour per answer; its text is the shared label (RESPOSTA_CONFIRMACAO). */
const COR_RESPOSTA: Record<RespostaConfirmacao, string> = { Confirmou: 'green', NaoPodeComparecer: 'red' };

type Props = Omit<BadgeProps, 'children' | 'color'> & { resposta: RespostaConfirmacao | null | undefined };

export function RespostaConfirmacaoBadge({ resposta, size = 'sm', ...props }: Props) {
  if (!resposta) return null;
  const cor = COR_RESPOSTA[resposta];
  const texto = RESPOSTA_CONFIRMACAO[resposta];
  return (
    <Badge
      color={cor}
      variant={resposta === 'NaoPodeComparecer' ? 'filled' : 'light'}
      size={size}
      tt="none"
      leftSection={<IconBrandWhatsapp size={12} aria-hidden />}
      data-testid="resposta-confirmacao"
      {...props}
    >
      {texto}
    </Badge>
  );
}
