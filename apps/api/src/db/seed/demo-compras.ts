/**
 * Demo purchases (issue #5 item 6), in the Pet Shop Demo's Matriz: a dozen purchases from the
 * demo suppliers over the last two months, finalised through the product's own use cases
 * (criarCompra / importarNfe → vincularItem → finalizarCompra), so stock, lots, cost prices
 * and payables are what the screens would have written; then back-dated to their entry day.
 * Some are paid in installments (payables EmAberto, the oldest already overdue), lot products
 * come with lots expiring in the next 15–90 days, two came from NF-e XML (one item of a box
 * converted to units, remembered for the supplier's code), and one imported draft waits with
 * an item to link. A few best sellers end below their minimum stock.
 *
 * Order: listed AFTER demo-vendas.ts in `demoSeeders` (demo.ts). The sales
 * history gives every product its own opening stock and restocks what runs low, so the sales
 * never needed these purchases; seeding them afterwards keeps demo-vendas' back-dating of the
 * whole ledger (it moves every stock movement it finds by 61 days) away from them, and keeps
 * the lots bought here intact for the expiry report instead of being sold off by the history.
 * Their stock movements are moved to their entry days and the running balances
 * (`saldo_resultante`) of the products they touched are recomputed in date order, so the
 * ledger reads consistently.
 *
 * Deterministic (seeded PRNG). About a second.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { compraInputSchema, type CompraInput } from '@petshop/shared/compra';
import { addDays } from '@petshop/shared/venda';
import type { Db } from '../client.ts';
import { queryRows } from '../rows.ts';
import { compraItens, fornecedores, produtos, unidadesMedida, unidadesNegocio } from '../schema/index.ts';
import { currentUnidadeNegocioId } from '../schema/tenancy.ts';
import { finalizarCompra } from '../../modules/compras/finalizar-compra.ts';
import { importarNfe } from '../../modules/compras/importar-nfe.ts';
import { digitoVerificadorChave } from '../../modules/compras/nfe/chave-acesso.ts';
import { criarCompra } from '../../modules/compras/salvar-compra.ts';
import { vincularItem } from '../../modules/compras/vincular-item.ts';
import { getUnidadeAtual } from '../../modules/unidades-negocio/unidade-atual.ts';
import type { DemoIds } from './demo.ts';
import { int as entre, pick, seededRandom } from './generators.ts';

type Rnd = () => number;

type ProdutoDemo = {
  id: string;
  nome: string;
  custo: number;
  fracionado: boolean;
  sigla: string;
  controlaLote: boolean;
  codigoBarras: string | null;
};

type FornecedorDemo = {
  id: string;
  razaoSocial: string;
  nomeFantasia: string | null;
  cpfCnpj: string;
  inscricaoEstadual: string | null;
  telefone: string | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  codigoIbge: string | null;
};

/** Days ago of each finalised purchase and its payment terms (days after entry). */
const PLANO: { diasAtras: number; prazos: number[] }[] = [
  { diasAtras: 58, prazos: [28] },
  { diasAtras: 54, prazos: [30, 60, 90] },
  { diasAtras: 49, prazos: [45] },
  { diasAtras: 44, prazos: [30, 60] },
  { diasAtras: 39, prazos: [28] },
  { diasAtras: 33, prazos: [30, 60, 90] },
  { diasAtras: 27, prazos: [21] },
  { diasAtras: 22, prazos: [30, 60] },
  { diasAtras: 16, prazos: [28] },
  { diasAtras: 11, prazos: [30, 60, 90] },
  { diasAtras: 6, prazos: [30] },
];

const reais = (v: number) => Math.round(v * 100) / 100;

/** Splits `total` into `n` installments that add up to the cent (the first takes the rest). */
const dividir = (total: number, n: number): number[] => {
  const centavos = Math.round(total * 100);
  const base = Math.floor(centavos / n);
  return Array.from({ length: n }, (_, i) => (base + (i === 0 ? centavos - base * n : 0)) / 100);
};

/** Lots of a lot product's entry: one or two, expiring 15–90 days from today. */
const lotesDe = (rnd: Rnd, hoje: string, entrada: string, quantidade: number) => {
  const dois = quantidade >= 4 && rnd() < 0.5;
  const primeira = dois ? Math.floor(quantidade / 2) : quantidade;
  const lote = (q: number) => ({
    numero: `L${entre(rnd, 10, 99)}${String.fromCharCode(65 + entre(rnd, 0, 25))}${entre(rnd, 100, 999)}`,
    dataFabricacao: addDays(entrada, -entre(rnd, 30, 120)),
    dataValidade: addDays(hoje, entre(rnd, 15, 90)),
    quantidade: q,
  });
  return dois ? [lote(primeira), lote(quantidade - primeira)] : [lote(primeira)];
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type ItemXml = {
  codigo: string;
  gtin: string | null;
  descricao: string;
  ncm: string;
  unidade: string;
  quantidade: number;
  valorUnitario: number;
};

/**
 * A supplier's NF-e 4.00 (nfeProc with an authorised protocol, not signed) as a demo file to
 * import: valid access key, the unit as destinatário, items, ICMS totals and duplicatas.
 */
const nfeXml = (o: {
  emitente: FornecedorDemo;
  destinatarioCnpj: string;
  destinatarioNome: string;
  numero: number;
  dataEmissao: string;
  itens: ItemXml[];
  frete: number;
  duplicatas: { dataVencimento: string; valor: number }[];
  cNF: string;
}): string => {
  const e = o.emitente;
  const aamm = o.dataEmissao.slice(2, 4) + o.dataEmissao.slice(5, 7);
  const corpo = `35${aamm}${e.cpfCnpj}55001${String(o.numero).padStart(9, '0')}1${o.cNF}`;
  const chave = `${corpo}${digitoVerificadorChave(corpo)}`;
  const vProd = reais(o.itens.reduce((s, i) => s + reais(i.quantidade * i.valorUnitario), 0));
  const vNF = reais(vProd + o.frete);
  const dets = o.itens
    .map(
      (i, n) =>
        `<det nItem="${n + 1}"><prod><cProd>${esc(i.codigo)}</cProd><cEAN>${i.gtin ?? 'SEM GTIN'}</cEAN><xProd>${esc(i.descricao)}</xProd><NCM>${i.ncm}</NCM><CFOP>5102</CFOP><uCom>${i.unidade}</uCom><qCom>${i.quantidade.toFixed(4)}</qCom><vUnCom>${i.valorUnitario.toFixed(10)}</vUnCom><vProd>${reais(i.quantidade * i.valorUnitario).toFixed(2)}</vProd><cEANTrib>${i.gtin ?? 'SEM GTIN'}</cEANTrib><uTrib>${i.unidade}</uTrib><qTrib>${i.quantidade.toFixed(4)}</qTrib><vUnTrib>${i.valorUnitario.toFixed(10)}</vUnTrib><indTot>1</indTot></prod><imposto><ICMS><ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102></ICMS></imposto></det>`,
    )
    .join('');
  const dups = o.duplicatas
    .map(
      (d, n) =>
        `<dup><nDup>${String(n + 1).padStart(3, '0')}</nDup><dVenc>${d.dataVencimento}</dVenc><vDup>${d.valor.toFixed(2)}</vDup></dup>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${chave}" versao="4.00"><ide><cUF>35</cUF><cNF>${o.cNF}</cNF><natOp>Venda de mercadoria</natOp><mod>55</mod><serie>1</serie><nNF>${o.numero}</nNF><dhEmi>${o.dataEmissao}T09:30:00-03:00</dhEmi><tpNF>1</tpNF><idDest>1</idDest><cMunFG>${e.codigoIbge ?? '3550308'}</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>${chave.slice(-1)}</cDV><tpAmb>1</tpAmb><finNFe>1</finNFe><indFinal>0</indFinal><indPres>9</indPres><procEmi>0</procEmi><verProc>demo</verProc></ide><emit><CNPJ>${e.cpfCnpj}</CNPJ><xNome>${esc(e.razaoSocial)}</xNome>${e.nomeFantasia ? `<xFant>${esc(e.nomeFantasia)}</xFant>` : ''}<enderEmit><xLgr>${esc(e.logradouro ?? 'Rua')}</xLgr><nro>${e.numero ?? 'S/N'}</nro><xBairro>${esc(e.bairro ?? 'Centro')}</xBairro><cMun>${e.codigoIbge ?? '3550308'}</cMun><xMun>${esc(e.cidade ?? 'São Paulo')}</xMun><UF>${e.uf ?? 'SP'}</UF><CEP>${e.cep ?? '01001000'}</CEP><cPais>1058</cPais><xPais>Brasil</xPais>${e.telefone ? `<fone>${e.telefone}</fone>` : ''}</enderEmit><IE>${e.inscricaoEstadual ?? 'ISENTO'}</IE><CRT>1</CRT></emit><dest><CNPJ>${o.destinatarioCnpj}</CNPJ><xNome>${esc(o.destinatarioNome)}</xNome><indIEDest>9</indIEDest></dest>${dets}<total><ICMSTot><vBC>0.00</vBC><vICMS>0.00</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>${vProd.toFixed(2)}</vProd><vFrete>${o.frete.toFixed(2)}</vFrete><vSeg>0.00</vSeg><vDesc>0.00</vDesc><vII>0.00</vII><vIPI>0.00</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS><vOutro>0.00</vOutro><vNF>${vNF.toFixed(2)}</vNF></ICMSTot></total><transp><modFrete>0</modFrete></transp><cobr><fat><nFat>${o.numero}</nFat><vOrig>${vNF.toFixed(2)}</vOrig><vDesc>0.00</vDesc><vLiq>${vNF.toFixed(2)}</vLiq></fat>${dups}</cobr><pag><detPag><tPag>15</tPag><vPag>${vNF.toFixed(2)}</vPag></detPag></pag></infNFe></NFe><protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${chave}</chNFe><dhRecbto>${o.dataEmissao}T09:31:12-03:00</dhRecbto><nProt>1352${o.cNF}${String(o.numero).padStart(3, '0')}</nProt><digVal>demo</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;
};

/**
 * Moves purchase `compraId` and what it wrote to `diasAtras` days ago (10:00 on the unit's
 * clock): the purchase (dates and timestamps), its stock movements and lots, its payables'
 * issue date and timestamps. Due dates were chosen relative to the entry date already.
 */
const moverCompra = async (tx: Db, compraId: string, diasAtras: number): Promise<void> => {
  const dia = sql`((now() at time zone u.time_zone)::date - ${diasAtras}::int)`;
  const quando = sql`((${dia} + time '10:00') at time zone u.time_zone)`;
  await tx.execute(sql`update compras c set
      created_at = ${quando} - interval '20 minutes', updated_at = ${quando},
      finalizada_em = case when c.finalizada_em is null then null else ${quando} end
      from unidades_negocio u where u.id = c.unidade_negocio_id and c.id = ${compraId}`);
  await tx.execute(sql`update movimentacoes_estoque m set created_at = ${quando}
      from unidades_negocio u where u.id = m.unidade_negocio_id and m.origem_id = ${compraId}`);
  await tx.execute(sql`update lotes l set created_at = ${quando}
      from unidades_negocio u where u.id = l.unidade_negocio_id
       and l.id in (select m.lote_id from movimentacoes_estoque m where m.origem_id = ${compraId} and m.lote_id is not null)`);
  await tx.execute(sql`update despesas d set created_at = ${quando}, updated_at = ${quando}
      from unidades_negocio u where u.id = d.unidade_negocio_id and d.compra_id = ${compraId}`);
};

/** The demo purchases; see the file's comment. Runs in the Matriz scope of the demo tenant. */
export const seedDemoCompras = async (tx: Db, ids: DemoIds): Promise<void> => {
  const rnd = seededRandom(5151);
  const usuarioId = ids.petShop.usuarioId;
  const unidade = await getUnidadeAtual(tx);
  const hoje = unidade.hoje;
  const [matriz] = await tx
    .select({ cnpj: unidadesNegocio.cnpj, razaoSocial: unidadesNegocio.razaoSocial })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  const lista = (await tx
    .select({
      id: fornecedores.id,
      razaoSocial: fornecedores.razaoSocial,
      nomeFantasia: fornecedores.nomeFantasia,
      cpfCnpj: fornecedores.cpfCnpj,
      inscricaoEstadual: fornecedores.inscricaoEstadual,
      telefone: fornecedores.telefone,
      cep: fornecedores.cep,
      logradouro: fornecedores.logradouro,
      numero: fornecedores.numero,
      bairro: fornecedores.bairro,
      cidade: fornecedores.cidade,
      uf: fornecedores.uf,
      codigoIbge: fornecedores.codigoIbge,
    })
    .from(fornecedores)
    .where(and(eq(fornecedores.ativo, true), sql`${fornecedores.cpfCnpj} is not null`))
    .orderBy(asc(fornecedores.razaoSocial))) as FornecedorDemo[];
  const catalogo: ProdutoDemo[] = (
    await tx
      .select({
        id: produtos.id,
        nome: produtos.nome,
        custo: produtos.precoCusto,
        fracionado: unidadesMedida.permiteVendaFracionada,
        sigla: unidadesMedida.sigla,
        controlaLote: produtos.controlaLote,
        codigoBarras: produtos.codigoBarras,
      })
      .from(produtos)
      .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
      .where(and(eq(produtos.tipo, 'produto'), eq(produtos.ativo, true), eq(produtos.controlaEstoque, true)))
      .orderBy(asc(produtos.nome))
  ).map((p) => ({ ...p, custo: Number(p.custo) }));
  if (lista.length === 0 || catalogo.length < 20 || !matriz) return;
  const comLote = catalogo.filter((p) => p.controlaLote);
  const semLote = catalogo.filter((p) => !p.controlaLote && p.custo > 0);
  const comprados = new Set<string>();

  const quantidadePara = (p: ProdutoDemo) =>
    p.fracionado ? entre(rnd, 30, 75) : p.custo > 100 ? entre(rnd, 3, 8) : entre(rnd, 6, 24);
  const custoPara = (p: ProdutoDemo) => reais(Math.max(0.5, p.custo * (0.94 + rnd() * 0.1)));

  // Finalised manual purchases.
  for (const [n, plano] of PLANO.entries()) {
    const fornecedor = lista[n % lista.length]!;
    const entrada = addDays(hoje, -plano.diasAtras);
    const escolhidos = new Map<string, ProdutoDemo>();
    const quantos = entre(rnd, 3, 6);
    while (escolhidos.size < quantos) {
      const p = escolhidos.size < 2 && comLote.length > 0 ? pick(rnd, comLote) : pick(rnd, semLote);
      escolhidos.set(p.id, p);
    }
    const itens = [...escolhidos.values()].map((p) => {
      const quantidade = quantidadePara(p);
      comprados.add(p.id);
      return {
        produtoId: p.id,
        quantidade,
        custoUnitario: custoPara(p),
        lotes: p.controlaLote ? lotesDe(rnd, hoje, entrada, quantidade) : [],
      };
    });
    const valorFrete = rnd() < 0.5 ? pick(rnd, [15, 25, 38.5, 45]) : 0;
    const valorDesconto = rnd() < 0.3 ? pick(rnd, [5, 10, 12.9]) : 0;
    const valorOutros = rnd() < 0.2 ? pick(rnd, [4.9, 8.5]) : 0;
    const produtosTotal = itens.reduce((s, i) => s + reais(i.quantidade * i.custoUnitario), 0);
    const total = reais(produtosTotal + valorFrete + valorOutros - valorDesconto);
    const valores = dividir(total, plano.prazos.length);
    const numeroNota = String(entre(rnd, 10_000, 99_999));
    const input: CompraInput = {
      id: randomUUID(),
      fornecedorId: fornecedor.id,
      numeroNota,
      serie: '1',
      dataEmissao: addDays(entrada, -entre(rnd, 1, 3)),
      dataEntrada: entrada,
      valorFrete,
      valorDesconto,
      valorOutros,
      itens,
      parcelas: plano.prazos.map((d, i) => ({
        dataVencimento: addDays(entrada, d),
        valor: valores[i]!,
        numero: `${numeroNota}-${i + 1}`,
      })),
    };
    const id = await criarCompra(tx, compraInputSchema.parse(input), usuarioId);
    await finalizarCompra(tx, id, usuarioId);
    await moverCompra(tx, id, plano.diasAtras);
  }

  // From the NF-e XML: snacks by the box of 12 (linked with factor 12, then remembered) and
  // items matched by their GTIN; later a draft from the same supplier waits with a new item.
  const distribuidor = lista[lista.length - 1]!;
  const comGtin = semLote.filter((p) => p.codigoBarras && !p.fracionado);
  const petisco = catalogo.find((p) => p.sigla === 'PC' && !p.controlaLote) ?? semLote[0]!;
  if (comGtin.length >= 4) {
    const importar = async (diasAtras: number, numero: number, itens: ItemXml[], prazos: number[]) => {
      const emissao = addDays(hoje, -diasAtras - 1);
      const vProd = reais(itens.reduce((s, i) => s + reais(i.quantidade * i.valorUnitario), 0));
      const valores = dividir(reais(vProd + 18), prazos.length);
      const xml = nfeXml({
        emitente: distribuidor,
        destinatarioCnpj: matriz.cnpj,
        destinatarioNome: matriz.razaoSocial,
        numero,
        dataEmissao: emissao,
        itens,
        frete: 18,
        duplicatas: prazos.map((d, i) => ({ dataVencimento: addDays(emissao, d), valor: valores[i]! })),
        cNF: String(10_000_000 + numero * 7).slice(-8),
      });
      return importarNfe(tx, Buffer.from(xml, 'utf8'), { aceitarOutroDestinatario: false }, usuarioId);
    };
    const caixaPetisco: ItemXml = {
      codigo: 'CX-PET-0112',
      gtin: null,
      descricao: `${petisco.nome.toUpperCase()} CAIXA C/ 12`,
      ncm: '23091000',
      unidade: 'CX',
      quantidade: 3,
      valorUnitario: reais(petisco.custo * 12 * 0.97),
    };
    const porGtin = (p: ProdutoDemo): ItemXml => ({
      codigo: `D${p.codigoBarras!.slice(-6)}`,
      gtin: p.codigoBarras,
      descricao: p.nome.toUpperCase(),
      ncm: '23091000',
      unidade: p.sigla,
      quantidade: entre(rnd, 4, 12),
      valorUnitario: custoPara(p),
    });
    const primeiros = [comGtin[3]!, comGtin[Math.floor(comGtin.length / 2)]!];
    const importada = await importar(20, 48_213, [caixaPetisco, ...primeiros.map(porGtin)], [28, 56]);
    const [pendente] = await tx
      .select({ id: compraItens.id })
      .from(compraItens)
      .where(and(eq(compraItens.compraId, importada), sql`${compraItens.produtoId} is null`))
      .orderBy(asc(compraItens.ordem))
      .limit(1);
    if (pendente) await vincularItem(tx, importada, pendente.id, { produtoId: petisco.id, fatorConversao: 12 });
    await finalizarCompra(tx, importada, usuarioId);
    await moverCompra(tx, importada, 20);
    comprados.add(petisco.id);
    for (const p of primeiros) comprados.add(p.id);
    // Today's delivery, still a draft: the box is recognised by the supplier's code, one
    // item is new to the shop (to link or create).
    await importar(
      0,
      48_577,
      [
        { ...caixaPetisco, quantidade: 2 },
        porGtin(comGtin[comGtin.length - 2]!),
        {
          codigo: 'BRQ-9021',
          gtin: null,
          descricao: 'BRINQUEDO CORDA DENTAL 3 NOS PET',
          ncm: '95030099',
          unidade: 'UN',
          quantidade: 6,
          valorUnitario: 7.35,
        },
      ],
      [30],
    );
  }

  // The ledger in date order: running balances of the products bought, recomputed.
  const tocados = [...comprados];
  if (tocados.length > 0)
    await tx.execute(sql`
      with r as (
        select id, sum(quantidade) over (partition by produto_id order by created_at, id) as saldo
          from movimentacoes_estoque where produto_id in (${sql.join(
            tocados.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
      )
      update movimentacoes_estoque m set saldo_resultante = r.saldo from r where r.id = m.id and m.saldo_resultante <> r.saldo`);

  // A few products not restocked here end below their minimum: the lowest whole-unit
  // balances get a minimum a little above what is left (the shop wants them reordered).
  const baixos = await queryRows<{ produto_id: string; quantidade: string }>(
    tx,
    sql`select e.produto_id, e.quantidade from estoques e
          join produtos p on p.id = e.produto_id
          join unidades_medida u on u.id = p.unidade_medida_id
         where e.quantidade > 0 and not u.permite_venda_fracionada and p.tipo = 'produto'
         order by e.quantidade, p.nome limit 12`,
  );
  for (const m of baixos.filter((b) => !comprados.has(b.produto_id)).slice(0, 4))
    await tx
      .update(produtos)
      .set({ estoqueMinimo: (Math.ceil(Number(m.quantidade)) + entre(rnd, 2, 6)).toFixed(3) })
      .where(eq(produtos.id, m.produto_id));
};
