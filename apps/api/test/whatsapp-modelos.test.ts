/**
 * WhatsApp templates (issue #21 item 2): PUT /api/geral/unidades-negocio/{id}/whatsapp/mensagens
 * saves the unit's set and GET /api/whatsapp reads it back; validation (a variable the template
 * does not offer, a daily template without its hour, the reminder without its hours) keyed by
 * template and field; permissions (Caixa 403), a unit of the tenant the user is not in (403), a
 * unit of another tenant (404), and units keeping their own sets.
 */
import { describe, expect, it } from 'vitest';
import { MODELOS_PADRAO, type ModelosMensagem, type Whatsapp } from '@petshop/shared/whatsapp';
import { newTenant, novaUnidade, usuarioComPerfil, useTestApp } from './helper.ts';

const ctx = useTestApp();

const url = (unidadeId: string) => `/api/geral/unidades-negocio/${unidadeId}/whatsapp/mensagens`;
const salvar = (headers: Record<string, string>, unidadeId: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: url(unidadeId), headers, payload: payload as object });
const lerModelos = async (headers: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/whatsapp', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Whatsapp>().mensagens;
};
type Erros = { errors: Record<string, string[]> };

const editados = (): ModelosMensagem => ({
  ...MODELOS_PADRAO,
  aniversario: { ...MODELOS_PADRAO.aniversario, ativo: true, texto: 'Parabéns, {{nome}}! *{{unidade}}*', horaEnvio: '08:30' },
  lembreteAgendamento: { ...MODELOS_PADRAO.lembreteAgendamento, ativo: true, antecedenciaHoras: 3 },
  vacinaAVencer: { ...MODELOS_PADRAO.vacinaAVencer, antecedenciaDias: 10, modeloCloud: 'vacina_a_vencer' },
});

describe('modelos de mensagem', () => {
  it('salva o conjunto e o lê de volta; começa com os padrões', async () => {
    const t = await newTenant(ctx);
    expect(await lerModelos(t.headers)).toEqual(MODELOS_PADRAO);

    const res = await salvar(t.headers, t.unidadeNegocioId, editados());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ModelosMensagem>()).toEqual(editados());
    expect(await lerModelos(t.headers)).toEqual(editados());
  });

  it('recusa variável que o modelo não oferece, hora ausente e antecedência ausente, por campo', async () => {
    const t = await newTenant(ctx);
    const res = await salvar(t.headers, t.unidadeNegocioId, {
      ...MODELOS_PADRAO,
      aniversario: { ...MODELOS_PADRAO.aniversario, texto: 'Oi {{nome}}, e o {{pet}}?', horaEnvio: null },
      lembreteAgendamento: { ...MODELOS_PADRAO.lembreteAgendamento, antecedenciaHoras: null },
      petPronto: { ...MODELOS_PADRAO.petPronto, texto: '   ' },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<Erros>();
    expect(errors['aniversario.texto']?.[0]).toMatch(/\{\{pet\}\}/);
    expect(errors['aniversario.horaEnvio']).toEqual(['Informe a hora de envio']);
    expect(errors['lembreteAgendamento.antecedenciaHoras']).toEqual(['Informe a antecedência do lembrete']);
    expect(errors['petPronto.texto']).toBeDefined();

    const hora = await salvar(t.headers, t.unidadeNegocioId, {
      ...MODELOS_PADRAO,
      vacinaAVencer: { ...MODELOS_PADRAO.vacinaAVencer, horaEnvio: '25:00' },
    });
    expect(hora.statusCode).toBe(400);
    expect(hora.json<Erros>().errors['vacinaAVencer.horaEnvio']).toEqual(['Hora inválida (use HH:mm)']);

    const faltando = await salvar(t.headers, t.unidadeNegocioId, { aniversario: MODELOS_PADRAO.aniversario });
    expect(faltando.statusCode).toBe(400);

    // Nothing was stored.
    expect(await lerModelos(t.headers)).toEqual(MODELOS_PADRAO);
  });

  it('Caixa não altera (403); Gerente altera a sua unidade', async () => {
    const t = await newTenant(ctx);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await salvar(caixa.headers, t.unidadeNegocioId, editados())).statusCode).toBe(403);
    const gerente = await usuarioComPerfil(ctx, t, 'gerente');
    const res = await salvar(gerente.headers, t.unidadeNegocioId, editados());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('cada unidade tem os seus modelos; unidade sem acesso → 403; de outro tenant → 404', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const outra = await novaUnidade(ctx, a);

    // The path's unit is the one saved, whatever the selected unit.
    expect((await salvar(a.headers, outra.id, editados())).statusCode).toBe(200);
    expect(await lerModelos(outra.headers)).toEqual(editados());
    expect(await lerModelos(a.headers)).toEqual(MODELOS_PADRAO);

    // A Gerente of the first unit only cannot touch the second one.
    const gerente = await usuarioComPerfil(ctx, a, 'gerente');
    const semAcesso = await salvar(gerente.headers, outra.id, MODELOS_PADRAO);
    expect(semAcesso.statusCode).toBe(403);
    expect(await lerModelos(outra.headers)).toEqual(editados());

    // Another tenant's unit does not exist for b.
    const alheia = await salvar(b.headers, a.unidadeNegocioId, editados());
    expect(alheia.statusCode).toBe(404);
    expect(await lerModelos(a.headers)).toEqual(MODELOS_PADRAO);
    const inexistente = await salvar(a.headers, '00000000-0000-4000-8000-000000000000', editados());
    expect(inexistente.statusCode).toBe(404);
  });
});
