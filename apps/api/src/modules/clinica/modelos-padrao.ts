/**
 * The document/prescription templates every new tenant starts with (issue #19 item 5), named as
 * the documents of CFMV Resolução nº 1.321/2020 (documents issued by veterinarians): atestado de
 * vacinação, atestado de saúde, termo de consentimento for a procedure and anesthesia, termo de
 * consentimento for euthanasia, receita simples and receita de controle especial (Portaria SVS/MS
 * nº 344/1998: printed in two copies with the buyer's and supplier's identification). Their text
 * uses the variables of VARIAVEIS_MODELO; the PDF adds the title (the template's name), the unit's
 * header, the pet and tutor identification, the medicines of a prescription, place, date and the
 * veterinarian's signature, so the text carries none of them (the consent forms carry the tutor's
 * signature line).
 * Run by tenants/defaults.ts inside the new tenant's scope.
 */
import type { ModeloDocumentoInputParsed } from '@petshop/shared/clinica';
import type { Db } from '../../db/client.ts';
import { modelosDocumento } from '../../db/schema/index.ts';
import type { TenantCriado } from '../tenants/criar-tenant.ts';
import { valoresModeloDocumento } from './salvar-modelo-documento.ts';

const p = (texto: string) => `<p style="text-align: justify">${texto}</p>`;
const linhaAssinatura = (nome: string, papel: string) =>
  `<p style="text-align: center">______________________________________________<br>${nome}<br>${papel}</p>`;

const IDENTIFICACAO_ANIMAL =
  'o animal <strong>{{pet.nome}}</strong>, espécie {{pet.especie}}, raça {{pet.raca}}, sexo {{pet.sexo}}, idade {{pet.idade}}, peso {{pet.peso}}, microchip {{pet.microchip}}';
const IDENTIFICACAO_TUTOR =
  '<strong>{{tutor.nome}}</strong>, CPF {{tutor.cpf}}, residente em {{tutor.endereco}}, telefone {{tutor.telefone}}';

/** The six templates (names as in CFMV Resolução 1.321/2020). */
export const MODELOS_PADRAO: ModeloDocumentoInputParsed[] = [
  {
    tipo: 'documento',
    nome: 'Atestado de vacinação',
    controleEspecial: false,
    ativo: true,
    conteudo: [
      p(
        `Atesto, para os devidos fins, que ${IDENTIFICACAO_ANIMAL}, de propriedade de ${IDENTIFICACAO_TUTOR}, foi vacinado(a) neste estabelecimento conforme os registros da sua carteira de vacinação, onde constam as vacinas aplicadas, o fabricante, a partida (lote), a validade e as datas das próximas doses.`,
      ),
      p(
        'Declaro que, no momento da vacinação, o animal foi examinado e não apresentava sinais clínicos que contraindicassem a vacinação.',
      ),
      p('{{unidade.razaoSocial}}, CNPJ {{unidade.cnpj}}, {{unidade.endereco}}, telefone {{unidade.telefone}}.'),
    ].join(''),
  },
  {
    tipo: 'documento',
    nome: 'Atestado de saúde',
    controleEspecial: false,
    ativo: true,
    conteudo: [
      p(
        `Atesto, para os devidos fins, que examinei nesta data ${IDENTIFICACAO_ANIMAL}, de propriedade de ${IDENTIFICACAO_TUTOR}, e que o animal se encontra clinicamente saudável, sem sinais clínicos de doenças infectocontagiosas ou parasitárias, estando apto a transitar.`,
      ),
      p('Este atestado é válido por 10 (dez) dias a contar de {{data.extenso}}.'),
    ].join(''),
  },
  {
    tipo: 'documento',
    nome: 'Termo de consentimento para realização de procedimento e anestesia',
    controleEspecial: false,
    ativo: true,
    conteudo: [
      p(
        `Eu, ${IDENTIFICACAO_TUTOR}, tutor(a) responsável por ${IDENTIFICACAO_ANIMAL}, autorizo a realização do procedimento _______________________________________ e da anestesia necessária para realizá-lo, sob a responsabilidade do(a) médico(a)-veterinário(a) {{veterinario.nome}}, {{veterinario.crmv}}, em {{unidade.razaoSocial}}, CNPJ {{unidade.cnpj}}.`,
      ),
      p(
        'Declaro ter sido esclarecido(a) sobre o procedimento, a anestesia, os exames pré-operatórios recomendados, o jejum necessário e os cuidados pós-operatórios, e sobre os riscos e as possíveis complicações inerentes a eles, inclusive o óbito, e que tive a oportunidade de fazer perguntas, respondidas de forma clara.',
      ),
      p(
        'Autorizo também os procedimentos adicionais que, durante a intervenção, o(a) médico(a)-veterinário(a) julgar necessários para o bem-estar e a vida do animal, e comprometo-me a arcar com os custos do tratamento.',
      ),
      linhaAssinatura('{{tutor.nome}}', 'Tutor(a) responsável — CPF {{tutor.cpf}}'),
    ].join(''),
  },
  {
    tipo: 'documento',
    nome: 'Termo de consentimento para realização de eutanásia',
    controleEspecial: false,
    ativo: true,
    conteudo: [
      p(
        `Eu, ${IDENTIFICACAO_TUTOR}, tutor(a) responsável por ${IDENTIFICACAO_ANIMAL}, declaro ter sido esclarecido(a) pelo(a) médico(a)-veterinário(a) {{veterinario.nome}}, {{veterinario.crmv}}, sobre o estado de saúde e o prognóstico do animal, e sobre o procedimento de eutanásia, que será realizado conforme as normas do Conselho Federal de Medicina Veterinária.`,
      ),
      p(
        'Ciente de que a eutanásia é irreversível, autorizo a sua realização em {{unidade.razaoSocial}}, CNPJ {{unidade.cnpj}}, {{unidade.endereco}}.',
      ),
      p(
        'Destino do corpo: ( ) cremação individual  ( ) cremação coletiva  ( ) retirada pelo tutor  ( ) outro: ____________________.',
      ),
      linhaAssinatura('{{tutor.nome}}', 'Tutor(a) responsável — CPF {{tutor.cpf}}'),
    ].join(''),
  },
  {
    tipo: 'receita',
    nome: 'Receita simples',
    controleEspecial: false,
    ativo: true,
    conteudo: [
      '<p><strong>Uso veterinário</strong> — {{pet.nome}} ({{pet.peso}})</p>',
      p(
        'Administrar os medicamentos abaixo conforme a dose, a via, a frequência e a duração indicadas. Em caso de reação adversa, suspenda o uso e entre em contato pelo telefone {{unidade.telefone}}.',
      ),
    ].join(''),
  },
  {
    tipo: 'receita',
    nome: 'Receita de controle especial',
    controleEspecial: true,
    ativo: true,
    conteudo: [
      '<p><strong>Uso veterinário</strong> — {{pet.nome}} ({{pet.especie}}, {{pet.peso}})</p>',
      p(
        'Medicamento sujeito a controle especial (Portaria SVS/MS nº 344/1998). 1ª via: retida pela farmácia; 2ª via: devolvida ao tutor com as orientações de uso.',
      ),
    ].join(''),
  },
];

/** Inserts the six templates in the new tenant (one statement). */
export const aplicarModelosPadrao = async (tx: Db, _ids: TenantCriado): Promise<void> => {
  await tx.insert(modelosDocumento).values(MODELOS_PADRAO.map(valoresModeloDocumento));
};
