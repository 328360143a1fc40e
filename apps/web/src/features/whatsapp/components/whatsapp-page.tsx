/** /configuracoes/geral/whatsapp (issue #21): connection by QR, templates, test message, birthdays, log. */
export function WhatsappPage() {
  return null;
}
