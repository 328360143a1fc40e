/**
 * The appointment types a new tenant starts with (issue #17 item 7; DOMAIN.md §10, §13): the
 * usual ones of a pet shop and clinic, each priced by a service product of the tenant's
 * catalogue. Listed in `tenantDefaults` (modules/tenants/defaults.ts), after the catalogue's
 * units of measure and categories, and run inside the new tenant's scope. No rooms, boxes or
 * settings rows: a unit without settings reads the defaults, and rooms and boxes are the unit's.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { AreaAtendimento, RecursoAtendimento } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { categoriasProduto, produtos, tiposAtendimento, unidadesMedida } from '../../db/schema/index.ts';

export type TipoAtendimentoPadrao = {
  nome: string;
  area: AreaAtendimento;
  /** Minutes. */
  duracaoMinutos: number;
  /** '#RRGGBB'. */
  cor: string;
  recurso: RecursoAtendimento;
  /** The service product pricing it: its name (found by name, created when missing), category and price in reais. */
  servico: { nome: string; categoria: string; preco: number };
};

/** The types of a new tenant, in the order the forms list them. */
export const TIPOS_ATENDIMENTO_PADRAO: readonly TipoAtendimentoPadrao[] = [
  {
    nome: 'Banho',
    area: 'BanhoTosa',
    duracaoMinutos: 60,
    cor: '#228be6',
    recurso: 'Box',
    servico: { nome: 'Banho', categoria: 'Serviços de Banho e Tosa', preco: 60 },
  },
  {
    nome: 'Tosa higiênica',
    area: 'BanhoTosa',
    duracaoMinutos: 45,
    cor: '#15aabf',
    recurso: 'Box',
    servico: { nome: 'Tosa higiênica', categoria: 'Serviços de Banho e Tosa', preco: 40 },
  },
  {
    nome: 'Tosa completa',
    area: 'BanhoTosa',
    duracaoMinutos: 120,
    cor: '#7950f2',
    recurso: 'Box',
    servico: { nome: 'Tosa completa', categoria: 'Serviços de Banho e Tosa', preco: 110 },
  },
  {
    nome: 'Hidratação',
    area: 'BanhoTosa',
    duracaoMinutos: 30,
    cor: '#12b886',
    recurso: 'Box',
    servico: { nome: 'Hidratação', categoria: 'Serviços de Banho e Tosa', preco: 45 },
  },
  {
    nome: 'Consulta',
    area: 'Clinica',
    duracaoMinutos: 30,
    cor: '#fa5252',
    recurso: 'Sala',
    servico: { nome: 'Consulta', categoria: 'Serviços Veterinários', preco: 150 },
  },
  {
    nome: 'Retorno',
    area: 'Clinica',
    duracaoMinutos: 20,
    cor: '#fd7e14',
    recurso: 'Sala',
    servico: { nome: 'Retorno', categoria: 'Serviços Veterinários', preco: 80 },
  },
  {
    nome: 'Vacinação',
    area: 'Clinica',
    duracaoMinutos: 15,
    cor: '#40c057',
    recurso: 'Sala',
    servico: { nome: 'Vacinação', categoria: 'Vacinas', preco: 90 },
  },
];

/**
 * Creates the types of `TIPOS_ATENDIMENTO_PADRAO` in the current tenant's scope, each with its
 * service product: a service of the catalogue by that name (compared without case or accents)
 * when there is one, else a new service (unit UN, no stock, the category when the tenant has
 * it). Needs the units of measure (`aplicarCatalogoPadrao`) first. Three statements.
 */
export const aplicarTiposAtendimentoPadrao = async (tx: Db): Promise<void> => {
  const nomes = TIPOS_ATENDIMENTO_PADRAO.map((t) => t.servico.nome);
  const [existentes, categorias, [un]] = await Promise.all([
    // The catalogue's service by each name (the oldest when several), compared as the lists compare names.
    queryRows<{ nome: string; id: string }>(
      tx,
      sql`select distinct on (n.nome) n.nome, p.id
            from unnest(string_to_array(${nomes.join('|')}, '|')) as n(nome)
            join produtos p on p.nome_busca = f_busca(n.nome) and p.tipo = 'servico'
           order by n.nome, p.created_at, p.id`,
    ),
    tx
      .select({ id: categoriasProduto.id, nome: categoriasProduto.nome })
      .from(categoriasProduto)
      .where(inArray(categoriasProduto.nome, [...new Set(TIPOS_ATENDIMENTO_PADRAO.map((t) => t.servico.categoria))])),
    tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, 'UN')),
  ]);
  const produtoDe = new Map(existentes.map((p) => [p.nome, p.id]));
  const faltando = TIPOS_ATENDIMENTO_PADRAO.filter((t) => !produtoDe.has(t.servico.nome));
  if (faltando.length > 0) {
    if (!un) throw new Error('aplicarTiposAtendimentoPadrao: a unidade de medida UN deve existir antes');
    const categoriaDe = new Map(categorias.map((c) => [c.nome, c.id]));
    const criados = await tx
      .insert(produtos)
      .values(
        faltando.map((t) => ({
          tipo: 'servico',
          nome: t.servico.nome,
          unidadeMedidaId: un.id,
          categoriaId: categoriaDe.get(t.servico.categoria) ?? null,
          precoVenda: t.servico.preco.toFixed(2),
          controlaEstoque: false,
        })),
      )
      .returning({ id: produtos.id, nome: produtos.nome });
    for (const p of criados) produtoDe.set(p.nome, p.id);
  }
  await tx.insert(tiposAtendimento).values(
    TIPOS_ATENDIMENTO_PADRAO.map((t) => ({
      nome: t.nome,
      area: t.area,
      duracaoMinutos: t.duracaoMinutos,
      cor: t.cor,
      recurso: t.recurso,
      produtoId: produtoDe.get(t.servico.nome) ?? null,
    })),
  );
};
