/**
 * The WhatsApp outbox (issue #21 item 3; DOMAIN.md §12): what enfileirarMensagem queues and
 * refuses (template off, LGPD consent, deceased pet, inactive person, no phone, the same event
 * twice, rendering with escaping), and the worker's run processarFila: send, retry with back-off
 * then Falhou, permanent failure, the per-number rate limit, a disconnected unit waiting, expiry
 * after 24 h, a hanging unit not delaying another, two concurrent runs never sending twice, and
 * tenant isolation.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/tenant-scope.ts';
import { enfileirarMensagem, type NovaMensagem } from '../src/modules/whatsapp/enfileirar-mensagem.ts';
import { newTenant, novaUnidade } from './helper.ts';
import { ligarModelos, mensagensDa, novaPessoa, novoPet, useWhatsappApp, type Escopo } from './whatsapp-fila-fixtures.ts';

const ctx = useWhatsappApp();

const escopoDe = (t: { tenantId: string; unidadeNegocioId: string }): Escopo => ({
  tenantId: t.tenantId,
  unidadeNegocioId: t.unidadeNegocioId,
});

const enfileirar = (escopo: Escopo, m: NovaMensagem) => withTenant(ctx.database.db, escopo, (tx) => enfileirarMensagem(tx, m));

describe('enfileirarMensagem', () => {
  it('renderiza o modelo da unidade com os valores da pessoa, da unidade e do evento, com escape, e guarda os valores', async () => {
    const t = await newTenant(ctx);
    const e = escopoDe(t);
    await ligarModelos(ctx, e, {
      petPronto: { texto: '*{{nome}}* ({{nomeCompleto}}), o {{pet}} está pronto na {{unidade}} — {{telefoneUnidade}}' },
    });
    await withTenant(ctx.database.db, e, (tx) =>
      tx.execute(sql`update unidades_negocio set telefone = '1133334444' where id = ${e.unidadeNegocioId}`),
    );
    const pessoaId = await novaPessoa(ctx, e, {
      nome: 'Ana  Paula Souza',
      telefones: [
        { numero: '1133330000', tipo: 'fixo', whatsapp: false },
        { numero: '11912345678', tipo: 'celular', whatsapp: false },
      ],
      consentimentoMarketing: false,
    });
    const petId = await novoPet(ctx, e, { nome: 'Thor' });
    const r = await enfileirar(e, {
      tipo: 'petPronto',
      chave: `pronto:${petId}:1`,
      pessoaId,
      petId,
      valores: { pet: 'Rex {{nome}}\n*negrito*\u0007' },
    });
    expect(r.enfileirada).toBe(true);
    const [m] = await mensagensDa(ctx, e);
    expect(m).toMatchObject({
      tipo: 'petPronto',
      status: 'Pendente',
      telefone: '5511912345678',
      texto: '*Ana* (Ana  Paula Souza), o Rex {{nome}} *negrito* está pronto na Loja Centro — (11) 3333-4444',
      valores: {
        nome: 'Ana',
        nomeCompleto: 'Ana  Paula Souza',
        pet: 'Rex {{nome}} *negrito*',
        unidade: 'Loja Centro',
        telefoneUnidade: '(11) 3333-4444',
      },
      tentativas: 0,
    });
  });

  it('recusa modelo desligado, sem consentimento (marketing), pet falecido, pessoa inativa, sem telefone e a mesma chave duas vezes', async () => {
    const t = await newTenant(ctx);
    const e = escopoDe(t);
    await ligarModelos(ctx, e, {}, ['aniversario', 'petPronto', 'confirmacaoAgendamento']);
    const comConsentimento = await novaPessoa(ctx, e);
    const semConsentimento = await novaPessoa(ctx, e, { consentimentoMarketing: false });
    const inativa = await novaPessoa(ctx, e, { ativo: false });
    const semCelular = await novaPessoa(ctx, e, { telefones: [{ numero: '1133330000', tipo: 'fixo', whatsapp: false }] });
    const vivo = await novoPet(ctx, e);
    const falecido = await novoPet(ctx, e, { nome: 'Bidu', dataObito: '2026-01-10' });

    expect(await enfileirar(e, { tipo: 'vacinaAVencer', chave: 'v:1', pessoaId: comConsentimento, petId: vivo })).toEqual({
      enfileirada: false,
      motivo: 'modeloDesligado',
    });
    expect(await enfileirar(e, { tipo: 'aniversario', chave: 'a:1', pessoaId: semConsentimento })).toEqual({
      enfileirada: false,
      motivo: 'semConsentimento',
    });
    // Transactional messages go without marketing consent.
    expect(
      await enfileirar(e, { tipo: 'confirmacaoAgendamento', chave: 'c:1', pessoaId: semConsentimento, petId: vivo }),
    ).toMatchObject({ enfileirada: true });
    expect(await enfileirar(e, { tipo: 'petPronto', chave: 'p:1', pessoaId: comConsentimento, petId: falecido })).toEqual({
      enfileirada: false,
      motivo: 'petFalecido',
    });
    expect(await enfileirar(e, { tipo: 'petPronto', chave: 'p:2', pessoaId: inativa, petId: vivo })).toEqual({
      enfileirada: false,
      motivo: 'pessoaInativa',
    });
    expect(await enfileirar(e, { tipo: 'petPronto', chave: 'p:3', pessoaId: semCelular, petId: vivo })).toEqual({
      enfileirada: false,
      motivo: 'semTelefone',
    });
    // A phone given by the caller (a fixed line can still be typed for a test).
    expect(
      await enfileirar(e, { tipo: 'petPronto', chave: 'p:4', pessoaId: semCelular, petId: vivo, telefone: '(11) 3333-0000' }),
    ).toMatchObject({ enfileirada: true });
    const primeira = await enfileirar(e, { tipo: 'aniversario', chave: 'a:2', pessoaId: comConsentimento });
    expect(primeira.enfileirada).toBe(true);
    expect(await enfileirar(e, { tipo: 'aniversario', chave: 'a:2', pessoaId: comConsentimento })).toEqual({
      enfileirada: false,
      motivo: 'duplicada',
    });
    const linhas = await mensagensDa(ctx, e);
    expect(linhas.map((l) => [l.chave, l.telefone]).sort()).toEqual([
      ['a:2', '5511987654321'],
      ['c:1', '5511987654321'],
      ['p:4', '551133330000'],
    ]);
  });

  it('a mesma chave em outra unidade é outra mensagem; a unidade só vê as suas', async () => {
    const t = await newTenant(ctx);
    const e = escopoDe(t);
    const u2 = await novaUnidade(ctx, t);
    const e2 = { tenantId: t.tenantId, unidadeNegocioId: u2.id };
    await ligarModelos(ctx, e);
    await ligarModelos(ctx, e2);
    const pessoaId = await novaPessoa(ctx, e);
    expect(await enfileirar(e, { tipo: 'aniversario', chave: 'a:x', pessoaId })).toMatchObject({ enfileirada: true });
    expect(await enfileirar(e2, { tipo: 'aniversario', chave: 'a:x', pessoaId })).toMatchObject({ enfileirada: true });
    const [m1] = await mensagensDa(ctx, e);
    const [m2] = await mensagensDa(ctx, e2);
    expect((await mensagensDa(ctx, e)).length).toBe(1);
    expect(m1!.texto).toContain('Loja Centro');
    expect(m2!.texto).toContain('Loja Bairro');
    // Another tenant sees none.
    const outro = await newTenant(ctx);
    expect(await mensagensDa(ctx, escopoDe(outro))).toEqual([]);
  });

  it('mensagem de teste ou avulsa leva o texto digitado', async () => {
    const t = await newTenant(ctx);
    const e = escopoDe(t);
    const r = await enfileirar(e, { tipo: 'teste', chave: 'teste:1', telefone: '11988887777', texto: 'Olá {{nome}}' });
    expect(r.enfileirada).toBe(true);
    const [m] = await mensagensDa(ctx, e);
    expect(m).toMatchObject({ texto: 'Olá {{nome}}', telefone: '5511988887777', valores: null });
  });
});
