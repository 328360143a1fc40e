import type { AtendimentoDetalhe, TipoAtendimento } from '@petshop/shared/agenda';
import { describe, expect, it } from 'vitest';
import {
  aplicarTipo,
  atendimentoInput,
  atendimentoMovido,
  atendimentoValues,
  novoAtendimentoValues,
  somarMinutos,
} from './atendimento-values.ts';

const banho: TipoAtendimento = {
  id: 't-banho',
  nome: 'Banho',
  area: 'BanhoTosa',
  duracaoMinutos: 60,
  cor: '#228be6',
  produtoId: 'p-banho',
  produtoNome: 'Banho médio',
  preco: 70,
  recurso: 'Box',
  ativo: true,
};
const consulta: TipoAtendimento = {
  ...banho,
  id: 't-cons',
  nome: 'Consulta',
  produtoId: 'p-cons',
  produtoNome: 'Consulta',
  preco: 150,
  recurso: 'Sala',
  duracaoMinutos: 30,
};

const detalhe = (over: Partial<AtendimentoDetalhe> = {}): AtendimentoDetalhe => ({
  id: 'a1',
  petId: 'pet1',
  petNome: 'Rex',
  petFotoUrl: null,
  racaNome: null,
  especieNome: null,
  porte: null,
  agressivo: false,
  usaFocinheira: false,
  alergias: null,
  clienteId: 'c1',
  clienteNome: 'Maria',
  clienteTelefone: null,
  tipoAtendimentoId: 't-banho',
  tipoNome: 'Banho',
  area: 'BanhoTosa',
  cor: '#228be6',
  inicio: '2026-11-25T09:00',
  fim: '2026-11-25T10:00',
  responsavelId: 'u1',
  responsavelNome: 'Ana',
  salaId: null,
  salaNome: null,
  boxId: 'b1',
  boxNome: 'Box 1',
  servicos: [{ produtoId: 'p-banho', descricao: 'Banho médio', valor: 70 }],
  observacoes: null,
  naoFazer: 'Não cortar as unhas',
  status: 'Agendado',
  prioridade: 'Alta',
  atividade: 'Aguardando',
  atividadeDesde: '2026-11-25T12:00:00Z',
  levaETraz: { endereco: 'Rua A, 1', horaBusca: '08:30', horaEntrega: null, valor: 15 },
  recorrenciaId: null,
  vendaId: null,
  vendaNumero: null,
  statusFinanceiro: 'EmAberto',
  pacote: null,
  respostaConfirmacao: null,
  respostaConfirmacaoEm: null,
  createdAt: '2026-11-20T12:00:00Z',
  historico: [],
  ...over,
});

describe('valores do formulário de atendimento', () => {
  it('a new booking starts at the clicked slot and column', () => {
    const v = novoAtendimentoValues({ inicio: '2026-11-25T14:30', fim: '2026-11-25T15:00', boxId: 'b2' });
    expect(v).toMatchObject({
      data: '2026-11-25',
      horaInicio: '14:30',
      horaFim: '15:00',
      boxId: 'b2',
      salaId: null,
      usarPacote: true,
    });
  });

  it('choosing a type sets the end from its duration, its service, and drops the resource it does not need', () => {
    const v = novoAtendimentoValues({ inicio: '2026-11-25T14:30', boxId: 'b2' });
    expect(aplicarTipo(v, banho, null)).toEqual({
      horaFim: '15:30',
      servicos: [{ produtoId: 'p-banho', descricao: 'Banho médio', valor: 70 }],
      salaId: null,
    });
    const comBanho = { ...v, ...aplicarTipo(v, banho, null) };
    // Switching type replaces the previous type's service, and a clinic type needs a room, not a box.
    expect(aplicarTipo(comBanho, consulta, banho)).toMatchObject({
      horaFim: '15:00',
      servicos: [{ produtoId: 'p-cons', valor: 150 }],
      boxId: null,
    });
    // Services the user edited are kept.
    const editado = { ...comBanho, servicos: [...comBanho.servicos, { produtoId: 'p-x', descricao: 'Laço', valor: 5 as const }] };
    expect(aplicarTipo(editado, consulta, banho)).not.toHaveProperty('servicos');
    expect(somarMinutos('23:30', 60)).toBe('23:59');
  });

  it('builds the POST body: leva e traz, repetition only when creating, blanks left out', () => {
    const v = {
      ...novoAtendimentoValues({ inicio: '2026-11-25T09:00' }),
      petId: 'pet1',
      clienteId: 'c1',
      tipoAtendimentoId: 't-banho',
      horaFim: '10:00',
      observacoes: '  ',
      levaETraz: true,
      levaEndereco: ' Rua A, 1 ',
      horaBusca: '08:30',
      levaValor: 15 as const,
      repetir: true,
      intervaloSemanas: 2 as const,
      repetirAte: '2026-12-31',
      servicos: [{ produtoId: 'p-banho', descricao: 'Banho', valor: '' as const }],
    };
    const body = atendimentoInput(v, true);
    expect(body).toMatchObject({
      petId: 'pet1',
      inicio: '2026-11-25T09:00',
      fim: '2026-11-25T10:00',
      observacoes: undefined,
      servicos: [{ produtoId: 'p-banho', valor: undefined }],
      levaETraz: { endereco: 'Rua A, 1', horaBusca: '08:30', horaEntrega: undefined, valor: 15 },
      repeticao: { intervaloSemanas: 2, ate: '2026-12-31' },
    });
    expect(atendimentoInput(v, false).repeticao).toBeNull();
  });

  it('a calendar move keeps everything but the time and the dropped resource', () => {
    const body = atendimentoMovido(detalhe(), { inicio: '2026-11-26T11:00', fim: '2026-11-26T12:00', boxId: 'b2' });
    expect(body).toMatchObject({
      petId: 'pet1',
      clienteId: 'c1',
      inicio: '2026-11-26T11:00',
      fim: '2026-11-26T12:00',
      boxId: 'b2',
      responsavelId: 'u1',
      prioridade: 'Alta',
      naoFazer: 'Não cortar as unhas',
      servicos: [{ produtoId: 'p-banho', valor: 70 }],
      levaETraz: { endereco: 'Rua A, 1', horaBusca: '08:30', valor: 15 },
      repeticao: null,
      usarPacote: false,
    });
    // On a package, it stays on it; a resize keeps the resource.
    const noPacote = detalhe({ pacote: { id: 'pk', nome: 'Banho 4x', sessoesRestantes: 2 } });
    expect(atendimentoMovido(noPacote, { inicio: '2026-11-25T09:00', fim: '2026-11-25T11:00' })).toMatchObject({
      boxId: 'b1',
      usarPacote: true,
    });
    expect(atendimentoValues(detalhe()).levaETraz).toBe(true);
  });
});
