/**
 * The NFC-e at the till (issue #18 item 8): the "CPF na nota?" prompt (masked, checked, Enter
 * confirms, Esc / "Não" = unidentified, prefilled with the customer's CPF), then POST /fiscal/nfce
 * and its outcome — authorised (number/series, "Imprimir DANFE" focused), in contingency (the
 * orange notice), rejected (the reason and "Tentar de novo" with the same CPF), products without
 * fiscal data ("Corrigir dados fiscais" → /fiscal/situacao-fiscal-produtos/?ids&returnTo), the
 * unit's settings incomplete.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import { beforeEach, describe, expect, it } from 'vitest';
import { CpfNaNotaModal, lerCpfNaNota } from './cpf-na-nota-modal.tsx';
import { NFCE_DANFE_ID, NfcePainel } from './nfce-painel.tsx';
import { useNfceVenda } from '../use-nfce-venda.ts';
import { http } from '#lib/http/http.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type FakeHandler, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';

const VENDA = '11111111-1111-4111-8111-111111111111';
const CPF_VALIDO = '52998224725';

const documento = (extra: Partial<DocumentoFiscal> = {}): DocumentoFiscal => ({
  id: 'doc-1',
  vendaId: VENDA,
  vendaNumero: 5,
  modelo: 65,
  serie: 1,
  numero: 42,
  chave: '35240512345678000195650010000000421000000421',
  tipoEmissao: '1',
  ambiente: '2',
  status: 'autorizada',
  cStat: '100',
  motivo: 'Autorizado o uso da NF-e',
  protocolo: '135240000000001',
  dataAutorizacao: '2024-05-01T12:00:00Z',
  emitidoEm: '2024-05-01T12:00:00Z',
  cpfDestinatario: null,
  clienteNome: null,
  valorTotal: '23.70',
  tentativas: 1,
  justificativaCancelamento: null,
  dataCancelamento: null,
  podeCancelar: true,
  podeRetransmitir: false,
  urlConsulta: null,
  qrCode: null,
  ...extra,
});

function Harness({ cpfCliente, automatica }: { cpfCliente: string | null; automatica: boolean }) {
  const nfce = useNfceVenda({ vendaId: VENDA, cpfCliente, automatica });
  return (
    <>
      <NfcePainel nfce={nfce} returnTo={`/vendas/pdv/${VENDA}`} />
      <CpfNaNotaModal opened={nfce.cpfAberto} cpfInicial={nfce.cpfInicial} onConfirmar={nfce.confirmarCpf} />
    </>
  );
}

const renderPainel = (emitir: FakeHandler, opts: { cpfCliente?: string | null; automatica?: boolean } = {}) => {
  const api = createFakeApi({ 'POST /fiscal/nfce': emitir });
  http.defaults.adapter = api.adapter;
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: ['/'] });
  const rootRoute = createRootRoute({
    component: () => <Harness cpfCliente={opts.cpfCliente ?? null} automatica={opts.automatica ?? false} />,
  });
  const router = createRouter({ routeTree: rootRoute, history });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { api, router };
};

const enviados = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === '/fiscal/nfce').map((r) => JSON.parse(String(r.data)) as { vendaId: string; cpf?: string });

describe('"CPF na nota?"', () => {
  it('reads digits of a valid CPF/CNPJ, nothing for empty, and refuses wrong check digits', () => {
    expect(lerCpfNaNota('529.982.247-25')).toEqual({ cpf: CPF_VALIDO });
    expect(lerCpfNaNota('11.222.333/0001-81')).toEqual({ cpf: '11222333000181' });
    expect(lerCpfNaNota('')).toEqual({ cpf: undefined });
    expect(lerCpfNaNota('529.982.247-24')).toEqual({ erro: 'CPF/CNPJ inválido' });
    expect(lerCpfNaNota('123')).toEqual({ erro: 'CPF/CNPJ inválido' });
  });
});

describe('NFC-e of a finalised sale', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('asks the CPF (masked, checked), emits with it and shows the authorised number with "Imprimir DANFE" focused', async () => {
    const { api } = renderPainel(() => json(documento({ cpfDestinatario: CPF_VALIDO })));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Emitir NFC-e/ }));
    const prompt = await screen.findByRole('dialog', { name: 'CPF na nota?' });
    const campo = within(prompt).getByLabelText('CPF ou CNPJ do consumidor') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(campo));
    await user.type(campo, '52998224724{Enter}');
    expect(campo.value).toBe('529.982.247-24');
    expect(await within(prompt).findByText('CPF/CNPJ inválido')).toBeTruthy();
    expect(enviados(api.requests)).toEqual([]);
    await user.clear(campo);
    await user.type(campo, `${CPF_VALIDO}{Enter}`);

    const autorizada = await screen.findByText('NFC-e autorizada');
    expect(enviados(api.requests)).toEqual([{ vendaId: VENDA, cpf: CPF_VALIDO }]);
    expect(autorizada.closest('[data-status]')?.getAttribute('data-status')).toBe('autorizada');
    expect(screen.getByText(/nº 42 · série 1/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe(NFCE_DANFE_ID));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Emitir NFC-e/ })).toBeNull());
  });

  it('on an automatic unit the prompt opens at once, prefilled with the customer; Esc emits without CPF', async () => {
    const { api } = renderPainel(
      () => json(documento({ status: 'contingencia', tipoEmissao: '9', cStat: null, protocolo: null })),
      {
        automatica: true,
        cpfCliente: CPF_VALIDO,
      },
    );
    const user = userEvent.setup({ delay: null });
    const prompt = await screen.findByRole('dialog', { name: 'CPF na nota?' });
    expect((within(prompt).getByLabelText('CPF ou CNPJ do consumidor') as HTMLInputElement).value).toBe('529.982.247-25');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Emitida em contingência — será transmitida automaticamente')).toBeTruthy();
    expect(enviados(api.requests)).toEqual([{ vendaId: VENDA }]);
    await waitFor(() => expect(document.activeElement?.id).toBe(NFCE_DANFE_ID));
  });

  it('"Não" emits unidentified; a rejection shows the reason and "Tentar de novo" re-sends', async () => {
    let vez = 0;
    const { api } = renderPainel(() => {
      vez += 1;
      return json(
        vez === 1
          ? documento({
              status: 'rejeitada',
              cStat: '225',
              motivo: 'Rejeição: Falha no Schema XML do lote de NFe',
              protocolo: null,
            })
          : documento(),
      );
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Emitir NFC-e/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'CPF na nota?' })).getByRole('button', { name: /Não/ }));
    expect(await screen.findByText('225 – Rejeição: Falha no Schema XML do lote de NFe')).toBeTruthy();
    const tentar = await screen.findByRole('button', { name: 'Tentar de novo' });
    await waitFor(() => expect(document.activeElement).toBe(tentar));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('NFC-e autorizada')).toBeTruthy();
    expect(enviados(api.requests)).toEqual([{ vendaId: VENDA }, { vendaId: VENDA }]);
  });

  it('products without fiscal data: lists them and "Corrigir dados fiscais" goes to the fix with ids and returnTo', async () => {
    const { router } = renderPainel(() =>
      errors(400, {
        produtoIds: ['p-1', 'p-2'],
        generalErrors: ['Ração X: NCM deve ter 8 dígitos', 'Coleira: CFOP inválido para venda a consumidor'],
      }),
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Emitir NFC-e/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'CPF na nota?' })).getByRole('button', { name: /Não/ }));
    expect(await screen.findByText('Ração X: NCM deve ter 8 dígitos')).toBeTruthy();
    expect(screen.getByText('Coleira: CFOP inválido para venda a consumidor')).toBeTruthy();
    const corrigir = await screen.findByRole('button', { name: 'Corrigir dados fiscais' });
    await waitFor(() => expect(document.activeElement).toBe(corrigir));
    await user.click(corrigir);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/fiscal\/situacao-fiscal-produtos\/?$/));
    expect(router.state.location.search).toMatchObject({ ids: 'p-1,p-2', returnTo: `/vendas/pdv/${VENDA}` });
  });

  it("the unit's settings incomplete: the message and the link to the unit's settings", async () => {
    renderPainel(() =>
      errors(400, {
        unidade: ['certificado digital A1', 'CSC'],
        generalErrors: ['Configurações fiscais da unidade incompletas: certificado digital A1, CSC'],
      }),
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Emitir NFC-e/ }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Configurações fiscais da unidade incompletas: certificado digital A1, CSC')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Abrir as configurações fiscais da unidade' });
    expect(link.getAttribute('href')).toBe(
      `/configuracoes/geral/unidades-negocio/form/${loginOutput().user.unidadesNegocio[0]!.id}`,
    );
  });
});
