import type { EnderecoOutput } from '@petshop/shared/endereco';
import { emptyEndereco, type EnderecoFormValues } from './endereco-fields.tsx';

/** Form values of an address the API answered (null parts become ''), or an empty one. */
export const enderecoValues = (endereco?: EnderecoOutput | null): EnderecoFormValues =>
  endereco
    ? {
        cep: endereco.cep ?? '',
        logradouro: endereco.logradouro ?? '',
        numero: endereco.numero ?? '',
        complemento: endereco.complemento ?? '',
        bairro: endereco.bairro ?? '',
        cidade: endereco.cidade ?? '',
        uf: endereco.uf,
        codigoIbge: endereco.codigoIbge ?? '',
      }
    : emptyEndereco();

/** 'São Paulo/SP', or '' without a city. */
export const cidadeUf = (endereco: Pick<EnderecoOutput, 'cidade' | 'uf'>): string =>
  [endereco.cidade, endereco.uf].filter(Boolean).join('/');
