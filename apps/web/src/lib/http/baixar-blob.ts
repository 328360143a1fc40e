/** Saves a blob as a file through a temporary link (downloads, and the print fallback). */
export const baixarBlob = (blob: Blob, nome: string): void => {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = nome;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Let the click start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
};

/** The file name the API gave in Content-Disposition, else `fallback`. */
export const nomeDoArquivo = (disposition: unknown, fallback: string): string => {
  const match = typeof disposition === 'string' ? /filename="?([^";]+)"?/.exec(disposition) : null;
  return match?.[1] ?? fallback;
};
