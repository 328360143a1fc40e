/**
 * The clinic's PDFs (issue #19 items 4–6), A4, built from the comercial/impressao-pdf.ts blocks and
 * rendered off the event loop (lib/pdf-worker.ts):
 *
 * - a record (`imprimirRegistro`): the header of the unit that wrote it, with its logo; the title;
 *   the date; the pet and tutor identification; then by kind — a consultation's anamnese, physical
 *   exam (with units), diagnosis and conduct (a hospitalisation's evolution), an exam's or
 *   procedure's description, a weight, a document's or prescription's filled text (html-pdf.ts)
 *   and a prescription's medicines (nome, dose, via, frequência, duração) after it; the
 *   attachments by name; place, date and the veterinarian's signature line with name and CRMV.
 *   A prescription *de controle especial* prints TWO copies (1ª via: farmácia, 2ª via: paciente),
 *   each with the issuer's identification and the "Identificação do comprador" and "Identificação
 *   do fornecedor" blocks, as the "Receituário de Controle Especial" of Portaria SVS/MS nº
 *   344/1998 (Anexo XVII) lays them out;
 * - the vaccination card (`imprimirCarteiraVacinacao`): the doses applied (date, vaccine,
 *   manufacturer, lot, expiry, veterinarian and CRMV) and the planned ones (overdue in red).
 *
 * Reads run in the caller's scoped transaction; the PDF is rendered after it ends, so no database
 * connection waits for pdfmake. Every text is printed as text (pdfmake does not read markup).
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import {
  HIDRATACAO,
  MUCOSAS,
  STATUS_PLANEJAMENTO,
  TIPOS_REGISTRO,
  type Medicamento,
  type Planejamento,
  type Registro,
  type VacinaAplicada,
} from '@petshop/shared/clinica';
import { dataPorExtenso, formatDate, formatDateTime, formatTelefone } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { renderPdfInWorker, rodapePaginado, type DefinicaoPdf } from '../../lib/pdf-worker.ts';
import { cabecalhoUnidade, documentDefinition, enderecoDa, larguraUtil } from '../comercial/impressao-pdf.ts';
import { formatPeso, getDadosDocumento, type DadosDocumento } from './dados-documento.ts';
import { htmlParaPdf } from './html-pdf.ts';
import { getRegistro } from './registros-repository.ts';
import { listPlanejamentosDoPet } from './planejamentos-repository.ts';
import { listVacinasAplicadasDoPet } from './vacinas-aplicadas-repository.ts';

/** A PDF and the file name it is downloaded as. */
export type PdfClinica = { nomeArquivo: string; pdf: Buffer };

type Scoped = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;

const LARGURA = larguraUtil('a4');
const CINZA = '#555555';
const VERMELHO = '#c92a2a';

/** 'Ração & Cia — Thor' → 'racao-cia-thor' (file names: ASCII, no quotes). */
const slug = (texto: string): string =>
  texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'documento';

const secao = (titulo: string): Content => ({ text: titulo, style: 'secao', margin: [0, 8, 0, 3] });

/** A section with a free text (kept line breaks), or nothing when the text is empty. */
const secaoTexto = (titulo: string, texto: string | null): Content[] => (texto ? [secao(titulo), { text: texto }] : []);

/** "Rótulo: valor" runs, the label bold. */
const rotulado = (rotulo: string, valor: string): Content => ({ text: [{ text: `${rotulo}: `, bold: true }, valor || '—'] });

/** The pet and tutor identification, a bordered box of two columns. */
const identificacao = (d: DadosDocumento): Content => {
  const pet = d.pet;
  const tutor = d.tutor;
  return {
    table: {
      widths: ['*', '*'],
      body: [
        [
          {
            stack: [
              rotulado('Paciente', pet.nome),
              rotulado('Espécie / raça', [pet.especie, pet.raca].filter(Boolean).join(' / ')),
              rotulado('Sexo', pet.sexo),
              rotulado('Idade', pet.idade),
              rotulado('Peso', pet.peso),
              ...(pet.microchip ? [rotulado('Microchip', pet.microchip)] : []),
            ],
          },
          {
            stack: [
              rotulado('Tutor(a)', tutor?.nome ?? ''),
              rotulado('CPF/CNPJ', tutor?.cpf ?? ''),
              rotulado('Telefone', tutor?.telefone ?? ''),
              rotulado('Endereço', tutor?.endereco ?? ''),
            ],
          },
        ],
      ],
    },
    layout: 'noBorders',
    margin: [0, 4, 0, 4],
  };
};

const celulaCabecalho = (text: string): TableCell => ({ text, bold: true, fillColor: '#eeeeee' });

/** A consultation's physical exam as a two-row table of the values given, with their units. */
const exameFisico = (e: NonNullable<Registro['exameFisico']>): Content[] => {
  const decimal = (v: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(v);
  const campos: [string, string | null][] = [
    ['Peso', e.peso === null ? null : formatPeso(e.peso)],
    ['Temperatura', e.temperatura === null ? null : `${decimal(e.temperatura)} °C`],
    ['FC', e.frequenciaCardiaca === null ? null : `${e.frequenciaCardiaca} bpm`],
    ['FR', e.frequenciaRespiratoria === null ? null : `${e.frequenciaRespiratoria} mpm`],
    ['Mucosas', e.mucosas ? (MUCOSAS[e.mucosas as keyof typeof MUCOSAS] ?? e.mucosas) : null],
    ['Hidratação', e.hidratacao ? (HIDRATACAO[e.hidratacao as keyof typeof HIDRATACAO] ?? e.hidratacao) : null],
    ['TPC', e.tpc === null ? null : `${decimal(e.tpc)} s`],
  ];
  const presentes = campos.filter((c): c is [string, string] => c[1] !== null);
  if (presentes.length === 0 && !e.observacoes) return [];
  return [
    secao('Exame físico'),
    ...(presentes.length > 0
      ? [
          {
            table: {
              widths: presentes.map(() => '*' as const),
              body: [presentes.map(([rotulo]) => celulaCabecalho(rotulo)), presentes.map(([, valor]) => valor)],
            },
          },
        ]
      : []),
    ...(e.observacoes ? [{ text: e.observacoes, margin: [0, 3, 0, 0] as [number, number, number, number] }] : []),
  ];
};

/** A prescription's medicines: name (quantity and notes under it), dose, route, frequency, duration. */
const tabelaMedicamentos = (medicamentos: Medicamento[]): Content[] => {
  if (medicamentos.length === 0) return [];
  return [
    secao('Medicamentos'),
    {
      table: {
        headerRows: 1,
        widths: [14, '*', 'auto', 'auto', 'auto', 'auto'],
        body: [
          ['#', 'Medicamento', 'Dose', 'Via', 'Frequência', 'Duração'].map(celulaCabecalho),
          ...medicamentos.map((m, i): TableCell[] => [
            String(i + 1),
            {
              stack: [
                { text: m.nome, bold: true },
                ...(m.quantidade ? [{ text: `Quantidade: ${m.quantidade}`, color: CINZA }] : []),
                ...(m.observacoes ? [{ text: m.observacoes, color: CINZA }] : []),
              ],
            },
            m.dose,
            m.via,
            m.frequencia,
            m.duracao,
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
};

/** What a record of each kind says, after the identification. */
const corpoRegistro = (r: Registro): Content[] => {
  const corpo: Content[] = [];
  if (r.conteudoHtml) corpo.push({ stack: htmlParaPdf(r.conteudoHtml, { largura: LARGURA }), margin: [0, 6, 0, 0] });
  corpo.push(...secaoTexto('Anamnese', r.anamnese));
  if (r.exameFisico) corpo.push(...exameFisico(r.exameFisico));
  // A weight of its own (tipo peso), or of a record without a physical exam.
  if (r.peso !== null && !r.exameFisico?.peso) corpo.push(secao('Peso'), { text: formatPeso(r.peso) });
  corpo.push(...secaoTexto('Diagnóstico', r.diagnostico));
  corpo.push(...secaoTexto('Conduta', r.conduta));
  corpo.push(...secaoTexto('Evolução', r.evolucao));
  corpo.push(...secaoTexto('Descrição', r.descricao));
  corpo.push(...tabelaMedicamentos(r.medicamentos));
  if (r.anexos.length > 0) {
    corpo.push(secao('Anexos'), { ul: r.anexos.map((a) => a.nome) });
  }
  return corpo;
};

/** "Cidade/UF, 27 de novembro de 2026" and the veterinarian's signature line with name and CRMV. */
const localDataAssinatura = (d: DadosDocumento, dataIso: string, nome: string | null, crmv: string | null): Content => {
  const local = [d.unidade.cidade, d.unidade.uf].filter(Boolean).join('/');
  return {
    stack: [
      { text: `${local ? `${local}, ` : ''}${dataPorExtenso(dataIso)}.`, margin: [0, 14, 0, 0] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 240, y2: 0, lineWidth: 0.5 }], alignment: 'center', margin: [0, 34, 0, 2] },
      { text: nome ?? 'Médico(a)-veterinário(a)', alignment: 'center', bold: true },
      { text: crmv ? `Médico(a)-veterinário(a) — ${crmv}` : 'Médico(a)-veterinário(a) — CRMV', alignment: 'center' },
    ],
    unbreakable: true,
  };
};

const campoEmBranco = (rotulo: string): Content => ({
  text: `${rotulo}: ${'_'.repeat(Math.max(8, 44 - rotulo.length))}`,
  margin: [0, 4, 0, 0],
});

/** The buyer's and supplier's identification (Portaria SVS/MS 344/98), to be filled at the pharmacy. */
const compradorFornecedor = (): Content => ({
  table: {
    widths: ['*', '*'],
    body: [
      [celulaCabecalho('Identificação do comprador'), celulaCabecalho('Identificação do fornecedor')],
      [
        {
          stack: [
            campoEmBranco('Nome'),
            campoEmBranco('Ident. (RG)'),
            campoEmBranco('Órgão emissor'),
            campoEmBranco('Endereço'),
            campoEmBranco('Cidade'),
            campoEmBranco('UF'),
            campoEmBranco('Telefone'),
          ],
          fontSize: 9,
        },
        {
          stack: [
            { text: 'Assinatura do farmacêutico', margin: [0, 4, 0, 0] },
            { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.5 }], margin: [0, 30, 0, 8] },
            { text: 'Data: ____/____/________' },
          ],
          fontSize: 9,
        },
      ],
    ],
  },
  margin: [0, 14, 0, 0],
  unbreakable: true,
});

/** The issuer's identification of a controlled prescription: the veterinarian and the establishment. */
const emitente = (d: DadosDocumento, nome: string | null, crmv: string | null): Content => ({
  table: {
    widths: ['*'],
    body: [
      [celulaCabecalho('Identificação do emitente')],
      [
        {
          stack: [
            rotulado('Nome', nome ?? ''),
            rotulado('CRMV', crmv ?? ''),
            rotulado('Estabelecimento', d.unidade.razaoSocial),
            rotulado('Endereço', enderecoDa(d.unidade)),
            rotulado('Telefone', formatTelefone(d.unidade.telefone)),
          ],
          fontSize: 9,
        },
      ],
    ],
  },
  margin: [0, 4, 0, 4],
});

const tituloRegistro = (r: Registro): string => {
  if (r.tipo === 'receita' && r.controleEspecial) return 'RECEITUÁRIO DE CONTROLE ESPECIAL';
  if (r.tipo === 'documento' || r.tipo === 'receita') return (r.titulo ?? TIPOS_REGISTRO[r.tipo]).toUpperCase();
  const tipo = TIPOS_REGISTRO[r.tipo].toUpperCase();
  return r.titulo ? `${tipo} — ${r.titulo.toUpperCase()}` : tipo;
};

/** The content of a record's PDF (two copies for a controlled prescription). Pure. */
export const conteudoRegistro = (r: Registro, d: DadosDocumento): Content[] => {
  const dataIso = r.dataLocal.slice(0, 10);
  const quando: Content = {
    text: `Data: ${formatDate(dataIso)} ${r.dataLocal.slice(11, 16)}${r.unidadeNegocioNome ? ` — ${r.unidadeNegocioNome}` : ''}`,
    alignment: 'center',
    color: CINZA,
    margin: [0, 0, 0, 4],
  };
  // Built anew for each copy: pdfmake annotates the nodes it lays out, so none is used twice.
  const assinatura = () => localDataAssinatura(d, dataIso, r.veterinarioNome, r.veterinarioCrmv);
  const cabecalho = () => cabecalhoUnidade(d.unidade, tituloRegistro(r), LARGURA, d.logo);
  if (r.tipo === 'receita' && r.controleEspecial) {
    const via = (n: number, destino: string): Content[] => [
      { stack: cabecalho(), ...(n > 1 ? { pageBreak: 'before' as const } : {}) },
      { text: `${n}ª via — ${destino}`, alignment: 'center', bold: true, margin: [0, 0, 0, 4] },
      emitente(d, r.veterinarioNome, r.veterinarioCrmv),
      identificacao(d),
      ...corpoRegistro(r),
      assinatura(),
      compradorFornecedor(),
    ];
    return [...via(1, 'Farmácia'), ...via(2, 'Paciente')];
  }
  return [...cabecalho(), quando, identificacao(d), ...corpoRegistro(r), assinatura()];
};

const definicao = (d: DadosDocumento, titulo: string, content: Content[]): DefinicaoPdf => ({
  ...documentDefinition('a4', titulo, d.unidade.nomeFantasia, content),
  pageMargins: [40, 40, 40, 50],
  footer: rodapePaginado(`${d.unidade.nomeFantasia} — impresso em ${formatDateTime(new Date(), d.unidade.timeZone)}`, 40),
});

/**
 * The record `id` as a PDF (see the module's doc). 404 'Registro não encontrado' for another
 * tenant's; any unit of the tenant prints it, with the header of the unit that wrote it.
 */
export const imprimirRegistro = async (scoped: Scoped, id: string): Promise<PdfClinica> => {
  const { registro, dados } = await scoped(async (tx) => {
    const r = await getRegistro(tx, id);
    const d = await getDadosDocumento(tx, { petId: r.petId, unidadeId: r.unidadeNegocioId, veterinarioId: null });
    return { registro: r, dados: d };
  });
  const titulo = tituloRegistro(registro);
  const pdf = await renderPdfInWorker(definicao(dados, titulo, conteudoRegistro(registro, dados)));
  const nomeArquivo = `${slug(registro.tipo === 'documento' || registro.tipo === 'receita' ? (registro.titulo ?? registro.tipo) : registro.tipo)}-${slug(dados.pet.nome)}-${registro.dataLocal.slice(0, 10)}.pdf`;
  return { nomeArquivo, pdf };
};

/** A planned dose's situation: 'Atrasada' in red and bold. */
const situacao = (p: Planejamento): TableCell =>
  p.status === 'atrasada' ? { text: STATUS_PLANEJAMENTO.atrasada, color: VERMELHO, bold: true } : STATUS_PLANEJAMENTO[p.status];

/** The content of a vaccination card. Pure. */
export const conteudoCarteira = (d: DadosDocumento, aplicadas: VacinaAplicada[], planejadas: Planejamento[]): Content[] => {
  const veterinario = (v: VacinaAplicada) => [v.veterinarioNome, v.veterinarioCrmv].filter(Boolean).join(' — ') || '—';
  const pendentes = planejadas.filter((p) => p.status !== 'aplicada');
  return [
    ...cabecalhoUnidade(d.unidade, 'CARTEIRA DE VACINAÇÃO', LARGURA, d.logo),
    identificacao(d),
    secao('Vacinas aplicadas'),
    aplicadas.length === 0
      ? { text: 'Nenhuma vacina aplicada registrada.', color: CINZA }
      : {
          table: {
            headerRows: 1,
            widths: ['auto', '*', 'auto', 'auto', 'auto', '*'],
            body: [
              ['Data', 'Vacina', 'Fabricante', 'Lote', 'Validade', 'Veterinário(a)'].map(celulaCabecalho),
              ...aplicadas.map((v): TableCell[] => [
                formatDate(v.dataAplicacao),
                { text: v.vacinaNome, bold: true },
                v.fabricante ?? '—',
                v.lote ?? '—',
                v.validadeLote ? formatDate(v.validadeLote) : '—',
                veterinario(v),
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
          fontSize: 9,
        },
    secao('Próximas doses'),
    pendentes.length === 0
      ? { text: 'Nenhuma dose planejada.', color: CINZA }
      : {
          table: {
            headerRows: 1,
            widths: ['auto', '*', '*', 'auto'],
            body: [
              ['Data prevista', 'Vacina', 'Dose', 'Situação'].map(celulaCabecalho),
              ...pendentes.map((p): TableCell[] => [
                p.status === 'atrasada' ? { text: formatDate(p.dataPrevista), color: VERMELHO } : formatDate(p.dataPrevista),
                { text: p.vacinaNome, bold: true },
                [p.descricao, p.protocoloNome].filter(Boolean).join(' — '),
                situacao(p),
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
          fontSize: 9,
        },
    { text: `Emitida em ${d.hojeExtenso}.`, margin: [0, 14, 0, 0], color: CINZA },
  ];
};

/**
 * The pet's vaccination card as a PDF: every dose applied in any unit of the tenant (newest
 * first), the pending and overdue ones (soonest first), the scope unit's header. 404 'Pet não
 * encontrado' for another tenant's pet.
 */
export const imprimirCarteiraVacinacao = async (scoped: Scoped, petId: string): Promise<PdfClinica> => {
  const { dados, aplicadas, planejadas } = await scoped(async (tx) => {
    const d = await getDadosDocumento(tx, { petId, veterinarioId: null });
    const a = await listVacinasAplicadasDoPet(tx, petId);
    const p = await listPlanejamentosDoPet(tx, petId);
    return { dados: d, aplicadas: a, planejadas: p };
  });
  const pdf = await renderPdfInWorker(definicao(dados, 'Carteira de vacinação', conteudoCarteira(dados, aplicadas, planejadas)));
  return { nomeArquivo: `carteira-vacinacao-${slug(dados.pet.nome)}.pdf`, pdf };
};
