/**
 * The Fiscal tab of a business unit's form (issue #18 item 1): CRT, environment, NFC-e series
 * and next number, CSC, the A1 certificate (holder, CNPJ, expiry; warned 30 days ahead), the
 * PIX key and the automatic NFC-e switch. It shows which SEFAZ authorises the unit's NFC-e
 * (from the address's UF, AUTORIZADOR_NFCE_POR_UF) and what is still missing to issue them.
 */
import {
  Alert,
  Badge,
  Checkbox,
  FileInput,
  Grid,
  Group,
  List,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatCnpj, formatDate, formatCount } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import {
  AMBIENTES,
  autorizadorNfceLabel,
  CERTIFICADO_AVISO_DIAS,
  CRTS,
  PENDENCIA_NFCE_LABEL,
  pendenciasNfce,
  type UnidadeNegocio,
} from '@petshop/shared/unidade-negocio';
import { IconAlertTriangle, IconCertificate, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { hasPermissao } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import type { UnidadeNegocioFormValues } from './unidade-negocio-form.tsx';

const CRT_OPTIONS = Object.entries(CRTS).map(([value, label]) => ({ value, label: `${value} - ${label}` }));
const AMBIENTE_OPTIONS = Object.entries(AMBIENTES).map(([value, label]) => ({ value, label }));

type Props = {
  form: UseFormReturnType<UnidadeNegocioFormValues>;
  unidade?: UnidadeNegocio | undefined;
  certificado: File | null;
  onCertificadoChange: (file: File | null) => void;
};

/** The stored certificate's expiry warning: red once expired, yellow within CERTIFICADO_AVISO_DIAS. */
function AvisoValidade({ dias, validade }: { dias: number | null; validade: string | null }) {
  if (dias === null || dias > CERTIFICADO_AVISO_DIAS) return null;
  const data = validade ? formatDate(validade.slice(0, 10)) : '';
  if (dias < 0) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Certificado vencido">
        O certificado venceu em {data}. Sem um certificado válido a unidade não emite NFC-e: envie o novo certificado.
      </Alert>
    );
  }
  const quando = dias === 0 ? 'hoje' : `em ${formatCount(dias, 'dia', 'dias')}`;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Certificado perto do vencimento">
      O certificado vence {quando} ({data}). Renove-o com a certificadora e envie o novo arquivo antes disso.
    </Alert>
  );
}

/** Fiscal settings of a unit; the certificate's file and password only for `certificadoGerenciar`. */
export function UnidadeFiscalTab({ form, unidade, certificado, onCertificadoChange }: Props) {
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const canManageCertificado = hasPermissao({ unidadeNegocio }, PERMISSOES.certificadoGerenciar);
  const stored = unidade?.fiscal.certificado ?? null;
  const values = form.getValues();
  const dias = stored?.diasParaVencer ?? null;
  const removendo = values.fiscal.removerCertificado && !certificado;

  const uf = values.endereco.uf;
  const autorizador = autorizadorNfceLabel(uf);
  const pendencias = pendenciasNfce({
    inscricaoEstadual: values.inscricaoEstadual,
    uf,
    codigoIbge: values.endereco.codigoIbge,
    certificadoValido: Boolean(certificado) || (Boolean(stored) && !removendo && (dias === null || dias >= 0)),
    cscId: values.fiscal.cscId,
    cscToken: Boolean(values.fiscal.cscToken) || Boolean(unidade?.fiscal.cscTokenConfigurado),
  });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm" component="section" aria-label="Autorizador e pendências">
        <Stack gap="xs">
          <Text size="sm">
            {autorizador ? (
              <>
                UF {uf}: as NFC-e são autorizadas por <strong>{autorizador}</strong>.
              </>
            ) : (
              'Informe a UF no endereço: ela define a SEFAZ que autoriza as NFC-e.'
            )}
          </Text>
          {pendencias.length === 0 ? (
            <Group gap={6}>
              <IconCircleCheck size={18} color="var(--mantine-color-green-7)" />
              <Text size="sm" c="green.8">
                Configuração completa para emitir NFC-e.
              </Text>
            </Group>
          ) : (
            <Alert color="orange" icon={<IconInfoCircle size={18} />} title="Falta para emitir NFC-e">
              <List size="sm" aria-label="Falta para emitir NFC-e">
                {pendencias.map((p) => (
                  <List.Item key={p}>{PENDENCIA_NFCE_LABEL[p]}</List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      </Paper>

      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Regime tributário (CRT)"
            data={CRT_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('fiscal.crt')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Ambiente"
            data={AMBIENTE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('fiscal.ambiente')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DecimalInput
            label="Série NFC-e"
            min={0}
            max={999}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('fiscal.nfceSerie')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DecimalInput
            label="Próximo número"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('fiscal.nfceProximoNumero')}
          />
        </Grid.Col>
        <Grid.Col span={6} visibleFrom="sm" />
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Identificador do CSC" inputMode="numeric" maxLength={6} {...form.getInputProps('fiscal.cscId')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PasswordInput
            label="Token CSC"
            // Write-only: the stored token is never shown; blank keeps it.
            placeholder={unidade?.fiscal.cscTokenConfigurado ? 'configurado (em branco mantém o atual)' : undefined}
            autoComplete="off"
            {...form.getInputProps('fiscal.cscToken')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Chave PIX"
            description="CPF, CNPJ, e-mail, telefone (+55) ou chave aleatória: o QR code do PIX no PDV paga para ela."
            autoComplete="off"
            {...form.getInputProps('fiscal.pixChave')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }} style={{ alignSelf: 'center' }}>
          <Switch
            label="Emitir NFC-e automaticamente ao finalizar a venda"
            description="Desligado, o operador emite a NFC-e pelo botão após finalizar."
            {...form.getInputProps('fiscal.nfceEmissaoAutomatica', { type: 'checkbox' })}
          />
        </Grid.Col>
      </Grid>

      <Paper
        withBorder
        radius="md"
        p="sm"
        bg="var(--mantine-color-gray-0)"
        component="section"
        aria-label="Certificado digital A1"
      >
        <Stack gap="sm">
          <Group gap="xs">
            <IconCertificate size={18} />
            <Text fw={500} size="sm">
              Certificado digital A1
            </Text>
          </Group>
          {stored ? (
            <>
              <Group gap="lg" wrap="wrap">
                <Text size="sm">
                  Titular: <strong>{stored.titular ?? '—'}</strong>
                </Text>
                <Text size="sm">
                  CNPJ: <strong>{stored.cnpj ? formatCnpj(stored.cnpj) : '—'}</strong>
                </Text>
                <Text size="sm" component="div">
                  Validade: <strong>{stored.validade ? formatDate(stored.validade.slice(0, 10)) : '—'}</strong>{' '}
                  {dias !== null && dias < 0 ? (
                    <Badge color="red" variant="light" size="sm">
                      Vencido
                    </Badge>
                  ) : null}
                </Text>
              </Group>
              <AvisoValidade dias={dias} validade={stored.validade} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Nenhum certificado enviado.
            </Text>
          )}
          {!canManageCertificado ? (
            <Text size="sm" c="dimmed">
              Somente administradores gerenciam o certificado.
            </Text>
          ) : null}
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <FileInput
                label={stored ? 'Substituir certificado' : 'Arquivo do certificado'}
                placeholder="Arquivo .pfx ou .p12"
                accept=".pfx,.p12,application/x-pkcs12"
                clearable
                value={certificado}
                onChange={onCertificadoChange}
                disabled={!canManageCertificado}
                error={form.errors['fiscal.certificado']}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordInput
                label="Senha do certificado"
                autoComplete="off"
                disabled={!canManageCertificado || !certificado}
                {...form.getInputProps('fiscal.certificadoSenha')}
              />
            </Grid.Col>
          </Grid>
          {stored && !certificado ? (
            <Checkbox
              label="Remover certificado"
              disabled={!canManageCertificado}
              {...form.getInputProps('fiscal.removerCertificado', { type: 'checkbox' })}
            />
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
