/**
 * What every new tenant starts with (DOMAIN.md §13), in the order criarTenant applies it inside
 * the new tenant's scope. Each area keeps its function in its own defaults.ts; this list is the
 * only place they are put together (a module never registers itself by being imported).
 */
import type { Db } from '../../db/client.ts';
import { aplicarTiposAtendimentoPadrao } from '../agenda/defaults.ts';
import { inserirCatalogoInicial } from '../animal/defaults.ts';
import { aplicarClinicaPadrao } from '../clinica/defaults.ts';
import { aplicarModelosPadrao } from '../clinica/modelos-padrao.ts';
import { aplicarFinanceiroPadrao } from '../financeiro/defaults.ts';
import { aplicarCatalogoPadrao } from '../inventario/defaults.ts';
import { aplicarUnidadeDefaults } from '../unidades-negocio/unidade-defaults.ts';
import type { TenantCriado } from './criar-tenant.ts';

export type TenantDefault = (tx: Db, ids: TenantCriado) => Promise<void>;

export const tenantDefaults: readonly TenantDefault[] = [
  // Species, breeds and coats.
  (tx, ids) => inserirCatalogoInicial(tx, ids.tenantId),
  // The clinic's vaccines and protocols (after the species).
  aplicarClinicaPadrao,
  // The clinic's document and prescription templates.
  aplicarModelosPadrao,
  // The first unit gets what every new unit gets (its accounts).
  (tx, ids) => aplicarUnidadeDefaults(tx, ids.unidadeNegocioId),
  // Payment methods and the income/expense categories.
  aplicarFinanceiroPadrao,
  // Units of measure and product categories.
  aplicarCatalogoPadrao,
  // Appointment types with their service products (after the units of measure and categories).
  aplicarTiposAtendimentoPadrao,
];
