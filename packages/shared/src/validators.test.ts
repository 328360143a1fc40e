import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  UFS,
  cepSchema,
  cnpjSchema,
  cpfCnpjSchema,
  cpfSchema,
  emailSchema,
  novaSenhaSchema,
  onlyDigits,
  optional,
  optionalText,
  requiredText,
  telefoneSchema,
  ufSchema,
} from './validators.ts';

/** Messages of a failed parse, in order (the first is the one a field shows, spec §5). */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => i.message);
}

/** The first message of a failed parse, or undefined when it passed. */
const firstMessage = (schema: z.ZodType, value: unknown): string | undefined => messages(schema, value)[0];

// Known valid documents (Receita Federal check digits).
const CPF_VALIDO = '529.982.247-25';
const CNPJ_VALIDO = '11.222.333/0001-81';

describe('onlyDigits', () => {
  it('keeps digits only', () => {
    expect(onlyDigits('123.456.789-09')).toBe('12345678909');
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
    expect(onlyDigits('abc')).toBe('');
    expect(onlyDigits('')).toBe('');
  });
});

describe('requiredText', () => {
  const nome = requiredText('Nome', 10);

  it('trims and accepts 1..max characters', () => {
    expect(nome.parse('  Ana  ')).toBe('Ana');
    expect(nome.parse('a'.repeat(10))).toBe('a'.repeat(10));
  });

  it('requires a value', () => {
    expect(firstMessage(nome, '')).toBe('Nome é obrigatório');
    expect(firstMessage(nome, '   ')).toBe('Nome é obrigatório');
    expect(firstMessage(nome, undefined)).toBe('Nome é obrigatório');
    expect(firstMessage(nome, 42)).toBe('Nome é obrigatório');
  });

  it('limits the length', () => {
    expect(firstMessage(nome, 'a'.repeat(11))).toBe('Nome deve ter no máximo 10 caracteres');
  });

  it('defaults to 120 characters', () => {
    expect(requiredText('Nome').safeParse('a'.repeat(120)).success).toBe(true);
    expect(requiredText('Nome').safeParse('a'.repeat(121)).success).toBe(false);
  });
});

describe('optionalText', () => {
  const obs = optionalText('Observação', 5);

  it("treats '' and blanks as absent", () => {
    expect(obs.parse('')).toBeUndefined();
    expect(obs.parse('   ')).toBeUndefined();
    expect(obs.parse(undefined)).toBeUndefined();
  });

  it('trims and limits the length', () => {
    expect(obs.parse(' abc ')).toBe('abc');
    expect(firstMessage(obs, 'abcdef')).toBe('Observação deve ter no máximo 5 caracteres');
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Admin@Demo.COM.br ')).toBe('admin@demo.com.br');
  });

  it('requires a value', () => {
    expect(firstMessage(emailSchema, '')).toBe('E-mail é obrigatório');
    expect(firstMessage(emailSchema, '   ')).toBe('E-mail é obrigatório');
    expect(firstMessage(emailSchema, undefined)).toBe('E-mail é obrigatório');
  });

  it('rejects malformed addresses', () => {
    expect(firstMessage(emailSchema, 'admin')).toBe('E-mail inválido');
    expect(firstMessage(emailSchema, 'admin@')).toBe('E-mail inválido');
    expect(firstMessage(emailSchema, 'admin@demo')).toBe('E-mail inválido');
    expect(firstMessage(emailSchema, 'a b@demo.com')).toBe('E-mail inválido');
  });
});

describe('cpfSchema', () => {
  it('accepts valid CPFs with or without mask and keeps digits only', () => {
    expect(cpfSchema.parse(CPF_VALIDO)).toBe('52998224725');
    expect(cpfSchema.parse('52998224725')).toBe('52998224725');
    for (let i = 0; i < 20; i++) {
      const cpf = generateCpf();
      expect(cpfSchema.parse(cpf)).toBe(cpf);
    }
  });

  it('rejects wrong check digits, repeated digits and wrong lengths', () => {
    expect(firstMessage(cpfSchema, '529.982.247-24')).toBe('CPF inválido');
    expect(firstMessage(cpfSchema, '529.982.247-35')).toBe('CPF inválido');
    expect(firstMessage(cpfSchema, '111.111.111-11')).toBe('CPF inválido');
    expect(firstMessage(cpfSchema, '000.000.000-00')).toBe('CPF inválido');
    expect(firstMessage(cpfSchema, '5299822472')).toBe('CPF inválido');
    expect(firstMessage(cpfSchema, '529982247251')).toBe('CPF inválido');
    expect(firstMessage(cpfSchema, CNPJ_VALIDO)).toBe('CPF inválido');
  });

  it('requires a value', () => {
    expect(firstMessage(cpfSchema, '')).toBe('CPF é obrigatório');
    expect(firstMessage(cpfSchema, '...-')).toBe('CPF é obrigatório');
    expect(firstMessage(cpfSchema, undefined)).toBe('CPF é obrigatório');
  });
});

describe('cnpjSchema', () => {
  it('accepts valid CNPJs with or without mask and keeps digits only', () => {
    expect(cnpjSchema.parse(CNPJ_VALIDO)).toBe('11222333000181');
    expect(cnpjSchema.parse('11222333000181')).toBe('11222333000181');
    for (let i = 0; i < 20; i++) {
      const cnpj = generateCnpj();
      expect(cnpjSchema.parse(cnpj)).toBe(cnpj);
    }
  });

  it('rejects wrong check digits, repeated digits and wrong lengths', () => {
    expect(firstMessage(cnpjSchema, '11.222.333/0001-82')).toBe('CNPJ inválido');
    expect(firstMessage(cnpjSchema, '11.111.111/1111-11')).toBe('CNPJ inválido');
    expect(firstMessage(cnpjSchema, '1122233300018')).toBe('CNPJ inválido');
    expect(firstMessage(cnpjSchema, CPF_VALIDO)).toBe('CNPJ inválido');
  });

  it('requires a value', () => {
    expect(firstMessage(cnpjSchema, '')).toBe('CNPJ é obrigatório');
    expect(firstMessage(cnpjSchema, null)).toBe('CNPJ é obrigatório');
  });
});

describe('cpfCnpjSchema', () => {
  it('accepts a CPF or a CNPJ by length', () => {
    expect(cpfCnpjSchema.parse(CPF_VALIDO)).toBe('52998224725');
    expect(cpfCnpjSchema.parse(CNPJ_VALIDO)).toBe('11222333000181');
  });

  it('rejects invalid documents and other lengths', () => {
    expect(firstMessage(cpfCnpjSchema, '529.982.247-24')).toBe('CPF/CNPJ inválido');
    expect(firstMessage(cpfCnpjSchema, '11.222.333/0001-82')).toBe('CPF/CNPJ inválido');
    expect(firstMessage(cpfCnpjSchema, '123456789012')).toBe('CPF/CNPJ inválido');
    expect(firstMessage(cpfCnpjSchema, '')).toBe('CPF/CNPJ inválido');
    expect(firstMessage(cpfCnpjSchema, undefined)).toBe('CPF/CNPJ é obrigatório');
  });
});

describe('cepSchema', () => {
  it('accepts 8 digits with or without mask', () => {
    expect(cepSchema.parse('01310-100')).toBe('01310100');
    expect(cepSchema.parse('01310100')).toBe('01310100');
  });

  it('rejects other lengths', () => {
    expect(firstMessage(cepSchema, '0131010')).toBe('CEP inválido');
    expect(firstMessage(cepSchema, '013101000')).toBe('CEP inválido');
    expect(firstMessage(cepSchema, '')).toBe('CEP inválido');
    expect(firstMessage(cepSchema, undefined)).toBe('CEP é obrigatório');
  });
});

describe('telefoneSchema', () => {
  it('accepts DDD + number, 10 or 11 digits', () => {
    expect(telefoneSchema.parse('(11) 98765-4321')).toBe('11987654321');
    expect(telefoneSchema.parse('(11) 3456-7890')).toBe('1134567890');
  });

  it('rejects numbers without DDD or too long', () => {
    const msg = 'Telefone inválido (informe DDD e número)';
    expect(firstMessage(telefoneSchema, '98765-4321')).toBe(msg);
    expect(firstMessage(telefoneSchema, '+55 11 98765-4321')).toBe(msg);
    expect(firstMessage(telefoneSchema, '')).toBe(msg);
    expect(firstMessage(telefoneSchema, undefined)).toBe('Telefone é obrigatório');
  });
});

describe('optional', () => {
  const cpf = optional(cpfSchema);

  it("treats '', blanks, null and undefined as absent", () => {
    expect(cpf.parse('')).toBeUndefined();
    expect(cpf.parse('   ')).toBeUndefined();
    expect(cpf.parse(null)).toBeUndefined();
    expect(cpf.parse(undefined)).toBeUndefined();
  });

  it('still validates a given value', () => {
    expect(cpf.parse(CPF_VALIDO)).toBe('52998224725');
    expect(firstMessage(cpf, '529.982.247-24')).toBe('CPF inválido');
  });

  it('works for other schemas', () => {
    expect(optional(emailSchema).parse('')).toBeUndefined();
    expect(optional(emailSchema).parse('A@B.com')).toBe('a@b.com');
    expect(optional(telefoneSchema).parse(null)).toBeUndefined();
    expect(firstMessage(optional(cepSchema), '123')).toBe('CEP inválido');
  });
});

describe('novaSenhaSchema', () => {
  it('accepts 8..72 characters', () => {
    expect(novaSenhaSchema.safeParse('12345678').success).toBe(true);
    expect(novaSenhaSchema.safeParse('a'.repeat(72)).success).toBe(true);
  });

  it('rejects shorter and longer passwords', () => {
    expect(firstMessage(novaSenhaSchema, '1234567')).toBe('A senha deve ter ao menos 8 caracteres');
    expect(firstMessage(novaSenhaSchema, 'a'.repeat(73))).toBe('A senha deve ter no máximo 72 caracteres');
    expect(firstMessage(novaSenhaSchema, undefined)).toBe('Senha é obrigatória');
  });
});

describe('ufSchema', () => {
  it('accepts the 27 units of the federation', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS).size).toBe(27);
    for (const uf of UFS) expect(ufSchema.parse(uf)).toBe(uf);
  });

  it('rejects anything else', () => {
    expect(firstMessage(ufSchema, 'XX')).toBe('UF inválida');
    expect(firstMessage(ufSchema, 'sp')).toBe('UF inválida');
    expect(firstMessage(ufSchema, '')).toBe('UF inválida');
  });
});

describe('optionalText and optional treat null as absent', () => {
  it('accepts null so that an answered record can be sent back', async () => {
    const { optionalText, optional, cpfSchema } = await import('./validators.ts');
    expect(optionalText('RG').parse(null)).toBeUndefined();
    expect(optional(cpfSchema).parse(null)).toBeUndefined();
  });
});
