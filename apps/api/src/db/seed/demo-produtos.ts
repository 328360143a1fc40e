/**
 * Demo catalogue of the "Pet Shop Demo" tenant (issue #3 item 7): about 300 products and
 * services with real-looking Brazilian pet shop names and brands — feed by the bag with its
 * bulk (granel) counterpart by the KG, snacks, medicines, toys, accessories, hygiene,
 * aquarium, bath and grooming by size, consultations and vaccines — with valid GTIN-13
 * barcodes (prefix 789), realistic costs and prices and fiscal data; and 10 suppliers.
 * Deterministic (seeded PRNG), inserted in a few batches. Listed in `demoSeeders` (demo.ts).
 */
import { CATEGORIAS_PADRAO, UNIDADES_MEDIDA_PADRAO } from '../../modules/inventario/defaults.ts';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { gtinCheckDigit, resolverPrecos, type TipoProduto } from '@petshop/shared/produto';
import type { Db } from '../client.ts';
import { categoriasProduto, fornecedores, marcas, produtos, unidadesMedida } from '../schema/index.ts';
import { seededRandom, withCheckDigits } from './generators.ts';

type Item = {
  tipo: TipoProduto;
  nome: string;
  marca?: string;
  categoria: string;
  sigla: string;
  custo: number;
  /** Markup in percent the sale price is derived from (then rounded to a ",90" price). */
  markup: number;
  /** Services: the sale price (reais); `custo` is then the cost of giving the service. */
  preco?: number;
  ncm: string | null;
  estoqueMinimo?: number;
  controlaLote?: boolean;
  semCodigoBarras?: boolean;
  /** Bag of feed: the name of its granel counterpart and how many KG it holds. */
  granel?: { nome: string; fator: number };
};

const NCM = {
  racao: '23091000',
  peixe: '23099090',
  medicamento: '30049099',
  brinquedo: '95030099',
  acessorio: '42010090',
  higiene: '33079000',
  cama: '94049000',
  inox: '73239900',
} as const;

type LinhaRacao = { nome: string; marca: string; especie: 'cao' | 'gato'; custoKg: number; categoria: string };

const LINHAS_RACAO: LinhaRacao[] = [
  {
    nome: 'Ração Royal Canin Medium Adult Cães',
    marca: 'Royal Canin',
    especie: 'cao',
    custoKg: 52,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Royal Canin Mini Indoor Adult Cães',
    marca: 'Royal Canin',
    especie: 'cao',
    custoKg: 58,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Royal Canin Maxi Puppy Cães Filhotes',
    marca: 'Royal Canin',
    especie: 'cao',
    custoKg: 55,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Royal Canin Indoor 27 Gatos Adultos',
    marca: 'Royal Canin',
    especie: 'gato',
    custoKg: 64,
    categoria: 'Rações para Gatos',
  },
  {
    nome: 'Ração Premier Fórmula Cães Adultos Raças Médias Frango',
    marca: 'Premier',
    especie: 'cao',
    custoKg: 27,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Premier Ambientes Internos Gatos Castrados Salmão',
    marca: 'Premier',
    especie: 'gato',
    custoKg: 34,
    categoria: 'Rações para Gatos',
  },
  {
    nome: 'Ração Premier Seleção Natural Cães Adultos Frango e Batata Doce',
    marca: 'Premier',
    especie: 'cao',
    custoKg: 30,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Golden Fórmula Cães Adultos Frango e Arroz',
    marca: 'Golden',
    especie: 'cao',
    custoKg: 16,
    categoria: 'Rações para Cães',
  },
  { nome: 'Ração Golden Gatos Castrados Salmão', marca: 'Golden', especie: 'gato', custoKg: 22, categoria: 'Rações para Gatos' },
  {
    nome: 'Ração Golden Special Cães Adultos Frango e Carne',
    marca: 'Golden',
    especie: 'cao',
    custoKg: 12.5,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Pedigree Cães Adultos Carne, Frango e Cereais',
    marca: 'Pedigree',
    especie: 'cao',
    custoKg: 11,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Pedigree Cães Filhotes Raças Médias e Grandes',
    marca: 'Pedigree',
    especie: 'cao',
    custoKg: 13,
    categoria: 'Rações para Cães',
  },
  { nome: 'Ração Whiskas Gatos Adultos Carne', marca: 'Whiskas', especie: 'gato', custoKg: 14, categoria: 'Rações para Gatos' },
  {
    nome: 'Ração Whiskas Gatos Castrados Peixe',
    marca: 'Whiskas',
    especie: 'gato',
    custoKg: 15.5,
    categoria: 'Rações para Gatos',
  },
  {
    nome: 'Ração Purina Pro Plan Cães Adultos Raças Médias Frango',
    marca: 'Purina Pro Plan',
    especie: 'cao',
    custoKg: 45,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Purina Pro Plan Gatos Castrados Salmão',
    marca: 'Purina Pro Plan',
    especie: 'gato',
    custoKg: 52,
    categoria: 'Rações para Gatos',
  },
  {
    nome: 'Ração Farmina N&D Prime Cães Adultos Frango e Romã',
    marca: 'Farmina N&D',
    especie: 'cao',
    custoKg: 68,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Farmina N&D Pumpkin Gatos Cordeiro e Abóbora',
    marca: 'Farmina N&D',
    especie: 'gato',
    custoKg: 82,
    categoria: 'Rações para Gatos',
  },
  {
    nome: "Ração Hill's Science Diet Cães Adultos Raças Pequenas",
    marca: "Hill's",
    especie: 'cao',
    custoKg: 62,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Guabi Natural Cães Adultos Frango e Arroz Integral',
    marca: 'Guabi Natural',
    especie: 'cao',
    custoKg: 33,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Guabi Natural Gatos Adultos Salmão e Cevada',
    marca: 'Guabi Natural',
    especie: 'gato',
    custoKg: 40,
    categoria: 'Rações para Gatos',
  },
  {
    nome: 'Ração Biofresh Cães Adultos Raças Pequenas',
    marca: 'Biofresh',
    especie: 'cao',
    custoKg: 38,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Quatree Supreme Cães Adultos Frango e Batata Doce',
    marca: 'Quatree',
    especie: 'cao',
    custoKg: 17,
    categoria: 'Rações para Cães',
  },
  { nome: 'Ração Quatree Gourmet Gatos Adultos', marca: 'Quatree', especie: 'gato', custoKg: 18, categoria: 'Rações para Gatos' },
  {
    nome: 'Ração Special Dog Cães Adultos Carne',
    marca: 'Special Dog',
    especie: 'cao',
    custoKg: 9.5,
    categoria: 'Rações para Cães',
  },
  {
    nome: 'Ração Special Cat Gatos Adultos Peixe',
    marca: 'Special Dog',
    especie: 'gato',
    custoKg: 11.5,
    categoria: 'Rações para Gatos',
  },
];

const formatKg = (kg: number) => `${String(kg).replace('.', ',')} kg`;

/**
 * Cost per kg of a bag of `kg` kg (issue #22 item 9: prices like a Brazilian shop's). `custoKg` ranks
 * the lines; the big bag's cost per kg is compressed towards the market (Pedigree 15 kg ≈ R$ 170,
 * Premier ≈ R$ 260, Royal Canin ≈ R$ 450 at the till) and small bags cost much more per kg (a 3 kg
 * bag 1.5×, a 1 kg bag 1.9× the big bag's kg), as they do in shops.
 */
const custoKgSaco = (linha: LinhaRacao, kg: number): number =>
  (4 + 0.3 * linha.custoKg) * (kg >= 15 ? 1 : kg >= 10 ? 1.06 : kg >= 3 ? 1.5 : 1.9);

const racoes = (): Item[] =>
  LINHAS_RACAO.flatMap((linha) => {
    const granelNome = `${linha.nome} a Granel`;
    const sacos = linha.especie === 'cao' ? [15, 10.1, 3] : [10.1, 3, 1];
    const granel: Item = {
      tipo: 'produto',
      nome: granelNome,
      marca: linha.marca,
      categoria: linha.categoria,
      sigla: 'KG',
      custo: custoKgSaco(linha, 15) * 1.1,
      markup: 70,
      ncm: NCM.racao,
      estoqueMinimo: 5,
      semCodigoBarras: true,
    };
    return [
      granel,
      ...sacos.map((kg): Item => ({
        tipo: 'produto',
        nome: `${linha.nome} ${formatKg(kg)}`,
        marca: linha.marca,
        categoria: linha.categoria,
        sigla: 'SC',
        custo: custoKgSaco(linha, kg) * kg,
        // Margins of 31–35 % (markup 45–55 %): feed is what brings customers in.
        markup: kg >= 10 ? 45 : kg >= 3 ? 50 : 55,
        ncm: NCM.racao,
        estoqueMinimo: kg >= 10 ? 3 : 5,
        controlaLote: true,
        granel: { nome: granelNome, fator: kg },
      })),
    ];
  });

const combina = (bases: [nome: string, marca: string, custo: number][], variantes: string[]) =>
  bases.flatMap(([nome, marca, custo]) =>
    variantes.map((v, i) => ({ nome: `${nome} ${v}`, marca, custo: custo * (1 + i * 0.08) })),
  );

const petiscos = (): Item[] =>
  [
    ...combina(
      [
        ['Petisco Dreamies Gatos', 'Dreamies', 5.2],
        ['Bifinho Keldog', 'Keldog', 6.4],
      ],
      ['Carne 40 g', 'Frango 40 g', 'Salmão 40 g', 'Queijo 40 g'],
    ),
    ...combina(
      [
        ['Pedigree Dentastix Cães', 'Pedigree', 11.5],
        ['Petisco Golden Cookie Cães', 'Golden', 8.9],
      ],
      ['Raças Pequenas', 'Raças Médias', 'Raças Grandes'],
    ),
    ...combina(
      [
        ['Biscoito Pedigree Biscrok Cães', 'Pedigree', 9.8],
        ['Biscoito Premier Cookie Cães', 'Premier', 10.5],
        ['Petisco Whiskas Temptations Gatos', 'Whiskas', 7.9],
      ],
      ['Tradicional', 'Multi', 'Filhotes'],
    ),
    ...combina(
      [
        ['Osso de Couro Chalesco', 'Chalesco', 4.5],
        ['Palito Mastigável Keldog', 'Keldog', 7.2],
      ],
      ['Nº 3', 'Nº 6', 'Nº 8'],
    ),
  ].map((p) => ({
    tipo: 'produto',
    ...p,
    // Snacks at R$ 10–40 on the shelf (issue #22 item 9).
    custo: p.custo * 1.5,
    categoria: 'Petiscos',
    sigla: 'PC',
    markup: 75,
    ncm: NCM.racao,
    estoqueMinimo: 6,
  }));

const medicamentos = (): Item[] => {
  const faixas = (nome: string, marca: string, custo: number, faixasKg: string[], sigla = 'CX'): Item[] =>
    faixasKg.map((faixa, i) => ({
      tipo: 'produto',
      nome: `${nome} ${faixa}`,
      marca,
      categoria: 'Antipulgas e Carrapaticidas',
      sigla,
      custo: custo * (1 + i * 0.18),
      markup: 45,
      ncm: NCM.medicamento,
      estoqueMinimo: 3,
      controlaLote: true,
    }));
  const outros: [string, string, number, string][] = [
    ['Vermífugo Drontal Plus Cães 10 kg 4 Comprimidos', 'Drontal', 38, 'CX'],
    ['Vermífugo Drontal Gatos 4 Comprimidos', 'Drontal', 29, 'CX'],
    ['Vermífugo Milbemax Cães 5 a 25 kg 2 Comprimidos', 'Milbemax', 42, 'CX'],
    ['Vermífugo Milbemax Gatos 2 Comprimidos', 'Milbemax', 36, 'CX'],
    ['Vermífugo Ourofino Vermivet Plus Cães 660 mg', 'Ourofino', 14, 'CX'],
    ['Vermífugo Ourofino Vermivet Composto Gatos', 'Ourofino', 12.5, 'CX'],
    ['Suplemento Vetnil Hemolitan Gold 30 ml', 'Vetnil', 24, 'FR'],
    ['Suplemento Vetnil Organew 100 g', 'Vetnil', 28, 'PC'],
    ['Suplemento Vetnil Condroton 1000 60 Comprimidos', 'Vetnil', 62, 'CX'],
    ['Suplemento Vetnil Glicopan Pet 30 ml', 'Vetnil', 17, 'FR'],
    ['Anti-inflamatório Ourofino Maxicam 2 mg 10 Comprimidos', 'Ourofino', 26, 'CX'],
    ['Antibiótico Ourofino Agemoxi CL 250 mg 10 Comprimidos', 'Ourofino', 31, 'CX'],
    ['Otológico Ourofino Otomax 15 ml', 'Ourofino', 33, 'FR'],
    ['Colírio Vetnil Epitezan 3,5 g', 'Vetnil', 15, 'UN'],
    ['Spray Cicatrizante Vetnil Bactrovet Prata 125 ml', 'Vetnil', 22, 'FR'],
  ];
  return [
    ...faixas('Antipulgas NexGard Cães', 'NexGard', 48, ['2 a 4 kg', '4,1 a 10 kg', '10,1 a 25 kg', '25,1 a 50 kg']),
    ...faixas('Antipulgas NexGard Spectra Cães', 'NexGard', 72, ['3,6 a 7,5 kg', '7,6 a 15 kg', '15,1 a 30 kg']),
    ...faixas('Antipulgas Bravecto Cães', 'Bravecto', 135, ['4,5 a 10 kg', '10 a 20 kg', '20 a 40 kg']),
    ...faixas('Antipulgas Bravecto Transdermal Gatos', 'Bravecto', 128, ['1,2 a 2,8 kg', '2,8 a 6,25 kg']),
    ...faixas('Antipulgas Simparic Cães', 'Simparic', 62, ['5,1 a 10 kg', '10,1 a 20 kg', '20,1 a 40 kg']),
    ...faixas('Antipulgas Frontline Plus Cães', 'Frontline', 39, ['até 10 kg', '10 a 20 kg', '20 a 40 kg']),
    ...faixas('Antipulgas Frontline Spray', 'Frontline', 68, ['100 ml', '250 ml'], 'FR'),
    ...faixas('Coleira Antipulgas Seresto', 'Seresto', 165, ['Cães até 8 kg', 'Cães acima de 8 kg', 'Gatos'], 'UN'),
    ...outros.map(([nome, marca, custo, sigla]): Item => ({
      tipo: 'produto',
      nome,
      marca,
      categoria: nome.startsWith('Vermífugo') ? 'Vermífugos' : 'Medicamentos',
      sigla,
      custo,
      markup: 50,
      ncm: NCM.medicamento,
      estoqueMinimo: 2,
      controlaLote: true,
    })),
  ];
};

const brinquedos = (): Item[] =>
  [
    ...combina([['Brinquedo Kong Classic', 'Kong', 38]], ['P', 'M', 'G', 'GG']),
    ...combina([['Brinquedo Kong Extreme', 'Kong', 55]], ['P', 'M', 'G']),
    ...combina(
      [
        ['Brinquedo Kong Kickeroo Gatos', 'Kong', 32],
        ['Brinquedo Kong Squeezz Bola', 'Kong', 29],
      ],
      ['Tradicional', 'Com Catnip'],
    ),
    ...combina(
      [
        ['Bola de Vinil Chalesco', 'Chalesco', 6.5],
        ['Mordedor de Corda Chalesco', 'Chalesco', 9],
        ['Pelúcia com Apito Chalesco', 'Chalesco', 12],
      ],
      ['Pequeno', 'Médio', 'Grande'],
    ),
    ...combina(
      [
        ['Varinha com Penas Furacão Pet', 'Furacão Pet', 8.5],
        ['Ratinho de Pelúcia Furacão Pet', 'Furacão Pet', 4.2],
      ],
      ['Sortido', 'Com Catnip'],
    ),
  ].map((p) => ({
    tipo: 'produto',
    ...p,
    categoria: 'Brinquedos',
    sigla: 'UN',
    markup: 90,
    ncm: NCM.brinquedo,
    estoqueMinimo: 2,
  }));

const acessorios = (): Item[] => {
  const tamanhos = ['P', 'M', 'G'];
  const base: [string, string, number, string][] = [
    ['Coleira de Nylon Chalesco', 'Chalesco', 9.5, NCM.acessorio],
    ['Guia de Nylon Chalesco 1,2 m', 'Chalesco', 12, NCM.acessorio],
    ['Peitoral Ajustável Chalesco', 'Chalesco', 22, NCM.acessorio],
    ['Peitoral com Guia Furacão Pet', 'Furacão Pet', 28, NCM.acessorio],
    ['Comedouro de Inox Chalesco', 'Chalesco', 14, NCM.inox],
    ['Bebedouro de Inox Chalesco', 'Chalesco', 15, NCM.inox],
    ['Comedouro Lento Anti-Voracidade Furacão Pet', 'Furacão Pet', 19, NCM.inox],
    ['Cama Pet Retangular Matelassê', 'Furacão Pet', 48, NCM.cama],
    ['Almofada Pet Impermeável', 'Chalesco', 36, NCM.cama],
    ['Roupinha Pet Moletom', 'Furacão Pet', 25, NCM.acessorio],
    ['Focinheira de Nylon Chalesco', 'Chalesco', 11, NCM.acessorio],
  ];
  const unicos: [string, string, number, string][] = [
    ['Caixa de Transporte Furacão Pet Nº 1', 'Furacão Pet', 45, NCM.acessorio],
    ['Caixa de Transporte Furacão Pet Nº 2', 'Furacão Pet', 58, NCM.acessorio],
    ['Caixa de Transporte Furacão Pet Nº 3', 'Furacão Pet', 79, NCM.acessorio],
    ['Caixa de Transporte Furacão Pet Nº 4', 'Furacão Pet', 110, NCM.acessorio],
    ['Arranhador para Gatos Poste Sisal 50 cm', 'Furacão Pet', 52, NCM.acessorio],
    ['Arranhador para Gatos Torre 3 Andares', 'Furacão Pet', 160, NCM.acessorio],
    ['Bandeja Sanitária para Gatos com Borda', 'Chalesco', 21, NCM.acessorio],
    ['Pá Higiênica para Areia', 'Chalesco', 5.5, NCM.acessorio],
    ['Escova Rasqueadeira Chalesco', 'Chalesco', 16, NCM.acessorio],
    ['Luva Tira Pelos Chalesco', 'Chalesco', 13, NCM.acessorio],
    ['Cortador de Unhas Alicate Chalesco', 'Chalesco', 18, NCM.acessorio],
    ['Bebedouro Fonte Elétrica para Gatos 2 L', 'Furacão Pet', 89, NCM.acessorio],
  ];
  return [
    ...base.flatMap(([nome, marca, custo, ncm]) =>
      tamanhos.map((t, i): Item => ({
        tipo: 'produto',
        nome: `${nome} ${t}`,
        marca,
        categoria: 'Acessórios',
        sigla: 'UN',
        custo: custo * (1 + i * 0.25),
        markup: 85,
        ncm,
        estoqueMinimo: 2,
      })),
    ),
    ...unicos.map(([nome, marca, custo, ncm]): Item => ({
      tipo: 'produto',
      nome,
      marca,
      categoria: 'Acessórios',
      sigla: 'UN',
      custo,
      markup: 80,
      ncm,
      estoqueMinimo: 1,
    })),
  ];
};

const higiene = (): Item[] => {
  const itens: [string, string, number, string][] = [
    ['Shampoo Sanol Dog Neutro 500 ml', 'Sanol Dog', 9.8, 'FR'],
    ['Shampoo Sanol Dog Filhotes 500 ml', 'Sanol Dog', 10.2, 'FR'],
    ['Shampoo Sanol Dog Pelos Claros 500 ml', 'Sanol Dog', 10.5, 'FR'],
    ['Shampoo Sanol Dog Antipulgas 500 ml', 'Sanol Dog', 12.4, 'FR'],
    ['Condicionador Sanol Dog 500 ml', 'Sanol Dog', 11, 'FR'],
    ['Shampoo Pet Clean 2 em 1 700 ml', 'Pet Clean', 13.5, 'FR'],
    ['Shampoo Pet Clean Hipoalergênico 700 ml', 'Pet Clean', 15.9, 'FR'],
    ['Shampoo Pet Clean Gatos 500 ml', 'Pet Clean', 12.9, 'FR'],
    ['Colônia Pet Clean Baby 120 ml', 'Pet Clean', 11.5, 'FR'],
    ['Colônia Pet Clean Lavanda 120 ml', 'Pet Clean', 11.5, 'FR'],
    ['Colônia Sanol Dog Fêmea 120 ml', 'Sanol Dog', 10.8, 'FR'],
    ['Colônia Sanol Dog Macho 120 ml', 'Sanol Dog', 10.8, 'FR'],
    ['Creme Dental Pet Clean Menta 90 g', 'Pet Clean', 8.2, 'UN'],
    ['Kit Higiene Bucal Pet Clean Escova e Creme Dental', 'Pet Clean', 14.5, 'UN'],
    ['Lenço Umedecido Pet Clean 100 Unidades', 'Pet Clean', 9.9, 'PC'],
    ['Limpador de Ouvidos Pet Clean 100 ml', 'Pet Clean', 12.3, 'FR'],
    ['Tapete Higiênico Super Secão 30 Unidades', 'Super Secão', 38, 'PC'],
    ['Tapete Higiênico Super Secão 50 Unidades', 'Super Secão', 58, 'PC'],
    ['Tapete Higiênico Super Secão 7 Unidades', 'Super Secão', 10.5, 'PC'],
    ['Areia Sanitária Pipicat Classic 4 kg', 'Pipicat', 9.5, 'PC'],
    ['Areia Sanitária Pipicat Floral 4 kg', 'Pipicat', 10, 'PC'],
    ['Areia Sanitária Pipicat Kitten 4 kg', 'Pipicat', 10.5, 'PC'],
    ['Granulado Higiênico Pipicat Madeira 2 kg', 'Pipicat', 14, 'PC'],
    ['Sílica para Gatos Pipicat Crystal 1,8 kg', 'Pipicat', 24, 'PC'],
    ['Eliminador de Odores Sanol Dog 500 ml', 'Sanol Dog', 13, 'FR'],
    ['Educador Sanitário Pet Clean Xixi Sim 20 ml', 'Pet Clean', 9.4, 'FR'],
    ['Repelente Educador Pet Clean Xixi Não 500 ml', 'Pet Clean', 12.5, 'FR'],
    ['Talco Antipulgas Sanol Dog 100 g', 'Sanol Dog', 7.8, 'UN'],
    ['Saquinhos Higiênicos para Passeio 4 Rolos', 'Chalesco', 6.5, 'PC'],
    ['Porta Saquinhos com 1 Rolo Chalesco', 'Chalesco', 8, 'UN'],
    ['Desembaraçador de Pelos Pet Clean 120 ml', 'Pet Clean', 13.9, 'FR'],
    ['Hidratante de Patas Pet Clean 40 g', 'Pet Clean', 11.9, 'UN'],
  ];
  return itens.map(([nome, marca, custo, sigla]) => ({
    tipo: 'produto',
    nome,
    marca,
    categoria: 'Higiene e Beleza',
    sigla,
    // Shampoos and conditioners at R$ 25–60 (issue #22 item 9).
    custo: /^(Shampoo|Condicionador)/.test(nome) ? custo * 1.5 : custo,
    markup: 70,
    ncm: NCM.higiene,
    estoqueMinimo: 4,
  }));
};

const aquarismo = (): Item[] => {
  const itens: [string, string, number, string, string][] = [
    ['Ração Alcon Basic Peixes 20 g', 'Alcon', 4.8, 'PC', NCM.peixe],
    ['Ração Alcon Guppy 20 g', 'Alcon', 5.5, 'PC', NCM.peixe],
    ['Ração Alcon Spirulina 20 g', 'Alcon', 6.9, 'PC', NCM.peixe],
    ['Ração Tetra Min Flakes 20 g', 'Tetra', 9.8, 'PC', NCM.peixe],
    ['Ração Tetra Goldfish 20 g', 'Tetra', 8.4, 'PC', NCM.peixe],
    ['Anticloro Alcon Labcon Prime 15 ml', 'Alcon', 6.2, 'FR', NCM.higiene],
    ['Acondicionador Tetra AquaSafe 100 ml', 'Tetra', 18.5, 'FR', NCM.higiene],
    ['Teste de pH Alcon Labcon 15 ml', 'Alcon', 19, 'FR', NCM.higiene],
    ['Cascalho para Aquário Natural 2 kg', 'Alcon', 9, 'PC', NCM.acessorio],
    ['Rede para Aquário 10 cm', 'Alcon', 5.5, 'UN', NCM.acessorio],
  ];
  return itens.map(([nome, marca, custo, sigla, ncm]) => ({
    tipo: 'produto',
    nome,
    marca,
    categoria: 'Aquarismo',
    sigla,
    custo,
    markup: 80,
    ncm,
    estoqueMinimo: 3,
  }));
};

/**
 * Services: a sale price and a cost of 55 % of it (products used and the groomer's or vet's time, a
 * margin of 45 %), no stock, no barcode. Prices of a São Paulo shop (issue #22 item 9): bath R$ 50–90,
 * grooming R$ 80–150, consultation R$ 120–200, vaccines R$ 70–150.
 */
const servicos = (): Item[] => {
  const servico = (nome: string, categoria: string, preco: number): Item => ({
    tipo: 'servico',
    nome,
    categoria,
    sigla: 'UN',
    custo: Math.round(preco * 55) / 100,
    markup: 0,
    preco,
    ncm: null,
    semCodigoBarras: true,
  });
  const porte = (nome: string, precos: number[], portes = ['P', 'M', 'G', 'GG']) =>
    portes.slice(0, precos.length).map((p, i) => servico(`${nome} ${p}`, 'Serviços de Banho e Tosa', precos[i]!));
  return [
    ...porte('Banho', [50, 60, 75, 90]),
    ...porte('Banho e Tosa Higiênica', [65, 75, 90, 110]),
    ...porte('Tosa Higiênica', [30, 35, 45, 55]),
    ...porte('Tosa na Máquina', [80, 95, 115, 140]),
    ...porte('Tosa na Tesoura', [100, 115, 130, 150]),
    ...porte('Hidratação', [35, 45, 55, 70]),
    servico('Banho Gato', 'Serviços de Banho e Tosa', 70),
    servico('Tosa Gato', 'Serviços de Banho e Tosa', 110),
    servico('Desembolo de Pelos', 'Serviços de Banho e Tosa', 40),
    servico('Corte de Unhas', 'Serviços de Banho e Tosa', 20),
    servico('Limpeza de Ouvidos', 'Serviços de Banho e Tosa', 20),
    servico('Escovação Dental', 'Serviços de Banho e Tosa', 25),
    servico('Consulta Veterinária', 'Serviços Veterinários', 150),
    servico('Consulta de Retorno', 'Serviços Veterinários', 120),
    servico('Consulta Emergencial', 'Serviços Veterinários', 200),
    servico('Aplicação de Medicamento', 'Serviços Veterinários', 30),
    servico('Microchipagem', 'Serviços Veterinários', 120),
    servico('Vacina V8', 'Vacinas', 90),
    servico('Vacina V10', 'Vacinas', 110),
    servico('Vacina Antirrábica', 'Vacinas', 70),
    servico('Vacina Gripe Canina', 'Vacinas', 120),
    servico('Vacina V4 Felina', 'Vacinas', 120),
    servico('Vacina V5 Felina', 'Vacinas', 150),
  ];
};

const SUBCATEGORIAS: [nome: string, pai: string][] = [
  ['Rações para Cães', 'Rações'],
  ['Rações para Gatos', 'Rações'],
  ['Antipulgas e Carrapaticidas', 'Medicamentos'],
  ['Vermífugos', 'Medicamentos'],
];

const FORNECEDORES = [
  [
    'Distribuidora PetMix Ltda',
    'PetMix Distribuidora',
    'Marcos Tavares',
    'São Paulo',
    'SP',
    '3550308',
    '03112000',
    'Rua do Oratório',
    'Mooca',
    '11',
  ],
  [
    'Agro Pet Distribuidora de Rações Ltda',
    'Agro Pet',
    'Sílvia Moura',
    'Campinas',
    'SP',
    '3509502',
    '13050010',
    'Avenida John Boyd Dunlop',
    'Jardim Ipaussurama',
    '19',
  ],
  [
    'VetFarma Distribuidora de Medicamentos Veterinários Ltda',
    'VetFarma',
    'Ricardo Nogueira',
    'Guarulhos',
    'SP',
    '3518800',
    '07034000',
    'Rua Harry Simonsen',
    'Centro',
    '11',
  ],
  [
    'Mundo Animal Atacadista Ltda',
    'Mundo Animal Atacado',
    'Patrícia Lemos',
    'Osasco',
    'SP',
    '3534401',
    '06020010',
    'Avenida dos Autonomistas',
    'Centro',
    '11',
  ],
  [
    'Nutripet Comércio de Alimentos para Animais Ltda',
    'Nutripet',
    'Fábio Cardoso',
    'Sorocaba',
    'SP',
    '3552205',
    '18040000',
    'Avenida General Carneiro',
    'Lageado',
    '15',
  ],
  [
    'Pet Center Atacado e Distribuição Ltda',
    'Pet Center Atacado',
    'Juliana Prado',
    'Santo André',
    'SP',
    '3547809',
    '09010000',
    'Rua Senador Fláquer',
    'Centro',
    '11',
  ],
  [
    'Aquarium Brasil Distribuidora Ltda',
    'Aquarium Brasil',
    'Henrique Sato',
    'Ribeirão Preto',
    'SP',
    '3543402',
    '14015000',
    'Rua Álvares Cabral',
    'Centro',
    '16',
  ],
  [
    'Higipet Comércio de Produtos de Higiene Animal Ltda',
    'Higipet',
    'Renata Falcão',
    'Curitiba',
    'PR',
    '4106902',
    '80010000',
    'Rua XV de Novembro',
    'Centro',
    '41',
  ],
  [
    'Brinquepet Importadora e Distribuidora Ltda',
    'Brinquepet',
    'Eduardo Queiroz',
    'Belo Horizonte',
    'MG',
    '3106200',
    '30110000',
    'Avenida do Contorno',
    'Funcionários',
    '31',
  ],
  [
    'Rações Bom Jesus Comércio Atacadista Ltda',
    'Rações Bom Jesus',
    'Cláudio Pires',
    'Rio de Janeiro',
    'RJ',
    '3304557',
    '20040002',
    'Rua da Assembleia',
    'Centro',
    '21',
  ],
] as const;

/** A price ending in ",90" near cost × (1 + markup). */
const precoComercial = (custo: number, markup: number): number => Math.max(Math.ceil(custo * (1 + markup / 100)) - 0.1, 0.9);

/** Inserts the demo catalogue into the scope's tenant (units and top categories come from the defaults). */
export const seedDemoProdutos = async (tx: Db): Promise<void> => {
  const random = seededRandom(20_240_901);

  // Units and top-level categories normally exist (tenant defaults); create what is missing.
  const existentes = await tx.select({ id: unidadesMedida.id, sigla: unidadesMedida.sigla }).from(unidadesMedida);
  const faltando = UNIDADES_MEDIDA_PADRAO.filter(([sigla]) => !existentes.some((u) => u.sigla === sigla));
  if (faltando.length > 0) {
    existentes.push(
      ...(await tx
        .insert(unidadesMedida)
        .values(faltando.map(([sigla, descricao, permiteVendaFracionada]) => ({ sigla, descricao, permiteVendaFracionada })))
        .returning({ id: unidadesMedida.id, sigla: unidadesMedida.sigla })),
    );
  }
  const unidade = new Map(existentes.map((u) => [u.sigla, u.id]));

  const categorias = await tx.select({ id: categoriasProduto.id, nome: categoriasProduto.nome }).from(categoriasProduto);
  const novasTop = CATEGORIAS_PADRAO.filter((nome) => !categorias.some((c) => c.nome === nome));
  if (novasTop.length > 0) {
    categorias.push(
      ...(await tx
        .insert(categoriasProduto)
        .values(novasTop.map((nome) => ({ nome })))
        .returning({ id: categoriasProduto.id, nome: categoriasProduto.nome })),
    );
  }
  const categoriaId = (nome: string) => categorias.find((c) => c.nome === nome)?.id;
  categorias.push(
    ...(await tx
      .insert(categoriasProduto)
      .values(SUBCATEGORIAS.map(([nome, pai]) => ({ nome, categoriaPaiId: categoriaId(pai) ?? null })))
      .returning({ id: categoriasProduto.id, nome: categoriasProduto.nome })),
  );

  const itens = [
    ...racoes(),
    ...petiscos(),
    ...medicamentos(),
    ...brinquedos(),
    ...acessorios(),
    ...higiene(),
    ...aquarismo(),
    ...servicos(),
  ];

  const nomesMarcas = [...new Set(itens.flatMap((i) => (i.marca ? [i.marca] : [])))].sort();
  const marcasInseridas = await tx
    .insert(marcas)
    .values(nomesMarcas.map((nome) => ({ nome })))
    .returning({ id: marcas.id, nome: marcas.nome });
  const marcaId = new Map(marcasInseridas.map((m) => [m.nome, m.id]));

  const gtins = new Set<string>();
  const novoGtin = (): string => {
    for (;;) {
      const corpo = `789${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
      const gtin = `${corpo}${gtinCheckDigit(corpo)}`;
      if (!gtins.has(gtin)) {
        gtins.add(gtin);
        return gtin;
      }
    }
  };

  let proximoCodigo = 1001;
  const linha = (item: Item, granelId: string | null) => {
    const servico = item.tipo === 'servico';
    const custo = Math.round(item.custo * (0.95 + random() * 0.1) * 100) / 100;
    const precos = servico
      ? resolverPrecos({ precoCusto: item.custo, precoVenda: item.preco ?? 0 })
      : resolverPrecos({ precoCusto: custo, precoVenda: precoComercial(custo, item.markup) });
    return {
      tipo: item.tipo,
      nome: item.nome,
      codigo: String(proximoCodigo++),
      codigoBarras: item.semCodigoBarras ? null : novoGtin(),
      marcaId: item.marca ? (marcaId.get(item.marca) ?? null) : null,
      categoriaId: categoriaId(item.categoria) ?? null,
      unidadeMedidaId: unidade.get(item.sigla)!,
      precoCusto: precos.precoCusto.toFixed(2),
      markup: precos.markup.toFixed(2),
      precoVenda: precos.precoVenda.toFixed(2),
      estoqueMinimo: (item.estoqueMinimo ?? 0).toFixed(3),
      controlaEstoque: !servico,
      controlaLote: item.controlaLote ?? false,
      produtoGranelId: granelId,
      fatorConversao: item.granel ? item.granel.fator.toFixed(3) : null,
      ncm: item.ncm,
      cfop: servico ? null : '5102',
      origem: '0',
      csosn: servico ? null : '102',
      pisCst: servico ? null : '49',
      cofinsCst: servico ? null : '49',
    };
  };

  // Bulk products first: the bags point to them.
  const nomesGranel = new Set(itens.flatMap((i) => (i.granel ? [i.granel.nome] : [])));
  const granelInseridos = await tx
    .insert(produtos)
    .values(itens.filter((i) => nomesGranel.has(i.nome)).map((i) => linha(i, null)))
    .returning({ id: produtos.id, nome: produtos.nome });
  const granelId = new Map(granelInseridos.map((g) => [g.nome, g.id]));
  await tx
    .insert(produtos)
    .values(
      itens.filter((i) => !nomesGranel.has(i.nome)).map((i) => linha(i, i.granel ? (granelId.get(i.granel.nome) ?? null) : null)),
    );

  await tx.insert(fornecedores).values(
    FORNECEDORES.map(([razaoSocial, nomeFantasia, contato, cidade, uf, codigoIbge, cep, logradouro, bairro, ddd], i) => {
      const base = `${String(10_000_000 + Math.floor(random() * 89_999_999)).slice(0, 8)}0001`;
      const dominio = nomeFantasia
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z]/g, '');
      return {
        razaoSocial,
        nomeFantasia,
        cpfCnpj: withCheckDigits(base, isValidCnpj),
        inscricaoEstadual: String(100_000_000_000 + Math.floor(random() * 899_999_999_999)),
        email: `vendas@${dominio}.com.br`,
        telefone: `${ddd}3${String(1_000_000 + Math.floor(random() * 8_999_999)).slice(0, 7)}`,
        contato,
        cep,
        logradouro,
        numero: String(100 + Math.floor(random() * 1900)),
        bairro,
        cidade,
        uf,
        codigoIbge,
        observacoes: i % 3 === 0 ? 'Pedido mínimo de R$ 500,00. Entrega em até 3 dias úteis.' : null,
      };
    }),
  );
};
