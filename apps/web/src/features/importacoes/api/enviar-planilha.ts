import type { Mapeamento, TipoImportacao } from '@petshop/shared/importacao';
import type { AxiosProgressEvent } from 'axios';

export type EnvioPlanilha = {
  tipo: TipoImportacao;
  arquivo: File;
  /** Absent: the API suggests one from the headers. */
  mapeamento?: Mapeamento | undefined;
  /** Upload progress, 0..1 (the server then reads the rows: see the wizard's busy state). */
  onProgresso?: ((fracao: number) => void) | undefined;
};

/** The multipart body of the preview and import calls: `arquivo` and the `mapeamento` JSON text. */
export const corpoDoEnvio = ({ arquivo, mapeamento }: EnvioPlanilha): FormData => {
  const body = new FormData();
  if (mapeamento) body.append('mapeamento', JSON.stringify(mapeamento));
  body.append('arquivo', arquivo, arquivo.name);
  return body;
};

export const progressoDoEnvio =
  (onProgresso: EnvioPlanilha['onProgresso']) =>
  (event: AxiosProgressEvent): void => {
    if (onProgresso && event.total) onProgresso(Math.min(1, event.loaded / event.total));
  };
