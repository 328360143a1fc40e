/**
 * NF-e reader (modules/compras/nfe): every public sample of ../shared/fixtures/nfe/samples
 * (read in place, never copied), the refusals, the warnings (signature, key check digit,
 * protocol), encodings, numbers and hostile input. Pure unit tests: no database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { verifyNfeSignature } from '../src/modules/compras/nfe/signature.ts';
import { digitoChaveConfere, digitoVerificadorChave } from '../src/modules/compras/nfe/chave-acesso.ts';
import { parseNfe, NfeInvalidaError, type NfeLida } from '../src/modules/compras/nfe/parse-nfe.ts';

const PASTA = fileURLToPath(new URL('../../../../shared/fixtures/nfe/samples/', import.meta.url));
const amostra = (nome: string): string => readFileSync(PASTA + nome, 'utf8');

const MOD55_310 = 'sped-da__mod55-nfe.xml';
const LAYOUT4 = 'sped-nfe__nfe_layout4_com_prot.xml';
const TEMPLATE = 'sped-nfe__nfe_v4.00_PL_009q.xml';
const RETORNO = 'sped-nfe__exemplo_retorno_sucesso_envia_lote.xml';
const LOTE65 = 'sped-nfe__exemplo_xml_envia_lote_modelo_65.xml';
const NFCE_QR = 'sped-nfe__nfce_com_qrcode.xml';
const NFCE_SIGN = 'sped-nfe__signNFe_modelo_65.xml';

const MSG_NFCE = 'Este XML é de uma NFC-e (modelo 65), nota de venda ao consumidor; importe a NF-e (modelo 55) do fornecedor';
const AVISO_ASSINATURA = {
  codigo: 'assinatura_invalida',
  mensagem: 'A assinatura digital da NF-e não confere: o arquivo pode ter sido alterado',
};
const AVISO_SEM_ASSINATURA = {
  codigo: 'assinatura_ausente',
  mensagem: 'A NF-e não tem assinatura digital: confira os dados com o fornecedor',
};
const AVISO_SEM_PROTOCOLO = {
  codigo: 'sem_protocolo',
  mensagem: 'O XML não traz o protocolo de autorização da SEFAZ: confira se a nota foi autorizada antes de dar entrada',
};

/** The message of the NfeInvalidaError thrown by `parseNfe(entrada)` (fails on anything else). */
const recusa = (entrada: Buffer | string): string => {
  try {
    parseNfe(entrada);
  } catch (e) {
    expect(e).toBeInstanceOf(NfeInvalidaError);
    return (e as Error).message;
  }
  throw new Error('parseNfe accepted the input');
};

/**
 * The document without the whitespace between tags. Both nfephp 4.00 samples were
 * pretty-printed AFTER being signed (SEFAZ itself refuses whitespace between tags, rejection
 * 588), so only their compact form is what the emitter signed.
 */
const compacta = (xml: string): string => xml.replace(/>\s+</g, '><');

/** `xml` with `de` replaced once by `para` (fails when `de` is not there). */
const trocar = (xml: string, de: string | RegExp, para: string): string => {
  const novo = xml.replace(de, para);
  expect(novo, `"${String(de)}" not found`).not.toBe(xml);
  return novo;
};

/** A 44-digit key with the right check digit, from its first 43 digits. */
const comDigito = (chave43: string): string => chave43 + String(digitoVerificadorChave(chave43));

/**
 * The PL_009q template (every tag of layout 4.00 with placeholder "string" values) filled with
 * plausible values, so that the reader goes through every group the template carries
 * (rastro, med, dup, several CNPJ/CPF choices, a foreign Signature…).
 */
const CHAVE_TEMPLATE = comDigito('5124051122233300018155002000001234100000123');
const templatePreenchido = (): string => {
  const valores: Record<string, string> = {
    cNF: '00000123',
    natOp: 'Compra para comercialização',
    serie: '2',
    nNF: '1234',
    dhEmi: '2024-05-10T23:30:00-04:00',
    CNPJ: '11222333000181',
    CPF: '12345678909',
    xNome: 'DISTRIBUIDORA PET MODELO LTDA',
    xFant: 'PET MODELO',
    xLgr: 'Av. das Rações',
    nro: '100',
    xCpl: 'Galpão 2',
    xBairro: 'Distrito Industrial',
    cMun: '5103403',
    xMun: 'Cuiabá',
    CEP: '78098-000',
    fone: '(65) 3333-4444',
    IE: '131234567',
    cProd: '000123',
    cEAN: '7891234567895',
    cEANTrib: '7891234567895',
    xProd: 'RAÇÃO CÃES ADULTOS 15KG',
    NCM: '23091000',
    CEST: '2300100',
    CFOP: '5102',
    uCom: ' sc ',
    qCom: '3.0000',
    vUnCom: '89.9012345678',
    vProd: '269.70',
    vFrete: '10.00',
    vSeg: '1.50',
    vDesc: '5.00',
    vOutro: '2.25',
    vIPI: '13.49',
    vST: '7.80',
    vNF: '299.74',
    nLote: 'L2024-05A',
    qLote: '3.000',
    dFab: '2024-04-01',
    dVal: '2025-10-01',
    nDup: '001',
    dVenc: '2024-06-09',
    vDup: '299.74',
  };
  return amostra(TEMPLATE)
    .replace('versao="string"', 'versao="4.00"')
    .replace('Id="string"', `Id="NFe${CHAVE_TEMPLATE}"`)
    .replace('nItem="string"', 'nItem="1"')
    .replace(/<nfe:(\w+)>string<\/nfe:\1>/g, (_todo, tag: string) => {
      const v = valores[tag] ?? (/^[vqp][A-Z]/.test(tag) ? '0.00' : /^d[A-Z]/.test(tag) ? '2024-05-10' : 'X');
      return `<nfe:${tag}>${v}</nfe:${tag}>`;
    });
};

describe('parseNfe: the public samples', () => {
  it('covers every file of the samples folder', () => {
    expect(readdirSync(PASTA).sort()).toEqual([MOD55_310, RETORNO, LOTE65, NFCE_QR, LAYOUT4, TEMPLATE, NFCE_SIGN].sort());
  });

  it(`${MOD55_310}: NF-e 3.10 with protocol, 5 items, 7 duplicatas, edited signature`, () => {
    const nfe = parseNfe(readFileSync(PASTA + MOD55_310));
    expect(nfe).toMatchObject({
      versao: '3.10',
      modelo: '55',
      chaveAcesso: '35150300822602000124550010009923461099234656',
      numero: '992346',
      serie: '1',
      dataEmissao: '2015-03-27',
      naturezaOperacao: 'Venda prod. do estab.',
      emitente: {
        cnpj: '00822602000124',
        cpf: null,
        razaoSocial: 'Plotag Sistemas e Suprimentos Ltda',
        nomeFantasia: 'Plotag - Localhost',
        inscricaoEstadual: '114489114119',
        telefone: '1123587604',
        endereco: {
          cep: '01127010',
          logradouro: 'Rua Solon',
          numero: '558',
          complemento: null,
          bairro: 'Bom Retiro',
          cidade: 'Sao Paulo',
          uf: 'SP',
          codigoIbge: '3550308',
        },
      },
      destinatario: { cnpj: '99999999000191', cpf: null, nome: 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL' },
      totais: {
        valorProdutos: 689.91,
        valorFrete: 0,
        valorSeguro: 0,
        valorDesconto: 0,
        valorOutros: 0,
        valorIpi: 0,
        valorIcmsSt: 0,
        valorNota: 689.91,
      },
      protocolo: {
        numero: '135150001686732',
        status: '100',
        motivo: 'Autorizado o uso da NF-e',
        dataRecebimento: '2015-03-27T16:50:50-03:00',
      },
    });
    expect(nfe.itens).toHaveLength(5);
    expect(nfe.itens[0]).toEqual({
      numeroItem: 1,
      codigo: 'B17025056',
      gtin: null, // <cEAN/>
      descricao: 'PAPEL MAXPLOT- 170MX250MX56GRS 3"',
      ncm: '48025599',
      cest: null,
      cfop: '5101',
      unidade: 'RL', // 'Rl' in the XML
      quantidade: 1,
      valorUnitario: 138.3,
      valorTotal: 138.3,
      valorDesconto: 0,
      valorFrete: 0,
      valorSeguro: 0,
      valorOutros: 0,
      lotes: [],
    });
    expect(nfe.itens.map((i) => [i.numeroItem, i.codigo, i.valorTotal])).toEqual([
      [1, 'B17025056', 138.3],
      [2, '1070100752', 48.91],
      [3, 'B17025056', 138.3],
      [4, 'B17040056', 214.57],
      [5, 'B18525056', 149.83],
    ]);
    // The items add up to the note's product total (in cents: no float drift).
    expect(nfe.itens.reduce((s, i) => s + Math.round(i.valorTotal * 100), 0)).toBe(68991);
    expect(nfe.duplicatas).toHaveLength(7);
    expect(nfe.duplicatas[0]).toEqual({ numero: '992346', dataVencimento: '2015-04-24', valor: 689.91 });
    // The key's check digit is right (6); the signature does not verify (the file was edited).
    expect(nfe.avisos).toEqual([AVISO_ASSINATURA]);
  });

  it(`${LAYOUT4}: NF-e 4.00 with protocol, 1 item, 1 duplicata, pretty-printed after signing`, () => {
    const nfe = parseNfe(readFileSync(PASTA + LAYOUT4));
    expect(nfe).toMatchObject({
      versao: '4.00',
      modelo: '55',
      chaveAcesso: '43180906929383000163550010000000261000010301',
      numero: '26',
      serie: '1',
      dataEmissao: '2018-09-25',
      naturezaOperacao: 'Venda de producao do estabelecimento',
      emitente: {
        cnpj: '06929383000163',
        cpf: null,
        razaoSocial: 'UMA RAZAO SOCIAL DE TESTE QUALQUER',
        nomeFantasia: null,
        inscricaoEstadual: '0018000762', // leading zeros kept
        telefone: '5190909090',
        endereco: {
          cep: '93800000',
          logradouro: 'Rua dos Testes',
          numero: '1020',
          complemento: '0',
          bairro: 'Centro',
          cidade: 'SAPIRANGA',
          uf: 'RS',
          codigoIbge: '4319901',
        },
      },
      destinatario: { cnpj: '58716523000119', cpf: null, nome: 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL' },
      totais: {
        valorProdutos: 500,
        valorFrete: 0,
        valorSeguro: 0,
        valorDesconto: 0,
        valorOutros: 0,
        valorIpi: 0,
        valorIcmsSt: 0,
        valorNota: 500,
      },
      // As written in the sample: one duplicata of R$ 1,00 on a R$ 500,00 note.
      duplicatas: [{ numero: '001', dataVencimento: '2018-12-31', valor: 1 }],
      protocolo: {
        numero: '143180006932433',
        status: '100',
        motivo: 'Autorizado o uso da NF-e',
        dataRecebimento: '2018-09-25T16:21:05-03:00',
      },
    });
    expect(nfe.itens).toEqual([
      {
        numeroItem: 1,
        codigo: '11007',
        gtin: null, // 'SEM GTIN'
        descricao: 'UM PRODUTO TESTE QUALQUER',
        ncm: '64011000',
        cest: '1234567',
        cfop: '6101',
        unidade: 'UN',
        quantidade: 10,
        valorUnitario: 50,
        valorTotal: 500,
        valorDesconto: 0,
        valorFrete: 0,
        valorSeguro: 0,
        valorOutros: 0,
        lotes: [],
      },
    ]);
    expect(nfe.avisos).toEqual([AVISO_ASSINATURA]);
  });

  it(`${TEMPLATE}: the raw template is refused (placeholder layout version "string")`, () => {
    expect(recusa(readFileSync(PASTA + TEMPLATE))).toBe(
      'Versão de leiaute da NF-e não suportada: string (são aceitas as versões 3.10 e 4.00)',
    );
  });

  it(`${TEMPLATE}: filled in, every group is read (rastro lots, med, dup, prefixed namespace)`, () => {
    const nfe = parseNfe(templatePreenchido());
    expect(nfe).toMatchObject({
      versao: '4.00',
      chaveAcesso: CHAVE_TEMPLATE,
      numero: '1234',
      serie: '2',
      dataEmissao: '2024-05-10', // 23:30 at -04:00: the date as written, not shifted to UTC
      naturezaOperacao: 'Compra para comercialização',
      emitente: {
        cnpj: '11222333000181',
        cpf: null, // the template has both; CNPJ wins
        razaoSocial: 'DISTRIBUIDORA PET MODELO LTDA',
        nomeFantasia: 'PET MODELO',
        inscricaoEstadual: '131234567',
        telefone: '6533334444',
        endereco: {
          cep: '78098000',
          logradouro: 'Av. das Rações',
          numero: '100',
          complemento: 'Galpão 2',
          bairro: 'Distrito Industrial',
          cidade: 'Cuiabá',
          uf: 'MT',
          codigoIbge: '5103403',
        },
      },
      destinatario: { cnpj: '11222333000181', cpf: '12345678909', nome: 'DISTRIBUIDORA PET MODELO LTDA' },
      totais: {
        valorProdutos: 269.7,
        valorFrete: 10,
        valorSeguro: 1.5,
        valorDesconto: 5,
        valorOutros: 2.25,
        valorIpi: 13.49,
        valorIcmsSt: 7.8,
        valorNota: 299.74,
      },
      duplicatas: [{ numero: '001', dataVencimento: '2024-06-09', valor: 299.74 }],
      protocolo: null,
    });
    expect(nfe.itens).toEqual([
      {
        numeroItem: 1,
        codigo: '000123',
        gtin: '7891234567895',
        descricao: 'RAÇÃO CÃES ADULTOS 15KG',
        ncm: '23091000',
        cest: '2300100',
        cfop: '5102',
        unidade: 'SC',
        quantidade: 3,
        valorUnitario: 89.9012, // 10 decimals in the XML, 4 kept
        valorTotal: 269.7,
        valorDesconto: 5,
        valorFrete: 10,
        valorSeguro: 1.5,
        valorOutros: 2.25,
        lotes: [{ numero: 'L2024-05A', quantidade: 3, dataFabricacao: '2024-04-01', dataValidade: '2025-10-01' }],
      },
    ]);
    // Its Signature references an external URI, not #<infNFe Id>; no protNFe.
    expect(nfe.avisos).toEqual([AVISO_ASSINATURA, AVISO_SEM_PROTOCOLO]);
  });

  it.each([
    [RETORNO, 'O arquivo não é uma NF-e: é uma mensagem SOAP de comunicação com a SEFAZ'],
    [LOTE65, MSG_NFCE],
    [NFCE_QR, MSG_NFCE],
    [NFCE_SIGN, MSG_NFCE],
  ])('%s is refused', (nome, mensagem) => {
    expect(recusa(readFileSync(PASTA + nome))).toBe(mensagem);
  });
});

describe('verifyNfeSignature', () => {
  it('gives, on the original text of each sample, exactly what the files hold', () => {
    expect(Object.fromEntries(readdirSync(PASTA).map((nome) => [nome, verifyNfeSignature(amostra(nome))]))).toEqual({
      [MOD55_310]: 'invalida', // edited after signing (the digest fails even compacted)
      [LAYOUT4]: 'invalida', // pretty-printed after signing
      [TEMPLATE]: 'invalida', // placeholder signature over an external URI
      [LOTE65]: 'invalida', // edited; truncated SignatureValue and certificate
      [NFCE_QR]: 'invalida', // pretty-printed after signing
      [NFCE_SIGN]: 'ausente', // despite its name it carries no Signature
      [RETORNO]: 'ausente', // a SEFAZ answer: no NFe, no Signature
    });
  });

  it('verifies the real ICP-Brasil signatures of the two samples that were only re-indented', () => {
    expect(verifyNfeSignature(compacta(amostra(LAYOUT4)))).toBe('valida');
    expect(verifyNfeSignature(compacta(amostra(NFCE_QR)))).toBe('valida');
    // The edited ones stay invalid whatever their whitespace.
    expect(verifyNfeSignature(compacta(amostra(MOD55_310)))).toBe('invalida');
    expect(verifyNfeSignature(compacta(amostra(LOTE65)))).toBe('invalida');
  });

  it('a signed, authorised NF-e yields no warning at all', () => {
    const nfe = parseNfe(compacta(amostra(LAYOUT4)));
    expect(nfe.avisos).toEqual([]);
    expect(nfe.itens[0]!.quantidade).toBe(10);
  });

  it('one byte changed inside infNFe → assinatura_invalida (and the changed value is what is read)', () => {
    const original = compacta(amostra(LAYOUT4));
    const alterado = trocar(original, '<qCom>10.0000</qCom>', '<qCom>90.0000</qCom>');
    expect(alterado.length).toBe(original.length);
    expect(verifyNfeSignature(alterado)).toBe('invalida');
    const nfe = parseNfe(alterado);
    expect(nfe.itens[0]!.quantidade).toBe(90);
    expect(nfe.avisos).toEqual([AVISO_ASSINATURA]);
  });

  it('a changed SignatureValue, a reference to another Id or a second infNFe → invalida', () => {
    const original = compacta(amostra(LAYOUT4));
    expect(verifyNfeSignature(trocar(original, /(<SignatureValue>\s*)EK204/, '$1EK205'))).toBe('invalida');
    expect(verifyNfeSignature(trocar(original, 'URI="#NFe', 'URI="#XNFe'))).toBe('invalida');
    // Signature wrapping: a second, unsigned infNFe next to the signed one.
    const copia = /<infNFe [\s\S]*<\/infNFe>/.exec(original)![0].replace('Id="NFe', 'Id="NFx');
    expect(verifyNfeSignature(trocar(original, '<Signature ', `${copia}<Signature `))).toBe('invalida');
  });

  it('the protocol is outside the signed part: changing it does not touch the signature', () => {
    const xml = trocar(compacta(amostra(LAYOUT4)), '<nProt>143180006932433</nProt>', '<nProt>143180006932434</nProt>');
    expect(verifyNfeSignature(xml)).toBe('valida');
    expect(parseNfe(xml).protocolo?.numero).toBe('143180006932434');
  });

  it('a bare NFe without Signature → ausente; garbage → invalida (never throws)', () => {
    const semAssinatura = compacta(amostra(LAYOUT4)).replace(/<Signature [\s\S]*<\/Signature>/, '');
    expect(verifyNfeSignature(semAssinatura)).toBe('ausente');
    expect(parseNfe(semAssinatura).avisos).toEqual([AVISO_SEM_ASSINATURA]);
    expect(verifyNfeSignature('<a><b></a>')).toBe('invalida');
    expect(verifyNfeSignature('')).toBe('invalida');
  });
});

describe('parseNfe: warnings', () => {
  it('a key with a wrong check digit → chave_digito_invalido (plus the broken signature)', () => {
    const xml = amostra(LAYOUT4).replaceAll(
      '43180906929383000163550010000000261000010301',
      '43180906929383000163550010000000261000010309',
    );
    const nfe = parseNfe(xml);
    expect(nfe.chaveAcesso).toBe('43180906929383000163550010000000261000010309');
    expect(nfe.avisos).toEqual([
      {
        codigo: 'chave_digito_invalido',
        mensagem:
          'O dígito verificador da chave de acesso 43180906929383000163550010000000261000010309 não confere (esperado 1): a chave pode ter sido digitada ou alterada',
      },
      AVISO_ASSINATURA,
    ]);
  });

  it('mod-11 check digit: remainders 0 and 1 give 0', () => {
    expect(digitoVerificadorChave('3515030082260200012455001000992346109923465')).toBe(6);
    expect(digitoVerificadorChave('4318090692938300016355001000000026100001030')).toBe(1);
    expect(digitoChaveConfere('43211105730928000145650010000002401717268120')).toBe(false); // LOTE65: 9 expected
    const zeros = '0'.repeat(42);
    expect(digitoVerificadorChave(zeros + '0')).toBe(0); // sum 0, remainder 0
    expect(digitoVerificadorChave(zeros + '6')).toBe(0); // sum 12, remainder 1
    expect(digitoVerificadorChave(zeros + '5')).toBe(1); // sum 10, remainder 10
    expect(digitoVerificadorChave(zeros + '1')).toBe(9); // sum 2
    // Weights restart at 2 after 9: the 9th digit from the right weighs 2.
    expect(digitoVerificadorChave('0'.repeat(34) + '1' + '0'.repeat(8))).toBe(9);
  });

  it('protNFe with another key → chave_divergente', () => {
    const xml = trocar(
      compacta(amostra(LAYOUT4)),
      '<chNFe>43180906929383000163550010000000261000010301</chNFe>',
      '<chNFe>43180906929383000163550010000000271000010300</chNFe>',
    );
    expect(parseNfe(xml).avisos).toEqual([
      {
        codigo: 'chave_divergente',
        mensagem:
          'A chave de acesso do protocolo (43180906929383000163550010000000271000010300) é diferente da chave da nota (43180906929383000163550010000000261000010301)',
      },
    ]);
  });

  it('protocol with cStat 110 (denied) → nao_autorizada; 150 (authorised late) → no warning', () => {
    const base = compacta(amostra(LAYOUT4));
    const denegada = trocar(
      base,
      '<cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo>',
      '<cStat>110</cStat><xMotivo>Uso Denegado</xMotivo>',
    );
    expect(parseNfe(denegada).avisos).toEqual([
      { codigo: 'nao_autorizada', mensagem: 'O protocolo da SEFAZ não autoriza o uso desta NF-e (110 - Uso Denegado)' },
    ]);
    expect(parseNfe(trocar(base, '<cStat>100</cStat>', '<cStat>150</cStat>')).avisos).toEqual([]);
  });

  it('a bare NFe (no nfeProc) → sem_protocolo; its signature still verifies', () => {
    const nfe = /<NFe>[\s\S]*<\/NFe>/
      .exec(compacta(amostra(LAYOUT4)))![0]
      .replace('<NFe>', '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">');
    const lida = parseNfe(nfe);
    expect(lida.protocolo).toBeNull();
    expect(lida.avisos).toEqual([AVISO_SEM_PROTOCOLO]);
    // Same for the 3.10 sample, whose signature was broken by its authors.
    const nfe310 = /<NFe [\s\S]*<\/NFe>/.exec(amostra(MOD55_310))![0];
    expect(parseNfe(nfe310).avisos).toEqual([AVISO_ASSINATURA, AVISO_SEM_PROTOCOLO]);
  });
});

describe('parseNfe: encodings', () => {
  const comAcentos = (): string =>
    trocar(
      amostra(LAYOUT4),
      '<xNome>UMA RAZAO SOCIAL DE TESTE QUALQUER</xNome>',
      '<xNome>AÇÚCAR &amp; RAÇÕES DO SUL LTDA</xNome>',
    );

  it('ISO-8859-1 declared in the prolog', () => {
    const latin1 = Buffer.from(comAcentos().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    expect(latin1.includes(Buffer.from('Ç', 'utf8'))).toBe(false); // really one byte per letter
    expect(parseNfe(latin1).emitente.razaoSocial).toBe('AÇÚCAR & RAÇÕES DO SUL LTDA');
  });

  it('UTF-8 with and without BOM, UTF-16 with BOM, undeclared Windows-1252, character references', () => {
    const utf8 = Buffer.from(comAcentos(), 'utf8');
    expect(parseNfe(utf8).emitente.razaoSocial).toBe('AÇÚCAR & RAÇÕES DO SUL LTDA');
    expect(parseNfe(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8])).emitente.razaoSocial).toBe(
      'AÇÚCAR & RAÇÕES DO SUL LTDA',
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(comAcentos().replace('UTF-8', 'UTF-16'), 'utf16le')]);
    expect(parseNfe(utf16).emitente.razaoSocial).toBe('AÇÚCAR & RAÇÕES DO SUL LTDA');
    const semDeclaracao = Buffer.from(comAcentos().replace(/^<\?xml[^>]*\?>/, ''), 'latin1');
    expect(parseNfe(semDeclaracao).emitente.razaoSocial).toBe('AÇÚCAR & RAÇÕES DO SUL LTDA');
    const refs = trocar(amostra(LAYOUT4), '<xMun>SAPIRANGA</xMun>', '<xMun>Ven&#xE2;ncio Aires &#8211; &lt;RS&gt;</xMun>');
    expect(parseNfe(refs).emitente.endereco.cidade).toBe('Venâncio Aires – <RS>');
  });
});

describe('parseNfe: refusals', () => {
  it('empty, blank, not XML, random XML, other fiscal documents', () => {
    expect(recusa(Buffer.alloc(0))).toBe('O arquivo está vazio');
    expect(recusa('  \n ')).toBe('O arquivo está vazio');
    expect(recusa(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <</Type /Catalog>> endobj', 'latin1'))).toBe(
      'O arquivo não é um XML válido',
    );
    expect(recusa(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]))).toBe('O arquivo não é um XML válido'); // a zip
    expect(recusa('{"nfe": 1}')).toBe('O arquivo não é um XML válido');
    expect(recusa('<nfeProc><NFe><infNFe></nfeProc>')).toBe('O arquivo não é um XML válido');
    expect(recusa('<?xml version="1.0"?><pedido numero="1"><item/></pedido>')).toBe(
      'O arquivo não é uma NF-e: o elemento principal é <pedido>, e uma NF-e começa por <nfeProc> ou <NFe>',
    );
    const lote = `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>1</idLote>${/<NFe>[\s\S]*<\/NFe>/.exec(amostra(LAYOUT4))![0]}</enviNFe>`;
    expect(recusa(lote)).toBe(
      'O arquivo não é uma NF-e: é um lote de envio à SEFAZ (enviNFe); importe o XML de cada NF-e autorizada',
    );
    expect(recusa('<procEventoNFe versao="1.00"><evento/></procEventoNFe>')).toBe(
      'O arquivo não é uma NF-e: é um evento da NF-e (cancelamento, carta de correção…), não a nota',
    );
    expect(recusa('<cteProc versao="4.00"/>')).toBe('O arquivo não é uma NF-e: é um CT-e (conhecimento de transporte)');
    expect(recusa('<NFe>texto</NFe>')).toBe('O arquivo não é uma NF-e: falta o grupo de informações da nota (infNFe/ide)');
  });

  it('another model, an old layout, a malformed key', () => {
    const base = amostra(LAYOUT4);
    expect(recusa(trocar(base, '<mod>55</mod>', '<mod>57</mod>'))).toBe(
      'O arquivo não é uma NF-e: o modelo do documento é 57, e a NF-e é o modelo 55',
    );
    expect(recusa(trocar(base, '0301" versao="4.00">', '0301" versao="2.00">'))).toBe(
      'Versão de leiaute da NF-e não suportada: 2.00 (são aceitas as versões 3.10 e 4.00)',
    );
    expect(recusa(trocar(base, 'Id="NFe43180906929383000163550010000000261000010301"', 'Id="NFe4318"'))).toBe(
      'A NF-e não tem uma chave de acesso válida (Id de infNFe: "NFe4318")',
    );
  });

  it('missing mandatory parts: items, emitter CNPJ/CPF and name, totals, issue date; malformed numbers', () => {
    const base = amostra(LAYOUT4);
    expect(recusa(base.replace(/<det nItem="1">[\s\S]*<\/det>/, ''))).toBe('A NF-e não tem itens (det)');
    expect(recusa(trocar(base, '<CNPJ>06929383000163</CNPJ>', ''))).toBe('A NF-e não informa o CNPJ ou CPF do emitente');
    expect(recusa(trocar(base, '<xNome>UMA RAZAO SOCIAL DE TESTE QUALQUER</xNome>', '<xNome> </xNome>'))).toBe(
      'A NF-e não informa a razão social do emitente (xNome)',
    );
    expect(recusa(base.replace(/<total>[\s\S]*<\/total>/, ''))).toBe('A NF-e não informa os totais (total/ICMSTot)');
    expect(recusa(trocar(base, '<dhEmi>2018-09-25T00:00:00-03:00</dhEmi>', '<dhEmi>2018-02-30T00:00:00-03:00</dhEmi>'))).toBe(
      'A NF-e não informa uma data de emissão válida (dhEmi)',
    );
    expect(recusa(trocar(base, '<qCom>10.0000</qCom>', '<qCom>10,5</qCom>'))).toBe(
      'Valor inválido na NF-e para a quantidade do item 1 (qCom): "10,5"',
    );
    expect(recusa(trocar(base, '<vProd>500.00</vProd>', '<vProd>-500.00</vProd>'))).toBe(
      'Valor inválido na NF-e para o valor do item 1 (vProd): "-500.00"',
    );
    expect(recusa(trocar(base, '<cProd>11007</cProd>', ''))).toBe('A NF-e não informa o código do produto do item 1 (cProd)');
  });

  it('hostile input: > 5 MB, DOCTYPE/entity bombs, deep nesting, truncation, junk', () => {
    expect(recusa(Buffer.alloc(5 * 1024 * 1024 + 1, 0x20))).toBe('O arquivo é grande demais para uma NF-e (máximo de 5 MB)');
    const bomba = `<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><nfeProc>&c;&c;&c;</nfeProc>`;
    expect(recusa(bomba)).toBe('O arquivo não é uma NF-e: declarações DOCTYPE não são aceitas');
    expect(recusa('<!DOCTYPE x SYSTEM "file:///etc/passwd"><NFe>&x;</NFe>')).toBe(
      'O arquivo não é uma NF-e: declarações DOCTYPE não são aceitas',
    );
    const fundo = '<NFe>' + '<a>'.repeat(5000) + '</a>'.repeat(5000) + '</NFe>';
    expect(recusa(fundo)).toMatch(/^O arquivo não é/);
    // Cut anywhere, a sample is refused with a user message: never a crash.
    const xml = amostra(MOD55_310);
    for (let corte = 1; corte < xml.length - 20; corte += 97) {
      expect(() => parseNfe(xml.slice(0, corte))).toThrow(NfeInvalidaError);
    }
    // Random bytes and odd values.
    let semente = 42;
    const aleatorio = () => (semente = (semente * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    for (let i = 0; i < 20; i++) {
      const lixo = Buffer.from(Array.from({ length: 200 + i * 50 }, aleatorio));
      expect(() => parseNfe(lixo)).toThrow(NfeInvalidaError);
    }
    expect(() => parseNfe(undefined as unknown as string)).toThrow(NfeInvalidaError);
    expect(() => parseNfe(42 as unknown as string)).toThrow(NfeInvalidaError);
  });
});

describe('parseNfe: shapes and numbers', () => {
  /** The single item of the 4.00 sample with `prod` rewritten by `f`. */
  const comProd = (f: (prod: string) => string): NfeLida =>
    parseNfe(amostra(LAYOUT4).replace(/<prod>[\s\S]*<\/prod>/, (p) => f(p)));

  it('one det / dup / rastro and many are all arrays', () => {
    const um = parseNfe(amostra(LAYOUT4));
    expect(Array.isArray(um.itens) && um.itens.length).toBe(1);
    expect(Array.isArray(um.duplicatas) && um.duplicatas.length).toBe(1);
    const doisLotes = comProd((p) =>
      p.replace(
        '<indTot>1</indTot>',
        '<indTot>1</indTot><rastro><nLote>A1</nLote><qLote>4.000</qLote><dFab>2018-01-10</dFab><dVal>2019-01-10</dVal></rastro>' +
          '<rastro><nLote>B2</nLote><qLote>6.000</qLote><dVal>2019-03-31</dVal></rastro>',
      ),
    );
    expect(doisLotes.itens[0]!.lotes).toEqual([
      { numero: 'A1', quantidade: 4, dataFabricacao: '2018-01-10', dataValidade: '2019-01-10' },
      { numero: 'B2', quantidade: 6, dataFabricacao: null, dataValidade: '2019-03-31' },
    ]);
    const umLote = comProd((p) =>
      p.replace('<indTot>1</indTot>', '<indTot>1</indTot><rastro><nLote>A1</nLote><qLote>10</qLote></rastro>'),
    );
    expect(umLote.itens[0]!.lotes).toEqual([{ numero: 'A1', quantidade: 10, dataFabricacao: null, dataValidade: null }]);
  });

  it('3.10: lots come from prod/med with nLote', () => {
    const xml = trocar(
      amostra(MOD55_310),
      '<vUnTrib>138.3000</vUnTrib>\n                    <indTot>1</indTot>',
      '<vUnTrib>138.3000</vUnTrib><indTot>1</indTot><med><nLote>MED-77</nLote><qLote>1.000</qLote><dFab>2015-01-01</dFab><dVal>2017-01-01</dVal><vPMC>150.00</vPMC></med>',
    );
    const nfe = parseNfe(xml);
    expect(nfe.itens[0]!.lotes).toEqual([
      { numero: 'MED-77', quantidade: 1, dataFabricacao: '2015-01-01', dataValidade: '2017-01-01' },
    ]);
    expect(nfe.itens.slice(1).every((i) => i.lotes.length === 0)).toBe(true);
  });

  it('rounds money to 2 decimals and unit values / quantities to 4, keeps codes as text', () => {
    const nfe = comProd((p) =>
      p
        .replace('<cProd>11007</cProd>', '<cProd>0011007</cProd>')
        .replace('<cEAN>SEM GTIN</cEAN>', '<cEAN>07891234567895</cEAN>')
        .replace('<NCM>64011000</NCM>', '<NCM>01061900</NCM>')
        .replace('<qCom>10.0000</qCom>', '<qCom>1.00005</qCom>')
        .replace('<vUnCom>50</vUnCom>', '<vUnCom>0.1234567890</vUnCom>')
        .replace('<vProd>500.00</vProd>', '<vProd>1.005</vProd>')
        .replace('<indTot>1</indTot>', '<vDesc>0.10</vDesc><vOutro>0.20</vOutro><indTot>1</indTot>'),
    );
    expect(nfe.itens[0]).toMatchObject({
      codigo: '0011007',
      gtin: '07891234567895',
      ncm: '01061900',
      quantidade: 1.0001,
      valorUnitario: 0.1235,
      valorTotal: 1.01,
      valorDesconto: 0.1,
      valorOutros: 0.2,
      valorFrete: 0,
    });
  });

  it('GTIN: cEANTrib when cEAN is absent; anything that is not 8/12/13/14 digits is null', () => {
    expect(comProd((p) => p.replace('<cEANTrib>SEM GTIN</cEANTrib>', '<cEANTrib>78912345</cEANTrib>')).itens[0]!.gtin).toBe(
      '78912345',
    );
    expect(comProd((p) => p.replace('<cEAN>SEM GTIN</cEAN>', '<cEAN>123</cEAN>')).itens[0]!.gtin).toBeNull();
  });

  it('emitter with CPF, no recipient, dates as written, duplicata without due date', () => {
    let xml = amostra(LAYOUT4);
    xml = trocar(xml, '<CNPJ>06929383000163</CNPJ>', '<CPF>12345678909</CPF>');
    xml = xml.replace(/<dest>[\s\S]*<\/dest>/, '');
    xml = trocar(xml, '<dhEmi>2018-09-25T00:00:00-03:00</dhEmi>', '<dhEmi>2018-09-25T23:59:59-03:00</dhEmi>');
    xml = trocar(xml, '<dVenc>2018-12-31</dVenc>', '');
    const nfe = parseNfe(xml);
    expect(nfe.emitente).toMatchObject({ cnpj: null, cpf: '12345678909' });
    expect(nfe.destinatario).toBeNull();
    expect(nfe.dataEmissao).toBe('2018-09-25');
    expect(nfe.duplicatas).toEqual([{ numero: '001', dataVencimento: '2018-09-25', valor: 1 }]);
  });
});
