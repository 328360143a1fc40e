/**
 * Validation of fiscal XML against the official schemas (Pacote de Liberação PL_009_V4, layout
 * 4.00) with libxml2-wasm. A schema is compiled once per process, lazily, on first use (about
 * 150 ms for nfe_v4.00.xsd); each document then validates in a few ms.
 *
 * Where the schemas are: env `NFE_XSD_DIR`, else `<repo>/../shared/fixtures/nfe/schemas/PL_009_V4`
 * when that folder exists. When neither exists validation is SKIPPED (logged once): the schemas
 * are public reference data that is not shipped inside the project, and SEFAZ validates every
 * document anyway (rejection 215 "Falha no schema XML"); this gap is a deliberate decision.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XmlValidateError, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

const PASTA_PADRAO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../../shared/fixtures/nfe/schemas/PL_009_V4',
);

/** The schema folder in use, or null when validation is skipped. */
export const pastaSchemasNfe = (): string | null => {
  const env = process.env.NFE_XSD_DIR;
  if (env) return existsSync(env) ? env : null;
  return existsSync(PASTA_PADRAO) ? PASTA_PADRAO : null;
};

/** Thrown when a document does not follow its schema; `erros` are libxml2's messages. */
export class XmlForaDoSchemaError extends Error {
  readonly erros: string[];
  constructor(schema: string, erros: string[]) {
    super(`XML fora do schema ${schema}: ${erros.join('; ')}`);
    this.name = 'XmlForaDoSchemaError';
    this.erros = erros;
  }
}

const validadores = new Map<string, XsdValidator>();
let provedoresRegistrados = false;
let avisado = false;

const validador = (pasta: string, schemaFile: string): XsdValidator => {
  const arquivo = path.join(pasta, schemaFile);
  let v = validadores.get(arquivo);
  if (v) return v;
  if (!provedoresRegistrados) {
    // xs:include / xs:import (leiauteNFe, xmldsig) are read from the file system.
    xmlRegisterFsInputProviders();
    provedoresRegistrados = true;
  }
  const xsd = XmlDocument.fromBuffer(readFileSync(arquivo), { url: arquivo });
  try {
    v = XsdValidator.fromDoc(xsd);
  } finally {
    xsd.dispose();
  }
  validadores.set(arquivo, v);
  return v;
};

/**
 * Validates `xml` against `schemaFile` of the schema folder ('nfe_v4.00.xsd', 'enviNFe_v4.00.xsd',
 * 'envEventoCancNFe_v1.00.xsd', 'inutNFe_v4.00.xsd', …). Returns true when it validated, false
 * when validation is skipped (no schema folder). Throws `XmlForaDoSchemaError` with libxml2's
 * messages when the document is malformed or breaks the schema.
 */
export const validarXml = (xml: string, schemaFile: string): boolean => {
  const pasta = pastaSchemasNfe();
  if (!pasta) {
    if (!avisado) {
      avisado = true;
      console.warn('[fiscal] schemas XSD da NF-e não encontrados (NFE_XSD_DIR): validação local desativada');
    }
    return false;
  }
  const v = validador(pasta, schemaFile);
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (e) {
    throw new XmlForaDoSchemaError(schemaFile, [e instanceof Error ? e.message : String(e)]);
  }
  try {
    v.validate(doc);
  } catch (e) {
    if (e instanceof XmlValidateError) {
      throw new XmlForaDoSchemaError(
        schemaFile,
        e.details.map((d) => `${d.line ? `linha ${d.line}: ` : ''}${d.message.trim()}`),
      );
    }
    throw e;
  } finally {
    doc.dispose();
  }
  return true;
};

/** Validates one signed `<NFe>` (with infNFeSupl and Signature) against nfe_v4.00.xsd; see `validarXml`. */
export const validarXmlNfe = (xml: string): boolean => validarXml(xml, 'nfe_v4.00.xsd');

/** Compiles the schemas ahead of the first emission (e.g. at startup), so no request pays for it. */
export const precompilarSchemasNfe = (...schemas: string[]): void => {
  const pasta = pastaSchemasNfe();
  if (!pasta) return;
  for (const s of schemas.length ? schemas : ['nfe_v4.00.xsd']) validador(pasta, s);
};
