/**
 * The part of a Mantine form a block of fields needs, so one block (a phone list, an
 * address, the personal data) serves forms whose values hold it among other things. Any
 * `useForm` result fits.
 */
import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';

export type FormBinding<Values> = {
  getInputProps(path: string, options?: { type?: 'input' | 'checkbox' }): GetInputPropsReturnType;
  setFieldValue(path: string, value: unknown): void;
  insertListItem(path: string, item: unknown): void;
  removeListItem(path: string, index: number): void;
  getValues(): Values;
  errors: FormErrors;
};
