/** The one Drizzle schema of the database: every module's tables. */
export * from './core.ts';
export * from './pessoal.ts';
export * from './animal.ts';
export * from './third.ts';
export * from './inventario.ts';
export * from './financeiro.ts';
export * from './comercial.ts';
export * from './estoque.ts';
export * from './compras.ts';
export * from './agenda.ts';
export * from './fiscal.ts';
export * from './clinica.ts';
export * from './whatsapp.ts';
export * from './instancias.ts';
export * from './demo.ts';
export * from './auditoria.ts';
