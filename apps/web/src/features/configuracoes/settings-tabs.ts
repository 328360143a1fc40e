/**
 * The tabs of /configuracoes/ (the route's `tab` search param), apart from
 * settings-sections.tsx (icons, sections) so that the route tree does not pull them into the
 * entry chunk (issue #22 item 8).
 */
export const SETTINGS_TABS = ['geral', 'produtos', 'pet', 'financeiro', 'clinica', 'atendimento'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
