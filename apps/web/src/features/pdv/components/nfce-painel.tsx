/**
 * The NFC-e of a finalised sale, on the till's result panel and on the sale's detail (issue #18
 * item 8): "Emitir NFC-e" (F11), the emission in progress (the server answers within 5 s), then
 * the outcome — authorised (green, number/series) or in contingency (orange, "será transmitida
 * automaticamente") with "Imprimir DANFE" focused (Enter prints GET /fiscal/documentos/{id}/pdf the
 * way the till prints receipts); rejected with SEFAZ's reason and "Tentar de novo"; products
 * without fiscal data with "Corrigir dados fiscais" (→ /fiscal/situacao-fiscal-produtos/ with the
 * ids and `returnTo` back to the sale); the unit's settings incomplete with a link to them.
 */
import { Alert, Anchor, Button, Group, Kbd, Loader, Stack, Text } from '@mantine/core';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconFileInvoice, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { COR_STATUS_FISCAL } from './status-fiscal-badge.tsx';
import { NOVA_VENDA_ID } from './resultado-modal.tsx';
import type { NfceVenda } from '../use-nfce-venda.ts';
import { hasPermissao } from '#lib/access/sections.tsx';
import { imprimirDocumento } from '#lib/print/imprimir-documento.ts';
import { useSessionStore } from '#lib/session/session-store.ts';

export const NFCE_EMITIR_ID = 'pdv-nfce-emitir';
export const NFCE_DANFE_ID = 'pdv-nfce-danfe';
export const NFCE_TENTAR_ID = 'pdv-nfce-tentar';
export const NFCE_CORRIGIR_ID = 'pdv-nfce-corrigir';

/** /fiscal/situacao-fiscal-produtos/ with the products to fix and the way back (spec §2). */
export const linkSituacaoFiscal = (ids: readonly string[], returnTo: string): string =>
  `/fiscal/situacao-fiscal-produtos/?${new URLSearchParams({ ids: ids.join(','), returnTo }).toString()}`;

const focar = (id: string) => window.setTimeout(() => document.getElementById(id)?.focus(), 0);

type NfcePainelProps = {
  nfce: NfceVenda;
  /** The sale's own URL, where "Corrigir dados fiscais" comes back to. */
  returnTo: string;
  /** The F11 key is shown beside "Emitir NFC-e" (the till's panel). */
  comAtalho?: boolean;
};

export function NfcePainel({ nfce, returnTo, comAtalho = true }: NfcePainelProps) {
  const navigate = useNavigate();
  const unidade = useSessionStore((s) => s.unidadeNegocio);
  const podeConfigurar = hasPermissao({ unidadeNegocio: unidade }, PERMISSOES.unidadesGerenciar);
  const [imprimindo, setImprimindo] = useState(false);
  const { documento: doc, falha, emitindo } = nfce;

  // The next key acts on the outcome: Enter prints the DANFE, retries, or opens the fix.
  const alvo =
    doc?.status === 'autorizada' || doc?.status === 'contingencia'
      ? NFCE_DANFE_ID
      : doc?.status === 'rejeitada' || falha?.tipo === 'erro'
        ? NFCE_TENTAR_ID
        : falha?.tipo === 'produtos'
          ? NFCE_CORRIGIR_ID
          : null;
  const chaveFoco = `${doc?.id ?? ''}:${doc?.status ?? ''}:${falha?.tipo ?? ''}:${emitindo}`;
  useEffect(() => {
    if (alvo && !emitindo && nfce.recente) focar(alvo);
  }, [alvo, emitindo, nfce.recente, chaveFoco]);

  const imprimirDanfe = async () => {
    if (!doc) return;
    setImprimindo(true);
    try {
      await imprimirDocumento(`/fiscal/documentos/${encodeURIComponent(doc.id)}/pdf`, `nfce-${doc.numero}.pdf`);
    } finally {
      setImprimindo(false);
      // Back to the panel's Enter: the next sale.
      focar(NOVA_VENDA_ID);
    }
  };

  const botaoDanfe = (
    <Button id={NFCE_DANFE_ID} leftSection={<IconPrinter size={18} />} loading={imprimindo} onClick={() => void imprimirDanfe()}>
      Imprimir DANFE
    </Button>
  );
  const botaoTentar = (
    <Button id={NFCE_TENTAR_ID} variant="light" leftSection={<IconRefresh size={18} />} onClick={nfce.tentarDeNovo}>
      Tentar de novo
    </Button>
  );
  const numeroSerie = doc ? `nº ${doc.numero} · série ${doc.serie}` : '';

  let conteudo;
  if (emitindo) {
    conteudo = (
      <Group gap="sm" data-testid="nfce-emitindo">
        <Loader size="sm" />
        <Text>Emitindo NFC-e na SEFAZ…</Text>
      </Group>
    );
  } else if (doc?.status === 'autorizada') {
    conteudo = (
      <Alert
        color={COR_STATUS_FISCAL.autorizada}
        variant="light"
        icon={<IconCheck />}
        title="NFC-e autorizada"
        data-status="autorizada"
      >
        <Stack gap="xs">
          <Text size="sm">
            {numeroSerie}
            {doc.protocolo ? ` · protocolo ${doc.protocolo}` : ''}
          </Text>
          <Group>{botaoDanfe}</Group>
        </Stack>
      </Alert>
    );
  } else if (doc?.status === 'contingencia') {
    conteudo = (
      <Alert
        color={COR_STATUS_FISCAL.contingencia}
        variant="light"
        icon={<IconAlertTriangle />}
        title="Emitida em contingência — será transmitida automaticamente"
        data-status="contingencia"
      >
        <Stack gap="xs">
          <Text size="sm">{numeroSerie} · a SEFAZ não respondeu a tempo; a venda segue normalmente.</Text>
          <Group>{botaoDanfe}</Group>
        </Stack>
      </Alert>
    );
  } else if (doc?.status === 'pendente') {
    conteudo = (
      <Alert color={COR_STATUS_FISCAL.pendente} variant="light" title="NFC-e sendo transmitida" data-status="pendente">
        <Text size="sm">{numeroSerie} · a resposta da SEFAZ aparece na lista de documentos fiscais.</Text>
      </Alert>
    );
  } else if (doc?.status === 'rejeitada') {
    conteudo = (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title="NFC-e rejeitada pela SEFAZ" data-status="rejeitada">
        <Stack gap="xs">
          <Text size="sm">{[doc.cStat, doc.motivo].filter(Boolean).join(' – ') || 'Sem motivo informado'}</Text>
          <Group>{botaoTentar}</Group>
        </Stack>
      </Alert>
    );
  } else if (doc?.status === 'denegada') {
    conteudo = (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Uso da NFC-e denegado" data-status="denegada">
        <Text size="sm">{[doc.cStat, doc.motivo].filter(Boolean).join(' – ')}</Text>
      </Alert>
    );
  } else if (doc?.status === 'cancelada') {
    conteudo = (
      <Alert color="gray" variant="light" title="NFC-e cancelada" data-status="cancelada">
        <Text size="sm">
          {numeroSerie}
          {doc.justificativaCancelamento ? ` · ${doc.justificativaCancelamento}` : ''}
        </Text>
      </Alert>
    );
  } else if (falha?.tipo === 'produtos') {
    conteudo = (
      <AlertaMensagens
        color="red"
        icon={<IconAlertCircle />}
        title="Produtos sem dados fiscais válidos"
        status="produtos"
        mensagens={falha.mensagens}
      >
        <Group>
          <Button id={NFCE_CORRIGIR_ID} onClick={() => void navigate({ href: linkSituacaoFiscal(falha.ids, returnTo) })}>
            Corrigir dados fiscais
          </Button>
        </Group>
      </AlertaMensagens>
    );
  } else if (falha?.tipo === 'unidade') {
    conteudo = (
      <AlertaMensagens
        color="orange"
        icon={<IconAlertTriangle />}
        title="A unidade ainda não emite NFC-e"
        status="unidade"
        mensagens={falha.mensagens}
      >
        {podeConfigurar && unidade ? (
          <Anchor
            href={`/configuracoes/geral/unidades-negocio/form/${unidade.id}`}
            onClick={(e) => {
              e.preventDefault();
              void navigate({ href: `/configuracoes/geral/unidades-negocio/form/${unidade.id}` });
            }}
          >
            Abrir as configurações fiscais da unidade
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Peça a um administrador para completar a aba Fiscal da unidade.
          </Text>
        )}
      </AlertaMensagens>
    );
  } else if (falha?.tipo === 'erro') {
    conteudo = (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível emitir a NFC-e" data-status="erro">
        <Stack gap="xs">
          {falha.mensagens.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
          <Group>{botaoTentar}</Group>
        </Stack>
      </Alert>
    );
  } else {
    conteudo = (
      <Group>
        <Button
          id={NFCE_EMITIR_ID}
          variant="light"
          leftSection={<IconFileInvoice size={18} />}
          rightSection={comAtalho ? <Kbd size="xs">F11</Kbd> : undefined}
          onClick={nfce.iniciar}
          disabled={!nfce.podeIniciar}
        >
          Emitir NFC-e
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" data-testid="nfce-painel">
      {conteudo}
    </Stack>
  );
}

/** A refusal's messages, one per line, and what the cashier can do about it (`children`). */
function AlertaMensagens({
  color,
  icon,
  title,
  status,
  mensagens,
  children,
}: {
  color: string;
  icon: ReactNode;
  title: string;
  status: string;
  mensagens: readonly string[];
  children: ReactNode;
}) {
  return (
    <Alert color={color} variant="light" icon={icon} title={title} data-status={status}>
      <Stack gap="xs">
        {mensagens.map((m) => (
          <Text key={m} size="sm">
            {m}
          </Text>
        ))}
        {children}
      </Stack>
    </Alert>
  );
}
