/**
 * Enter in a select or an autocomplete picks the highlighted option and never submits the
 * form around it (issue #15: typing "SP" in UF and pressing Enter saved the customer without
 * the UF). Applied once, as default props of Mantine's Select, Autocomplete and MultiSelect
 * in `theme.ts`, so every form gets it; a component that passes its own `onKeyDown` must call
 * `enterNeverSubmits` itself.
 */
import type { KeyboardEvent } from 'react';

/**
 * Keydown handler of a combobox input: cancels Enter's default action (the form's implicit
 * submission). Mantine's own handler runs after it and still picks the highlighted option.
 */
export const enterNeverSubmits = (event: KeyboardEvent<HTMLElement>): void => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * Default props of every searchable combobox: the first option matching what was typed is
 * highlighted, so Enter picks it ("SP" + Enter → SP), and Enter never submits.
 */
export const comboboxDefaultProps = {
  selectFirstOptionOnChange: true,
  onKeyDown: enterNeverSubmits,
} as const;
