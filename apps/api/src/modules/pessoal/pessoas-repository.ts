/**
 * Customers (pessoas) of the scope's tenant with their pets. `query` finds a person by name,
 * e-mail or pet name ignoring case and accents, and, when it is made of digits (and the
 * usual punctuation), by CPF/CNPJ or phone digits.
 */
import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@petshop/shared/http';
import type { ListPessoasQuery, Pessoa, PessoaPet } from '@petshop/shared/pessoa';
import { onlyDigits } from '@petshop/shared/validators';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
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

/**
 * The people whose name, e-mail or pet's name contains `text`, or whose CPF/CNPJ or phones
 * contain its digits when it is made of digits, as a relation `(id, nome_busca)` filtered by
 * `ativo` when given. Through `f_pessoas_busca` (migrations pessoas_busca, pessoas_nome_busca,
 * pessoas_busca_union_all), which can use the trigram indexes that row-level security keeps LIKE
 * away from and answers each match with its sort key, so the matches are counted, ordered and
 * paged without reading each of them again.
 */
const encontradas = (text: string, ativo: boolean | undefined): SQL => {
  const digits = onlyDigits(text);
  const comDigitos = SO_DIGITOS.test(text) && digits.length >= MIN_DIGITOS ? digits : null;
  return sql`(select b.id, b.nome_busca from f_pessoas_busca(${text}, ${comDigitos}) b${
    ativo === undefined ? sql`` : sql` where b.ativo = ${ativo}`
  })`;
};

/**
 * Rank of a match by how its name meets the search term (both `f_busca`-normalised): 0 the name
 * starts with it ("Ana" → Ana Paula), 1 a word of the name starts with it (Maria Ana), 2 anything
 * else (Santana, Juliana, or found by e-mail, pet or digits). Computed on the matches only.
 */
const rankNome = (nomeBusca: SQL, termo: SQL): SQL =>
  sql`case when starts_with(${nomeBusca}, ${termo}) then 0 when strpos(${nomeBusca}, ' ' || ${termo}) > 0 then 1 else 2 end`;

/**
 * GET /api/pessoal/pessoas: a page of people by name (accent- and case-insensitive order), with
 * the total. With `query`, names that start with the text come first, then names with a word
 * that starts with it, then the other matches (`rankNome`), each group by name. The matches are
 * paged by themselves and only the page's
 * people are read; the total rides along as a window count (the search runs once), and is
 * counted apart only for a page past the end.
 */
export const listPessoas = async (tx: Db, query: ListPessoasQuery): Promise<Page<Pessoa>> => {
  const ativo = query.ativo ? query.ativo === 'true' : undefined;
  const offset = (query.page - 1) * query.pageSize;
  const total = sql<number>`count(*) over ()`.mapWith(Number);
  let linhas: { pessoa: typeof pessoas.$inferSelect; total: number }[];
  let contar: () => Promise<number>;
  if (query.query) {
    const achadas = encontradas(query.query, ativo);
    const pagina = sql`(select a.id, a.nome_busca, ${rankNome(sql`a.nome_busca`, sql`q.termo`)} as rank, ${total} as total
      from ${achadas} a, (select f_busca(${query.query.trim()}) as termo) q
      order by rank, a.nome_busca, a.id limit ${query.pageSize} offset ${offset}) m`;
    linhas = await tx
      .select({ pessoa: pessoas, total: sql<number>`m.total`.mapWith(Number) })
      .from(pessoas)
      .innerJoin(pagina, sql`m.id = ${pessoas.id}`)
      .orderBy(sql`m.rank`, sql`m.nome_busca`, sql`m.id`);
    contar = async () => Number((await queryRows<{ n: string }>(tx, sql`select count(*) as n from ${achadas} a`))[0]?.n ?? 0);
  } else {
    const where = ativo === undefined ? undefined : eq(pessoas.ativo, ativo);
    linhas = await tx
      .select({ pessoa: pessoas, total })
      .from(pessoas)
      .where(where)
      .orderBy(asc(pessoas.nomeBusca), asc(pessoas.id))
      .limit(query.pageSize)
      .offset(offset);
    contar = async () => (await tx.select({ value: count() }).from(pessoas).where(where))[0]?.value ?? 0;
  }
  const rows = linhas.map((l) => l.pessoa);
  const totalLinhas = linhas.length > 0 ? linhas[0]!.total : query.page > 1 ? await contar() : 0;
  const petsDe = await listPetsDasPessoas(
    tx,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toPessoa(r, petsDe.get(r.id) ?? [])),
    total: totalLinhas,
    page: query.page,
    pageSize: query.pageSize,
  };
};

export const findPessoa = async (tx: Db, id: string): Promise<Pessoa | null> => {
  const [row] = await tx.select().from(pessoas).where(eq(pessoas.id, id));
  if (!row) return null;
  const petsDe = await listPetsDasPessoas(tx, [id]);
  return toPessoa(row, petsDe.get(id) ?? []);
};
