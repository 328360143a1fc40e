/**
 * The starting catalogue of species, breeds (with their default size) and coats that every
 * new tenant gets (defaults.ts, through `tenantDefaults`) and so the demo tenants too.
 * Source: DOMAIN.md §3 ("a new tenant starts with a sensible catalogue"); issue #3 item 3.
 * Colours are not coats: a coat is the hair type, which is what grooming prices depend on.
 */
import type { Porte } from '@petshop/shared/especie';

export type EspecieInicial = {
  nome: string;
  /** Name, default size and, optionally, other names it is found by (SRD: 'vira-lata', issue #15). */
  racas: readonly (readonly [nome: string, porte: Porte | null, sinonimos?: string])[];
  pelagens: readonly string[];
};

export const CATALOGO_INICIAL: readonly EspecieInicial[] = [
  {
    nome: 'Canina',
    racas: [
      ['SRD (sem raça definida)', 'medio', 'vira-lata'],
      ['Akita', 'grande'],
      ['American Bully', 'medio'],
      ['Basset Hound', 'medio'],
      ['Beagle', 'medio'],
      ['Bernese', 'gigante'],
      ['Bichon Frisé', 'pequeno'],
      ['Border Collie', 'medio'],
      ['Boston Terrier', 'pequeno'],
      ['Boxer', 'grande'],
      ['Buldogue Inglês', 'medio'],
      ['Bulldog Francês', 'pequeno'],
      ['Cane Corso', 'gigante'],
      ['Cavalier King Charles Spaniel', 'pequeno'],
      ['Chihuahua', 'mini'],
      ['Chow Chow', 'medio'],
      ['Cocker Spaniel', 'medio'],
      ['Dachshund', 'pequeno'],
      ['Dálmata', 'grande'],
      ['Doberman', 'grande'],
      ['Dogue Alemão', 'gigante'],
      ['Fila Brasileiro', 'gigante'],
      ['Golden Retriever', 'grande'],
      ['Husky Siberiano', 'grande'],
      ['Jack Russell Terrier', 'pequeno'],
      ['Labrador Retriever', 'grande'],
      ['Lhasa Apso', 'pequeno'],
      ['Lulu da Pomerânia', 'mini'],
      ['Maltês', 'mini'],
      ['Pastor Alemão', 'grande'],
      ['Pastor Belga Malinois', 'grande'],
      ['Pequinês', 'pequeno'],
      ['Pinscher', 'mini'],
      ['Pit Bull', 'medio'],
      ['Poodle', 'pequeno'],
      ['Pug', 'pequeno'],
      ['Rottweiler', 'grande'],
      ['Samoieda', 'grande'],
      ['São Bernardo', 'gigante'],
      ['Schnauzer', 'pequeno'],
      ['Shiba Inu', 'medio'],
      ['Shih Tzu', 'pequeno'],
      ['Spitz Alemão', 'pequeno'],
      ['Weimaraner', 'grande'],
      ['West Highland White Terrier', 'pequeno'],
      ['Yorkshire Terrier', 'mini'],
    ],
    pelagens: ['Curta', 'Longa', 'Dupla', 'Encaracolada', 'Arame', 'Sem pelo'],
  },
  {
    nome: 'Felina',
    racas: [
      ['SRD (sem raça definida)', 'pequeno', 'vira-lata'],
      ['Angorá', 'pequeno'],
      ['Azul Russo', 'pequeno'],
      ['Bengal', 'medio'],
      ['British Shorthair', 'medio'],
      ['Exótico', 'pequeno'],
      ['Himalaio', 'pequeno'],
      ['Maine Coon', 'grande'],
      ['Persa', 'pequeno'],
      ['Ragdoll', 'medio'],
      ['Sagrado da Birmânia', 'medio'],
      ['Savannah', 'grande'],
      ['Scottish Fold', 'pequeno'],
      ['Siamês', 'pequeno'],
      ['Sphynx', 'pequeno'],
    ],
    pelagens: ['Curta', 'Longa', 'Sem pelo'],
  },
  {
    nome: 'Ave',
    racas: [
      ['Agapornis', 'mini'],
      ['Calopsita', 'mini'],
      ['Canário', 'mini'],
      ['Papagaio-verdadeiro', 'pequeno'],
      ['Periquito-australiano', 'mini'],
    ],
    pelagens: [],
  },
  {
    nome: 'Roedor',
    racas: [
      ['Chinchila', 'mini'],
      ['Gerbil', 'mini'],
      ['Hamster Anão Russo', 'mini'],
      ['Hamster Sírio', 'mini'],
      ['Porquinho-da-índia', 'mini'],
      ['Twister', 'mini'],
    ],
    pelagens: ['Curta', 'Longa'],
  },
  { nome: 'Réptil', racas: [], pelagens: [] },
  { nome: 'Peixe', racas: [], pelagens: [] },
  { nome: 'Outros', racas: [], pelagens: [] },
];
