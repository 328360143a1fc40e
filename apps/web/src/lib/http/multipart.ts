/**
 * Multipart bodies of the create/update calls that take files (users, units): a text part
 * `dados` with the JSON body and optional file parts (spec §7 "multipart").
 */
export const toMultipart = (dados: unknown, files: Record<string, File | null | undefined> = {}): FormData => {
  const body = new FormData();
  body.append('dados', JSON.stringify(dados));
  for (const [name, file] of Object.entries(files)) {
    if (file) body.append(name, file, file.name);
  }
  return body;
};
