import { Paper } from '@mantine/core';
import { formatDate, parseDateInput } from '@petshop/shared/format';
import { useState } from 'react';
import { validadePadrao, type RegistroVenda } from '../registro.ts';
import { DataInput } from '#lib/ui/masked-inputs.tsx';

/** The quote's validity (default today + 7 days), typed dd/mm/aaaa. */
export function ValidadeOrcamento({ registro, onChange }: { registro: RegistroVenda; onChange: (iso: string) => void }) {
  const [texto, setTexto] = useState(formatDate(registro.validadeOrcamento ?? validadePadrao()));
  const [erro, setErro] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="sm">
      <DataInput
        label="Válido até"
        value={texto}
        onChange={(v) => {
          setTexto(v);
          const iso = parseDateInput(v);
          if (v.length === 10) setErro(iso ? null : 'Data inválida');
          if (iso) onChange(iso);
        }}
        error={erro}
      />
    </Paper>
  );
}
