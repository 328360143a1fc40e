import { Center, Loader } from '@mantine/core';

/**
 * Shown while a route's loader runs longer than the router's pending delay. A status (announced,
 * and a role that may carry the name): an aria-label on the Loader's bare span fails axe's
 * aria-prohibited-attr, which e2e met on a loaded machine (login, PDV).
 */
export function RoutePending() {
  return (
    <Center mih={200}>
      <Loader role="status" aria-label="Carregando" />
    </Center>
  );
}
