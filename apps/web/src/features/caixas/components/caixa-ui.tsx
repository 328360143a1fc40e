/** Small pieces the register screens share: status badge, signed money, difference, permissions. */
import { Badge, Text, type TextProps } from '@mantine/core';
import type { StatusCaixa } from '@petshop/shared/caixa';
import { formatMoney } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { hasPermissao } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';

const CORES: Record<StatusCaixa, string> = { Aberto: 'teal', Fechado: 'gray' };

/** A register's status: Aberto (green) or Fechado (grey). */
export function StatusCaixaBadge({ status }: { status: StatusCaixa }) {
  return (
    <Badge color={CORES[status]} variant="light" style={{ whiteSpace: 'nowrap' }}>
      {status}
    </Badge>
  );
}

/** A signed amount: green when money came in, red when it went out. */
export function ValorMovimento({ valor, ...props }: { valor: number } & TextProps) {
  return (
    <Text component="span" c={valor < 0 ? 'red.7' : valor > 0 ? 'teal.7' : undefined} style={{ whiteSpace: 'nowrap' }} {...props}>
      {formatMoney(valor)}
    </Text>
  );
}

/**
 * A closing difference (*quebra de caixa*): counted − expected. Red when short, green when
 * over, plain when it balances; null (still open) shows a dash.
 */
export function DiferencaCaixa({ valor, ...props }: { valor: number | null } & TextProps) {
  if (valor === null)
    return (
      <Text component="span" c="dimmed" {...props}>
        —
      </Text>
    );
  const rotulo = valor < 0 ? 'falta' : valor > 0 ? 'sobra' : 'sem diferença';
  return (
    <Text
      component="span"
      fw={valor === 0 ? undefined : 600}
      c={valor < 0 ? 'red.7' : valor > 0 ? 'teal.7' : undefined}
      style={{ whiteSpace: 'nowrap' }}
      title={rotulo}
      {...props}
    >
      {valor > 0 ? `+${formatMoney(valor)}` : formatMoney(valor)}
    </Text>
  );
}

/**
 * What the session may do with a register of `usuarioDoCaixa` (the API's rule, acesso-caixa.ts):
 * its own cashier moves and closes it with `caixa`; anyone else needs `caixa.fechar`.
 */
export const usePermissoesCaixa = (usuarioDoCaixa: string | null | undefined) => {
  const usuarioId = useSessionStore((s) => s.user?.id);
  const unidade = useSessionStore((s) => s.unidadeNegocio);
  const session = { unidadeNegocio: unidade };
  const caixa = hasPermissao(session, PERMISSOES.caixa);
  const fechar = hasPermissao(session, PERMISSOES.caixaFechar);
  const proprio = Boolean(usuarioDoCaixa) && usuarioDoCaixa === usuarioId;
  return {
    /** May open a register of their own. */
    podeAbrir: caixa,
    podeMovimentar: caixa && (proprio || fechar),
    podeFechar: (proprio && (caixa || fechar)) || fechar,
  };
};
