/**
 * A query that runs when it is first awaited (`then`), like Drizzle's builders. Statements of
 * one transaction are issued in the order they are awaited or handed to `runTogether`, and
 * PostgreSQL runs them in that order (db/pg-client.ts pipelines): a query issued at call time
 * instead would overtake the lazy ones next to it (an advisory lock, the tenant scope). The
 * query runs once, however many times it is awaited.
 */
export class DeferredQuery<T> implements Promise<T> {
  readonly [Symbol.toStringTag] = 'DeferredQuery';
  private promessa: Promise<T> | undefined;

  constructor(private readonly executar: () => Promise<T>) {}

  then<A = T, B = never>(
    aoCumprir?: ((valor: T) => A | PromiseLike<A>) | null,
    aoFalhar?: ((motivo: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.promessa ??= this.executar();
    return this.promessa.then(aoCumprir, aoFalhar);
  }

  catch<B = never>(aoFalhar?: ((motivo: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, aoFalhar);
  }

  finally(aoTerminar?: (() => void) | null): Promise<T> {
    return this.then().finally(aoTerminar);
  }
}
