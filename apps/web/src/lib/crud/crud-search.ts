/**
 * Search params of the settings lists (spec §5 "other settings lists: generic page and
 * query"), plus the `ativo` filter every settings resource has.
 */
import { z } from 'zod';
import { booleanFilterSchema, listSearchSchema } from '../list/list-search.ts';

export const crudSearchSchema = listSearchSchema.extend({ ativo: booleanFilterSchema });

/** An optional uuid filter ('?especieId=…'); anything else is absent. */
export const idFilterSchema = z.uuid().optional().catch(undefined);
