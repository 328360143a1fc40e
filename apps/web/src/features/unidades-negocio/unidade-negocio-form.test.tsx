/**
 * The business unit form's stock rule: "Permitir venda com estoque negativo" shows the stored
 * value and is sent in `dados` (DOMAIN.md §4; issue #4 item 4). Its Fiscal tab (issue #18 item 1):
 * the certificate's expiry warnings, the UF's authoriser, what is missing, the PIX key.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnidadeNegocio } from '@petshop/shared/unidade-negocio';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { enderecoVazio, loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };

const unidade = (overrides: Partial<UnidadeNegocio> = {}): UnidadeNegocio => ({
  id: MATRIZ_ID,
  nomeFantasia: 'Matriz',
  razaoSocial: 'Pet Demo Ltda',
  cnpj: '11222333000181',
  inscricaoEstadual: null,
  telefone: null,
  email: null,
  endereco: enderecoVazio(),
  timeZone: 'America/Sao_Paulo',
  logoUrl: null,
  ativo: true,
  permiteEstoqueNegativo: true,
  metodoCusto: 'medio',
  fechamentoCego: false,
  fiscal: {
    crt: '1',
    ambiente: 'homologacao',
    nfceSerie: 1,
    nfceProximoNumero: 1,
    cscId: null,
    cscTokenConfigurado: false,
    pixChave: null,
    nfceEmissaoAutomatica: false,
    certificado: null,
  },
  createdAt: '2026-01-01T12:00:00.000Z',
  ...overrides,
});

const dadosDe = (body: unknown): Record<string, unknown> => {
  if (!(body instanceof FormData)) throw new Error('esperava multipart');
  return JSON.parse(String(body.get('dados'))) as Record<string, unknown>;
};

describe('business unit form: negative stock setting', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows the stored value and sends the switched one', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /geral/unidades_negocio/${MATRIZ_ID}`]: () => json(unidade()),
      [`PUT /geral/unidades-negocio/${MATRIZ_ID}`]: (req) =>
        json(unidade({ permiteEstoqueNegativo: Boolean(dadosDe(req.data).permiteEstoqueNegativo) })),
      'GET /geral/unidades-negocio': () => json({ items: [unidade()], total: 1, page: 1, pageSize: 20 }),
    });
    renderApp(`/configuracoes/geral/unidades-negocio/form/${MATRIZ_ID}`, { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Editar unidade de negócio' }, SLOW);
    // Mantine puts the description inside the label: the name starts with the label.
    const toggle = screen.getByRole('switch', { name: /^Permitir venda com estoque negativo/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByText(/Desligado, a venda é recusada/)).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(toggle);
    expect(toggle.checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(dadosDe(put?.data)).toMatchObject({ nomeFantasia: 'Matriz', permiteEstoqueNegativo: false });
  });
});

describe('business unit form: Fiscal tab (issue #18 item 1)', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  const certificado = (diasParaVencer: number, validade: string) => ({
    titular: 'PET DEMO LTDA:11222333000181',
    validade,
    cnpj: '11222333000181',
    diasParaVencer,
  });

  const abrir = async (u: UnidadeNegocio) => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /geral/unidades_negocio/${MATRIZ_ID}`]: () => json(u),
      [`PUT /geral/unidades-negocio/${MATRIZ_ID}`]: () => json(u),
      'GET /geral/unidades-negocio': () => json({ items: [u], total: 1, page: 1, pageSize: 20 }),
    });
    renderApp(`/configuracoes/geral/unidades-negocio/form/${MATRIZ_ID}`, { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Editar unidade de negócio' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Fiscal' }));
    return { api, user };
  };

  it('warns in yellow 30 days ahead and shows holder, CNPJ and expiry', { timeout: 60_000 }, async () => {
    await abrir(unidade({ fiscal: { ...unidade().fiscal, certificado: certificado(12, '2026-12-09') } }));
    const alerta = await screen.findByRole('alert', { name: 'Certificado perto do vencimento' });
    expect(alerta.textContent).toContain('O certificado vence em 12 dias (09/12/2026)');
    expect(alerta.getAttribute('style')).toContain('yellow');
    const secao = screen.getByRole('region', { name: 'Certificado digital A1' });
    expect(secao.textContent).toContain('PET DEMO LTDA:11222333000181');
    expect(secao.textContent).toContain('CNPJ: 11.222.333/0001-81');
    expect(secao.textContent).toContain('Validade: 09/12/2026');
    expect(screen.queryByRole('alert', { name: 'Certificado vencido' })).toBeNull();
  });

  it('red once expired', { timeout: 60_000 }, async () => {
    await abrir(unidade({ fiscal: { ...unidade().fiscal, certificado: certificado(-3, '2026-11-24') } }));
    const vencido = await screen.findByRole('alert', { name: 'Certificado vencido' });
    expect(vencido.textContent).toContain('venceu em 24/11/2026');
    expect(vencido.getAttribute('style')).toContain('red');
    // An expired certificate is missing for NFC-e.
    const falta = screen.getByRole('list', { name: 'Falta para emitir NFC-e' });
    expect(falta.textContent).toContain('Certificado digital A1');
  });

  it('no warning 31 days ahead', { timeout: 60_000 }, async () => {
    await abrir(unidade({ fiscal: { ...unidade().fiscal, certificado: certificado(31, '2026-12-28') } }));
    await screen.findByRole('region', { name: 'Certificado digital A1' });
    expect(screen.queryByRole('alert', { name: /Certificado/ })).toBeNull();
  });

  it(
    'names the authoriser of the UF, lists what is missing, sends the PIX key and the automatic switch',
    { timeout: 60_000 },
    async () => {
      const { api, user } = await abrir(
        unidade({
          inscricaoEstadual: '123456789',
          endereco: { ...enderecoVazio(), uf: 'BA', codigoIbge: '2927408' },
          fiscal: { ...unidade().fiscal, cscId: '1', cscTokenConfigurado: true },
        }),
      );
      expect(screen.getByText(/as NFC-e são autorizadas por/).textContent).toContain('UF BA');
      expect(screen.getByText('SVRS (SEFAZ Virtual do Rio Grande do Sul)')).toBeTruthy();
      const falta = screen.getByRole('list', { name: 'Falta para emitir NFC-e' });
      expect(Array.from(falta.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['Certificado digital A1']);

      await user.type(screen.getByLabelText(/^Chave PIX/), 'pix@petdemo.com.br');
      await user.click(screen.getByRole('switch', { name: /^Emitir NFC-e automaticamente ao finalizar a venda/ }));
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true));
      const put = api.requests.find((r) => r.method === 'PUT');
      expect(dadosDe(put?.data)).toMatchObject({ fiscal: { pixChave: 'pix@petdemo.com.br', nfceEmissaoAutomatica: true } });
    },
  );

  it('an invalid PIX key is refused on the Fiscal tab, opened from the other tab', { timeout: 60_000 }, async () => {
    const { api, user } = await abrir(unidade());
    await user.type(screen.getByLabelText(/^Chave PIX/), 'não é chave');
    await user.click(screen.getByRole('tab', { name: 'Dados gerais' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Chave PIX inválida (use CPF, CNPJ, e-mail, telefone +55 ou chave aleatória)')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Fiscal (com erros)' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
