import { ACOES_AUDITORIA } from '@petshop/shared/auditoria';
import { AREA_IDS, STATUS_ATENDIMENTO_IDS } from '@petshop/shared/agenda';
import { TIPOS_MOVIMENTACAO_CAIXA } from '@petshop/shared/caixa';
import { TIPOS_CATEGORIA_FINANCEIRA } from '@petshop/shared/categoria-financeira';
import { STATUS_COMPRA } from '@petshop/shared/compra';
import { TIPOS_CONTA } from '@petshop/shared/conta';
import { MOVIMENTACOES_DIAS_PADRAO, SITUACOES_ESTOQUE, TIPOS_MOVIMENTACAO_ESTOQUE } from '@petshop/shared/estoque';
import { FILTROS_STATUS_FINANCEIRO, STATUS_RECORRENCIA } from '@petshop/shared/financeiro';
import { STATUS_DOCUMENTO_FISCAL } from '@petshop/shared/fiscal';
import { TIPOS_FORMA_PAGAMENTO } from '@petshop/shared/forma-pagamento';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, GENERAL_ERRORS, HTTP_MESSAGES, MAX_PAGE_SIZE } from '@petshop/shared/http';
import { CLASSES_ABC_IDS } from '@petshop/shared/relatorios-abc';
import { SITUACOES_VENCIMENTO, VENCIMENTO_DIAS_MAXIMO } from '@petshop/shared/relatorios-estoque';
import { ORDENS_VENDAS_POR_PRODUTO } from '@petshop/shared/relatorios-vendas';
import { STATUS_VENDA } from '@petshop/shared/venda';
import { describe, expect, it } from 'vitest';
import * as valores from './contrato-valores.ts';

describe('the contracts’ values copied for the entry chunk', () => {
  it('are the contracts’ own, value for value and in order', () => {
    expect({ ...valores }).toEqual({
      DEFAULT_PAGE,
      DEFAULT_PAGE_SIZE,
      MAX_PAGE_SIZE,
      GENERAL_ERRORS,
      HTTP_MESSAGES,
      STATUS_VENDA,
      STATUS_COMPRA,
      FILTROS_STATUS_FINANCEIRO,
      STATUS_RECORRENCIA,
      TIPOS_FORMA_PAGAMENTO,
      STATUS_DOCUMENTO_IDS: Object.keys(STATUS_DOCUMENTO_FISCAL),
      AREA_IDS,
      STATUS_ATENDIMENTO_IDS,
      CLASSES_ABC_IDS,
      SITUACOES_VENCIMENTO,
      VENCIMENTO_DIAS_MAXIMO,
      ORDENS_VENDAS_POR_PRODUTO,
      SITUACOES_ESTOQUE,
      TIPOS_MOVIMENTACAO_ESTOQUE,
      MOVIMENTACOES_DIAS_PADRAO,
      TIPOS_MOVIMENTACAO_CAIXA,
      TIPOS_CONTA,
      TIPOS_CATEGORIA_FINANCEIRA,
      ACAO_AUDITORIA_IDS: Object.keys(ACOES_AUDITORIA),
    });
  });
});
