/** A chart (FichaAnimal) and the clinic's answers for the panels' tests, dated from the unit's today. */
import type { FichaAnimal, Planejamento, Registro, Vacina, VacinaAplicada } from '@petshop/shared/clinica';
import { somarDias } from './datas-vacina.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { MATRIZ_ID } from '#test/fixtures.ts';

export const fid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const PET_ID = fid(1);
export const VACINA_ID = fid(2);
export const PROTOCOLO_ID = fid(3);
export const APLICACAO_ID = fid(4);
export const PRODUTO_ID = fid(5);
export const LOTE_ID = fid(6);
export const ESPECIE_ID = fid(7);

export const planejamento = (n: number, overrides: Partial<Planejamento> = {}): Planejamento => ({
  id: fid(100 + n),
  petId: PET_ID,
  petNome: 'Thor',
  tutorId: fid(9),
  tutorNome: 'Maria Silva',
  tutorCelular: '31999990000',
  vacinaId: VACINA_ID,
  vacinaNome: 'V10',
  protocoloId: PROTOCOLO_ID,
  protocoloNome: 'V10 filhote',
  aplicacaoProtocoloId: APLICACAO_ID,
  ordem: n,
  descricao: `${n}ª dose`,
  dataPrevista: hojeNaUnidade(),
  status: 'pendente',
  vacinaAplicadaId: null,
  dataAplicacao: null,
  unidadeNegocioId: MATRIZ_ID,
  ...overrides,
});

export const vacinaAplicada = (overrides: Partial<VacinaAplicada> = {}): VacinaAplicada => ({
  id: fid(200),
  petId: PET_ID,
  vacinaId: VACINA_ID,
  vacinaNome: 'V10',
  planejamentoId: fid(101),
  dataAplicacao: somarDias(hojeNaUnidade(), -21),
  lote: 'L2026A',
  loteId: null,
  validadeLote: null,
  fabricante: 'Zoetis',
  veterinarioId: fid(10),
  veterinarioNome: 'Dra. Paula',
  veterinarioCrmv: 'CRMV-MG 1234',
  proximaDose: null,
  vendaId: null,
  vendaNumero: null,
  observacoes: null,
  unidadeNegocioId: MATRIZ_ID,
  createdAt: '2026-11-01T12:00:00.000Z',
  ...overrides,
});

export const vacinaV10 = (overrides: Partial<Vacina> = {}): Vacina => ({
  id: VACINA_ID,
  nome: 'V10',
  fabricante: 'Zoetis',
  especieIds: [ESPECIE_ID],
  especieNomes: ['Canina'],
  produtoId: PRODUTO_ID,
  produtoNome: 'Vacina V10 dose',
  precoVenda: 89.9,
  controlaLote: true,
  observacoes: null,
  ativo: true,
  createdAt: '2026-01-01T12:00:00.000Z',
  ...overrides,
});

/** A record's clinical fields left blank (a document's record, or a test's starting point). */
export const semConteudoClinico = (): Pick<
  Registro,
  'anamnese' | 'exameFisico' | 'diagnostico' | 'conduta' | 'evolucao' | 'descricao' | 'peso' | 'medicamentos'
> => ({
  anamnese: null,
  exameFisico: null,
  diagnostico: null,
  conduta: null,
  evolucao: null,
  descricao: null,
  peso: null,
  medicamentos: [],
});

export const registroDocumento = (n: number, overrides: Partial<Registro> = {}): Registro => ({
  id: fid(300 + n),
  petId: PET_ID,
  tipo: 'receita',
  data: '2026-11-20T13:30:00.000Z',
  dataLocal: '2026-11-20T10:30',
  titulo: `Receita simples ${n}`,
  ...semConteudoClinico(),
  conteudoHtml: '<p>Receita</p>',
  modeloDocumentoId: fid(400),
  controleEspecial: false,
  veterinarioId: fid(10),
  veterinarioNome: 'Dra. Paula',
  veterinarioCrmv: 'CRMV-MG 1234',
  unidadeNegocioId: MATRIZ_ID,
  unidadeNegocioNome: 'Matriz',
  editavel: true,
  anexos: [],
  createdAt: '2026-11-20T13:30:00.000Z',
  ...overrides,
});

export const fichaAnimal = (overrides: Partial<FichaAnimal> = {}): FichaAnimal => ({
  pet: {
    id: PET_ID,
    nome: 'Thor',
    especieId: ESPECIE_ID,
    especieNome: 'Canina',
    racaNome: 'Labrador',
    pelagemNome: null,
    sexo: 'M',
    castrado: false,
    dataNascimento: '2026-08-01',
    idadeEstimadaMeses: null,
    idade: '3 meses',
    porte: null,
    microchip: null,
    peso: 8.5,
    pesoData: '2026-11-20',
    alergias: null,
    agressivo: false,
    usaFocinheira: false,
    observacoes: null,
    fotoUrl: null,
    dataObito: null,
    ativo: true,
  },
  tutor: { id: fid(9), nome: 'Maria Silva', cpfCnpj: null, telefone: null },
  alertas: [],
  vacinas: { aplicadas: [], planejadas: [] },
  historicoPeso: [],
  totaisPorTipo: {},
  registros: { items: [], total: 0, page: 1, pageSize: 20 },
  podeEscrever: true,
  ...overrides,
});
