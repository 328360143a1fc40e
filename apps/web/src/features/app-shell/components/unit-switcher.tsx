import { IconBuildingStore } from '@tabler/icons-react';
import { SelectField } from '#lib/ui/select-field.tsx';
import { changeUnidade } from '#lib/session/session-actions.ts';
import { useSessionStore } from '#lib/session/session-store.ts';

/** Header select of the user's units; a change clears point-of-sale state and reloads (spec §4). */
export function UnitSwitcher() {
  const unidades = useSessionStore((s) => s.user?.unidadesNegocio);
  const selected = useSessionStore((s) => s.unidadeNegocio?.id ?? null);
  if (!unidades || unidades.length === 0) return null;
  return (
    <SelectField
      label="Unidade de negócio"
      hideLabel
      data={unidades.map((u) => ({ value: u.id, label: u.nome }))}
      value={selected}
      onChange={(value) => {
        if (value) changeUnidade(value);
      }}
      allowDeselect={false}
      leftSection={<IconBuildingStore size={16} />}
      w={{ base: 150, xs: 200, sm: 240 }}
      size="sm"
      comboboxProps={{ withinPortal: true, width: 260, position: 'bottom-end' }}
      readOnly={unidades.length === 1}
    />
  );
}
