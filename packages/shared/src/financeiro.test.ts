import { describe, expect, it } from 'vitest';
import {
  baixaInputSchema,
  dataOcorrencia,
  datasOcorrencias,
  despesaInputSchema,
  estaVencido,
  gerarParcelas,
  recorrenciaInputSchema,
  situacaoTitulo,
  statusTitulo,
  totalBaixa,
  transferenciaInputSchema,
  valorEmAberto,
} from './financeiro.ts';

describe('status of a título', () => {
  it('follows the principal settled: open, partial, settled', () => {
    expect(statusTitulo(100, 0)).toBe('EmAberto');
    expect(statusTitulo(100, 0.01)).toBe('BaixaParcial');
    expect(statusTitulo(100, 99.99)).toBe('BaixaParcial');
    expect(statusTitulo(100, 100)).toBe('Baixada');
    // 0.1 + 0.2 in floats is 0.30000000000000004: compared in cents.
    expect(statusTitulo(0.3, 0.1 + 0.2)).toBe('Baixada');
  });

  it('is overdue only while something is owed and the due date passed', () => {
    expect(estaVencido({ status: 'EmAberto', dataVencimento: '2026-11-20' }, '2026-11-21')).toBe(true);
    expect(estaVencido({ status: 'BaixaParcial', dataVencimento: '2026-11-20' }, '2026-11-21')).toBe(true);
    expect(estaVencido({ status: 'EmAberto', dataVencimento: '2026-11-21' }, '2026-11-21')).toBe(false);
    expect(estaVencido({ status: 'Baixada', dataVencimento: '2026-01-01' }, '2026-11-21')).toBe(false);
    expect(estaVencido({ status: 'Cancelada', dataVencimento: '2026-01-01' }, '2026-11-21')).toBe(false);
    expect(situacaoTitulo({ status: 'EmAberto', dataVencimento: '2026-11-01' }, '2026-11-21')).toBe('Vencida');
    expect(situacaoTitulo({ status: 'Baixada', dataVencimento: '2026-11-01' }, '2026-11-21')).toBe('Baixada');
  });

  it('owes valor − valorPago, nothing when cancelled', () => {
    expect(valorEmAberto({ status: 'BaixaParcial', valor: 100, valorPago: 40 })).toBe(60);
    expect(valorEmAberto({ status: 'Cancelada', valor: 100, valorPago: 0 })).toBe(0);
  });
});

describe('settlement total', () => {
  it('adds interest and fine, takes discount and fee, in cents', () => {
    expect(totalBaixa({ valor: 100, juros: 1.1, multa: 2, desconto: 0.3 })).toBe(102.8);
    expect(totalBaixa({ valor: 100, taxa: 2.49 })).toBe(97.51);
    expect(totalBaixa({ valor: 0.1, juros: 0.2 })).toBe(0.3);
  });

  it('refuses a discount larger than what is paid, and negative interest', () => {
    const r = baixaInputSchema.safeParse({ valor: 10, desconto: 11 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['desconto']);
    const juros = baixaInputSchema.safeParse({ valor: 10, juros: -1 });
    expect(juros.error?.issues[0]?.message).toBe('Juros não pode ser negativo');
  });

  it('accepts Brazilian text and dd/MM/yyyy', () => {
    const b = baixaInputSchema.parse({ valor: '1.234,56', dataPagamento: '05/11/2026' });
    expect(b.valor).toBe(1234.56);
    expect(b.dataPagamento).toBe('2026-11-05');
    expect(b.juros).toBe(0);
    expect(b.taxa).toBeUndefined();
  });
});

describe('installments', () => {
  it('split the cents into the first one, monthly on the same day or the last day', () => {
    expect(gerarParcelas(100, 3, '2027-01-31')).toEqual([
      { valor: 33.34, dataVencimento: '2027-01-31' },
      { valor: 33.33, dataVencimento: '2027-02-28' },
      { valor: 33.33, dataVencimento: '2027-03-31' },
    ]);
    expect(gerarParcelas(30, 2, '2027-01-10', 'quinzenal').map((p) => p.dataVencimento)).toEqual(['2027-01-10', '2027-01-25']);
    expect(gerarParcelas(30, 2, '2027-01-10', 'semanal').map((p) => p.dataVencimento)).toEqual(['2027-01-10', '2027-01-17']);
  });

  it('a payable needs at least one installment with a positive value', () => {
    const vazio = despesaInputSchema.safeParse({ descricao: 'Aluguel', parcelas: [] });
    expect(vazio.error?.issues[0]?.message).toBe('Informe ao menos uma parcela');
    const zero = despesaInputSchema.safeParse({ descricao: 'Aluguel', parcelas: [{ dataVencimento: '2027-01-10', valor: 0 }] });
    expect(zero.error?.issues[0]?.path).toEqual(['parcelas', 0, 'valor']);
  });
});

describe('recurrences', () => {
  const mensal = {
    dataInicio: '2027-01-31',
    frequencia: 'mensal' as const,
    intervalo: 1,
    termino: 'sem_fim' as const,
    dataFim: null,
    totalOcorrencias: null,
  };

  it('count every occurrence from the start, so the 31st comes back after February', () => {
    expect([0, 1, 2].map((n) => dataOcorrencia('2027-01-31', 'mensal', 1, n))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
    expect(dataOcorrencia('2028-02-29', 'anual', 1, 1)).toBe('2029-02-28');
    expect(dataOcorrencia('2027-01-01', 'semanal', 2, 3)).toBe('2027-02-12');
  });

  it('stop at the horizon, the end date or the number of times', () => {
    expect(datasOcorrencias(mensal, 0, '2027-04-29').map((o) => o.ocorrencia)).toEqual([0, 1, 2]);
    expect(datasOcorrencias(mensal, 2, '2027-04-29')).toEqual([{ ocorrencia: 2, dataVencimento: '2027-03-31' }]);
    expect(datasOcorrencias({ ...mensal, termino: 'data', dataFim: '2027-03-30' }, 0, '2027-12-31')).toHaveLength(2);
    expect(datasOcorrencias({ ...mensal, termino: 'ocorrencias', totalOcorrencias: 2 }, 0, '2030-12-31')).toHaveLength(2);
  });

  it('need the end date or the number of times their end names', () => {
    const base = { descricao: 'Aluguel', valor: 2500, frequencia: 'mensal', dataInicio: '2027-01-10' };
    expect(recorrenciaInputSchema.safeParse({ ...base, termino: 'data' }).error?.issues[0]?.path).toEqual(['dataFim']);
    expect(recorrenciaInputSchema.safeParse({ ...base, termino: 'ocorrencias' }).error?.issues[0]?.path).toEqual([
      'totalOcorrencias',
    ]);
    expect(recorrenciaInputSchema.parse(base)).toMatchObject({ intervalo: 1, termino: 'sem_fim' });
  });
});

describe('transfers', () => {
  it('refuse the same account on both sides', () => {
    const id = '5b0e3a52-8a43-4c36-9d8f-1c2f3e4a5b6c';
    const r = transferenciaInputSchema.safeParse({ contaOrigemId: id, contaDestinoId: id, valor: 10 });
    expect(r.error?.issues[0]?.message).toBe('A conta de destino deve ser diferente da conta de origem');
  });
});
