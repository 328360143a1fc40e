/** Password hashing with argon2id (OWASP: m=19 MiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, not importable under verbatimModuleSyntax). */
const ARGON2ID = 2;

const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (senha: string): Promise<string> => hash(senha, options);

/** false for a wrong password or a malformed hash; never throws. */
export const verifyPassword = async (senhaHash: string, senha: string): Promise<boolean> => {
  try {
    return await verify(senhaHash, senha);
  } catch {
    return false;
  }
};
