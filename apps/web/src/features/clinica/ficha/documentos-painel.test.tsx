/**
 * The chart's documents panel against a fake API speaking the clinic's contract: the documents
 * issued are read with both kinds and downloaded as PDF; "Emitir receita" sends the medicines
 * typed (rows added and removed), previews the filled text with anything but the editor's tags
 * dropped, then issues it and downloads its PDF; a template the API refuses shows its message.
 */
import type { FichaAnimal, ModeloDocumento } from '@petshop/shared/clinica';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentosPainel } from './documentos-painel.tsx';
import { renderPainel as renderPainelFicha } from './render-painel.tsx';
import { htmlSeguro } from './documentos/html-seguro.ts';
import { fichaAnimal, fid, PET_ID, registroDocumento } from './vacinas/ficha-fixture.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { errors, json, type FakeHandler } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';

const SLOW = { timeout: 5000 };
const pagina = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 8 });
const MODELO_ID = fid(400);
const modelo: ModeloDocumento = {
  id: MODELO_ID,
  tipo: 'receita',
  nome: 'Receita simples',
  conteudo: '<p>Receita de {{pet.nome}}</p>',
  controleEspecial: false,
  ativo: true,
  createdAt: '2026-01-01T12:00:00.000Z',
};
const PDF = '%PDF-1.7 Thor';

const renderPainel = (ficha: FichaAnimal, handlers: Record<string, FakeHandler> = {}) =>
  renderPainelFicha(<DocumentosPainel ficha={ficha} />, {
    'GET /clinica/registros': () =>
      json(pagina([registroDocumento(1), registroDocumento(2, { tipo: 'documento', titulo: 'Atestado de saúde' })])),
    'GET /clinica/modelos-documento': () => json(pagina([modelo])),
    ...handlers,
  });

const pdfReply = (): ReturnType<FakeHandler> => ({
  status: 200,
  body: new Blob([PDF], { type: 'application/pdf' }),
  headers: { 'content-disposition': 'attachment; filename="receita-thor.pdf"' },
});

describe('documents panel', () => {
  const baixados: string[] = [];
  beforeEach(() => {
    useSessionStore.getState().login(loginOutput());
    baixados.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:documento');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      baixados.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the prescriptions and documents issued and downloads one as PDF', async () => {
    const { api, user } = renderPainel(fichaAnimal(), {
      'GET /clinica/registros/00000000-0000-4000-8000-000000000302/pdf': pdfReply,
    });
    const lista = await screen.findByRole('list', { name: 'Documentos emitidos' }, SLOW);
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Receita simples 1', 'Atestado de saúde']);
    expect(within(lista).getByText('Documento · 20/11/2026 10:30 · Dra. Paula')).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/clinica/registros')?.params).toEqual({
      petId: PET_ID,
      page: 1,
      pageSize: 8,
      tipo: 'receita,documento',
    });

    await user.click(screen.getByRole('button', { name: 'Baixar PDF de Atestado de saúde' }));
    await waitFor(() => expect(baixados).toEqual(['receita-thor.pdf']), SLOW);
  });

  it(
    'issues a prescription with its medicines after a sanitised preview, and downloads its PDF',
    { timeout: 60_000 },
    async () => {
      const previa =
        '<p>Receita de <strong>Thor</strong></p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2"><p onclick="x()">Uso oral</p>';
      const emitido = registroDocumento(9, { titulo: 'Receita simples' });
      const { api, user } = renderPainel(fichaAnimal(), {
        'POST /clinica/modelos-documento/processar': (r) =>
          (JSON.parse(String(r.data)) as { salvar: boolean }).salvar
            ? json({ html: previa, registro: emitido }, 201)
            : json({ html: previa, registro: null }),
        [`GET /clinica/registros/${emitido.id}/pdf`]: pdfReply,
      });
      await user.click(screen.getByRole('button', { name: 'Emitir receita' }));
      const dialog = await screen.findByRole('dialog', { name: 'Emitir receita', hidden: true });
      // The only template of the kind is chosen.
      await waitFor(
        () => expect((within(dialog).getByLabelText('Modelo') as HTMLInputElement).value).toBe('Receita simples'),
        SLOW,
      );

      // Pasted, not typed key by key: the same change events, in a fraction of the time.
      const preencher = async (n: number, m: Record<string, string>) => {
        for (const [campo, valor] of Object.entries(m)) {
          await user.click(within(dialog).getByLabelText(`${campo} do medicamento ${n}`));
          await user.paste(valor);
        }
      };
      await preencher(1, {
        Nome: 'Amoxicilina 250 mg',
        Dose: '1 comprimido',
        Via: 'Oral',
        Frequência: 'a cada 12 horas',
        Duração: '7 dias',
        Quantidade: '1 caixa',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Adicionar medicamento', hidden: true }));
      await preencher(2, {
        Nome: 'Dipirona gotas',
        Dose: '10 gotas',
        Via: 'Oral',
        Frequência: 'a cada 8 horas',
        Duração: '3 dias',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Adicionar medicamento', hidden: true }));
      await user.type(within(dialog).getByLabelText('Nome do medicamento 3'), 'Esquecido');
      await user.click(within(dialog).getByRole('button', { name: 'Remover medicamento 3', hidden: true }));

      await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar', hidden: true }));
      const documento = await within(dialog).findByRole('document', { hidden: true }, SLOW);
      expect(documento.textContent).toBe(
        'Receita de ThorUso oral' +
          'Amoxicilina 250 mg — 1 comprimido, Oral, a cada 12 horas, 7 dias (1 caixa)' +
          'Dipirona gotas — 10 gotas, Oral, a cada 8 horas, 3 dias',
      );
      expect(documento.querySelector('strong')?.textContent).toBe('Thor');
      expect(documento.querySelector('script, img, [onclick], [onerror]')).toBeNull();

      await user.click(within(dialog).getByRole('button', { name: 'Emitir e baixar PDF', hidden: true }));
      await waitFor(() => expect(baixados).toEqual(['receita-thor.pdf']), SLOW);
      const enviados = api.requests
        .filter((r) => r.method === 'POST')
        .map((r) => JSON.parse(String(r.data)) as Record<string, unknown>);
      const medicamentos = [
        {
          nome: 'Amoxicilina 250 mg',
          dose: '1 comprimido',
          via: 'Oral',
          frequencia: 'a cada 12 horas',
          duracao: '7 dias',
          quantidade: '1 caixa',
        },
        { nome: 'Dipirona gotas', dose: '10 gotas', via: 'Oral', frequencia: 'a cada 8 horas', duracao: '3 dias' },
      ];
      expect(enviados).toEqual([
        { modeloDocumentoId: MODELO_ID, petId: PET_ID, medicamentos, salvar: false },
        { modeloDocumentoId: MODELO_ID, petId: PET_ID, medicamentos, salvar: true },
      ]);
      // The issue is idempotent.
      expect(api.requests.filter((r) => r.method === 'POST')[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
      expect(await screen.findByText('Receita emitida: Receita simples', {}, SLOW)).toBeTruthy();
    },
  );

  it('shows the message of a template the API refuses', async () => {
    const { user } = renderPainel(fichaAnimal(), {
      'POST /clinica/modelos-documento/processar': () =>
        errors(400, { conteudo: ['Variável desconhecida: {{pet.cor}}. Variáveis conhecidas: pet.nome, tutor.nome'] }),
    });
    await user.click(screen.getByRole('button', { name: 'Emitir documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir documento', hidden: true });
    await waitFor(
      () => expect((within(dialog).getByLabelText('Modelo') as HTMLInputElement).value).toBe('Receita simples'),
      SLOW,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar', hidden: true }));
    const alerta = await within(dialog).findByRole('alert', { hidden: true }, SLOW);
    expect(alerta.textContent).toContain('Variável desconhecida: {{pet.cor}}. Variáveis conhecidas: pet.nome, tutor.nome');
  });

  it('hides the issuing buttons from a profile that only reads the chart', async () => {
    renderPainel(fichaAnimal({ podeEscrever: false }));
    await screen.findByRole('list', { name: 'Documentos emitidos' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Emitir receita' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Emitir documento' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Baixar PDF de Receita simples 1' })).toBeTruthy();
  });
});

describe('htmlSeguro', () => {
  it('keeps the editor tags and alignment and drops scripts, handlers, images and javascript links', () => {
    const html = htmlSeguro(
      '<h2 style="text-align: center">Atestado</h2><p style="color:red">Texto <em>com</em> <a href="javascript:alert(1)">link</a> <a href="https://cfmv.gov.br">CFMV</a></p><script>alert(1)</script><iframe src="x"></iframe><img src=x onerror=alert(1)><custom>solto</custom>',
    );
    expect(html).toBe(
      '<h2 style="text-align: center">Atestado</h2><p>Texto <em>com</em> <a>link</a> <a href="https://cfmv.gov.br" target="_blank" rel="noopener noreferrer">CFMV</a></p>solto',
    );
  });
});
