/**
 * What an NFC-e is made of, between the parts of the fiscal module (issue #18):
 * `emitir-nfce.ts` reads the sale, the unit and the products and fills `DadosNfce`;
 * `gerar-nfce.ts` turns it into the signed, XSD-valid XML with its QR code; `sefaz/` sends it.
 *
 * Money is in reais as strings with 2 decimals ('12.30'); quantities as strings with up to
 * 4 decimals ('1.250'); instants are `Date` written in the unit's time zone.
 */

/** The issuer (the business unit), as `emit` needs it. */
export type EmitenteNfce = {
  cnpj: string;
  razaoSocial: string;
  nomeFantasia: string | null;
  inscricaoEstadual: string;
  /** Código de Regime Tributário: '1' Simples Nacional, '2' excesso de sublimite, '3' normal, '4' MEI. */
  crt: '1' | '2' | '3' | '4';
  logradouro: string;
  numero: string;
  complemento: string | null;
  bairro: string;
  /** IBGE municipality code (7 digits). */
  codigoMunicipio: string;
  municipio: string;
  uf: string;
  cep: string;
  telefone: string | null;
};

/** One product line of the sale (services are never on an NFC-e). */
export type ItemNfce = {
  /** cProd: the product's internal code (or its id's first characters). */
  codigo: string;
  /** GTIN/EAN when the product has one, else null ('SEM GTIN'). */
  codigoBarras: string | null;
  descricao: string;
  ncm: string;
  cest: string | null;
  cfop: string;
  /** uCom / uTrib. */
  unidade: string;
  quantidade: string;
  valorUnitario: string;
  /** The line's own discount (item discount), reais; the sale discount is apportioned by the builder. */
  descontoItem: string;
  origem: string;
  /** CRT 1/2/4. */
  csosn: string | null;
  /** CRT 3. */
  cst: string | null;
  pisCst: string | null;
  cofinsCst: string | null;
};

/** NFC-e `tPag` codes used by the till (NT 2020.006 table): 01 cash, 03 credit, 04 debit, 05 store credit, 15 boleto, 17 PIX, 99 other. */
export type TipoPagamentoNfce = '01' | '03' | '04' | '05' | '15' | '17' | '18' | '99';

export type PagamentoNfce = {
  tPag: TipoPagamentoNfce;
  /** vPag, reais. */
  valor: string;
  /** xPag: required by the schema's rules when tPag is 99. */
  descricao?: string;
  /** Card data (tPag 03/04): tpIntegra '2' (not integrated with the till), the acquirer's CNPJ and brand when known. */
  cartao?: { cnpjCredenciadora?: string | null; bandeira?: string | null; autorizacao?: string | null };
};

export type DadosNfce = {
  emitente: EmitenteNfce;
  /** tpAmb: '1' produção, '2' homologação. */
  ambiente: '1' | '2';
  serie: number;
  numero: number;
  /** cNF: 8 random digits, different from the number (NT 2019.001). */
  codigoNumerico: string;
  /** dhEmi. */
  emitidoEm: Date;
  /** The unit's IANA time zone ('America/Sao_Paulo'): dhEmi and dhCont carry its offset. */
  timeZone: string;
  /** tpEmis: '1' normal, '9' offline contingency. */
  tipoEmissao: '1' | '9';
  /** Required with tipoEmissao '9': dhCont and xJust (15 to 256 characters). */
  contingencia?: { desde: Date; justificativa: string };
  /** The consumer when identified ("CPF na nota"): 11 digits CPF or 14 digits CNPJ. */
  destinatarioDocumento?: string | null;
  itens: ItemNfce[];
  /** The sale's discount (beyond the items' own), reais, apportioned over the items by value. */
  descontoVenda: string;
  /** Delivery charged (vFrete), reais, apportioned over the items by value. */
  frete: string;
  pagamentos: PagamentoNfce[];
  /** vTroco, reais. */
  troco: string;
  /** The unit's CSC (Código de Segurança do Contribuinte) for the QR code. */
  csc: { id: string; token: string };
  /** Free text for the consumer (infAdic/infCpl), e.g. the sale's number. */
  informacoesComplementares?: string;
};

/** The document ready to send: signed, XSD-valid, with `infNFeSupl` (QR code and consultation URL). */
export type NfceGerada = {
  /** `<NFe xmlns=…>…</NFe>`, no XML declaration. */
  xml: string;
  /** 44 digits. */
  chave: string;
  /** The QR code's text (qrCode) and the consultation URL printed under it (urlChave). */
  qrCode: string;
  urlChave: string;
  /** vNF, reais. */
  valorTotal: string;
  /** vTotTrib: approximate taxes (Lei 12.741/2012), reais. */
  valorTributos: string;
};
