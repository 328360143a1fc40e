/**
 * The customer's data as a readable PDF (LGPD art. 18 II/V, issue #22 item 6): the same sections
 * as the JSON document (@petshop/shared/lgpd `dadosPessoaisSchema`) — controller and generation,
 * personal data, consent, pets, purchases, appointments, messages — on A4 portrait pages, pt-BR
 * formats (R$ 1.234,56, dd/MM/yyyy) in the unit's time zone, with a footer "Gerado em … por … ·
 * Página n de N". Rendered in the PDF worker thread (lib/pdf-worker.ts), as the reports are.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { DadosPessoais } from '@petshop/shared/lgpd';
import {
  formatCep,
  formatCnpj,
  formatCpfCnpj,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatTelefone,
} from '@petshop/shared/format';
import { STATUS_ATENDIMENTO, type StatusAtendimento } from '@petshop/shared/agenda';
import { STATUS_MENSAGEM_WHATSAPP, TIPOS_MENSAGEM_WHATSAPP } from '@petshop/shared/whatsapp';
import { renderPdfInWorker, rodapePaginado, type DefinicaoPdf } from '../../lib/pdf-worker.ts';

/** A4 portrait: 595.28 × 841.89 points, 36-point margins. */
const MARGEM = 36;

const STATUS_VENDA: Record<string, string> = { EmAberto: 'Em aberto', Finalizada: 'Finalizada', Cancelada: 'Cancelada' };
const TIPO_VENDA: Record<string, string> = { Venda: 'Venda', Orcamento: 'Orçamento' };
const SEXO: Record<string, string> = { F: 'Feminino', M: 'Masculino' };
const SEXO_PET: Record<string, string> = { F: 'Fêmea', M: 'Macho' };

const ou = (v: string | null | undefined, vazio = '—'): string => (v && v.trim() !== '' ? v : vazio);
/** A WhatsApp number as stored (55 + DDD + number) → '+55 (11) 98765-4321'. */
const telefoneWhatsapp = (t: string) => (/^55\d{10,11}$/.test(t) ? `+55 ${formatTelefone(t.slice(2))}` : formatTelefone(t));
const qtd = (q: number) => formatDecimal(q, 3).replace(/,?0+$/, '');

const secao = (titulo: string): Content => ({ text: titulo, style: 'secao' });
const nenhum = (texto: string): Content => ({ text: texto, italics: true, color: '#555555', margin: [0, 0, 0, 6] });

/** A two-column "label: value" table. */
const campos = (linhas: [string, string][]): Content => ({
  table: {
    widths: [130, '*'],
    body: linhas.map(([k, v]): TableCell[] => [{ text: k, bold: true }, { text: v }]),
  },
  layout: 'noBorders',
  margin: [0, 0, 0, 6],
});

const tabela = (cabecalho: string[], linhas: string[][], widths: (string | number)[], direita: number[] = []): Content => ({
  table: {
    headerRows: 1,
    widths,
    body: [
      cabecalho.map((c, i): TableCell => ({
        text: c,
        bold: true,
        fillColor: '#eeeeee',
        alignment: direita.includes(i) ? 'right' : 'left',
      })),
      ...linhas.map((l) => l.map((c, i): TableCell => ({ text: c, alignment: direita.includes(i) ? 'right' : 'left' }))),
    ],
  },
  layout: 'lightHorizontalLines',
  fontSize: 8,
  margin: [0, 0, 0, 6],
});

/** The PDF bytes of the document (see the file's comment). */
export const imprimirDadosPessoais = (d: DadosPessoais, timeZone: string): Promise<Buffer> => {
  const data = (v: string | null) => (v ? formatDate(v.length === 10 ? v : new Date(v), timeZone) : '—');
  const dataHora = (v: string | null) => (v ? formatDateTime(new Date(v), timeZone) : '—');
  const p = d.pessoa;
  const e = p.endereco;
  const endereco = [
    [e.logradouro, e.numero].filter(Boolean).join(', '),
    e.complemento,
    e.bairro,
    [e.cidade, e.uf].filter(Boolean).join('/'),
    e.cep ? `CEP ${formatCep(e.cep)}` : null,
  ]
    .filter((x) => x && x.trim() !== '')
    .join(' · ');
  const telefones = p.telefones.map((t) => `${formatTelefone(t.numero)} (${t.tipo}${t.whatsapp ? ', WhatsApp' : ''})`).join('; ');

  const content: Content[] = [
    { text: d.cabecalho.controlador.nome, style: 'empresa' },
    ...(d.cabecalho.controlador.cnpj
      ? [{ text: `CNPJ ${formatCnpj(d.cabecalho.controlador.cnpj)} · Controlador dos dados`, alignment: 'center' as const }]
      : []),
    { text: 'DADOS PESSOAIS DO TITULAR (LGPD)', style: 'titulo' },
    {
      text: `Gerado em ${dataHora(d.cabecalho.geradoEm)} por ${d.cabecalho.geradoPor}`,
      alignment: 'center',
      margin: [0, 0, 0, 4],
    },
    { text: d.cabecalho.observacao, fontSize: 7.5, color: '#555555', alignment: 'center', margin: [0, 0, 0, 8] },

    secao('Dados pessoais'),
    campos([
      ['Nome', p.nome],
      ['CPF/CNPJ', p.cpfCnpj ? formatCpfCnpj(p.cpfCnpj) : '—'],
      ['RG', ou(p.rg)],
      ['Data de nascimento', data(p.dataNascimento)],
      ['Sexo', p.sexo ? (SEXO[p.sexo] ?? p.sexo) : '—'],
      ['E-mail', ou(p.email)],
      ['Telefones', ou(telefones)],
      ['Endereço', ou(endereco)],
      ['Observações', ou(p.observacoes)],
      ['Como conheceu', ou(p.comoConheceu)],
      ['Foto', p.temFoto ? 'Sim (guardada no cadastro)' : 'Não'],
      ['Situação', p.ativo ? 'Ativo' : 'Inativo'],
      ['Cadastrado em', dataHora(p.cadastradoEm)],
      ['Unidade do cadastro', ou(p.unidadeCadastro)],
    ]),

    secao('Consentimentos'),
    campos([
      [
        'Marketing (WhatsApp)',
        d.consentimentos.marketing.consentido
          ? `Consentido em ${dataHora(d.consentimentos.marketing.consentidoEm)}`
          : 'Não consentido ou retirado',
      ],
      ['', d.consentimentos.marketing.descricao],
    ]),

    secao(`Pets (${d.pets.length})`),
    ...(d.pets.length === 0
      ? [nenhum('Nenhum pet cadastrado.')]
      : d.pets.flatMap((pet): Content[] => [
          { text: pet.nome, bold: true, margin: [0, 2, 0, 2] },
          campos([
            ['Espécie / raça / pelagem', [pet.especie, pet.raca, pet.pelagem].filter(Boolean).join(' / ') || '—'],
            ['Sexo', pet.sexo ? `${SEXO_PET[pet.sexo] ?? pet.sexo}${pet.castrado ? ' (castrado)' : ''}` : '—'],
            ['Nascimento', data(pet.dataNascimento)],
            ['Microchip', ou(pet.microchip)],
            ['Peso atual', pet.pesoAtualKg === null ? '—' : `${qtd(pet.pesoAtualKg)} kg`],
            ...(pet.dataObito ? ([['Óbito', data(pet.dataObito)]] as [string, string][]) : []),
            [
              'Histórico de peso',
              pet.historicoPeso.length === 0
                ? '—'
                : pet.historicoPeso.map((h) => `${data(h.data)}: ${qtd(h.pesoKg)} kg`).join('; '),
            ],
          ]),
          pet.vacinas.length === 0
            ? nenhum('Nenhuma vacina aplicada registrada.')
            : tabela(
                ['Vacina aplicada', 'Data', 'Lote', 'Veterinário'],
                pet.vacinas.map((v) => [v.vacina, data(v.data), ou(v.lote), ou(v.veterinario)]),
                ['*', 60, 80, 120],
              ),
        ])),

    secao(`Compras em todas as unidades (${d.compras.length})`),
    ...(d.compras.length === 0
      ? [nenhum('Nenhuma compra registrada.')]
      : d.compras.flatMap((c): Content[] => [
          {
            text: `${TIPO_VENDA[c.tipo] ?? c.tipo} nº ${c.numero} · ${c.unidade} · ${dataHora(c.dataFinalizacao ?? c.data)} · ${STATUS_VENDA[c.status] ?? c.status} · Total ${formatMoney(c.valorTotal)}`,
            bold: true,
            margin: [0, 2, 0, 2],
          },
          tabela(
            ['Item', 'Qtd.', 'Valor unit.', 'Desconto', 'Total', 'Devolvido'],
            c.itens.map((i) => [
              i.descricao,
              `${qtd(i.quantidade)} ${i.unidadeSigla}`,
              formatMoney(i.valorUnitario),
              formatMoney(i.valorDesconto),
              formatMoney(i.valorTotal),
              i.quantidadeDevolvida > 0 ? qtd(i.quantidadeDevolvida) : '—',
            ]),
            ['*', 50, 60, 55, 60, 50],
            [1, 2, 3, 4, 5],
          ),
          ...(c.pagamentos.length > 0
            ? [
                {
                  text: `Pagamentos: ${c.pagamentos
                    .map((pg) => `${pg.forma} ${formatMoney(pg.valor)}${pg.parcelas > 1 ? ` em ${pg.parcelas}x` : ''}`)
                    .join('; ')}`,
                  fontSize: 8,
                  margin: [0, 0, 0, 2] as [number, number, number, number],
                },
              ]
            : []),
          ...c.devolucoes.map((dv): Content => ({
            text: `Devolução nº ${dv.numero} em ${dataHora(dv.data)}: ${formatMoney(dv.valorTotal)}${dv.motivo ? ` (${dv.motivo})` : ''}`,
            fontSize: 8,
            margin: [0, 0, 0, 2],
          })),
        ])),

    secao(`Atendimentos (${d.atendimentos.length})`),
    d.atendimentos.length === 0
      ? nenhum('Nenhum atendimento registrado.')
      : tabela(
          ['Data', 'Unidade', 'Pet', 'Serviço', 'Situação'],
          d.atendimentos.map((a) => [
            dataHora(a.inicio),
            a.unidade,
            ou(a.pet),
            a.servicos.length > 0 ? a.servicos.join(', ') : ou(a.tipo),
            STATUS_ATENDIMENTO[a.status as StatusAtendimento] ?? a.status,
          ]),
          [80, 80, 70, '*', 70],
        ),

    secao(`Mensagens de WhatsApp (${d.mensagens.length})`),
    d.mensagens.length === 0
      ? nenhum('Nenhuma mensagem enviada.')
      : tabela(
          ['Data', 'Unidade', 'Tipo', 'Situação', 'Telefone', 'Texto'],
          d.mensagens.map((m) => [
            dataHora(m.data),
            m.unidade,
            (TIPOS_MENSAGEM_WHATSAPP as Record<string, string>)[m.tipo] ?? m.tipo,
            (STATUS_MENSAGEM_WHATSAPP as Record<string, string>)[m.status] ?? m.status,
            telefoneWhatsapp(m.telefone),
            m.texto,
          ]),
          [62, 60, 55, 50, 70, '*'],
        ),
  ];

  const definicao: DefinicaoPdf = {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [MARGEM, MARGEM, MARGEM, MARGEM + 8],
    compress: false,
    info: { title: 'Dados pessoais (LGPD)', author: d.cabecalho.controlador.nome },
    defaultStyle: { font: 'Helvetica', fontSize: 9, lineHeight: 1.1 },
    styles: {
      empresa: { fontSize: 13, bold: true, alignment: 'center' },
      titulo: { fontSize: 12, bold: true, alignment: 'center', margin: [0, 6, 0, 3] },
      secao: { fontSize: 11, bold: true, margin: [0, 8, 0, 4], color: '#1a4d8f' },
    },
    content,
    footer: rodapePaginado(`Gerado em ${dataHora(d.cabecalho.geradoEm)} por ${d.cabecalho.geradoPor}`, MARGEM),
  };
  return renderPdfInWorker(definicao);
};
