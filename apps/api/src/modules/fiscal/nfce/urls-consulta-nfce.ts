/**
 * Where the consumer checks an NFC-e, per state and environment (tpAmb '1' produção, '2'
 * homologação): the QR code's consultation address (`NfeConsultaQR`, with the QR layout the
 * state takes: 2 = NT 2015.002 hash with the CSC, 3 = NT 2025.001) and the "consulta por chave
 * de acesso" address printed under it (`urlChave`). Public addresses published by each SEFAZ
 * (Portal da NFC-e; the same as nfephp's sped-nfe tables, which test/fiscal-nfce-urls.test.ts
 * compares with this table for every state).
 */

export type VersaoQrCode = 2 | 3;

export type UrlsConsultaNfce = {
  /** NfeConsultaQR: the QR code's address, before `?p=`. */
  qrCode: string;
  /** The QR layout the state takes in this environment. */
  versaoQrCode: VersaoQrCode;
  /** urlChave: the consultation by access key printed on the DANFE NFC-e. */
  urlChave: string;
};

type Ambiente = '1' | '2';

const TABELA: Record<string, Record<Ambiente, UrlsConsultaNfce>> = {
  AC: {
    '1': {
      qrCode: 'http://www.sefaznet.ac.gov.br/nfce/qrcode',
      versaoQrCode: 2,
      urlChave: 'www.sefaznet.ac.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'http://www.hml.sefaznet.ac.gov.br/nfce/qrcode',
      versaoQrCode: 3,
      urlChave: 'www.sefaznet.ac.gov.br/nfce/consulta',
    },
  },
  AL: {
    '1': {
      qrCode: 'http://nfce.sefaz.al.gov.br/QRCode/consultarNFCe.jsp',
      versaoQrCode: 2,
      urlChave: 'www.sefaz.al.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'http://nfce.sefaz.al.gov.br/QRCode/consultarNFCe.jsp',
      versaoQrCode: 3,
      urlChave: 'www.sefaz.al.gov.br/nfce/consulta',
    },
  },
  AM: {
    '1': {
      qrCode: 'https://sistemas.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp',
      versaoQrCode: 2,
      urlChave: 'www.sefaz.am.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'https://sistemas.sefaz.am.gov.br/nfceweb-hom/consultarNFCe.jsp',
      versaoQrCode: 3,
      urlChave: 'www.sefaz.am.gov.br/nfce/consulta',
    },
  },
  AP: {
    '1': { qrCode: 'https://www.sefaz.ap.gov.br/nfce/nfcep.php', versaoQrCode: 2, urlChave: 'www.sefaz.ap.gov.br/nfce/consulta' },
    '2': {
      qrCode: 'https://www.sefaz.ap.gov.br/nfcehml/nfce.php',
      versaoQrCode: 3,
      urlChave: 'www.sefaz.ap.gov.br/nfce/consulta',
    },
  },
  BA: {
    '1': {
      qrCode: 'http://nfe.sefaz.ba.gov.br/servicos/nfce/qrcode.aspx',
      versaoQrCode: 2,
      urlChave: 'http://www.sefaz.ba.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'http://hnfe.sefaz.ba.gov.br/servicos/nfce/qrcode.aspx',
      versaoQrCode: 3,
      urlChave: 'http://hinternet.sefaz.ba.gov.br/nfce/consulta',
    },
  },
  CE: {
    '1': {
      qrCode: 'http://nfce.sefaz.ce.gov.br/pages/ShowNFCe.html',
      versaoQrCode: 2,
      urlChave: 'www.sefaz.ce.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'http://nfceh.sefaz.ce.gov.br/pages/ShowNFCe.html',
      versaoQrCode: 3,
      urlChave: 'www.sefaz.ce.gov.br/nfce/consulta',
    },
  },
  DF: {
    '1': { qrCode: 'http://www.fazenda.df.gov.br/nfce/qrcode', versaoQrCode: 2, urlChave: 'www.fazenda.df.gov.br/nfce/consulta' },
    '2': {
      qrCode: 'http://dec.fazenda.df.gov.br/ConsultarNFCe.aspx',
      versaoQrCode: 3,
      urlChave: 'www.fazenda.df.gov.br/nfce/consulta',
    },
  },
  ES: {
    '1': {
      qrCode: 'http://app.sefaz.es.gov.br/ConsultaNFCe/qrcode.aspx',
      versaoQrCode: 2,
      urlChave: 'www.sefaz.es.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'http://homologacao.sefaz.es.gov.br/ConsultaNFCe/qrcode.aspx',
      versaoQrCode: 3,
      urlChave: 'www.sefaz.es.gov.br/nfce/consulta',
    },
  },
  GO: {
    '1': {
      qrCode: 'https://nfeweb.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe',
      versaoQrCode: 2,
      urlChave: 'www.sefaz.go.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'https://nfewebhomolog.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe',
      versaoQrCode: 3,
      urlChave: 'www.nfce.go.gov.br/post/ver/214413/consulta-nfc-e-homologacao',
    },
  },
  MA: {
    '1': {
      qrCode: 'http://www.nfce.sefaz.ma.gov.br/portal/consultarNFCe.jsp',
      versaoQrCode: 2,
      urlChave: 'www.sefaz.ma.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'http://www.hom.nfce.sefaz.ma.gov.br/portal/consultarNFCe.jsp',
      versaoQrCode: 3,
      urlChave: 'www.sefaz.ma.gov.br/nfce/consulta',
    },
  },
  MG: {
    '1': {
      qrCode: 'https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml',
      versaoQrCode: 2,
      urlChave: 'https://portalsped.fazenda.mg.gov.br/portalnfce',
    },
    '2': {
      qrCode: 'https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml',
      versaoQrCode: 3,
      urlChave: 'https://hportalsped.fazenda.mg.gov.br/portalnfce',
    },
  },
  MS: {
    '1': { qrCode: 'http://www.dfe.ms.gov.br/nfce/qrcode', versaoQrCode: 2, urlChave: 'http://www.dfe.ms.gov.br/nfce/consulta' },
    '2': { qrCode: 'http://www.dfe.ms.gov.br/nfce/qrcode', versaoQrCode: 3, urlChave: 'http://www.dfe.ms.gov.br/nfce/consulta' },
  },
  MT: {
    '1': {
      qrCode: 'http://www.sefaz.mt.gov.br/nfce/consultanfce',
      versaoQrCode: 2,
      urlChave: 'http://www.sefaz.mt.gov.br/nfce/consultanfce',
    },
    '2': {
      qrCode: 'http://homologacao.sefaz.mt.gov.br/nfce/consultanfce',
      versaoQrCode: 3,
      urlChave: 'http://homologacao.sefaz.mt.gov.br/nfce/consultanfce',
    },
  },
  PA: {
    '1': {
      qrCode: 'https://appnfc.sefa.pa.gov.br/portal/view/consultas/nfce/nfceForm.seam',
      versaoQrCode: 2,
      urlChave: 'www.sefa.pa.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'https://appnfc.sefa.pa.gov.br/portal-homologacao/view/consultas/nfce/nfceForm.seam',
      versaoQrCode: 3,
      urlChave: 'www.sefa.pa.gov.br/nfce/consulta',
    },
  },
  PB: {
    '1': { qrCode: 'http://www.sefaz.pb.gov.br/nfce', versaoQrCode: 2, urlChave: 'www.sefaz.pb.gov.br/nfce/consulta' },
    '2': { qrCode: 'http://www.sefaz.pb.gov.br/nfcehom', versaoQrCode: 3, urlChave: 'www.sefaz.pb.gov.br/nfcehom' },
  },
  PE: {
    '1': { qrCode: 'http://nfce.sefaz.pe.gov.br/nfce/consulta', versaoQrCode: 2, urlChave: 'nfce.sefaz.pe.gov.br/nfce/consulta' },
    '2': {
      qrCode: 'http://nfcehomolog.sefaz.pe.gov.br/nfce/consulta',
      versaoQrCode: 3,
      urlChave: 'nfce.sefaz.pe.gov.br/nfce/consulta',
    },
  },
  PI: {
    '1': { qrCode: 'http://www.sefaz.pi.gov.br/nfce/qrcode', versaoQrCode: 2, urlChave: 'www.sefaz.pi.gov.br/nfce/consulta' },
    '2': { qrCode: 'http://www.sefaz.pi.gov.br/nfce/qrcode', versaoQrCode: 3, urlChave: 'www.sefaz.pi.gov.br/nfce/consulta' },
  },
  PR: {
    '1': {
      qrCode: 'http://www.fazenda.pr.gov.br/nfce/qrcode',
      versaoQrCode: 2,
      urlChave: 'http://www.fazenda.pr.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'http://www.fazenda.pr.gov.br/nfce/qrcode',
      versaoQrCode: 3,
      urlChave: 'http://www.fazenda.pr.gov.br/nfce/consulta',
    },
  },
  RJ: {
    '1': {
      qrCode: 'https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode',
      versaoQrCode: 2,
      urlChave: 'www.fazenda.rj.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'http://www4.fazenda.rj.gov.br/consultaNFCe/QRCode',
      versaoQrCode: 3,
      urlChave: 'www.fazenda.rj.gov.br/nfce/consulta',
    },
  },
  RN: {
    '1': { qrCode: 'http://nfce.set.rn.gov.br/consultarNFCe.aspx', versaoQrCode: 2, urlChave: 'www.set.rn.gov.br/nfce/consulta' },
    '2': {
      qrCode: 'http://hom.nfce.set.rn.gov.br/consultarNFCe.aspx',
      versaoQrCode: 3,
      urlChave: 'www.set.rn.gov.br/nfce/consulta',
    },
  },
  RO: {
    '1': {
      qrCode: 'http://www.nfce.sefin.ro.gov.br/consultanfce/consulta.jsp',
      versaoQrCode: 2,
      urlChave: 'www.sefin.ro.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'http://www.nfce.sefin.ro.gov.br/consultanfce/consulta.jsp',
      versaoQrCode: 3,
      urlChave: 'www.sefin.ro.gov.br/nfce/consulta',
    },
  },
  RR: {
    '1': { qrCode: 'https://www.sefaz.rr.gov.br/servlet/qrcode', versaoQrCode: 2, urlChave: 'www.sefaz.rr.gov.br/nfce/consulta' },
    '2': {
      qrCode: 'http://200.174.88.103:8080/nfce/servlet/qrcode',
      versaoQrCode: 3,
      urlChave: 'www.sefaz.rr.gov.br/nfce/consulta',
    },
  },
  RS: {
    '1': {
      qrCode: 'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx',
      versaoQrCode: 2,
      urlChave: 'www.sefaz.rs.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx',
      versaoQrCode: 3,
      urlChave: 'www.sefaz.rs.gov.br/nfce/consulta',
    },
  },
  SC: {
    '1': {
      qrCode: 'https://sat.sef.sc.gov.br/nfce/consulta',
      versaoQrCode: 2,
      urlChave: 'https://sat.sef.sc.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'https://hom.sat.sef.sc.gov.br/nfce/consulta',
      versaoQrCode: 3,
      urlChave: 'https://hom.sat.sef.sc.gov.br/nfce/consulta',
    },
  },
  SE: {
    '1': {
      qrCode: 'http://www.nfce.se.gov.br/nfce/qrcode',
      versaoQrCode: 2,
      urlChave: 'http://www.nfce.se.gov.br/nfce/consulta',
    },
    '2': {
      qrCode: 'http://www.hom.nfe.se.gov.br/nfce/qrcode',
      versaoQrCode: 3,
      urlChave: 'http://www.hom.nfe.se.gov.br/nfce/consulta',
    },
  },
  SP: {
    '1': {
      qrCode: 'https://www.nfce.fazenda.sp.gov.br/qrcode',
      versaoQrCode: 2,
      urlChave: 'https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica',
    },
    '2': {
      qrCode: 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode',
      versaoQrCode: 3,
      urlChave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica',
    },
  },
  TO: {
    '1': { qrCode: 'http://www.sefaz.to.gov.br/nfce/qrcode', versaoQrCode: 2, urlChave: 'www.sefaz.to.gov.br/nfce/consulta' },
    '2': {
      qrCode: 'http://homologacao.sefaz.to.gov.br/nfce/qrcode',
      versaoQrCode: 3,
      urlChave: 'http://homologacao.sefaz.to.gov.br/nfce/consulta.jsf',
    },
  },
};

/** The states the table knows (the 26 states and DF). */
export const UFS_CONSULTA_NFCE = Object.keys(TABELA);

/**
 * The consultation addresses of `uf` ('SP') in `ambiente` ('1' produção, '2' homologação).
 * Throws when the state is unknown (a unit without a valid UF cannot issue an NFC-e).
 */
export const urlsConsultaNfce = (uf: string, ambiente: Ambiente): UrlsConsultaNfce => {
  const linha = TABELA[uf.toUpperCase()];
  if (!linha) throw new Error(`UF sem endereço de consulta da NFC-e: ${uf}`);
  return linha[ambiente];
};
