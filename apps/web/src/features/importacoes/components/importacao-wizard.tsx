/**
 * The spreadsheet import wizard (/clientes/importar, /produtos/importar), one component fed
 * by the tipo: 1 'Arquivo' (choose the file, download the template), 2 'Colunas' (a column
 * for each field, pre-filled with the API's suggestion; every change re-runs the preview),
 * 3 'Conferência' (rows with their errors, then import the valid ones), then the result.
 * The file stays in the browser between steps and is sent again with each preview and with
 * the import: the API keeps nothing until the import itself.
 */
import { Paper, Stack, Stepper } from '@mantine/core';
import {
  IMPORTACAO_MAX_BYTES,
  type Mapeamento,
  type PreviaImportacao,
  type ResultadoImportacao,
  type TipoImportacao,
} from '@petshop/shared/importacao';
import { useRef, useState } from 'react';
import { toApiError } from '#lib/http/api-error.ts';
import { newIdempotencyKey } from '#lib/http/idempotency.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { useImportarPlanilha } from '../api/importar-planilha.ts';
import { useGerarPrevia } from '../api/gerar-previa.ts';
import { CONFIG_IMPORTACAO } from '../importacao-config.ts';
import { extensaoAceita } from '../wizard-logic.ts';
import { PassoArquivo } from './passo-arquivo.tsx';
import { PassoColunas } from './passo-colunas.tsx';
import { PassoConferencia } from './passo-conferencia.tsx';
import { ResultadoPainel } from './resultado-painel.tsx';

const PASSO = { arquivo: 0, colunas: 1, conferencia: 2, resultado: 3 } as const;

/** The messages of a failed call: the file's, the mapping's and the general ones. */
const mensagensDoErro = (error: unknown): string[] => {
  const apiError = toApiError(error);
  const campos = Object.values(apiError.fieldErrors);
  return campos.length > 0 || apiError.generalErrors.length > 0 ? [...campos, ...apiError.generalErrors] : [apiError.message];
};

export function ImportacaoWizard({ tipo }: { tipo: TipoImportacao }) {
  const config = CONFIG_IMPORTACAO[tipo];
  const [passo, setPasso] = useState<number>(PASSO.arquivo);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [previa, setPrevia] = useState<PreviaImportacao | null>(null);
  const [mapeamento, setMapeamento] = useState<Mapeamento>({});
  const [erros, setErros] = useState<string[]>([]);
  const [progresso, setProgresso] = useState<number | null>(null);
  const [resultado, setResultado] = useState<ResultadoImportacao | null>(null);
  // One key per file and mapping: a second click on "Importar" replays the first answer.
  const [chave, setChave] = useState(newIdempotencyKey);
  const ultimaPrevia = useRef(0);
  const previaMutation = useGerarPrevia();
  const importacao = useImportarPlanilha();

  /** Runs the preview; only the answer to the latest request is kept (the user may change columns quickly). */
  const conferir = async (file: File, novoMapeamento?: Mapeamento) => {
    const pedido = ++ultimaPrevia.current;
    setErros([]);
    setProgresso(0);
    try {
      const resposta = await previaMutation.mutateAsync({
        tipo,
        arquivo: file,
        mapeamento: novoMapeamento,
        onProgresso: setProgresso,
      });
      if (pedido !== ultimaPrevia.current) return null;
      setPrevia(resposta);
      setMapeamento(resposta.mapeamento);
      setChave(newIdempotencyKey());
      return resposta;
    } catch (error) {
      if (pedido === ultimaPrevia.current) setErros(mensagensDoErro(error));
      return null;
    } finally {
      if (pedido === ultimaPrevia.current) setProgresso(null);
    }
  };

  const escolherArquivo = async (file: File | null) => {
    setArquivo(file);
    setPrevia(null);
    setErros([]);
    if (!file) return;
    if (!extensaoAceita(file.name)) {
      setErros(['Escolha uma planilha .xlsx ou .csv. Arquivos .xls antigos: abra no Excel e salve como .xlsx.']);
      return;
    }
    if (file.size > IMPORTACAO_MAX_BYTES) {
      setErros(['O arquivo tem mais de 5 MB. Divida a planilha em partes menores.']);
      return;
    }
    const resposta = await conferir(file);
    if (resposta) setPasso(PASSO.colunas);
  };

  const mudarMapeamento = (novo: Mapeamento) => {
    setMapeamento(novo);
    if (arquivo) void conferir(arquivo, novo);
  };

  const importar = async () => {
    if (!arquivo) return;
    setErros([]);
    setProgresso(0);
    try {
      const r = await importacao.mutateAsync({ tipo, arquivo, mapeamento, idempotencyKey: chave, onProgresso: setProgresso });
      setResultado(r);
      setPasso(PASSO.resultado);
    } catch (error) {
      setErros(mensagensDoErro(error));
    } finally {
      setProgresso(null);
    }
  };

  const recomecar = () => {
    ultimaPrevia.current++;
    setArquivo(null);
    setPrevia(null);
    setMapeamento({});
    setErros([]);
    setResultado(null);
    setChave(newIdempotencyKey());
    setPasso(PASSO.arquivo);
  };

  const conferindo = previaMutation.isPending;
  const irPara = (destino: number) => {
    if (passo === PASSO.resultado || importacao.isPending) return;
    if (destino === PASSO.arquivo || previa) {
      setErros([]);
      setPasso(destino);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={config.titulo}
        description={config.descricao}
        back={<BackLink to={config.lista.to}>{config.lista.voltar}</BackLink>}
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stepper active={passo} onStepClick={irPara} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label="Arquivo" description="Planilha XLSX ou CSV">
            <PassoArquivo
              tipo={tipo}
              config={config}
              arquivo={arquivo}
              onArquivo={(file) => void escolherArquivo(file)}
              ocupado={conferindo}
              progresso={progresso}
              erros={erros}
              podeAvancar={Boolean(previa)}
              onAvancar={() => setPasso(PASSO.colunas)}
            />
          </Stepper.Step>
          <Stepper.Step label="Colunas" description="O que é cada coluna">
            {previa ? (
              <PassoColunas
                config={config}
                previa={previa}
                mapeamento={mapeamento}
                onMapeamento={mudarMapeamento}
                conferindo={conferindo}
                erros={erros}
                onVoltar={() => irPara(PASSO.arquivo)}
                onAvancar={() => setPasso(PASSO.conferencia)}
              />
            ) : null}
          </Stepper.Step>
          <Stepper.Step label="Conferência" description="Linhas válidas e com erro">
            {previa ? (
              <PassoConferencia
                config={config}
                previa={previa}
                conferindo={conferindo}
                importando={importacao.isPending}
                progresso={importacao.isPending ? progresso : null}
                erros={erros}
                onVoltar={() => irPara(PASSO.colunas)}
                onImportar={() => void importar()}
              />
            ) : null}
          </Stepper.Step>
          <Stepper.Completed>
            {resultado ? <ResultadoPainel tipo={tipo} config={config} resultado={resultado} onRecomecar={recomecar} /> : null}
          </Stepper.Completed>
        </Stepper>
      </Paper>
    </Stack>
  );
}
