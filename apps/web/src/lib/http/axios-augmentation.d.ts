import 'axios';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * A best-effort call (e.g. CEP lookup): failures reach the caller only, with no
     * notification and no redirect to the login page.
     */
    silent?: boolean;
    /** Leaves out the x-unidade-negocio header (used to recover from a unit that went away). */
    skipUnidadeHeader?: boolean;
  }
}
