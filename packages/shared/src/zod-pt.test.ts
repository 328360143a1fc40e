/// <reference types="vite/client" />
/**
 * Required-field messages agree with the field's gender (issue #15: 'Descrição é obrigatório'),
 * over every object schema the contracts export, each parsed empty and with every field ''.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generoDoCampo, obrigatorio } from './zod-pt.ts';

const modulos: Record<string, Record<string, unknown>> = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], {
  eager: true,
});

/** The head nouns (first word) of the labels the contracts use, by gender, as a reader checks them. */
const FEMININO = new Set(
  'Descrição Data Razão Cidade Quantidade Sigla Senha Chave Forma Unidade Categoria Conta Marca Espécie Raça Pelagem Cor Observação Validade Competência Origem Justificativa Dose Duração Frequência Via Anamnese Conduta Evolução Hidratação Temperatura Mensagem'.split(
    ' ',
  ),
);
const MASCULINO = new Set(
  'Nome Número Logradouro Bairro Valor Tipo Motivo Produto CPF CNPJ CPF/CNPJ CEP E-mail Telefone Custo Preço Fator Primeiro Código Fornecedor Cliente Pet Perfil Endereço Mês Conteúdo Medicamento Título Diagnóstico Peso Texto Token Identificador'.split(
    ' ',
  ),
);

const mensagensObrigatorio = (): string[] => {
  const found = new Set<string>();
  for (const modulo of Object.values(modulos)) {
    for (const exported of Object.values(modulo)) {
      if (!(exported instanceof z.ZodObject)) continue;
      const vazio = Object.fromEntries(Object.keys(exported.shape).map((k) => [k, '']));
      for (const input of [{}, vazio]) {
        const result = exported.safeParse(input);
        for (const issue of result.success ? [] : result.error.issues) {
          if (/obrigatóri[oa]$/.test(issue.message) && issue.message !== 'Campo obrigatório') found.add(issue.message);
        }
      }
    }
  }
  return [...found].sort();
};

describe('required messages', () => {
  it('agree with the gender of the field named', () => {
    const mensagens = mensagensObrigatorio();
    expect(mensagens.length).toBeGreaterThan(20);
    const erradas = mensagens.filter((m) => {
      const match = /^(.+) é obrigatóri([oa])$/.exec(m);
      if (!match) return true;
      const cabeca = match[1]!.split(/\s+/)[0]!;
      const genero = FEMININO.has(cabeca) ? 'a' : MASCULINO.has(cabeca) ? 'o' : null;
      return genero !== match[2];
    });
    expect(erradas, 'mensagens sem concordância (ou palavra nova: inclua-a numa das listas)').toEqual([]);
    expect(mensagens).toContain('Descrição é obrigatória');
    expect(mensagens).toContain('Nome é obrigatório');
    expect(mensagens).toContain('Data de vencimento é obrigatória');
  });

  it('obrigatorio() picks the gender by the head noun', () => {
    expect(obrigatorio('Descrição')).toBe('Descrição é obrigatória');
    expect(obrigatorio('Nome do pet')).toBe('Nome do pet é obrigatório');
    expect(obrigatorio('Razão social / nome')).toBe('Razão social / nome é obrigatória');
    expect(obrigatorio('Primeiro vencimento')).toBe('Primeiro vencimento é obrigatório');
    expect(obrigatorio('Cidade')).toBe('Cidade é obrigatória');
    expect(obrigatorio('Espécie')).toBe('Espécie é obrigatória');
    expect(obrigatorio('Dia')).toBe('Dia é obrigatório');
    expect(generoDoCampo('Quantidade do lote')).toBe('f');
    expect(generoDoCampo('Valor da parcela')).toBe('m');
  });
});
