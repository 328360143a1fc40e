// The CPU pool's worker entry (lib/cpu-pool.ts): registers the tsx loader in this thread, then
// loads the TypeScript tasks. Node 20 does not run a worker's `--import` hooks, hence this file.
import { register } from 'tsx/esm/api';

register();
const { cpuTasks } = await import('./cpu-pool-tasks.ts');

/** Piscina's task: `{ nome, entrada }` → the task `nome`'s answer. */
export default ({ nome, entrada }) => cpuTasks[nome](entrada);
