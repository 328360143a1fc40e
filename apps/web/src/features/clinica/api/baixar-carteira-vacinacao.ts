import { baixarBlob, nomeDoArquivo } from '#lib/http/baixar-blob.ts';
import { http } from '#lib/http/http.ts';

/**
 * GET /clinica/animais/ficha-animal/carteira-vacinacao?petId= → the pet's vaccination card as a
 * PDF (doses applied with lot and vet, doses planned), saved under the API's name.
 */
export const baixarCarteiraVacinacao = async (petId: string, fallback = 'carteira-vacinacao.pdf'): Promise<void> => {
  const { data, headers } = await http.get<Blob>('/clinica/animais/ficha-animal/carteira-vacinacao', {
    params: { petId },
    responseType: 'blob',
  });
  baixarBlob(data, nomeDoArquivo(headers['content-disposition'], fallback));
};
