/**
 * The NFC-e (modelo 65) web services of every authoriser, layout 4.00, as sped-nfe's
 * `storage/wsnfe_4.00_mod65.xml` lists them (public government URLs; the test
 * fiscal-sefaz-client.test.ts checks this table against that file, fixture
 * `ws/sped-nfe__wsnfe_4.00_mod65.xml`, for every state and environment). A state without its own
 * services uses SVRS (`AUTORIZADOR_NFCE_POR_UF` of @petshop/shared, from `autorizadores.json`).
 *
 * Each entry keeps what the SOAP call needs: the URL, the WSDL operation (the namespace of
 * `nfeDadosMsg` is `http://www.portalfiscal.inf.br/nfe/wsdl/{operacao}`), the method (the SOAP
 * action is `{namespace}/{metodo}`) and the layout version of the message.
 */
import { AUTORIZADOR_NFCE_POR_UF } from '@petshop/shared/unidade-negocio';

/** The services the NFC-e uses (NFeRetAutorizacao4 is not: authorisation is synchronous, indSinc 1). */
export type ServicoSefaz = 'autorizacao' | 'consultaProtocolo' | 'statusServico' | 'recepcaoEvento' | 'inutilizacao';

export type EnderecoServico = {
  url: string;
  /** WSDL operation, e.g. 'NFeAutorizacao4'. */
  operacao: string;
  /** SOAP method, e.g. 'nfeAutorizacaoLote'. */
  metodo: string;
  /** Layout version of the message ('4.00'; events '1.00'). */
  versao: string;
};

type Ambiente = 'homologacao' | 'producao';
type ServicosAutorizador = Record<Ambiente, Record<ServicoSefaz, EnderecoServico>>;

const s = (url: string, operacao: string, metodo: string, versao: string): EnderecoServico => ({
  url,
  operacao,
  metodo,
  versao,
});

/** Per authoriser (a state with its own services, or SVRS), per environment. */
export const SERVICOS_NFCE: Readonly<Record<string, ServicosAutorizador>> = {
  AM: {
    homologacao: {
      autorizacao: s(
        'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeAutorizacao4',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeInutilizacao4',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeConsulta4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeStatusServico4',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://homnfce.sefaz.am.gov.br/nfce-services/services/RecepcaoEvento4',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
    producao: {
      autorizacao: s(
        'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeAutorizacao4',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeInutilizacao4',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeConsulta4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeStatusServico4',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://nfce.sefaz.am.gov.br/nfce-services/services/RecepcaoEvento4',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
  },
  GO: {
    homologacao: {
      autorizacao: s(
        'https://homolog.sefaz.go.gov.br/nfe/services/NFeAutorizacao4',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://homolog.sefaz.go.gov.br/nfe/services/NFeInutilizacao4',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://homolog.sefaz.go.gov.br/nfe/services/NFeConsultaProtocolo4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://homolog.sefaz.go.gov.br/nfe/services/NFeStatusServico4',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://homolog.sefaz.go.gov.br/nfe/services/NFeRecepcaoEvento4',
        'NFeRecepcaoEvento',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
    producao: {
      autorizacao: s('https://nfe.sefaz.go.gov.br/nfe/services/NFeAutorizacao4', 'NFeAutorizacao4', 'nfeAutorizacaoLote', '4.00'),
      inutilizacao: s(
        'https://nfe.sefaz.go.gov.br/nfe/services/NFeInutilizacao4',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://nfe.sefaz.go.gov.br/nfe/services/NFeConsultaProtocolo4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://nfe.sefaz.go.gov.br/nfe/services/NFeStatusServico4',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://nfe.sefaz.go.gov.br/nfe/services/NFeRecepcaoEvento4',
        'NFeRecepcaoEvento',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
  },
  MG: {
    homologacao: {
      autorizacao: s(
        'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeAutorizacao4',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeInutilizacao4',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeConsultaProtocolo4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeStatusServico4',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeRecepcaoEvento4',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
    producao: {
      autorizacao: s(
        'https://nfce.fazenda.mg.gov.br/nfce/services/NFeAutorizacao4',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://nfce.fazenda.mg.gov.br/nfce/services/NFeInutilizacao4',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://nfce.fazenda.mg.gov.br/nfce/services/NFeConsultaProtocolo4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://nfce.fazenda.mg.gov.br/nfce/services/NFeStatusServico4',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://nfce.fazenda.mg.gov.br/nfce/services/NFeRecepcaoEvento4',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
  },
  MT: {
    homologacao: {
      autorizacao: s(
        'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeAutorizacao4',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeInutilizacao4',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeConsulta4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeStatusServico4',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://homologacao.sefaz.mt.gov.br/nfcews/services/RecepcaoEvento4',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
    producao: {
      autorizacao: s(
        'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeAutorizacao4',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeInutilizacao4',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeConsulta4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeStatusServico4',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://nfce.sefaz.mt.gov.br/nfcews/services/RecepcaoEvento4',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
  },
  MS: {
    homologacao: {
      autorizacao: s('https://hom.nfce.sefaz.ms.gov.br/ws/NFeAutorizacao4', 'NFeAutorizacao4', 'nfeAutorizacaoLote', '4.00'),
      inutilizacao: s('https://hom.nfce.sefaz.ms.gov.br/ws/NFeInutilizacao4', 'NFeInutilizacao4', 'nfeInutilizacaoNF', '4.00'),
      consultaProtocolo: s(
        'https://hom.nfce.sefaz.ms.gov.br/ws/NFeConsultaProtocolo4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://hom.nfce.sefaz.ms.gov.br/ws/NFeStatusServico4',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://hom.nfce.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
    producao: {
      autorizacao: s('https://nfce.sefaz.ms.gov.br/ws/NFeAutorizacao4', 'NFeAutorizacao4', 'nfeAutorizacaoLote', '4.00'),
      inutilizacao: s('https://nfce.sefaz.ms.gov.br/ws/NFeInutilizacao4', 'NFeInutilizacao4', 'nfeInutilizacaoNF', '4.00'),
      consultaProtocolo: s(
        'https://nfce.sefaz.ms.gov.br/ws/NFeConsultaProtocolo4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s('https://nfce.sefaz.ms.gov.br/ws/NFeStatusServico4', 'NFeStatusServico4', 'nfeStatusServicoNF', '4.00'),
      recepcaoEvento: s('https://nfce.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4', 'NFeRecepcaoEvento4', 'nfeRecepcaoEvento', '1.00'),
    },
  },
  PR: {
    homologacao: {
      autorizacao: s(
        'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeAutorizacao4',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeInutilizacao4',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeConsultaProtocolo4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeStatusServico4',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeRecepcaoEvento4',
        'NFeRecepcaoEvento',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
    producao: {
      autorizacao: s('https://nfce.sefa.pr.gov.br/nfce/NFeAutorizacao4', 'NFeAutorizacao4', 'nfeAutorizacaoLote', '4.00'),
      inutilizacao: s('https://nfce.sefa.pr.gov.br/nfce/NFeInutilizacao4', 'NFeInutilizacao4', 'nfeInutilizacaoNF', '4.00'),
      consultaProtocolo: s(
        'https://nfce.sefa.pr.gov.br/nfce/NFeConsultaProtocolo4',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s('https://nfce.sefa.pr.gov.br/nfce/NFeStatusServico4', 'NFeStatusServico4', 'nfeStatusServicoNF', '4.00'),
      recepcaoEvento: s('https://nfce.sefa.pr.gov.br/nfce/NFeRecepcaoEvento4', 'NFeRecepcaoEvento', 'nfeRecepcaoEvento', '1.00'),
    },
  },
  RS: {
    homologacao: {
      autorizacao: s(
        'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://nfce-homologacao.sefazrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://nfce-homologacao.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
    producao: {
      autorizacao: s(
        'https://nfce.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://nfce.sefazrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://nfce.sefazrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://nfce.sefazrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://nfce.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
  },
  SP: {
    homologacao: {
      autorizacao: s(
        'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeInutilizacao4.asmx',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeConsultaProtocolo4.asmx',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeStatusServico4.asmx',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeRecepcaoEvento4.asmx',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
    producao: {
      autorizacao: s('https://nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx', 'NFeAutorizacao4', 'nfeAutorizacaoLote', '4.00'),
      inutilizacao: s('https://nfce.fazenda.sp.gov.br/ws/NFeInutilizacao4.asmx', 'NFeInutilizacao4', 'nfeInutilizacaoNF', '4.00'),
      consultaProtocolo: s(
        'https://nfce.fazenda.sp.gov.br/ws/NFeConsultaProtocolo4.asmx',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://nfce.fazenda.sp.gov.br/ws/NFeStatusServico4.asmx',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://nfce.fazenda.sp.gov.br/ws/NFeRecepcaoEvento4.asmx',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
  },
  SVRS: {
    homologacao: {
      autorizacao: s(
        'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://nfce-homologacao.svrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://nfce-homologacao.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
    producao: {
      autorizacao: s(
        'https://nfce.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        'NFeAutorizacao4',
        'nfeAutorizacaoLote',
        '4.00',
      ),
      inutilizacao: s(
        'https://nfce.svrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        'NFeInutilizacao4',
        'nfeInutilizacaoNF',
        '4.00',
      ),
      consultaProtocolo: s(
        'https://nfce.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        'NFeConsultaProtocolo4',
        'nfeConsultaNF',
        '4.00',
      ),
      statusServico: s(
        'https://nfce.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        'NFeStatusServico4',
        'nfeStatusServicoNF',
        '4.00',
      ),
      recepcaoEvento: s(
        'https://nfce.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
        'NFeRecepcaoEvento4',
        'nfeRecepcaoEvento',
        '1.00',
      ),
    },
  },
};

/**
 * The service name used as the path when SEFAZ_URL points every service at one base URL (the
 * fake SEFAZ of the tests, e2e and development): `{SEFAZ_URL}/{name}`.
 */
export const NOME_SERVICO: Readonly<Record<ServicoSefaz, string>> = {
  autorizacao: 'NFeAutorizacao4',
  consultaProtocolo: 'NFeConsultaProtocolo4',
  statusServico: 'NFeStatusServico4',
  recepcaoEvento: 'NFeRecepcaoEvento4',
  inutilizacao: 'NFeInutilizacao4',
};

/**
 * Where to call `servico` for a unit of state `uf` in `ambiente`. With `baseUrl` (SEFAZ_URL) every
 * service goes to `{baseUrl}/{NOME_SERVICO}` with the SVRS operation and method (the fake answers
 * them all). Throws for a state without an authoriser.
 */
export const enderecoServico = (uf: string, ambiente: Ambiente, servico: ServicoSefaz, baseUrl?: string): EnderecoServico => {
  const autorizador = AUTORIZADOR_NFCE_POR_UF[uf.toUpperCase()];
  if (!autorizador) throw new Error(`Sem autorizador de NFC-e para a UF ${uf}`);
  if (baseUrl) {
    const padrao = SERVICOS_NFCE.SVRS![ambiente][servico];
    return { ...padrao, url: `${baseUrl.replace(/\/+$/, '')}/${NOME_SERVICO[servico]}` };
  }
  return SERVICOS_NFCE[autorizador]![ambiente][servico];
};
