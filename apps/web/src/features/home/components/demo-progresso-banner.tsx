import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconHourglass } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useDemoProgresso } from '../api/get-demo-progresso.ts';

/**
 * "Preparando dados de demonstração… 40%" (issue #22 item 1) while the server seeds the demo's
 * history after its first start; gone once it is done, and then every screen's data is asked again
 * (the indicators had been read on a partial history).
 */
export function DemoProgressoBanner() {
  const query = useDemoProgresso();
  const queryClient = useQueryClient();
  const viuEmAndamento = useRef(false);
  const concluido = query.data?.concluido ?? true;
  if (query.data && !concluido) viuEmAndamento.current = true;
  useEffect(() => {
    if (concluido && viuEmAndamento.current) {
      viuEmAndamento.current = false;
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'demo' });
    }
  }, [concluido, queryClient]);
  if (!query.data || concluido) return null;
  const { percentual } = query.data;
  return (
    <Alert
      color="blue"
      icon={<IconHourglass size={18} />}
      role="status"
      title={`Preparando dados de demonstração… ${percentual}%`}
    >
      <Stack gap={6}>
        <Text size="sm">
          O histórico de vendas, compras, agenda e financeiro dos últimos 60 dias está sendo criado. Você já pode usar o sistema;
          os relatórios ficam completos ao fim.
        </Text>
        <Progress value={percentual} aria-label="Progresso dos dados de demonstração" />
      </Stack>
    </Alert>
  );
}
