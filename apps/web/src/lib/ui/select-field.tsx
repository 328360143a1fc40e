/**
 * A Mantine Select whose label belongs to the input alone. Mantine labels the options list
 * with the same <label> (aria-labelledby), so "the field labelled UF" would be two elements
 * for assistive technology and for tests; here the label is rendered outside the Select and
 * points at its input only. `hideLabel` keeps the label for screen readers only.
 */
import { Input, Select, VisuallyHidden, type SelectProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';

export type SelectFieldProps = Omit<SelectProps, 'label' | 'aria-label' | 'error' | 'description'> & {
  label: string;
  hideLabel?: boolean;
  description?: ReactNode;
  error?: ReactNode;
};

export function SelectField({
  label,
  hideLabel = false,
  description,
  error,
  id,
  required,
  style,
  className,
  w,
  ...props
}: SelectFieldProps) {
  const inputId = useId(id);
  return (
    <Input.Wrapper
      id={inputId}
      label={hideLabel ? undefined : label}
      description={description}
      error={error}
      style={style}
      className={className}
      w={w}
    >
      {hideLabel ? (
        <VisuallyHidden renderRoot={(rootProps) => <label {...rootProps} htmlFor={inputId} />}>{label}</VisuallyHidden>
      ) : null}
      <Select
        id={inputId}
        required={required}
        error={Boolean(error)}
        aria-describedby={
          [description ? `${inputId}-description` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') ||
          undefined
        }
        {...props}
      />
    </Input.Wrapper>
  );
}
