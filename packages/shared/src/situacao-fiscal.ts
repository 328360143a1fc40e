/**
 * A product's fiscal status (*situação fiscal*, DOMAIN.md §4; issue #18 item 7): what is missing
 * or invalid in its fiscal data for it to go on an NFC-e (modelo 65) of a unit with a given tax
 * regime (CRT). One set of rules for the API (GET /api/fiscal/produto-situacao, the refusal of
 * POST /api/fiscal/nfce) and the web screen /fiscal/situacao-fiscal-produtos/.
 *
 * Sources of the rules (SEFAZ's validation rules, Manual de Orientação do Contribuinte 7.0 and
 * the technical notes that changed them):
 * - NCM: 8 digits (schema `TNcm`), '00000000' only for services (rule 778 "Informado NCM
 *   inexistente"; goods must carry a real NCM).
 * - CFOP: an NFC-e accepts only 5101, 5102, 5103, 5104, 5115, 5405, 5656, 5667 and 5933 (rule
 *   725 "NFC-e com CFOP inválido", NT 2013.005 and NT 2015.002). 5933 (service taxed by ISSQN)
 *   is left out of {@link CFOPS_NFCE}: services are never on our NFC-e and a good with 5933
 *   would need the ISSQN group. 5949 is NOT accepted (rule 725 rejects it).
 * - CRT 1 (Simples Nacional), 2 (excesso de sublimite) and 4 (MEI): the ICMS goes in a
 *   `ICMSSN…` group, by CSOSN (rule 590 "Informado CST para emissor do Simples Nacional");
 *   CRT 3 (regime normal): by CST (rule 591 "Informado CSOSN para emissor que não é do Simples
 *   Nacional"). Products belong to the whole tenant and its units may have different regimes,
 *   so the code of the other regime is IGNORED (not a problem): a product may carry both.
 * - CEST: required in an operation with ICMS-ST (rule 806 of NT 2015.003 "Operação com ICMS-ST
 *   sem informação do CEST": CSOSN 201, 202, 203, 500; CST 10, 30, 60, 70), 7 digits.
 * - CFOP × ST consistency (what we enforce; SEFAZ's own checks vary by state):
 *   CFOP 5405 (goods whose ICMS was retained earlier, the seller *substituído*) requires the
 *   code of ICMS already charged by ST (CSOSN 500 / CST 60); and CSOSN 500 / CST 60 requires
 *   a CFOP of goods under ST sold to the consumer: 5405, or 5656/5667 (fuel).
 * - PIS/COFINS CST: required for CRT 3 (no default for the normal regime). For CRT 1/2/4 it
 *   may be empty: the XML builder then writes CST 49 ("Outras operações de saída", PISOutr /
 *   COFINSOutr with zeros), see {@link PIS_COFINS_CST_PADRAO_SIMPLES}. When given it must be
 *   one of CSTS_PIS_COFINS.
 * - Origem: one of ORIGENS (tag `orig`).
 */
import type { ProblemaFiscal } from './fiscal.ts';
import { CSOSNS, CSTS_ICMS, CSTS_PIS_COFINS, ORIGENS, type TipoProduto } from './produto.ts';

export type { ProblemaFiscal } from './fiscal.ts';

/** Código de Regime Tributário of the issuing unit. */
export type Crt = '1' | '2' | '3' | '4';

/** CFOPs an NFC-e accepts for a product sold to the consumer inside the state (rule 725), with their labels. */
export const CFOPS_NFCE = {
  '5101': 'Venda de produção do estabelecimento',
  '5102': 'Venda de mercadoria adquirida ou recebida de terceiros',
  '5103': 'Venda de produção do estabelecimento, efetuada fora do estabelecimento',
  '5104': 'Venda de mercadoria adquirida ou recebida de terceiros, efetuada fora do estabelecimento',
  '5115': 'Venda de mercadoria recebida anteriormente em consignação mercantil',
  '5405': 'Venda de mercadoria sujeita a ST, como contribuinte substituído',
  '5656': 'Venda de combustível ou lubrificante adquirido de terceiros a consumidor final',
  '5667': 'Venda de combustível ou lubrificante a consumidor final de outra UF',
} as const;
export type CfopNfce = keyof typeof CFOPS_NFCE;

/** CSOSNs of an operation with ICMS-ST (CEST required, rule 806). */
export const CSOSNS_COM_ST = ['201', '202', '203', '500'] as const;
/** CSTs of an operation with ICMS-ST (CEST required, rule 806). */
export const CSTS_COM_ST = ['10', '30', '60', '70'] as const;
/** The CFOP of goods whose ICMS was charged earlier by ST (the seller is *substituído*). */
export const CFOP_ST = '5405';
/** CFOPs that go with CSOSN 500 / CST 60 (ICMS charged earlier by ST): 5405, fuel 5656/5667. */
export const CFOPS_ICMS_RETIDO = ['5405', '5656', '5667'] as const;
/** The code of ICMS already charged by ST in each regime. */
export const CSOSN_ICMS_RETIDO = '500';
export const CST_ICMS_RETIDO = '60';
/** What the XML builder writes for PIS and COFINS of a Simples Nacional unit (CRT 1/2/4) when the product has none. */
export const PIS_COFINS_CST_PADRAO_SIMPLES = '49';

/** A product's fiscal data as the rules read it (strings as stored: digits only, or null). */
export type ProdutoFiscal = {
  /** 'produto' | 'servico' (TIPOS_PRODUTO). */
  tipo: TipoProduto | string;
  ncm: string | null;
  cest: string | null;
  cfop: string | null;
  origem: string | null;
  csosn: string | null;
  cst: string | null;
  pisCst: string | null;
  cofinsCst: string | null;
};

/** Whether the unit's regime is a Simples Nacional one (ICMS by CSOSN): CRT 1, 2 and 4. */
export const crtSimples = (crt: Crt | string): boolean => crt !== '3';

/** Own key of a code table (never a prototype name such as 'toString'). */
const has = (table: object, code: string): boolean => Object.hasOwn(table, code);

/** Missing: null or ''. Values are read as stored (a value with spaces is invalid: it would go into the XML as is). */
const blank = (v: string | null | undefined): v is null | undefined | '' => v == null || v === '';

/**
 * Everything missing or invalid in `produto`'s fiscal data for an NFC-e of a unit with `crt`,
 * each on the field it concerns (`ncm`, `cest`, `cfop`, `origem`, `csosn`, `cst`, `pisCst`,
 * `cofinsCst`), in that order, messages in Portuguese. Services → [] (never on an NFC-e).
 * The rules and their sources are in this module's docstring.
 */
export function problemasFiscais(produto: ProdutoFiscal, crt: Crt | string): ProblemaFiscal[] {
  if (produto.tipo === 'servico') return [];
  const problemas: ProblemaFiscal[] = [];
  const add = (campo: string, mensagem: string) => problemas.push({ campo, mensagem });
  const simples = crtSimples(crt);
  const ncm = produto.ncm ?? '';
  const cest = produto.cest ?? '';
  const cfop = produto.cfop ?? '';
  const origem = produto.origem ?? '';
  const csosn = produto.csosn ?? '';
  const cst = produto.cst ?? '';

  // NCM
  if (blank(ncm)) add('ncm', 'NCM é obrigatório');
  else if (!/^\d{8}$/.test(ncm)) add('ncm', 'NCM deve ter 8 dígitos');
  else if (ncm === '00000000') add('ncm', 'NCM 00000000 só vale para serviços: informe o NCM da mercadoria');

  // ICMS code of the unit's regime (the other regime's code is ignored).
  const icmsValido = simples ? has(CSOSNS, csosn) : has(CSTS_ICMS, cst);
  const comSt = simples ? (CSOSNS_COM_ST as readonly string[]).includes(csosn) : (CSTS_COM_ST as readonly string[]).includes(cst);
  const icmsRetido = simples ? csosn === CSOSN_ICMS_RETIDO : cst === CST_ICMS_RETIDO;

  // CEST
  if (blank(cest)) {
    if (comSt)
      add(
        'cest',
        `CEST é obrigatório em operação com substituição tributária (${simples ? 'CSOSN' : 'CST'} ${simples ? csosn : cst})`,
      );
  } else if (!/^\d{7}$/.test(cest)) add('cest', 'CEST deve ter 7 dígitos');

  // CFOP
  if (blank(cfop)) add('cfop', 'CFOP é obrigatório');
  else if (!has(CFOPS_NFCE, cfop)) add('cfop', `CFOP ${cfop} não é aceito na NFC-e (use ${Object.keys(CFOPS_NFCE).join(', ')})`);
  else if (cfop === CFOP_ST && icmsValido && !icmsRetido)
    add('cfop', `CFOP 5405 (mercadoria com ST) exige ${simples ? 'CSOSN 500' : 'CST 60'}`);

  // Origem
  if (blank(origem)) add('origem', 'Origem é obrigatória');
  else if (!has(ORIGENS, origem)) add('origem', 'Origem inválida');

  // CSOSN / CST
  const campoIcms = simples ? 'csosn' : 'cst';
  const rotuloIcms = simples ? 'CSOSN' : 'CST';
  const codigoIcms = simples ? csosn : cst;
  if (blank(codigoIcms))
    add(campoIcms, simples ? 'CSOSN é obrigatório no Simples Nacional' : 'CST do ICMS é obrigatório no regime normal');
  else if (!icmsValido) add(campoIcms, `${rotuloIcms} inválido`);
  else if (icmsRetido && has(CFOPS_NFCE, cfop) && !(CFOPS_ICMS_RETIDO as readonly string[]).includes(cfop))
    add(campoIcms, `${rotuloIcms} ${codigoIcms} (ICMS cobrado anteriormente por ST) exige CFOP 5405`);

  // PIS / COFINS
  for (const [campo, rotulo] of [
    ['pisCst', 'CST do PIS'],
    ['cofinsCst', 'CST da COFINS'],
  ] as const) {
    const valor = produto[campo] ?? '';
    if (blank(valor)) {
      if (!simples) add(campo, `${rotulo} é obrigatório no regime normal`);
    } else if (!has(CSTS_PIS_COFINS, valor)) add(campo, `${rotulo} inválido`);
  }
  return problemas;
}

/** Whether `produto` may go on an NFC-e of a unit with `crt` as it is (no problem). */
export function situacaoFiscalCompleta(produto: ProdutoFiscal, crt: Crt | string): boolean {
  return problemasFiscais(produto, crt).length === 0;
}
