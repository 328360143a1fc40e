import { Center, Loader } from '@mantine/core';

/** Shown while a route's loader runs longer than the router's pending delay. */
export function RoutePending() {
  return (
    <Center mih={200}>
      <Loader aria-label="Carregando" />
    </Center>
  );
}
