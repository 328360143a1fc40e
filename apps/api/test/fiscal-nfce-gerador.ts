/**
 * Random NFC-e inputs for tests and the bench (issue #18): a seeded PRNG (mulberry32) makes
 * sales of 1–30 items with fractional quantities, item and sale discounts, freight, 1–3 payments
 * (cash with change, cards with and without acquirer data, PIX, "outros"), with and without the
 * consumer's CPF/CNPJ, CRT 1 and 3, tpEmis 1 and 9, both environments.
 */
import type { DadosNfce, ItemNfce, PagamentoNfce } from '../src/modules/fiscal/nfce/dados-nfce.ts';

/** mulberry32: a small deterministic PRNG in [0, 1). */
export const prng = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const reais = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** A valid CPF from 9 random digits. */
export const cpfAleatorio = (r: () => number): string => {
  const d = Array.from({ length: 9 }, () => Math.floor(r() * 10));
  for (const n of [9, 10]) {
    const s = d.reduce((acc, v, i) => acc + v * (n + 1 - i), 0);
    const dv = (s * 10) % 11;
    d.push(dv === 10 ? 0 : dv);
  }
  return d.join('');
};

const NCMS = ['23091000', '30049099', '33059000', '42010090', '95030099', '63079090', '39249000', '01069900'];
const DESCRICOES = [
  'Ração Golden Cães Adultos 15 kg',
  'Antipulgas Bravecto 10–20 kg',
  'Shampoo neutro "Pet Clean" 500 ml',
  'Coleira couro & metal',
  'Brinquedo mordedor <osso>',
  'Cama pet média — azul',
  'Comedouro inox',
  'Peixe betta',
];

export type OpcoesVenda = { crt?: '1' | '3'; tipoEmissao?: '1' | '9'; ambiente?: '1' | '2'; itens?: number; uf?: string };

/** One random sale as `DadosNfce`; deterministic for a given `r` state. */
export const vendaAleatoria = (r: () => number, numero: number, o: OpcoesVenda = {}): DadosNfce => {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const crt = o.crt ?? (r() < 0.5 ? '1' : '3');
  const tipoEmissao = o.tipoEmissao ?? (r() < 0.3 ? '9' : '1');
  const n = o.itens ?? 1 + Math.floor(r() * 30);
  const itens: ItemNfce[] = [];
  let liquido = 0;
  for (let i = 0; i < n; i++) {
    const fracionado = r() < 0.3;
    const qMil = fracionado ? 1 + Math.floor(r() * 5000) : 1000 * (1 + Math.floor(r() * 4)); // milésimos
    const preco = 50 + Math.floor(r() * 30000);
    const vProd = Math.round((qMil * preco) / 1000);
    const desc = r() < 0.3 ? Math.floor(r() * vProd * 0.3) : 0;
    liquido += vProd - desc;
    const k = Math.floor(r() * NCMS.length);
    itens.push({
      codigo: `P${1000 + Math.floor(r() * 9000)}`,
      codigoBarras: pick([null, '7891000315507', '7891000315500', '12345670', 'abc']),
      descricao: DESCRICOES[k]!,
      ncm: NCMS[k]!,
      cest: r() < 0.3 ? '2806400' : null,
      cfop: pick(['5102', '5405']),
      unidade: fracionado ? 'KG' : 'UN',
      quantidade: (qMil / 1000).toFixed(3),
      valorUnitario: reais(preco),
      descontoItem: reais(desc),
      origem: pick(['0', '0', '1', '2']),
      csosn: crt === '1' ? pick(['102', '102', '103', '300', '400', '500', '101', '900', '201', '202']) : null,
      cst: crt === '3' ? pick(['00', '20', '40', '41', '60', '60', '90']) : null,
      pisCst: pick([null, '01', '04', '06', '49', '99', '03']),
      cofinsCst: pick([null, '01', '04', '07', '49', '99', '03']),
    });
  }
  const descontoVenda = r() < 0.3 ? Math.floor(r() * liquido * 0.2) : 0;
  const frete = r() < 0.2 ? Math.floor(r() * 2000) : 0;
  const total = liquido - descontoVenda + frete;
  const pagamentos: PagamentoNfce[] = [];
  const nPag = 1 + Math.floor(r() * 3);
  let restante = total;
  let troco = 0;
  for (let i = 0; i < nPag; i++) {
    const ultimo = i === nPag - 1;
    const valor = ultimo ? restante : Math.floor(restante * r() * 0.6);
    restante -= valor;
    const tPag = pick(['01', '03', '04', '17', '99', '05'] as const);
    if (ultimo && tPag === '01' && r() < 0.6) {
      troco = Math.floor(r() * 5000);
      pagamentos.push({ tPag, valor: reais(valor + troco) });
    } else if (tPag === '03' || tPag === '04') {
      pagamentos.push({
        tPag,
        valor: reais(valor),
        cartao:
          r() < 0.5
            ? {
                cnpjCredenciadora: '01027058000191',
                bandeira: pick(['Visa', 'Mastercard', 'elo', '99', 'Desconhecida']),
                autorizacao: '123456',
              }
            : {},
      });
    } else if (tPag === '99') {
      pagamentos.push({ tPag, valor: reais(valor), descricao: 'Vale-presente da loja' });
    } else {
      pagamentos.push({ tPag, valor: reais(valor) });
    }
  }
  const doc = r();
  const emitidoEm = new Date(
    Date.UTC(
      2026,
      Math.floor(r() * 12),
      1 + Math.floor(r() * 28),
      Math.floor(r() * 24),
      Math.floor(r() * 60),
      Math.floor(r() * 60),
      123,
    ),
  );
  return {
    emitente: {
      cnpj: '11222333000181',
      razaoSocial: 'PET SHOP TESTE LTDA',
      nomeFantasia: r() < 0.5 ? 'Pet & Cia' : null,
      inscricaoEstadual: '110042490114',
      crt,
      logradouro: 'Rua das Flores',
      numero: '123',
      complemento: r() < 0.5 ? 'Loja 2' : null,
      bairro: 'Centro',
      codigoMunicipio: '3550308',
      municipio: 'São Paulo',
      uf: o.uf ?? 'SP',
      cep: '01001000',
      telefone: r() < 0.5 ? '(11) 3333-4444' : null,
    },
    ambiente: o.ambiente ?? (r() < 0.5 ? '1' : '2'),
    serie: 1 + Math.floor(r() * 5),
    numero,
    codigoNumerico: String(10000000 + Math.floor(r() * 89999999)),
    emitidoEm,
    timeZone: pick(['America/Sao_Paulo', 'America/Manaus', 'America/Noronha']),
    tipoEmissao,
    contingencia:
      tipoEmissao === '9'
        ? { desde: new Date(emitidoEm.getTime() - 60_000), justificativa: 'SEFAZ sem resposta em 5 segundos' }
        : undefined,
    destinatarioDocumento: doc < 0.4 ? cpfAleatorio(r) : doc < 0.5 ? '11444777000161' : null,
    itens,
    descontoVenda: reais(descontoVenda),
    frete: reais(frete),
    pagamentos,
    troco: reais(troco),
    csc: { id: '000001', token: 'GPB0JBWLUR6HWFTVEAS6RJ69GPCROFPBBB8G' },
    informacoesComplementares: `Venda ${numero}`,
  };
};
