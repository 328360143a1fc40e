import { Checkbox } from '@mantine/core';
import type { FormBinding } from '#lib/forms/form-binding.ts';

/** LGPD: marketing needs the customer's consent; service messages do not (DOMAIN.md §3). */
export const CONSENTIMENTO_EXPLICACAO =
  'Ofertas e novidades por e-mail e WhatsApp (LGPD). Avisos de serviços e mensagens de aniversário não dependem disso.';

export function ConsentimentoField({ form }: { form: FormBinding<{ consentimentoMarketing: boolean }> }) {
  return (
    <Checkbox
      label="Aceita receber comunicações de marketing"
      description={CONSENTIMENTO_EXPLICACAO}
      {...form.getInputProps('consentimentoMarketing', { type: 'checkbox' })}
    />
  );
}
