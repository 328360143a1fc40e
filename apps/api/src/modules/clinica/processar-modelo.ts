/**
 * *Processar modelo* (issue #19 item 5; spec §7 "Clinic"): fills a document/prescription template
 * for a pet and, unless it is a preview, saves the result as a record of the pet's chart
 * (tipo = the template's: 'receita' | 'documento'), whose PDF is GET /registros/{id}/pdf.
 *
 * - The template: the tenant's and active, else 404. It is checked again (`assertModeloValido`):
 *   one saved before a variable was renamed answers 400 on `modeloDocumentoId` listing the known
 *   variables.
 * - The values (dados-documento.ts): the pet and its principal tutor, the scope's unit, the
 *   veterinarian (`veterinarioId`, else the signed-in user), today in words in the unit's zone.
 *   Every value is HTML-escaped by Handlebars: a pet named `<script>` prints as text.
 * - Saved: titulo = input.titulo or the template's name, conteudoHtml = the filled HTML,
 *   dados.medicamentos = input.medicamentos (a receita may have none when its text lists them),
 *   controleEspecial = the template's; the record is the scope unit's, written by the user.
 *   Medicines on a documento are refused (400 on `medicamentos`).
 */
import type { ProcessarModeloInputParsed, ProcessarModeloResult } from '@petshop/shared/clinica';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';
import { getDadosDocumento, variaveisDoDocumento } from './dados-documento.ts';
import { assertModeloValido, preencherModelo, valoresModelo } from './modelo-template.ts';
import { getModeloDocumento } from './modelos-documento-repository.ts';
import { getRegistro, inserirRegistro } from './registros-repository.ts';

export type ProcessarModeloContexto = { usuarioId: string };

/** Fills the template (`salvar` false: only the HTML) or saves it as the pet's record and answers it. */
export const processarModelo = async (
  tx: Db,
  input: ProcessarModeloInputParsed,
  ctx: ProcessarModeloContexto,
): Promise<ProcessarModeloResult> => {
  const modelo = await getModeloDocumento(tx, input.modeloDocumentoId, { ativo: true });
  assertModeloValido(modelo.conteudo, 'modeloDocumentoId');
  if (modelo.tipo === 'documento' && input.medicamentos.length > 0) {
    throw fieldError('medicamentos', 'Medicamentos são de receitas: este modelo é de documento');
  }
  const veterinarioId = input.veterinarioId ?? ctx.usuarioId;
  const dados = await getDadosDocumento(tx, { petId: input.petId, veterinarioId, comLogo: false });
  const html = preencherModelo(modelo.conteudo, valoresModelo(variaveisDoDocumento(dados)));
  if (!input.salvar) return { html, registro: null };
  const id = await inserirRegistro(tx, {
    petId: input.petId,
    tipo: modelo.tipo,
    titulo: input.titulo ?? modelo.nome,
    dados: modelo.tipo === 'receita' ? { medicamentos: input.medicamentos } : {},
    conteudoHtml: html,
    modeloDocumentoId: modelo.id,
    controleEspecial: modelo.controleEspecial,
    veterinarioId,
    usuarioId: ctx.usuarioId,
  });
  return { html, registro: await getRegistro(tx, id, { podeEscrever: true }) };
};
