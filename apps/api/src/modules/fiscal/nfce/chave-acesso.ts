/**
 * The NF-e/NFC-e access key (chave de acesso, MOC 7.0 §5.4): 44 digits
 * cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1), the last a modulo-11
 * check digit with weights 2..9 from the right (a remainder of 0 or 1 gives 0).
 */
import { randomInt } from 'node:crypto';

/** IBGE codes of the states (cUF), as `ide/cUF` and the key's first two digits carry them. */
export const CODIGOS_UF: Readonly<Record<string, string>> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

/** cUF of a state ('SP' → '35'); throws on an unknown state. */
export const codigoUf = (uf: string): string => {
  const c = CODIGOS_UF[uf.toUpperCase()];
  if (!c) throw new Error(`UF inválida: ${uf}`);
  return c;
};

/** The modulo-11 check digit (weights 2..9 cycling from the right) of the first 43 digits. */
export const digitoVerificador = (chave43: string): string => {
  if (!/^\d{43}$/.test(chave43)) throw new Error('A chave sem o dígito deve ter 43 dígitos');
  let soma = 0;
  let peso = 2;
  for (let i = 42; i >= 0; i--) {
    soma += (chave43.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? '0' : String(11 - resto);
};

/** True when `chave` has 44 digits and its last one is the check digit of the others. */
export const chaveValida = (chave: string): boolean =>
  /^\d{44}$/.test(chave) && digitoVerificador(chave.slice(0, 43)) === chave[43];

export type PartesChave = {
  uf: string;
  /** AAMM of the issue, in the issuer's time zone ('2611'). */
  anoMes: string;
  cnpj: string;
  modelo: '55' | '65';
  serie: number;
  numero: number;
  tipoEmissao: string;
  /** cNF, 8 digits. */
  codigoNumerico: string;
};

/** Builds the 44-digit key from its parts (numbers zero-padded). */
export const montarChaveAcesso = (p: PartesChave): string => {
  if (!/^\d{4}$/.test(p.anoMes)) throw new Error('AAMM inválido');
  if (!/^\d{14}$/.test(p.cnpj)) throw new Error('CNPJ do emitente deve ter 14 dígitos');
  if (!/^\d{8}$/.test(p.codigoNumerico)) throw new Error('cNF deve ter 8 dígitos');
  if (!Number.isInteger(p.serie) || p.serie < 0 || p.serie > 999) throw new Error('Série inválida');
  if (!Number.isInteger(p.numero) || p.numero < 1 || p.numero > 999_999_999) throw new Error('Número inválido');
  const semDv =
    codigoUf(p.uf) +
    p.anoMes +
    p.cnpj +
    p.modelo +
    String(p.serie).padStart(3, '0') +
    String(p.numero).padStart(9, '0') +
    p.tipoEmissao +
    p.codigoNumerico;
  return semDv + digitoVerificador(semDv);
};

/**
 * A random cNF (8 digits) for the NFC-e `numero`: never equal to the number itself (NT 2019.001: cNF
 * different from nNF) nor a repeated digit or 12345678. The caller stores it with the reserved
 * number so a retry of the same document keeps the same key.
 */
export const gerarCodigoNumerico = (numero: number): string => {
  const proibido = String(numero).padStart(8, '0').slice(-8);
  for (;;) {
    const c = String(randomInt(0, 100_000_000)).padStart(8, '0');
    if (c !== proibido && c !== '00000000' && c !== '12345678' && !/^(\d)\1{7}$/.test(c)) return c;
  }
};
