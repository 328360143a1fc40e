/**
 * Chave de acesso da NF-e (44 dígitos): cUF(2) AAMM(4) CNPJ/CPF do emitente(14) modelo(2)
 * série(3) número(9) tpEmis(1) cNF(8) cDV(1). Fonte: Manual de Orientação do Contribuinte
 * (MOC) 7.0, §5.4 "Chave de Acesso" — dígito verificador em módulo 11.
 */

/**
 * The check digit of the first 43 digits of an access key: the digits are weighted 2, 3, …, 9,
 * 2, 3, … from the right, the weighted sum is divided by 11 and the digit is 11 − remainder,
 * except that remainders 0 and 1 give digit 0. `chave43` must be exactly 43 digits.
 */
export function digitoVerificadorChave(chave43: string): number {
  if (!/^\d{43}$/.test(chave43)) throw new RangeError('A chave sem o dígito deve ter 43 dígitos');
  let soma = 0;
  let peso = 2;
  for (let i = chave43.length - 1; i >= 0; i--) {
    soma += Number(chave43[i]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** True when `chave` has the NF-e shape (44 digits), whatever its check digit. */
export function formatoChaveValido(chave: string): boolean {
  return /^\d{44}$/.test(chave);
}

/** True when `chave` is 44 digits and its last digit is the mod-11 check digit of the first 43. */
export function digitoChaveConfere(chave: string): boolean {
  return formatoChaveValido(chave) && digitoVerificadorChave(chave.slice(0, 43)) === Number(chave[43]);
}

/** The model written in the key (positions 21–22: '55' NF-e, '65' NFC-e); null for a malformed key. */
export function modeloDaChave(chave: string): string | null {
  return formatoChaveValido(chave) ? chave.slice(20, 22) : null;
}
