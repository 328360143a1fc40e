import { Button, Group, Kbd, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatDateTime } from '@petshop/shared/format';
import type { CaixasParaPdv } from '@petshop/shared/venda';
import { IconCashRegister } from '@tabler/icons-react';
import { SelectField } from '#lib/ui/select-field.tsx';

type CaixaFechadoPanelProps = {
  caixas: CaixasParaPdv['caixas'];
  podeAbrir: boolean;
  onAbrir: () => void;
  onEscolher: (caixaId: string) => void;
  onOrcamento?: () => void;
};

/**
 * Shown on the sale tab when the user has no open register in the unit: open one (F2), or, for a
 * manager, sell on a register another cashier opened. Quotes need no register.
 */
export function CaixaFechadoPanel({ caixas, podeAbrir, onAbrir, onEscolher, onOrcamento }: CaixaFechadoPanelProps) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="pdv-caixa-fechado">
      <Stack align="center" gap="md" maw={520} mx="auto" ta="center">
        <ThemeIcon size={64} radius="xl" color="orange" variant="light">
          <IconCashRegister size={36} />
        </ThemeIcon>
        <Title order={2}>Caixa fechado</Title>
        <Text c="dimmed">
          Para vender e receber pagamentos, abra o seu caixa informando o valor do troco inicial (fundo de caixa).
        </Text>
        {podeAbrir ? (
          <Button size="lg" onClick={onAbrir} rightSection={<Kbd>F2</Kbd>} data-autofocus>
            Abrir caixa
          </Button>
        ) : (
          <Text c="red.7">Seu perfil não pode abrir caixa nesta unidade.</Text>
        )}
        {caixas.length > 0 ? (
          <Group align="flex-end" justify="center" w="100%">
            <SelectField
              label="Ou vender no caixa aberto de"
              placeholder="Escolha um caixa"
              data={caixas.map((c) => ({
                value: c.id,
                label: `Caixa nº ${c.numero} — ${c.usuario.nome} (desde ${formatDateTime(c.dataAbertura)})`,
              }))}
              onChange={(v) => {
                if (v) onEscolher(v);
              }}
              w="100%"
            />
          </Group>
        ) : null}
        {onOrcamento ? (
          <Button variant="subtle" onClick={onOrcamento}>
            Fazer um orçamento (não precisa de caixa)
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
