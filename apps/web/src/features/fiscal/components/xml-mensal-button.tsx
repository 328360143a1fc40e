/**
 * "Baixar XMLs do mês" (issue #18 item 6): a month (the previous one by default, what the
 * accountant asks for) and the zip of its XMLs, with the download's progress.
 */
import { Button, Group, Popover, Progress, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconFileZip } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { NOMES_MES } from '@petshop/shared/format';
import { toApiError } from '#lib/http/api-error.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { baixarXmlMensal } from '../api/baixar-xml-mensal.ts';

const nomeMes = (mes: string) => `${NOMES_MES[Number(mes.slice(5, 7)) - 1]} de ${mes.slice(0, 4)}`;

export function XmlMensalButton() {
  const [aberto, setAberto] = useState(false);
  const [mes, setMes] = useState(() => dayjs(hojeNaUnidade()).subtract(1, 'month').format('YYYY-MM'));
  const [progresso, setProgresso] = useState<number | null | undefined>(undefined);
  const baixando = progresso !== undefined;

  const baixar = async () => {
    setProgresso(null);
    try {
      await baixarXmlMensal(mes, (fracao) => setProgresso(fracao));
      notifySuccess(`XMLs de ${nomeMes(mes)} baixados`);
      setAberto(false);
    } catch (error) {
      // A refused month ('mes' invalid, no documents) comes as a field or a general error.
      const apiError = toApiError(error);
      const mensagens = [...apiError.generalErrors, ...Object.values(apiError.fieldErrors)];
      notifyError(mensagens.length > 0 ? mensagens.join(' ') : apiError.message);
    } finally {
      setProgresso(undefined);
    }
  };

  return (
    <Popover opened={aberto} onChange={setAberto} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconFileZip size={16} />} onClick={() => setAberto((o) => !o)}>
          Baixar XMLs do mês
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" w={240}>
          <MonthPickerInput
            label="Mês"
            value={`${mes}-01`}
            valueFormatter={({ date }) => (typeof date === 'string' && date ? nomeMes(date.slice(0, 7)) : '')}
            onChange={(value) => {
              if (value) setMes(value.slice(0, 7));
            }}
            maxDate={hojeNaUnidade()}
            popoverProps={{ withinPortal: false }}
          />
          {baixando ? (
            <Stack gap={4}>
              <Progress
                value={progresso === null ? 100 : Math.round(progresso * 100)}
                animated={progresso === null}
                striped={progresso === null}
                aria-label="Progresso do download"
              />
              <Text size="xs" c="dimmed">
                {progresso === null ? 'Preparando o arquivo…' : `Baixando… ${Math.round(progresso * 100)}%`}
              </Text>
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={() => void baixar()} loading={baixando} leftSection={<IconFileZip size={16} />}>
              Baixar zip
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
