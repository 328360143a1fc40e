/**
 * The catalogue a new tenant starts with (DOMAIN.md §13: "units of measure"; issue #3):
 * the usual units of measure of a pet shop and a few product categories. Listed in
 * `tenantDefaults` (modules/tenants/defaults.ts), which runs inside the new tenant's scope.
 */
import type { Db } from '../../db/client.ts';
import { categoriasProduto, unidadesMedida } from '../../db/schema/index.ts';

/** sigla, descrição, permite venda fracionada. */
export const UNIDADES_MEDIDA_PADRAO: readonly [string, string, boolean][] = [
  ['UN', 'Unidade', false],
  ['KG', 'Quilograma', true],
  ['G', 'Grama', true],
  ['L', 'Litro', true],
  ['ML', 'Mililitro', true],
  ['CX', 'Caixa', false],
  ['SC', 'Saco', false],
  ['PC', 'Pacote', false],
  ['FR', 'Frasco', false],
  ['MT', 'Metro', true],
  ['DZ', 'Dúzia', false],
];

export const CATEGORIAS_PADRAO = [
  'Rações',
  'Petiscos',
  'Medicamentos',
  'Higiene e Beleza',
  'Acessórios',
  'Brinquedos',
  'Serviços de Banho e Tosa',
  'Serviços Veterinários',
  'Vacinas',
  'Aquarismo',
] as const;

export const aplicarCatalogoPadrao = async (tx: Db): Promise<void> => {
  await tx
    .insert(unidadesMedida)
    .values(
      UNIDADES_MEDIDA_PADRAO.map(([sigla, descricao, permiteVendaFracionada]) => ({ sigla, descricao, permiteVendaFracionada })),
    );
  await tx.insert(categoriasProduto).values(CATEGORIAS_PADRAO.map((nome) => ({ nome })));
};
