/**
 * Search params of the settings lists (spec §5 "other settings lists: generic page and
 * query"), plus the `ativo` filter every settings resource has.
 */
import { booleanFilterParam, listSearchSchema } from '../list/list-search.ts';
import { uuidParam } from '../list/search-params.ts';

export const crudSearchSchema = listSearchSchema.extend({ ativo: booleanFilterParam });

/** An optional uuid filter ('?especieId=…'); anything else is absent. */
export const idFilterParam = uuidParam;
