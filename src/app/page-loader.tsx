import { Center, Loader } from '@mantine/core';

/** Shown while a lazy page loads. */
export function PageLoader() {
  return (
    <Center mih="60vh" aria-busy="true">
      <Loader />
    </Center>
  );
}
