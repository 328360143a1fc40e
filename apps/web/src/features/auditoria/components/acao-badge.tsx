/** The badge of an audit act: red for cancellations and reversals, orange for limits and differences, … */
import { Badge } from '@mantine/core';
import type { AcaoAuditoria } from '@petshop/shared/auditoria';

const CORES: Record<AcaoAuditoria, string> & Partial<Record<string, string>> = {
  VendaCancelada: 'red',
  NfceCancelada: 'red',
  PagamentoEstornado: 'red',
  DescontoAcimaDoLimite: 'orange',
  CaixaFechadoComDiferenca: 'orange',
  PrecoAlterado: 'blue',
  EstoqueAjustado: 'blue',
  UsuarioCriado: 'grape',
  UsuarioAlterado: 'grape',
  UsuarioDesativado: 'grape',
  SenhaRedefinida: 'grape',
  PermissoesAlteradas: 'grape',
  CertificadoEnviado: 'teal',
  DadosExportados: 'gray',
  DadosImportados: 'gray',
  DadosPessoaisExportados: 'cyan',
  ClienteAnonimizado: 'cyan',
};

/** The colour of `acao`'s badge. */
export const corDaAcao = (acao: string): string => CORES[acao] ?? 'gray';

export function AcaoBadge({ acao, nome }: { acao: string; nome: string }) {
  return (
    <Badge color={corDaAcao(acao)} variant="light" style={{ textTransform: 'none' }}>
      {nome}
    </Badge>
  );
}
