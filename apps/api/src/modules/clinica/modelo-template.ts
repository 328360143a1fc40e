/**
 * The templates' language (issue #19 item 5): Handlebars (a well-kept engine), restricted to plain
 * `{{variavel}}` mustaches whose path is one of VARIAVEIS_MODELO (@petshop/shared/clinica).
 * Refused, with a message that names the known variables: unknown names, triple-stash `{{{ }}}`
 * and `{{& }}` (unescaped), partials `{{> }}`, blocks `{{#…}}`/`{{^…}}`, helpers and their
 * arguments, `@data`, `../` and literals. Comments `{{! }}` are allowed (they print nothing).
 * Filling compiles in strict mode with the default HTML escaping: every value comes out as text.
 */
import Handlebars from 'handlebars';
import { VARIAVEIS_MODELO, type VariavelModelo } from '@petshop/shared/clinica';
import { fieldError } from '../../lib/errors.ts';

/** The values of every variable (text, not yet escaped), keyed by group: `{ pet: { nome } }`. */
export type ValoresModelo = Record<string, Record<string, string>>;

const CONHECIDAS = new Set<string>(VARIAVEIS_MODELO.map((v) => v.chave));

/** "{{tutor.nome}}, {{tutor.cpf}}, …": the known variables, as a message lists them. */
export const VARIAVEIS_DISPONIVEIS = VARIAVEIS_MODELO.map((v) => `{{${v.chave}}}`).join(', ');

/** An environment of its own: no helper or partial another module registers reaches the templates. */
const hbs = Handlebars.create();

type Problemas = { desconhecidas: Set<string>; construcoes: Set<string> };

/** How a refused construct is named in the message. */
const nomeDaConstrucao = (no: hbs.AST.Node): string => {
  switch (no.type) {
    case 'BlockStatement':
      return 'blocos {{#…}}';
    case 'PartialStatement':
    case 'PartialBlockStatement':
      return 'parciais {{> …}}';
    case 'DecoratorBlock':
    case 'Decorator':
      return 'decoradores {{* …}}';
    default:
      return no.type;
  }
};

const examinarMustache = (m: hbs.AST.MustacheStatement, problemas: Problemas): void => {
  if (!m.escaped) problemas.construcoes.add('{{{ }}} (valores sem escape)');
  if (m.params.length > 0 || (m.hash?.pairs.length ?? 0) > 0) problemas.construcoes.add('auxiliares com argumentos');
  if (m.path.type !== 'PathExpression') {
    problemas.construcoes.add('valores literais');
    return;
  }
  const path = m.path as hbs.AST.PathExpression;
  if (path.data || path.depth > 0 || !CONHECIDAS.has(path.original)) problemas.desconhecidas.add(path.original);
};

/** The names and constructs of a parsed template that are not allowed. */
const examinar = (programa: hbs.AST.Program): Problemas => {
  const problemas: Problemas = { desconhecidas: new Set(), construcoes: new Set() };
  for (const no of programa.body) {
    if (no.type === 'ContentStatement' || no.type === 'CommentStatement') continue;
    if (no.type === 'MustacheStatement') examinarMustache(no as hbs.AST.MustacheStatement, problemas);
    else problemas.construcoes.add(nomeDaConstrucao(no));
  }
  return problemas;
};

/**
 * Checks that `conteudo` parses and uses only the known variables as plain `{{variavel}}`; else a
 * 400 on `campo` whose message lists what is wrong and the known variables (VARIAVEIS_DISPONIVEIS).
 */
export const assertModeloValido = (conteudo: string, campo: string): void => {
  let programa: hbs.AST.Program;
  try {
    programa = hbs.parse(conteudo);
  } catch (e) {
    const linha = /line (\d+)/.exec((e as Error).message)?.[1];
    throw fieldError(
      campo,
      `O modelo tem chaves {{ }} incompletas ou inválidas${linha ? ` (linha ${linha})` : ''}: use apenas {{variavel}}. Variáveis disponíveis: ${VARIAVEIS_DISPONIVEIS}`,
    );
  }
  const { desconhecidas, construcoes } = examinar(programa);
  const partes: string[] = [];
  if (desconhecidas.size > 0) {
    const nomes = [...desconhecidas].map((n) => `{{${n}}}`).join(', ');
    partes.push(
      desconhecidas.size === 1
        ? `O modelo usa uma variável desconhecida: ${nomes}.`
        : `O modelo usa variáveis desconhecidas: ${nomes}.`,
    );
  }
  if (construcoes.size > 0) {
    partes.push(`O modelo usa recursos não permitidos (${[...construcoes].join(', ')}): use apenas {{variavel}}.`);
  }
  if (partes.length > 0) throw fieldError(campo, `${partes.join(' ')} Variáveis disponíveis: ${VARIAVEIS_DISPONIVEIS}`);
};

/** Compiled templates by their text (the few templates of a clinic are filled again and again). */
const compilados = new Map<string, HandlebarsTemplateDelegate<ValoresModelo>>();
const MAXIMO_COMPILADOS = 200;

/**
 * `conteudo` (already checked by `assertModeloValido`) filled with `valores`: every value
 * HTML-escaped; strict mode, so a variable without a value throws instead of printing nothing.
 */
export const preencherModelo = (conteudo: string, valores: ValoresModelo): string => {
  let template = compilados.get(conteudo);
  if (!template) {
    template = hbs.compile<ValoresModelo>(conteudo, { strict: true, knownHelpersOnly: true, noEscape: false });
    if (compilados.size >= MAXIMO_COMPILADOS) compilados.delete(compilados.keys().next().value!);
    compilados.set(conteudo, template);
  }
  return template(valores);
};

/** Every variable of VARIAVEIS_MODELO from a flat map (absent ones: ''), grouped for Handlebars. */
export const valoresModelo = (valores: Partial<Record<VariavelModelo, string | null>>): ValoresModelo => {
  const agrupados: ValoresModelo = {};
  for (const { chave } of VARIAVEIS_MODELO) {
    const [grupo, nome] = chave.split('.') as [string, string];
    (agrupados[grupo] ??= {})[nome] = valores[chave] ?? '';
  }
  return agrupados;
};
