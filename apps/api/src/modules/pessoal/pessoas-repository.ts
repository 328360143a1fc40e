/**
 * Customers (pessoas) of the scope's tenant with their pets. `query` finds a person by name,
 * e-mail or pet name ignoring case and accents, and, when it is made of digits (and the
 * usual punctuation), by CPF/CNPJ or phone digits.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { TETO_TOTAL_PESSOAS, type ListPessoasQuery, type Pessoa, type PessoaPet, type PessoasPage } from '@petshop/shared/pessoa';
import { onlyDigits } from '@petshop/shared/validators';
import type { Db } from '../../db/client.ts';
import { especies, pessoas, petTutores, pets } from '../../db/schema/index.ts';
import { arquivoUrl } from '../../lib/arquivos.ts';

type PessoaRow = typeof pessoas.$inferSelect;

/** Digits-only search starts at 3 digits ('11 9' would match almost everyone). */
const MIN_DIGITOS = 3;
const SO_DIGITOS = /^[\d\s.\-/()+]+$/;

export const toPessoa = (row: PessoaRow, pets: PessoaPet[]): Pessoa => ({
  id: row.id,
  nome: row.nome,
  cpfCnpj: row.cpfCnpj,
  rg: row.rg,
  dataNascimento: row.dataNascimento,
  sexo: row.sexo,
  email: row.email,
  telefones: row.telefones,
  endereco: {
    cep: row.cep,
    logradouro: row.logradouro,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cidade: row.cidade,
    uf: row.uf,
    codigoIbge: row.codigoIbge,
  },
  observacoes: row.observacoes,
  comoConheceu: row.comoConheceu,
  consentimentoMarketing: row.consentimentoMarketing,
  consentimentoMarketingEm: row.consentimentoMarketingEm?.toISOString() ?? null,
  fotoUrl: arquivoUrl(row.fotoArquivoId),
  ativo: row.ativo,
  pets,
  createdAt: row.createdAt.toISOString(),
});

/** Pets of each person (as tutor), by name. */
export const listPetsDasPessoas = async (tx: Db, pessoaIds: string[]): Promise<Map<string, PessoaPet[]>> => {
  const map = new Map<string, PessoaPet[]>();
  if (pessoaIds.length === 0) return map;
  const rows = await tx
    .select({
      pessoaId: petTutores.pessoaId,
      id: pets.id,
      nome: pets.nome,
      especieNome: especies.nome,
      ativo: pets.ativo,
      dataObito: pets.dataObito,
    })
    .from(petTutores)
    .innerJoin(pets, eq(pets.id, petTutores.petId))
    .leftJoin(especies, eq(especies.id, pets.especieId))
    .where(inArray(petTutores.pessoaId, pessoaIds))
    .orderBy(asc(sql`f_busca(${pets.nome})`), asc(pets.id));
  for (const { pessoaId, ...pet } of rows) map.set(pessoaId, [...(map.get(pessoaId) ?? []), pet]);
  return map;
};

/** What the search's digits are: the text's digits when it is made of digits, else null. */
const digitosDaBusca = (text: string): string | null => {
  const digits = onlyDigits(text);
  return SO_DIGITOS.test(text) && digits.length >= MIN_DIGITOS ? digits : null;
};

/**
 * GET /api/pessoal/pessoas: a page of people by name (accent- and case-insensitive order), with
 * the total. With `query`, through `f_pessoas_busca_pagina` (migration pessoas_busca_pagina):
 * the people whose name, e-mail or pet's name contains the text, or whose CPF/CNPJ or phones
 * contain its digits when it is made of digits; names that start with the text come first, then
 * names with a word that starts with it, then the other matches, each group by name ("C"
 * collation), then id. The total of a search is counted up to `teto` (default
 * `TETO_TOTAL_PESSOAS`) or the page's end, whichever is further: past it the answer says
 * `totalLimitado: true` with `total` = that bound + 1, so the next page stays reachable (issue
 * #20: "silva" matched 15 680 of 200 000 customers and every one was read, sorted and counted).
 * Only the page's people are read; their pets follow in one query.
 */
export const listPessoas = async (
  tx: Db,
  query: ListPessoasQuery,
  { teto = TETO_TOTAL_PESSOAS }: { teto?: number } = {},
): Promise<PessoasPage> => {
  const ativo = query.ativo ? query.ativo === 'true' : undefined;
  const offset = (query.page - 1) * query.pageSize;
  let rows: PessoaRow[];
  let total: number;
  let totalLimitado = false;
  if (query.query) {
    const pagina = sql`f_pessoas_busca_pagina(${query.query}, ${digitosDaBusca(query.query)}, ${ativo ?? null}::boolean, ${query.pageSize}::integer, ${offset}::bigint, ${teto}::integer) b`;
    const linhas = await tx
      .select({ pessoa: pessoas, total: sql<number>`b.total`.mapWith(Number) })
      .from(pessoas)
      .rightJoin(pagina, sql`b.id = ${pessoas.id}`)
      .orderBy(sql`b.posicao`);
    // A page past the end is one row without a person (the function's total only).
    rows = linhas.flatMap((l) => (l.pessoa?.id ? [l.pessoa] : []));
    total = linhas[0]?.total ?? 0;
    totalLimitado = total > Math.max(teto, offset + query.pageSize);
  } else {
    const where = ativo === undefined ? undefined : eq(pessoas.ativo, ativo);
    const linhas = await tx
      .select({ pessoa: pessoas, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(pessoas)
      .where(where)
      .orderBy(asc(pessoas.nomeBusca), asc(pessoas.id))
      .limit(query.pageSize)
      .offset(offset);
    rows = linhas.map((l) => l.pessoa);
    total =
      linhas[0]?.total ??
      (query.page > 1 ? ((await tx.select({ value: count() }).from(pessoas).where(where))[0]?.value ?? 0) : 0);
  }
  const petsDe = await listPetsDasPessoas(
    tx,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toPessoa(r, petsDe.get(r.id) ?? [])),
    total,
    page: query.page,
    pageSize: query.pageSize,
    ...(totalLimitado ? { totalLimitado } : {}),
  };
};

export const findPessoa = async (tx: Db, id: string): Promise<Pessoa | null> => {
  const [row] = await tx.select().from(pessoas).where(eq(pessoas.id, id));
  if (!row) return null;
  const petsDe = await listPetsDasPessoas(tx, [id]);
  return toPessoa(row, petsDe.get(id) ?? []);
};
