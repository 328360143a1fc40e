/**
 * One error handler for the whole API (spec §8, ARCHITECTURE.md): every 4xx answers
 * `{ errors: { field: [msg], generalErrors: [msg] } }` in Portuguese; anything unexpected
 * is logged with its request and answers 500 'Erro interno no servidor' without details.
 * Junk of any shape (bad JSON, wrong types, unknown content type) is a 400, never a 500.
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { GENERAL_ERRORS, HTTP_MESSAGES, type ApiErrors } from '@petshop/shared/http';
import { AppError } from '../lib/errors.ts';

/** Unique constraints → the field and message the user sees. Modules add theirs. */
export const uniqueViolationMessages: Record<string, [field: string, message: string]> = {
  usuarios_email_idx: ['email', 'E-mail já cadastrado'],
  unidades_negocio_tenant_cnpj_idx: ['cnpj', 'Já existe uma unidade com este CNPJ'],
  unidades_medida_tenant_sigla_idx: ['sigla', 'Já existe uma unidade de medida com esta sigla'],
  marcas_tenant_nome_idx: ['nome', 'Já existe uma marca com este nome'],
  categorias_produto_tenant_nome_idx: ['nome', 'Já existe uma categoria com este nome'],
  fornecedores_tenant_cpf_cnpj_idx: ['cpfCnpj', 'Já existe um fornecedor com este CPF/CNPJ'],
  produtos_tenant_codigo_idx: ['codigo', 'Já existe um produto com este código'],
  produtos_tenant_codigo_barras_idx: ['codigoBarras', 'Já existe um produto com este código de barras'],
  pessoas_tenant_cpf_cnpj_idx: ['cpfCnpj', 'Já existe um cliente com este CPF/CNPJ'],
  pets_tenant_microchip_idx: ['microchip', 'Já existe um pet com este microchip'],
  especies_tenant_nome_idx: ['nome', 'Já existe uma espécie com este nome'],
  racas_tenant_especie_nome_idx: ['nome', 'Já existe uma raça com este nome nesta espécie'],
  pelagens_tenant_especie_nome_idx: ['nome', 'Já existe uma pelagem com este nome nesta espécie'],
  formas_pagamento_tenant_nome_idx: ['nome', 'Já existe uma forma de pagamento com este nome'],
  contas_unidade_nome_idx: ['nome', 'Já existe uma conta com este nome nesta unidade'],
  categorias_financeiras_tenant_nome_idx: ['nome', 'Já existe uma categoria deste tipo com este nome'],
  tipos_atendimento_tenant_nome_idx: ['nome', 'Já existe um tipo de atendimento com este nome'],
  salas_unidade_nome_idx: ['nome', 'Já existe uma sala com este nome nesta unidade'],
  boxes_unidade_nome_idx: ['nome', 'Já existe um box com este nome nesta unidade'],
  // A título's id is the client's (idempotent repeats, salvar-titulo.ts); one used by another
  // tenant or unit is invisible under RLS, so only the primary key sees it (issue #22 item 9).
  despesas_pkey: ['id', 'Identificador já usado'],
  receitas_pkey: ['id', 'Identificador já usado'],
};

type PgLikeError = { code?: string; constraint?: string; cause?: PgLikeError };

/** Finds a PostgreSQL error (pg or PGlite) in the chain Drizzle wraps it in. */
const pgError = (error: unknown): PgLikeError | undefined => {
  let current = error as PgLikeError | undefined;
  for (let i = 0; current && i < 4; i++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause;
  }
  return undefined;
};

const general = (message: string): ApiErrors => ({ [GENERAL_ERRORS]: [message] });

const validationErrors = (validation: { instancePath?: string; message?: string }[], context?: string): ApiErrors => {
  const errors: ApiErrors = {};
  for (const v of validation) {
    const path = (v.instancePath ?? '').split('/').filter(Boolean).join('.');
    const key = path || (context === 'body' ? GENERAL_ERRORS : path || GENERAL_ERRORS);
    (errors[key] ??= []).push(v.message ?? 'Valor inválido');
  }
  return errors;
};

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError & { errors?: ApiErrors }, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send({ errors: error.errors });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send({ errors: validationErrors(error.validation, error.validationContext) });
      }
      if (error.validation) {
        return reply.status(400).send({ errors: validationErrors(error.validation, error.validationContext) });
      }
      const pg = pgError(error);
      if (pg?.code === '23505') {
        const mapped = pg.constraint ? uniqueViolationMessages[pg.constraint] : undefined;
        return reply.status(400).send({ errors: mapped ? { [mapped[0]]: [mapped[1]] } : general('Registro duplicado') });
      }
      if (pg?.code === '23503') {
        return reply.status(400).send({ errors: general('Este registro está ligado a outros e não pode ser alterado assim') });
      }
      if (pg?.code && /^22/.test(pg.code)) {
        return reply.status(400).send({ errors: general('Valor inválido em um dos campos') });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ errors: error.errors ?? general('Muitas tentativas. Aguarde e tente novamente.') });
      }
      if (status === 413) {
        return reply.status(413).send({ errors: general('Conteúdo grande demais') });
      }
      if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
        request.log.info({ err: error }, 'requisição inválida');
        const message =
          error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Tipo de conteúdo não suportado (use JSON ou multipart/form-data)'
            : error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError
              ? 'Corpo da requisição inválido'
              : status === 404
                ? HTTP_MESSAGES.notFound
                : 'Requisição inválida';
        return reply.status(status === 404 || status === 401 || status === 403 ? status : 400).send({ errors: general(message) });
      }
      request.log.error({ err: error }, 'erro interno');
      return reply.status(500).send({ errors: general(HTTP_MESSAGES.internal) });
    });
  },
  { name: 'errors' },
);
