/**
 * A Mantine form bound to a shared zod schema plus the mutation that saves it: validation
 * with the same rules as the API, server field errors on the fields, general errors for an
 * Alert, no double submit, 'Salvo com sucesso' on success.
 */
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { applyServerErrors, type ApplyServerErrorsOptions } from './apply-server-errors.ts';
import { newIdempotencyKey } from '../http/idempotency.ts';
import { notifySuccess } from '../notify.ts';

export const SAVED_MESSAGE = 'Salvo com sucesso';

export type SubmitMeta = { idempotencyKey: string };

export type UseResourceFormOptions<Values extends Record<string, unknown>, Payload, Result> = {
  /** Shared contract schema; its input is what the form holds, its output what is sent. */
  schema: z.ZodType<Payload>;
  initialValues: Values;
  /**
   * Receives `schema.parse(values)` (trimmed, digits-only documents, defaults applied) and the
   * submission's Idempotency-Key, to pass to the fetcher: sending again after a failure reuses
   * it, a success starts a new one.
   */
  submit: (payload: Payload, meta: SubmitMeta) => Promise<Result>;
  onSuccess?: (result: Result) => void;
  /** false: no notification. */
  successMessage?: string | false;
  serverErrors?: ApplyServerErrorsOptions;
};

export type ResourceForm<Values extends Record<string, unknown>> = {
  form: UseFormReturnType<Values>;
  generalErrors: string[];
  setGeneralErrors: (errors: string[]) => void;
  submitting: boolean;
  /** The <form onSubmit>. */
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => void;
};

export const useResourceForm = <Values extends Record<string, unknown>, Payload, Result>(
  options: UseResourceFormOptions<Values, Payload, Result>,
): ResourceForm<Values> => {
  const { schema, initialValues, submit, onSuccess, successMessage = SAVED_MESSAGE, serverErrors } = options;
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  // A ref, not the mutation state: two clicks within one render must not send twice.
  const busy = useRef(false);
  const idempotencyKey = useRef(newIdempotencyKey());
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: zod4Resolver(schema, { errorPriority: 'first' }),
  });
  const mutation = useMutation({
    mutationFn: (payload: Payload) => submit(payload, { idempotencyKey: idempotencyKey.current }),
    onSettled: () => {
      busy.current = false;
    },
    onSuccess: (result) => {
      idempotencyKey.current = newIdempotencyKey();
      setGeneralErrors([]);
      if (successMessage) notifySuccess(successMessage);
      onSuccess?.(result);
    },
    onError: (error) => setGeneralErrors(applyServerErrors(form, error, serverErrors)),
  });

  const handleSubmit = form.onSubmit(
    (values) => {
      if (busy.current) return;
      busy.current = true;
      setGeneralErrors([]);
      mutation.mutate(schema.parse(values));
    },
    () => setGeneralErrors([]),
  );

  return { form, generalErrors, setGeneralErrors, submitting: mutation.isPending, handleSubmit };
};
