/**
 * The one pt-BR number field (issue #15, bug 1): '1.250,00' typed with the keyboard is 1250
 * (Mantine's NumberInput made it 1,25), pasted text is read the same way, and what cannot be
 * read is refused with a message, keeping the text, never trimmed into another number.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DecimalInput, MoneyInput, QuantityInput, type DecimalValue } from './decimal-input.tsx';

type Field = 'money' | 'quantity' | 'whole';

/** A field in a form, controlled as `form.getInputProps` does; the submitted value is recorded. */
function Harness({
  field,
  onValue,
  onSubmit,
}: {
  field: Field;
  onValue: (v: DecimalValue) => void;
  onSubmit: (v: DecimalValue) => void;
}) {
  const [value, setValue] = useState<number | ''>('');
  const onChange = (v: DecimalValue) => {
    setValue(v);
    onValue(v);
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(value);
      }}
    >
      {field === 'money' ? <MoneyInput label="Valor" value={value} onChange={onChange} /> : null}
      {field === 'quantity' ? <QuantityInput label="Quantidade" suffix=" kg" value={value} onChange={onChange} /> : null}
      {field === 'whole' ? (
        <DecimalInput label="Parcelas" allowDecimal={false} min={1} max={12} value={value} onChange={onChange} />
      ) : null}
      <button type="submit">Salvar</button>
    </form>
  );
}

const setup = (field: Field = 'money') => {
  const onValue = vi.fn<(v: DecimalValue) => void>();
  const onSubmit = vi.fn<(v: DecimalValue) => void>();
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <Harness field={field} onValue={onValue} onSubmit={onSubmit} />
    </MantineProvider>,
  );
  const input = screen.getByRole('textbox') as HTMLInputElement;
  const last = () => onValue.mock.calls.at(-1)?.[0];
  return { user, input, onValue, onSubmit, last };
};

describe('MoneyInput, typed', () => {
  it.each([
    ['1.250,00', 1250, 'R$ 1.250,00'],
    ['1.151,00', 1151, 'R$ 1.151,00'],
    ['1250', 1250, 'R$ 1.250,00'],
    ['1,5', 1.5, 'R$ 1,50'],
    ['1.250', 1250, 'R$ 1.250,00'],
    ['1.250,5', 1250.5, 'R$ 1.250,50'],
    ['R$ 1.250,00', 1250, 'R$ 1.250,00'],
  ])('reads %s as %d and writes it back as %s on blur', async (typed, value, shown) => {
    const { user, input, last } = setup();
    await user.click(input);
    await user.keyboard(typed);
    expect(input.value).toBe(typed);
    expect(last()).toBe(value);
    await user.tab();
    expect(input.value).toBe(shown);
    expect(screen.queryByText(/inválido/)).toBeNull();
  });

  it('submits what was typed when Enter is pressed in the field', async () => {
    const { user, input, onSubmit } = setup();
    await user.click(input);
    await user.keyboard('1.151,00{Enter}');
    expect(onSubmit).toHaveBeenCalledWith(1151);
  });

  it.each([
    ['abc', 'Valor inválido: use 1.234,56'],
    ['12a', 'Valor inválido: use 1.234,56'],
    ['-3', 'O valor não pode ser negativo'],
    ['12,345', 'Use no máximo 2 casas decimais'],
  ])('refuses %s: keeps the text, shows "%s", hands NaN to the form and blocks the submission', async (typed, message) => {
    const { user, input, last, onSubmit } = setup();
    await user.click(input);
    await user.keyboard(typed);
    expect(input.value).toBe(typed);
    expect(screen.getByText(message)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(last()).toBeNaN();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.tab();
    expect(input.value).toBe(typed);
  });

  it('waits for the end of a thousands group, and refuses a dot left as a decimal point', async () => {
    const { user, input, last, onSubmit } = setup();
    await user.click(input);
    await user.keyboard('1.5');
    expect(screen.queryByText(/inválido/)).toBeNull();
    expect(last()).toBeNaN();
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Valor inválido: use 1.234,56')).toBeTruthy();
    expect(input.value).toBe('1.5');
  });

  it('takes an empty field as empty, and a corrected text again', async () => {
    const { user, input, last, onSubmit } = setup();
    await user.click(input);
    await user.keyboard('abc');
    await user.clear(input);
    expect(last()).toBe('');
    expect(screen.queryByText(/inválido/)).toBeNull();
    await user.keyboard('10,5{Enter}');
    expect(onSubmit).toHaveBeenCalledWith(10.5);
  });
});

describe('MoneyInput, pasted', () => {
  it.each([
    ['1.250,00', 1250],
    ['R$ 1.250,00', 1250],
    ['1250', 1250],
    ['1,5', 1.5],
    ['1.151,00', 1151],
  ])('reads %s as %d', async (pasted, value) => {
    const { user, input, last } = setup();
    await user.click(input);
    await user.paste(pasted);
    expect(last()).toBe(value);
    await user.tab();
    expect(input.value).toBe(`R$ ${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(value)}`);
  });

  it.each([
    ['abc', 'Valor inválido: use 1.234,56'],
    ['-3', 'O valor não pode ser negativo'],
  ])('refuses %s', async (pasted, message) => {
    const { user, input, last } = setup();
    await user.click(input);
    await user.paste(pasted);
    expect(input.value).toBe(pasted);
    expect(last()).toBeNaN();
    expect(screen.getByText(message)).toBeTruthy();
  });
});

describe('QuantityInput and whole numbers', () => {
  it('reads up to 3 decimals with the unit after the number', async () => {
    const { user, input, last } = setup('quantity');
    await user.click(input);
    await user.keyboard('1.250,125');
    expect(last()).toBe(1250.125);
    await user.tab();
    expect(input.value).toBe('1.250,125 kg');
    await user.clear(input);
    await user.keyboard('1,5');
    await user.tab();
    expect(last()).toBe(1.5);
    expect(input.value).toBe('1,5 kg');
    await user.clear(input);
    await user.keyboard('1,2345');
    expect(screen.getByText('Use no máximo 3 casas decimais')).toBeTruthy();
  });

  it('takes the suffix away while the field has the focus, so typing goes after the number', async () => {
    const { user, input, last } = setup('quantity');
    await user.click(input);
    await user.keyboard('2');
    await user.tab();
    expect(input.value).toBe('2 kg');
    await user.click(input);
    expect(input.value).toBe('2');
    await user.keyboard(',5');
    expect(last()).toBe(2.5);
    await user.tab();
    expect(input.value).toBe('2,5 kg');
  });

  it('refuses decimals and values out of range in a whole number', async () => {
    const { user, input, last, onSubmit } = setup('whole');
    await user.click(input);
    await user.keyboard('1,5');
    expect(screen.getByText('Use um número inteiro')).toBeTruthy();
    await user.clear(input);
    await user.keyboard('13');
    expect(screen.getByText('O máximo é 12')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(input);
    await user.keyboard('0');
    expect(screen.queryByText('O mínimo é 1')).toBeNull(); // maybe on its way
    await user.tab();
    expect(screen.getByText('O mínimo é 1')).toBeTruthy();
    await user.clear(input);
    await user.keyboard('12{Enter}');
    expect(last()).toBe(12);
    expect(onSubmit).toHaveBeenCalledWith(12);
  });
});

describe('a value set from outside', () => {
  it('is written formatted, and a parent that stores "" for NaN keeps the typed text', async () => {
    function Outside() {
      const [value, setValue] = useState<number | ''>(89.9);
      return (
        <>
          <MoneyInput label="Valor" value={value} onChange={(v) => setValue(Number.isNaN(v) ? '' : v)} />
          <button type="button" onClick={() => setValue(30)}>
            Trinta
          </button>
          <output>{String(value)}</output>
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <Outside />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('R$ 89,90');
    await user.click(screen.getByRole('button', { name: 'Trinta' }));
    expect(input.value).toBe('R$ 30,00');
    await user.clear(input);
    await user.keyboard('x1');
    expect(input.value).toBe('x1');
    expect(screen.getByText('Valor inválido: use 1.234,56')).toBeTruthy();
  });
});

describe('a field whose prefix changes (a discount in R$ switched to %)', () => {
  it('rewrites its value in the new shape', async () => {
    function Desconto() {
      const [value, setValue] = useState<number | ''>('');
      const [tipo, setTipo] = useState<'Valor' | 'Percentual'>('Valor');
      return (
        <>
          <DecimalInput
            label="Desconto"
            prefix={tipo === 'Valor' ? 'R$ ' : undefined}
            suffix={tipo === 'Percentual' ? ' %' : undefined}
            value={value}
            onChange={setValue}
          />
          <button type="button" onClick={() => setTipo('Percentual')}>
            Percentual
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <Desconto />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.click(input);
    await user.keyboard('10,5');
    await user.click(screen.getByRole('button', { name: 'Percentual' }));
    expect(input.value).toBe('10,5 %');
    expect(screen.queryByText(/inválido/)).toBeNull();
  });
});
