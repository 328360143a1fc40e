/** The adjustment's working lines: scanner reads, the difference of each mode and the API body. */
import type { PosicaoEstoque } from '@petshop/shared/estoque';
import { describe, expect, it } from 'vitest';
import {
  corpoDoAjuste,
  diferencaDaLinha,
  erroDaLinha,
  erroDoMotivo,
  lerLeitura,
  novaLinha,
  saldoNovo,
  somarProduto,
} from './ajuste-linhas.ts';

const posicao = (overrides: Partial<PosicaoEstoque> = {}): PosicaoEstoque => ({
  produtoId: '11111111-1111-4111-8111-111111111111',
  nome: 'Ração Golden 15 kg',
  codigo: 'R15',
  codigoBarras: '7896181200001',
  unidadeSigla: 'SC',
  permiteVendaFracionada: false,
  ativo: true,
  quantidade: 5,
  custoMedio: 120,
  valorEstoque: 600,
  estoqueMinimo: 2,
  abaixoMinimo: false,
  controlaLote: false,
  proximaValidade: null,
  ...overrides,
});
const granel = posicao({
  produtoId: '22222222-2222-4222-8222-222222222222',
  nome: 'Ração Golden a granel',
  unidadeSigla: 'KG',
  permiteVendaFracionada: true,
  quantidade: 3.25,
});

describe('somarProduto', () => {
  it('adds a product read for the first time as a line of one, and counts it again on the next read', () => {
    const primeira = somarProduto([], posicao());
    expect(primeira.indice).toBe(0);
    expect(primeira.linhas).toHaveLength(1);
    expect(primeira.linhas[0]).toMatchObject({ quantidade: 1, saldo: 5, unidade: { sigla: 'SC' } });
    const segunda = somarProduto(primeira.linhas, posicao());
    expect(segunda.indice).toBe(0);
    expect(segunda.linhas).toHaveLength(1);
    expect(segunda.linhas[0]!.quantidade).toBe(2);
    const outra = somarProduto(segunda.linhas, granel, 0.5);
    expect(outra.indice).toBe(1);
    expect(outra.linhas.map((l) => l.quantidade)).toEqual([2, 0.5]);
  });

  it('rounds by the unit: whole units stay whole, fractional ones keep 3 decimals', () => {
    expect(novaLinha(posicao(), 1.4).quantidade).toBe(1);
    expect(novaLinha(granel, 1.23456).quantidade).toBe(1.235);
  });
});

describe('the difference of each mode', () => {
  it('contagem sets the counted quantity: counted − balance; entrada adds; saida removes', () => {
    const linha = { ...novaLinha(posicao(), 1), quantidade: 3 };
    expect(diferencaDaLinha(linha, 'contagem')).toBe(-2);
    expect(saldoNovo(linha, 'contagem')).toBe(3);
    expect(diferencaDaLinha(linha, 'entrada')).toBe(3);
    expect(saldoNovo(linha, 'entrada')).toBe(8);
    expect(diferencaDaLinha(linha, 'saida')).toBe(-3);
    expect(saldoNovo(linha, 'saida')).toBe(2);
    expect(diferencaDaLinha({ ...linha, quantidade: '' }, 'contagem')).toBeNull();
    expect(diferencaDaLinha({ ...novaLinha(granel, 1), quantidade: 3.5 }, 'contagem')).toBe(0.25);
  });

  it('refuses an empty quantity, zero outside a count and a fraction of a whole unit', () => {
    const linha = novaLinha(posicao(), 1);
    expect(erroDaLinha({ ...linha, quantidade: '' }, 'contagem')).toBe('Informe a quantidade');
    expect(erroDaLinha({ ...linha, quantidade: 0 }, 'contagem')).toBeNull();
    expect(erroDaLinha({ ...linha, quantidade: 0 }, 'saida')).toBe('Quantidade deve ser maior que zero');
    expect(erroDaLinha({ ...linha, quantidade: 1.5 }, 'entrada')).toBe('SC não aceita quantidade fracionada');
    expect(erroDaLinha({ ...novaLinha(granel, 1), quantidade: 1.5 }, 'entrada')).toBeNull();
  });

  it('asks a reason of 3 to 200 characters', () => {
    expect(erroDoMotivo('  ')).toBe('Informe o motivo do ajuste');
    expect(erroDoMotivo('ok')).toBe('Motivo deve ter ao menos 3 caracteres');
    expect(erroDoMotivo('x'.repeat(201))).toBe('Motivo deve ter no máximo 200 caracteres');
    expect(erroDoMotivo('Inventário')).toBeNull();
  });
});

describe('corpoDoAjuste', () => {
  it('sends mode, trimmed reason, key and one item per line; a lot only on an entrada of a lot product', () => {
    const lote = { ...novaLinha(posicao({ controlaLote: true }), 2), lote: { numero: ' L-7 ', dataValidade: '2030-01-31' } };
    const semLote = novaLinha(granel, 1.5);
    expect(corpoDoAjuste([lote, semLote], 'entrada', '  Brinde  ', 'chave-1')).toEqual({
      modo: 'entrada',
      motivo: 'Brinde',
      chave: 'chave-1',
      itens: [
        { produtoId: lote.produtoId, quantidade: 2, lote: { numero: 'L-7', dataValidade: '2030-01-31' } },
        { produtoId: granel.produtoId, quantidade: 1.5 },
      ],
    });
    expect(corpoDoAjuste([lote], 'contagem', 'Inventário', 'k').itens).toEqual([{ produtoId: lote.produtoId, quantidade: 2 }]);
  });
});

describe('lerLeitura', () => {
  it("reads '3*code' as 3 units of the code, a plain code or name as one", () => {
    expect(lerLeitura('7896181200001')).toEqual({ termo: '7896181200001', quantidade: 1 });
    expect(lerLeitura('3*7896181200001')).toEqual({ termo: '7896181200001', quantidade: 3 });
    expect(lerLeitura('1,5 * granel')).toEqual({ termo: 'granel', quantidade: 1.5 });
    expect(lerLeitura(' ração ')).toEqual({ termo: 'ração', quantidade: 1 });
    expect(lerLeitura('0*789')).toEqual({ erro: 'Quantidade deve ser maior que zero' });
  });
});
