/**
 * Step 2 of the import: for each field, the column of the file it comes from, pre-filled
 * with the API's suggestion. Every change re-runs the preview, so the counts stay true.
 */
import { Alert, Badge, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CampoImportacao, Mapeamento, PreviaImportacao } from '@petshop/shared/importacao';
import { IconAlertCircle, IconAlertTriangle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { SelectField } from '#lib/ui/select-field.tsx';
import type { ConfigImportacao } from '../importacao-config.ts';
import { camposObrigatoriosSemColuna, exemploDoCampo, mapearCampo, opcoesDeColuna, plural } from '../wizard-logic.ts';

type PassoColunasProps = {
  config: ConfigImportacao;
  previa: PreviaImportacao;
  mapeamento: Mapeamento;
  onMapeamento: (mapeamento: Mapeamento) => void;
  conferindo: boolean;
  erros: readonly string[];
  onVoltar: () => void;
  onAvancar: () => void;
};

/** Summary of the latest preview: valid rows and rows with errors. */
export function ResumoPrevia({ previa, conferindo }: { previa: PreviaImportacao; conferindo: boolean }) {
  return (
    <Group gap="xs" aria-live="polite">
      <Badge color="teal" variant="light" size="lg">
        {plural(previa.validas, 'válida', 'válidas')}
      </Badge>
      <Badge color="red" variant="light" size="lg">
        {plural(previa.invalidas, 'com erro', 'com erro')}
      </Badge>
      <Text size="sm" c="dimmed">
        de {plural(previa.total, 'linha', 'linhas')}
      </Text>
      {conferindo ? <Loader size="xs" role="status" aria-label="Conferindo as linhas" /> : null}
    </Group>
  );
}

export function PassoColunas({
  config,
  previa,
  mapeamento,
  onMapeamento,
  conferindo,
  erros,
  onVoltar,
  onAvancar,
}: PassoColunasProps) {
  const porKey = new Map(previa.campos.map((c) => [c.key, c]));
  const faltando = camposObrigatoriosSemColuna(previa.campos, mapeamento);
  // Fields of the API that no group lists still get a select (an API ahead of this screen).
  const agrupados = new Set(config.grupos.flatMap((g) => g.campos));
  const grupos = [
    ...config.grupos,
    { titulo: 'Outros', campos: previa.campos.filter((c) => !agrupados.has(c.key)).map((c) => c.key) },
  ].filter((g) => g.campos.some((key) => porKey.has(key)));

  const select = (campo: CampoImportacao) => {
    const exemplo = mapeamento[campo.key] ? exemploDoCampo(previa.linhas, campo.key) : undefined;
    return (
      <SelectField
        key={campo.key}
        label={campo.obrigatorio ? `${campo.label} (obrigatório)` : campo.label}
        description={exemplo ? `Ex.: ${exemplo}` : campo.descricao}
        placeholder="Não importar"
        data={opcoesDeColuna(previa.colunas, previa.campos, mapeamento, campo.key)}
        value={mapeamento[campo.key] ?? null}
        onChange={(coluna) => onMapeamento(mapearCampo(mapeamento, campo.key, coluna))}
        error={campo.obrigatorio && !mapeamento[campo.key] ? 'Escolha a coluna deste campo' : undefined}
        clearable
        searchable
        nothingFoundMessage="Nenhuma coluna com este nome"
      />
    );
  };

  return (
    <Stack gap="lg" mt="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text size="sm" c="dimmed" maw={640}>
          A planilha tem {plural(previa.colunas.length, 'coluna', 'colunas')}. Confira de qual coluna vem cada campo; as sugestões
          vêm dos títulos.
        </Text>
        <ResumoPrevia previa={previa} conferindo={conferindo} />
      </Group>
      {faltando.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
          Sem a coluna de {faltando.map((c) => c.label).join(', ')}, nenhuma linha pode ser importada.
        </Alert>
      ) : null}
      {erros.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível conferir" role="alert">
          {erros.join(' ')}
        </Alert>
      ) : null}
      {grupos.map((grupo) => (
        <Stack key={grupo.titulo} gap="xs">
          <Title order={4}>{grupo.titulo}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            {grupo.campos.flatMap((key) => {
              const campo = porKey.get(key);
              return campo ? [select(campo)] : [];
            })}
          </SimpleGrid>
        </Stack>
      ))}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onVoltar}>
          Arquivo
        </Button>
        <Button rightSection={<IconArrowRight size={16} />} onClick={onAvancar} disabled={conferindo}>
          Conferir linhas
        </Button>
      </Group>
    </Stack>
  );
}
