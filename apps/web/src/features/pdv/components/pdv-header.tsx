import { Badge, Button, Group, Kbd, Menu, Select, Tabs, Text, Title } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import type { CaixasParaPdv } from '@petshop/shared/venda';
import { IconDots, IconRestore } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';
import { AutosaveIndicator } from './autosave-indicator.tsx';
import { numero, type RegistroVenda } from '../registro.ts';
import type { EstadoAutosave } from '../use-autosave.ts';
import type { FormatoImpressao } from '#lib/print/imprimir-venda.ts';

export type TabPdv = 'venda' | 'orcamento';

/** A Venda/Orçamento tab: it switches the whole screen, not a panel, so no aria-controls naming a missing panel. */
const abaSemPainel = ({ 'aria-controls': _semPainel, ...props }: ComponentPropsWithoutRef<'button'>) => <button {...props} />;

type PdvHeaderProps = {
  registro: RegistroVenda;
  /** "Ponto de venda", "Venda nº 12", "Orçamento nº 3". */
  titulo: string;
  orcamento: boolean;
  deixadaEmAberto: boolean;
  tab: TabPdv;
  /** The tabs venda/orcamento, when the till shows them (Nova, and the user may both sell and quote). */
  onTabChange?: (tab: TabPdv) => void;
  caixas: CaixasParaPdv['caixas'];
  caixaId: string | null;
  onCaixa: (id: string) => void;
  /** The autosave's state, while the record is being autosaved. */
  autosave: EstadoAutosave | null;
  /** The record a fresh till replaced, offered back in the menu (Nova). */
  backup: RegistroVenda | null;
  onRestaurarBackup: () => void;
  onLista: () => void;
  onImprimir: (formato?: FormatoImpressao) => void;
  onCancelar: () => void;
};

/**
 * The top of the till: the title (the record's kind and number), the "Em aberto" badge, the
 * Venda/Orçamento tabs, the register sold on, the autosave state and the "Mais" menu (list, the
 * record replaced, print, cancel), each menu entry with the key that does the same.
 */
export function PdvHeader({
  registro,
  titulo,
  orcamento,
  deixadaEmAberto,
  tab,
  onTabChange,
  caixas,
  caixaId,
  onCaixa,
  autosave,
  backup,
  onRestaurarBackup,
  onLista,
  onImprimir,
  onCancelar,
}: PdvHeaderProps) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="xs">
      <Group gap="md" align="center">
        <Title order={2}>{titulo}</Title>
        {deixadaEmAberto ? (
          <Badge color="orange" variant="light">
            Em aberto
          </Badge>
        ) : null}
        {onTabChange ? (
          <Tabs value={tab} onChange={(v) => v && onTabChange(v as TabPdv)} variant="pills" radius="md">
            <Tabs.List>
              <Tabs.Tab value="venda" renderRoot={abaSemPainel}>
                Venda
              </Tabs.Tab>
              <Tabs.Tab value="orcamento" renderRoot={abaSemPainel}>
                Orçamento
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
        ) : null}
      </Group>
      <Group gap="sm" align="center">
        {!orcamento && caixas.length > 1 ? (
          <Select
            aria-label="Caixa"
            size="xs"
            w={240}
            allowDeselect={false}
            value={caixaId}
            onChange={(v) => v && onCaixa(v)}
            data={caixas.map((c) => ({ value: c.id, label: `Caixa nº ${c.numero} — ${c.usuario.nome}` }))}
          />
        ) : !orcamento && caixaId ? (
          <Text size="sm" c="dimmed">
            Caixa nº {caixas.find((c) => c.id === caixaId)?.numero}
          </Text>
        ) : null}
        {autosave ? <AutosaveIndicator estado={autosave} /> : null}
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" size="xs" leftSection={<IconDots size={16} />}>
              Mais
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onLista} rightSection={<Kbd size="xs">F5</Kbd>}>
              {orcamento ? 'Orçamentos' : 'Vendas em aberto'}
            </Menu.Item>
            {backup ? (
              <Menu.Item leftSection={<IconRestore size={16} />} onClick={onRestaurarBackup}>
                Recuperar venda anterior ({backup.itens.length} {backup.itens.length === 1 ? 'item' : 'itens'},{' '}
                {formatMoney(numero(backup.valorLiquido))})
              </Menu.Item>
            ) : null}
            {registro.sId ? (
              <>
                <Menu.Item onClick={() => onImprimir()} rightSection={<Kbd size="xs">F12</Kbd>}>
                  Imprimir
                </Menu.Item>
                <Menu.Item onClick={() => onImprimir('a4')}>Imprimir em A4</Menu.Item>
              </>
            ) : null}
            <Menu.Item color="red" onClick={onCancelar} rightSection={<Kbd size="xs">Ctrl+Del</Kbd>}>
              {registro.sId ? (orcamento ? 'Cancelar orçamento' : 'Cancelar venda') : 'Descartar'}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
