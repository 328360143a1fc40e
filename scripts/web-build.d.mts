/** Types of scripts/web-build.mjs (the web app's build, done only when its sources changed). */
export declare const ROOT: string;
export declare const WEB_DIST_PADRAO: string;
export declare const hashFontesWeb: () => string;
export declare const webAtualizada: (outDir?: string, hash?: string) => boolean;
export declare const compilarWeb: (opcoes?: {
  outDir?: string;
  hash?: string;
  stdio?: 'inherit' | 'ignore' | 'pipe';
}) => Promise<number>;
