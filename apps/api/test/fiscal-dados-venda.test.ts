/**
 * dados-venda-nfce.ts (issue #18 item 2): a sale → DadosNfce over many generated sales (services
 * mixed in, item and sale discounts, freight, fractional quantities, several payments, cash change):
 * every NFC-e builds and validates against the XSD (gerarNfce validates), services stay out, vNF is
 * the products' share, and Σ vPag − vTroco = vNF with vTroco the sale's change.
 */
import { describe, expect, it } from 'vitest';
import { lerCertificadoA1 } from '../src/lib/certificado.ts';
import { montarDadosNfce, ratear, totaisNfce, type VendaNfce } from '../src/modules/fiscal/dados-venda-nfce.ts';
import { gerarNfce } from '../src/modules/fiscal/nfce/gerar-nfce.ts';
import type { UnidadeFiscal } from '../src/modules/fiscal/unidade-fiscal.ts';
import { makePfx } from './certificate.ts';

const CNPJ = '11222333000181';
const certificado = lerCertificadoA1(makePfx('x', { cn: `PET SHOP TESTE LTDA:${CNPJ}` }), 'x');
const unidade: UnidadeFiscal = {
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  emitente: {
    cnpj: CNPJ,
    razaoSocial: 'PET SHOP TESTE LTDA',
    nomeFantasia: 'Pet Shop Teste',
    inscricaoEstadual: '111222333444',
    crt: '1',
    logradouro: 'Praça da Sé',
    numero: '100',
    complemento: null,
    bairro: 'Sé',
    codigoMunicipio: '3550308',
    municipio: 'São Paulo',
    uf: 'SP',
    cep: '01001000',
    telefone: null,
  },
  ambiente: 'homologacao',
  serie: 1,
  timeZone: 'America/Sao_Paulo',
  csc: { id: '000001', token: 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6' },
  certificado,
};

/** A deterministic generator (mulberry32) so a failure can be replayed. */
const gerador = (seed: number) => () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const FORMAS = ['dinheiro', 'pix', 'cartao_debito', 'cartao_credito', 'credito_cliente', 'a_prazo', 'boleto', 'transferencia'];

/** A sale as the till computes it (cents), with at least one product. */
const vendaAleatoria = (rnd: () => number, n: number): VendaNfce => {
  const c = (x: number) => (x / 100).toFixed(2);
  const itens: VendaNfce['itens'] = [];
  const linhas = 1 + Math.floor(rnd() * 6);
  for (let i = 0; i < linhas; i++) {
    const servico = i > 0 && rnd() < 0.3;
    const fracionado = !servico && rnd() < 0.4;
    const quantidade = fracionado ? Math.round((0.05 + rnd() * 4) * 1000) / 1000 : 1 + Math.floor(rnd() * 4);
    const unitario = 50 + Math.floor(rnd() * 30_000);
    const bruto = Math.round(quantidade * unitario);
    const desconto = rnd() < 0.3 ? Math.floor(bruto * rnd() * 0.2) : 0;
    itens.push({
      produtoId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      produtoNome: servico ? `Banho ${i}` : `Ração ${i}`,
      tipo: servico ? 'servico' : 'produto',
      codigo: `P${i}`,
      codigoBarras: null,
      descricao: servico ? `Banho ${i}` : `Ração ${i}`,
      unidadeSigla: fracionado ? 'KG' : 'UN',
      quantidade: quantidade.toFixed(3),
      valorUnitario: c(unitario),
      valorDesconto: c(desconto),
      valorTotal: c(bruto - desconto),
      ncm: '23091000',
      cest: null,
      cfop: '5102',
      origem: '0',
      csosn: '102',
      cst: null,
      pisCst: null,
      cofinsCst: null,
    });
  }
  const liquidoItens = itens.reduce((s, i) => s + Math.round(Number(i.valorTotal) * 100), 0);
  const descontoItens = itens.reduce((s, i) => s + Math.round(Number(i.valorDesconto) * 100), 0);
  const descontoVenda = rnd() < 0.4 ? Math.floor(liquidoItens * rnd() * 0.15) : 0;
  const frete = rnd() < 0.3 ? Math.floor(rnd() * 3000) : 0;
  const liquido = liquidoItens - descontoVenda + frete;
  const partes = 1 + Math.floor(rnd() * 3);
  const valores =
    partes === 1
      ? [liquido]
      : ratear(
          liquido,
          Array.from({ length: partes }, () => 1 + Math.floor(rnd() * 10)),
        );
  const pagamentos = valores.map((v, i) => {
    const tipoForma = FORMAS[Math.floor(rnd() * FORMAS.length)]!;
    const troco = tipoForma === 'dinheiro' && i === valores.length - 1 && rnd() < 0.6 ? Math.floor(rnd() * 5000) : 0;
    return {
      tipoForma,
      formaNome: tipoForma,
      valor: c(v),
      troco: c(troco),
      bandeira: tipoForma.startsWith('cartao') ? 'Visa' : null,
      autorizacao: tipoForma.startsWith('cartao') ? '123456' : null,
      adquirenteCnpj: tipoForma.startsWith('cartao') ? '01027058000191' : null,
    };
  });
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    numero: n,
    status: 'Finalizada',
    tipo: 'Venda',
    valorDescontoItens: c(descontoItens),
    valorDescontos: c(descontoItens + descontoVenda),
    valorEntregaFrete: c(frete),
    valorLiquido: c(liquido),
    itens,
    pagamentos: pagamentos.filter((p) => Number(p.valor) > 0),
  };
};

const num = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\d.]+)</${tag}>`, 'g'))].map((m) => Math.round(Number(m[1]) * 100));

describe('montarDadosNfce', () => {
  it('200 vendas geradas: NFC-e válidas no XSD, serviços fora, vNF = parte dos produtos, Σ vPag − vTroco = vNF', () => {
    const rnd = gerador(18);
    for (let n = 1; n <= 200; n++) {
      const venda = vendaAleatoria(rnd, n);
      const dados = montarDadosNfce(venda, unidade, {
        serie: 1,
        numero: n,
        codigoNumerico: String(10_000_000 + n),
        emitidoEm: new Date(),
        tipoEmissao: '1',
        cpf: n % 3 === 0 ? '52998224725' : null,
      });
      const gerada = gerarNfce(dados, certificado);
      const totais = totaisNfce(venda);
      expect(Math.round(Number(gerada.valorTotal) * 100), `venda ${n}`).toBe(totais.valorNota);
      const produtos = venda.itens.filter((i) => i.tipo === 'produto');
      expect(num(gerada.xml, 'vProd').length - 1, `venda ${n}`).toBe(produtos.length);
      expect(gerada.xml).not.toContain('Banho');
      const vPag = num(gerada.xml, 'vPag').reduce((s, v) => s + v, 0);
      const [vTroco = 0] = num(gerada.xml, 'vTroco');
      expect(vPag - vTroco, `venda ${n}`).toBe(totais.valorNota);
      const trocoVenda = venda.pagamentos.reduce(
        (s, p) => s + (p.tipoForma === 'dinheiro' ? Math.round(Number(p.troco) * 100) : 0),
        0,
      );
      expect(vTroco, `venda ${n}`).toBe(trocoVenda);
    }
  });

  it('ratear: soma exata, resto na maior parte', () => {
    expect(ratear(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(ratear(1, [5, 5])).toEqual([1, 0]);
    expect(ratear(760, [18_990, 6000])).toEqual([578, 182]);
  });
});
